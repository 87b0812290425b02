"""Every benchmark script starts: its ``--help`` runs (a moved module breaks none unseen).

benchmarks/learned_eval.py imported a name the house round removed and nobody knew until
it was run; this catches the next such import at once."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted(p for p in (ROOT / "benchmarks").glob("*.py"))


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_a_benchmark_script_answers_help_without_an_error(script):
    out = subprocess.run([sys.executable, str(script), "--help"], capture_output=True,
                         text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert "usage" in out.stdout.lower(), out.stdout

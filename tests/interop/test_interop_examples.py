"""The examples run as a researcher would run them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(script, *args):
    out = subprocess.run([sys.executable, str(ROOT / "examples" / script), *args],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_openspiel_mcts_example_plays_sarcophagus_to_the_end_with_ismcts():
    pytest.importorskip("pyspiel")
    out = _run("openspiel_cfr_or_mcts.py", "--game", "sarcophagus", "--bot", "ismcts",
               "--simulations", "3", "--seed", "1")
    assert "seat 1 (ismcts): place" in out
    assert "returns:" in out and "result: finished:" in out


def test_openspiel_mcts_example_on_ra_and_pharaoh():
    pytest.importorskip("pyspiel")
    out = _run("openspiel_cfr_or_mcts.py", "--game", "ra", "--simulations", "3",
               "--max-moves", "8")
    assert "stopped after 8 moves" in out
    out = _run("openspiel_cfr_or_mcts.py", "--game", "pharaoh", "--players", "1",
               "--simulations", "3", "--max-moves", "4")
    assert "seat 1 (mcts):" in out


def test_pettingzoo_random_example():
    pytest.importorskip("pettingzoo")
    out = _run("pettingzoo_random.py", "--game", "ra", "--players", "4", "--games", "2")
    assert out.count("rewards {") == 2
    assert "finished:" in out

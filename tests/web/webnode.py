"""Running the page's ES modules (thebes/web/*.js) with Node, for the log tests of tests/web.

A plain module that the tests import (``from webnode import ...``; pytest puts the test's
folder on ``sys.path``), not a conftest: runs of several test folders at once trip over
conftest modules of the same name.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

NODE = shutil.which("node")
WEB = Path(__file__).resolve().parents[2] / "thebes" / "web"

#: skips a test module with a visible reason when Node is missing.
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed (apt-get install nodejs): "
                                                     "the browser modules are checked with it")


def run_modules(tmp: Path, script: str, data: object, timeout: float = 300) -> object:
    """Run ``script`` (an ES module: it reads ``data.json`` and prints JSON) with Node in
    the folder ``tmp``, beside a copy of every thebes/web/*.js (``package.json`` makes
    them ES modules), and return what it printed, parsed. Fails the test with Node's
    stderr when the script fails."""
    for f in WEB.glob("*.js"):
        shutil.copy(f, tmp / f.name)
    (tmp / "package.json").write_text('{"type": "module"}')
    (tmp / "data.json").write_text(json.dumps(data))
    (tmp / "run.mjs").write_text(script)
    out = subprocess.run([NODE, str(tmp / "run.mjs")], capture_output=True, text=True,
                         timeout=timeout, cwd=tmp)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)

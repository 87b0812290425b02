"""Running the page's ES modules with Node, for the games' log tests (tests/games/<g>/test_web_*).

A plain module that the tests import (``from webnode import ...``; a test of another
folder puts tests/web/ on ``sys.path`` first), not a conftest: runs of several test folders
at once trip over conftest modules of the same name.
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


def game_folders() -> dict[str, Path]:
    """Each shipped game's web folder by its name in the API (``pharaohs-heir``)."""
    from thebes.core.game import get_game, registered

    out = {}
    for name, target in registered().items():
        folder = get_game(name).hooks.web_folder() if target.startswith("thebes.games.") else None
        if folder is not None:
            out[name] = folder
    return out


def run_modules(tmp: Path, script: str, data: object, timeout: float = 300) -> object:
    """Run ``script`` (an ES module: it reads ``data.json`` and prints JSON) with Node in
    the folder ``tmp``, laid out as the server serves /static/: a copy of every
    thebes/web/*.js, and of each game's web folder as ``games/<name>/`` (so a game's
    ``table.js`` is ``./games/ra/table.js`` and finds ``../../i18n.js``); ``package.json``
    makes them ES modules. Returns what the script printed, parsed. Fails the test with
    Node's stderr when the script fails."""
    for f in WEB.glob("*.js"):
        shutil.copy(f, tmp / f.name)
    for name, folder in game_folders().items():
        (tmp / "games" / name).mkdir(parents=True, exist_ok=True)
        for f in folder.glob("*.js"):
            shutil.copy(f, tmp / "games" / name / f.name)
    (tmp / "package.json").write_text('{"type": "module"}')
    (tmp / "data.json").write_text(json.dumps(data))
    (tmp / "run.mjs").write_text(script)
    out = subprocess.run([NODE, str(tmp / "run.mjs")], capture_output=True, text=True,
                         timeout=timeout, cwd=tmp)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)

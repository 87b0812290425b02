"""The house's rules, read from the code: the layers' import contracts (import-linter,
[tool.importlinter] in pyproject.toml), no module too long, nothing named for a game
outside its folder, and the games registered as plugins (docs/ARCHITECTURE.md)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "thebes"
#: the longest a module of thebes/ may grow (docs/ARCHITECTURE.md: split past 500).
MAX_LINES = 600


def test_imports_keep_every_layer_contract():
    lint = Path(sys.executable).with_name("lint-imports")
    if not lint.exists():
        pytest.skip("import-linter is not installed (pip install -e '.[test]')")
    run = subprocess.run([str(lint), "--no-cache", "--no-logo"], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "broken" not in run.stdout.lower().split("contracts:")[-1].replace("0 broken", "")


def test_no_module_of_thebes_is_longer_than_600_lines():
    long = {str(p.relative_to(ROOT)): n for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def test_outside_thebes_games_no_file_is_named_for_a_game_nor_imports_one():
    from thebes.core.game import registered
    packages = {target.split(":")[0].split(".")[2] for target in registered().values()
                if target.startswith("thebes.games.")}
    assert len(packages) >= 4
    named, importing = [], []
    for path in PACKAGE.rglob("*"):
        if not path.is_file() or path.relative_to(PACKAGE).parts[0] == "games":
            continue
        stem = path.stem.lower()
        if any(stem == g or stem.startswith(g + "_") or stem.endswith("_" + g) for g in packages):
            named.append(str(path.relative_to(ROOT)))
        if path.suffix == ".py" and re.search(
                r"thebes\.games\.(%s)\b" % "|".join(packages), path.read_text(encoding="utf-8")):
            importing.append(str(path.relative_to(ROOT)))
    assert named == [] and importing == []


def test_thebes_registers_its_games_by_the_entry_point_group():
    from importlib.metadata import entry_points
    ours = {ep.name: ep.value for ep in entry_points(group="thebes.games")
            if ep.value.startswith("thebes.games.")}
    assert ours == {"ra": "thebes.games.ra:GAME", "sarcophagus": "thebes.games.sarcophagus:GAME",
                    "pharaohs-heir": "thebes.games.pharaohs_heir:GAME",
                    "pharaoh": "thebes.games.pharaoh:GAME"}

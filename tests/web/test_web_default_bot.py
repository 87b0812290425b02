"""One default bot everywhere: `thebes play`, its --help, the README, the web lobby and
the upload page all offer `medium` unless told otherwise (issue 15)."""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from thebes import cli
from thebes.tui import play

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "thebes" / "web"


def test_thebes_play_gives_the_other_seats_the_medium_bot_by_default(tmp_path):
    args = argparse.Namespace(game="ra", players=3, seat=1, bot=None, options=None, seed=5,
                              resume=None, save=str(tmp_path / "g.json"), force=False, delay=0)
    record, _state, _path, _seat, _seed, bot = play._new_game(args)
    assert bot == "medium" and record.extra["bot"] == "medium"


def test_the_help_the_readme_and_the_cli_doc_name_medium_the_default(capsys):
    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "medium (default" in help_text and "greedy (default" not in help_text
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "medium (default)" in readme and "greedy (default)" not in readme
    assert re.search(r"\| play \| `--bot` \|.*\| `medium`", (ROOT / "docs" / "cli.md").read_text(encoding="utf-8"))


def test_the_web_pages_take_their_default_bot_from_the_one_constant():
    text = (WEB / "logwords.js").read_text(encoding="utf-8")
    assert re.search(r'export const DEFAULT_BOT = "(\w+)";', text).group(1) == play.DEFAULT_BOT
    for path in WEB.glob("*.js"):
        body = path.read_text(encoding="utf-8")
        # no page picks a default of its own (the old lobby's ["medium", "greedy"].find(...))
        assert not re.search(r'\[\s*"medium",\s*"greedy"\s*\]', body), path.name


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (apt-get install nodejs)")
def test_the_default_is_medium_when_offered_and_else_the_first_bot(tmp_path):
    shutil.copy(WEB / "logwords.js", tmp_path / "logwords.mjs")
    (tmp_path / "run.mjs").write_text(
        'import { defaultBot } from "./logwords.mjs";\n'
        'console.log(JSON.stringify([defaultBot(["easy", "medium", "hard", "random"]), defaultBot(["random", "greedy"])]));\n')
    out = subprocess.run([shutil.which("node"), str(tmp_path / "run.mjs")], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == '["medium","random"]'

"""The live region (thebes/web/logwords.js liveNews) says other seats' moves in full and,
of one's own move, what the rules did after it (a cycle scored), never the move itself
again. Run with Node; skips with a visible reason without it."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

NODE = shutil.which("node")
WEB = Path(__file__).resolve().parents[2] / "thebes" / "web"

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (apt-get install nodejs): "
                                                     "the browser modules are checked with it")

SCRIPT = """
import { liveNews, spoken } from "./logwords.mjs";
const log = [{ index: 0, seat: 2, event: "pass" }, { index: 1, seat: 1, event: "pass" },
             { index: 2, seat: 1, event: "build" }, { index: 3, seat: 3, event: "pass" }];
const plain = (line) => `P${line.seat} does ${line.event}`;
const words = log.map(plain);
words[1] += ". Cycle 1 is over and scored: P1 13 VP.";
console.log(JSON.stringify({
  seat1: liveNews(log, words, plain, -1, 1),
  seat1later: liveNews(log, words, plain, 1, 1),
  spectator: liveNews(log, words, plain, 0, null),
  read: spoken(liveNews(log, words, plain, -1, 1)),
}));
"""


def test_own_moves_are_not_said_again_but_what_they_set_off_is(tmp_path):
    shutil.copy(WEB / "logwords.js", tmp_path / "logwords.mjs")
    (tmp_path / "run.mjs").write_text(SCRIPT)
    out = subprocess.run([NODE, str(tmp_path / "run.mjs")], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["seat1"] == ["P2 does pass", "Cycle 1 is over and scored: P1 13 VP.", "P3 does pass"]
    assert got["seat1later"] == ["P3 does pass"]
    assert got["spectator"] == ["P1 does pass. Cycle 1 is over and scored: P1 13 VP.", "P1 does build",
                                "P3 does pass"]
    # read out as sentences: a move's words without a period get one
    assert got["read"] == "P2 does pass. Cycle 1 is over and scored: P1 13 VP. P3 does pass."

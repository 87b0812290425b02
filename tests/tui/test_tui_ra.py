"""Terminal play of Ra: a whole game through the real loop, saving and resuming."""

from __future__ import annotations

import argparse
import json

from rich.console import Console

from thebes.cli import main
from thebes.core import Record


def play_args(tmp_path, **extra):
    base = dict(game="ra", players=3, seat=1, bot="greedy", options=None, seed=5, resume=None,
                save=str(tmp_path / "game.json"), delay=0.0)
    base.update(extra)
    return argparse.Namespace(**base)


def scripted(monkeypatch, answers):
    """Answer the menu with ``answers`` (then always '1'); returns the printed text."""
    it = iter(answers)
    monkeypatch.setattr(Console, "input", lambda self, prompt="": next(it, "1"))


def test_a_whole_game_in_the_terminal_ends_with_the_ranking_and_a_finished_record(
        tmp_path, monkeypatch, capsys):
    from thebes.tui.play import run_play
    scripted(monkeypatch, ["h", "bid 99", "1"])
    assert run_play(play_args(tmp_path)) == 0
    out = capsys.readouterr().out
    assert "game over" in out and "Final ranking" in out and "Epoch 3 tally" in out
    assert "of the search" in out  # the hint
    record = Record.load(tmp_path / "game.json")
    assert record.result is not None
    assert record.replay().is_terminal()


def test_quitting_keeps_the_game_and_resume_goes_on(tmp_path, monkeypatch, capsys):
    from thebes.tui.play import run_play
    scripted(monkeypatch, ["1", "1", "q"])
    assert run_play(play_args(tmp_path)) == 0
    saved = json.loads((tmp_path / "game.json").read_text())
    assert saved["events"] and "result" not in saved
    assert "--resume" in capsys.readouterr().out
    scripted(monkeypatch, [])
    assert run_play(play_args(tmp_path, resume=str(tmp_path / "game.json"), game=None)) == 0
    final = Record.load(tmp_path / "game.json")
    assert final.events[:len(saved["events"])] == saved["events"]
    assert final.result is not None


def test_play_refuses_a_bad_seat(tmp_path, capsys):
    assert main(["play", "ra", "--players", "3", "--seat", "4", "--save",
                 str(tmp_path / "x.json")]) == 2

"""Terminal play under careless input: menus answer "choose 1-N", Ctrl-C keeps the resume
line, a save is never replaced unasked, and Pharaoh says why a square is refused."""

from __future__ import annotations

import argparse
import io
import json
import sys

import pytest
from rich.console import Console

from thebes.core import Record, get_game
from thebes.games.pharaoh import terminal as pharaoh_view
from thebes.tui.play import Menu, MenuError, menu_choice, run_play


def play_args(tmp_path, **extra):
    base = dict(game="ra", players=3, seat=1, bot="greedy", options=None, seed=5, resume=None,
                save=str(tmp_path / "game.json"), delay=0.0, force=False)
    base.update(extra)
    return argparse.Namespace(**base)


def scripted(monkeypatch, answers):
    it = iter(answers)

    def answer(self, prompt=""):
        value = next(it, "q")
        if isinstance(value, BaseException):
            raise value
        self.print(prompt + value)
        return value
    monkeypatch.setattr(Console, "input", answer)


@pytest.mark.parametrize("answer,count,expected", [
    ("1", 5, 0), ("5", 5, 4), ("x", 5, None), ("²", 5, None), ("٣", 5, None), ("bid 5", 5, None)])
def test_a_menu_answer_is_an_entry_only_for_ascii_digits_in_range(answer, count, expected):
    assert menu_choice(answer, count) == expected


@pytest.mark.parametrize("answer", ["0", "6", "999", "9" * 5000])
def test_a_number_off_the_menu_says_choose_1_to_n(answer):
    with pytest.raises(MenuError, match="choose 1-5"):
        menu_choice(answer, 5)


def test_the_ra_menu_answers_choose_1_n_and_survives_a_superscript_digit(tmp_path, monkeypatch,
                                                                           capsys):
    scripted(monkeypatch, ["999", "²", "q"])
    assert run_play(play_args(tmp_path)) == 0
    out = capsys.readouterr().out
    assert "choose 1-" in out and "is not an event of ra" in out  # '²' is read as notation
    assert "--resume" in out


def test_ctrl_c_prints_the_resume_line_and_exits_130(tmp_path, monkeypatch, capsys):
    scripted(monkeypatch, ["1", KeyboardInterrupt()])
    assert run_play(play_args(tmp_path)) == 130
    err = capsys.readouterr().err
    assert "interrupted" in err and f"thebes play --resume {tmp_path / 'game.json'}" in err
    assert Record.load(tmp_path / "game.json").events


def test_a_finished_record_is_never_replaced_by_a_new_game(tmp_path, monkeypatch):
    from thebes.cli import selfplay_record
    path = tmp_path / "game.json"
    selfplay_record("ra", 3, 1, {}).save(path)
    before = path.read_bytes()
    scripted(monkeypatch, ["1"])
    with pytest.raises(Exception, match="not replaced"):
        run_play(play_args(tmp_path))
    assert path.read_bytes() == before
    scripted(monkeypatch, ["q"])
    assert run_play(play_args(tmp_path, force=True)) == 0
    assert path.read_bytes() != before


def test_resume_of_a_record_whose_human_seat_does_not_exist_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"game": "ra", "players": 3, "human_seat": 5, "seed": 1,
                                "events": []}))
    before = path.read_bytes()
    scripted(monkeypatch, [])
    with pytest.raises(Exception, match="seat 5 does not exist"):
        run_play(play_args(tmp_path, resume=str(path), game=None, seat=None))
    assert path.read_bytes() == before


def test_play_with_standard_input_closed_says_so(tmp_path, monkeypatch):
    closed = io.StringIO()
    closed.close()
    monkeypatch.setattr(sys, "stdin", closed)
    with pytest.raises(Exception, match="standard input is closed"):
        run_play(play_args(tmp_path))
    assert not (tmp_path / "game.json").exists()


# ------------------------------------------------------------------ Pharaoh's prompts
def console(answers):
    answers = list(answers)
    out = Console(file=io.StringIO(), width=120, color_system=None)
    out.input = lambda prompt="": answers.pop(0)  # type: ignore[method-assign]
    return out


def pharaoh_at(phase: str):
    state = get_game("pharaoh").new_initial_state(1)
    import random
    rng = random.Random(3)
    while state.observation(0)["phase"] != phase:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(state.legal_actions()[-1])
    return state


def test_pharaoh_setup_numbers_the_squares_and_says_why_a_hill_is_refused():
    state = pharaoh_at("starting housing")
    hill = state.observation(0)["hills"][0]
    out = console([hill, "99", "1"])
    action = pharaoh_view.choose(out, state, 0, Menu(out, pharaoh_view))
    text = out.file.getvalue()
    assert f"{hill} is a hill" in text and "choose 1-" in text
    assert state.action_to_text(action).startswith("build housing ")


def test_pharaoh_build_takes_a_kind_number_then_a_square_number():
    state = pharaoh_at("build action")
    out = console(["1"])
    assert state.action_to_text(pharaoh_view.choose(out, state, 0, Menu(out, pharaoh_view))) == "skip"
    events = state.legal_events()
    kinds = sorted({e.split()[1] for e in events if e != "skip"},
                   key=pharaoh_view.KINDS.index)
    if kinds:
        out = console(["2", "", "2", "1"])
        squares = sorted((e.split()[2] for e in events if e.startswith(f"build {kinds[0]} ")),
                         key=pharaoh_view._square_key)
        assert state.action_to_text(pharaoh_view.choose(out, state, 0, Menu(out, pharaoh_view))) == (
            f"build {kinds[0]} {squares[0]}")


def test_pharaoh_hint_is_offered_at_the_build_prompt(monkeypatch):
    state = pharaoh_at("build action")
    asked = []
    from thebes.tui import play as loop
    monkeypatch.setattr(loop, "show_hint", lambda console, state, seat: asked.append(seat))
    out = console(["h", "q"])
    assert pharaoh_view.choose(out, state, 0, Menu(out, pharaoh_view)) is None
    assert asked == [0]


def test_pharaoh_says_why_an_occupied_square_or_an_unaffordable_kind_is_refused():
    state = pharaoh_at("build action")
    obs = state.observation(0)
    river = obs["rivers"][0]
    assert pharaoh_view.why_refused(obs, 0, "build action", f"build road {river}") == (
        f"{river} is a river: a tile goes on an empty square")
    assert "there is no square" in pharaoh_view.why_refused(obs, 0, "build action", "build road z9")
    assert "no building called" in pharaoh_view.why_refused(obs, 0, "build action", "build hut a4")


# ------------------------------------------------------------------ issue 30, items 7 and 10
def test_a_record_being_played_is_refused_to_a_second_play_and_left_untouched(tmp_path,
                                                                             monkeypatch):
    from filelock import FileLock

    from thebes.core import RecordError
    save = tmp_path / "game.json"
    scripted(monkeypatch, ["q"])
    assert run_play(play_args(tmp_path)) == 0
    before = save.read_bytes()
    holder = FileLock(str(tmp_path / ".game.json.lock"))
    holder.acquire()
    try:
        with pytest.raises(RecordError, match="another thebes play"):
            run_play(play_args(tmp_path, game=None, resume=str(save), save=None, seat=None))
    finally:
        holder.release()
    assert save.read_bytes() == before
    scripted(monkeypatch, ["q"])
    assert run_play(play_args(tmp_path, game=None, resume=str(save), save=None, seat=None)) == 0


@pytest.mark.parametrize("text,words", [
    ("\0" * 100_000, "more than 4096"), ("x" * 5000 + "\n", "more than 4096"),
    ("a\0b\n", "NUL"), ("99\n" * 1000, "answers in a row"),
])
def test_play_on_input_that_never_answers_stops_saved_with_exit_2(tmp_path, monkeypatch,
                                                                   capsys, text, words):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    assert run_play(play_args(tmp_path)) == 2
    err = capsys.readouterr().err
    assert words in err and "--resume" in err
    assert json.loads((tmp_path / "game.json").read_text())["game"] == "ra"


def test_a_sigterm_during_play_keeps_the_resume_line_and_exits_143(tmp_path, monkeypatch,
                                                                    capsys):
    from thebes.cli_streams import Terminated
    scripted(monkeypatch, ["1", Terminated(15)])
    assert run_play(play_args(tmp_path)) == 143
    assert "--resume" in capsys.readouterr().err

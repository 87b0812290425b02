"""The command line on Sarcophagus records, the bots, and the terminal view."""

import json
import random
import subprocess
import sys

import pytest
from rich.console import Console
from sarcophagus_helpers import GAME, SPEC_LAYOUT, play, random_game

from thebes.bots import make_bot
from thebes.cli import main, selfplay_record
from thebes.core import Record, ReplayError, play_game, seat_rng
from thebes.games.sarcophagus import notation as nt
from thebes.games.sarcophagus import terminal as view


def replay_json(capsys, path):
    code = main(["replay", str(path), "--json"])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_selfplay_output_passes_replay_json_as_finished(tmp_path, capsys, players, bot):
    path = tmp_path / "game.json"
    assert main(["selfplay", "--game", "sarcophagus", "--players", str(players), "--seed", "7",
                 "--bot", bot, "--out", str(path)]) == 0
    code, out = replay_json(capsys, path)
    record = json.loads(path.read_text())
    assert code == 0 and out["ok"] and out["finished"]
    assert out["scores"] == record["result"]["scores"]
    assert out["ranking"] == record["result"]["ranking"]


def test_selfplay_is_the_same_byte_for_byte_from_the_same_arguments():
    a = selfplay_record("sarcophagus", 3, 12, {}, "greedy").dumps()
    b = selfplay_record("sarcophagus", 3, 12, {}, "greedy").dumps()
    assert a == b


def test_the_command_line_runs_as_a_program(tmp_path):
    path = tmp_path / "g.json"
    subprocess.run([sys.executable, "-m", "thebes.cli", "selfplay", "--game", "sarcophagus",
                    "--players", "4", "--seed", "3", "--options", '{"base_free": false}',
                    "--out", str(path)], check=True)
    out = subprocess.run([sys.executable, "-m", "thebes.cli", "replay", str(path), "--json"],
                         check=True, capture_output=True, text=True).stdout
    assert json.loads(out)["finished"] is True


def illegal_event_at(state, rng):
    legal = set(state.legal_events())
    pool = list(nt.ACTION_TEXT) + [SPEC_LAYOUT]
    while True:
        event = rng.choice(pool)
        if event not in legal:
            return event


def test_an_illegal_event_slipped_into_a_record_is_refused_at_its_index(tmp_path, capsys):
    rng = random.Random(5)
    for g in range(60):
        players = 2 + g % 3
        events = random_game(players, 900 + g)
        index = rng.randrange(len(events))
        state = GAME.new_initial_state(players)
        for e in events[:index]:
            state.apply(e)
        bad = illegal_event_at(state, rng)
        if rng.random() < 0.5:
            slipped = events[:index] + [bad] + events[index:]
        else:
            slipped = events[:index] + [bad] + events[index + 1:]
        path = tmp_path / f"bad{g}.json"
        path.write_text(json.dumps({"game": "sarcophagus", "players": players, "options": {},
                                    "events": slipped}))
        code, out = replay_json(capsys, path)
        assert code == 1 and out["ok"] is False
        assert out["index"] == index and out["event"] == bad
        assert sorted(out["legal"]) == sorted(state.legal_events())


def test_a_wrong_result_is_refused_with_index_null(tmp_path, capsys):
    record = selfplay_record("sarcophagus", 2, 4, {})
    record.result = {"scores": [0, 0], "ranking": [1, 2]}
    path = tmp_path / "r.json"
    record.save(path)
    code, out = replay_json(capsys, path)
    assert code == 1 and out["index"] is None


def test_an_unfinished_record_replays_with_the_seat_to_move_and_null_scores(tmp_path, capsys):
    path = tmp_path / "u.json"
    path.write_text(json.dumps({"game": "sarcophagus", "players": 3, "options": {},
                                "events": [SPEC_LAYOUT, "first 2"]}))
    code, out = replay_json(capsys, path)
    assert code == 0 and out["finished"] is False
    assert out["to_move"] == 2 and out["scores"] is None and out["ranking"] is None


def test_a_bad_layout_is_refused_at_index_0_with_the_template(tmp_path, capsys):
    path = tmp_path / "l.json"
    path.write_text(json.dumps({"game": "sarcophagus", "players": 3, "options": {},
                                "events": ["layout ?"]}))
    code, out = replay_json(capsys, path)
    assert code == 1 and out["index"] == 0 and out["legal"] == [nt.LAYOUT_TEMPLATE]


@pytest.mark.parametrize("options", ['{"base_free": 1}', '{"walls": true}'])
def test_an_unknown_or_mistyped_option_is_unreadable(tmp_path, capsys, options):
    path = tmp_path / "o.json"
    path.write_text(f'{{"game": "sarcophagus", "players": 3, "options": {options}, "events": []}}')
    code, out = replay_json(capsys, path)
    assert code == 2 and out["ok"] is False


@pytest.mark.parametrize("players", [1, 5])
def test_sarcophagus_takes_two_to_four_players(tmp_path, capsys, players):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"game": "sarcophagus", "players": players, "events": []}))
    assert replay_json(capsys, path)[0] == 2


# ------------------------------------------------------------------ bots
class SpyState:
    """Wraps a state and records which of its methods a bot calls."""

    def __init__(self, state):
        self._state = state
        self.calls = set()

    def __getattr__(self, name):
        self.calls.add(name)
        return getattr(self._state, name)


def test_the_greedy_bot_reads_only_observation_legal_actions_and_determinize():
    rng = random.Random(1)
    for g in range(5):
        state = GAME.new_initial_state(3)
        bots = [make_bot("greedy", "sarcophagus", s, seat_rng(g, s)) for s in range(3)]
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                spy = SpyState(state)
                action = bots[state.current_player()].choose(spy)
                assert spy.calls <= {"observation", "legal_actions", "determinize"}
                assert action in state.legal_actions()
            state.apply_action(action)


def test_the_greedy_bot_is_not_swayed_by_hidden_facts_it_cannot_see():
    """Same observation, same generator: the same choice, whatever the hidden facts."""
    rng = random.Random(2)
    for g in range(30):
        events = random_game(4, 300 + g)
        cut = rng.randrange(3, len(events) - 1)
        state = GAME.new_initial_state(4)
        for e in events[:cut]:
            state.apply(e)
        if state.is_chance_node() or state.is_terminal():
            continue
        seat = state.current_player()
        twin = state.determinize(seat, random.Random(g))
        a = make_bot("greedy", "sarcophagus", seat, random.Random(9)).choose(state)
        b = make_bot("greedy", "sarcophagus", seat, random.Random(9)).choose(twin)
        assert a == b


def test_a_greedy_game_of_four_reaches_the_end_with_a_full_ranking():
    state = GAME.new_initial_state(4)
    bots = [make_bot("greedy", "sarcophagus", s, seat_rng(1, s)) for s in range(4)]
    play_game(state, bots, random.Random(1))
    assert state.is_terminal() and sorted(state.ranking()) == [0, 1, 2, 3]


def test_greedy_beats_random_most_of_the_time():
    wins = 0
    for g in range(40):
        state = GAME.new_initial_state(2)
        bots = [make_bot("greedy" if s == g % 2 else "random", "sarcophagus", s, seat_rng(g, s))
                for s in range(2)]
        play_game(state, bots, random.Random(g))
        wins += state.ranking()[0] == g % 2
    assert wins >= 28


def test_the_easy_level_is_a_noisy_greedy_bot():
    bot = make_bot("greedy", "sarcophagus", 0, random.Random(1), noise=3.0)
    state = play(["first 1"])
    assert bot.choose(state) in state.legal_actions()


# ------------------------------------------------------------------ terminal view
def rendered(obs, seat, width=120):
    console = Console(width=width, record=True, color_system=None)
    console.print(view.render(obs, seat))
    return console.export_text()


def test_the_view_draws_only_what_the_seat_sees():
    for g in range(10):
        events = random_game(3, 40 + g)
        state = GAME.new_initial_state(3)
        for i, e in enumerate(events):
            before = state.observation(1)
            actor = state.current_player()
            seen = state.event_for_seat(state.parse(e), 1)
            line = view.event_line(before, seen, None if actor < 0 else actor)
            assert line
            state.apply(e)
            if i % 9 == 0 or state.is_terminal():
                text = rendered(state.observation(1), 1)
                hidden = [state.layout[p] for p in range(21)
                          if state.present >> p & 1 and not state.faceup >> p & 1]
                for t in hidden:
                    assert view.tile_text(nt.TILE_NAMES[t]).plain not in text
                text = text.split("Underlined")[0]  # the pyramid
                for p in range(21):
                    for c in state.coins[p * 4:p * 4 + state.ncoins[p]]:
                        if c // 6 == 1:
                            assert f"Y{c % 6}" in text
        assert "Final scoring" in rendered(state.observation(1), 1)


def test_the_view_hides_other_seats_coin_values():
    state = play(["first 1", "place 3 a1", "place 4 b1"])
    assert "Y3" in rendered(state.observation(0), 0).split("Underlined")[0]
    text = rendered(state.observation(1), 1).split("Underlined")[0]  # the pyramid
    assert "1?" in text and "Y3" not in text and "13" not in text


def test_move_labels_and_event_lines_speak_plain_words():
    state = play(["first 1"])
    obs = state.observation(0)
    assert view.move_label(obs, "place 3 a1") == "Put your 3 on a1 (sun-3, 0 coins there)"
    assert view.event_line(obs, "place ? a1", 2) == "Seat 3 places a coin on a1 (sun-3)"
    assert view.event_line(obs, "place 3 a1", 0) == "You place a 3 on a1 (sun-3)"
    assert view.move_label(obs, "pass") == "Pass (you have no coins)"


def test_replaying_a_record_restores_a_game_to_resume():
    record = selfplay_record("sarcophagus", 3, 21, {})
    half = Record("sarcophagus", 3, {}, record.events[:40])
    state = half.replay()
    for e in record.events[40:]:
        state.apply(e)
    assert state.scores() == record.result["scores"]
    with pytest.raises(ReplayError):
        Record("sarcophagus", 3, {}, record.events[:40] + ["first 1"]).replay()


def test_after_an_event_the_view_tells_the_claims_ties_and_discards_in_words():
    opening = ["first 1", "place 0 a1", "place 2 b1", "place 0 a1", "place 4 b1",
               "place 0 a1", "place 5 b2"]
    state = play(opening)
    before = state.observation(1)
    state.apply("place 1 a1")
    assert view.after_event(before, state.observation(1)).plain == "  Seat 1 claims sun-3"
    state.apply("place 3 b1")
    before = state.observation(1)
    state.apply("place 0 b1")
    assert view.after_event(before, state.observation(1)).plain.splitlines() == [
        "  tie on b1, the coins are turned over: Seat 1 2, You 4, Seat 1 3, You 0",
        "  Seat 1 claims moon-4"]
    assert view.after_event(state.observation(1), state.observation(1)) is None


def test_after_events_of_whole_games_every_claim_and_discard_is_told():
    for g in range(6):
        events = random_game(2 + g % 3, 70 + g)
        state = GAME.new_initial_state(2 + g % 3)
        told = 0
        for e in events:
            before = state.observation(0)
            state.apply(e)
            shown = view.after_event(before, state.observation(0))
            told += 0 if shown is None else len(shown.plain.splitlines())
        o = state.observation(0)
        pyramid_tiles = 21
        assert told >= pyramid_tiles + sum(len(lots) for lots in o["sarcophagi"])

"""Records and the command line: selfplay output replays, an illegal event slipped
into a record is refused at its index, text that is no event is refused cleanly."""

import json
import random
import subprocess
import sys

import pytest

from thebes.core import IllegalEventError, InvalidEventError, Record, ReplayError, TERMINAL
from thebes.core.record import result_of

from pharaohs_heir_support import new, random_record, spec_start

THEBES = [sys.executable, "-m", "thebes.cli"]


def run(*args, stdin=None):
    return subprocess.run(THEBES + list(args), capture_output=True, text=True, input=stdin)


@pytest.mark.parametrize("players,options", [(3, "{}"), (4, "{}"), (3, '{"piecepacks": 1}')])
def test_selfplay_output_passes_replay_json(tmp_path, players, options):
    out = tmp_path / "game.json"
    for bot in ("random", "greedy"):
        r = run("selfplay", "--game", "pharaohs-heir", "--players", str(players), "--seed", "11",
                "--options", options, "--bot", bot, "--out", str(out))
        assert r.returncode == 0, r.stderr
        r = run("replay", str(out), "--json")
        assert r.returncode == 0, r.stdout
        result = json.loads(r.stdout)
        assert result["ok"] and result["finished"]
        assert result == {**result, "scores": json.loads(out.read_text())["result"]["scores"]}


def test_selfplay_is_byte_for_byte_repeatable():
    a = run("selfplay", "--game", "pharaohs-heir", "--players", "4", "--seed", "5")
    b = run("selfplay", "--game", "pharaohs-heir", "--players", "4", "--seed", "5")
    assert a.stdout == b.stdout and a.returncode == 0


@pytest.mark.parametrize("options", ['{"piecepacks": 1}', '{"piecepacks": 3}',
                                     '{"piecepacks": true}', '{"decks": 2}'])
def test_bad_options_are_unreadable_input(tmp_path, options):
    players = 4 if options == '{"piecepacks": 1}' else 3
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "pharaohs-heir", "players": players,
                                "options": json.loads(options), "events": []}))
    r = run("replay", str(path), "--json")
    assert r.returncode == 2 and json.loads(r.stdout)["ok"] is False


def test_an_unfinished_record_reports_who_is_to_move(tmp_path):
    state, events = random_record(3, 2, 3)
    path = tmp_path / "part.json"
    path.write_text(json.dumps({"game": "pharaohs-heir", "players": 3, "events": events[:3]}))
    out = json.loads(run("replay", str(path), "--json").stdout)
    assert out["finished"] is False and out["scores"] == [0, 0, 0]
    assert out["to_move"] in (1, 2, 3)


def slipped(events, index, rng):
    """A record whose event at ``index`` is replaced by an illegal one."""
    state = new(3)
    for e in events[:index]:
        state.apply(e)
    legal = set(state.legal_events()) if not state.is_chance_node() else set()
    candidates = ["pass", "bonus", "peek", "develop", "reap", "reap c0:1", "offer 0",
                  "offer 1 t0:1", "place v0:1", "take crop4 crop", "starve v0", "pay v0:1",
                  "build canal c0", "build floodwall 1", "protect v0", "blessing 1",
                  "improve", "harvest", "place v0:9"]
    rng.shuffle(candidates)
    for c in candidates:
        if c not in legal:
            return c
    raise AssertionError("no illegal candidate")


def test_an_illegal_event_slipped_into_a_record_is_refused_at_its_index():
    rng = random.Random(9)
    for seed in range(40):
        state, events = random_record(3, 2, seed)
        index = rng.randrange(3, len(events))
        bad = list(events)
        bad[index] = slipped(events, index, rng)
        with pytest.raises(ReplayError) as err:
            Record("pharaohs-heir", 3, {}, bad).replay()
        assert err.value.index == index
        assert err.value.legal


def test_replay_json_names_the_index_event_and_legal_events(tmp_path):
    state, events = random_record(4, 2, 12)
    bad = events[:40] + ["offer 99"] + events[41:]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "pharaohs-heir", "players": 4, "events": bad}))
    r = run("replay", str(path), "--json")
    out = json.loads(r.stdout)
    assert r.returncode == 1 and out["index"] == 40 and out["event"] == "offer 99"
    assert events[40] in out["legal"]


def test_a_wrong_result_is_refused():
    state, events = random_record(3, 2, 2)
    result = result_of(state)
    result["scores"] = [s + 1 for s in result["scores"]]
    with pytest.raises(ReplayError) as err:
        Record("pharaohs-heir", 3, {}, events, result).replay()
    assert err.value.index is None


def test_a_chance_node_lists_a_template_line():
    state = new(3)
    assert state.legal_events() == ["nile <arrangement>"]
    state.apply("nile 5,4,2,drought,2,flood / 5,flood,drought,3,3,4")
    assert state.legal_events() == ["land <arrangement>"]


@pytest.mark.parametrize("text", [
    "", " ", "develop ", "Develop", "take", "take temple7 crop", "take temple6 river",
    "offer", "offer x", "offer -1", "offer 2 t0", "offer 2 t0:x", "place", "place v9:1",
    "place v0:1:2", "reap c0", "starve", "protect", "build", "build canal", "build farm 2 v0",
    "build altar 2", "build floodwall", "build canal c0 canal c1", "pay", "blessing",
    "blessing x", "nile 2,3", "nile 2,3,4,5,flood,x", "land crop4", "land crop4,crop1",
    "nile", "land", "hello", "pay v0:", "offer ٢"])
def test_text_that_is_no_event_raises_invalid_event_error(text):
    state = spec_start()
    with pytest.raises(InvalidEventError):
        state.text_to_action(text) if text.strip() == text and text else state.parse(text)
    with pytest.raises(InvalidEventError):
        state.parse(text)


@pytest.mark.parametrize("text", ["place  v0:1", "offer 02", "reap c0:01", "place c0:1 v0:1",
                                  "place v0:1 v0:1"])
def test_a_non_canonical_spelling_is_refused(text):
    state = spec_start()
    state.apply("populate")
    with pytest.raises(InvalidEventError):
        state.parse(text)


def test_the_canonical_spelling_round_trips_for_every_legal_move_seen():
    rng = random.Random(3)
    for seed in range(10):
        state = new(4)
        while state.current_player() != TERMINAL:
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                for a in (legal[rng.randrange(len(legal))] for _ in range(5)):
                    assert state.parse(state.action_to_text(a)) == a
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)


def test_no_event_is_legal_after_the_last():
    state, events = random_record(3, 1, 4)
    assert state.current_player() == TERMINAL and state.legal_events() == []
    with pytest.raises(IllegalEventError):
        state.parse("develop")

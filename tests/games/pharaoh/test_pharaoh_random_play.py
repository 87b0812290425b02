"""Random-play invariants, replay, records, clones and observations over many games."""

import json
import random
import subprocess
import sys

import pytest

from pharaoh_helpers import GAME
from thebes.cli import main, selfplay_record
from thebes.core import CHANCE, TERMINAL, Record, ReplayError
from thebes.games.pharaoh.board import HILL, MONUMENT, MILITARY, RELIGIOUS, RIVER
from thebes.games.pharaoh.notation import TEXT
from thebes.games.pharaoh.state import ROUNDS

CONFIGS = [(p, o) for p in (1, 2, 4) for o in (False, True)]


def random_game(players, objectives, seed, check=None):
    """Play one random game on the fast path; returns (final state, actions)."""
    rng = random.Random(seed)
    state = GAME.new_initial_state(players, {"objectives": objectives})
    actions = []
    while True:
        if check:
            check(state)
        player = state.current_player()
        if player == TERMINAL:
            return state, actions
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        actions.append(action)
        state.apply_action(action)


def check_sheets(state):
    """Invariants that hold after every event."""
    terrain = [c for c in state.sheets[0].cells if c >= HILL]
    for sheet in state.sheets:
        assert min(sheet.storage) >= 0
        assert [c for c in sheet.cells if c >= HILL] == terrain  # same terrain on every sheet
        assert terrain.count(HILL) <= 3 and terrain.count(RIVER) <= 2
        assert sheet.count == [sheet.cells.count(k) for k in range(10)]  # tiles conserved
        assert 0 <= sheet.invasion_guard <= sheet.count[MILITARY]
        assert 0 <= sheet.flood_guard <= sheet.count[RELIGIOUS]
        assert sheet.count[MONUMENT] <= sheet.monuments <= 4
        assert len(sheet.drawn) <= 2
        assert all(0 <= sheet.cells[sq] < HILL for sq in sheet.drawn)
        assert all(1 <= d <= 6 for d in sheet.dice) or state.round == 0
        assert sheet.total == sum(sheet.rounds)
        assert len(sheet.rounds) in (state.round, state.round - 1) or state.round == 0
        assert sheet.done & ~state.marked == 0


def check_end(state, actions, players):
    assert state.current_player() == TERMINAL
    assert state.round == ROUNDS
    for sheet in state.sheets:
        assert len(sheet.rounds) == ROUNDS
        assert min(sheet.storage) >= 0
    assert sorted(state.ranking()) == list(range(players))
    scores = state.scores()
    ranked = [scores[s] for s in state.ranking()]
    assert ranked == sorted(ranked, reverse=True)


@pytest.mark.parametrize("players, objectives", CONFIGS)
def test_every_event_keeps_the_sheet_invariants(players, objectives):
    for seed in range(150 if players == 4 else 300):
        random_game(players, objectives, seed, check=check_sheets)


@pytest.mark.parametrize("players, objectives", CONFIGS)
def test_2000_random_games_end_after_20_rounds_and_replay_to_the_same_state(players, objectives):
    for seed in range(2000):
        state, actions = random_game(players, objectives, 10_000 + seed)
        check_end(state, actions, players)
        if seed % 10 == 0:  # the checked text path on every tenth game
            again = GAME.new_initial_state(players, {"objectives": objectives})
            for action in actions:
                again.apply(state.action_to_text(action))
            assert again.observation(None) == state.observation(None)
            assert again.scores() == state.scores() and again.ranking() == state.ranking()


def test_the_same_record_replayed_twice_gives_the_same_states():
    record = selfplay_record("pharaoh", 2, 5, {"objectives": True})
    a = Record.loads(record.dumps()).replay()
    b = Record.loads(record.dumps()).replay()
    assert a.observation(None) == b.observation(None)


def test_selfplay_is_byte_for_byte_repeatable():
    assert (selfplay_record("pharaoh", 1, 11, {}).dumps()
            == selfplay_record("pharaoh", 1, 11, {}).dumps())


def test_thebes_selfplay_output_passes_thebes_replay_json(tmp_path):
    out = tmp_path / "game.json"
    cmd = [sys.executable, "-c", "import sys; from thebes.cli import main; sys.exit(main())"]
    subprocess.run(cmd + ["selfplay", "--game", "pharaoh", "--players", "2", "--seed", "3",
                          "--options", '{"objectives": true}', "--out", str(out)], check=True)
    done = subprocess.run(cmd + ["replay", str(out), "--json"], capture_output=True, text=True)
    assert done.returncode == 0
    result = json.loads(done.stdout)
    assert result["ok"] is True and result["finished"] is True
    assert result["scores"] == json.loads(out.read_text())["result"]["scores"]


@pytest.mark.parametrize("players, bot", [(1, "random"), (4, "random"), (1, "greedy")])
def test_selfplay_records_replay_in_process(players, bot, tmp_path, capsys):
    for seed in range(5):
        path = tmp_path / f"{seed}.json"
        assert main(["selfplay", "--game", "pharaoh", "--players", str(players), "--seed",
                     str(seed), "--bot", bot, "--out", str(path)]) == 0
        capsys.readouterr()
        assert main(["replay", str(path), "--json"]) == 0
        result = json.loads(capsys.readouterr().out)
        assert result["ok"] and result["finished"]


def test_an_illegal_event_slipped_into_a_record_is_refused_at_its_index():
    rng = random.Random(7)
    vocabulary = list(TEXT.values())
    for trial in range(150):
        record = selfplay_record("pharaoh", rng.choice((1, 2)), trial,
                                 {"objectives": rng.random() < 0.5})
        index = rng.randrange(len(record.events) + 1)
        state = record.new_state()
        for event in record.events[:index]:
            state.apply(event)
        legal = set(state.legal_events())
        bad = rng.choice([t for t in vocabulary if t not in legal])
        if trial % 10 == 0:
            bad = rng.choice(["take gold grain", "objectives 6 1", "build castle a1", "roll 2  3"])
        record.events.insert(index, bad)
        record.result = None
        with pytest.raises(ReplayError) as err:
            record.replay()
        assert err.value.index == index and err.value.event == bad
        assert sorted(err.value.legal) == sorted(legal)


def test_a_result_that_disagrees_with_the_replay_is_refused():
    record = selfplay_record("pharaoh", 1, 1, {})
    record.result = {"scores": [record.result["scores"][0] + 1], "ranking": [1]}
    with pytest.raises(ReplayError) as err:
        record.replay()
    assert err.value.index is None


def test_an_unfinished_record_replays_to_the_position_after_its_last_event(capsys, tmp_path):
    record = selfplay_record("pharaoh", 2, 4, {})
    record.events = record.events[:60]
    record.result = None
    path = tmp_path / "half.json"
    record.save(path)
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    state = record.replay()
    assert out["finished"] is False and out["scores"] == state.scores()
    player = state.current_player()
    assert out["to_move"] == ("chance" if player == CHANCE else player + 1)


def test_a_clone_is_independent_of_its_original():
    rng = random.Random(3)
    for seed in range(30):
        state, actions = random_game(2, True, seed)
        original = GAME.new_initial_state(2, {"objectives": True})
        cut = rng.randrange(len(actions))
        for action in actions[:cut]:
            original.apply_action(action)
        before = original.observation(None)
        copy = original.clone()
        while not copy.is_terminal():
            if copy.is_chance_node():
                copy.apply_action(copy.sample_chance(rng))
            else:
                copy.apply_action(rng.choice(copy.legal_actions()))
        assert original.observation(None) == before
        for action in actions[cut:]:
            original.apply_action(action)
        assert original.observation(None) == state.observation(None)


def test_determinize_keeps_every_seats_observation_over_many_positions():
    rng = random.Random(5)
    for seed in range(60):
        state, actions = random_game(rng.choice((1, 2, 4)), rng.random() < 0.5, seed)
        position = GAME.new_initial_state(state.num_players, {"objectives": state.objectives})
        for action in actions[:rng.randrange(len(actions))]:
            position.apply_action(action)
        for seat in range(position.num_players):
            det = position.determinize(seat, random.Random(seed))
            assert det is not position
            assert det.observation(seat) == position.observation(seat)
            assert det.legal_events() == position.legal_events()


def test_nothing_is_hidden_every_seat_sees_the_omniscient_observation():
    """The leak test of a game without secrets (spec, What each seat sees): every seat's
    view equals the omniscient one, and determinizing with other generators changes nothing."""
    for seed in range(20):
        state, actions = random_game(3, True, 21 + seed)
        position = GAME.new_initial_state(3, {"objectives": True})
        for action in actions[:random.Random(seed).randrange(len(actions))]:
            position.apply_action(action)
        full = position.observation(None)
        json.dumps(full)  # JSON-ready
        for seat in range(3):
            assert position.observation(seat) == full
            for r in range(3):
                assert position.determinize(seat, random.Random(r)).observation(None) == full

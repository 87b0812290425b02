"""Random-play invariants over thousands of games of 2, 3 and 4 players:
every tile and coin accounted for after every event, a terminal state reached,
replay of the record reproducing the game, clone independence, and the same
legal events as a second reading of the spec at every step."""

import json
import random
from pathlib import Path

import pytest
from sarcophagus_helpers import GAME, random_game
from sarcophagus_reference import Reference

from thebes.core import CHANCE, TERMINAL, Record, random_playout
from thebes.games.sarcophagus.geometry import SARCOPHAGUS_POSITIONS, claimable
from thebes.games.sarcophagus.state import END_TRAP, OVER, TRAP, layout_is_legal


def check_accounting(state):
    """24 tiles each in exactly one place; every coin in a hand, on a tile or locked."""
    n = state.num_players
    assert layout_is_legal(state.layout)
    for p in range(21):
        present = state.present >> p & 1
        assert (state.loc[state.layout[p]] == 0) == bool(present)
        assert 0 <= state.ncoins[p] <= 4
        if state.ncoins[p]:
            assert present and state.faceup >> p & 1
    for j, p in enumerate(SARCOPHAGUS_POSITIONS):
        assert (state.loc[state.layout[21 + j]] == 0) == bool(state.present >> p & 1)
    o = state.omniscient_observation()
    seen = (len(o["pyramid"]) + sum(1 for p in SARCOPHAGUS_POSITIONS if state.present >> p & 1)
            + sum(len(c) for c in o["claimed"]) + len(o["discards"]) + o["discarded_unseen"]
            + sum(1 for code in state.loc if 5 <= code <= 8))  # claimed, still hidden
    if state.phase in (END_TRAP, OVER):  # every claimed sarcophagus tile is revealed
        assert all(not 5 <= code <= 8 for code in state.loc)
    else:
        assert sum(len(s) for s in o["sarcophagi"]) == sum(1 for c in state.loc if 5 <= c <= 8)
    assert seen == 24
    per = 2 if n == 2 else 1
    for seat in range(n):
        values = o["hand_values"][seat][:]
        for pos in o["pyramid"].values():
            values += [v for owner, v in pos["coins"] if owner == seat]
        for lot in o["sarcophagi"][seat]:
            values += lot["values"]
        assert sorted(values) == sorted(list(range(6)) * per)
        assert len(o["hand_values"][seat]) == o["hands"][seat]


def check_decision_point(state):
    """Cascades are complete (unless paused for a trap discard, ruling 15), the
    top-left tile is face up, something is legal."""
    if state.present:
        assert state.faceup >> state.top_left() & 1
    for p in range(21):
        if state.full >> p & 1:
            assert state.ncoins[p] == 4
            assert state.phase == TRAP or not claimable(state.sides[p], state.present)
    if not state.is_terminal():
        assert state.legal_events()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_tile_and_coin_is_accounted_for_after_every_event(players):
    for g in range(100):
        rng = random.Random(g)
        options = {"base_free": g % 3 != 0}
        state = GAME.new_initial_state(players, options)
        state.apply_action(state.sample_chance(rng))
        while not state.is_terminal():
            check_accounting(state)
            check_decision_point(state)
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
        check_accounting(state)
        assert state.legal_events() == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_thousand_random_games_end_and_replay_to_the_same_result(players):
    for g in range(2000):
        rng = random.Random(10_000 * players + g)
        options = {} if g % 4 else {"base_free": False}
        state = GAME.new_initial_state(players, options)
        events = []
        for _ in range(2000):
            player = state.current_player()
            if player == TERMINAL:
                break
            action = (state.sample_chance(rng) if player == CHANCE
                      else rng.choice(state.legal_actions()))
            events.append(state.action_to_text(action))
            state.apply_action(action)
        assert state.is_terminal(), "no end in 2000 events"
        scores, order = state.scores(), state.ranking()
        assert sorted(order) == list(range(players))
        if g % 10 == 0:
            check_accounting(state)
            result = {"scores": scores, "ranking": [s + 1 for s in order]}
            replayed = Record("sarcophagus", players, options, events, result).replay()
            assert replayed.omniscient_observation() == state.omniscient_observation()


def test_the_same_record_replayed_twice_gives_the_same_states():
    events = random_game(3, 99)
    a = Record("sarcophagus", 3, {}, events).replay()
    b = Record("sarcophagus", 3, {}, events).replay()
    for seat in (None, 0, 1, 2):
        assert a.observation(seat) == b.observation(seat)


def test_a_clone_is_independent_of_its_original():
    rng = random.Random(4)
    for g in range(40):
        state = GAME.new_initial_state(4)
        for _ in range(rng.randrange(2, 60)):
            if state.is_terminal():
                break
            state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                               else rng.choice(state.legal_actions()))
        before = state.omniscient_observation()
        copy = state.clone()
        assert copy.omniscient_observation() == before
        random_playout(copy, random.Random(g))
        assert state.omniscient_observation() == before
        assert copy.is_terminal()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("base_free", [True, False])
def test_legal_events_match_a_second_reading_of_the_spec_at_every_step(players, base_free):
    for g in range(40):
        rng = random.Random(g)
        state = GAME.new_initial_state(players, {"base_free": base_free})
        ref = Reference(players, base_free)
        while not state.is_terminal():
            assert ref.node is not None
            if state.is_chance_node():
                if ref.legal() is not None:
                    assert state.legal_events() == ref.legal()
                action = state.sample_chance(rng)
            else:
                assert ref.to_move() == state.current_player()
                assert state.legal_events() == ref.legal()
                action = rng.choice(state.legal_actions())
            text = state.action_to_text(action)
            state.apply_action(action)
            ref.apply(text)
        assert ref.node is None
        assert (state.scores(), state.ranking()) == ref.result


def test_golden_games_replay_with_the_same_legal_event_counts_and_results():
    """Three greedy games stored once (tests/games/sarcophagus/sarcophagus_golden_games.json):
    any change of behaviour shows up here as a diff of counts, results or views."""
    path = Path(__file__).with_name("sarcophagus_golden_games.json")
    for game in json.loads(path.read_text()):
        state = GAME.new_initial_state(game["players"], game["options"])
        counts = []
        for event in game["events"]:
            counts.append(len(state.legal_events()))
            state.apply(event)
        assert counts == game["legal_counts"]
        assert {"scores": state.scores(), "ranking": [s + 1 for s in state.ranking()]} == \
            game["result"]
        assert state.observation(0) == game["observation_seat_1"]

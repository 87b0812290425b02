"""Random-play invariants over thousands of Ra games (issue: Ra end to end, item 7)."""

from __future__ import annotations

import random

import pytest

from thebes.core import CHANCE, TERMINAL, Record, get_game, result_of
from thebes.games.ra.tiles import TILE_COUNTS

GAMES_PER_COUNT = 700  # x 3 seat counts = 2,100 games


def random_game(players: int, seed: int, check_every_event: bool):
    rng = random.Random(seed)
    state = get_game("ra").new_initial_state(players)
    events = []
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
            assert state.chance_probability(action) > 0
        else:
            action = rng.choice(state.legal_actions())
        events.append(state.action_to_text(action))
        state.apply_action(action)
        if check_every_event:
            assert state.tiles_in_play() == list(TILE_COUNTS)
            assert min(state.fame) >= 0
            assert sorted([s for seat in range(players)
                           for s in state.suns_up[seat] + state.suns_down[seat]]
                          + [state.centre]) == list(range(1, {3: 13, 4: 13, 5: 16}[players] + 1))
        assert len(events) < 2000, "no end in sight"
    return state, events


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_conserve_tiles_and_suns_keep_fame_non_negative_and_end(players):
    for seed in range(GAMES_PER_COUNT):
        state, events = random_game(players, seed, check_every_event=True)
        assert state.is_terminal() and state.epoch == 3
        assert len(state.tallies) == 3


@pytest.mark.parametrize("players", [3, 4, 5])
def test_replaying_a_record_gives_the_same_state_and_result(players):
    for seed in range(0, GAMES_PER_COUNT, 7):
        state, events = random_game(players, 10_000 + seed, check_every_event=False)
        record = Record("ra", players, {}, events, result_of(state))
        replayed = Record.loads(record.dumps()).replay()
        assert replayed.observation(None) == state.observation(None)
        assert result_of(replayed) == result_of(state)


def test_every_legal_event_spelled_out_parses_back_to_its_action():
    rng = random.Random(3)
    for players in (3, 4, 5):
        state = get_game("ra").new_initial_state(players)
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                for a in state.legal_actions():
                    assert state.parse(state.action_to_text(a)) == a
                action = rng.choice(state.legal_actions())
            state.apply_action(action)


def test_a_clone_is_independent_of_its_original():
    rng = random.Random(5)
    state = get_game("ra").new_initial_state(4)
    for _ in range(80):
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    before = state.observation(None)
    copy = state.clone()
    while not copy.is_terminal():
        if copy.is_chance_node():
            copy.apply_action(copy.sample_chance(rng))
        else:
            copy.apply_action(rng.choice(copy.legal_actions()))
    assert state.observation(None) == before
    assert not state.is_terminal()


def test_every_seat_observes_the_same_public_table_and_determinize_keeps_it():
    rng = random.Random(8)
    state = get_game("ra").new_initial_state(3)
    for _ in range(120):
        if state.is_terminal():
            break
        views = [state.observation(s) for s in range(3)]
        for s, view in enumerate(views):
            assert view.pop("seat") == s
        assert views[0] == views[1] == views[2]
        assert state.determinize(1, random.Random(1)).observation(1) == state.observation(1)
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))

"""Random-play invariants: pieces are conserved after every event, a terminal
state is reached, a record replays to the same state and result."""

import random
from collections import Counter

import pytest

from thebes.core import CHANCE, TERMINAL, Record
from thebes.core.record import result_of
from thebes.games.pharaohs_heir.pieces import ROWS, SLOTS, land_set, nile_set
from thebes.games.pharaohs_heir.state import P_LAND, P_NILE

from pharaohs_heir_support import new, random_record

CONFIGS = [(3, 2), (4, 2), (3, 1)]
STACK = 6


def land_accounted(state) -> Counter:
    """Every land tile: on a mat, still in a stack, set aside or out of the game."""
    n = state.num_players
    seen = Counter()
    for p in range(n):
        for col in range(3):
            for row in range(1, state.height[p * 3 + col]):
                seen[state.tile[p * SLOTS + col * ROWS + row]] += 1
    land = state.land
    for k in range(len(land) // STACK):
        in_cycle = state.stack0 <= k < state.stack0 + n
        if k < state.stack0:
            continue  # the first cycle's stacks of a 3-player game: counted in removed
        start = state.depth if in_cycle else 0
        for row in range(start, STACK):
            if in_cycle and row == state.depth and state.taken >> (k - state.stack0) & 1:
                continue
            seen[land[k * STACK + row]] += 1
    seen.update(state.set_aside)
    seen.update(state.removed)
    return seen


def check_conservation(state) -> None:
    n, pp = state.num_players, state.piecepacks
    if state.nile:
        for i in range(0, len(state.nile), STACK * pp):
            assert Counter(state.nile[i:i + STACK * pp]) == nile_set(pp)
        assert len(state.nile) in (STACK * pp, 2 * STACK * pp) if pp == 1 else len(state.nile) == 12
    waiting = state.phase in (P_NILE, P_LAND) and not state.land
    if state.land or not waiting:
        if state.land:
            assert land_accounted(state) == land_set(pp)
    coins = 2 if pp == 2 else 1
    for p in range(n):
        for v in range(1, 7):
            on_mat = sum(1 for s in range(SLOTS) if state.bld[p * SLOTS + s] == v)
            assert state.reserve[p * 7 + v] + on_mat + state.wall[p * 7 + v] \
                + state.gone[p * 7 + v] == coins
        assert state.grain[p] >= 0
        assert state.mat_slots[p] == tuple(col * ROWS + row for col in range(3)
                                           for row in range(state.height[p * 3 + col]))
        for s in range(SLOTS):
            i = p * SLOTS + s
            assert state.pop[i] >= 0
            if state.tile[i] < 0:
                assert state.pop[i] == 0 and state.bld[i] == 0 and state.canal[i] == 0


@pytest.mark.parametrize("players,piecepacks", CONFIGS)
def test_every_tile_and_coin_is_accounted_for_after_every_event(players, piecepacks):
    for seed in range(80):
        rng = random.Random(seed)
        state = new(players, piecepacks)
        while state.current_player() != TERMINAL:
            if state.current_player() == CHANCE:
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                assert len(legal) > 0
                action = rng.choice(legal)
                assert action in legal
                assert state.text_to_action(state.action_to_text(action)) == action
            state.apply_action(action)
            check_conservation(state)
        assert state.cycle == 1 and state.turn == 6


@pytest.mark.parametrize("players,piecepacks", CONFIGS)
def test_a_thousand_random_games_end_with_scores_a_full_ranking_and_replay_the_same(
        players, piecepacks):
    for seed in range(1000):
        rng = random.Random(10_000 + seed)
        state = new(players, piecepacks)
        actions = []
        while state.current_player() != TERMINAL:
            action = state.sample_chance(rng) if state.current_player() == CHANCE else \
                rng.choice(state.legal_actions())
            actions.append(action)
            state.apply_action(action)
        check_conservation(state)
        again = new(players, piecepacks)
        for action in actions:
            again.apply_action(action)
        assert again.omniscient_observation() == state.omniscient_observation()
        scores = state.scores()
        assert len(scores) == players and all(s >= players for s in scores)
        ranking = state.ranking()
        assert sorted(ranking) == list(range(players))
        assert [scores[s] for s in ranking] == sorted(scores, reverse=True)
        # both cycles scored: each area hands out all its points (less rounding)
        vp = state.vp_table()
        for c in range(2):
            for a in range(5):
                assert sum(vp[c][s][a] for s in range(players)) <= (11 if players == 4 else 10)


@pytest.mark.parametrize("players,piecepacks", CONFIGS)
def test_replaying_a_record_reproduces_the_same_state_and_result(players, piecepacks):
    for seed in range(100):
        state, events = random_record(players, piecepacks, 20_000 + seed)
        options = {} if piecepacks == 2 else {"piecepacks": 1}
        record = Record("pharaohs-heir", players, options, events, result_of(state))
        again = Record.loads(record.dumps()).replay()
        assert result_of(again) == result_of(state)
        for name in again.__slots__:
            assert getattr(again, name) == getattr(state, name), name

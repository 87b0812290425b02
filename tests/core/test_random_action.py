"""``random_action(rng)`` is the fast path of random playouts: it must draw exactly the
move ``rng.choice(legal_actions())`` draws, with the same generator calls, at every
decision node of every game, so the same seeds still play the same games."""

from __future__ import annotations

import random

import pytest

from thebes.core import get_game
from thebes.core.state import randbelow

SEATINGS = [("ra", 3), ("ra", 4), ("ra", 5), ("sarcophagus", 2), ("sarcophagus", 3),
            ("sarcophagus", 4), ("pharaohs-heir", 3), ("pharaohs-heir", 4), ("pharaoh", 1),
            ("pharaoh", 2), ("pharaoh", 4)]


def test_randbelow_draws_the_index_rng_choice_draws():
    for n in range(1, 40):
        a, b = random.Random(n), random.Random(n)
        for _ in range(50):
            assert randbelow(a, n) == b.choice(range(n))
        assert a.getstate() == b.getstate()


@pytest.mark.parametrize("game,players", SEATINGS)
def test_random_action_draws_exactly_what_rng_choice_of_legal_actions_draws(game, players):
    decisions = 0
    for seed in range(25 if game != "pharaohs-heir" else 8):
        state = get_game(game).new_initial_state(players)
        chance = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(chance))
                continue
            fast, slow = random.Random(seed * 1000 + decisions), random.Random(seed * 1000 + decisions)
            action = state.random_action(fast)
            assert action == slow.choice(state.legal_actions())
            assert fast.getstate() == slow.getstate()
            decisions += 1
            state.apply_action(action)
    assert decisions > 100


@pytest.mark.parametrize("game,players", SEATINGS)
def test_an_engines_own_random_playout_plays_the_same_game_as_the_generic_loop(game, players):
    from thebes.core.state import State
    for seed in range(30 if game != "pharaohs-heir" else 6):
        fused = get_game(game).new_initial_state(players)
        generic = fused.clone()
        fast, slow = random.Random(seed), random.Random(seed)
        assert fused.random_playout(fast) == State.random_playout(generic, slow)
        assert fused.observation(None) == generic.observation(None)
        assert fast.getstate() == slow.getstate()

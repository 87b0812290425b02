"""The greedy bot plays legal moves quickly and beats random bots."""

import random

from thebes.bots import make_bot
from thebes.core import play_game

from pharaohs_heir_support import new


def test_the_greedy_bot_beats_random_bots_more_often_than_chance():
    wins = 0
    for seed in range(12):
        state = new(3)
        seat = seed % 3
        bots = [make_bot("greedy" if i == seat else "random", "pharaohs-heir", i,
                         random.Random(seed * 10 + i)) for i in range(3)]
        play_game(state, bots, random.Random(seed))
        wins += state.ranking()[0] == seat
    assert wins >= 8  # chance alone wins 4 of 12


def test_the_greedy_bot_only_returns_legal_moves_in_the_one_piecepack_game():
    state = new(3, 1)
    bots = [make_bot("greedy", "pharaohs-heir", i, random.Random(i)) for i in range(3)]
    rng = random.Random(5)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            action = bots[state.current_player()].choose(state)
            assert state.is_legal(action)
            state.apply_action(action)

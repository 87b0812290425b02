"""Sarcophagus's search hooks (thebes/games/sarcophagus/search.py)."""

from __future__ import annotations

import random

from thebes.games.sarcophagus import search as hooks
from thebes.bots.ismcts import ISMCTSBot
from thebes.core import TERMINAL, get_game
from thebes.games.sarcophagus.scoring import fame


def play(seed: int, players: int = 2, events: int | None = None):
    rng = random.Random(seed)
    state = get_game("sarcophagus").new_initial_state(players)
    n = 0
    while state.current_player() != TERMINAL and (events is None or n < events):
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(state.random_action(rng))
        n += 1
    return state


def test_a_finished_game_is_worth_its_final_fame():
    for seed in range(20):
        for players in (2, 4):
            state = play(seed, players)
            assert hooks.evaluate(state) == [float(s) for s in state.scores()]


def test_a_seat_is_worth_the_fame_of_what_it_holds_plus_half_of_what_its_coins_would_claim():
    state = play(5, events=40)
    value = hooks.evaluate(state)
    held = [[t for t in range(24) if state.loc[t] in (1 + s, 5 + s)] for s in range(2)]
    traps = [sum(1 for t in range(24) if state.loc[t] == 5 + s and t % 6 == 0) for s in range(2)]
    contested = [0.0, 0.0]
    for pos in range(21):
        k = state.ncoins[pos]
        rank = state.layout[pos] % 6
        if state.present >> pos & 1 and k and rank >= 2:
            on = state.coins[pos * 4:pos * 4 + k]
            key = [(sum(1 for c in on if c // 6 == s), sum(c % 6 for c in on if c // 6 == s))
                   for s in range(2)]
            contested[0 if key[0] >= key[1] else 1] += rank / 2
    for s in range(2):
        if not traps[s]:
            assert value[s] == fame(held[s]) + contested[s]
    assert not any(traps) and any(contested) and all(held)


def test_a_playout_is_cut_off_after_the_horizon():
    state = play(1, events=10)
    assert not hooks.cutoff(state, state, hooks.HORIZON - 1)
    assert hooks.cutoff(state, state, hooks.HORIZON)


def test_the_search_uses_the_hooks():
    state = play(2, events=12)
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    bot = ISMCTSBot("sarcophagus", state.current_player(), random.Random(1), iterations=50)
    assert bot.cutoff is hooks.cutoff and bot.evaluate is hooks.evaluate
    assert bot.choose(state) in state.legal_actions()

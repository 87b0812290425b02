"""Pharaoh's Heir's search hooks (thebes/games/pharaohs_heir/search.py)."""

from __future__ import annotations

import random

from thebes.games.pharaohs_heir import search as hooks
from thebes.games.pharaohs_heir.greedy import evaluate
from thebes.bots.ismcts import ISMCTSBot
from thebes.core import TERMINAL, get_game


def positions(seed: int, players: int = 3):
    """Every position of one random game, in order."""
    rng = random.Random(seed)
    state = get_game("pharaohs-heir").new_initial_state(players)
    out = [state.clone()]
    while state.current_player() != TERMINAL:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(state.random_action(rng))
        out.append(state.clone())
    return out


def test_the_evaluation_gives_every_seat_the_greedy_bots_worth_of_its_position():
    for state in positions(4)[::25]:
        assert hooks.evaluate(state) == [evaluate(state, seat) for seat in range(3)]


def test_a_playout_is_cut_off_exactly_when_it_reaches_the_next_turn():
    game = positions(7)
    start = next(s for s in game if s.cycle == 0 and s.turn == 2 and s.cur >= 0)
    later = game[game.index(start):]
    cut = [hooks.cutoff(s, start, 0) for s in later]
    first = cut.index(True)
    assert not any(cut[:first])
    assert (later[first].cycle, later[first].turn) == (0, 3)
    assert (later[first - 1].cycle, later[first - 1].turn) == (0, 2)


def test_a_playout_is_cut_off_across_the_two_cycles_and_at_the_end():
    game = positions(9)
    last_of_first = [s for s in game if s.cycle == 0 and s.turn == 5][-1]
    first_of_second = next(s for s in game if s.cycle == 1 and s.turn == 0)
    assert not hooks.cutoff(last_of_first, last_of_first, 0)
    assert hooks.cutoff(first_of_second, last_of_first, 0)
    assert hooks.cutoff(game[-1], game[-1], 0)


def test_the_search_uses_the_hooks_and_runs_short_playouts():
    state = next(s for s in positions(3) if s.cur >= 0 and len(s.legal_actions()) > 1)
    bot = ISMCTSBot("pharaohs-heir", state.cur, random.Random(1), iterations=30)
    assert bot.cutoff is hooks.cutoff and bot.evaluate is hooks.evaluate
    ends = []
    bot.on_playout = lambda path, end: ends.append(end)
    bot.search(state)
    assert len(ends) == 30
    assert all(e.cycle * 6 + e.turn <= state.cycle * 6 + state.turn + hooks.TURNS_AHEAD
               for e in ends)

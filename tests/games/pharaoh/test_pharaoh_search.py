"""Pharaoh's search hooks (thebes/games/pharaoh/search.py) and progressive widening (ismcts.py)."""

from __future__ import annotations

import math
import random

import pytest

from thebes.games.pharaoh.search import SEARCH, _move_gains, rank
from thebes.games.pharaoh.greedy import GreedyBot
from thebes.bots.ismcts import ISMCTSBot, Node
from thebes.core import get_game


def positions(games=12, players=(1, 2, 3), objectives=False):
    """Every decision of random games (a copy each), seeded."""
    for g in range(games):
        rng = random.Random(g)
        state = get_game("pharaoh").new_initial_state(players[g % len(players)],
                                                      {"objectives": objectives})
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            yield state.clone()
            state.apply_action(state.random_action(rng))


def greedy_worths(state):
    seat = state.current_player()
    bot = GreedyBot("pharaoh", seat, random.Random(0), worths=SEARCH)
    out = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        out[action] = bot._after(child, action)
    return out


def test_move_gains_differ_from_the_greedy_worth_after_each_move_by_one_constant():
    checked = 0
    for state in positions():
        gains = _move_gains(state, state.current_player())
        if gains is None:
            continue
        slow = greedy_worths(state)
        fast = dict((a, g) for g, a in gains)
        assert set(fast) == set(slow)
        offsets = [slow[a] - fast[a] for a in slow]
        assert max(offsets) - min(offsets) < 1e-9, state.phase
        checked += 1
    assert checked > 500


def test_move_gains_leave_objectives_and_other_phases_to_the_greedy_bot():
    for state in positions(games=3, objectives=True):
        if state.marked:
            assert _move_gains(state, state.current_player()) is None
    for state in positions(games=3):
        if state.phase in (5, 6, 8, 11):  # setup, erase, guild take
            assert _move_gains(state, state.current_player()) is None


def test_rank_lists_every_legal_move_once_with_the_greedy_move_first():
    for n, state in enumerate(positions(games=4)):
        ranked = rank(state, state.current_player(), random.Random(n))
        assert sorted(ranked) == sorted(state.legal_actions())
        slow = greedy_worths(state)
        assert slow[ranked[0]] == pytest.approx(max(slow.values()))


def first_decision(seed=1):
    state = get_game("pharaoh").new_initial_state(1)
    rng = random.Random(seed)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else state.legal_actions()[0])
    return state


def test_a_node_has_at_most_one_plus_c_times_the_root_of_its_visits_children():
    state = first_decision()
    bot = ISMCTSBot("pharaoh", 0, random.Random(2), iterations=600)
    c, exp = bot.widen
    root = bot.search(state)
    seen = 0
    stack = [root]
    while stack:
        node = stack.pop()
        if node.order is not None:   # a ranked decision node
            assert len(node.children) <= 2 + c * node.visits ** exp
            seen += 1
        stack.extend(node.children.values())
    assert seen > 10
    assert len(root.children) < len(state.legal_actions())


def test_without_widening_every_move_of_a_node_is_expanded_before_any_is_revisited():
    state = first_decision()
    bot = ISMCTSBot("pharaoh", 0, random.Random(2), iterations=200, widening=False)
    root = bot.search(state)
    assert len(root.children) == len(state.legal_actions())


def test_a_widened_node_expands_its_moves_in_the_ranked_order():
    state = first_decision()
    ranked = rank(state, 0, random.Random(7))
    bot = ISMCTSBot("pharaoh", 0, random.Random(7), iterations=1)
    bot.reference = 0.0
    bot._lo, bot._hi = [math.inf], [-math.inf]
    root = Node(1)
    for _ in range(40):
        bot._iterate(state, root, 1, False)
    expanded = [a for a, _ in root.order]
    # the rank the search saw used the same generator state as ``ranked`` did
    assert expanded == ranked[:len(expanded)]


def test_the_fitted_worth_has_one_weight_per_feature_for_every_round_left():
    from thebes.games.pharaoh.value import FEATURES, features
    from thebes.games.pharaoh.value_weights import WEIGHTS
    from thebes.games.pharaoh.sheet import Sheet
    assert len(WEIGHTS) == 20
    assert all(len(row) == len(FEATURES) for row in WEIGHTS)
    assert len(features(Sheet(), 10)) == len(FEATURES)


def test_the_fitted_worth_of_a_finished_game_is_its_score():
    from thebes.games.pharaoh.value import worth
    rng = random.Random(3)
    state = get_game("pharaoh").new_initial_state(1)
    while not state.is_terminal():
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else state.random_action(rng))
    assert worth(state, 0) == state.scores()[0]


def round_end_with(treasuries, left=15):
    """A solo sheet at the end of round 20 - left with ``treasuries`` treasuries."""
    from thebes.games.pharaoh.board import TREASURY
    state = first_decision()
    state.phase, state.round = 3, 20 - left   # ROLL_PHASE: the round's end
    sheet = state.sheets[0]
    empty = [sq for sq in range(36) if sheet.cells[sq] < 0]
    for sq in empty[:treasuries]:
        sheet.cells[sq] = TREASURY
        sheet.count[TREASURY] += 1
    return state


def test_the_fitted_worth_values_a_gold_supply_built_early():
    from thebes.games.pharaoh.value import worth
    # two treasuries with 15 rounds to go make admins and free monuments later: many points
    assert worth(round_end_with(2), 0) > worth(round_end_with(0), 0) + 10


def test_a_playout_is_cut_at_the_next_roll_or_the_end_and_judged_by_the_fitted_worth():
    from thebes.games.pharaoh.search import cutoff, evaluate
    from thebes.games.pharaoh.value import worth
    state = first_decision()
    assert not cutoff(state, state, 0)
    at_end = round_end_with(1)
    assert cutoff(at_end, state, 3)
    assert evaluate(at_end) == [worth(at_end, 0)]

"""Hints search at least as hard as the ``hard`` level and say how strong they are (issue 32,
item 5)."""

from __future__ import annotations

import random

from thebes.bots import level_params
from thebes.bots.hint import hard_iterations, hint, strength
from thebes.core import get_game


def _position(game, players, seed=3):
    rng = random.Random(seed)
    state = get_game(game).new_initial_state(players)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_hard_iterations_are_the_levels_budget_at_that_seat_count():
    assert hard_iterations("ra", 3) == level_params("ra", "hard")["iterations"]
    assert hard_iterations("pharaoh", 1) == level_params("pharaoh", "hard")["iterations_at"][1]
    assert hard_iterations("pharaoh", 4) == level_params("pharaoh", "hard")["iterations"]


def test_a_hint_never_searches_less_than_hard_and_says_how_much_it_searched():
    state = _position("pharaohs-heir", 3)
    rows = hint(state, state.current_player(), think_ms=None, iterations=5)
    floor = hard_iterations("pharaohs-heir", 3)
    assert rows and all(row["iterations"] == floor for row in rows)
    line = strength("pharaohs-heir", 3, rows[0]["iterations"])
    assert f"{floor:,} iterations" in line and "hard" in line
    assert "stronger than" in strength("pharaohs-heir", 3, floor * 3)


def test_the_hint_and_the_review_judge_positions_as_the_hard_level_does(monkeypatch):
    """Issue 32, item 5: ``hard``'s search, not only its budget: where ``hard`` names an
    evaluation of its game (Ra: ``learned``), the hint's and the review's searches use it."""
    from thebes.bots import level_search
    from thebes.review.estimate import search

    judge = level_search("ra", "hard").get("evaluation")
    assert judge == "learned"
    search_hooks = get_game("ra").hooks.module("search")
    calls = []
    learned = search_hooks.EVALUATIONS[judge]
    monkeypatch.setitem(search_hooks.EVALUATIONS, judge,
                        lambda state: calls.append(1) or learned(state))
    state = _position("ra", 3)
    hint(state, state.current_player(), think_ms=None, iterations=5)
    assert len(calls) > 100
    calls.clear()
    search(state, state.current_player(), random.Random(1), iterations=200)
    assert len(calls) > 20

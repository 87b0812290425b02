"""Hints: the search's view of a position, for the seat to move (issue 8, item 4).

The search sees only the asking seat's information set (``determinize``), so
a hint never tells a player anything their seat may not know.

A hint searches at least as hard as the ``hard`` level (issue 32, item 5): ``hard``'s
search (its evaluation: :func:`thebes.bots.level_search`) and never fewer iterations than
``hard`` makes a move at that seat count, more when the time or iterations asked for buy
more.
:func:`strength` says in words how strong that search is; every row of a hint carries
its ``iterations``.
"""

from __future__ import annotations

import random
from typing import Any

from thebes.core import State, ThebesError

from .ismcts import ISMCTSBot


def hard_iterations(game: str, players: int) -> int:
    """The iterations the ``hard`` level makes a move in ``game`` at ``players`` seats."""
    from thebes.bots import level_budget

    return level_budget(game, "hard", players)


def strength(game: str, players: int, iterations: int) -> str:
    """One line for people: how strong the search behind a hint or a review is."""
    if iterations <= 0:
        return "one legal move: nothing to search"
    hard = hard_iterations(game, players)
    where = ("stronger than" if iterations > hard * 1.05 else
             "as strong as" if iterations >= hard * 0.95 else "weaker than")
    return (f"ISMCTS search, {iterations:,} iterations: {where} the hard level ({hard:,} a "
            f"move at {players} {'player' if players == 1 else 'players'}), the strongest "
            f"level offered; the levels' standing on the ladder: docs/STRENGTH.md")


def hint(state: State, seat: int, think_ms: float | None = 1000.0, iterations: int = 2000,
         seed: int | str = 0, top: int = 5) -> list[dict[str, Any]]:
    """The top moves for ``seat`` (0-based, to move): ``[{"move", "visits", "share",
    "expected", "iterations"}]`` best first; ``expected`` is the mean reward (0..1; see
    ismcts), ``iterations`` the search's (at least ``hard``'s: module docstring).

    Raises :class:`ThebesError` when ``seat`` is not the one to move, or an argument
    is of the wrong type or out of range (:func:`thebes.core.play.check_hint_arguments`).
    """
    from thebes.bots import level_search
    from thebes.core.play import check_hint_arguments
    check_hint_arguments(state, seat, think_ms, iterations, seed, top)
    if state.current_player() != seat:
        raise ThebesError(f"seat {seat + 1} is not to move")
    game = state.game.name
    floor = hard_iterations(game, state.num_players)
    bot = ISMCTSBot(game, seat, random.Random(f"thebes-hint/{seed}"),
                    iterations=max(iterations, floor), think_ms=think_ms,
                    min_iterations=floor, **level_search(game, "hard"))
    legal = state.legal_actions()
    if len(legal) == 1:
        return [{"move": state.action_to_text(legal[0]), "visits": 0, "share": 1.0,
                 "expected": None, "iterations": 0}]
    rows = bot.analyse(state, top=top)
    for row in rows:
        row["iterations"] = bot.last_iterations
    return rows

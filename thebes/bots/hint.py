"""Hints: the search's view of a position, for the seat to move (issue 8, item 4).

The search sees only the asking seat's information set (``determinize``), so
a hint never tells a player anything their seat may not know.
"""

from __future__ import annotations

import random
from typing import Any

from thebes.core import State, ThebesError

from .ismcts import ISMCTSBot


def hint(state: State, seat: int, think_ms: float | None = 1000.0, iterations: int = 2000,
         seed: int | str = 0, top: int = 5) -> list[dict[str, Any]]:
    """The top moves for ``seat`` (0-based, to move): ``[{"move", "visits", "share",
    "expected"}]`` best first; ``expected`` is the mean reward (0..1; see ismcts).

    Raises :class:`ThebesError` when ``seat`` is not the one to move.
    """
    if state.current_player() != seat:
        raise ThebesError(f"seat {seat + 1} is not to move")
    bot = ISMCTSBot(state.game.name, seat, random.Random(f"thebes-hint/{seed}"),
                    iterations=iterations, think_ms=think_ms)
    legal = state.legal_actions()
    if len(legal) == 1:
        return [{"move": state.action_to_text(legal[0]), "visits": 0, "share": 1.0,
                 "expected": None}]
    return bot.analyse(state, top=top)

"""Pharaoh, the roll-and-write city builder (shared/spec/pharaoh.md).

1-99 seats, each on its own 6 x 6 sheet, 20 rounds of a shared roll; the
option ``objectives`` adds the advanced objectives. Nothing is hidden.
"""

from __future__ import annotations

from typing import Any

from thebes.core import Game

from .scoring import TITLES
from .state import PharaohState


def new_state(players: int, options: dict[str, Any]) -> PharaohState:
    """The state before the first event: the objective roll, or the first hill roll."""
    return PharaohState(players, options["objectives"])


GAME = Game(
    name="pharaoh",
    title="Pharaoh",
    min_players=1,
    max_players=99,
    new_state=new_state,
    default_options={"objectives": False},
    hidden_information=False,
    solo_titles=TITLES,
)

PharaohState.game = GAME

__all__ = ["GAME", "PharaohState"]

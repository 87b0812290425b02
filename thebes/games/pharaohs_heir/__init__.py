"""Pharaoh's Heir (Phillip Lerche, 2003): the rules engine.

Spec: shared/spec/pharaohs-heir.md; readings where it is silent:
docs/rules/pharaohs-heir.md. Options: ``{"piecepacks": 2}`` (the standard
game, 3-4 players) or ``{"piecepacks": 1}`` (3 players only, R15).
"""

from __future__ import annotations

from typing import Any

from thebes.core import Game, OptionsError

from .state import PharaohsHeirState, new_state


def validate_options(players: int, options: dict[str, Any]) -> None:
    """Raises :class:`OptionsError` for ``piecepacks`` other than 1 or 2, or 1 with 4 players (R19)."""
    pp = options["piecepacks"]
    if pp not in (1, 2):
        raise OptionsError(f"piecepacks is 1 or 2, not {pp!r}")
    if pp == 1 and players != 3:
        raise OptionsError("the one-piecepack variant is for 3 players only")


GAME = Game(
    name="pharaohs-heir",
    title="Pharaoh's Heir",
    min_players=3,
    max_players=4,
    new_state=new_state,
    default_options={"piecepacks": 2},
    hidden_information=True,
    validate_options=validate_options,
)

PharaohsHeirState.game = GAME

__all__ = ["GAME", "PharaohsHeirState"]

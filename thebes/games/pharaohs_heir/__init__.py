"""Pharaoh's Heir (Phillip Lerche, 2003): the rules engine.

Spec: shared/spec/pharaohs-heir.md; readings where it is silent:
docs/games/pharaohs_heir/rules.md. Options: ``{"piecepacks": 2}`` (the standard
game, 3-4 players) or ``{"piecepacks": 1}`` (3 players only, R15).
"""

from __future__ import annotations

from typing import Any

from thebes.core import Game, GameHooks, OptionsError

from .state import PharaohsHeirState, new_state


def validate_options(players: int, options: dict[str, Any]) -> None:
    """Raises :class:`OptionsError` for ``piecepacks`` other than 1 or 2, or 1 with 4 players (R19)."""
    pp = options["piecepacks"]
    if pp not in (1, 2):
        raise OptionsError(f"piecepacks is 1 or 2, not {pp!r}")
    if pp == 1 and players != 3:
        raise OptionsError("the one-piecepack variant is for 3 players only")


#: the levels' search budgets in iterations a move (issue 32); ``hard``'s cap of time is 4 s,
#: not the default 10: a placement of many coins can have 800 legal moves, where 2,000
#: iterations take 5 s of CPU (one position in 40 of greedy games). docs/bots.md and
#: docs/STRENGTH.md give the measurements.
HOOKS = GameHooks(
    greedy="thebes.games.pharaohs_heir.greedy",
    scripted="thebes.games.pharaohs_heir.scripted",
    search="thebes.games.pharaohs_heir.search",
    terminal="thebes.games.pharaohs_heir.terminal",
    tensors="thebes.games.pharaohs_heir.tensors",
    web="thebes.games.pharaohs_heir.web",
    default_players=3,
    bench_players=(3, 4),
    score_scale=20.0,
    marks=(0.10, 0.20, 0.30),
    levels={"medium": {"iterations": 100},
            "hard": {"iterations": 2000, "max_ms": 4000.0}},
)

GAME = Game(
    name="pharaohs-heir",
    title="Pharaoh's Heir",
    min_players=3,
    max_players=4,
    new_state=new_state,
    default_options={"piecepacks": 2},
    hidden_information=True,
    validate_options=validate_options,
    order=30,
    hooks=HOOKS,
)

PharaohsHeirState.game = GAME

__all__ = ["GAME", "PharaohsHeirState"]

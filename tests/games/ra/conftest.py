"""Helpers to set up Ra positions for rule tests."""

from __future__ import annotations

import pytest

from thebes.core import get_game
from thebes.games.ra.tiles import KIND_INDEX

DEAL3 = "suns 13,8,5,2 / 12,9,6,3 / 11,10,7,4"
DEAL4 = "suns 13,6,2 / 12,7,3 / 11,8,4 / 10,9,5"
DEAL5 = "suns 16,7,2 / 15,8,3 / 14,9,4 / 13,10,5 / 12,11,6"


def play(*events: str, players: int = 3, deal: str | None = None):
    """A Ra state after the sun deal (the standard order unless ``deal``) and ``events``."""
    state = get_game("ra").new_initial_state(players)
    state.apply(deal or {3: DEAL3, 4: DEAL4, 5: DEAL5}[players])
    for event in events:
        state.apply(event)
    return state


def give(state, seat: int, **kinds: int) -> None:
    """Put tiles in a 0-based seat's display (``step_pyramid`` for ``step-pyramid``)."""
    for name, count in kinds.items():
        state.display[seat][KIND_INDEX[name.replace("_", "-")]] += count


def legal(state) -> set[str]:
    return set(state.legal_events())


@pytest.fixture
def ra3():
    return play()

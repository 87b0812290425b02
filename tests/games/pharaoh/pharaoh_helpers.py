"""Shared set-ups for the Pharaoh tests (not a test module)."""

from __future__ import annotations

from thebes.core import get_game
from thebes.games.pharaoh.board import KINDS, RESOURCES

GAME = get_game("pharaoh")

#: Hills on a1 a2 a3, rivers on f5 f6, the starting housing on c3, grain and gold.
SETUP = ["hill a1", "hill a2", "hill a3", "river f5", "river f6",
         "build housing c3", "take grain gold"]


def play(events, players=1, objectives=False):
    """The state after ``events`` (checked), from a new game."""
    state = GAME.new_initial_state(players, {"objectives": objectives})
    for event in events:
        state.apply(event)
    return state


def solo(*events, objectives=None):
    """A solo game after the standard setup (and ``objectives A B`` first when given)."""
    head = [f"objectives {objectives[0]} {objectives[1]}"] if objectives else []
    return play(head + SETUP + list(events), objectives=objectives is not None)


def give(state, seat=0, **amounts):
    """Set storage of ``seat``: ``give(state, gold=2)`` (test set-up only)."""
    for name, n in amounts.items():
        state.sheets[seat].storage[RESOURCES.index(name)] = n


def place(state, kind, square, seat=0):
    """Draw a tile directly on the sheet as if drawn in an earlier round (test set-up only)."""
    from thebes.games.pharaoh.board import MILITARY, MONUMENT, RELIGIOUS, SQUARE_NAMES
    sheet = state.sheets[seat]
    k = KINDS.index(kind)
    sq = SQUARE_NAMES.index(square)
    sheet.cells[sq] = k
    sheet.count[k] += 1
    if k == MILITARY:
        sheet.invasion_guard += 1
    elif k == RELIGIOUS:
        sheet.flood_guard += 1
    elif k == MONUMENT:
        sheet.monuments += 1


def legal(state):
    return sorted(state.legal_events())


def storage(state, seat=0):
    return dict(zip(RESOURCES, state.sheets[seat].storage))

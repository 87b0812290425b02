"""What a seat sees of a Pharaoh game: everything (spec, What each seat sees).

The observation is a JSON-ready dict, the same for every seat (and for
``seat=None``). Shape::

    {"game": "pharaoh", "players": N, "objectives_option": bool,
     "phase": "dice action", "round": 0..20, "to_move": seat (0-based) or None,
     "hills": ["c4", ...], "rivers": [...],
     "marked": [3, 5, 8],              # marked objectives, ascending
     "roll": [a, b] or None, "forced": "flood" | "invasion" | None,
     "scores": [...], "title": str or None,   # title: solo game over only
     "seats": [{"sheet": {"c4": "housing", ...},   # tiles, not terrain
                "storage": {"labour": 1, "grain": 0, "gold": 0, "material": 0},
                "preventions": {"flood": 0, "invasion": 0},
                "monuments_drawn": 0, "dice": [a, b], "shifted": bool,
                "drawn": ["c4"],        # drawn this round
                "turn_over": bool,      # this round's turn is finished
                "round_scores": [...], "score": int,
                "this_round": int or None,  # what this round writes if it ended
                                            # now; None once written (or in setup)
                "objectives_done": [...]}, ...]}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .board import HILL, KINDS, RESOURCES, RIVER, SQUARE_NAMES, SQUARES
from .scoring import bits, round_score, title

if TYPE_CHECKING:  # pragma: no cover
    from .state import PharaohState


def observe(state: "PharaohState", seat: int | None) -> dict[str, Any]:
    """The observation of ``seat`` (0-based, or ``None``): see the module docstring."""
    from .rules import OVER, PHASE_NAMES

    cells0 = state.sheets[0].cells
    roll = state.roll
    forced = None
    if roll is not None and roll[0] == roll[1] and roll[0] >= 5:
        forced = "flood" if roll[0] == 5 else "invasion"
    player = state.current_player()
    scores = state.scores()
    return {
        "game": "pharaoh",
        "players": state.num_players,
        "objectives_option": state.objectives,
        "phase": PHASE_NAMES[state.phase],
        "round": state.round,
        "to_move": player if player >= 0 else None,
        "hills": [SQUARE_NAMES[sq] for sq in range(SQUARES) if cells0[sq] == HILL],
        "rivers": [SQUARE_NAMES[sq] for sq in range(SQUARES) if cells0[sq] == RIVER],
        "marked": bits(state.marked),
        "roll": list(roll) if roll else None,
        "forced": forced,
        "scores": scores,
        "title": title(scores[0]) if state.num_players == 1 and state.phase == OVER else None,
        "seats": [_sheet(sheet, state.marked, state.round) for sheet in state.sheets],
    }


def _sheet(sheet: Any, marked: int, round_: int) -> dict[str, Any]:
    cells = sheet.cells
    return {
        "sheet": {SQUARE_NAMES[sq]: KINDS[cells[sq]] for sq in range(SQUARES)
                  if 0 <= cells[sq] < HILL},
        "storage": dict(zip(RESOURCES, sheet.storage)),
        "preventions": {"flood": sheet.flood_guard, "invasion": sheet.invasion_guard},
        "monuments_drawn": sheet.monuments,
        "dice": list(sheet.dice),
        "shifted": sheet.shifted,
        "drawn": [SQUARE_NAMES[sq] for sq in sheet.drawn],
        "turn_over": sheet.turn_over,
        "round_scores": list(sheet.rounds),
        "score": sheet.total,
        "this_round": round_score(sheet, marked)[0] if len(sheet.rounds) < round_ else None,
        "objectives_done": bits(sheet.done),
    }

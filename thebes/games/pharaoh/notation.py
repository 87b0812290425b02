"""Action codes of Pharaoh and their one spelling (shared/spec/pharaoh.md, Notation summary).

Every event is an int, the same int in every state, so the text of an action
never depends on the state:

=====================  =======================================  ==============
event                  code                                     range
=====================  =======================================  ==============
``build K SQ``         ``BUILD + k * 36 + sq``                  0..359
``erase SQ``           ``ERASE + sq``                           360..395
``skip``               ``SKIP``                                 396
``action X``           ``ACTION + x``                           400..406
``shift D +1/-1 R``    ``SHIFT + (d - 1) * 8 + up * 4 + r``     410..425
``take R``             ``TAKE1 + r``                            430..433
``take R1 R2``         ``TAKE2 + r1 * 4 + r2`` (r1 <= r2)       440..455
``roll A B``           ``ROLL + (a - 1) * 6 + (b - 1)``         500..535
``hill SQ``            ``HILL_ROLL + sq``                       600..635
``river SQ``           ``RIVER_ROLL + sq``                      700..735
``objectives A B``     ``OBJECTIVES + (a - 1) * 6 + (b - 1)``   800..835
=====================  =======================================  ==============

``k`` indexes :data:`~.board.KINDS`, ``r`` :data:`~.board.RESOURCES`, ``x``
:data:`~.board.DICE_ACTIONS`, ``sq`` a square (see :mod:`.board`), ``up`` is 1
for ``+1``.
"""

from __future__ import annotations

from thebes.core import InvalidEventError

from .board import DICE_ACTIONS, KINDS, RESOURCES, SQUARE_NAMES, SQUARES

BUILD = 0
ERASE = 360
SKIP = 396
ACTION = 400
SHIFT = 410
TAKE1 = 430
TAKE2 = 440
ROLL = 500
HILL_ROLL = 600
RIVER_ROLL = 700
OBJECTIVES = 800


def _spellings() -> dict[int, str]:
    text: dict[int, str] = {}
    for k, kind in enumerate(KINDS):
        for sq in range(SQUARES):
            text[BUILD + k * SQUARES + sq] = f"build {kind} {SQUARE_NAMES[sq]}"
    for sq in range(SQUARES):
        text[ERASE + sq] = f"erase {SQUARE_NAMES[sq]}"
        text[HILL_ROLL + sq] = f"hill {SQUARE_NAMES[sq]}"
        text[RIVER_ROLL + sq] = f"river {SQUARE_NAMES[sq]}"
    text[SKIP] = "skip"
    for x, name in enumerate(DICE_ACTIONS):
        text[ACTION + x] = f"action {name}"
    for d in (1, 2):
        for up, sign in ((0, "-1"), (1, "+1")):
            for r, res in enumerate(RESOURCES):
                text[SHIFT + (d - 1) * 8 + up * 4 + r] = f"shift {d} {sign} {res}"
    for r, res in enumerate(RESOURCES):
        text[TAKE1 + r] = f"take {res}"
        for r2 in range(r, 4):
            text[TAKE2 + r * 4 + r2] = f"take {res} {RESOURCES[r2]}"
    for a in range(1, 7):
        for b in range(1, 7):
            text[ROLL + (a - 1) * 6 + b - 1] = f"roll {a} {b}"
            if a <= b:
                text[OBJECTIVES + (a - 1) * 6 + b - 1] = f"objectives {a} {b}"
    return text


#: action code -> its one spelling.
TEXT: dict[int, str] = _spellings()
#: spelling -> action code (canonical spellings only).
CODE: dict[str, int] = {t: a for a, t in TEXT.items()}


def action_to_text(action: int) -> str:
    """The one spelling of an action code. Raises :class:`InvalidEventError` for no code."""
    try:
        return TEXT[action]
    except (KeyError, TypeError):
        raise InvalidEventError(f"{action!r} is no action of pharaoh", str(action)) from None


def text_to_action(text: str) -> int:
    """The action code of an event's text.

    Raises:
        InvalidEventError: ``text`` is not an event of pharaoh in its one
            spelling (``take gold grain`` and ``objectives 5 3`` included: their
            one spellings are ``take grain gold`` and ``objectives 3 5``).
    """
    try:
        return CODE[text]
    except (KeyError, TypeError):
        raise InvalidEventError(f"{text!r} is no event of pharaoh", str(text)) from None

"""A person's answer to a numbered menu: shared by the terminal loop and games' terminal views.

Kept in core so that a game's terminal view (its ``terminal`` hook) can read a menu
answer the way the loop does without importing the terminal layer.
"""

from __future__ import annotations

import re

from .errors import ThebesError


class MenuError(ThebesError, ValueError):
    """A menu answer out of range ("choose 1-N")."""


def menu_choice(answer: str, count: int) -> int | None:
    """The 0-based menu entry that ``answer`` picks among ``count``, or ``None`` when
    ``answer`` is not a number at all. Raises :class:`MenuError` ("choose 1-N") for a
    number out of range. Only ASCII digits count (``²`` is not a number here)."""
    if not re.fullmatch(r"[0-9]+", answer):
        return None
    if len(answer) > 6 or not 1 <= int(answer) <= count:
        raise MenuError(f"{answer[:12]} is not on the menu: choose 1-{count}"
                        if count > 1 else f"{answer[:12]} is not on the menu: choose 1")
    return int(answer) - 1

"""One seat's sheet: its squares, storage, preventions and written reputation.

Every seat has its own :class:`Sheet`; seats never interact (spec, Several
players), so a state is the shared dice and phase plus one sheet per seat.
"""

from __future__ import annotations

from .board import EMPTY, SQUARES

#: Bits of :attr:`Sheet.flags`: what happened in this round's turn.
FLOOD_PREVENTED = 1    # objective 3
INVASION_PREVENTED = 2  # objective 4
PRODUCED_3 = 4         # objective 5
COLLECTED_3 = 8        # objective 6
INVADED = 16           # -2 reputation this round (ruling 22)


class Sheet:
    """A seat's sheet (mutable; copied by :meth:`copy`).

    Attributes:
        cells: 36 cell values (``EMPTY``, ``HILL``, ``RIVER`` or a kind 0..9).
        count: tiles of each kind 0..9 on the sheet now.
        storage: units of labour, grain, gold, material (never negative).
        flood_guard, invasion_guard: unused flood / invasion preventions.
        monuments: monuments drawn this game, erased ones included (ruling 16).
        done: bitmask of completed objectives (bit n = objective n).
        rounds: written round scores, one per finished round.
        total: sum of ``rounds``.
        dice: this round's dice [die 1, die 2] after any shift.
        shifted: whether this round's shift is spent.
        flags: this round's events (``FLOOD_PREVENTED``...).
        drawn: squares drawn this round (build action, free build).
        turn_over: whether the seat has finished this round's turn.
    """

    __slots__ = ("cells", "count", "storage", "flood_guard", "invasion_guard", "monuments",
                 "done", "rounds", "total", "dice", "shifted", "flags", "drawn", "turn_over")

    def __init__(self) -> None:
        self.cells = [EMPTY] * SQUARES
        self.count = [0] * 10
        self.storage = [1, 0, 0, 0]  # 1 labour (spec, Setup 3)
        self.flood_guard = 0
        self.invasion_guard = 0
        self.monuments = 0
        self.done = 0
        self.rounds: list[int] = []
        self.total = 0
        self.dice = [0, 0]
        self.shifted = False
        self.flags = 0
        self.drawn: list[int] = []
        self.turn_over = False

    def copy(self) -> "Sheet":
        """An independent copy (flat lists copied, nothing deeper)."""
        new = Sheet.__new__(Sheet)
        new.cells = self.cells[:]
        new.count = self.count[:]
        new.storage = self.storage[:]
        new.flood_guard = self.flood_guard
        new.invasion_guard = self.invasion_guard
        new.monuments = self.monuments
        new.done = self.done
        new.rounds = self.rounds[:]
        new.total = self.total
        new.dice = self.dice[:]
        new.shifted = self.shifted
        new.flags = self.flags
        new.drawn = self.drawn[:]
        new.turn_over = self.turn_over
        return new

    def new_round(self, a: int, b: int) -> None:
        """Start a round with the roll ``a``, ``b``: fresh dice, shift and turn."""
        self.dice = [a, b]
        self.shifted = False
        self.flags = 0
        self.drawn = []
        self.turn_over = False

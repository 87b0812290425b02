"""Typed errors of the core contract.

Every error a user can provoke with bad input is a :class:`ThebesError`, and
the two ways an event can be refused follow python-chess: text that is not an
event of the game at all (:class:`InvalidEventError`) versus an event that is
well formed but not legal in this state (:class:`IllegalEventError`). Both are
``ValueError`` so callers that only care about "bad input" catch one type.
"""

from __future__ import annotations


class ThebesError(Exception):
    """Base of every error raised on purpose by thebes."""


class InvalidEventError(ThebesError, ValueError):
    """The text does not spell any event of this game (shared/spec/RECORDS.md, Events).

    Attributes:
        event: the offending text.
        legal: the legal events at this point, as notation text (order carries no meaning).
    """

    def __init__(self, message: str, event: str = "", legal: list[str] | None = None) -> None:
        super().__init__(message)
        self.event = event
        self.legal = list(legal or [])


class IllegalEventError(InvalidEventError):
    """The text spells an event of the game, but it is not legal in this state.

    A subclass of :class:`InvalidEventError` so that a caller that only wants
    "refused, here are the alternatives" catches one type; ``legal`` lists them.
    """


class OptionsError(ThebesError, ValueError):
    """Unknown game, bad number of players or unknown/mistyped option."""


class SeatError(ThebesError, ValueError):
    """A seat argument that names no seat of this game (``-1``, ``99``, ``"0"``, ``1.5``),
    or ``None`` (the all-seeing view) where a seat's own view is asked for."""


class RecordError(ThebesError, ValueError):
    """A record cannot be read at all: not JSON, not an object, missing keys.

    Distinct from :class:`ReplayError`, which names the first bad event of a
    record that could be read.
    """


class ReplayError(ThebesError, ValueError):
    """Replaying a record met an event that is not legal (shared/spec/RECORDS.md, Replay).

    Attributes:
        index: 0-based position of the event in ``events``; ``None`` when the
            events all replay but the record's ``result`` disagrees.
        event: the event's text (``None`` with ``index is None``).
        legal: the legal events at that point (for a huge chance node, one
            template line).
        state: the state reached just before the bad event (nothing before it
            is lost).
    """

    def __init__(self, message: str, index: int | None, event: str | None,
                 legal: list[str], state: object = None) -> None:
        super().__init__(message)
        self.index = index
        self.event = event
        self.legal = legal
        self.state = state

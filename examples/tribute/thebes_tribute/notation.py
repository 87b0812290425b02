"""Tribute's notation (README.md, "Notation"): two events, one spelling each.

* ``favour N``: chance turns favour card ``N`` (engine action ``FAVOUR + N``);
* ``bid N``: the seat to move lays tribute card ``N`` face down (engine action ``N``).

Actions are small ints so the search's fast path copies nothing. Numbers are
plain ASCII decimal; ``bid 05`` parses but is not canonical (the base class
refuses it with the spelling to write), ``bid ²`` and ``bid 5000`` are no event.
"""

from __future__ import annotations

import re

from thebes.core import InvalidEventError

#: a favour card ``N`` is the chance action ``FAVOUR + N`` (bids are 1..MAX_CARDS < FAVOUR).
FAVOUR = 100
#: the most cards the option ``cards`` allows.
MAX_CARDS = 15
MIN_CARDS = 3

_EVENT = re.compile(r"(favour|bid) ([0-9]{1,2})")


def action_text(action: int) -> str:
    """The one spelling of ``action``."""
    if action > FAVOUR:
        return f"favour {action - FAVOUR}"
    return f"bid {action}"


def parse_action(text: str) -> int:
    """The action ``text`` spells; :class:`InvalidEventError` for text that is no event."""
    m = _EVENT.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        raise InvalidEventError("events are 'favour N' and 'bid N' (N a card, 1 up)")
    value = int(m.group(2))
    return FAVOUR + value if m.group(1) == "favour" else value


#: how another seat sees a bid (README.md, "What each seat sees").
HIDDEN_BID = "bid ?"

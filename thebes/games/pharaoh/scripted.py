"""Pharaoh: scripted strategies of the kind casual players use (issue 32, item 3).

Rules of thumb about what to build and which die action to take, read off the legal
moves' notation and the seat's own sheet (its building counts), with no look-ahead:
opponents for the ladder (``scripted-<name>`` bots, thebes/bots/scripted.py), not players
to tune the search to. Nothing is hidden in Pharaoh; the strategies draw nothing at
random.

* ``points``: builds the most points it can pay for now (monument, then the 2-point
  buildings, then a production building it lacks), on the first square that earns the
  building's bonus, else the first empty one; takes the die action whose resource it
  holds least of; never shifts; starts with gold and gold, takes gold from a guild.
* ``economy``: first one of each production building (housing, farming, treasury,
  industrial), then a second treasury and industrial, then monuments and the 2-point
  buildings; otherwise the same as ``points``.

Both erase a road first, else the least valuable building; neither ever draws a road.
"""

from __future__ import annotations

import random
from typing import Any

from thebes.core import State
from thebes.games.pharaoh.board import ADJACENT, EDGE, KINDS, RIVER, SQUARE_NAMES

_INDEX = {name: i for i, name in enumerate(SQUARE_NAMES)}
_KIND = {name: i for i, name in enumerate(KINDS)}
_PRODUCERS = ("housing", "farming", "treasury", "industrial")
_ACTION_RESOURCE = {"train": 0, "harvest": 1, "collect": 2, "produce": 3}
_ERASE_ORDER = ("road", "housing", "farming", "industrial", "treasury", "military",
                "religious", "guild", "admin", "monument")


def _bonus(kind: str, square: int, cells: list[int]) -> bool:
    """Whether ``kind`` on ``square`` earns its +1 (docs/games/pharaoh/spec.md)."""
    near = [cells[n] for n in ADJACENT[square]]
    if kind == "housing" or kind == "admin":
        return _KIND["road"] in near
    if kind == "industrial":
        return EDGE[square]
    if kind == "farming":
        return RIVER in near
    if kind == "treasury":
        return _KIND["admin"] in near
    return False


def _build_order(style: str, count: list[int]) -> list[str]:
    scoring = ["monument", "admin", "guild", "military", "religious"]
    if style == "points":
        missing = [k for k in _PRODUCERS if not count[_KIND[k]]]
        return scoring + missing
    order = [k for k in _PRODUCERS if not count[_KIND[k]]]
    order += [k for k in ("treasury", "industrial") if count[_KIND[k]] < 2]
    return order + scoring + [k for k in _PRODUCERS if count[_KIND[k]] < 3]


def choose_text(style: str, texts: list[str], sheet: Any) -> int:
    """The index in ``texts`` (the legal moves' notation) the strategy picks."""
    words = [t.split() for t in texts]
    if any(w[0] == "build" for w in words):
        for kind in _build_order(style, sheet.count):
            squares = [i for i, w in enumerate(words) if w[0] == "build" and w[1] == kind]
            if squares:
                for i in squares:
                    if _bonus(kind, _INDEX[words[i][2]], sheet.cells):
                        return i
                return squares[0]
        return texts.index("skip") if "skip" in texts else 0
    if words[0][0] == "take":
        return max(range(len(texts)), key=lambda i: (texts[i].count("gold"), -i))
    if any(w[0] == "action" for w in words):
        actions = [i for i, w in enumerate(words) if w[0] == "action"]
        storage = sheet.storage

        def key(i: int) -> tuple[int, int]:
            name = words[i][1]
            if name in _ACTION_RESOURCE:
                return (1, -storage[_ACTION_RESOURCE[name]])
            return (0, 0)
        return max(actions, key=key)
    if words[0][0] == "erase":
        rank = {name: r for r, name in enumerate(_ERASE_ORDER)}
        return min(range(len(texts)),
                   key=lambda i: (rank.get(KINDS[sheet.cells[_INDEX[words[i][1]]]]
                                           if 0 <= sheet.cells[_INDEX[words[i][1]]] < len(KINDS)
                                           else "", 99), i))
    return 0


def choose(strategy: str, state: State, seat: int, rng: random.Random, legal: list[int]
           ) -> Any:
    """``strategy``'s move for ``seat`` (one of several ``legal``), from the moves'
    notation and the seat's own sheet."""
    table = state.determinize(seat, rng)
    texts = [state.action_to_text(a) for a in legal]
    return legal[choose_text(strategy, texts, table.sheets[seat])]


#: the strategies this game offers as ``scripted-<name>`` bots.
STRATEGIES = ("points", "economy")

__all__ = ["STRATEGIES", "choose", "choose_text"]

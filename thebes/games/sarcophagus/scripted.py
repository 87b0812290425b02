"""Sarcophagus: scripted strategies of the kind casual players use (issue 32, item 3).

Rules of thumb about which coin to put where, with no look-ahead: opponents for the
ladder (``scripted-<name>`` bots, thebes/bots/scripted.py), not players to tune the
search to. Each reads only its seat's information set (``determinize(seat, rng)``,
of which it looks only at face-up tiles, the coins' owners and its own hand).

* ``cheap``: the first coin (on the top-left tile) is my lowest; the second goes, also
  my lowest, on the face-up tile of highest rank (a god counts as a 3, a trap as
  nothing) that still takes a coin.
* ``contest``: goes for majorities: the second coin on the best face-up tile where one
  more coin of mine makes or keeps the most coins there, with my highest coin where that
  only ties; the first coin high when the top-left tile is worth having, else low.
* ``gods``: a god first, then the suit it has most of: values a face-up tile by its rank
  plus two for a number of the suit it collects, a god at six until it holds one, a trap
  at minus four; lowest coins everywhere.

A trap's discard, for all: the lowest number tile.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from thebes.core import State
from thebes.games.sarcophagus import notation as nt
from thebes.games.sarcophagus.state import END_TRAP, PLACE1, PLACE2, TRAP


def _options(legal: list[int]) -> dict[int, list[int]]:
    """Position -> the coin values a legal ``place`` puts there."""
    out: dict[int, list[int]] = {}
    for a in legal:
        if a < nt.PASS:
            pos, value = divmod(a, nt.NUM_VALUES)
            out.setdefault(pos, []).append(value)
    return out


def _rank_worth(tile: int) -> float:
    r = nt.rank(tile)
    return 3.0 if r == nt.ACE else (-1.0 if r == nt.NULL else float(r))


def _counts(table: Any, pos: int) -> list[int]:
    counts = [0] * table.num_players
    for c in table.coins[pos * 4:pos * 4 + table.ncoins[pos]]:
        counts[c // 6] += 1
    return counts


def _face_up(table: Any, pos: int) -> bool:
    return bool(table.faceup >> pos & 1 and table.present >> pos & 1)


def cheap(table: Any, seat: int, legal: list[int]) -> int:
    options = _options(legal)
    if table.phase == PLACE1:
        pos = next(iter(options))
        return nt.place_action(min(options[pos]), pos)
    pos = max(options, key=lambda p: (_rank_worth(table.layout[p]), -p))
    return nt.place_action(min(options[pos]), pos)


def contest(table: Any, seat: int, legal: list[int]) -> int:
    options = _options(legal)
    if table.phase == PLACE1:
        pos = next(iter(options))
        values = options[pos]
        worth = _rank_worth(table.layout[pos])
        return nt.place_action(max(values) if worth >= 3 else min(values), pos)

    def score(p: int) -> tuple[float, int]:
        counts = _counts(table, p)
        mine = counts[seat] + 1
        others = max(c for s, c in enumerate(counts) if s != seat)
        lead = 2.0 if mine > others else (0.5 if mine == others else -2.0)
        return (_rank_worth(table.layout[p]) + lead, -p)
    pos = max(options, key=score)
    counts = _counts(table, pos)
    others = max(c for s, c in enumerate(counts) if s != seat)
    values = options[pos]
    return nt.place_action(max(values) if counts[seat] + 1 == others else min(values), pos)


def gods(table: Any, seat: int, legal: list[int]) -> int:
    options = _options(legal)
    held = table.held(seat)
    has_god = bool(table.gods >> seat & 1)
    suits = [0] * 4
    for t in held:
        if nt.rank(t) >= 2:
            suits[t // 6] += 1
    favourite = max(range(4), key=lambda s: suits[s])

    def worth(p: int) -> tuple[float, int]:
        tile = table.layout[p]
        r = nt.rank(tile)
        if r == nt.ACE:
            return (0.5 if has_god else 6.0, -p)
        if r == nt.NULL:
            return (-4.0, -p)
        return (r + (2.0 if tile // 6 == favourite and suits[favourite] else 0.0), -p)
    if table.phase == PLACE1:
        pos = next(iter(options))
    else:
        pos = max(options, key=worth)
    return nt.place_action(min(options[pos]), pos)


#: name -> rule ``(table, seat, legal) -> action`` for a placement.
RULES: dict[str, Callable[[Any, int, list[int]], int]] = {
    "cheap": cheap, "contest": contest, "gods": gods}


def choose(strategy: str, state: State, seat: int, rng: random.Random, legal: list[int]
           ) -> int:
    """``strategy``'s move for ``seat`` (one of several ``legal``): placements by
    ``RULES[strategy]`` on the seat's information set, a trap's discard the same for all."""
    table = state.determinize(seat, rng)
    if table.phase in (TRAP, END_TRAP):
        return min(legal, key=lambda a: (nt.rank(a - nt.DISCARD), a))
    if table.phase in (PLACE1, PLACE2):
        return RULES[strategy](table, seat, legal)
    return legal[0]


#: the strategies this game offers as ``scripted-<name>`` bots.
STRATEGIES = tuple(RULES)

__all__ = ["RULES", "STRATEGIES", "choose"]

"""Ra: scripted strategies of the kind casual players use (issue 32, item 3).

Each is a handful of rules of thumb about when to draw, call Ra, bid and play a god,
with no look-ahead and no worth of a display beyond counting tiles. They are
opponents for the ladder (``scripted-<name>`` bots: thebes/bots/scripted.py), not
players to tune the search to: the strategy the issue measured with is kept outside the
project, and these are written from the same kind of advice, not from it.

Every strategy reads only its seat's information set (``determinize(seat, rng)``: in
Ra, the public table) and draws nothing at random: the same table, the same move.

* ``lots``: bid the lowest sun that wins on any lot of three or more tiles; call Ra when
  the track holds a god, or pharaohs that would give me the most; draw otherwise.
* ``big``: wait for a big lot: call Ra at five tiles that are not disasters, bid the
  lowest winning sun on four or more of them (the highest sun on six or more); play a god
  on gold or a monument.
* ``sets``: a collector: counts the tiles of a lot it wants (a new civilization, a
  monument it has or one more of a kind it holds, gold, gods, pharaohs, a flood or Nile
  with a flood) less a disaster that would strike it; calls Ra and bids its lowest
  winning sun at two or more, plays a god on a wanted tile.
* ``thrifty``: spends small suns freely and keeps its biggest: calls Ra at three tiles
  with no disaster, bids any sun but its biggest on a lot of two good tiles, its biggest
  only on six.
"""

from __future__ import annotations

import random
from typing import Callable

from thebes.core import State
from thebes.games.ra import notation as nt
from thebes.games.ra.state import AUCTION, DISCARD, GOD_PLAYED, RaState
from thebes.games.ra.tiles import (CIVILIZATIONS, DROUGHT, EARTHQUAKE, FLOOD, FUNERAL, GOD,
                                   GOLD, MONUMENTS, NILE, PHARAOH, UNREST)

_DISASTERS = (FUNERAL, DROUGHT, UNREST, EARTHQUAKE)


def _track(table: RaState) -> list[int]:
    return [k for k in table.track if k >= 0]


def _good(tiles: list[int]) -> int:
    return sum(1 for k in tiles if k not in _DISASTERS)


def _lowest_winning_bid(table: RaState, legal: list[int]) -> int | None:
    bids = sorted(a for a in legal if a != nt.PASS)
    return bids[0] if bids else None


def _must_bid(legal: list[int]) -> bool:
    return nt.PASS not in legal


def _discard(table: RaState, seat: int, legal: list[int]) -> int:
    """Lose what hurts least by counting: a kind held twice or more before a single one."""
    display = table.display[seat]

    def hurt(action: int) -> tuple[int, int]:
        kinds = nt.discard_kinds(action)
        singles = sum(1 for k in set(kinds) if display[k] <= kinds.count(k))
        return (singles, action)
    return min(legal, key=hurt)


def _pharaoh_lead(table: RaState, seat: int, tiles: list[int]) -> bool:
    mine = table.display[seat][PHARAOH] + tiles.count(PHARAOH)
    others = [table.display[s][PHARAOH] for s in range(table.num_players) if s != seat]
    return tiles.count(PHARAOH) > 0 and mine > max(others)


def _wanted(table: RaState, seat: int, tiles: list[int]) -> int:
    """How many tiles of ``tiles`` a collector wants, less the disasters that would hit it."""
    display = table.display[seat]
    n = 0
    civ_seen = set()
    for k in tiles:
        if k in CIVILIZATIONS:
            if not display[k] and k not in civ_seen:
                n += 1
            civ_seen.add(k)
        elif k in MONUMENTS:
            n += 1
        elif k in (GOLD, GOD, PHARAOH, FLOOD):
            n += 1
        elif k == NILE and display[FLOOD]:
            n += 1
    for k in tiles:
        if k == FUNERAL and display[PHARAOH]:
            n -= 1
        elif k == DROUGHT and (display[FLOOD] or display[NILE]):
            n -= 1
        elif k == UNREST and any(display[c] for c in CIVILIZATIONS):
            n -= 1
        elif k == EARTHQUAKE and any(display[m] for m in MONUMENTS):
            n -= 1
    return n


def _god_on(table: RaState, legal: list[int], kinds: tuple[int, ...]) -> int | None:
    for action in legal:
        if nt.GOD < action < nt.BID and action - nt.GOD in kinds:
            return action
    return None


def lots(table: RaState, seat: int, legal: list[int]) -> int:
    tiles = _track(table)
    if table.phase == AUCTION:
        if _must_bid(legal) or len(tiles) >= 3:
            bid = _lowest_winning_bid(table, legal)
            if bid is not None:
                return bid
        return nt.PASS
    if table.phase == GOD_PLAYED:
        return nt.END
    if nt.DRAW not in legal:
        return nt.RA_MOVE
    if GOD in tiles or _pharaoh_lead(table, seat, tiles):
        return nt.RA_MOVE
    return nt.DRAW


def big(table: RaState, seat: int, legal: list[int]) -> int:
    tiles = _track(table)
    good = _good(tiles)
    if table.phase == AUCTION:
        bids = sorted(a for a in legal if a != nt.PASS)
        if bids and (good >= 6):
            return bids[-1]
        if bids and (good >= 4 or _must_bid(legal)):
            return bids[0]
        return nt.PASS
    god = _god_on(table, legal, (GOLD,) + MONUMENTS)
    if god is not None:
        return god
    if table.phase == GOD_PLAYED:
        return nt.END
    if nt.DRAW not in legal or good >= 5:
        return nt.RA_MOVE
    return nt.DRAW


def sets(table: RaState, seat: int, legal: list[int]) -> int:
    tiles = _track(table)
    want = _wanted(table, seat, tiles)
    if table.phase == AUCTION:
        if _must_bid(legal) or want >= 2:
            bid = _lowest_winning_bid(table, legal)
            if bid is not None:
                return bid
        return nt.PASS
    display = table.display[seat]
    for action in legal:
        if nt.GOD < action < nt.BID and _wanted(table, seat, [action - nt.GOD]) > 0 \
                and action - nt.GOD != GOD and (action - nt.GOD in (GOLD,) + MONUMENTS
                                                or action - nt.GOD in CIVILIZATIONS
                                                and not display[action - nt.GOD]):
            return action
    if table.phase == GOD_PLAYED:
        return nt.END
    if nt.DRAW not in legal or want >= 2:
        return nt.RA_MOVE
    return nt.DRAW


def thrifty(table: RaState, seat: int, legal: list[int]) -> int:
    tiles = _track(table)
    good = _good(tiles)
    disasters = len(tiles) - good
    if table.phase == AUCTION:
        suns = table.suns_up[seat]
        biggest = max(suns)
        bids = sorted(a for a in legal if a != nt.PASS)
        small = [a for a in bids if a - nt.BID != biggest or len(suns) == 1]
        if _must_bid(legal):
            return (small or bids)[0]
        if small and good - disasters >= 2:
            return small[0]
        if bids and good >= 6:
            return bids[0]
        return nt.PASS
    if table.phase == GOD_PLAYED:
        return nt.END
    if nt.DRAW not in legal or (good >= 3 and not disasters):
        return nt.RA_MOVE
    return nt.DRAW


#: name -> rule ``(table, seat, legal) -> action`` for a decision that is not a discard.
RULES: dict[str, Callable[[RaState, int, list[int]], int]] = {
    "lots": lots, "big": big, "sets": sets, "thrifty": thrifty}


def choose(strategy: str, state: State, seat: int, rng: random.Random, legal: list[int]
           ) -> int:
    """``strategy``'s move for ``seat`` (one of several ``legal``): a discard the same for
    all, any other decision by ``RULES[strategy]`` on the seat's information set."""
    table: RaState = state.determinize(seat, rng)  # type: ignore[assignment]
    if table.phase == DISCARD:
        return _discard(table, seat, legal)
    return RULES[strategy](table, seat, legal)


#: the strategies this game offers as ``scripted-<name>`` bots.
STRATEGIES = tuple(RULES)

__all__ = ["RULES", "STRATEGIES", "choose"]

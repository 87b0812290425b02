"""Ra's greedy bot: values a lot by the fame it would add to its display now.

The value of a display is an estimate of what it will score: gods, gold,
civilization kinds, Nile with floods, monuments (scored at the end, so
counted with a weight that grows with the epoch), and the pharaoh race
against the other displays. A lot is worth the difference its tiles make,
after the disasters in it strike (each discard chosen to lose least). The
bot invokes Ra or bids when that worth beats what the sun costs, plays a god
when a tile on the track is worth more than the god's own 2 points, and
otherwise draws.

It reads only its seat's information set: ``state.determinize(seat, rng)``
(in Ra, a copy of the public table).
"""

from __future__ import annotations

import random
from typing import Any

from thebes.core import State
from thebes.games.ra import notation as nt
from thebes.games.ra.scoring import monument_points
from thebes.games.ra.state import AUCTION, DISCARD, GOD_PLAYED, RaState, discard_options
from thebes.games.ra.tiles import (CIVILIZATIONS, FLOOD, FUNERAL, GOD, GOLD, NILE, PHARAOH,
                                   RA_TRACK_END)

_CIV = (-5, 0, 0, 5, 10, 15)
_C0, _C1 = CIVILIZATIONS[0], CIVILIZATIONS[-1] + 1


def display_value(display: list[int], others_pharaohs: list[int], epoch: int) -> float:
    """Estimated fame of a display (see the module docstring)."""
    value = 2.0 * display[GOD] + 3.0 * display[GOLD]
    civ = display[_C0:_C1]
    value += _CIV[5 - civ.count(0)]
    value += 0.4 * sum(civ)  # spare tiles guard against unrest
    if display[FLOOD]:
        value += display[NILE] + display[FLOOD]
    else:
        value += 0.3 * display[NILE]
    value += monument_points(display) * (0.5 + 0.25 * epoch)
    mine = display[PHARAOH]
    if others_pharaohs:
        if mine >= max(others_pharaohs):
            value += 5
        elif mine < min(others_pharaohs):
            value -= 2
    value += 0.5 * mine  # pharaohs stay for later epochs
    return value


def lot_value(display: list[int], tiles: list[int], others_pharaohs: list[int],
              epoch: int) -> float:
    """Worth to this display of taking ``tiles`` (disasters strike after the rest join)."""
    after = display[:]
    disasters = []
    for k in tiles:
        if k >= FUNERAL:  # the disasters, last in the kinds' order
            disasters.append(k)
        elif k >= 0:
            after[k] += 1
    for disaster in disasters:
        options = discard_options(after, disaster)
        if options:
            after = max((_discarded(after, a) for a in options),
                        key=lambda d: display_value(d, others_pharaohs, epoch))
    return (display_value(after, others_pharaohs, epoch)
            - display_value(display, others_pharaohs, epoch))


def sun_cost(table: RaState, sun: int) -> float:
    """What spending ``sun`` costs: a share of this epoch's remaining chances, plus the
    sun's face value lost for the final sun count (scaled)."""
    return 3.0 + 0.25 * sun


def _discarded(display: list[int], action: int) -> list[int]:
    out = display[:]
    for k in nt.discard_kinds(action):
        out[k] -= 1
    return out


def policy(table: RaState, seat: int, rng: random.Random, noise: float = 0.0) -> int:
    """The greedy choice for ``seat`` (to move) on a full state it may read: a
    determinization, or a playout's state inside a search."""
    legal = table.legal_actions()
    if len(legal) == 1:
        return legal[0]
    display = table.display[seat]
    others = [table.display[s][PHARAOH] for s in range(table.num_players) if s != seat]
    epoch = table.epoch
    track = [k for k in table.track if k >= 0]
    jitter = (lambda: rng.gauss(0.0, noise)) if noise else (lambda: 0.0)

    if table.phase == DISCARD:
        return max(legal, key=lambda a: display_value(_discarded(display, a), others, epoch)
                   + jitter())
    if table.phase == AUCTION:
        worth = lot_value(display, track, others, epoch) + jitter()
        worth += 0.15 * table.centre
        bids = sorted(a for a in legal if a != nt.PASS)
        must_bid = nt.PASS not in legal
        for action in bids:  # lowest winning sun first
            if must_bid or worth > sun_cost(table, action - nt.BID):
                return action
        return nt.PASS
    # a turn, or after a god
    best_god, best_god_worth = None, 2.5
    for action in legal:
        if action > nt.GOD and action < nt.BID:
            w = lot_value(display, [action - nt.GOD], others, epoch) + jitter()
            if w > best_god_worth:
                best_god, best_god_worth = action, w
    if best_god is not None:
        return best_god
    if table.phase == GOD_PLAYED:
        return nt.END
    worth = lot_value(display, track, others, epoch) + 0.15 * table.centre + jitter()
    suns = table.suns_up[seat]
    cheapest = min(suns)
    ra_pressure = table.ra_count / RA_TRACK_END[table.num_players]
    if nt.DRAW not in legal or worth > sun_cost(table, cheapest) + 2 - 2 * ra_pressure:
        return nt.RA_MOVE
    return nt.DRAW


class GreedyBot:
    """See the module docstring. ``noise`` (>= 0) adds a random term to every worth."""

    name = "greedy"

    def __init__(self, game: str, seat: int, rng: random.Random, noise: float = 0.0,
                 **_: Any) -> None:
        self.seat = seat
        self.rng = rng
        self.noise = noise

    def choose(self, state: State) -> int:
        table: RaState = state.determinize(self.seat, self.rng)  # type: ignore[assignment]
        return policy(table, self.seat, self.rng, self.noise)



__all__ = ["GreedyBot", "display_value", "lot_value", "policy"]

"""Greedy bot for Pharaoh: one look ahead, judged by reputation plus what the sheet can still do.

Each legal move is tried on a copy of ``state.determinize(seat, rng)`` (in
Pharaoh nothing is hidden, so the copy is the position itself) and the copy
is valued by :func:`value`: reputation written and this round's, plus a
worth per resource, per production building (up to the yield cap of 3) and
per unused prevention, all shrinking as the 20 rounds run out, plus the worth
of a pending free build or guild resource. A shift is valued by the best
action it opens (two plies). Ties are broken with the bot's own generator.
The worths (:data:`GREEDY`) were set by hand from solo runs of
benchmarks/pharaoh_bots.py; the search judges with its own
(``search.SEARCH``: this bot with them averages 51 solo, against 33).
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from thebes.core import State
from thebes.games.pharaoh.board import (MONUMENT_LIMIT, PRODUCTION, YIELD_CAP)
from thebes.games.pharaoh.notation import SHIFT
from thebes.games.pharaoh.scoring import round_score
from thebes.games.pharaoh.state import DICE, FREE_BUILD, GUILD_TAKE, ROUNDS

class Worths(NamedTuple):
    """The worths :func:`value` adds to reputation (in reputation points)."""

    #: one unit of labour, grain, gold, material while rounds remain.
    resource: tuple[float, float, float, float]
    #: each production building up to the cap (train, harvest, collect, produce).
    producer: tuple[float, float, float, float]
    #: one unused flood / invasion prevention.
    guard: float
    #: a pending free build while monuments remain, and after.
    free_build: tuple[float, float]
    #: resources keep their full worth while at least this many rounds remain, then shrink.
    horizon: float


#: The greedy bot's worths, set by hand from solo runs of benchmarks/pharaoh_bots.py.
GREEDY = Worths(resource=(0.4, 0.5, 1.5, 1.0), producer=(0.2, 0.5, 2.0, 1.0), guard=1.0,
                free_build=(5.0, 2.5), horizon=4)


def value(state: Any, seat: int, worths: Worths = GREEDY) -> float:
    """Worth of ``state`` for ``seat``: reputation plus the sheet's potential (see module doc)."""
    sheet = state.sheets[seat]
    written = len(sheet.rounds) >= state.round
    score = sheet.total if written else sheet.total + round_score(sheet, state.marked)[0]
    left = ROUNDS - state.round  # rounds still to roll after this one
    keep = min(1.0, left / worths.horizon)
    storage = sheet.storage
    r0, r1, r2, r3 = worths.resource
    # the same sums in the same order as a loop over the four resources and the producers
    # (float addition is not associative: the greedy bot's ties depend on it)
    worth = score + r0 * storage[0] * keep
    worth += r1 * storage[1] * keep
    worth += r2 * storage[2] * keep
    worth += r3 * storage[3] * keep
    count = sheet.count
    for w, (_, enabler) in zip(worths.producer, PRODUCTION):
        c = count[enabler]
        worth += w * (c if c < YIELD_CAP else YIELD_CAP) * left / ROUNDS
    worth += worths.guard * (sheet.flood_guard + sheet.invasion_guard) * left / ROUNDS
    if state.seat == seat:
        if state.phase == FREE_BUILD:
            worth += worths.free_build[sheet.monuments >= MONUMENT_LIMIT]
        elif state.phase == GUILD_TAKE:
            worth += max(worths.resource) * keep
    return worth


class GreedyBot:
    """Picks the move whose resulting position :func:`value` rates highest. ``noise``
    (>= 0, in reputation points) adds a random term to every value (the ``easy`` level);
    ``worths`` (default :data:`GREEDY`) are the worths it judges with."""

    name = "greedy"

    def __init__(self, game: str, seat: int, rng: random.Random, noise: float = 0.0,
                 worths: Worths = GREEDY, **params: Any) -> None:
        self.seat = seat
        self.rng = rng
        self.noise = noise
        self.worths = worths

    def choose(self, state: State) -> Any:
        """A legal action for ``state`` (the bot's seat is to move)."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        root = state.determinize(self.seat, self.rng)
        best, best_value = [], float("-inf")
        for action in actions:
            child = root.clone()
            child.apply_action(action)
            v = self._after(child, action)
            if self.noise:
                v += self.rng.gauss(0.0, self.noise)
            if v > best_value + 1e-9:
                best, best_value = [action], v
            elif v > best_value - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _after(self, child: Any, action: Any) -> float:
        """Value after ``action``; after a shift, the best action it opens."""
        if child.phase == DICE and child.seat == self.seat and action >= SHIFT:
            out = float("-inf")
            for follow in child.legal_actions():
                grandchild = child.clone()
                grandchild.apply_action(follow)
                out = max(out, value(grandchild, self.seat, self.worths))
            return out
        return value(child, self.seat, self.worths)

"""Pharaoh's Heir's legal moves (shared/spec/pharaohs-heir.md, Notation summary):
the lists and lazy views (:mod:`.views`) ``legal_actions`` gives, and the frames
they are built from, shared with :mod:`.playout`'s draws."""

from __future__ import annotations

from typing import Any

from thebes.core import State, TooManyOutcomes

from .actions import (BONUS_ACTION, BUILD, OFFER, PASS_ACTION, PAY, PEEK_ACTION, PLACE, PROTECT,
                      STARVE, TAKE)
from .phases import (CHOICE_LISTS, P_BLESSING, P_BONUS, P_BUILD, P_CHOOSE, P_LAND, P_NILE,
                     P_OFFER, P_PAY, P_PLACE, P_REAP, P_STARVE, P_TAKE, P_UNREST, PHASE_NAMES,
                     SPLIT_PHASES, STACK, TURNS)
from .pieces import CROP, NEIGHBOURS, ROWS, SLOTS, TEMPLE, ZERO_SLOTS
from .views import Exchanges, Splits


class Moves(State):
    """The legal-move half of :class:`~.state.PharaohsHeirState` (a mixin: no fields)."""

    __slots__ = ()

    # ------------------------------------------------------------ legal moves
    def legal_actions(self):
        """The legal moves: a list, or a lazy view (:mod:`.views`) for token
        distributions and exchanges. At a ``blessing`` node its outcomes."""
        phase = self.phase
        p = self.cur
        if phase == P_CHOOSE:
            return CHOICE_LISTS[self.actions_left][:]
        if phase == P_TAKE:
            return self._takes()
        if phase in SPLIT_PHASES:
            return Splits(*self._distribution(phase, p))
        if phase == P_BONUS:
            return [BONUS_ACTION, PEEK_ACTION] if self.turn < TURNS - 1 else [BONUS_ACTION]
        if phase == P_REAP:
            return Exchanges(*self._exchange_bins(p))
        if phase == P_BUILD:
            return self._builds()
        if phase == P_BLESSING:
            return [a for a, _ in self.chance_outcomes()]
        if phase in (P_NILE, P_LAND):
            raise TooManyOutcomes(PHASE_NAMES[phase])
        return []

    def _distribution(self, phase: int, p: int) -> tuple[int, Any, list[int], int]:
        """(kind, bins, caps, total) of the token distribution seat ``p`` decides in
        ``phase`` (one of SPLIT_PHASES): its moves are every :class:`Splits` form."""
        if phase == P_OFFER:
            base = p * SLOTS
            bins = [-1]
            caps = [self.grain[p]]
            pop = self.pop
            total = caps[0]
            for s in range(base + ROWS, base + ROWS + self.height[p * 3 + TEMPLE]):
                if pop[s]:
                    bins.append(s - base)
                    caps.append(pop[s])
                    total += pop[s]
            return OFFER, bins, caps, min(self.due, total)
        if phase == P_PLACE:
            slots = self._slots(p)
            return PLACE, slots, [self.pending] * len(slots), self.pending
        if phase == P_PAY:
            bins = self._populated(p)
            base = p * SLOTS
            pop = self.pop
            return PAY, bins, [pop[base + s] for s in bins], self.pending
        if phase == P_STARVE:
            bins = self._populated(p)
            return STARVE, bins, [1] * len(bins), self.pending
        if phase == P_UNREST:
            return PLACE, list(ZERO_SLOTS), [self.pending] * 3, self.pending
        base = p * SLOTS  # P_PROTECT
        bins = [s for s in self._slots(p) if self.bld[base + s]]
        walls = sum(v * self.wall[p * 7 + v] for v in range(1, 7))
        return PROTECT, bins, [1] * len(bins), min(walls, len(bins))

    def _exchange_bins(self, p: int) -> tuple[list[int], list[int]]:
        """(bins, caps) of seat ``p``'s harvest exchanges: its populated crop slots."""
        base = p * SLOTS + 2 * ROWS
        pop = self.pop
        bins = []
        caps = []
        for s in range(base, base + self.height[p * 3 + CROP]):
            if pop[s]:
                bins.append(s - p * SLOTS)
                caps.append(pop[s])
        return bins, caps

    def is_legal(self, action) -> bool:
        """Whether ``action`` is legal here; a malformed action is simply not legal."""
        try:
            return super().is_legal(action)
        except TypeError:
            return False

    def _slots(self, p: int) -> tuple[int, ...]:
        """The slots holding land tiles on seat ``p``'s mat, canonical order."""
        return self.mat_slots[p]

    def reslot(self, p: int) -> None:
        """Recompute seat ``p``'s slot list from the column heights."""
        h = self.height
        out: list[int] = []
        for col in range(3):
            start = col * ROWS
            out.extend(range(start, start + h[p * 3 + col]))
        self.mat_slots[p] = tuple(out)

    def _populated(self, p: int) -> list[int]:
        base = p * SLOTS
        pop = self.pop
        return [s for s in self._slots(p) if pop[base + s]]

    def _face_up(self) -> list[tuple[int, int]]:
        """(stack index, tile) of this cycle's face-up land tiles."""
        if self.depth >= STACK:
            return []
        land = self.land
        out = []
        for k in range(self.num_players):
            if not self.taken >> k & 1:
                out.append((k, land[(self.stack0 + k) * STACK + self.depth]))
        return out

    def _takes(self) -> list[tuple]:
        tiles = sorted({t for _, t in self._face_up()})
        if self.cur == self.overseer:
            return [(TAKE, t, col) for t in tiles for col in range(3)]
        return [(TAKE, t, t >> 3) for t in tiles]

    def _build_frame(self) -> tuple[int, int, list[int], int, list[int]]:
        """What every build of the seat to move starts from: (seat, its first slot index,
        its slots, its population in all, the canal squares it may dig, -1 for none)."""
        p = self.cur
        base = p * SLOTS
        pop = self.pop
        slots = self._slots(p)
        total = 0
        for s in slots:
            total += pop[base + s]
        canal = self.canal
        canals = [-1]
        if self.grain[p] >= 1 and total >= 1:
            for s in slots:
                if not canal[base + s]:
                    if s % ROWS == 0:
                        canals.append(s)
                        continue
                    for t in NEIGHBOURS[s]:
                        if canal[base + t]:
                            canals.append(s)
                            break
        return p, base, slots, total, canals

    def _builds(self) -> list[tuple]:
        p, base, slots, total, canals = self._build_frame()
        pop = self.pop
        values = [v for v in range(1, 7) if self.reserve[p * 7 + v]]
        sites = [s for s in slots if not self.bld[base + s]]
        out = [PASS_ACTION]
        overseer = p == self.overseer
        site_pops = [(q, pop[base + q]) for q in sites]
        for c in canals:
            if c >= 0:
                if not overseer and not pop[base + c]:
                    continue
                out.append((BUILD, c, 0, -1))
                spare = total - 1
            else:
                spare = total
            for v in values:
                if v > spare:
                    break
                out.append((BUILD, c, v, -1))
                if overseer:
                    out.extend((BUILD, c, v, q) for q in sites)
                else:
                    out.extend([(BUILD, c, v, q) for q, k in site_pops if k >= v + (q == c)])
        return out

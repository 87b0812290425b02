"""Pharaoh's Heir's random playouts: every move drawn exactly as
``rng.choice(legal_actions())`` draws it (the same generator calls, the same move)
without building the list (docs/ARCHITECTURE.md, the state contract)."""

from __future__ import annotations

import random

from thebes.core import CHANCE
from thebes.core.state import randbelow

from .actions import BUILD, PASS_ACTION, TAKE
from .moves import Moves
from .phases import (CHOICE_LISTS, P_BUILD, P_CHOOSE, P_OFFER, P_PAY, P_PLACE, P_REAP, P_TAKE,
                     SPLIT_PHASES)
from .views import random_exchange, random_split


class RandomPlay(Moves):
    """The random-playout half of :class:`~.state.PharaohsHeirState` (a mixin: no fields)."""

    __slots__ = ()

    def random_action(self, rng: random.Random):
        """``rng.choice(self.legal_actions())`` drawn without the list or view: an action
        choice (its shared list), a build (counted, then the move at the drawn index made),
        a token distribution or exchange (counted, then the form at the drawn index built);
        the same generator calls, the same move."""
        phase = self.phase
        if phase == P_CHOOSE:
            moves = CHOICE_LISTS[self.actions_left]
            return moves[randbelow(rng, len(moves))]
        if phase == P_BUILD:
            return self._random_build(rng)
        if phase in SPLIT_PHASES:
            return random_split(rng, *self._distribution(phase, self.cur))
        if phase == P_REAP:
            return random_exchange(rng, *self._exchange_bins(self.cur))
        if phase == P_TAKE:
            return self._random_take(rng)
        moves = self.legal_actions()
        if not moves:
            raise IndexError("no legal move")
        return moves[randbelow(rng, len(moves))]

    def _random_take(self, rng: random.Random) -> tuple:
        """``rng.choice(self._takes())``: the face-up tiles counted, the drawn move built."""
        tiles = sorted({t for _, t in self._face_up()})
        if self.cur == self.overseer:
            i, col = divmod(randbelow(rng, 3 * len(tiles)), 3)
            return (TAKE, tiles[i], col)
        t = tiles[randbelow(rng, len(tiles))]
        return (TAKE, t, t >> 3)

    def random_playout(self, rng: random.Random) -> int:
        """``State.random_playout`` reading the seat to move from its field (no call per
        event), drawing each move by phase as :meth:`random_action` does and applying the
        common ones through their rule directly: the same calls, the same game."""
        n = 0
        apply_action = self.apply_action
        random_action = self.random_action
        sample_chance = self.sample_chance
        choose = self._choose
        distribution = self._distribution
        split_phases = SPLIT_PHASES
        while True:
            cur = self.cur
            if cur >= 0:
                phase = self.phase
                if phase == P_CHOOSE:
                    moves = CHOICE_LISTS[self.actions_left]
                    choose(moves[randbelow(rng, len(moves))][1])
                elif phase in split_phases:
                    move = random_split(rng, *distribution(phase, cur))
                    if phase == P_OFFER:
                        self._offer(move[1], move[2])
                    elif phase == P_PLACE:
                        self._add(cur, move[1])
                        self._next_player() or self._end_action()
                    elif phase == P_PAY:
                        self._remove(cur, move[1])
                        self._next_player() or self._end_action()
                    else:
                        apply_action(move)
                elif phase == P_TAKE:
                    move = self._random_take(rng)
                    self._take(move[1], move[2])
                elif phase == P_REAP:
                    self._reap(random_exchange(rng, *self._exchange_bins(cur))[1])
                else:
                    apply_action(random_action(rng))
            elif cur == CHANCE:
                apply_action(sample_chance(rng))
            else:
                return n
            n += 1

    def _random_build(self, rng: random.Random) -> tuple:
        """``rng.choice(self._builds())``: the same moves in the same order, counted in
        blocks (per canal square and coin value: the build without a site, then one per
        site) from a table of sites by population, only the drawn move built."""
        p, base, slots, total, canals = self._build_frame()
        pop = self.pop
        reserve = self.reserve
        r7 = p * 7
        values = [v for v in range(1, 7) if reserve[r7 + v]]
        bld = self.bld
        sites = [s for s in slots if not bld[base + s]]
        overseer = p == self.overseer
        nsites = len(sites)
        # at_least[v]: the sites holding v or more population tokens (v <= 7)
        at_least = [0] * 9
        if not overseer:
            for q in sites:
                k = pop[base + q]
                at_least[k if k < 7 else 7] += 1
            for v in range(6, -1, -1):
                at_least[v] += at_least[v + 1]

        def block_sites(c: int, v: int) -> int:
            """Sites of a coin of value ``v`` built with canal ``c`` (a canal dug by a
            non-Overseer takes a token from its own square)."""
            if overseer:
                return nsites
            if c >= 0 and not bld[base + c] and pop[base + c] == v:
                return at_least[v] - 1
            return at_least[v]

        count = 1
        for c in canals:
            if c >= 0:
                if not overseer and not pop[base + c]:
                    continue
                count += 1
                spare = total - 1
            else:
                spare = total
            for v in values:
                if v > spare:
                    break
                count += 1 + block_sites(c, v)
        r = randbelow(rng, count)
        if not r:
            return PASS_ACTION
        r -= 1
        for c in canals:
            if c >= 0:
                if not overseer and not pop[base + c]:
                    continue
                if not r:
                    return (BUILD, c, 0, -1)
                r -= 1
                spare = total - 1
            else:
                spare = total
            for v in values:
                if v > spare:
                    break
                if not r:
                    return (BUILD, c, v, -1)
                r -= 1
                k = block_sites(c, v)
                if r < k:
                    qs = sites if overseer else [q for q in sites if pop[base + q] >= v + (q == c)]
                    return (BUILD, c, v, qs[r])
                r -= k
        raise AssertionError("unreachable: r < count")

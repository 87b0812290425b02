"""Pharaoh's Heir's random playouts: every move drawn exactly as
``rng.choice(legal_actions())`` draws it (the same generator calls, the same move)
without building the list (docs/ARCHITECTURE.md, the state contract)."""

from __future__ import annotations

import random

from thebes.core import CHANCE
from thebes.core.state import draw_legal, randbelow

from .actions import BUILD, PASS_ACTION, TAKE
from .moves import Moves
from .phases import (CHOICE_LISTS, P_BONUS, P_BUILD, P_CHOOSE, P_OFFER, P_PAY, P_PLACE, P_REAP,
                     P_TAKE, SPLIT_PHASES, STACK, TURNS)
from .pieces import CROP, ROWS, SLOTS, TEMPLE
from .views import draw_counts, random_exchange, random_split


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
        return draw_legal(self, rng)

    def _random_take(self, rng: random.Random) -> tuple:
        """``rng.choice(self._takes())``: the face-up tiles counted, the drawn move built."""
        if self.depth >= STACK:
            tiles = []
        else:
            land = self.land
            start = self.stack0 * STACK + self.depth
            taken = self.taken
            tiles = sorted({land[start + k * STACK] for k in range(self.num_players)
                            if not taken >> k & 1})
        if self.cur == self.overseer:
            i, col = divmod(randbelow(rng, 3 * len(tiles)), 3)
            return (TAKE, tiles[i], col)
        t = tiles[randbelow(rng, len(tiles))]
        return (TAKE, t, t >> 3)

    def random_playout(self, rng: random.Random) -> int:
        """``State.random_playout`` reading the seat to move from its field (no call per
        event), drawing each move by phase as :meth:`random_action` does and applying the
        common ones in place: a token distribution (``place``, ``pay``, ``offer``) or an
        exchange (``reap``) as its per-slot counts, never built into an action. The same
        generator calls, the same game (tests/core/test_random_action.py)."""
        n = 0
        apply_action = self.apply_action
        random_action = self.random_action
        sample_chance = self.sample_chance
        choose = self._choose
        next_player = self._next_player
        end_action = self._end_action
        distribution = self._distribution
        getrandbits = rng.getrandbits
        pop, grain, height, mat_slots = self.pop, self.grain, self.height, self.mat_slots
        while True:
            cur = self.cur
            if cur >= 0:
                phase = self.phase
                if phase == P_CHOOSE:
                    moves = CHOICE_LISTS[self.actions_left]
                    choose(moves[randbelow(rng, len(moves))][1])
                elif phase == P_PLACE:
                    slots = mat_slots[cur]
                    pending = self.pending
                    counts = draw_counts(rng, (pending,) * len(slots), pending)
                    base = cur * SLOTS
                    for s, k in zip(slots, counts):
                        if k:
                            pop[base + s] += k
                    next_player() or end_action()
                elif phase == P_PAY:
                    base = cur * SLOTS
                    pending = self.pending
                    bins = []
                    caps = []
                    for s in mat_slots[cur]:
                        k = pop[base + s]
                        if k:
                            bins.append(base + s)
                            caps.append(k if k < pending else pending)
                    for i, k in zip(bins, draw_counts(rng, tuple(caps), pending)):
                        if k:
                            pop[i] -= k
                    next_player() or end_action()
                elif phase == P_OFFER:
                    base = cur * SLOTS
                    total = grain[cur]
                    bins = [-1]
                    caps = [total]
                    for i in range(base + ROWS, base + ROWS + height[cur * 3 + TEMPLE]):
                        k = pop[i]
                        if k:
                            bins.append(i)
                            caps.append(k)
                            total += k
                    due = self.due
                    if due < total:
                        total = due
                    counts = draw_counts(rng, tuple([c if c < total else total for c in caps]),
                                         total)
                    # as _offer: the grain and the tokens go, the track records them all
                    grain[cur] -= counts[0]
                    for i, k in zip(bins[1:], counts[1:]):
                        if k:
                            pop[i] -= k
                    self.track[cur * 12 + self.cycle * 6 + self.turn] = total + self._altars(cur)
                    if not next_player():
                        self.phase = P_BONUS
                        self.cur = self.overseer
                elif phase == P_BUILD:
                    move = self._random_build(rng)
                    if move[0] == BUILD:
                        self._build(move[1], move[2], move[3])
                    else:
                        next_player() or end_action()
                elif phase == P_TAKE:
                    move = self._random_take(rng)
                    self._take(move[1], move[2])
                elif phase == P_BONUS:
                    # [bonus, peek] before the last turn, else [bonus]
                    self._bonus(randbelow(rng, 2 if self.turn < TURNS - 1 else 1) == 1)
                elif phase == P_REAP:
                    # as random_exchange, then _reap: 0..k farmers from each populated crop slot
                    base = cur * SLOTS + 2 * ROWS
                    bins = []
                    size = 1
                    for i in range(base, base + height[cur * 3 + CROP]):
                        k = pop[i]
                        if k:
                            bins.append(i)
                            size *= k + 1
                    bits = size.bit_length()
                    index = getrandbits(bits)
                    while index >= size:
                        index = getrandbits(bits)
                    gain = 0
                    for i in bins:
                        index, k = divmod(index, pop[i] + 1)
                        if k:
                            pop[i] -= k
                            gain += k
                    gain += sum(self.bld[base:base + ROWS])
                    if cur == self.overseer:
                        gain += height[cur * 3 + CROP]
                    grain[cur] += gain
                    if not next_player():
                        self.order_i = 0
                        self._payments()
                elif phase in SPLIT_PHASES:
                    apply_action(random_split(rng, *distribution(phase, cur)))
                else:
                    apply_action(random_action(rng))
            elif cur == CHANCE:
                apply_action(sample_chance(rng))
            else:
                return n
            n += 1

    def _random_build(self, rng: random.Random) -> tuple:
        """``rng.choice(self._builds())``: the same moves in the same order, counted in
        blocks, only the drawn move built.

        The moves are ``pass``, then per canal square (none first, then each in
        ``_build_frame`` order) the canal alone, then per coin value ``v`` the build
        without a site and one per site that can pay ``v`` (a site holding ``v`` or more
        tokens, one more where the canal is dug by a non-Overseer; every site for the
        Overseer). A canal square's block is the no-canal block without the value equal
        to the whole population, less the square itself where it is a site holding
        exactly a value's tokens: so the count needs no loop over canals and values."""
        p, base, slots, total, canals = self._build_frame()
        pop = self.pop
        reserve = self.reserve
        r7 = p * 7
        values = [v for v in range(1, 7) if reserve[r7 + v]]
        bld = self.bld
        sites = [s for s in slots if not bld[base + s]]
        overseer = p == self.overseer
        if overseer:
            at_least = [len(sites)] * 9
        else:
            # at_least[v]: the sites holding v or more population tokens (v <= 7)
            at_least = [0] * 9
            for q in sites:
                k = pop[base + q]
                at_least[k if k < 7 else 7] += 1
            for v in range(6, -1, -1):
                at_least[v] += at_least[v + 1]
        below = 0  # the coin values v < total: each its build without a site, and sites
        for v in values:
            if v >= total:
                break
            below += 1 + at_least[v]
        top = 1 + at_least[total] if 1 <= total <= 6 and reserve[r7 + total] else 0

        def own_square(c: int) -> int:
            """The coin value whose block loses canal square ``c`` as a site (a
            non-Overseer digs it, taking one of its tokens), 0 for none."""
            if overseer or bld[base + c]:
                return 0
            k = pop[base + c]
            return k if k < total and k <= 6 and reserve[r7 + k] else 0

        count = 1 + below + top
        for c in canals:
            if c >= 0 and (overseer or pop[base + c]):
                count += 1 + below - (1 if own_square(c) else 0)
        r = randbelow(rng, count)
        if not r:
            return PASS_ACTION
        r -= 1
        for c in canals:
            if c >= 0:
                if not overseer and not pop[base + c]:
                    continue
                size = 1 + below - (1 if own_square(c) else 0)
                if r >= size:
                    r -= size
                    continue
                if not r:
                    return (BUILD, c, 0, -1)
                r -= 1
                spare = total - 1
                lost = own_square(c)
            else:
                if r >= below + top:
                    r -= below + top
                    continue
                spare = total
                lost = 0
            for v in values:
                if v > spare:
                    break
                if not r:
                    return (BUILD, c, v, -1)
                r -= 1
                k = at_least[v] - (v == lost)
                if r < k:
                    qs = sites if overseer else [q for q in sites if pop[base + q] >= v + (q == c)]
                    return (BUILD, c, v, qs[r])
                r -= k
        raise AssertionError("unreachable: r < count")

"""Pharaoh's Heir's phase machine (shared/spec/pharaohs-heir.md): ``apply_action``
and every rule that follows a decision without one of its own (the Nile segment,
population steps, payments, the end of a cycle and the Time of Unrest)."""

from __future__ import annotations

from thebes.core import CHANCE, TERMINAL, State
from thebes.core.state import game_over

import thebes.games.pharaohs_heir.chance as chance
from .actions import BUILD, PEEK
from .phases import (P_BLESSING, P_BONUS, P_BUILD, P_CHOOSE, P_END, P_LAND, P_NILE, P_OFFER,
                     P_PAY, P_PLACE, P_PROTECT, P_REAP, P_STARVE, P_TAKE, P_UNREST, STACK, TURNS)
from .pieces import (CROP, DEVELOP, DROUGHT, FLOOD, HARVEST, POPULATE, ROWS, SACRIFICE, SLOTS,
                     TEMPLE, VILLAGE, ZERO_SLOTS)
from .scoring import cycle_points


class Rules(State):
    """The rules half of :class:`~.state.PharaohsHeirState` (a mixin: no fields)."""

    __slots__ = ()

    # ------------------------------------------------------------ apply
    def apply_action(self, action) -> None:
        """Apply a legal move or chance outcome (unchecked), then every rule that
        follows without a decision, up to the next decision or chance node.
        Raises IllegalEventError once the game is over."""
        phase = self.phase
        if phase == P_END:
            raise game_over(action)
        kind = action[0]
        if phase == P_CHOOSE:
            self._choose(action[1])
        elif phase == P_TAKE:
            self._take(action[1], action[2])
        elif phase == P_OFFER:
            self._offer(action[1], action[2])
        elif phase == P_BONUS:
            self._bonus(kind == PEEK)
        elif phase == P_PLACE:
            self._add(self.cur, action[1])
            self._next_player() or self._end_action()
        elif phase == P_REAP:
            self._reap(action[1])
        elif phase == P_STARVE:
            base = self.cur * SLOTS
            for s in action[1]:
                self.pop[base + s] -= 1
            self.order_i += 1
            self._payments()
        elif phase == P_BUILD:
            if kind == BUILD:
                self._build(action[1], action[2], action[3])
            else:
                self._next_player() or self._end_action()
        elif phase == P_PAY:
            self._remove(self.cur, action[1])
            self._next_player() or self._end_action()
        elif phase == P_PROTECT:
            self._protect(self.cur, action[1])
        elif phase == P_UNREST:
            self._add(self.cur, action[1])
            self._next_unrest()
        elif phase == P_NILE:
            self._nile_drawn(action[1])
        elif phase == P_LAND:
            self._land_drawn(action[1])
        elif phase == P_BLESSING:
            self.blessing = action[1]
            self._nile_segment()
        else:
            raise game_over(action)

    # ---- setup and unrest chance
    def _nile_drawn(self, tiles: tuple) -> None:
        self.nile.extend(tiles)
        self.phase = P_LAND

    def _land_drawn(self, tiles: tuple) -> None:
        self.land = list(tiles)
        if self.piecepacks == 2 and self.num_players == 4:
            written = chance.land_set(2)
            written.subtract(tiles)
            self.set_aside = sorted(written.elements())
        self.stack0 = 0
        self.depth = 0
        self.taken = 0
        if self.cycle == 0:
            self.phase = P_BLESSING
        else:
            self._nile_segment()

    # ---- Nile segment
    def _nile_segment(self) -> None:
        tile = self.nile[self.nile_next]
        self.nile_next += 1
        self.nile_tile = tile
        self.peek_seat = -1
        n = self.num_players
        if tile == DROUGHT:
            pop = self.pop
            for i in range(n * SLOTS):
                if pop[i]:
                    pop[i] -= 1
        elif tile == FLOOD:
            queue = []
            for i in range(n):
                p = (self.blessing + i) % n
                base = p * SLOTS
                buildings = sum(1 for s in self._slots(p) if self.bld[base + s])
                walls = sum(self.wall[p * 7 + 1:p * 7 + 7])
                if buildings and walls:
                    queue.append(p)
                else:
                    self._flood(p, ())
            if queue:
                self.queue = queue
                self.phase = P_PROTECT
                self.cur = queue[0]
                return
        else:
            self.last_numbered = tile
        self._start_actions()

    def _flood(self, p: int, protected) -> None:
        """Destroy seat ``p``'s buildings outside ``protected`` and all its floodwalls."""
        base = p * SLOTS
        bld = self.bld
        gone = self.gone
        for s in self._slots(p):
            v = bld[base + s]
            if v and s not in protected:
                gone[p * 7 + v] += 1
                bld[base + s] = 0
        for v in range(1, 7):
            gone[p * 7 + v] += self.wall[p * 7 + v]
            self.wall[p * 7 + v] = 0

    def _protect(self, p: int, protected) -> None:
        self._flood(p, protected)
        self.queue.pop(0)
        if self.queue:
            self.cur = self.queue[0]
        else:
            self._start_actions()

    # ---- action segment
    def _start_actions(self) -> None:
        self.k = 0
        self.overseer = self.blessing
        self.actions_left = 31
        self.phase = P_CHOOSE
        self.cur = self.blessing

    def _next_player(self) -> bool:
        """Pass the round to the next seat in order; False once all have moved."""
        self.order_i += 1
        if self.order_i < self.num_players:
            self.cur = (self.overseer + self.order_i) % self.num_players
            self.phase = self.round_phase
            return True
        return False

    def _end_action(self) -> None:
        self.k += 1
        if self.k < 5:
            self.overseer = (self.blessing + self.k) % self.num_players
            self.phase = P_CHOOSE
            self.cur = self.overseer
            return
        self.blessing = (self.blessing + 5) % self.num_players
        self.turn += 1
        if self.turn < TURNS:
            self._nile_segment()
        else:
            self._end_cycle()

    def _choose(self, a: int) -> None:
        self.actions_left &= ~(1 << a)
        self.order_i = 0
        self.cur = self.overseer
        if a == DEVELOP:
            self.round_phase = P_TAKE
        elif a == SACRIFICE:
            tile = self.nile_tile
            self.due = tile if 2 <= tile <= 5 else self.last_numbered
            self.round_phase = P_OFFER
        elif a == POPULATE:
            self._grow()
            tile = self.nile_tile
            if 2 <= tile <= 5:
                self.pending = tile
                self.round_phase = P_PLACE
            else:
                if tile == FLOOD:
                    pop = self.pop
                    tiles = self.tile
                    for i in range(self.num_players * SLOTS):
                        if tiles[i] >= 0:
                            pop[i] += 1
                self._end_action()
                return
        elif a == HARVEST:
            self.round_phase = P_REAP
        else:
            self.round_phase = P_BUILD
        self.phase = self.round_phase

    def _take(self, tile: int, col: int) -> None:
        p = self.cur
        land = self.land
        start = self.stack0 * STACK + self.depth
        for k in range(self.num_players):
            if not self.taken >> k & 1 and land[start + k * STACK] == tile:
                self.taken |= 1 << k
                break
        h = p * 3 + col
        slot = col * ROWS + self.height[h]
        self.tile[p * SLOTS + slot] = tile
        self.height[h] += 1
        self.mat_slots[p] = tuple(sorted(self.mat_slots[p] + (slot,)))
        if not self._next_player():
            self.depth += 1
            self.taken = 0
            self._end_action()

    def _altars(self, p: int) -> int:
        base = p * SLOTS + ROWS
        return sum(self.bld[base:base + ROWS])

    def _offer(self, g: int, pairs) -> None:
        p = self.cur
        self.grain[p] -= g
        self._remove(p, pairs)
        self.track[p * 12 + self.cycle * 6 + self.turn] = (
            g + sum(k for _, k in pairs) + self._altars(p))
        if not self._next_player():
            self.phase = P_BONUS
            self.cur = self.overseer

    def _bonus(self, peek: bool) -> None:
        p = self.overseer
        if peek:
            self.peek_seat = p
        else:
            self.track[p * 12 + self.cycle * 6 + self.turn] += self.height[p * 3 + TEMPLE]
        self._end_action()

    def _grow(self) -> None:
        """Population steps 1 and 2 (R7): populated villages grow (2 for the
        Overseer's), canals add one in a numbered year."""
        pop = self.pop
        numbered = 2 <= self.nile_tile <= 5
        canal = self.canal
        for p in range(self.num_players):
            base = p * SLOTS
            gain = 2 if p == self.overseer else 1
            for s in range(base, base + self.height[p * 3 + VILLAGE]):
                if pop[s]:
                    pop[s] += gain
            if numbered:
                for s in self._slots(p):
                    if canal[base + s]:
                        pop[base + s] += 1

    def _add(self, p: int, pairs) -> None:
        base = p * SLOTS
        for s, k in pairs:
            self.pop[base + s] += k

    def _remove(self, p: int, pairs) -> None:
        base = p * SLOTS
        for s, k in pairs:
            self.pop[base + s] -= k

    def _reap(self, pairs) -> None:
        p = self.cur
        self._remove(p, pairs)
        base = p * SLOTS + 2 * ROWS
        gain = sum(k for _, k in pairs) + sum(self.bld[base:base + ROWS])
        if p == self.overseer:
            gain += self.height[p * 3 + CROP]
        self.grain[p] += gain
        if not self._next_player():
            self.order_i = 0
            self._payments()

    def _payments(self) -> None:
        """The harvest payment round from ``order_i`` on (R9); stops at a seat short of grain."""
        n = self.num_players
        while self.order_i < n:
            p = (self.overseer + self.order_i) % n
            base = p * SLOTS
            owed = len(self._populated(p)) - sum(self.bld[base:base + ROWS])
            if owed > 0:
                paid = min(owed, self.grain[p])
                self.grain[p] -= paid
                if owed > paid:
                    self.pending = owed - paid
                    self.phase = P_STARVE
                    self.cur = p
                    return
            self.order_i += 1
        self._end_action()

    def _build(self, canal: int, value: int, site: int) -> None:
        p = self.cur
        base = p * SLOTS
        overseer = p == self.overseer
        from_any = 0
        if canal >= 0:
            self.canal[base + canal] = 1
            self.grain[p] -= 1
            if overseer:
                from_any += 1
            else:
                self.pop[base + canal] -= 1
        if value:
            self.reserve[p * 7 + value] -= 1
            if site < 0:
                self.wall[p * 7 + value] += 1
                from_any += value
            else:
                self.bld[base + site] = value
                if overseer:
                    from_any += value
                else:
                    self.pop[base + site] -= value
        if from_any:
            self.pending = from_any
            self.phase = P_PAY
        else:
            self._next_player() or self._end_action()

    # ---- end of a cycle
    def areas(self, p: int) -> tuple[int, int, int, int, int]:
        """Seat ``p``'s (harvest, gods, land, people, buildings) quantities now (Scoring, R6)."""
        base = p * SLOTS
        start = p * 12 + self.cycle * 6
        land = 0
        people = 0
        buildings = 0
        for s in self._slots(p):
            land += self.tile[base + s] & 7
            people += self.pop[base + s]
            buildings += self.bld[base + s]
        buildings += sum(v * self.wall[p * 7 + v] for v in range(1, 7))
        return (self.grain[p], sum(self.track[start:start + 6]), land, people, buildings)

    def _end_cycle(self) -> None:
        n = self.num_players
        points = cycle_points([self.areas(p) for p in range(n)])
        for p in range(n):
            i = (self.cycle * n + p) * 5
            self.vp[i:i + 5] = points[p]
        if self.cycle == 1:
            self.phase = P_END
            self.cur = TERMINAL
            return
        self._unrest()

    def _unrest(self) -> None:
        """Time of Unrest steps 2-4 (R13); step 5 in :meth:`_next_unrest`."""
        n = self.num_players
        queue = []
        for i in range(n):
            p = (self.blessing + i) % n
            base = p * SLOTS
            exchanged = 0
            farms = 0
            for s in self._slots(p):
                j = base + s
                v = self.bld[j]
                if v:
                    if s >= 2 * ROWS:
                        farms += v
                    else:
                        exchanged += v
                    self.gone[p * 7 + v] += 1
                    self.bld[j] = 0
                self.pop[j] = 0
                self.canal[j] = 0
                if s % ROWS:
                    if self.num_players == 3 and self.piecepacks == 2:
                        self.removed.append(self.tile[j])
                    self.tile[j] = -1
            self.height[p * 3:p * 3 + 3] = [1, 1, 1]
            self.mat_slots[p] = ZERO_SLOTS
            self.grain[p] = farms
            self.unrest_due[p] = exchanged
            if exchanged:
                queue.append(p)
        self.cycle = 1
        self.turn = 0
        self.depth = 0
        self.taken = 0
        self.last_numbered = 0
        self.queue = queue
        if self.piecepacks == 2 and n == 3:
            self.stack0 = 3
        else:
            self.land = []
            self.set_aside = []
        if queue:
            self.phase = P_UNREST
            self.cur = queue[0]
            self.pending = self.unrest_due[queue[0]]
        else:
            self._new_stacks()

    def _next_unrest(self) -> None:
        self.queue.pop(0)
        if self.queue:
            self.cur = self.queue[0]
            self.pending = self.unrest_due[self.cur]
        else:
            self._new_stacks()

    def _new_stacks(self) -> None:
        if self.piecepacks == 1:
            self.cur = CHANCE
            self.phase = P_NILE
        elif self.num_players == 4:
            self.cur = CHANCE
            self.phase = P_LAND
        else:
            self._nile_segment()

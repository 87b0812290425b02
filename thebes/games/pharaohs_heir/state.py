"""The Pharaoh's Heir rules engine (shared/spec/pharaohs-heir.md).

State layout (flat lists, so ``clone`` copies a few short lists):

* per mat slot, ``seat * SLOTS + slot`` (see :mod:`.pieces`): ``tile`` (land
  tile code, -1 for none), ``pop`` (population tokens), ``canal`` (0/1),
  ``bld`` (building coin value on the tile, 0 for none);
* ``height[seat * 3 + column]``: tiles in the column, zero tile included;
* per seat: ``grain``; by coin value ``seat * 7 + X``: ``reserve``, ``wall``
  (floodwalls in the Nile space), ``gone`` (coins out of play);
* ``track[seat * 12 + cycle * 6 + turn]``: sacrifice-track entries;
  ``vp[(cycle * N + seat) * 5 + area]``: VPs per cycle and area;
* ``nile``: every Nile stack drawn, top first, six a stack; ``nile_next``
  the index of the next tile to turn over; ``land``: the land stacks
  written, six a stack, ``stack0`` the first stack of this cycle, ``depth``
  the developments done this cycle, ``taken`` a bitmask of this cycle's
  stacks whose face-up tile was taken in the current development.

The phase machine runs every rule without a decision itself (Nile segment,
population steps, payments, the unrest) inside ``apply_action``.
"""

from __future__ import annotations

import random
from typing import Any

from thebes.core import CHANCE, TERMINAL, State, TooManyOutcomes
from thebes.core.state import randbelow

from . import chance, notation
from .actions import (BLESSING, BONUS_ACTION, BUILD, CHOOSE, LAND, NILE, OFFER, PASS_ACTION,
                      PAY, PEEK, PEEK_ACTION, PLACE, PROTECT, STARVE, TAKE)
from .pieces import (CROP, DEVELOP, DROUGHT, FLOOD, HARVEST, NEIGHBOURS, POPULATE, ROWS,
                     SACRIFICE, SLOTS, TEMPLE, VILLAGE, ZERO_SLOTS, land_tile)
from .scoring import cycle_points, final_ranking
from .views import Exchanges, Splits, random_exchange, random_split

# Phases.
(P_NILE, P_LAND, P_BLESSING, P_PROTECT, P_CHOOSE, P_TAKE, P_OFFER, P_BONUS, P_PLACE, P_REAP,
 P_STARVE, P_BUILD, P_PAY, P_UNREST, P_END) = range(15)
PHASE_NAMES = ("nile", "land", "blessing", "protect", "choose", "take", "offer", "bonus",
               "place", "reap", "starve", "build", "pay", "unrest", "end")
CHANCE_PHASES = (P_NILE, P_LAND, P_BLESSING)
#: phases whose moves are token distributions (:class:`~.views.Splits`).
_SPLIT_PHASES = frozenset((P_OFFER, P_PLACE, P_PAY, P_STARVE, P_UNREST, P_PROTECT))

STACK = 6
TURNS = 6
CHOICES = tuple((CHOOSE, a) for a in range(5))
#: the legal action choices for each bitmask of actions left.
CHOICE_LISTS = tuple([CHOICES[a] for a in range(5) if mask >> a & 1] for mask in range(32))
ZERO_TILES = (land_tile(VILLAGE, 0), land_tile(TEMPLE, 0), land_tile(CROP, 0))


class PharaohsHeirState(State):
    """One position of Pharaoh's Heir. Build with :func:`new_state`."""

    __slots__ = ("num_players", "piecepacks", "phase", "cur", "cycle", "turn", "blessing", "k",
                 "overseer", "actions_left", "order_i", "due", "nile", "nile_next", "nile_tile",
                 "last_numbered", "peek_seat", "land", "stack0", "depth", "taken", "set_aside",
                 "removed", "tile", "pop", "canal", "bld", "height", "grain", "reserve", "wall",
                 "gone", "track", "vp", "pending", "queue", "unrest_due", "round_phase", "mat_slots")

    def __init__(self, players: int, piecepacks: int) -> None:
        n = players
        coins = 2 if piecepacks == 2 else 1
        self.num_players = n
        self.piecepacks = piecepacks
        self.phase = P_NILE
        self.cur = CHANCE
        self.cycle = 0
        self.turn = 0
        self.blessing = -1
        self.k = 0
        self.overseer = -1
        self.actions_left = 0
        self.order_i = 0
        self.due = 0
        self.nile: list[int] = []
        self.nile_next = 0
        self.nile_tile = 0
        self.last_numbered = 0
        self.peek_seat = -1
        self.land: list[int] = []
        self.stack0 = 0
        self.depth = 0
        self.taken = 0
        self.set_aside: list[int] = []
        self.removed: list[int] = []
        self.tile = [-1] * (n * SLOTS)
        self.pop = [0] * (n * SLOTS)
        self.canal = [0] * (n * SLOTS)
        self.bld = [0] * (n * SLOTS)
        for p in range(n):
            for col, slot in enumerate(ZERO_SLOTS):
                self.tile[p * SLOTS + slot] = ZERO_TILES[col]
                self.pop[p * SLOTS + slot] = 2
        self.height = [1] * (n * 3)
        self.grain = [4] * n
        self.reserve = ([0] + [coins] * 6) * n
        self.wall = [0] * (n * 7)
        self.gone = [0] * (n * 7)
        self.track = [0] * (n * 12)
        self.vp = [0] * (2 * n * 5)
        self.pending = 0
        self.queue: list[int] = []
        self.unrest_due = [0] * n
        self.round_phase = P_CHOOSE
        self.mat_slots = [ZERO_SLOTS] * n

    # ------------------------------------------------------------ contract
    def current_player(self) -> int:
        """The seat to decide (0-based), ``CHANCE`` or ``TERMINAL``."""
        return self.cur

    def clone(self) -> "PharaohsHeirState":
        """An independent copy: every list copied flat (no deep copies)."""
        c = object.__new__(PharaohsHeirState)
        c.num_players = self.num_players
        c.piecepacks = self.piecepacks
        c.phase = self.phase
        c.cur = self.cur
        c.cycle = self.cycle
        c.turn = self.turn
        c.blessing = self.blessing
        c.k = self.k
        c.overseer = self.overseer
        c.actions_left = self.actions_left
        c.order_i = self.order_i
        c.due = self.due
        c.nile = self.nile[:]
        c.nile_next = self.nile_next
        c.nile_tile = self.nile_tile
        c.last_numbered = self.last_numbered
        c.peek_seat = self.peek_seat
        c.land = self.land[:]
        c.stack0 = self.stack0
        c.depth = self.depth
        c.taken = self.taken
        c.set_aside = self.set_aside[:]
        c.removed = self.removed[:]
        c.tile = self.tile[:]
        c.pop = self.pop[:]
        c.canal = self.canal[:]
        c.bld = self.bld[:]
        c.height = self.height[:]
        c.grain = self.grain[:]
        c.reserve = self.reserve[:]
        c.wall = self.wall[:]
        c.gone = self.gone[:]
        c.track = self.track[:]
        c.vp = self.vp[:]
        c.pending = self.pending
        c.queue = self.queue[:]
        c.unrest_due = self.unrest_due[:]
        c.round_phase = self.round_phase
        c.mat_slots = self.mat_slots[:]
        return c

    def action_to_text(self, action) -> str:
        """The canonical notation of ``action`` (spec, Notation summary)."""
        return notation.to_text(action)

    def text_to_action(self, text: str):
        """Parse one event; raises :class:`~thebes.core.InvalidEventError` if it spells none."""
        return notation.from_text(text)

    def chance_template(self) -> str:
        """``nile <arrangement>`` or ``land <arrangement>`` (spec, Listing chance outcomes)."""
        return "nile <arrangement>" if self.phase == P_NILE else "land <arrangement>"

    # ------------------------------------------------------------ chance
    def _land_stacks(self) -> int:
        return chance.land_stack_count(self.num_players, self.piecepacks, self.cycle == 0)

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """The ``blessing`` outcomes, 1/N each (R16); ``nile``/``land`` raise
        :class:`TooManyOutcomes`."""
        if self.phase == P_BLESSING:
            n = self.num_players
            return [((BLESSING, s), 1.0 / n) for s in range(n)]
        if self.phase in (P_NILE, P_LAND):
            raise TooManyOutcomes(PHASE_NAMES[self.phase])
        return []

    def chance_probability(self, action) -> float:
        """Exact probability of a chance outcome here (0.0 if impossible or not one)."""
        if not isinstance(action, tuple) or not action:
            return 0.0
        phase = self.phase
        if phase == P_BLESSING:
            if action[0] == BLESSING and len(action) == 2 and type(action[1]) is int \
                    and 0 <= action[1] < self.num_players:
                return 1.0 / self.num_players
            return 0.0
        if phase == P_NILE and action[0] == NILE:
            return chance.nile_probability(action[1], self.piecepacks)
        if phase == P_LAND and action[0] == LAND:
            return chance.land_probability(action[1], self.piecepacks, self._land_stacks())
        return 0.0

    def sample_chance(self, rng: random.Random):
        """Draw this chance node's outcome with the caller's generator (by its probability)."""
        phase = self.phase
        if phase == P_BLESSING:
            return (BLESSING, rng.randrange(self.num_players))
        if phase == P_NILE:
            return (NILE, chance.sample_nile(rng, self.piecepacks))
        if phase == P_LAND:
            return (LAND, chance.sample_land(rng, self.piecepacks, self._land_stacks())[0])
        raise ValueError("not a chance node")

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
        if phase in _SPLIT_PHASES:
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
        ``phase`` (one of _SPLIT_PHASES): its moves are every :class:`Splits` form."""
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
        if phase in _SPLIT_PHASES:
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
        split_phases = _SPLIT_PHASES
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

    # ------------------------------------------------------------ apply
    def apply_action(self, action) -> None:
        """Apply a legal move or chance outcome (unchecked), then every rule that
        follows without a decision, up to the next decision or chance node.
        Raises ValueError once the game is over."""
        phase = self.phase
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
            raise ValueError("the game is over")

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

    # ------------------------------------------------------------ results
    def scores(self) -> list[int]:
        """VP totals of the cycles scored so far, in seat order (0 before any scoring)."""
        n = self.num_players
        return [sum(self.vp[(c * n + p) * 5 + a] for c in range(2) for a in range(5))
                for p in range(n)]

    def ranking(self) -> list[int] | None:
        """0-based seats from winner to last (R17), ``None`` before the end."""
        if self.cur != TERMINAL:
            return None
        return final_ranking(self.vp_table())

    def vp_table(self) -> list[list[list[int]]]:
        """``vp[cycle][seat][area]`` (areas: harvest, gods, land, people, buildings)."""
        n = self.num_players
        return [[self.vp[(c * n + p) * 5:(c * n + p) * 5 + 5] for p in range(n)]
                for c in range(2)]

    # ------------------------------------------------------------ information
    def _observation(self, seat: int | None) -> dict[str, Any]:
        from .information import observation
        return observation(self, seat)

    def _event_for_seat(self, action, seat: int | None) -> str:
        """The text ``seat`` sees: a ``nile`` or ``land`` outcome hides its
        face-down tiles (``?``); every other event is public."""
        if seat is not None and action[0] in (NILE, LAND):
            from .information import masked_event
            return masked_event(self, action)
        return notation.to_text(action)

    def _determinize(self, seat: int, rng: random.Random) -> "PharaohsHeirState":
        from .information import determinize
        return determinize(self, seat, rng)

    def __repr__(self) -> str:
        return (f"<PharaohsHeirState {self.num_players}p cycle {self.cycle + 1} turn "
                f"{self.turn + 1} {PHASE_NAMES[self.phase]} cur {self.cur}>")


def new_state(players: int, options: dict[str, Any]) -> PharaohsHeirState:
    """The state before the setup ``nile`` event (options complete)."""
    return PharaohsHeirState(players, options["piecepacks"])


__all__ = ["PharaohsHeirState", "new_state"]

"""Sarcophagus's state and rules (shared/spec/sarcophagus.md).

The state is a few ints and flat lists of ints; ``clone`` copies the lists.
Phases:

* ``LAYOUT``, ``FIRST``: the two setup chance nodes;
* ``PLACE1``, ``PLACE2``: the first / second coin of a turn (``place V T``);
* ``PASS``: the seat to play holds no coin (``pass``);
* ``TRAP``: the claimer of a trap discards a number tile during play;
* ``END_TRAP``: the holder of a revealed sarcophagus trap discards at the end;
* ``OVER``.

Field layout (see docs/games/sarcophagus/rules.md, "How the engine is built"):

* ``layout``: tuple of 24 tiles (21 positions in reading order, then the
  sarcophagus slots under e3, f3, f4), fixed once dealt;
* ``present`` / ``faceup`` / ``full``: position bitmasks (tile still in the
  pyramid; turned face up; holding four coins);
* ``loc[tile]``: where each tile is (:data:`IN_PYRAMID`, ``HELD + seat``,
  ``SARC + seat``, :data:`DISCARDED`, :data:`UNSEEN`);
* ``hand[seat * 6 + value]``: coins of that value in the seat's hand,
  ``handn[seat]`` their number, ``handmask[seat]`` the bitmask of values held;
* ``coins[pos * 4 + k]``: the k-th coin on a position as ``owner * 6 + value``,
  ``ncoins[pos]`` how many;
* ``lots``: claimed sarcophagus tiles as ``(seat, slot, values, turned)``;
* ``ties``: every tie's turned-over coins as ``(pos, tile, coins)``;
* ``assessed``: every assessment in order as ``(pos, tile, claimer or -1)``, a
  tuple shared by clones (public: an assessed tile is face up, its outcome
  announced to all; the web log tells earlier claims from it); ``after`` is
  what follows an assessment (the turn's second coin, or the next turn).

The phases and the phase machine (``apply_action``, placements, assessments,
the end) are in :mod:`.rules` (the :class:`~.rules.Rules` mixin; phases
re-exported here); this module holds the fields, the layout chance node, legal
moves, random draws and the fused playout, results and notation.
"""

from __future__ import annotations

import random
from typing import Any

from thebes.core import CHANCE, TERMINAL, TooManyOutcomes
from thebes.core.state import draw_legal, randbelow

import thebes.games.sarcophagus.notation as nt
from .geometry import ALL_POSITIONS, NEIGHBOURS, SARCOPHAGUS_POSITIONS, SIDES, claimable, top_left
from .rules import (AFTER_FIRST_COIN, AFTER_OTHER, DISCARDED, END_TRAP, FIRST, HELD, IN_PYRAMID, LAYOUT, OVER, PASS,
                    PHASE_NAMES, PLACE1, PLACE2, SARC, TRAP, UNSEEN, Rules)

#: positions whose tile belongs to the special set (four 5s and two nulls), with the slots.
SPECIAL_PLACES = SARCOPHAGUS_POSITIONS + (21, 22, 23)
#: the other places, in reading order.
OTHER_PLACES = tuple(p for p in range(nt.NUM_TILES) if p not in SPECIAL_PLACES)
#: 1 / (4320 x 18!): every legal layout (spec, Setup).
LAYOUT_PROBABILITY = 1.0 / (4320 * 6402373705728000)

_PLACE_LISTS = tuple(tuple([p * 6 + v for v in range(6) if mask >> v & 1] for mask in range(64))
                     for p in range(21))
#: hand mask -> the coin values in it, low to high.
_VALUES = tuple(tuple(v for v in range(6) if mask >> v & 1) for mask in range(64))


def layout_is_legal(action: object) -> bool:
    """Whether ``action`` is a legal layout: 24 distinct tiles, the six special
    places holding the four 5s and two nulls (spec, Setup; ruling 2)."""
    if type(action) is not tuple or len(action) != nt.NUM_TILES:
        return False
    if sorted(action) != list(range(nt.NUM_TILES)):
        return False
    special = {action[p] for p in SPECIAL_PLACES}
    return special.issuperset(nt.FIVES) and len(special.intersection(nt.NULLS)) == 2


def random_layout(rng: random.Random) -> tuple[int, ...]:
    """A legal layout drawn uniformly with ``rng``."""
    special = list(nt.FIVES) + rng.sample(nt.NULLS, 2)
    rng.shuffle(special)
    others = [t for t in range(nt.NUM_TILES) if t not in special]
    rng.shuffle(others)
    layout = [0] * nt.NUM_TILES
    for place, t in zip(SPECIAL_PLACES, special):
        layout[place] = t
    for place, t in zip(OTHER_PLACES, others):
        layout[place] = t
    return tuple(layout)






class SarcophagusState(Rules):
    """A position of Sarcophagus. See the module docstring for the fields."""

    __slots__ = ("num_players", "base_free", "sides", "layout", "phase", "cur", "turn",
                 "after", "passes", "present", "faceup", "full", "loc", "hand", "handn",
                 "handmask", "coins", "ncoins", "nnum", "gods", "lots", "ties", "end_queue",
                 "final", "assessed")

    def __init__(self, players: int, options: dict[str, Any] | None = None) -> None:
        options = options or {}
        n = players
        self.num_players = n
        self.base_free = bool(options.get("base_free", True))
        self.sides = SIDES[self.base_free]
        self.layout: tuple[int, ...] = ()
        self.phase = LAYOUT
        self.cur = CHANCE
        self.turn = 0
        self.after = AFTER_OTHER
        self.passes = 0
        self.present = ALL_POSITIONS
        self.faceup = 0
        self.full = 0
        self.loc = [IN_PYRAMID] * nt.NUM_TILES
        per_value = 2 if n == 2 else 1
        self.hand = [per_value] * (6 * n)
        self.handn = [6 * per_value] * n
        self.handmask = [63] * n
        self.coins = [0] * (4 * 21)
        self.ncoins = [0] * 21
        self.nnum = [0] * n
        self.gods = 0
        self.lots: list[tuple[int, int, tuple[int, ...], bool]] = []
        self.ties: list[tuple[int, int, tuple[int, ...]]] = []
        self.assessed: tuple[tuple[int, int, int], ...] = ()
        self.end_queue: tuple[int, ...] = ()
        self.final: tuple[list[int], list[int]] | None = None

    # ------------------------------------------------------------ fast path
    def current_player(self) -> int:
        return self.cur

    def is_terminal(self) -> bool:
        return self.cur == TERMINAL

    def is_chance_node(self) -> bool:
        return self.cur == CHANCE

    def legal_actions(self) -> list:
        phase = self.phase
        if phase == PLACE1:
            present = self.present
            return list(_PLACE_LISTS[(present & -present).bit_length() - 1][
                self.handmask[self.cur]])
        if phase == PLACE2:
            lists = _PLACE_LISTS
            mask = self.handmask[self.cur]
            acts: list[int] = []
            m = self.present & self.faceup & ~self.full
            while m:
                low = m & -m
                acts += lists[low.bit_length() - 1][mask]
                m ^= low
            return acts
        if phase == PASS:
            return [nt.PASS]
        if phase == TRAP or phase == END_TRAP:
            code = HELD + self.cur
            loc = self.loc
            return [nt.DISCARD + t for t in range(nt.NUM_TILES) if loc[t] == code and t % 6 >= 2]
        if phase == FIRST:
            return [nt.FIRST + k for k in range(self.num_players)]
        if phase == LAYOUT:
            raise TooManyOutcomes("the layout has 4320 x 18! outcomes")
        return []

    def random_action(self, rng: random.Random) -> Any:
        """``rng.choice(self.legal_actions())`` without copying or joining the placement
        lists (the move at the drawn index is computed)."""
        phase = self.phase
        if phase == PLACE1:
            present = self.present
            moves = _PLACE_LISTS[(present & -present).bit_length() - 1][self.handmask[self.cur]]
            return moves[randbelow(rng, len(moves))]
        if phase == PLACE2:
            # every open position offers the same coin values: the move at index r is
            # value r % L on the (r // L)-th open position, L the values in hand
            values = _VALUES[self.handmask[self.cur]]
            per = len(values)
            m = self.present & self.faceup & ~self.full
            r = randbelow(rng, m.bit_count() * per)
            k, v = divmod(r, per)
            for _ in range(k):
                m &= m - 1
            return ((m & -m).bit_length() - 1) * 6 + values[v]
        if phase == PASS:
            randbelow(rng, 1)  # rng.choice draws even from one move
            return nt.PASS
        return draw_legal(self, rng)

    def random_playout(self, rng: random.Random) -> int:
        """``State.random_playout`` with placements (most events) drawn and applied
        inline: the same generator calls, the same game, fewer calls per event.

        A placement is applied here as :meth:`_place` applies it (the assessment of a
        tile it fills goes through the rules' methods); passes, discards and chance go
        through ``apply_action``."""
        n = 0
        getrandbits = rng.getrandbits
        assess = self._assess
        cascade = self._cascade
        hand, handn, handmask = self.hand, self.handn, self.handmask
        coins, ncoins = self.coins, self.ncoins
        sides = self.sides
        players = self.num_players
        while True:
            cur = self.cur
            phase = self.phase
            if phase == PLACE1:
                present = self.present
                pos = (present & -present).bit_length() - 1
                values = _VALUES[handmask[cur]]
                k = len(values)
                bits = k.bit_length()
                r = getrandbits(bits)
                while r >= k:
                    r = getrandbits(bits)
            elif phase == PLACE2:
                values = _VALUES[handmask[cur]]
                per = len(values)
                m = self.present & self.faceup & ~self.full
                k = m.bit_count() * per
                bits = k.bit_length()
                r = getrandbits(bits)
                while r >= k:
                    r = getrandbits(bits)
                i, r = divmod(r, per)
                for _ in range(i):
                    m &= m - 1
                pos = (m & -m).bit_length() - 1
            elif cur == TERMINAL:
                return n
            elif cur == CHANCE:
                self.apply_action(self.sample_chance(rng))
                n += 1
                continue
            else:
                self.apply_action(self.random_action(rng))
                n += 1
                continue
            n += 1
            # the placement of coin ``values[r]`` on ``pos`` (as _place)
            value = values[r]
            c = ncoins[pos]
            i = cur * 6 + value
            left = hand[i] - 1
            hand[i] = left
            if not left:
                handmask[cur] &= ~(1 << value)
            handn[cur] -= 1
            coins[pos * 4 + c] = i
            ncoins[pos] = c + 1
            self.passes = 0
            self.faceup |= NEIGHBOURS[pos] & self.present
            if c == 3:
                self.full |= 1 << pos
                if claimable(sides[pos], self.present):
                    self.after = AFTER_FIRST_COIN if phase == PLACE1 else AFTER_OTHER
                    if not (assess(pos) or cascade()):
                        self._go_on()
                    continue
            if phase == PLACE1 and handn[cur]:
                self.phase = PLACE2
                continue
            cur += 1
            if cur == players:
                cur = 0
            self.turn = cur
            self.cur = cur
            self.phase = PLACE1 if handn[cur] else PASS

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.phase == FIRST:
            p = 1.0 / self.num_players
            return [(nt.FIRST + k, p) for k in range(self.num_players)]
        if self.phase == LAYOUT:
            raise TooManyOutcomes("the layout has 4320 x 18! outcomes")
        raise ValueError("not a chance node")

    def chance_probability(self, action: Any) -> float:
        if self.phase == LAYOUT:
            return LAYOUT_PROBABILITY if layout_is_legal(action) else 0.0
        if self.phase == FIRST:
            if type(action) is int and 0 <= action - nt.FIRST < self.num_players:
                return 1.0 / self.num_players
            return 0.0
        raise ValueError("not a chance node")

    def sample_chance(self, rng: random.Random) -> Any:
        if self.phase == LAYOUT:
            return random_layout(rng)
        return nt.FIRST + rng.randrange(self.num_players)


    def clone(self) -> "SarcophagusState":
        s = SarcophagusState.__new__(SarcophagusState)
        s.num_players = self.num_players
        s.base_free = self.base_free
        s.sides = self.sides
        s.layout = self.layout
        s.phase = self.phase
        s.cur = self.cur
        s.turn = self.turn
        s.after = self.after
        s.passes = self.passes
        s.present = self.present
        s.faceup = self.faceup
        s.full = self.full
        s.loc = self.loc[:]
        s.hand = self.hand[:]
        s.handn = self.handn[:]
        s.handmask = self.handmask[:]
        s.coins = self.coins[:]
        s.ncoins = self.ncoins[:]
        s.nnum = self.nnum[:]
        s.gods = self.gods
        s.lots = self.lots[:]
        s.ties = self.ties[:]
        s.assessed = self.assessed
        s.end_queue = self.end_queue
        s.final = self.final
        return s









    # ------------------------------------------------------------ queries
    def held(self, seat: int) -> list[int]:
        """Tiles the seat holds face up, in tile order (sarcophagus tiles once revealed)."""
        code = HELD + seat
        return [t for t in range(nt.NUM_TILES) if self.loc[t] == code]

    def top_left(self) -> int:
        """Position of the top-left tile (-1 once the pyramid is empty)."""
        return top_left(self.present)

    def scores(self) -> list[int] | None:
        """Final fame per seat; ``None`` until the end (spec, Scoring)."""
        return list(self.final[0]) if self.final else None

    def ranking(self) -> list[int] | None:
        """0-based seats from winner to last (ruling 23); ``None`` until the end."""
        return list(self.final[1]) if self.final else None

    # ------------------------------------------------------------ notation
    def action_to_text(self, action: Any) -> str:
        return nt.action_text(action)

    def text_to_action(self, text: str) -> Any:
        return nt.parse_action(text)

    def chance_template(self) -> str:
        return nt.LAYOUT_TEMPLATE

    def reveals(self, action: Any) -> bool:
        """A decision that turns a face-down tile up (a coin beside it, ruling 11; a new
        top-left tile, ruling 5) or moves a tile (a claim shows its claimer a sarcophagus
        tile; an assessment, a discard) reveals: a take-back stops before it (docs/tables.md)."""
        after = self.clone()
        after.apply_action(action)
        return (after.faceup != self.faceup or after.present != self.present
                or after.loc != self.loc)

    def _event_for_seat(self, action: Any, seat: int | None) -> str:
        """Another seat's ``place V T`` reads ``place ? T``; the layout reads
        ``layout ?`` (spec, What each seat sees). ``seat=None``: omniscient."""
        if seat is None:
            return nt.action_text(action)
        if self.phase == LAYOUT:
            return "layout ?"
        if (self.phase == PLACE1 or self.phase == PLACE2) and self.cur != seat:
            return "place ? " + nt.action_text(action).split(" ")[2]
        return nt.action_text(action)

    # ------------------------------------------------------------ information
    def _observation(self, seat: int | None) -> dict[str, Any]:
        from .information import observe
        return observe(self, seat)

    def _determinize(self, seat: int, rng: random.Random) -> "SarcophagusState":
        from .information import determinize
        return determinize(self, seat, rng)


__all__ = ["SarcophagusState", "DISCARDED", "END_TRAP", "FIRST", "HELD", "IN_PYRAMID", "LAYOUT",
           "LAYOUT_PROBABILITY", "OVER", "PASS", "PHASE_NAMES", "PLACE1", "PLACE2", "SARC",
           "SPECIAL_PLACES", "TRAP", "UNSEEN", "layout_is_legal", "random_layout"]

"""Sarcophagus's phases and phase machine (shared/spec/sarcophagus.md, Turn, Claims,
Scoring): ``apply_action`` and every rule it runs (placements, passes, assessments and
their cascade, trap discards, the end).

:class:`Rules` is a mixin of :class:`~.state.SarcophagusState` (which holds the fields).
"""

from __future__ import annotations

from typing import Any

from thebes.core import TERMINAL, State
from thebes.core.state import game_over

import thebes.games.sarcophagus.notation as nt
from .geometry import NEIGHBOURS, SARCOPHAGUS_SLOT, claimable
from .scoring import fame, ranking

PLACE1, PLACE2, PASS, TRAP, END_TRAP, LAYOUT, FIRST, OVER = range(8)

PHASE_NAMES = ("place", "place", "pass", "discard", "discard", "layout", "first", "over")

IN_PYRAMID, HELD, SARC, DISCARDED, UNSEEN = 0, 1, 5, 9, 10

#: what comes after a cascade: the turn's second coin, or the next turn (``after``,
#: set by the placement or pass that starts an assessment, read only after it).
AFTER_FIRST_COIN, AFTER_OTHER = 0, 1

#: coin code (``owner * 6 + value``) -> its owner; -> the bit of its value in a hand mask.
_OWNER = tuple(c // 6 for c in range(24))
_VALUE_BIT = tuple(1 << (c % 6) for c in range(24))


def judge(on_tile: tuple[int, ...]) -> tuple[int, bool]:
    """The outcome of assessing a tile holding the coins ``on_tile`` (each
    ``owner * 6 + value``): ``(claimer or -1, whether a tie turned the coins over)``.
    Most coins claims; a tie in coins goes to the highest total of the tied seats'
    values, a tie in that to nobody (spec, Claims)."""
    if not on_tile:
        return -1, False
    counts: dict[int, int] = {}
    for c in on_tile:
        counts[c // 6] = counts.get(c // 6, 0) + 1
    most = max(counts.values())
    tied = [s for s in sorted(counts) if counts[s] == most]
    if len(tied) == 1:
        return tied[0], False
    totals = {s: 0 for s in tied}
    for c in on_tile:
        if c // 6 in totals:
            totals[c // 6] += c % 6
    best = max(totals.values())
    winners = [s for s in tied if totals[s] == best]
    return (winners[0] if len(winners) == 1 else -1), True


#: coin code -> its share of a tile's judging key: per owner, 8 bits holding its coins
#: (3 bits, at most 4) and the sum of their values (5 bits, at most 20). A claim depends
#: on nothing else, so the sum over a tile's coins keys :func:`judge`'s outcome.
_KEY = tuple((1 << (c // 6 * 8)) + ((c % 6) << (c // 6 * 8 + 3)) for c in range(24))
#: judging key -> :func:`judge`'s outcome, for every key met so far.
_JUDGED: dict[int, tuple[int, bool]] = {}


class Rules(State):
    """The rules half of :class:`~.state.SarcophagusState` (a mixin: no fields)."""

    __slots__ = ()

    def apply_action(self, action: Any) -> None:
        phase = self.phase
        if phase <= PLACE2:
            self._place(action, phase)
        elif phase == PASS:
            self._pass()
        elif phase == TRAP:
            self._discard(action - nt.DISCARD)
            if not self._cascade():
                self._go_on()
        elif phase == END_TRAP:
            self._discard(action - nt.DISCARD)
            self._next_end_discard()
        elif phase == LAYOUT:
            self.layout = tuple(action)
            self.faceup = 1  # a1 turns face up (ruling 1)
            self.phase = FIRST
        elif phase == FIRST:
            seat = action - nt.FIRST
            self.turn = seat
            self.cur = seat
            self.phase = PLACE1
        else:
            raise game_over(action)

    # ------------------------------------------------------------ the rules
    def _place(self, action: int, phase: int) -> None:
        """``place V T`` (spec, Turn): the coin, the reveal (ruling 11), the claim check."""
        pos = action // 6
        value = action - pos * 6
        seat = self.cur
        i = seat * 6 + value
        hand = self.hand
        left = hand[i] - 1
        hand[i] = left
        if not left:
            self.handmask[seat] &= ~(1 << value)
        handn = self.handn
        handn[seat] -= 1
        ncoins = self.ncoins
        k = ncoins[pos]
        self.coins[pos * 4 + k] = i
        ncoins[pos] = k + 1
        self.passes = 0
        present = self.present
        self.faceup |= NEIGHBOURS[pos] & present
        if k == 3:
            self.full |= 1 << pos
            if claimable(self.sides[pos], present):
                self.after = AFTER_FIRST_COIN if phase == PLACE1 else AFTER_OTHER
                if not (self._assess(pos) or self._cascade()):
                    self._go_on()
                return
        # no tile left: the game goes on with the same pyramid (as _go_on, inlined)
        if phase == PLACE1 and handn[seat]:
            self.phase = PLACE2
            return
        seat += 1
        if seat == self.num_players:
            seat = 0
        self.turn = seat
        self.cur = seat
        self.phase = PLACE1 if handn[seat] else PASS

    def _pass(self) -> None:
        """``pass``; the N-th pass in a row assesses the top-left tile (ruling 7)."""
        self.after = AFTER_OTHER
        self.passes += 1
        if self.passes == self.num_players:
            self.passes = 0
            present = self.present
            if self._assess((present & -present).bit_length() - 1) or self._cascade():
                return
        self._go_on()

    def _discard(self, tile: int) -> None:
        """``discard T``: a number tile held face up goes to the discard pile."""
        self.loc[tile] = DISCARDED
        self.nnum[self.cur] -= 1

    def _cascade(self) -> bool:
        """Assess the first full claimable tile in reading order until none is left
        (rulings 13, 14). True when a trap discard interrupts it."""
        sides = self.sides
        while self.full:
            m = self.full
            present = self.present
            while m:
                low = m & -m
                pos = low.bit_length() - 1
                if claimable(sides[pos], present):
                    break
                m ^= low
            else:
                return False
            if self._assess(pos):
                return True
        return False

    def _assess(self, pos: int) -> bool:
        """Assess the tile at ``pos`` (spec, Claims): claim or discard it, return
        coins, lock coins on a claimed sarcophagus tile, turn up the top-left tile.
        True when the claimer owes a trap discard (then it is his decision)."""
        k = self.ncoins[pos]
        base = pos * 4
        on_tile = self.coins[base:base + k]
        key = sum(map(_KEY.__getitem__, on_tile))
        judged = _JUDGED.get(key)
        if judged is None:
            judged = _JUDGED[key] = judge(tuple(on_tile))
        claimer, turned = judged
        if turned:
            self.ties.append((pos, self.layout[pos], tuple(on_tile)))
        tile = self.layout[pos]
        self.assessed += ((pos, tile, claimer),)
        bit = 1 << pos
        self.present &= ~bit
        self.full &= ~bit
        self.ncoins[pos] = 0
        slot = SARCOPHAGUS_SLOT[pos]
        hand, handn, handmask = self.hand, self.handn, self.handmask
        if claimer >= 0:
            self.loc[tile] = HELD + claimer
            r = tile % 6
            if r >= 2:
                self.nnum[claimer] += 1
            elif r == nt.ACE:
                self.gods |= 1 << claimer
            if slot >= 0:
                self.loc[self.layout[21 + slot]] = SARC + claimer
                kept = tuple(sorted(c % 6 for c in on_tile if c // 6 == claimer))
                self.lots.append((claimer, slot, kept, turned))
                on_tile = [c for c in on_tile if c // 6 != claimer]
        else:
            self.loc[tile] = DISCARDED
            if slot >= 0:
                self.loc[self.layout[21 + slot]] = UNSEEN
        for c in on_tile:
            hand[c] += 1
            owner = _OWNER[c]
            handn[owner] += 1
            handmask[owner] |= _VALUE_BIT[c]
        present = self.present
        self.faceup |= present & -present  # ruling 5
        if (claimer >= 0 and tile % 6 == nt.NULL and not self.gods >> claimer & 1
                and self.nnum[claimer]):
            self.phase = TRAP
            self.cur = claimer
            return True
        return False

    def _go_on(self) -> None:
        """After a cascade: the end, the turn's second coin (ruling 4), or the next turn."""
        if not self.present:
            self._begin_end()
            return
        turn = self.turn
        if self.after == AFTER_FIRST_COIN and self.handn[turn]:
            self.phase = PLACE2
            self.cur = turn
            return
        turn = (turn + 1) % self.num_players
        self.turn = turn
        self.cur = turn
        self.phase = PLACE1 if self.handn[turn] else PASS

    def _begin_end(self) -> None:
        """Reveal claimed sarcophagus tiles and queue one discard per trap (ruling 19)."""
        loc = self.loc
        traps = [0] * self.num_players
        for t in range(nt.NUM_TILES):
            code = loc[t]
            if SARC <= code < DISCARDED:
                seat = code - SARC
                loc[t] = HELD + seat
                if t % 6 >= 2:
                    self.nnum[seat] += 1
                elif t % 6 == nt.NULL:
                    traps[seat] += 1
        self.end_queue = tuple(s for s in range(self.num_players)
                               if not self.gods >> s & 1 for _ in range(traps[s]))
        self._next_end_discard()

    def _next_end_discard(self) -> None:
        """The next owed end-of-game discard whose seat still holds a number tile, or
        the end: fame and ranking are fixed then (spec, Scoring; ruling 23)."""
        queue = self.end_queue
        while queue:
            seat, queue = queue[0], queue[1:]
            if self.nnum[seat]:
                self.end_queue = queue
                self.phase = END_TRAP
                self.cur = seat
                return
        self.end_queue = ()
        self.phase = OVER
        self.cur = TERMINAL
        held: list[list[int]] = [[] for _ in range(self.num_players)]
        for t, code in enumerate(self.loc):
            if HELD <= code < SARC:
                held[code - HELD].append(t)
        scores = [fame(tiles) for tiles in held]
        self.final = (scores, ranking(scores, [len(tiles) for tiles in held]))

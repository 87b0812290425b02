"""The Pharaoh state: setup, the 20 rounds, chance nodes and results.

Source: shared/spec/pharaoh.md (every section); rulings are numbered as there,
the engine's own readings as in docs/games/pharaoh/rules.md.

Actions are the ints of :mod:`.notation`. Phases:

* chance: ``OBJECTIVE_ROLL`` (option ``objectives``), ``HILLS`` (3 rolls),
  ``RIVERS`` (2), ``ROLL`` (each round);
* moves of seat :attr:`PharaohState.seat`: ``SETUP_HOUSING``,
  ``SETUP_TAKE``, ``DICE`` (shifts and actions), ``ERASE``, ``BUILD``,
  ``FREE_BUILD``, ``GUILD_TAKE``;
* ``OVER``.

The phases and the phase machine (``apply_action`` and the rules it runs) are
in :mod:`.rules` (the :class:`~.rules.Rules` mixin; phases re-exported here);
this module holds the fields, legal moves, random draws and the fused playout,
chance, notation, results and the information hooks.
"""

from __future__ import annotations

import random
from typing import Any

from thebes.core import CHANCE, TERMINAL
from thebes.core.state import draw_legal, randbelow

import thebes.games.pharaoh.notation as notation
from .board import (ADMIN, CHART, COST, EMPTY, FARMING, FLOOD, HILL, HOUSING, INDUSTRIAL,
                    INVASION, MONUMENT, MONUMENT_LIMIT, NONE, SQUARES, TREASURY)
from .notation import (ACTION, BUILD, ERASE, HILL_ROLL, OBJECTIVES, RIVER_ROLL, ROLL, SHIFT,
                       SKIP, TAKE1, TAKE2)
from .rules import (_HOUSING_BASE, BUILD_PHASE, DICE, ERASE_PHASE, FREE_BUILD, GUILD_TAKE,
                    HILL_PHASE, HILLS, OBJECTIVE_ROLL, OVER, PHASE_NAMES, RIVER_PHASE, RIVERS_COUNT,
                    ROLL_PHASE, ROUNDS, SETUP_HOUSING, SETUP_TAKE, Rules)
from .sheet import Sheet




_ROLL_P = 1 / 36
_ROLL_OUTCOMES = [(ROLL + i, _ROLL_P) for i in range(36)]
_OBJECTIVE_OUTCOMES = [(OBJECTIVES + (a - 1) * 6 + b - 1, (2 if a < b else 1) / 36)
                       for a in range(1, 7) for b in range(a, 7)]
_TAKE2_ACTIONS = [TAKE2 + r1 * 4 + r2 for r1 in range(4) for r2 in range(r1, 4)]
_TAKE1_ACTIONS = [TAKE1 + r for r in range(4)]
_BUILD_BASE = [BUILD + k * SQUARES for k in range(10)]
_FREE_BASES = [b for k, b in enumerate(_BUILD_BASE) if k != ADMIN]
_FREE_BASES_NO_MONUMENT = [b for k, b in enumerate(_BUILD_BASE) if k not in (ADMIN, MONUMENT)]


def _affordable_table() -> dict[tuple[int, int, int, int, bool], list[int]]:
    """(labour<=1, grain<=1, gold<=2, material<=2, monument allowed) -> build bases paid for."""
    table = {}
    for lab in range(2):
        for gra in range(2):
            for gol in range(3):
                for mat in range(3):
                    for mon in (False, True):
                        have = (lab, gra, gol, mat)
                        table[lab, gra, gol, mat, mon] = [
                            _BUILD_BASE[k] for k in range(10)
                            if all(have[r] >= COST[k][r] for r in range(4))
                            and (mon or k != MONUMENT)]
    return table


_AFFORDABLE = _affordable_table()
#: the same keys -> the kinds of those build bases, in the same order.
_AFFORDABLE_KINDS = {key: tuple((b - BUILD) // SQUARES for b in bases)
                     for key, bases in _AFFORDABLE.items()}
#: roll outcome index (ROLL + i) -> the dice (a, b).
_ROLLS = tuple((i // 6 + 1, i % 6 + 1) for i in range(36))
#: dice-decision key -> its legal actions (filled lazily; see PharaohState._dice_actions).
_DICE_CACHE: dict[int, tuple[int, ...]] = {}


class PharaohState(Rules):
    """A Pharaoh game in progress (see the module docstring for the phases).

    Attributes:
        num_players: seats, 1..99.
        objectives: whether the option ``objectives`` is on.
        phase: one of the phase constants.
        seat: the seat deciding (0-based) in a move phase; 0 otherwise.
        round: the round being played, 1..20 (0 during setup).
        marked: bitmask of the marked objectives (bit n = objective n).
        terrain: number of terrain rolls made (0..5).
        roll: this round's roll ``(a, b)`` or ``None`` before the first.
        sheets: one :class:`Sheet` per seat.
    """

    __slots__ = ("num_players", "objectives", "phase", "seat", "round", "marked", "terrain",
                 "roll", "sheets")

    def __init__(self, num_players: int, objectives: bool) -> None:
        self.num_players = num_players
        self.objectives = objectives
        self.phase = OBJECTIVE_ROLL if objectives else HILL_PHASE
        self.seat = 0
        self.round = 0
        self.marked = 0
        self.terrain = 0
        self.roll: tuple[int, int] | None = None
        self.sheets = [Sheet() for _ in range(num_players)]

    # ---------------------------------------------------------------- fast path
    def current_player(self) -> int:
        """The seat to decide (0-based), ``CHANCE`` in a roll phase, or ``TERMINAL``."""
        phase = self.phase
        if phase > OVER:
            return self.seat
        return TERMINAL if phase == OVER else CHANCE

    def clone(self) -> "PharaohState":
        """An independent copy: each sheet's flat lists copied."""
        new = PharaohState.__new__(PharaohState)
        new.num_players = self.num_players
        new.objectives = self.objectives
        new.phase = self.phase
        new.seat = self.seat
        new.round = self.round
        new.marked = self.marked
        new.terrain = self.terrain
        new.roll = self.roll
        new.sheets = [s.copy() for s in self.sheets]
        return new

    def legal_actions(self) -> list[int]:
        """The legal action codes (:mod:`.notation`), a fresh list; ``[]`` when over.

        At a chance node, the outcomes with non-zero probability. Source: spec,
        Setup, Dice action, Build action.
        """
        phase = self.phase
        if phase == BUILD_PHASE:
            sheet = self.sheets[self.seat]
            cells = sheet.cells
            empty = [sq for sq in range(SQUARES) if cells[sq] < 0]
            out = [SKIP]
            if empty:
                st = sheet.storage
                lab, gra, gol, mat = st
                bases = _AFFORDABLE[lab if lab < 1 else 1, gra if gra < 1 else 1,
                                    gol if gol < 2 else 2, mat if mat < 2 else 2,
                                    sheet.monuments < MONUMENT_LIMIT]
                for base in bases:
                    out += [base + sq for sq in empty]
            return out
        if phase == DICE:
            return list(self._dice_actions())
        if phase == FREE_BUILD:
            sheet = self.sheets[self.seat]
            cells = sheet.cells
            empty = [sq for sq in range(SQUARES) if cells[sq] < 0]
            out = [SKIP]
            bases = (_FREE_BASES if sheet.monuments < MONUMENT_LIMIT
                     else _FREE_BASES_NO_MONUMENT)
            for base in bases:
                out += [base + sq for sq in empty]
            return out
        if phase == GUILD_TAKE:
            return _TAKE1_ACTIONS[:]
        if phase == ERASE_PHASE:
            cells = self.sheets[self.seat].cells
            return [ERASE + sq for sq in range(SQUARES) if 0 <= cells[sq] < HILL]
        if phase == SETUP_HOUSING:
            cells = self.sheets[self.seat].cells
            return [_HOUSING_BASE + sq for sq in range(SQUARES) if cells[sq] < 0]
        if phase == SETUP_TAKE:
            return _TAKE2_ACTIONS[:]
        if phase == OVER:
            return []
        return [a for a, _ in self.chance_outcomes()]

    def random_action(self, rng: random.Random) -> int:
        """``rng.choice(self.legal_actions())`` without building the list for a build (the
        move at index r is found from the count of empty squares) or a dice decision (its
        cached tuple); other phases go through the list."""
        phase = self.phase
        if phase == DICE:
            moves = self._dice_actions()
            return moves[randbelow(rng, len(moves))]
        if phase == BUILD_PHASE or phase == FREE_BUILD:
            sheet = self.sheets[self.seat]
            cells = sheet.cells
            empty = [sq for sq in range(SQUARES) if cells[sq] < 0]
            if phase == FREE_BUILD:
                bases = (_FREE_BASES if sheet.monuments < MONUMENT_LIMIT
                         else _FREE_BASES_NO_MONUMENT)
            elif empty:
                lab, gra, gol, mat = sheet.storage
                bases = _AFFORDABLE[lab if lab < 1 else 1, gra if gra < 1 else 1,
                                    gol if gol < 2 else 2, mat if mat < 2 else 2,
                                    sheet.monuments < MONUMENT_LIMIT]
            else:
                bases = ()
            e = len(empty)
            r = randbelow(rng, 1 + len(bases) * e) if e else randbelow(rng, 1)
            if not r:
                return SKIP
            b, i = divmod(r - 1, e)
            return bases[b] + empty[i]
        return draw_legal(self, rng)

    def random_playout(self, rng: random.Random) -> int:
        """``State.random_playout`` with the round's roll, the dice decision and the
        build action drawn and applied in the loop (as :meth:`random_action` draws them,
        as :meth:`apply_action` applies them): the same generator calls, the same game."""
        n = 0
        getrandbits = rng.getrandbits
        sheets = self.sheets
        while True:
            phase = self.phase
            if phase == DICE:
                sheet = sheets[self.seat]
                moves = self._dice_actions()
                k = len(moves)
                bits = k.bit_length()
                r = getrandbits(bits)
                while r >= k:
                    r = getrandbits(bits)
                action = moves[r]
                if action >= SHIFT:
                    i = action - SHIFT
                    sheet.dice[i >> 3] += 1 if i & 4 else -1
                    sheet.storage[i & 3] -= 1
                    sheet.shifted = True
                else:
                    self._dice_action(action - ACTION)
            elif phase == BUILD_PHASE:
                sheet = sheets[self.seat]
                cells = sheet.cells
                e = cells.count(EMPTY)
                if e:
                    lab, gra, gol, mat = sheet.storage
                    kinds = _AFFORDABLE_KINDS[lab if lab < 1 else 1, gra if gra < 1 else 1,
                                              gol if gol < 2 else 2, mat if mat < 2 else 2,
                                              sheet.monuments < MONUMENT_LIMIT]
                    k = 1 + len(kinds) * e
                else:
                    k = 1
                bits = k.bit_length()
                r = getrandbits(bits)
                while r >= k:
                    r = getrandbits(bits)
                if not r:
                    self._end_turn()
                else:
                    b, i = divmod(r - 1, e)
                    sq = cells.index(EMPTY)  # the i-th empty square
                    while i:
                        sq = cells.index(EMPTY, sq + 1)
                        i -= 1
                    self._build(sheet, kinds[b], sq)
            elif phase == ROLL_PHASE:
                i = int(rng.random() * 36)
                a, b = _ROLLS[i]
                self.roll = (a, b)
                self.round += 1
                for sheet in sheets:
                    sheet.new_round(a, b)
                self.seat = 0
                self.phase = DICE
            elif phase > OVER:
                self.apply_action(self.random_action(rng))
            elif phase == OVER:
                return n
            else:
                self.apply_action(self.sample_chance(rng))
            n += 1

    def _dice_actions(self) -> tuple[int, ...]:
        """The dice decision's legal moves (spec, Dice action), cached by what they depend on."""
        sheet = self.sheets[self.seat]
        d1, d2 = sheet.dice
        a, b = self.roll  # type: ignore[misc]
        natural = a == b and a >= 5
        count = sheet.count
        enabled = ((count[HOUSING] > 0) | (count[FARMING] > 0) << 1
                   | (count[TREASURY] > 0) << 2 | (count[INDUSTRIAL] > 0) << 3)
        if natural or sheet.shifted:
            held = 0
        else:
            st = sheet.storage
            held = 16 | (st[0] > 0) | (st[1] > 0) << 1 | (st[2] > 0) << 2 | (st[3] > 0) << 3
        key = ((((d1 * 8 + d2) * 2 + natural) * 16 + enabled) * 32) + held
        found = _DICE_CACHE.get(key)
        if found is None:
            found = _DICE_CACHE[key] = _dice_decision(d1, d2, natural, enabled, held)
        return found





    # ---------------------------------------------------------------- chance
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(outcome code, probability)]`` of a roll phase (spec, Setup 1-2, The round 1);
        ``[]`` at a decision or at the end."""
        phase = self.phase
        if phase == ROLL_PHASE:
            return _ROLL_OUTCOMES[:]
        if phase == HILL_PHASE or phase == RIVER_PHASE:
            base = HILL_ROLL if phase == HILL_PHASE else RIVER_ROLL
            cells = self.sheets[0].cells
            free = [sq for sq in range(SQUARES) if cells[sq] < 0]
            p = 1 / len(free)
            return [(base + sq, p) for sq in free]
        if phase == OBJECTIVE_ROLL:
            return _OBJECTIVE_OUTCOMES[:]
        return []

    def chance_probability(self, action: Any) -> float:
        """Probability of outcome ``action`` here (0.0 if impossible)."""
        phase = self.phase
        if phase == ROLL_PHASE:
            return _ROLL_P if type(action) is int and ROLL <= action < ROLL + 36 else 0.0
        return super().chance_probability(action)

    def sample_chance(self, rng: random.Random) -> int:
        """One outcome drawn with the caller's ``rng`` (one ``rng.random()`` a draw)."""
        phase = self.phase
        if phase == ROLL_PHASE:
            return ROLL + int(rng.random() * 36)
        if phase == HILL_PHASE or phase == RIVER_PHASE:
            base = HILL_ROLL if phase == HILL_PHASE else RIVER_ROLL
            cells = self.sheets[0].cells
            i = int(rng.random() * cells.count(EMPTY))
            sq = cells.index(EMPTY)  # the i-th free square
            while i:
                sq = cells.index(EMPTY, sq + 1)
                i -= 1
            return base + sq
        return super().sample_chance(rng)

    # ---------------------------------------------------------------- notation
    def action_to_text(self, action: Any) -> str:
        """The one spelling of ``action``; raises ``InvalidEventError`` for no code."""
        return notation.action_to_text(action)

    def text_to_action(self, text: str) -> int:
        """The code of an event's text; raises ``InvalidEventError`` for text that is no event."""
        return notation.text_to_action(text)

    def is_legal(self, action: Any) -> bool:
        """Whether ``action`` (an int code) is legal, or a possible outcome, here."""
        if type(action) is not int:
            return False
        return super().is_legal(action)

    # ---------------------------------------------------------------- information
    def _observation(self, seat: int | None) -> dict[str, Any]:
        """Everything (spec, What each seat sees): see :func:`.observation.observe`."""
        from .observation import observe
        return observe(self, seat)

    def _determinize(self, seat: int, rng: random.Random) -> "PharaohState":
        """A copy: nothing is hidden in Pharaoh, so there is nothing to redraw."""
        return self.clone()

    # ---------------------------------------------------------------- results
    def scores(self) -> list[int]:
        """Each seat's sum of written round scores (spec, Scoring), in seat order."""
        return [sheet.total for sheet in self.sheets]

    def ranking(self) -> list[int] | None:
        """Seats by score, ties in seat order (ruling 26); ``None`` before the end."""
        if self.phase != OVER:
            return None
        return sorted(range(self.num_players), key=lambda s: -self.sheets[s].total)


def _dice_decision(d1: int, d2: int, natural: bool, enabled: int, held: int) -> tuple[int, ...]:
    """The legal moves of a dice decision.

    Args:
        d1, d2: the seat's dice (after any shift).
        natural: the roll itself is 5-5 or 6-6 (ruling 10).
        enabled: bit x set when production action x has an enabling building.
        held: 0 when no shift is allowed, else 16 plus bit r per resource held.
    """
    if natural:
        return (ACTION + (FLOOD if d1 == 5 else INVASION),)
    offered = []
    for entry in (d1, d2, d1 + d2):
        x = CHART[entry]
        if x < NONE and not enabled >> x & 1:
            continue
        if ACTION + x not in offered:
            offered.append(ACTION + x)
    if not offered:
        offered.append(ACTION + NONE)
    if held:
        for d, die in ((0, d1), (1, d2)):
            for up, ok in ((0, die > 1), (1, die < 6)):
                if ok:
                    offered += [SHIFT + d * 8 + up * 4 + r for r in range(4) if held >> r & 1]
    return tuple(offered)


__all__ = ["PharaohState", "BUILD_PHASE", "DICE", "ERASE_PHASE", "FREE_BUILD", "GUILD_TAKE",
           "HILL_PHASE", "HILLS", "OBJECTIVE_ROLL", "OVER", "PHASE_NAMES", "RIVER_PHASE",
           "RIVERS_COUNT", "ROLL_PHASE", "ROUNDS", "SETUP_HOUSING", "SETUP_TAKE"]

"""Pharaoh's phases and phase machine (shared/spec/pharaoh.md, Setup, The round, Dice
action, Build action): ``apply_action`` and the rules it runs (terrain and setup, the
roll, dice actions, builds, the end of a turn and the round's scores).

:class:`Rules` is a mixin of :class:`~.state.PharaohState` (which holds the fields).
"""

from __future__ import annotations

from thebes.core import State
from thebes.core.state import game_over

from .board import (ADMIN, COLLECT, COST, EMPTY, FLOOD, GUILD, HILL, HOUSING, INVASION, MILITARY,
                    MONUMENT, NONE, PRODUCE, PRODUCTION, RELIGIOUS, RIVER, SQUARES, YIELD_CAP)
from .notation import (ACTION, BUILD, ERASE, HILL_ROLL, OBJECTIVES, RIVER_ROLL, ROLL, SHIFT,
                       SKIP, TAKE1, TAKE2)
from .scoring import marked_objectives, round_score
from .sheet import (COLLECTED_3, FLOOD_PREVENTED, INVADED, INVASION_PREVENTED, PRODUCED_3,
                    Sheet)

#: Rounds in a game (spec, The round).
ROUNDS = 20

#: Hill and river rolls at setup (spec, Setup 2).
HILLS, RIVERS_COUNT = 3, 2

# Phases. Chance phases and OVER come first so current_player() is one compare.
OBJECTIVE_ROLL, HILL_PHASE, RIVER_PHASE, ROLL_PHASE, OVER = range(5)

SETUP_HOUSING, SETUP_TAKE, DICE, ERASE_PHASE, BUILD_PHASE, FREE_BUILD, GUILD_TAKE = range(5, 12)

PHASE_NAMES = ("objective roll", "hill roll", "river roll", "roll", "over", "starting housing",
               "starting resources", "dice action", "erase", "build action", "free build",
               "guild resource")

_HOUSING_BASE = BUILD + HOUSING * SQUARES


class Rules(State):
    """The rules half of :class:`~.state.PharaohState` (a mixin: no fields)."""

    __slots__ = ()

    def apply_action(self, action: int) -> None:
        """Apply a legal action code or chance outcome (unchecked: the fast path).

        Raises:
            ValueError: the game is over.
        """
        phase = self.phase
        if phase == DICE:
            if action >= SHIFT:
                sheet = self.sheets[self.seat]
                i = action - SHIFT
                sheet.dice[i >> 3] += 1 if i & 4 else -1
                sheet.storage[i & 3] -= 1
                sheet.shifted = True
            else:
                self._dice_action(action - ACTION)
        elif phase == BUILD_PHASE:
            if action == SKIP:
                self._end_turn()
            else:
                kind, sq = divmod(action - BUILD, SQUARES)
                self._build(self.sheets[self.seat], kind, sq)
        elif phase == ROLL_PHASE:
            i = action - ROLL
            a, b = i // 6 + 1, i % 6 + 1
            self.roll = (a, b)
            self.round += 1
            for sheet in self.sheets:
                sheet.new_round(a, b)
            self.seat = 0
            self.phase = DICE
        elif phase == FREE_BUILD:
            if action == SKIP:
                self._end_turn()
            else:
                kind, sq = divmod(action - BUILD, SQUARES)
                self._draw(self.sheets[self.seat], kind, sq)
                if kind == GUILD:
                    self.phase = GUILD_TAKE
                else:
                    self._end_turn()
        elif phase == GUILD_TAKE:
            self.sheets[self.seat].storage[action - TAKE1] += 1
            self._end_turn()
        elif phase == ERASE_PHASE:
            sheet = self.sheets[self.seat]
            sq = action - ERASE
            kind = sheet.cells[sq]
            sheet.cells[sq] = EMPTY
            count = sheet.count
            count[kind] -= 1
            # Ruling 19: an erased building loses a used prevention first.
            if kind == MILITARY and sheet.invasion_guard > count[MILITARY]:
                sheet.invasion_guard = count[MILITARY]
            elif kind == RELIGIOUS and sheet.flood_guard > count[RELIGIOUS]:
                sheet.flood_guard = count[RELIGIOUS]
            self.phase = BUILD_PHASE
        elif phase == SETUP_HOUSING:
            sheet = self.sheets[self.seat]
            sq = action - _HOUSING_BASE
            sheet.cells[sq] = HOUSING
            sheet.count[HOUSING] += 1
            self.phase = SETUP_TAKE
        elif phase == SETUP_TAKE:
            i = action - TAKE2
            st = self.sheets[self.seat].storage
            st[i >> 2] += 1
            st[i & 3] += 1
            if self.seat + 1 < self.num_players:
                self.seat += 1
                self.phase = SETUP_HOUSING
            else:
                self.seat = 0
                self.phase = ROLL_PHASE
        elif phase == HILL_PHASE or phase == RIVER_PHASE:
            tile = HILL if phase == HILL_PHASE else RIVER
            sq = action - (HILL_ROLL if phase == HILL_PHASE else RIVER_ROLL)
            for sheet in self.sheets:
                sheet.cells[sq] = tile
            self.terrain += 1
            if self.terrain == HILLS:
                self.phase = RIVER_PHASE
            elif self.terrain == HILLS + RIVERS_COUNT:
                self.phase = SETUP_HOUSING
        elif phase == OBJECTIVE_ROLL:
            i = action - OBJECTIVES
            self.marked = marked_objectives(i // 6 + 1, i % 6 + 1)
            self.phase = HILL_PHASE
        else:
            raise game_over(action)

    def _dice_action(self, x: int) -> None:
        """Resolve dice action ``x`` for the seat to move (spec, Dice action, Effects)."""
        sheet = self.sheets[self.seat]
        self.phase = BUILD_PHASE
        if x < NONE:
            resource, enabler = PRODUCTION[x]
            n = sheet.count[enabler]
            if n >= YIELD_CAP:
                n = YIELD_CAP
                if x == PRODUCE:
                    sheet.flags |= PRODUCED_3
                elif x == COLLECT:
                    sheet.flags |= COLLECTED_3
            sheet.storage[resource] += n
        elif x == FLOOD:
            if sheet.flood_guard:
                sheet.flood_guard -= 1
                sheet.flags |= FLOOD_PREVENTED
            else:
                cells = sheet.cells
                for sq in range(SQUARES):
                    if 0 <= cells[sq] < HILL:
                        self.phase = ERASE_PHASE
                        break
        elif x == INVASION:
            if sheet.invasion_guard:
                sheet.invasion_guard -= 1
                sheet.flags |= INVASION_PREVENTED
            else:
                sheet.flags |= INVADED

    def _build(self, sheet: Sheet, kind: int, sq: int) -> None:
        """Pay ``kind``'s cost from ``sheet``'s storage, draw it on square ``sq``, then go on:
        an administration gives a free build, a guild a take, else the turn ends."""
        st = sheet.storage
        cost = COST[kind]
        st[0] -= cost[0]
        st[1] -= cost[1]
        st[2] -= cost[2]
        st[3] -= cost[3]
        self._draw(sheet, kind, sq)
        if kind == ADMIN:
            self.phase = FREE_BUILD
        elif kind == GUILD:
            self.phase = GUILD_TAKE
        else:
            self._end_turn()

    @staticmethod
    def _draw(sheet: Sheet, kind: int, sq: int) -> None:
        """Draw a tile of ``kind`` on ``sq`` this round (paid for by the caller)."""
        sheet.cells[sq] = kind
        sheet.count[kind] += 1
        sheet.drawn.append(sq)
        if kind == MILITARY:
            sheet.invasion_guard += 1
        elif kind == RELIGIOUS:
            sheet.flood_guard += 1
        elif kind == MONUMENT:
            sheet.monuments += 1

    def _end_turn(self) -> None:
        """The seat's turn is over: the next seat decides, or the round's scores are written."""
        self.sheets[self.seat].turn_over = True
        if self.seat + 1 < self.num_players:
            self.seat += 1
            self.phase = DICE
            return
        marked = self.marked
        for sheet in self.sheets:
            score, completed = round_score(sheet, marked)
            sheet.rounds.append(score)
            sheet.total += score
            sheet.done |= completed
        self.seat = 0
        self.phase = OVER if self.round == ROUNDS else ROLL_PHASE

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

The class is built from mixins, one module each: :mod:`.rules` (``apply_action``
and the phase machine), :mod:`.moves` (legal moves), :mod:`.playout` (random
draws and the fused playout); this module holds the fields, the contract's
chance and notation edges, results and the information hooks. The phases and
small tables are in :mod:`.phases` (re-exported here for older importers).
"""

from __future__ import annotations

import random
from typing import Any

from thebes.core import CHANCE, TERMINAL, TooManyOutcomes

import thebes.games.pharaohs_heir.chance as chance
import thebes.games.pharaohs_heir.notation as notation
from .actions import BLESSING, LAND, NILE
from .phases import (CHANCE_PHASES, CHOICE_LISTS, CHOICES, P_BLESSING, P_BONUS, P_BUILD,
                     P_CHOOSE, P_END, P_LAND, P_NILE, P_OFFER, P_PAY, P_PLACE, P_PROTECT, P_REAP,
                     P_STARVE, P_TAKE, P_UNREST, PHASE_NAMES, SPLIT_PHASES, STACK, TURNS,
                     ZERO_TILES)
from .pieces import SLOTS, ZERO_SLOTS
from .playout import RandomPlay
from .rules import Rules
from .scoring import final_ranking


class PharaohsHeirState(RandomPlay, Rules):
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

    def reveals(self, action: Any) -> bool:
        """A decision after which a Nile tile is turned over, a land stack shows its next
        tile, or an Overseer peeks reveals (spec, What each seat sees): a take-back stops
        before it (docs/tables.md)."""
        after = self.clone()
        after.apply_action(action)
        return (after.nile_next != self.nile_next or after.peek_seat != self.peek_seat
                or after.depth != self.depth or after.stack0 != self.stack0
                or after.taken != self.taken)

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


__all__ = ["PharaohsHeirState", "new_state", "CHANCE_PHASES", "CHOICE_LISTS", "CHOICES",
           "P_BLESSING", "P_BONUS", "P_BUILD", "P_CHOOSE", "P_END", "P_LAND", "P_NILE",
           "P_OFFER", "P_PAY", "P_PLACE", "P_PROTECT", "P_REAP", "P_STARVE", "P_TAKE",
           "P_UNREST", "PHASE_NAMES", "SPLIT_PHASES", "STACK", "TURNS", "ZERO_TILES"]

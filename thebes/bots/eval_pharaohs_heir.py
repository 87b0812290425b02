"""Pharaoh's Heir's hooks for :mod:`thebes.bots.ismcts`.

* ``prior``: the greedy bot's move (thebes/bots/greedy_pharaohs_heir.py) on
  the search's determinization, weighted by ``BIAS``;
* ``cutoff``: a playout (random moves) stops once the action it started in
  has been carried out by every player (the Overseer's choice and the moves
  it calls for), or after ``HORIZON`` events;
* ``evaluate``: the greedy bot's worth of the position for every seat
  (victory points so far, this cycle's as if scored now, leads in each area,
  canals and buildings).

Random playouts to the end of a game of some 250 events are slow and judge
development poorly; cut short and judged, the search looks one action ahead
of the greedy bot (docs/STRENGTH.md).
"""

from __future__ import annotations

import random

from thebes.bots.greedy_pharaohs_heir import GreedyBot, evaluate as worth
from thebes.core import TERMINAL, Action, State

BIAS = 1.0
HORIZON = 24


def prior(state: State, seat: int, rng: random.Random) -> Action:
    """The greedy bot's move for ``seat`` on the search's determinization."""
    return GreedyBot("pharaohs-heir", seat, rng).choose(state)


def evaluate(state: State) -> list[float]:
    """The greedy worth of the position for each seat."""
    return [worth(state, seat) for seat in range(state.num_players)]


def cutoff(state: State, start: State, steps: int) -> bool:
    """True once the action under way at the start is over, or HORIZON events on."""
    return (steps >= HORIZON or state.k != start.k or state.turn != start.turn  # type: ignore[attr-defined]
            or state.current_player() == TERMINAL)

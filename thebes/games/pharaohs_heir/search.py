"""Pharaoh's Heir's hooks for :mod:`thebes.bots.ismcts`.

* ``cutoff``: a playout stops when it reaches the turn :data:`TURNS_AHEAD` turns
  after the one it started in (turns: the six Nile segments of a cycle, spec
  R5, counted across both cycles), or the end of the game;
* ``spread``: how far ``evaluate`` may be from the final VPs (the search's soft win
  share at a cut-off, thebes/bots/ismcts.py ``reward_from_scores``);
* ``evaluate``: each seat's estimated final VPs, the greedy bot's worth of its
  position (thebes/games/pharaohs_heir/greedy.py: VPs so far, this cycle's VPs
  if it were scored now weighted by how far the cycle has gone, the lead in
  each area, canals and buildings).

A random playout to the end of the game is about 270 events in 3-player games
and took 93% of the search's time; cut off at the next turn, an iteration
applies about 23 events from the first decision. Kept because it wins more
than playouts to the end at equal time (docs/bots.md, "Cut-off playouts in
Sarcophagus and Pharaoh's Heir").
"""

from __future__ import annotations

from thebes.games.pharaohs_heir.greedy import evaluate_all
from thebes.core import TERMINAL, State

#: a playout started in turn t is valued when it reaches turn t + TURNS_AHEAD.
TURNS_AHEAD = 1


def cutoff(state: State, start: State, steps: int) -> bool:
    """True once ``state`` is ``TURNS_AHEAD`` turns past the turn ``start`` was in (turn
    number cycle x 6 + turn), or the game is over."""
    return (state.cycle * 6 + state.turn  # type: ignore[attr-defined]
            >= start.cycle * 6 + start.turn + TURNS_AHEAD  # type: ignore[attr-defined]
            or state.current_player() == TERMINAL)


#: the evaluation's spread (VPs) in the first turn and the last: the residual of greedy
#: games' estimated leads against their final leads, standard deviation / 1.7, is 3.3 to
#: 4.9 all game long at 3 and 4 players (``benchmarks/spread_fit.py``; docs/bots.md, "A
#: soft win share").
SPREAD = (4.5, 3.5)
#: turns in the game: two cycles of six Nile segments (spec R5).
GAME_TURNS = 12


def spread(state: State) -> float:
    """How far :func:`evaluate` may be from the final VPs, in points."""
    gone = (state.cycle * 6 + state.turn) / GAME_TURNS  # type: ignore[attr-defined]
    early, late = SPREAD
    return early + (late - early) * min(1.0, gone)


def evaluate(state: State) -> list[float]:
    """Estimated final VPs per seat (see the module docstring), in seat order."""
    return evaluate_all(state)

"""Ra's hooks for :mod:`thebes.bots.ismcts`.

* ``prior``: the greedy bot's move (thebes/games/ra/greedy.py), asked once per
  tree node: the search expects the others to play sensibly, and departs from
  the greedy move where its playouts say so;
* ``playout``: :func:`playout`, a fast noisy greedy policy;
* ``cutoff``: a playout stops after a short horizon or when the epoch it
  started in has been scored; the position is then worth :func:`evaluate`.

With the greedy prior the search won 14 of 24 games against two greedy bots
at 1,000 iterations a move, against 11.5 with the playout policy as its prior
(docs/STRENGTH.md).

:func:`evaluate` is a hand-made guess, the default judge (``medium``'s). A linear
value fitted on self-play (thebes/games/ra/value.py) was first not adopted (issue 18:
behind it at equal time at tiny budgets), then adopted for ``hard`` (issue 32: at 4
players and equal iterations ahead in 73% of pairs, for 8% more time; docs/bots.md,
"A learned evaluation"); :data:`EVALUATIONS` names both.
"""

from __future__ import annotations

import random

from thebes.games.ra.greedy import lot_value, policy as greedy_policy
from thebes.games.ra import notation as nt
from thebes.games.ra.scoring import epoch_totals, monument_points, most_fewest
from thebes.games.ra.state import AUCTION, DISCARD, GOD_PLAYED, OVER, RaState
from thebes.games.ra.tiles import NILE, PHARAOH, RA_TRACK_END
from thebes.games.ra.value import evaluate as evaluate_learned


#: playout events after which the position is evaluated instead of played on.
HORIZON = 16
#: what a face-up sun can still buy, in fame, at the start of an epoch.
SUN_WORTH = 6.0


def prior(state: RaState, seat: int, rng: random.Random) -> int:
    """The greedy bot's move for ``seat`` on the search's determinization."""
    return greedy_policy(state, seat, rng)


def cutoff(state: RaState, start: RaState, steps: int) -> bool:
    """True once the playout has scored the epoch it started in, or gone HORIZON events."""
    return steps >= HORIZON or state.epoch > start.epoch


#: the evaluation's spread (points) with the whole game ahead, and at its end.
SPREAD = (12.0, 2.0)


def spread(state: RaState) -> float:
    """How far :func:`evaluate` may be from the final fame, in points: wide early, narrow
    late (the search's soft win share at a cut-off: thebes/bots/ismcts.py)."""
    left = 1.0 - (state.epoch - 1 + state.ra_count / RA_TRACK_END[state.num_players]) / 3.0
    if state.phase == OVER:
        return 0.0
    early, late = SPREAD
    return late + (early - late) * max(0.0, left)


def evaluate(state: RaState) -> list[float]:
    """Estimated final fame per seat: fame so far, plus the current epoch's tally as if it
    ended now (unless it just ended), plus monuments as they would score at the end, plus
    what face-up suns can still buy, plus lasting pharaohs and Nile tiles a little."""
    n = state.num_players
    remaining = 3 - state.epoch  # epochs after the current one
    tally = epoch_totals(state.display, state.suns_up, state.suns_down, final=False)
    suns = most_fewest([sum(state.suns_up[s]) + sum(state.suns_down[s]) for s in range(n)], 5, -5)
    progress = state.ra_count / RA_TRACK_END[n]
    out = []
    for s in range(n):
        d = state.display[s]
        up = state.suns_up[s]
        out.append(state.fame[s] + tally[s] + monument_points(d) + 0.5 * suns[s]
                   + (1.0 - progress) * (SUN_WORTH * len(up) + 0.15 * sum(up))
                   + remaining * (0.8 * d[PHARAOH] + 0.3 * d[NILE]))
    return out


#: the judges a level may name (``ISMCTSBot(evaluation=...)``): ``hand`` (:func:`evaluate`,
#: the default) and ``learned`` (thebes/games/ra/value.py, fitted on greedy self-play; the
#: ``hard`` level's judge: docs/bots.md, "A learned evaluation").
EVALUATIONS = {"hand": evaluate, "learned": evaluate_learned}


#: rough worth of one tile of each kind to its taker, for the playout policy.
_TILE_WORTH = (0.0, 2.0, 3.0, 1.5, 0.8, 2.0) + (2.0,) * 5 + (1.2,) * 8 + (-2.5, -2.0, -2.5, -2.5)


def playout(state: RaState, seat: int, rng: random.Random) -> int:
    """A fast, noisy greedy policy for playouts: draws until the track is worth
    an auction, bids the lowest sun that wins when the lot is worth the sun,
    plays a god on gold or a civilization, discards at random."""
    legal = state.legal_actions()
    if len(legal) == 1 or rng.random() < 0.1:
        return legal[int(rng.random() * len(legal))]
    phase = state.phase
    if phase == AUCTION:
        display = state.display[seat]
        others = [state.display[s][PHARAOH] for s in range(state.num_players) if s != seat]
        worth = lot_value(display, [k for k in state.track if k >= 0], others, state.epoch)
        worth += 0.15 * state.centre + rng.gauss(0.0, 1.5)
        for sun in sorted(state.suns_up[seat]):
            if sun > state.high_bid and worth > 3.0 + 0.25 * sun:
                return nt.BID + sun
        return nt.PASS if nt.PASS in legal else min(legal)
    if phase == DISCARD:
        return legal[int(rng.random() * len(legal))]
    for action in legal:
        if nt.GOD < action < nt.BID and _TILE_WORTH[action - nt.GOD] >= 2.5:
            return action
    if phase == GOD_PLAYED:
        return nt.END
    worth = sum(_TILE_WORTH[k] for k in state.track if k >= 0)
    if nt.DRAW not in legal or worth > 5.0 + 3.0 * rng.random():
        return nt.RA_MOVE
    return nt.DRAW

"""Pharaoh's hooks for :mod:`thebes.bots.ismcts`.

* ``rank``: every legal move, best first by the worth of the position after
  it (judged with :data:`SEARCH`); the search widens a node progressively in
  this order. In a dice decision, a build and a free build without objectives
  the worth is read from the change each move makes (no copy of the state);
  elsewhere each move is tried on a copy;
* ``prior``: the greedy bot's move judged with :data:`SEARCH`, weighted by
  ``BIAS`` (where a node is not ranked);
* ``evaluate``: each seat's fitted worth (thebes/games/pharaoh/value.py):
  reputation plus the points its sheet is expected to score in the rounds
  still to roll, a linear fit per round on games of the greedy bot judging
  with :data:`SEARCH` (one move in ten random, so the fit sees positions the
  bot alone would not reach);
* ``cutoff``: a playout stops at the round's end (the next roll), where the
  fitted worth judges the rest;
* ``SOLO_SCALE``: solo, a gain of this many points over the root's expected
  worth is a large one.

The search once judged its cut-off positions with the greedy bot's worth
itself; it averaged about 36 solo, and with :data:`SEARCH` too (it spent its
starting gold on an admin and a free monument in round 1, points inside its
horizon, and never built the gold supply that the worth undervalues). With
the fitted worth it averages far more (docs/STRENGTH.md, "Solo Pharaoh:
hard").

:data:`SEARCH` differs from the greedy bot's worths (``GREEDY``) in two
numbers, found by a coordinate search over solo games of the greedy bot
(docs/bots.md, "Solo Pharaoh: what limited the search"): a unit of gold is worth 0.94
instead of 1.5 and a treasury 3.2 instead of 2.0, so gold is spent and the
gold supply is built. The greedy bot keeps its own worths (the ``greedy`` and
``easy`` levels play as before).
"""

from __future__ import annotations

import random

from typing import Any

from thebes.games.pharaoh.greedy import GreedyBot, Worths, value
from thebes.games.pharaoh.value import worth
from thebes.core import Action, State
from thebes.games.pharaoh.board import (ADJACENT, ADMIN, COST, EDGE, EMPTY, FARMING, FLOOD,
                                        GUILD, HOUSING, INDUSTRIAL, INVASION, MILITARY,
                                        MONUMENT, MONUMENT_LIMIT, NONE, POINTS, PRODUCTION,
                                        RELIGIOUS, RIVER, ROAD, SQUARES, TREASURY, YIELD_CAP)
from thebes.games.pharaoh.notation import ACTION, BUILD, SHIFT, SKIP
from thebes.games.pharaoh.rules import BUILD_PHASE, DICE, FREE_BUILD, OVER, ROUNDS
from thebes.games.pharaoh.scoring import bonus
from thebes.games.pharaoh.state import _dice_decision

BIAS = 5.0
SOLO_SCALE = 20.0
#: The worths the search judges with (prior, ranking, evaluation): the greedy bot's form
#: with gold worth less and a treasury more (tuned on solo games, docs/bots.md).
SEARCH = Worths(resource=(0.4, 0.5, 0.9375, 1.0), producer=(0.2, 0.5, 3.2, 1.0), guard=1.0,
                free_build=(5.0, 2.5), horizon=4)

_R = RESOURCE_WORTH = SEARCH.resource
GUARD_WORTH = SEARCH.guard
FREE_BUILD_WORTH = SEARCH.free_build
#: production building kind -> its worth (train, harvest, collect, produce order).
_PRODUCER_WORTH = {enabler: SEARCH.producer[x] for x, (_, enabler) in enumerate(PRODUCTION)}
_ENABLED_BY = frozenset(_PRODUCER_WORTH)
#: kind -> the neighbour that earns its bonus (industrial: an edge square instead).
_BONUS_FROM = {HOUSING: ROAD, ADMIN: ROAD, FARMING: RIVER, TREASURY: ADMIN}


def prior(state: State, seat: int, rng: random.Random) -> Action:
    """The greedy bot's move for ``seat`` on the search's own determinization, drawing
    (if at all) from the search's generator, so a search stays a function of its seed."""
    return GreedyBot("pharaoh", seat, rng, worths=SEARCH).choose(state)


def rank(state: Any, seat: int, rng: random.Random) -> list[Action]:
    """Every legal move for ``seat``, best first by the worth of the position after it
    (:func:`~thebes.games.pharaoh.greedy.value` with :data:`SEARCH`; after a shift, of the
    best action it opens); ties in an order drawn from ``rng`` (one ``rng.random()`` a move).
    The search expands a node's moves in this order (progressive widening,
    thebes/bots/ismcts.py).

    A dice decision, a build and a free build without objectives are judged from the change
    each move makes (:func:`_move_gains`, no copy of the state); other decisions try each
    move on a copy, as the greedy bot does.
    """
    gains = _move_gains(state, seat)
    if gains is None:
        bot = GreedyBot("pharaoh", seat, rng, worths=SEARCH)
        gains = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            gains.append((bot._after(child, action), action))
    scored = [(g, rng.random(), a) for g, a in gains]
    scored.sort(reverse=True)
    return [a for _, _, a in scored]


def _move_gains(state: Any, seat: int) -> list[tuple[float, Action]] | None:
    """``[(gain, move)]`` for every legal move of a dice decision, build or free build: the
    change the move makes to the worth with :data:`SEARCH` (constant terms left out: only
    the order matters), or ``None`` in other phases or with objectives marked."""
    phase = state.phase
    if state.marked or phase not in (DICE, BUILD_PHASE, FREE_BUILD):
        return None
    sheet = state.sheets[seat]
    left = ROUNDS - state.round
    keep = min(1.0, left / SEARCH.horizon)
    later = left / ROUNDS
    if phase == DICE:
        return _dice_gains(state, sheet, keep, later)
    cells = sheet.cells
    count = sheet.count
    empty = [sq for sq in range(SQUARES) if cells[sq] == EMPTY]
    out: list[tuple[float, Action]] = [(0.0, SKIP)]
    if not empty:
        return out
    # drawn this round and not yet earning their bonus: housings and admins without a road,
    # treasuries without an admin (a road or an admin drawn beside them now adds 1)
    wants_road = [sq for sq in sheet.drawn if cells[sq] in (HOUSING, ADMIN) and not bonus(cells, sq)]
    wants_admin = [sq for sq in sheet.drawn if cells[sq] == TREASURY and not bonus(cells, sq)]
    free = phase == FREE_BUILD
    if free:
        kinds = [k for k in range(10) if k != ADMIN
                 and (k != MONUMENT or sheet.monuments < MONUMENT_LIMIT)]
    else:
        st = sheet.storage
        kinds = [k for k in range(10) if all(st[r] >= COST[k][r] for r in range(4))
                 and (k != MONUMENT or sheet.monuments < MONUMENT_LIMIT)]
    for k in kinds:
        gain = float(POINTS[k])
        if not free:
            cost = COST[k]
            gain -= (_R[0] * cost[0] + _R[1] * cost[1] + _R[2] * cost[2] + _R[3] * cost[3]) * keep
        if k in _ENABLED_BY and count[k] < YIELD_CAP:
            gain += _PRODUCER_WORTH[k] * later
        if k == MILITARY or k == RELIGIOUS:
            gain += GUARD_WORTH * later
        elif k == ADMIN:
            gain += FREE_BUILD_WORTH[sheet.monuments >= MONUMENT_LIMIT]
        elif k == GUILD:
            gain += max(RESOURCE_WORTH) * keep
        base = BUILD + k * SQUARES
        want = _BONUS_FROM.get(k)
        for sq in empty:
            g = gain
            if k == INDUSTRIAL:
                g += EDGE[sq]
            elif want is not None:
                for n in ADJACENT[sq]:
                    if cells[n] == want:
                        g += 1
                        break
            if k == ROAD and wants_road:
                g += sum(1 for n in ADJACENT[sq] if n in wants_road)
            elif k == ADMIN and wants_admin:
                g += sum(1 for n in ADJACENT[sq] if n in wants_admin)
            out.append((g, base + sq))
    return out


def _dice_gains(state: Any, sheet: Any, keep: float, later: float) -> list[tuple[float, Action]]:
    """The gains of a dice decision's moves (see :func:`_move_gains`): a production action
    the worth of what it yields, an invasion its loss, a prevention the guard it uses, a
    flood without one nothing (the erasure is the next decision), a shift the best action
    it opens less the resource spent."""
    count = sheet.count

    def action_gain(x: int) -> float:
        if x < NONE:
            resource, enabler = PRODUCTION[x]
            n = count[enabler]
            return RESOURCE_WORTH[resource] * keep * (n if n < YIELD_CAP else YIELD_CAP)
        if x == FLOOD:
            return -GUARD_WORTH * later if sheet.flood_guard else 0.0
        if x == INVASION:
            return -GUARD_WORTH * later if sheet.invasion_guard else -2.0
        return 0.0

    enabled = ((count[HOUSING] > 0) | (count[FARMING] > 0) << 1
               | (count[TREASURY] > 0) << 2 | (count[INDUSTRIAL] > 0) << 3)
    out: list[tuple[float, Action]] = []
    for move in state._dice_actions():
        if move < SHIFT:
            out.append((action_gain(move - ACTION), move))
            continue
        i = move - SHIFT
        dice = list(sheet.dice)
        dice[i >> 3] += 1 if i & 4 else -1
        opened = _dice_decision(dice[0], dice[1], False, enabled, 0)
        best = max(action_gain(a - ACTION) for a in opened)
        out.append((best - RESOURCE_WORTH[i & 3] * keep, move))
    return out


def evaluate(state: State) -> list[float]:
    """Each seat's fitted worth: reputation plus the points its sheet is expected to score
    in the rounds still to roll (thebes/games/pharaoh/value.py)."""
    return [worth(state, seat) for seat in range(state.num_players)]


def evaluate_greedy(state: State) -> list[float]:
    """Each seat's worth as the greedy bot judges it (:func:`~thebes.games.pharaoh.greedy.value`
    with its own worths, ``GREEDY``): the hand-made judge the search used before the fitted
    worth, kept for the ``medium`` level (``HOOKS.levels`` in thebes/games/pharaoh/__init__.py)."""
    return [value(state, seat) for seat in range(state.num_players)]


#: the judges a level may name (``ISMCTSBot(evaluation=...)``): ``fitted`` is the default.
EVALUATIONS = {"fitted": evaluate, "greedy": evaluate_greedy}


def cutoff(state: State, start: State, steps: int) -> bool:
    """True at a round's end (the next roll, or the game's end): where the fitted worth is
    exact in form."""
    return state.phase <= OVER  # type: ignore[attr-defined]

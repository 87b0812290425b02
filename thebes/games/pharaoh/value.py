"""A fitted worth of a Pharaoh sheet at a round's end: the points it will still score.

``future(sheet, left) = sum(w[left][j] * f_j)``, where ``f`` are the
:func:`features` of the sheet (resources held, production buildings up to the
yield cap of 3, unused preventions, monuments still allowed, empty squares and
the empty squares where a tile would earn its bonus) and ``w[left]`` one row of
weights per number of rounds still to roll (1..19; with none left it is 0).
The weights are ridge least squares fits of the points scored from that
round's end to the game's end, over 3,000 solo games of the greedy bot judging
with the search's worths (``search.SEARCH``), one move in ten drawn at
random so that the fit sees positions the bot alone never reaches. Seats never
interact, so one sheet's future does not depend on the others'. The weights
live in :mod:`thebes.games.pharaoh.value_weights`, written by
``benchmarks/fit_pharaoh_value.py --games 3000 --jobs 2 --explore 0.1``
(docs/bots.md, "Solo Pharaoh: what limited the search").

Source of the rules read here: shared/spec/pharaoh.md (Components, Scoring).
"""

from __future__ import annotations

from typing import Any

from thebes.games.pharaoh.board import (ADJACENT, ADMIN, EDGE, EMPTY, FARMING, HOUSING,
                                        INDUSTRIAL, MONUMENT_LIMIT, RIVER, ROAD, SQUARES,
                                        TREASURY)
from thebes.games.pharaoh.rules import ROUNDS
from thebes.games.pharaoh.scoring import round_score

#: Names of the features, in the order of :func:`features` (and of each weight row).
FEATURES = (
    "one",
    "labour", "grain", "gold", "material",
    "labour>=1", "grain>=1", "gold>=1", "material>=1",
    "labour>=2", "grain>=2", "gold>=2", "material>=2",
    "gold>=3", "material>=3", "gold>=4", "material>=4",
    "housing>=1", "farming>=1", "treasury>=1", "industrial>=1",
    "housing>=2", "farming>=2", "treasury>=2", "industrial>=2",
    "housing>=3", "farming>=3", "treasury>=3", "industrial>=3",
    "flood guards", "invasion guards", "flood guard>=1", "invasion guard>=1",
    "monuments allowed", "monuments allowed>=1", "monuments allowed>=2",
    "empty squares", "empty squares, at most rounds left", "empty squares, at most 2 x rounds left",
    "empty by a road", "empty on an edge", "empty by a river", "empty by an admin",
    "roads", "admins",
)


#: how many of :data:`FEATURES` come from resources, buildings and preventions (the rest
#: from the squares: :func:`square_part`).
STOCK = 36


def stock_part(storage: Any, count: Any, flood_guard: int, invasion_guard: int,
               monuments: int) -> list[float]:
    """The first :data:`STOCK` features: resources held, production buildings, unused
    preventions and monuments still allowed (see :data:`FEATURES`)."""
    lab, gra, gol, mat = storage
    h, f, t, i = count[HOUSING], count[FARMING], count[TREASURY], count[INDUSTRIAL]
    allowed = MONUMENT_LIMIT - monuments
    return [1.0, lab, gra, gol, mat,
            lab >= 1, gra >= 1, gol >= 1, mat >= 1,
            lab >= 2, gra >= 2, gol >= 2, mat >= 2,
            gol >= 3, mat >= 3, gol >= 4, mat >= 4,
            h >= 1, f >= 1, t >= 1, i >= 1,
            h >= 2, f >= 2, t >= 2, i >= 2,
            h >= 3, f >= 3, t >= 3, i >= 3,
            flood_guard, invasion_guard, flood_guard >= 1, invasion_guard >= 1,
            allowed, allowed >= 1, allowed >= 2]


def square_census(cells: list[int]) -> tuple[int, int, int, int, int]:
    """``(empty, by a road, on an edge, by a river, by an admin)``: counts of empty squares."""
    empty = by_road = on_edge = by_river = by_admin = 0
    for sq in range(SQUARES):
        if cells[sq] != EMPTY:
            continue
        empty += 1
        if EDGE[sq]:
            on_edge += 1
        road = river = admin = False
        for n in ADJACENT[sq]:
            v = cells[n]
            if v == ROAD:
                road = True
            elif v == RIVER:
                river = True
            elif v == ADMIN:
                admin = True
        by_road += road
        by_river += river
        by_admin += admin
    return empty, by_road, on_edge, by_river, by_admin


def square_part(census: tuple[int, int, int, int, int], roads: int, admins: int,
                left: int) -> list[float]:
    """The features after :data:`STOCK`: from :func:`square_census`, the roads and admins
    on the sheet and the rounds left."""
    empty, by_road, on_edge, by_river, by_admin = census
    return [empty, min(empty, left), min(empty, 2 * left),
            by_road, on_edge, by_river, by_admin, roads, admins]


def features(sheet: Any, left: int) -> list[float]:
    """The features of ``sheet`` with ``left`` rounds still to roll (see :data:`FEATURES`).

    ``sheet`` is a :class:`thebes.games.pharaoh.sheet.Sheet`; ``left`` is 0..19.
    Returns a list of ``len(FEATURES)`` numbers.
    """
    count = sheet.count
    return (stock_part(sheet.storage, count, sheet.flood_guard, sheet.invasion_guard,
                       sheet.monuments)
            + square_part(square_census(sheet.cells), count[ROAD], count[ADMIN], left))


def future(sheet: Any, left: int, weights: tuple[tuple[float, ...], ...]) -> float:
    """The points ``sheet`` is expected to score in the ``left`` rounds still to roll (during
    setup, 20: read as 19, the most the weights know)."""
    if left <= 0:
        return 0.0
    if left >= len(weights):
        left = len(weights) - 1
    return sum([w * f for w, f in zip(weights[left], features(sheet, left))])


def worth(state: Any, seat: int, weights: tuple[tuple[float, ...], ...] | None = None) -> float:
    """``seat``'s reputation so far (this round's points included while the round is under
    way) plus :func:`future` over the rounds still to roll (``ROUNDS - state.round``), with
    the shipped weights (or ``weights``). Exact in form at a round's end (the search cuts its
    playouts there); mid-round (the search's root) the rest of the round under way is left
    out."""
    if weights is None:
        from thebes.games.pharaoh.value_weights import WEIGHTS
        weights = WEIGHTS
    sheet = state.sheets[seat]
    score = sheet.total
    if len(sheet.rounds) < state.round:
        score += round_score(sheet, state.marked)[0]
    return score + future(sheet, ROUNDS - state.round, weights)

"""The sheet and the charts of Pharaoh as data (shared/spec/pharaoh.md, Components).

Squares are ints ``0..35``: ``sq = (x - 1) * 6 + (y - 1)``, so the int order is
the spec's order a1, a2, ..., a6, b1, ..., f6. A square's name is a letter for
x and a digit for y (x = 3, y = 4 is ``c4``, ruling 1).

A sheet cell holds :data:`EMPTY`, :data:`HILL`, :data:`RIVER` or a tile kind
``0..9`` (an index into :data:`KINDS`).
"""

from __future__ import annotations

#: Number of squares on a sheet (6 x 6, ruling 1).
SQUARES = 36

#: Cell values besides the tile kinds 0..9.
EMPTY = -1
HILL = 10
RIVER = 11

#: The building chart in the spec's order (``road`` included).
KINDS = ("housing", "road", "industrial", "farming", "treasury", "admin",
         "military", "guild", "religious", "monument")
(HOUSING, ROAD, INDUSTRIAL, FARMING, TREASURY, ADMIN,
 MILITARY, GUILD, RELIGIOUS, MONUMENT) = range(10)

#: The four resources in the spec's order.
RESOURCES = ("labour", "grain", "gold", "material")
LABOUR, GRAIN, GOLD, MATERIAL = range(4)

#: Reputation points of each kind (building chart).
POINTS = (0, 0, 0, 0, 0, 2, 2, 2, 2, 5)

#: Cost of each kind as (labour, grain, gold, material) (building chart).
COST = (
    (0, 1, 0, 0),  # housing: 1 grain
    (0, 0, 0, 0),  # road: nothing
    (0, 0, 1, 0),  # industrial: 1 gold
    (1, 0, 0, 0),  # farming: 1 labour
    (0, 1, 0, 1),  # treasury: 1 grain, 1 material
    (0, 0, 2, 0),  # admin: 2 gold
    (1, 1, 0, 0),  # military: 1 labour, 1 grain
    (0, 0, 1, 1),  # guild: 1 material, 1 gold
    (1, 0, 1, 0),  # religious: 1 gold, 1 labour
    (0, 0, 2, 2),  # monument: 2 material, 2 gold
)

#: Monuments a seat may draw in a game, erased ones included (ruling 16).
MONUMENT_LIMIT = 4

#: The dice actions in the order of their action codes.
DICE_ACTIONS = ("train", "harvest", "collect", "produce", "none", "flood", "invasion")
TRAIN, HARVEST, COLLECT, PRODUCE, NONE, FLOOD, INVASION = range(7)

#: Dice action chart: entry (1..12) -> dice action (index 0 unused).
CHART = (None, TRAIN, HARVEST, COLLECT, PRODUCE, TRAIN, NONE,
         COLLECT, HARVEST, PRODUCE, FLOOD, NONE, INVASION)

#: Production action -> (resource gained, enabling kind); train..produce only.
PRODUCTION = ((LABOUR, HOUSING), (GRAIN, FARMING), (GOLD, TREASURY), (MATERIAL, INDUSTRIAL))

#: Most units one production action yields (ruling 7).
YIELD_CAP = 3


def square_name(sq: int) -> str:
    """``0..35`` -> ``"a1".."f6"``."""
    return "abcdef"[sq // 6] + str(sq % 6 + 1)


SQUARE_NAMES = tuple(square_name(sq) for sq in range(SQUARES))


def _neighbours(sq: int) -> tuple[int, ...]:
    x, y = divmod(sq, 6)
    out = []
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= x + dx < 6 and 0 <= y + dy < 6:
            out.append((x + dx) * 6 + y + dy)
    return tuple(out)


#: Orthogonal neighbours of each square.
ADJACENT = tuple(_neighbours(sq) for sq in range(SQUARES))

#: Whether each square is one of the 20 edge squares (x or y is 1 or 6).
EDGE = tuple(sq // 6 in (0, 5) or sq % 6 in (0, 5) for sq in range(SQUARES))

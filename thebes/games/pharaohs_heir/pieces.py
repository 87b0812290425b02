"""Pieces of Pharaoh's Heir as small ints, and their names in the notation.

Source: shared/spec/pharaohs-heir.md, Components and The play mat.

* A **land tile** is ``type * 8 + value``: type 0 village, 1 temple, 2 crop
  (the mat's column order, R1); value 1..6 (ace = 1, null = 6), 0 for the
  three zero tiles. Written ``village5``, ``temple6``, ``crop1``.
* A **Nile tile** is its number 2..5, :data:`FLOOD` (the arms ace) or
  :data:`DROUGHT` (the arms null). Written ``2``..``5``, ``flood``, ``drought``.
* A **slot** is a position on one player's mat: ``column * ROWS + row``
  (column 0 village, 1 temple, 2 crop; row 0 the zero tile). Slot order is
  the spec's canonical position order. Written ``v0``, ``t2``, ``c1``.
"""

from __future__ import annotations

from collections import Counter

VILLAGE, TEMPLE, CROP = 0, 1, 2
COLUMNS = ("village", "temple", "crop")
COLUMN_LETTERS = "vtc"
#: rows a column can hold: the zero tile and the six tiles of one cycle.
ROWS = 7
#: slots on one mat.
SLOTS = 3 * ROWS
ZERO_SLOTS = (0, ROWS, 2 * ROWS)

FLOOD = 1
DROUGHT = 6
NUMBERED = (2, 3, 4, 5)

#: the five actions, in the order of their index.
ACTIONS = ("develop", "sacrifice", "populate", "harvest", "improve")
DEVELOP, SACRIFICE, POPULATE, HARVEST, IMPROVE = range(5)
#: the name a building takes on a tile of each column (R12).
BUILDING_NAMES = ("market", "altar", "farm")


def land_tile(kind: int, value: int) -> int:
    return kind * 8 + value


def tile_type(tile: int) -> int:
    return tile >> 3


def tile_value(tile: int) -> int:
    return tile & 7


def land_name(tile: int) -> str:
    return f"{COLUMNS[tile >> 3]}{tile & 7}"


def nile_name(tile: int) -> str:
    if tile == FLOOD:
        return "flood"
    if tile == DROUGHT:
        return "drought"
    return str(tile)


def slot_name(slot: int) -> str:
    return f"{COLUMN_LETTERS[slot // ROWS]}{slot % ROWS}"


LAND_BY_NAME = {land_name(land_tile(k, v)): land_tile(k, v) for k in range(3) for v in range(1, 7)}
NILE_BY_NAME = {nile_name(t): t for t in (2, 3, 4, 5, FLOOD, DROUGHT)}
SLOT_BY_NAME = {slot_name(s): s for s in range(SLOTS)}
COLUMN_BY_NAME = {name: i for i, name in enumerate(COLUMNS)}
ACTION_BY_NAME = {name: i for i, name in enumerate(ACTIONS)}
BUILDING_BY_NAME = {name: i for i, name in enumerate(BUILDING_NAMES)}


def nile_set(piecepacks: int) -> Counter:
    """The Nile tiles of the game: per piecepack one each of 2-5, flood and drought."""
    return Counter({t: piecepacks for t in (2, 3, 4, 5, FLOOD, DROUGHT)})


def land_set(piecepacks: int) -> Counter:
    """The 18 land tiles per piecepack (moons, suns, crowns 1-6)."""
    return Counter({land_tile(k, v): piecepacks for k in range(3) for v in range(1, 7)})


def neighbours(slot: int) -> tuple[int, ...]:
    """Slots orthogonally adjacent to ``slot`` on the mat (R2): rows r+-1 of
    the column, row r of the neighbouring columns (village|temple|crop)."""
    col, row = divmod(slot, ROWS)
    out = []
    if row > 0:
        out.append(slot - 1)
    if row < ROWS - 1:
        out.append(slot + 1)
    if col > 0:
        out.append(slot - ROWS)
    if col < 2:
        out.append(slot + ROWS)
    return tuple(out)


NEIGHBOURS = tuple(neighbours(s) for s in range(SLOTS))

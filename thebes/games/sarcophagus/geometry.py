"""The pyramid's geometry (shared/spec/sarcophagus.md, The pyramid).

Positions are ints 0..20 in reading order (a1, b1, b2, c1, ..., f6); a set of
positions is an int bitmask (bit p = position p), so "the tiles still in the
pyramid" is one int and the top-left tile is its lowest set bit.
"""

from __future__ import annotations

ROWS = "abcdef"
#: number of pyramid positions.
NUM_POSITIONS = 21
#: every position's (row, index), both 0-based, in reading order.
COORDS: tuple[tuple[int, int], ...] = tuple((r, i) for r in range(6) for i in range(r + 1))
#: position names ``a1`` .. ``f6`` in reading order.
POSITION_NAMES: tuple[str, ...] = tuple(f"{ROWS[r]}{i + 1}" for r, i in COORDS)
POSITION_INDEX: dict[str, int] = {name: p for p, name in enumerate(POSITION_NAMES)}
ALL_POSITIONS = (1 << NUM_POSITIONS) - 1


def position(row: int, index: int) -> int:
    """The position at 0-based ``row`` (a=0) and ``index``, or -1 off the pyramid."""
    if 0 <= row < 6 and 0 <= index <= row:
        return row * (row + 1) // 2 + index
    return -1


def _mask(*cells: tuple[int, int]) -> int:
    m = 0
    for r, i in cells:
        p = position(r, i)
        if p >= 0:
            m |= 1 << p
    return m


#: the positions over the sarcophagus: e3 (its top tile), f3, f4; slot j of the
#: sarcophagus lies under SARCOPHAGUS_POSITIONS[j].
SARCOPHAGUS_POSITIONS = (POSITION_INDEX["e3"], POSITION_INDEX["f3"], POSITION_INDEX["f4"])
#: position -> sarcophagus slot beneath it, or -1.
SARCOPHAGUS_SLOT: tuple[int, ...] = tuple(
    SARCOPHAGUS_POSITIONS.index(p) if p in SARCOPHAGUS_POSITIONS else -1
    for p in range(NUM_POSITIONS))


def _sides(r: int, i: int, base_free: bool) -> tuple[int, ...]:
    """Masks of the positions touching each side (top, left, right, bottom).

    A side touched by nothing has mask 0 and is always free. The bottom of a
    row-f tile is left out when ``base_free`` is false: it is never free.
    """
    sides = [_mask((r - 1, i - 1), (r - 1, i)), _mask((r, i - 1)), _mask((r, i + 1))]
    if r < 5 or base_free:
        sides.append(_mask((r + 1, i), (r + 1, i + 1)))
    return tuple(sides)


#: per ``base_free`` option: per position, the side masks (see :func:`_sides`).
SIDES: dict[bool, tuple[tuple[int, ...], ...]] = {
    flag: tuple(_sides(r, i, flag) for r, i in COORDS) for flag in (True, False)}

#: per position, the mask of its (up to six) adjacent positions.
NEIGHBOURS: tuple[int, ...] = tuple(
    _mask((r - 1, i - 1), (r - 1, i), (r, i - 1), (r, i + 1), (r + 1, i), (r + 1, i + 1))
    for r, i in COORDS)


def free_sides(sides: tuple[int, ...], present: int) -> int:
    """How many of a tile's sides no present tile touches (spec R9, R10)."""
    return sum(1 for m in sides if not present & m)


def claimable(sides: tuple[int, ...], present: int) -> bool:
    """At least two free sides (spec, Claimable)."""
    free = 0
    for m in sides:
        if not present & m:
            free += 1
            if free == 2:
                return True
    return False


def top_left(present: int) -> int:
    """The top-left tile (lowest position still present), or -1 for an empty pyramid."""
    return (present & -present).bit_length() - 1


def positions_of(mask: int) -> list[int]:
    """The positions in ``mask`` in reading order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out

"""Reputation: tile points and bonuses, objectives, round scores and solo titles.

Source: shared/spec/pharaoh.md, *Scoring*, *Advanced objectives*, *Game end*;
rulings 20-27.
"""

from __future__ import annotations

from .board import (ADJACENT, ADMIN, EDGE, FARMING, GUILD, HOUSING, INDUSTRIAL, MILITARY,
                    MONUMENT, POINTS, RELIGIOUS, RIVER, ROAD, TREASURY)
from .sheet import COLLECTED_3, FLOOD_PREVENTED, INVADED, INVASION_PREVENTED, PRODUCED_3, Sheet

#: Reputation points of objectives 1..12 (index 0 unused).
OBJECTIVE_POINTS = (0, 2, 3, 2, 2, 3, 3, 2, 2, 3, 3, 2, 2)

#: The objective chart's words, 1..12 (index 0 unused).
OBJECTIVE_NAMES = (
    "",
    "Build 3 Housing buildings",
    "Build 4 Housing buildings",
    "Prevent 1 Flood",
    "Defend 1 Invasion",
    "Produce 3 Materials in one Round",
    "Collect 3 Gold in one Round",
    "Have 4 resources of the same type",
    "Connect 2 Road tiles",
    "Build Military, Admin, and Guild",
    "Build Religious, Admin, and Guild",
    "Build 2 Monuments",
    "Build 2 Industrial buildings",
)

#: Solo titles from the lowest score that earns them (spec, Game end; ruling 27).
TITLES = ((30, "Pharaoh"), (25, "Governor"), (20, "Clerk"), (10, "Peasant"))

#: Reputation lost to an invasion that is not prevented (ruling 22).
INVASION_LOSS = 2


def marked_objectives(a: int, b: int) -> int:
    """Bitmask of the objectives marked by the objective roll ``a``, ``b`` (A, B and A + B)."""
    return (1 << a) | (1 << b) | (1 << (a + b))


def bonus(cells: list[int], sq: int) -> int:
    """The +1 bonus (0 or 1) of the tile on ``sq``, judged on ``cells`` as they stand."""
    kind = cells[sq]
    if kind == HOUSING or kind == ADMIN:
        want = ROAD
    elif kind == INDUSTRIAL:
        return 1 if EDGE[sq] else 0
    elif kind == FARMING:
        want = RIVER
    elif kind == TREASURY:
        want = ADMIN
    else:
        return 0
    for n in ADJACENT[sq]:
        if cells[n] == want:
            return 1
    return 0


def roads_connected(cells: list[int]) -> bool:
    """Whether two ``road`` squares are adjacent (objective 8)."""
    for sq in range(36):
        if cells[sq] == ROAD:
            for n in ADJACENT[sq]:
                if n > sq and cells[n] == ROAD:
                    return True
    return False


def objective_holds(sheet: Sheet, n: int) -> bool:
    """Whether objective ``n`` (1..12)'s condition holds on ``sheet`` now (Advanced objectives)."""
    count = sheet.count
    if n == 1:
        return count[HOUSING] >= 3
    if n == 2:
        return count[HOUSING] >= 4
    if n == 3:
        return bool(sheet.flags & FLOOD_PREVENTED)
    if n == 4:
        return bool(sheet.flags & INVASION_PREVENTED)
    if n == 5:
        return bool(sheet.flags & PRODUCED_3)
    if n == 6:
        return bool(sheet.flags & COLLECTED_3)
    if n == 7:
        return max(sheet.storage) >= 4
    if n == 8:
        return roads_connected(sheet.cells)
    if n == 9:
        return count[MILITARY] > 0 and count[ADMIN] > 0 and count[GUILD] > 0
    if n == 10:
        return count[RELIGIOUS] > 0 and count[ADMIN] > 0 and count[GUILD] > 0
    if n == 11:
        return count[MONUMENT] >= 2
    if n == 12:
        return count[INDUSTRIAL] >= 2
    raise ValueError(f"no objective {n}")


def round_score(sheet: Sheet, marked: int) -> tuple[int, int]:
    """The round score ``sheet`` writes if the round ends now, and the objectives it completes.

    Returns ``(score, completed)``: the points and bonuses of the tiles drawn
    this round, plus the points of each marked objective not yet done whose
    condition holds, minus 2 for an invasion not prevented; ``completed`` is
    the bitmask of those objectives (rulings 20-23).
    """
    cells = sheet.cells
    score = 0
    for sq in sheet.drawn:
        score += POINTS[cells[sq]] + bonus(cells, sq)
    if sheet.flags & INVADED:
        score -= INVASION_LOSS
    completed = 0
    todo = marked & ~sheet.done
    if todo:
        for n in range(1, 13):
            if todo >> n & 1 and objective_holds(sheet, n):
                completed |= 1 << n
                score += OBJECTIVE_POINTS[n]
    return score, completed


def title(score: int) -> str | None:
    """The solo title earned by ``score``, or ``None`` below 10 (ruling 27)."""
    for lowest, name in TITLES:
        if score >= lowest:
            return name
    return None


def bits(mask: int) -> list[int]:
    """The objective numbers 1..12 set in ``mask``, ascending."""
    return [n for n in range(1, 13) if mask >> n & 1]

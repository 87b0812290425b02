"""Ra's epoch scoring (shared/spec/ra.md, End of an epoch; rulebook, SCORING)."""

from __future__ import annotations

from typing import Any

from .tiles import CIVILIZATIONS, FLOOD, GOD, GOLD, MONUMENTS, NILE, PHARAOH

#: tally lines in the order the online help lists them (pharaohs, civilizations, Nile, gods, gold).
TALLY_LINES = ("pharaohs", "civilizations", "nile", "gods", "gold", "monuments", "suns")

_CIVILIZATION_POINTS = (-5, 0, 0, 5, 10, 15)   # by number of distinct kinds held
_MONUMENT_DISTINCT = (0, 1, 2, 3, 4, 5, 6, 10, 15)
_MONUMENT_SAME = (0, 0, 0, 5, 10, 15)          # by copies of one kind


def most_fewest(values: list[int], most: int, fewest: int) -> list[int]:
    """``most`` to every seat tied for the highest value, ``fewest`` to every seat
    tied for the lowest; nothing to anyone when all are equal."""
    high, low = max(values), min(values)
    if high == low:
        return [0] * len(values)
    return [most if v == high else fewest if v == low else 0 for v in values]


_M0, _M1 = MONUMENTS[0], MONUMENTS[-1] + 1
_C0, _C1 = CIVILIZATIONS[0], CIVILIZATIONS[-1] + 1


def monument_points(display: list[int]) -> int:
    """1 per distinct kind for 1-6, 10 for 7, 15 for 8; plus 5/10/15 per kind held 3/4/5 times.

    ``display``: counts per tile kind (tiles.KINDS order). Source: shared/spec/ra.md,
    End of the game (monuments)."""
    counts = display[_M0:_M1]
    points = _MONUMENT_DISTINCT[8 - counts.count(0)]
    if max(counts) >= 3:
        for c in counts:
            if c >= 3:
                points += _MONUMENT_SAME[c if c < 5 else 5]
    return points


def civilization_points(display: list[int]) -> int:
    """-5 with no civilization kind, 0 for 1-2 kinds, then 5/10/15 for 3/4/5 kinds."""
    return _CIVILIZATION_POINTS[5 - display[_C0:_C1].count(0)]


def epoch_totals(displays: list[list[int]], suns_up: list[list[int]],
                 suns_down: list[list[int]], final: bool) -> list[int]:
    """The ``totals`` of :func:`score_epoch` alone (points per seat, no lines built):
    the scoring path of searches and evaluations. Same source as score_epoch."""
    pharaohs = most_fewest([d[PHARAOH] for d in displays], 5, -2)
    totals = []
    for s, d in enumerate(displays):
        t = (pharaohs[s] + _CIVILIZATION_POINTS[5 - d[_C0:_C1].count(0)]
             + 2 * d[GOD] + 3 * d[GOLD])
        if d[FLOOD]:
            t += d[NILE] + d[FLOOD]
        if final:
            t += monument_points(d)
        totals.append(t)
    if final:
        suns = most_fewest([sum(suns_up[s]) + sum(suns_down[s]) for s in range(len(displays))],
                           5, -5)
        totals = [t + p for t, p in zip(totals, suns)]
    return totals


def score_epoch(displays: list[list[int]], suns_up: list[list[int]],
                suns_down: list[list[int]], final: bool) -> dict[str, Any]:
    """The epoch tally: ``{"lines": {line: [points per seat]}, "totals": [...]}``.

    ``lines`` holds pharaohs, civilizations, nile, gods and gold, plus
    monuments and suns when ``final`` (after the third epoch). Fame is not
    applied here: the caller sets fame = max(0, fame + total).
    """
    n = len(displays)
    lines: dict[str, list[int]] = {
        "pharaohs": most_fewest([d[PHARAOH] for d in displays], 5, -2),
        "civilizations": [_CIVILIZATION_POINTS[sum(1 for k in CIVILIZATIONS if d[k])]
                          for d in displays],
        "nile": [d[NILE] + d[FLOOD] if d[FLOOD] else 0 for d in displays],
        "gods": [2 * d[GOD] for d in displays],
        "gold": [3 * d[GOLD] for d in displays],
    }
    if final:
        lines["monuments"] = [monument_points(d) for d in displays]
        lines["suns"] = most_fewest([sum(suns_up[s]) + sum(suns_down[s]) for s in range(n)], 5, -5)
    totals = [sum(points[s] for points in lines.values()) for s in range(n)]
    return {"lines": lines, "totals": totals}

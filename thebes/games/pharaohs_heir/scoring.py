"""Scoring of a cycle and the final ranking (shared/spec/pharaohs-heir.md, Scoring; R6, R17)."""

from __future__ import annotations

AREAS = ("harvest", "gods", "land", "people", "buildings")
#: VPs of places 1, 2, 3, 4 by number of players.
PLACE_POINTS = {3: (5, 3, 2), 4: (5, 3, 2, 1)}


def area_points(quantities: list[int]) -> list[int]:
    """VPs of one area: highest quantity first; tied players share the places
    they cover, sum of their points divided by their number, rounded down.

    >>> area_points([22, 22, 24])
    [2, 2, 5]
    """
    points = PLACE_POINTS[len(quantities)]
    order = sorted(range(len(quantities)), key=lambda s: -quantities[s])
    out = [0] * len(quantities)
    i = 0
    while i < len(order):
        j = i
        while j < len(order) and quantities[order[j]] == quantities[order[i]]:
            j += 1
        share = sum(points[i:j]) // (j - i)
        for s in order[i:j]:
            out[s] = share
        i = j
    return out


def cycle_points(areas: list[tuple[int, ...]]) -> list[list[int]]:
    """``areas[seat]`` = (harvest, gods, land, people, buildings) quantities;
    returns ``points[seat][area]``."""
    n = len(areas)
    per_area = [area_points([areas[s][a] for s in range(n)]) for a in range(5)]
    return [[per_area[a][s] for a in range(5)] for s in range(n)]


def final_ranking(vp: list[list[list[int]]]) -> list[int]:
    """Seats from winner to last: most VPs, then the highest combined VPs in
    Harvest, Gods, Land, People, Buildings, then seat order (R17).
    ``vp[cycle][seat][area]``."""
    n = len(vp[0])
    def key(s: int):
        combined = [sum(vp[c][s][a] for c in range(len(vp))) for a in range(5)]
        return (-sum(combined),) + tuple(-x for x in combined) + (s,)
    return sorted(range(n), key=key)

"""The setup and unrest chance events: their probabilities and sampling.

Source: shared/spec/pharaohs-heir.md, Setup (1-2) and Options; R3, R14, R15.
A ``nile`` outcome draws each stack's top from the numbered tiles (tops
first, in stack order), then every other tile in order; a ``land`` outcome
draws the written tiles in order from the whole set. Each draw has
probability count-left / tiles-left.
"""

from __future__ import annotations

import random
from collections import Counter

from .pieces import DROUGHT, FLOOD, NUMBERED, land_set, nile_set

STACK = 6


def _draws(sequence, pool: Counter) -> float:
    """Probability of drawing ``sequence`` in order from ``pool`` (mutated)."""
    p = 1.0
    left = sum(pool.values())
    for tile in sequence:
        n = pool.get(tile, 0)
        if n <= 0:
            return 0.0
        p *= n / left
        pool[tile] = n - 1
        left -= 1
    return p


def nile_probability(tiles: tuple, piecepacks: int) -> float:
    """Probability of a ``nile`` outcome (``piecepacks`` stacks of six, concatenated)."""
    if len(tiles) != STACK * piecepacks:
        return 0.0
    tops = tiles[::STACK]
    rest = [t for i, t in enumerate(tiles) if i % STACK]
    pool = nile_set(piecepacks)
    numbered = Counter({t: pool[t] for t in NUMBERED})
    p = _draws(tops, numbered)
    if p == 0.0:
        return 0.0
    for t in tops:
        pool[t] -= 1
    return p * _draws(rest, pool)


def sample_nile(rng: random.Random, piecepacks: int) -> tuple:
    """Draw a ``nile`` outcome: numbered tops, then the rest shuffled."""
    numbered = [t for t in NUMBERED for _ in range(piecepacks)]
    rng.shuffle(numbered)
    tops = numbered[:piecepacks]
    rest = numbered[piecepacks:] + [FLOOD, DROUGHT] * piecepacks
    rng.shuffle(rest)
    out = []
    for k in range(piecepacks):
        out.append(tops[k])
        out.extend(rest[k * (STACK - 1):(k + 1) * (STACK - 1)])
    return tuple(out)


def land_stack_count(players: int, piecepacks: int, setup: bool) -> int:
    """How many stacks a ``land`` outcome writes: 6 (3 players, two piecepacks,
    setup), else one per player."""
    if piecepacks == 2 and players == 3 and setup:
        return 6
    return players


def land_probability(tiles: tuple, piecepacks: int, stacks: int) -> float:
    """Probability of a ``land`` outcome of ``stacks`` stacks from the whole set."""
    if len(tiles) != STACK * stacks:
        return 0.0
    return _draws(tiles, land_set(piecepacks))


def sample_land(rng: random.Random, piecepacks: int, stacks: int) -> tuple[tuple, list]:
    """Draw a ``land`` outcome; returns (written tiles, tiles set aside)."""
    pool = sorted(land_set(piecepacks).elements())
    rng.shuffle(pool)
    n = STACK * stacks
    return tuple(pool[:n]), sorted(pool[n:])

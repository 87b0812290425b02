"""Fame and ranking (shared/spec/sarcophagus.md, Scoring; ruling 23)."""

from __future__ import annotations

from typing import Iterable, Sequence

#: suit bonus by the number of number tiles held of one suit.
SUIT_BONUS = (0, 0, 1, 2, 4)


def fame(tiles: Iterable[int]) -> int:
    """Fame of a set of tiles (ints, see notation): the ranks of the number
    tiles plus +1/+2/+4 for 2/3/4 number tiles of one suit. Traps and gods
    score nothing and count for no bonus."""
    total = 0
    per_suit = [0, 0, 0, 0]
    for t in tiles:
        r = t % 6
        if r >= 2:
            total += r
            per_suit[t // 6] += 1
    return total + sum(SUIT_BONUS[c] for c in per_suit)


def ranking(scores: Sequence[int], held: Sequence[int]) -> list[int]:
    """0-based seats from winner to last: most fame, then fewest tiles held
    (every kind), then seat number (ruling 23)."""
    return sorted(range(len(scores)), key=lambda s: (-scores[s], held[s], s))

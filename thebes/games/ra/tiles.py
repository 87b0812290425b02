"""Ra's components as data (shared/spec/ra.md, Components).

Tile kinds are ints 0..22 in the order of the components table, which is also
the canonical order of kinds inside a ``discard`` event (ruling 11).
"""

from __future__ import annotations

#: kind index -> notation word, in the components table's order.
KINDS: tuple[str, ...] = (
    "ra", "god", "gold", "pharaoh", "nile", "flood",
    "astronomy", "agriculture", "writing", "religion", "art",
    "fortress", "obelisk", "palace", "pyramid", "temple", "statue", "step-pyramid", "sphinx",
    "funeral", "drought", "unrest", "earthquake",
)
KIND_INDEX: dict[str, int] = {name: i for i, name in enumerate(KINDS)}
NUM_KINDS = len(KINDS)

RA, GOD, GOLD, PHARAOH, NILE, FLOOD = range(6)
CIVILIZATIONS = tuple(range(6, 11))
MONUMENTS = tuple(range(11, 19))
FUNERAL, DROUGHT, UNREST, EARTHQUAKE = range(19, 23)
DISASTERS = (FUNERAL, DROUGHT, UNREST, EARTHQUAKE)

#: tiles of each kind in the bag at the start (180 in all).
TILE_COUNTS: tuple[int, ...] = (30, 8, 5, 25, 25, 12) + (5,) * 5 + (5,) * 8 + (2, 2, 4, 2)
TOTAL_TILES = sum(TILE_COUNTS)
assert TOTAL_TILES == 180

#: the display category word per kind (for people), in the tally's terms.
CATEGORY: dict[int, str] = {RA: "ra", GOD: "god", GOLD: "gold", PHARAOH: "pharaoh",
                            NILE: "nile", FLOOD: "nile"}
CATEGORY.update({k: "civilization" for k in CIVILIZATIONS})
CATEGORY.update({k: "monument" for k in MONUMENTS})
CATEGORY.update({k: "disaster" for k in DISASTERS})

#: sun groups per player count, each from high to low (shared/spec/ra.md, Sun groups).
SUN_GROUPS: dict[int, tuple[tuple[int, ...], ...]] = {
    3: ((13, 8, 5, 2), (12, 9, 6, 3), (11, 10, 7, 4)),
    4: ((13, 6, 2), (12, 7, 3), (11, 8, 4), (10, 9, 5)),
    5: ((16, 7, 2), (15, 8, 3), (14, 9, 4), (13, 10, 5), (12, 11, 6)),
}

#: Ra tiles on the Ra track that end an epoch.
RA_TRACK_END = {3: 8, 4: 9, 5: 10}
AUCTION_TRACK_SIZE = 8
START_FAME = 10
CENTRE_SUN_START = 1
EPOCHS = 3

"""Pharaoh's Heir's phases and small fixed tables, shared by the engine's modules
(shared/spec/pharaohs-heir.md; the phase machine is in :mod:`.rules`)."""

from __future__ import annotations

from .actions import CHOOSE
from .pieces import CROP, TEMPLE, VILLAGE, land_tile

# Phases.
(P_NILE, P_LAND, P_BLESSING, P_PROTECT, P_CHOOSE, P_TAKE, P_OFFER, P_BONUS, P_PLACE, P_REAP,
 P_STARVE, P_BUILD, P_PAY, P_UNREST, P_END) = range(15)
PHASE_NAMES = ("nile", "land", "blessing", "protect", "choose", "take", "offer", "bonus",
               "place", "reap", "starve", "build", "pay", "unrest", "end")
CHANCE_PHASES = (P_NILE, P_LAND, P_BLESSING)
#: phases whose moves are token distributions (:class:`~.views.Splits`).
SPLIT_PHASES = frozenset((P_OFFER, P_PLACE, P_PAY, P_STARVE, P_UNREST, P_PROTECT))

STACK = 6
TURNS = 6
CHOICES = tuple((CHOOSE, a) for a in range(5))
#: the legal action choices for each bitmask of actions left.
CHOICE_LISTS = tuple([CHOICES[a] for a in range(5) if mask >> a & 1] for mask in range(32))
ZERO_TILES = (land_tile(VILLAGE, 0), land_tile(TEMPLE, 0), land_tile(CROP, 0))

"""Tribute's knowledge for thebes's ISMCTS (thebes/bots/ismcts.py reads each name here).

* ``playout``: the matching bid blurred by about a card (:func:`thebes_tribute.greedy.policy`)
  instead of a random card: a playout where nobody throws its 7 at a 1 values a position
  closer to how games go. It is also the tree's prior.

A game is at most 15 rounds of 2-4 bids, so playouts run to the end: no ``cutoff`` and
no ``evaluate``. Every name is optional; without this module the search plays random
playouts to the end.
"""

from __future__ import annotations

from .greedy import policy as playout

__all__ = ["playout"]

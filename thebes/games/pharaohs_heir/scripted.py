"""Pharaoh's Heir: scripted strategies of the kind casual players use (issue 32, item 3).

Rules of thumb read off the legal moves' notation (docs/games/pharaohs_heir/spec.md,
Notation summary), with no look-ahead and no worth of a position: opponents for the
ladder (``scripted-<name>`` bots, thebes/bots/scripted.py), not players to tune the
search to. A seat's legal moves are part of its information set, so the strategies read
nothing else and draw nothing at random: the same moves, the same choice.

* ``grower``: grows and feeds people. As Overseer it picks, in this order, populate,
  harvest, develop, improve, sacrifice; takes the land tile of highest value into its
  own column; places every token it can on villages; reaps all it can; builds a farm or
  a market (the highest coin, with a canal when it can), else passes; offers the least.
* ``priest``: aims at the sacrifice track. As Overseer: sacrifice, develop, populate,
  harvest, improve; takes temples first (then the highest value), places tokens on
  temples, reaps all, builds altars (the highest coin), offers the most grain it can,
  and takes the bonus.

For both: ``pay``, ``starve`` and ``protect`` take the first legal move in the notation's
order; ``bonus`` over ``peek`` (a casual player takes the points).
"""

from __future__ import annotations

import random
import re
from typing import Any

from thebes.core import State

_ACTIONS = ("develop", "sacrifice", "populate", "harvest", "improve")
#: per strategy: the Overseer's order of actions, the column it favours, its buildings.
STYLE: dict[str, dict[str, Any]] = {
    "grower": {"order": ("populate", "harvest", "develop", "improve", "sacrifice"),
               "column": "v", "buildings": ("farm", "market"), "offer": min},
    "priest": {"order": ("sacrifice", "develop", "populate", "harvest", "improve"),
               "column": "t", "buildings": ("altar",), "offer": max},
}
_NUMBER = re.compile(r"(\d+)")


def _counts(text: str) -> int:
    """The tokens a ``place``/``reap`` names (sum of the K of every ``P:K``)."""
    return sum(int(part.split(":")[1]) for part in text.split()[1:] if ":" in part)


def _tile_value(tile: str) -> int:
    m = _NUMBER.search(tile)
    return int(m.group(1)) if m else 0


def choose_text(style: dict[str, Any], texts: list[str]) -> int:
    """The index in ``texts`` (the legal moves' notation) the strategy picks."""
    head = texts[0].split()[0]
    if head in _ACTIONS:
        for action in style["order"]:
            if action in texts:
                return texts.index(action)
    if head == "take":
        column_of = {"v": "village", "t": "temple", "c": "crop"}
        want = column_of[style["column"]]

        def take_key(i: int) -> tuple[int, int, int]:
            _, tile, column = texts[i].split()
            own = tile.startswith(column)
            return (int(tile.startswith(want) and style["column"] == "t"), _tile_value(tile),
                    int(own))
        return max(range(len(texts)), key=take_key)
    if head == "offer":
        grain = [int(t.split()[1]) for t in texts]
        return grain.index(style["offer"](grain))
    if "bonus" in texts:
        return texts.index("bonus")
    if head == "place":
        prefix = style["column"]

        def place_key(i: int) -> tuple[int, int]:
            parts = texts[i].split()[1:]
            on = sum(int(p.split(":")[1]) for p in parts if p.startswith(prefix))
            return (on, -i)
        return max(range(len(texts)), key=place_key)
    if head == "reap":
        return max(range(len(texts)), key=lambda i: (_counts(texts[i]), -i))
    if head in ("pass", "build"):
        best, best_key = texts.index("pass") if "pass" in texts else 0, (0, 0, 0)
        for i, text in enumerate(texts):
            words = text.split()
            for name in style["buildings"]:
                if name in words:
                    coin = int(words[words.index(name) + 1])
                    key = (1, coin, int("canal" in words))
                    if key > best_key:
                        best, best_key = i, key
        return best
    return 0


def choose(strategy: str, state: State, seat: int, rng: random.Random, legal: list[int]
           ) -> Any:
    """``strategy``'s move for ``seat`` (one of several ``legal``), read off the moves'
    notation alone (``rng`` unused: the seat's legal moves are its information)."""
    texts = [state.action_to_text(a) for a in legal]
    return legal[choose_text(STYLE[strategy], texts)]


#: the strategies this game offers as ``scripted-<name>`` bots.
STRATEGIES = tuple(STYLE)

__all__ = ["STRATEGIES", "STYLE", "choose", "choose_text"]

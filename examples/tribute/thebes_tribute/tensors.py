"""Tribute through thebes's OpenSpiel and PettingZoo adapters: its ids and its
observation tensor (the ``tensors`` hook: thebes/core/hooks.py says what this module
defines, thebes/core/tensors.py holds the base classes). Required: ``encoding`` and
``tensor``; the rest is optional and here to show it.

Ids, at ``cards`` = N:

* moves: ``bid 1`` .. ``bid N`` are ids 0 .. N-1;
* chance: ``favour 1`` .. ``favour N`` are ids 0 .. N-1.

The tensor is built from ``observation(seat)`` only, so it never holds another seat's
face-down bid (see :class:`TributeTensor` for its pieces).
"""

from __future__ import annotations

from typing import Any

from thebes.core import State
from thebes.core.tensors import Encoding, Tensor, one_hot

#: the player count OpenSpiel's registry shows (``python_thebes_tribute``) and
#: PettingZoo's default.
OPENSPIEL_PLAYERS = 3
#: ``(players, options)`` of each setup the conformance checks run.
CONFORMANCE: tuple[tuple[int, dict[str, Any]], ...] = (
    (2, {}), (3, {"cards": 4}), (4, {"cards": 5}))


def max_length(players: int) -> tuple[int, int]:
    """(upper bound on decisions, upper bound on chance nodes): at most 15 rounds of one
    bid a seat, one favour each."""
    return 15 * players, 15


def options_of(state: State) -> dict[str, Any]:
    """The options ``state`` was made with."""
    return {"cards": state.cards}  # type: ignore[attr-defined]


def encoding(players: int, options: dict[str, Any]) -> Encoding:
    """Tribute's ids at ``players`` seats (module docstring)."""
    n = options["cards"]          # the options are complete (Game.options)
    return Encoding("tribute", players, options,
                    [f"bid {v}" for v in range(1, n + 1)],
                    [f"favour {v}" for v in range(1, n + 1)])


class TributeTensor(Tensor):
    """Pieces, seats 0-based, card ``v`` at index ``v - 1``:

    ``observer`` (n), ``to_move`` (n), ``phase`` (3: favour, bid, over), ``round`` (1),
    ``favour`` (N: the card turned this round), ``throne`` (N), ``favours_left`` (N),
    ``hand`` (N: the observer's cards that can be bid), ``unspent`` (n x N),
    ``has_bid`` (n: a card lies face down), ``bid`` (n x N: the value where the observer
    sees it: its own, or all of them for the all-seeing view), ``won`` (n x N),
    ``points`` (n).
    """

    PHASES = {"favour": 0, "bid": 1, "over": 2}

    def __init__(self, players: int, cards: int) -> None:
        super().__init__()
        self.n = n = players
        self.cards = c = cards
        self.add("observer", n)
        self.add("to_move", n)
        self.add("phase", 3)
        self.add("round", 1)
        self.add("favour", c)
        self.add("throne", c)
        self.add("favours_left", c)
        self.add("hand", c)
        self.add("unspent", n, c)
        self.add("has_bid", n)
        self.add("bid", n, c)
        self.add("won", n, c)
        self.add("points", n)

    def encode(self, obs: dict[str, Any], seat: int | None,
               tokens: Any = ()) -> list[float]:
        o = self.offset
        c = self.cards
        out = [0.0] * self.size
        one_hot(out, o["observer"], seat)
        one_hot(out, o["to_move"], obs["to_move"])
        one_hot(out, o["phase"], self.PHASES[obs["phase"]])
        out[o["round"]] = obs["round"]
        if obs["favour"]:
            out[o["favour"] + obs["favour"] - 1] = 1.0
        for v in obs["throne"]:
            out[o["throne"] + v - 1] = 1.0
        for v in obs["favours_left"]:
            out[o["favours_left"] + v - 1] = 1.0
        for v in obs["hand"] or ():
            out[o["hand"] + v - 1] = 1.0
        for s in range(self.n):
            for v in obs["unspent"][s]:
                out[o["unspent"] + s * c + v - 1] = 1.0
            bid = obs["bids"][s]
            if bid is not None:
                out[o["has_bid"] + s] = 1.0
                if bid != "?":
                    out[o["bid"] + s * c + bid - 1] = 1.0
            for v in obs["won"][s]:
                out[o["won"] + s * c + v - 1] = 1.0
            out[o["points"] + s] = obs["points"][s]
        return out


def tensor(players: int, options: dict[str, Any]) -> TributeTensor:
    """Tribute's observation tensor at ``players`` seats."""
    return TributeTensor(players, options["cards"])


__all__ = ["CONFORMANCE", "OPENSPIEL_PLAYERS", "TributeTensor",
           "encoding", "max_length", "options_of", "tensor"]

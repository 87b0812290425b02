"""Ra through the OpenSpiel and PettingZoo adapters: its ids and its observation tensor.

The ``tensors`` hook of Ra (thebes/core/hooks.py says what this module defines;
docs/interop.md lists the ids and the tensor's pieces).
"""

from __future__ import annotations

from typing import Any

from thebes.core import State
from thebes.core.tensors import Encoding, Tensor, one_hot

from . import notation as nt
from .state import AUCTION_KINDS, PHASE_NAMES
from .tiles import CIVILIZATIONS, FLOOD, KINDS, MONUMENTS, NILE, PHARAOH

#: the player count OpenSpiel's registry shows (``python_thebes_ra``) and PettingZoo's default.
OPENSPIEL_PLAYERS = 3
#: ``(players, options)`` of each setup the conformance checks run.
CONFORMANCE: tuple[tuple[int, dict[str, Any]], ...] = ((3, {}), (4, {}), (5, {}))


def max_length(players: int) -> tuple[int, int]:
    """(upper bound on decisions, upper bound on chance nodes) of a game."""
    return 4000, 400


def options_of(state: State) -> dict[str, Any]:
    """The options ``state`` was made with: Ra has none."""
    return {}


def encoding(players: int, options: dict[str, Any]) -> Encoding:
    """Ra's ids at ``players`` seats (docs/interop.md, Action encodings: Ra)."""
    moves = ["draw", "ra", "end", "pass"]
    moves += [f"god {KINDS[k]}" for k in range(2, len(KINDS))]
    moves += [f"bid {n}" for n in range(1, 17)]
    discards = [nt.discard_action(FLOOD), nt.discard_action(NILE),
                nt.discard_action(FLOOD, FLOOD), nt.discard_action(FLOOD, NILE),
                nt.discard_action(NILE, NILE)]
    for category in ((PHARAOH,), CIVILIZATIONS, MONUMENTS):
        for i, k1 in enumerate(category):
            discards.append(nt.discard_action(k1))
            for k2 in category[i:]:
                discards.append(nt.discard_action(k1, k2))
    moves += [nt.move_text(a) for a in discards]
    chance = list(KINDS) + [nt.deal_text(d) for d in nt.DEALS[players]]
    return Encoding("ra", players, options, moves, chance)


class RaTensor(Tensor):
    """Ra (everything is public): see docs/interop.md for the pieces."""

    def __init__(self, players: int) -> None:
        super().__init__()
        self.n = n = players
        self.kinds = {k: i for i, k in enumerate(KINDS)}
        self.phases = {p: i for i, p in enumerate(PHASE_NAMES)}
        self.auction_kinds = {k: i for i, k in enumerate(AUCTION_KINDS)}
        self.disasters = {k: i for i, k in enumerate(("funeral", "drought", "unrest", "earthquake"))}
        self.add("observer", n)
        self.add("to_move", n)
        self.add("phase", len(PHASE_NAMES))
        self.add("epoch", 3)
        self.add("first_player", n)
        self.add("ra_track", 1)
        self.add("auction_track", 8, len(KINDS))
        self.add("centre_sun", 1)
        self.add("bag", len(KINDS))
        self.add("auction", 1)
        self.add("auction_kind", 3)
        self.add("ra_player", n)
        self.add("high_bid", 1)
        self.add("high_bidder", n)
        self.add("bid", n)
        self.add("has_bid", n)
        self.add("disaster", 4)
        self.add("pending_disasters", 4)
        self.add("suns_up", n, 16)
        self.add("suns_down", n, 16)
        self.add("fame", n)
        self.add("display", n, len(KINDS))

    def encode(self, obs: dict[str, Any], seat: int | None,
               tokens: Any = ()) -> list[float]:
        o = self.offset
        out = [0.0] * self.size
        nk = len(self.kinds)
        one_hot(out, o["observer"], seat)
        one_hot(out, o["to_move"], obs["to_move"])
        one_hot(out, o["phase"], self.phases[obs["phase"]])
        one_hot(out, o["epoch"], obs["epoch"] - 1)
        one_hot(out, o["first_player"], obs["first_player"])
        out[o["ra_track"]] = obs["ra_track"]
        for i, kind in enumerate(obs["auction_track"]):
            if kind is not None:
                out[o["auction_track"] + i * nk + self.kinds[kind]] = 1.0
        out[o["centre_sun"]] = obs["centre_sun"]
        for kind, count in obs["bag"].items():
            out[o["bag"] + self.kinds[kind]] = count
        auction = obs["auction"]
        if auction:
            out[o["auction"]] = 1.0
            one_hot(out, o["auction_kind"], self.auction_kinds[auction["kind"]])
            one_hot(out, o["ra_player"], auction["ra_player"])
            out[o["high_bid"]] = auction["high_bid"] or 0
            one_hot(out, o["high_bidder"], auction["high_bidder"])
            for s, bid in auction["bids"]:
                out[o["bid"] + s] = bid or 0
                out[o["has_bid"] + s] = 1.0
        discard = obs["discard"]
        if discard:
            one_hot(out, o["disaster"], self.disasters[discard["disaster"]])
            for kind in discard["pending"]:
                out[o["pending_disasters"] + self.disasters[kind]] += 1
        for s, info in enumerate(obs["seats"]):
            for sun in info["suns_up"]:
                out[o["suns_up"] + s * 16 + sun - 1] = 1.0
            for sun in info["suns_down"]:
                out[o["suns_down"] + s * 16 + sun - 1] = 1.0
            out[o["fame"] + s] = info["fame"]
            for kind, count in info["display"].items():
                out[o["display"] + s * nk + self.kinds[kind]] = count
        return out


def tensor(players: int, options: dict[str, Any]) -> RaTensor:
    """Ra's observation tensor at ``players`` seats."""
    return RaTensor(players)

"""Observation tensors, built from ``state.observation(seat)`` only.

A :class:`Tensor` is a flat list of floats made of named pieces, each with a
shape; :meth:`Tensor.layout` lists them (docs/interop.md prints the layout of
every game). ``encode(obs, seat)`` reads nothing but the observation dict of
``seat``, so a tensor never holds a fact that seat may not see.

Conventions: a one-hot piece is all zeros when the value is absent (no seat
to move, no tile in a slot); counts and points are raw numbers (not scaled).
Seats are 0-based. Nothing here imports OpenSpiel, PettingZoo or numpy.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable


class Tensor:
    """A flat tensor layout: ``add(name, *shape)`` pieces in order."""

    def __init__(self) -> None:
        self.pieces: list[tuple[str, tuple[int, ...], int]] = []
        self.size = 0
        self.offset: dict[str, int] = {}

    def add(self, name: str, *shape: int) -> int:
        n = 1
        for d in shape:
            n *= d
        self.offset[name] = self.size
        self.pieces.append((name, tuple(shape), self.size))
        self.size += n
        return self.size - n

    def layout(self) -> list[tuple[str, tuple[int, ...], int]]:
        """``[(name, shape, offset)]`` in order."""
        return list(self.pieces)

    def encode(self, obs: dict[str, Any], seat: int | None) -> list[float]:
        raise NotImplementedError


def _one_hot(out: list[float], base: int, index: int | None) -> None:
    if index is not None and index >= 0:
        out[base + index] = 1.0


# ---------------------------------------------------------------------- Ra
class RaTensor(Tensor):
    """Ra (everything is public): see docs/interop.md for the pieces."""

    def __init__(self, players: int) -> None:
        super().__init__()
        from thebes.games.ra.state import PHASE_NAMES, AUCTION_KINDS
        from thebes.games.ra.tiles import KINDS

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

    def encode(self, obs: dict[str, Any], seat: int | None) -> list[float]:
        o = self.offset
        out = [0.0] * self.size
        n = self.n
        nk = len(self.kinds)
        _one_hot(out, o["observer"], seat)
        _one_hot(out, o["to_move"], obs["to_move"])
        _one_hot(out, o["phase"], self.phases[obs["phase"]])
        _one_hot(out, o["epoch"], obs["epoch"] - 1)
        _one_hot(out, o["first_player"], obs["first_player"])
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
            _one_hot(out, o["auction_kind"], self.auction_kinds[auction["kind"]])
            _one_hot(out, o["ra_player"], auction["ra_player"])
            out[o["high_bid"]] = auction["high_bid"] or 0
            _one_hot(out, o["high_bidder"], auction["high_bidder"])
            for s, bid in auction["bids"]:
                out[o["bid"] + s] = bid or 0
                out[o["has_bid"] + s] = 1.0
        discard = obs["discard"]
        if discard:
            _one_hot(out, o["disaster"], self.disasters[discard["disaster"]])
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
        del n
        return out


# ---------------------------------------------------------------------- Sarcophagus
class SarcophagusTensor(Tensor):
    """Sarcophagus: a seat sees face-up tiles, its own coins' values, its own
    sarcophagus lots and what ties turned over (spec, What each seat sees)."""

    def __init__(self, players: int) -> None:
        super().__init__()
        from thebes.games.sarcophagus.geometry import POSITION_NAMES
        from thebes.games.sarcophagus.notation import TILE_NAMES

        self.n = n = players
        self.positions = {p: i for i, p in enumerate(POSITION_NAMES)}
        self.tiles = {t: i for i, t in enumerate(TILE_NAMES)}
        self.phases = {p: i for i, p in enumerate(("layout", "first", "place", "pass",
                                                   "discard", "over"))}
        self.add("observer", n)
        self.add("to_move", n)
        self.add("phase", 6)
        self.add("turn", n)
        self.add("coin", 2)
        self.add("passes", 1)
        self.add("top_left", 21)
        self.add("present", 21)
        self.add("face_up", 21)
        self.add("tile", 21, 24)
        self.add("coin_owner", 21, 4, n)
        self.add("coin_value", 21, 4, 6)
        self.add("coin_value_hidden", 21, 4)
        self.add("hands", n)
        self.add("hand", 6)
        self.add("claimed", n, 24)
        self.add("fame", n)
        self.add("gods", n)
        self.add("sarcophagus_lots", n, 3)
        self.add("sarcophagus_coins", n, 3)
        self.add("sarcophagus_values", n, 3, 6)
        self.add("discards", 24)
        self.add("discarded_unseen", 1)
        self.add("tie", 21)
        self.add("tie_coins", 21, n, 6)
        self.add("end_discards", n)

    def encode(self, obs: dict[str, Any], seat: int | None) -> list[float]:
        o = self.offset
        out = [0.0] * self.size
        n = self.n
        _one_hot(out, o["observer"], seat)
        _one_hot(out, o["to_move"], obs["to_move"])
        _one_hot(out, o["phase"], self.phases[obs["phase"]])
        _one_hot(out, o["turn"], obs["turn"])
        if obs["coin"]:
            out[o["coin"] + obs["coin"] - 1] = 1.0
        out[o["passes"]] = obs["passes"]
        if obs["top_left"] is not None:
            out[o["top_left"] + self.positions[obs["top_left"]]] = 1.0
        for name, info in obs["pyramid"].items():
            p = self.positions[name]
            out[o["present"] + p] = 1.0
            if info["tile"] is not None:
                out[o["face_up"] + p] = 1.0
                out[o["tile"] + p * 24 + self.tiles[info["tile"]]] = 1.0
            for k, (owner, value) in enumerate(info["coins"]):
                out[o["coin_owner"] + (p * 4 + k) * n + owner] = 1.0
                if value is None:
                    out[o["coin_value_hidden"] + p * 4 + k] = 1.0
                else:
                    out[o["coin_value"] + (p * 4 + k) * 6 + value] = 1.0
        for s, count in enumerate(obs["hands"]):
            out[o["hands"] + s] = count
        for value in obs.get("hand") or []:
            out[o["hand"] + value] += 1
        for s, tiles in enumerate(obs["claimed"]):
            for t in tiles:
                out[o["claimed"] + s * 24 + self.tiles[t]] = 1.0
            out[o["fame"] + s] = obs["fame"][s]
            out[o["gods"] + s] = 1.0 if obs["gods"][s] else 0.0
        for s, lots in enumerate(obs["sarcophagi"]):
            for j, lot in enumerate(lots[:3]):
                out[o["sarcophagus_lots"] + s * 3 + j] = 1.0
                out[o["sarcophagus_coins"] + s * 3 + j] = lot["coins"]
                for value in lot["values"] or []:
                    out[o["sarcophagus_values"] + (s * 3 + j) * 6 + value] += 1
        for t in obs["discards"]:
            out[o["discards"] + self.tiles[t]] = 1.0
        out[o["discarded_unseen"]] = obs["discarded_unseen"]
        for tie in obs["ties"]:
            p = self.positions[tie["pos"]]
            out[o["tie"] + p] = 1.0
            for owner, value in tie["coins"]:
                out[o["tie_coins"] + (p * n + owner) * 6 + value] += 1
        for s in obs["end_discards"]:
            out[o["end_discards"] + s] = 1.0
        return out


# ---------------------------------------------------------------------- Pharaoh
class PharaohTensor(Tensor):
    """Pharaoh (everything is public): the roll, the terrain, every sheet."""

    def __init__(self, players: int) -> None:
        super().__init__()
        from thebes.games.pharaoh.board import DICE_ACTIONS, KINDS, RESOURCES, SQUARE_NAMES
        from thebes.games.pharaoh.state import PHASE_NAMES

        self.n = n = players
        self.squares = {q: i for i, q in enumerate(SQUARE_NAMES)}
        self.kinds = {k: i for i, k in enumerate(KINDS)}
        self.phases = {p: i for i, p in enumerate(PHASE_NAMES)}
        self.resources = RESOURCES
        del DICE_ACTIONS
        self.add("observer", n)
        self.add("to_move", n)
        self.add("phase", len(PHASE_NAMES))
        self.add("round", 1)
        self.add("hills", 36)
        self.add("rivers", 36)
        self.add("marked", 12)
        self.add("roll", 2, 6)
        self.add("forced", 2)
        self.add("sheet", n, 36, len(KINDS))
        self.add("storage", n, 4)
        self.add("preventions", n, 2)
        self.add("monuments_drawn", n)
        self.add("dice", n, 2)
        self.add("shifted", n)
        self.add("drawn", n, 36)
        self.add("turn_over", n)
        self.add("score", n)
        self.add("this_round", n)
        self.add("objectives_done", n, 12)

    def encode(self, obs: dict[str, Any], seat: int | None) -> list[float]:
        o = self.offset
        out = [0.0] * self.size
        sq = self.squares
        nk = len(self.kinds)
        _one_hot(out, o["observer"], seat)
        _one_hot(out, o["to_move"], obs["to_move"])
        _one_hot(out, o["phase"], self.phases[obs["phase"]])
        out[o["round"]] = obs["round"]
        for name in obs["hills"]:
            out[o["hills"] + sq[name]] = 1.0
        for name in obs["rivers"]:
            out[o["rivers"] + sq[name]] = 1.0
        for m in obs["marked"]:
            out[o["marked"] + m - 1] = 1.0
        if obs["roll"]:
            a, b = obs["roll"]
            out[o["roll"] + a - 1] = 1.0
            out[o["roll"] + 6 + b - 1] = 1.0
        if obs["forced"]:
            out[o["forced"] + (0 if obs["forced"] == "flood" else 1)] = 1.0
        for s, info in enumerate(obs["seats"]):
            base = o["sheet"] + s * 36 * nk
            for name, kind in info["sheet"].items():
                out[base + sq[name] * nk + self.kinds[kind]] = 1.0
            for r, res in enumerate(self.resources):
                out[o["storage"] + s * 4 + r] = info["storage"][res]
            out[o["preventions"] + s * 2] = info["preventions"]["flood"]
            out[o["preventions"] + s * 2 + 1] = info["preventions"]["invasion"]
            out[o["monuments_drawn"] + s] = info["monuments_drawn"]
            out[o["dice"] + s * 2] = info["dice"][0]
            out[o["dice"] + s * 2 + 1] = info["dice"][1]
            out[o["shifted"] + s] = 1.0 if info["shifted"] else 0.0
            for name in info["drawn"]:
                out[o["drawn"] + s * 36 + sq[name]] = 1.0
            out[o["turn_over"] + s] = 1.0 if info["turn_over"] else 0.0
            out[o["score"] + s] = info["score"]
            out[o["this_round"] + s] = info["this_round"] or 0
            for m in info["objectives_done"]:
                out[o["objectives_done"] + s * 12 + m - 1] = 1.0
        return out


TENSORS: dict[str, Callable[[int, dict[str, Any]], Tensor]] = {
    "ra": lambda players, options: RaTensor(players),
    "sarcophagus": lambda players, options: SarcophagusTensor(players),
    "pharaoh": lambda players, options: PharaohTensor(players),
}


@lru_cache(maxsize=64)
def _tensor(name: str, players: int, options_key: tuple) -> Tensor:
    return TENSORS[name](players, dict(options_key))


def tensor(name: str, players: int, options: dict[str, Any] | None = None) -> Tensor:
    """The tensor layout of game ``name`` at ``players`` seats (cached)."""
    return _tensor(name, players, tuple(sorted((options or {}).items())))

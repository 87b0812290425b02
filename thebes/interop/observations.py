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

    def encode(self, obs: dict[str, Any], seat: int | None,
               tokens: Any = ()) -> list[float]:
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

    def encode(self, obs: dict[str, Any], seat: int | None,
               tokens: Any = ()) -> list[float]:
        o = self.offset
        out = [0.0] * self.size
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
        self.add("sarcophagus_tile", n, 3, 24)
        self.add("discards", 24)
        self.add("discarded_unseen", 1)
        self.add("tie", 21)
        self.add("tie_coins", 21, n, 6)
        self.add("end_discards", n)

    def encode(self, obs: dict[str, Any], seat: int | None,
               tokens: Any = ()) -> list[float]:
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
                if lot.get("tile"):
                    out[o["sarcophagus_tile"] + (s * 3 + j) * 24 + self.tiles[lot["tile"]]] = 1.0
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
        from thebes.games.pharaoh.board import KINDS, RESOURCES, SQUARE_NAMES
        from thebes.games.pharaoh.state import PHASE_NAMES

        self.n = n = players
        self.squares = {q: i for i, q in enumerate(SQUARE_NAMES)}
        self.kinds = {k: i for i, k in enumerate(KINDS)}
        self.phases = {p: i for i, p in enumerate(PHASE_NAMES)}
        self.resources = RESOURCES
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

    def encode(self, obs: dict[str, Any], seat: int | None,
               tokens: Any = ()) -> list[float]:
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


# ---------------------------------------------------------------------- Pharaoh's Heir
class PharaohsHeirTensor(Tensor):
    """Pharaoh's Heir: everything public but the face-down stacks' order and the
    tile a ``peek`` showed (to that seat only). ``choosing`` counts the tokens
    of the compound move being chosen (by move-token id)."""

    def __init__(self, players: int, piecepacks: int) -> None:
        super().__init__()
        from thebes.games.pharaohs_heir.pieces import (ACTIONS, LAND_BY_NAME, SLOT_BY_NAME)
        from thebes.games.pharaohs_heir.state import PHASE_NAMES
        from thebes.games.pharaohs_heir.scoring import AREAS
        from thebes.interop.actions import encoding

        self.n = n = players
        self.phases = {p: i for i, p in enumerate(PHASE_NAMES)}
        self.actions = {a: i for i, a in enumerate(ACTIONS)}
        self.nile = {t: i for i, t in enumerate(("2", "3", "4", "5", "flood", "drought"))}
        self.lands = {t: i for i, t in enumerate(LAND_BY_NAME)}
        self.slots = {s: i for i, s in enumerate(SLOT_BY_NAME)}
        self.columns = ("village", "temple", "crop")
        self.areas = AREAS
        vocab = encoding("pharaohs-heir", players, {"piecepacks": piecepacks}).num_moves
        self.add("observer", n)
        self.add("to_move", n)
        self.add("phase", len(PHASE_NAMES))
        self.add("cycle", 2)
        self.add("turn", 6)
        self.add("blessing", n)
        self.add("overseer", n)
        self.add("action", 5)
        self.add("actions_left", 5)
        self.add("pending", 1)
        self.add("due", 1)
        self.add("bonus_choice", 1)
        self.add("nile_tile", 6)
        self.add("nile_revealed", 6)
        self.add("nile_face_down", 2)
        self.add("last_numbered", 1)
        self.add("peeked_by", n)
        self.add("peeked", 6)
        self.add("land_face_up", 6, len(LAND_BY_NAME))
        self.add("land_face_down", 6)
        self.add("later_face_down", 1)
        self.add("set_aside", 1)
        self.add("removed", len(LAND_BY_NAME))
        self.add("mat_tile", n, 21)
        self.add("mat_printed_type", n, 21, 3)
        self.add("mat_value", n, 21)
        self.add("mat_tokens", n, 21)
        self.add("mat_canal", n, 21)
        self.add("mat_building", n, 21)
        self.add("floodwalls", n, 6)
        self.add("grain", n)
        self.add("reserve", n, 6)
        self.add("out_of_play", n, 6)
        self.add("areas", n, len(AREAS))
        self.add("track", n, 12)
        self.add("vp", 2, n, 5)
        self.add("scores", n)
        self.add("choosing", vocab)

    def encode(self, obs: dict[str, Any], seat: int | None,
               tokens: Any = ()) -> list[float]:
        o = self.offset
        out = [0.0] * self.size
        n = self.n
        _one_hot(out, o["observer"], seat)
        if isinstance(obs["to_move"], int):
            _one_hot(out, o["to_move"], obs["to_move"])
        _one_hot(out, o["phase"], self.phases[obs["phase"]])
        _one_hot(out, o["cycle"], obs["cycle"] - 1)
        _one_hot(out, o["turn"], min(obs["turn"], 6) - 1)
        _one_hot(out, o["blessing"], obs["blessing"])
        _one_hot(out, o["overseer"], obs["overseer"])
        if obs["action"] is not None:
            _one_hot(out, o["action"], self.actions[obs["action"]])
        for a in obs["actions_left"]:
            out[o["actions_left"] + self.actions[a]] = 1.0
        out[o["pending"]] = obs["pending"] or 0
        out[o["due"]] = obs["due"] or 0
        out[o["bonus_choice"]] = 1.0 if obs["bonus_choice"] else 0.0
        nile = obs["nile"]
        if nile["tile"] is not None:
            _one_hot(out, o["nile_tile"], self.nile[nile["tile"]])
        for t in nile["revealed"]:
            out[o["nile_revealed"] + self.nile[t]] += 1
        for k, count in enumerate(nile["face_down"][:2]):
            out[o["nile_face_down"] + k] = count
        out[o["last_numbered"]] = nile["last_numbered"] or 0
        _one_hot(out, o["peeked_by"], nile["peeked_by"])
        if nile.get("peeked") is not None:
            _one_hot(out, o["peeked"], self.nile[nile["peeked"]])
        land = obs["land"]
        nl = len(self.lands)
        for k, stack in enumerate(land["stacks"][:6]):
            if stack["face_up"] is not None:
                out[o["land_face_up"] + k * nl + self.lands[stack["face_up"]]] = 1.0
            out[o["land_face_down"] + k] = stack["face_down"]
        out[o["later_face_down"]] = land["later_face_down"]
        out[o["set_aside"]] = land["set_aside"]
        for t in land["removed"]:
            out[o["removed"] + self.lands[t]] += 1
        for p, mat in enumerate(obs["mats"]):
            for col, name in enumerate(self.columns):
                for tile in mat["columns"][name]:
                    i = p * 21 + self.slots[tile["pos"]]
                    out[o["mat_tile"] + i] = 1.0
                    printed = tile["tile"].rstrip("0123456789")
                    out[o["mat_printed_type"] + i * 3 + self.columns.index(printed)] = 1.0
                    out[o["mat_value"] + i] = tile["value"]
                    out[o["mat_tokens"] + i] = tile["tokens"]
                    out[o["mat_canal"] + i] = 1.0 if tile["canal"] else 0.0
                    out[o["mat_building"] + i] = tile["building"] or 0
            for v in mat["floodwalls"]:
                out[o["floodwalls"] + p * 6 + v - 1] += 1
            out[o["grain"] + p] = mat["grain"]
            for v in mat["reserve"]:
                out[o["reserve"] + p * 6 + v - 1] += 1
            for v in mat["out_of_play"]:
                out[o["out_of_play"] + p * 6 + v - 1] += 1
            for a, area in enumerate(self.areas):
                out[o["areas"] + p * len(self.areas) + a] = mat["areas"][area]
        for p, track in enumerate(obs["track"]):
            for k, v in enumerate(track):
                out[o["track"] + p * 12 + k] = v
        for c, cycle in enumerate(obs["vp"]):
            for p, areas in enumerate(cycle):
                for a, v in enumerate(areas):
                    out[o["vp"] + (c * n + p) * 5 + a] = v
        for p, v in enumerate(obs["scores"]):
            out[o["scores"] + p] = v
        for t in tokens:
            out[o["choosing"] + t] += 1
        return out


TENSORS: dict[str, Callable[[int, dict[str, Any]], Tensor]] = {
    "ra": lambda players, options: RaTensor(players),
    "sarcophagus": lambda players, options: SarcophagusTensor(players),
    "pharaoh": lambda players, options: PharaohTensor(players),
    "pharaohs-heir": lambda players, options: PharaohsHeirTensor(
        players, options.get("piecepacks", 2)),
}


@lru_cache(maxsize=64)
def _tensor(name: str, players: int, options_key: tuple) -> Tensor:
    return TENSORS[name](players, dict(options_key))


def tensor(name: str, players: int, options: dict[str, Any] | None = None) -> Tensor:
    """The tensor layout of game ``name`` at ``players`` seats (cached)."""
    from thebes.core import get_game
    full = get_game(name).options(players, options)
    return _tensor(name, players, tuple(sorted(full.items())))


def main(argv: list[str] | None = None) -> int:
    """``python -m thebes.interop.observations GAME PLAYERS [OPTIONS_JSON]``:
    print the tensor's pieces (name, shape, offset) and its size."""
    import json
    import sys

    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (2, 3):
        print("usage: python -m thebes.interop.observations GAME PLAYERS [OPTIONS_JSON]")
        return 2
    options = json.loads(args[2]) if len(args) == 3 else {}
    layout = tensor(args[0], int(args[1]), options)
    for name, shape, offset in layout.layout():
        print(f"{offset}\t{name}\t{'x'.join(str(d) for d in shape)}")
    print(f"size\t{layout.size}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Sarcophagus through the OpenSpiel and PettingZoo adapters: its ids (the layout dealt
tile by tile) and its observation tensor.

The ``tensors`` hook of Sarcophagus (thebes/core/hooks.py says what this module defines;
docs/interop.md lists the ids and the tensor's pieces).
"""

from __future__ import annotations

from typing import Any

from thebes.core import State
from thebes.core.tensors import Dealer, Encoding, Tensor, one_hot

from . import notation as nt
from .geometry import POSITION_NAMES
from .state import LAYOUT, SPECIAL_PLACES

#: the player count OpenSpiel's registry shows (``python_thebes_sarcophagus``) and
#: PettingZoo's default.
OPENSPIEL_PLAYERS = 2
#: ``(players, options)`` of each setup the conformance checks run.
CONFORMANCE: tuple[tuple[int, dict[str, Any]], ...] = (
    (2, {}), (3, {"base_free": False}), (4, {}))


def max_length(players: int) -> tuple[int, int]:
    """(upper bound on decisions, upper bound on chance nodes): the layout's 24 steps,
    who goes first, one to spare."""
    return 2000, 25 + 1


def options_of(state: State) -> dict[str, Any]:
    """The options ``state`` was made with."""
    return {"base_free": state.base_free}


class SarcophagusLayoutDealer(Dealer):
    """The layout dealt place by place: first the six special places (the
    three sarcophagus positions e3 f3 f4, then the three sarcophagus slots),
    which take the four 5s and two of the four nulls, then the other 18 places
    in reading order, which take the 18 tiles left, uniformly.

    At special step ``i`` with ``z`` nulls dealt, a 5 not yet dealt has
    probability ``1 / r`` and a null not yet dealt ``(2 - z) / ((4 - z) r)``,
    ``r = 6 - i``; the product over a whole layout is ``1 / (4320 x 18!)``.
    """

    steps = 24

    def __init__(self) -> None:
        self.fives = frozenset(nt.FIVES)
        self.nulls = frozenset(nt.NULLS)
        self.special = SPECIAL_PLACES
        self.others = tuple(p for p in range(nt.NUM_TILES) if p not in SPECIAL_PLACES)

    def outcomes(self, dealt: list[int]) -> list[tuple[int, float]]:
        i = len(dealt)
        taken = set(dealt)
        if i < 6:
            r = 6 - i
            z = sum(1 for t in dealt if t in self.nulls)
            out = []
            for t in range(24):
                if t in taken:
                    continue
                if t in self.fives:
                    out.append((t, 1.0 / r))
                elif t in self.nulls and z < 2:
                    out.append((t, (2 - z) / ((4 - z) * r)))
            return out
        left = [t for t in range(24) if t not in taken]
        p = 1.0 / len(left)
        return [(t, p) for t in left]

    def finish(self, dealt: list[int]) -> tuple[int, ...]:
        layout = [0] * 24
        for place, tile in zip(self.special + self.others, dealt):
            layout[place] = tile
        return tuple(layout)


def encoding(players: int, options: dict[str, Any]) -> Encoding:
    """Sarcophagus's ids at ``players`` seats (docs/interop.md, Action encodings)."""
    moves = list(nt.ACTION_TEXT[:nt.FIRST])
    chance = [f"deal {name}" for name in nt.TILE_NAMES]
    chance += [f"first {k}" for k in range(1, players + 1)]
    dealer = SarcophagusLayoutDealer()
    return Encoding("sarcophagus", players, options, moves, chance,
                    lambda s: dealer if s.phase == LAYOUT else None)


class SarcophagusTensor(Tensor):
    """Sarcophagus: a seat sees face-up tiles, its own coins' values, its own
    sarcophagus lots and what ties turned over (spec, What each seat sees)."""

    def __init__(self, players: int) -> None:
        super().__init__()
        self.n = n = players
        self.positions = {p: i for i, p in enumerate(POSITION_NAMES)}
        self.tiles = {t: i for i, t in enumerate(nt.TILE_NAMES)}
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
        one_hot(out, o["observer"], seat)
        one_hot(out, o["to_move"], obs["to_move"])
        one_hot(out, o["phase"], self.phases[obs["phase"]])
        one_hot(out, o["turn"], obs["turn"])
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


def tensor(players: int, options: dict[str, Any]) -> SarcophagusTensor:
    """Sarcophagus's observation tensor at ``players`` seats."""
    return SarcophagusTensor(players)

"""Pharaoh through the OpenSpiel and PettingZoo adapters: its ids and its observation
tensor.

The ``tensors`` hook of Pharaoh (thebes/core/hooks.py says what this module defines;
docs/interop.md lists the ids and the tensor's pieces).
"""

from __future__ import annotations

from typing import Any

from thebes.core import State
from thebes.core.tensors import Encoding, Tensor, one_hot

from . import notation as nt
from .board import KINDS, RESOURCES, SQUARE_NAMES
from .state import PHASE_NAMES

#: the player count OpenSpiel's registry shows (``python_thebes_pharaoh``) and PettingZoo's
#: default.
OPENSPIEL_PLAYERS = 2
#: ``(players, options)`` of each setup the conformance checks run.
CONFORMANCE: tuple[tuple[int, dict[str, Any]], ...] = (
    (1, {"objectives": True}), (2, {}), (4, {"objectives": True}))


def max_length(players: int) -> tuple[int, int]:
    """(upper bound on decisions, upper bound on chance nodes): 20 rounds."""
    return 20 * players * 8 + 2 * players + 10, 20 + 5 + 1


def options_of(state: State) -> dict[str, Any]:
    """The options ``state`` was made with."""
    return {"objectives": state.objectives}


def encoding(players: int, options: dict[str, Any]) -> Encoding:
    """Pharaoh's ids (docs/interop.md, Action encodings: Pharaoh)."""
    codes = sorted(nt.TEXT)
    moves = [nt.TEXT[c] for c in codes if c < nt.ROLL]
    chance = [nt.TEXT[c] for c in codes if c >= nt.ROLL]
    return Encoding("pharaoh", players, options, moves, chance)


class PharaohTensor(Tensor):
    """Pharaoh (everything is public): the roll, the terrain, every sheet."""

    def __init__(self, players: int) -> None:
        super().__init__()
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
        one_hot(out, o["observer"], seat)
        one_hot(out, o["to_move"], obs["to_move"])
        one_hot(out, o["phase"], self.phases[obs["phase"]])
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


def tensor(players: int, options: dict[str, Any]) -> PharaohTensor:
    """Pharaoh's observation tensor at ``players`` seats."""
    return PharaohTensor(players)

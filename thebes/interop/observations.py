"""Observation tensors, built from ``state.observation(seat)`` only.

Each game's ``tensors`` hook (thebes/core/hooks.py) builds its
:class:`~thebes.core.tensors.Tensor`: a flat list of floats made of named pieces, each
with a shape; :meth:`~thebes.core.tensors.Tensor.layout` lists them (docs/interop.md
prints the layout of every game). ``encode(obs, seat)`` reads nothing but the
observation dict of ``seat``, so a tensor never holds a fact that seat may not see.
This module finds the hook through the registry and caches the layout.

Nothing here imports OpenSpiel, PettingZoo or numpy.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from thebes.core import get_game
from thebes.core.tensors import Tensor

from .actions import tensors_module


@lru_cache(maxsize=64)
def _tensor(name: str, players: int, options_key: tuple) -> Tensor:
    return tensors_module(name).tensor(players, dict(options_key))


def tensor(name: str, players: int, options: dict[str, Any] | None = None) -> Tensor:
    """The tensor layout of game ``name`` at ``players`` seats (cached).

    Raises :class:`thebes.core.OptionsError` for a bad player count or option, an
    unknown game, or a game the adapters do not cover (no ``tensors`` hook).
    """
    tensors_module(name)  # first: a game without the hook is refused before its options
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

"""A fixed integer encoding of every event, per game and player count.

Each game's ``tensors`` hook (thebes/core/hooks.py) builds its
:class:`~thebes.core.tensors.Encoding`: two vocabularies of notation texts whose index
is the id, ``moves`` and ``chance`` (docs/interop.md lists them per game), with
shuffles dealt one tile at a time and compound moves chosen token by token where the
game says so (thebes/core/tensors.py). This module finds that hook through the
registry, checks the setup and caches the encoding; the adapters ask it only.

Nothing here imports OpenSpiel or PettingZoo.
"""

from __future__ import annotations

from functools import lru_cache
from types import ModuleType
from typing import Any

from thebes.core import OptionsError, game_names, get_game
from thebes.core.tensors import Encoding


def covered_games() -> list[str]:
    """The thebes game names the adapters cover: every registered game with a
    ``tensors`` hook, in the registry's order."""
    return [name for name in game_names() if get_game(name).hooks.tensors is not None]


def tensors_module(name: str) -> ModuleType:
    """The ``tensors`` hook module of game ``name`` (thebes/core/hooks.py).

    Raises :class:`thebes.core.OptionsError` for an unknown game or a game without one.
    """
    game = get_game(name)
    module = game.hooks.module("tensors")
    if module is None:
        raise OptionsError(f"{game.title} has no tensors hook, so the OpenSpiel and "
                           f"PettingZoo adapters cannot play it.")
    return module


def default_players(name: str) -> int:
    """The player count the adapters give covered game ``name`` when none is asked for
    (OpenSpiel's registry shows it, PettingZoo's ``env`` plays it): the ``tensors``
    module's ``OPENSPIEL_PLAYERS``, else the game's default seat count."""
    players = getattr(tensors_module(name), "OPENSPIEL_PLAYERS", None)
    return players or get_game(name).default_players


def _key(options: dict[str, Any]) -> tuple:
    return tuple(sorted(options.items()))


@lru_cache(maxsize=64)
def _encoding(name: str, players: int, options_key: tuple) -> Encoding:
    return tensors_module(name).encoding(players, dict(options_key))


def encoding(name: str, players: int, options: dict[str, Any] | None = None) -> Encoding:
    """The encoding of game ``name`` at ``players`` seats (cached).

    Raises :class:`thebes.core.OptionsError` for a bad player count or option, an
    unknown game, or a game the adapters do not cover (no ``tensors`` hook).
    """
    tensors_module(name)  # first: a game without the hook is refused before its options
    full = get_game(name).options(players, options)
    return _encoding(name, players, _key(full))


def main(argv: list[str] | None = None) -> int:
    """``python -m thebes.interop.actions GAME PLAYERS [OPTIONS_JSON]``: print
    every move id and chance id with its notation, one a line."""
    import json
    import sys

    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (2, 3):
        print("usage: python -m thebes.interop.actions GAME PLAYERS [OPTIONS_JSON]")
        return 2
    options = json.loads(args[2]) if len(args) == 3 else {}
    enc = encoding(args[0], int(args[1]), options)
    print(f"# {enc.name}, {enc.players} players, options {json.dumps(enc.options)}")
    print(f"# moves{' (tokens)' if enc.compound else ''}: {enc.num_moves}")
    for i, text in enumerate(enc.moves):
        print(f"move\t{i}\t{text}")
    print(f"# chance outcomes: {enc.num_chance}")
    for i, text in enumerate(enc.chance):
        print(f"chance\t{i}\t{text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Game metadata and the registry of games by name.

A game is a plugin: a package exposing ``GAME``, a :class:`Game`, registered
under the entry-point group ``thebes.games`` of its distribution (the four
games of thebes in its own pyproject.toml, ``name = "package:GAME"``; a game of
another package in that package's). The registry reads the names from the
installed distributions' metadata (``importlib.metadata``) and imports a game's
package only when that game is asked for, so ``thebes replay`` of one game
never loads another. docs/adding-a-game.md walks through writing one.
"""

from __future__ import annotations

import importlib
import json
import os
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any, Callable

from .errors import OptionsError
from .hooks import GameHooks
from .state import State

#: the entry-point group games register under.
ENTRY_POINT_GROUP = "thebes.games"
#: game name (as in records) -> ``"module:attribute"`` of its :class:`Game`; filled from the
#: entry points on first use (:func:`registered`), and by :func:`register_game`.
_REGISTRY: dict[str, str] = {}
_LOADED: list[bool] = [False]


#: how an option's type is named in messages.
_KIND_NAMES = {bool: "true or false", int: "a whole number", float: "a number", str: "a string"}


def json_text(value: Any) -> str:
    """``value`` as short JSON text for a message (``true``, not ``True``)."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True)
class Game:
    """What a game is, as data (after OpenSpiel's ``GameType``).

    Attributes:
        name: the record name (``"ra"``).
        title: for people (``"Ra"``).
        min_players, max_players: seat counts allowed.
        default_options: every option the spec defines with its default; an
            option's type is its default's type.
        new_state: ``(players, options) -> State`` at the first event (setup
            chance node). ``options`` are complete (defaults filled in).
        hidden_information: whether observations differ between seats.
        validate_options: optional extra check ``(players, options) -> None``
            raising :class:`OptionsError`.
        solo_titles: for a game with a solo table of titles, ``((lowest score,
            title), ...)`` from the highest title down; below the last, no title.
        order: where the game stands in lists (the lobby, ``thebes bench``, menus):
            lower first, ties by name; a plugin without one comes after thebes's games.
        hooks: what the generic layers may ask of the game beyond its rules (bots'
            knowledge, terminal view, tensors, web table, review marks): a
            :class:`~thebes.core.hooks.GameHooks`, every part optional.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    new_state: Callable[[int, dict[str, Any]], State]
    default_options: dict[str, Any] = field(default_factory=dict)
    hidden_information: bool = False
    validate_options: Callable[[int, dict[str, Any]], None] | None = None
    solo_titles: tuple[tuple[int, str], ...] = ()
    hooks: GameHooks = field(default_factory=GameHooks)
    order: int = 100

    @property
    def default_players(self) -> int:
        """The seat count clients offer first (``hooks.default_players``, else the fewest)."""
        return self.hooks.default_players or self.min_players

    def solo_title(self, score: float) -> str:
        """The title a solo ``score`` earns (``solo_titles``), or ``"none"``."""
        for lowest, name in self.solo_titles:
            if score >= lowest:
                return name
        return "none"

    def options(self, players: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
        """Check ``players`` and ``options`` and return the options with defaults filled in.

        Raises:
            OptionsError: bad player count, unknown option, or wrong type.
        """
        if not isinstance(players, int) or isinstance(players, bool) or not (
                self.min_players <= players <= self.max_players):
            raise OptionsError(
                f"{self.name} takes {self.min_players}-{self.max_players} players, "
                f"not {json_text(players)}")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise OptionsError(f"options must be a JSON object, not {options!r}")
        full = dict(self.default_options)
        for key, value in options.items():
            if key not in self.default_options:
                known = ", ".join(sorted(self.default_options)) or "none"
                raise OptionsError(f"{self.name} has no option {key!r} (options: {known})")
            default = self.default_options[key]
            if type(value) is not type(default):
                kind = _KIND_NAMES.get(type(default), type(default).__name__)
                raise OptionsError(f"option {key!r} takes {kind}, not {json_text(value)}")
            full[key] = value
        if self.validate_options is not None:
            self.validate_options(players, full)
        return full

    def new_initial_state(self, players: int, options: dict[str, Any] | None = None) -> State:
        """The state before the first (setup) event. Raises :class:`OptionsError`."""
        return self.new_state(players, self.options(players, options))


def registered() -> dict[str, str]:
    """Every game name -> ``"module:attribute"`` of its :class:`Game`: the entry points of
    group ``thebes.games`` (thebes's own first: a plugin cannot replace one of its games),
    then games added by :func:`register_game`. :func:`game_names` gives them in order."""
    if not _LOADED[0]:
        eps = sorted(entry_points(group=ENTRY_POINT_GROUP),
                     key=lambda ep: (ep.dist is None or ep.dist.name != "thebes",
                                     ep.dist.name if ep.dist else ""))
        for ep in eps:
            _REGISTRY.setdefault(ep.name, ep.value)
        _LOADED[0] = True
    return _REGISTRY


def register_game(name: str, target: str) -> None:
    """Add game ``name`` whose :class:`Game` is ``target`` (``"module:attribute"``) to this
    process's registry, as an entry point would (tests, notebooks). A name already
    registered keeps its game."""
    registered().setdefault(name, target)


def game_names() -> list[str]:
    """Every registered game name, by :attr:`Game.order` then name (loads each game; one
    that cannot be loaded comes last, and :func:`get_game` names its error)."""
    def key(name: str) -> tuple[int, str]:
        try:
            return get_game(name).order, name
        except OptionsError:
            return 1 << 30, name
    return sorted(registered(), key=key)


def get_game(name: str) -> Game:
    """The :class:`Game` called ``name``.

    Raises :class:`OptionsError` for an unknown name, or a game whose module
    cannot be imported (the message carries the import error).
    """
    games = registered()
    try:
        target = games[name]
    except (KeyError, TypeError):
        known = ", ".join(games) or ("none: no distribution registers the entry-point group "
                                     f"{ENTRY_POINT_GROUP!r}; install thebes (pip install -e .)")
        raise OptionsError(f"unknown game {name!r} (games: {known})") from None
    module, _, attribute = target.partition(":")
    try:
        game = getattr(importlib.import_module(module), attribute or "GAME")
    except (ImportError, AttributeError) as err:
        # A broken install, or another checkout named ``thebes`` in the current folder
        # shadowing this one: name the import error itself, and where thebes came from.
        import thebes
        where = os.path.dirname(getattr(thebes, "__file__", None) or "?")
        raise OptionsError(f"game {name!r} cannot be loaded: {type(err).__name__}: {err} "
                           f"(thebes was imported from {where})") from None
    if not isinstance(game, Game) or game.name != name:
        raise OptionsError(f"game {name!r} cannot be loaded: {target} is not a Game named {name!r}")
    return game

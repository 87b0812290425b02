"""Game metadata and the registry of games by name.

Each engine package (``thebes.games.<module>``) exposes ``GAME``, a
:class:`Game`. The registry imports a package only when its game is asked
for, so ``thebes replay`` of a Ra record never loads Pharaoh's Heir.
"""

from __future__ import annotations

import importlib
import json
import os
from dataclasses import dataclass, field
from typing import Any, Callable

from .errors import OptionsError
from .state import State

#: game name (as in records) -> module that defines ``GAME``.
GAME_MODULES: dict[str, str] = {
    "ra": "thebes.games.ra",
    "sarcophagus": "thebes.games.sarcophagus",
    "pharaohs-heir": "thebes.games.pharaohs_heir",
    "pharaoh": "thebes.games.pharaoh",
}


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


def game_names() -> list[str]:
    """Every registered game name, in the registry's order."""
    return list(GAME_MODULES)


def get_game(name: str) -> Game:
    """The :class:`Game` called ``name``.

    Raises :class:`OptionsError` for an unknown name, or a game whose module
    cannot be imported (the message carries the import error).
    """
    try:
        module = GAME_MODULES[name]
    except (KeyError, TypeError):
        raise OptionsError(
            f"unknown game {name!r} (games: {', '.join(GAME_MODULES)})") from None
    try:
        return importlib.import_module(module).GAME
    except (ImportError, AttributeError) as err:
        # A broken install, or another checkout named ``thebes`` in the current folder
        # shadowing this one: name the import error itself, and where thebes came from.
        import thebes
        where = os.path.dirname(getattr(thebes, "__file__", None) or "?")
        raise OptionsError(f"game {name!r} cannot be loaded: {type(err).__name__}: {err} "
                           f"(thebes was imported from {where})") from None

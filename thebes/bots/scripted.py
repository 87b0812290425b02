"""Scripted opponents: rules of thumb of the kind casual players use (issue 32, item 3).

Each game may name a module of strategies in its ``scripted`` hook
(thebes/core/hooks.py; thebes's games: ``thebes/games/<g>/scripted.py``) defining
``STRATEGIES`` (names) and ``choose(strategy, state, seat, rng, legal) -> action`` (a
decision with more than one legal move); the bot ``scripted-<name>`` is
:class:`ScriptedBot`, which plays a forced move at once and asks ``choose`` otherwise.
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

from thebes.core import OptionsError, get_game

PREFIX = "scripted-"


def scripted_module(game: str) -> ModuleType | None:
    """The game's module of scripted strategies, or ``None`` when it has none."""
    return get_game(game).hooks.module("scripted")


def strategies(game: str) -> tuple[str, ...]:
    """The bot names of ``game``'s scripted strategies (``scripted-<name>``)."""
    module = scripted_module(game)
    return tuple(PREFIX + s for s in module.STRATEGIES) if module is not None else ()


def make_scripted(name: str, game: str, seat: int, rng: random.Random, **params: Any) -> Any:
    """The bot ``scripted-<strategy>`` for ``game`` (``params``, a search's budget, mean
    nothing to a script and are ignored).

    Raises:
        OptionsError: no such strategy for this game.
    """
    module = scripted_module(game)
    strategy = name[len(PREFIX):]
    if module is None or strategy not in module.STRATEGIES:
        known = ", ".join(strategies(game)) or "none"
        raise OptionsError(f"no scripted strategy {name!r} for {game} (known: {known})")
    return ScriptedBot(module, seat, rng, strategy)


class ScriptedBot:
    """One seat's scripted strategy: ``module.choose(strategy, state, seat, rng, legal)``
    for any decision of more than one legal move (thebes.core's ``Bot`` protocol)."""

    def __init__(self, module: ModuleType, seat: int, rng: random.Random, strategy: str
                 ) -> None:
        self.seat = seat
        self.rng = rng
        self.strategy = strategy
        self.name = PREFIX + strategy
        self._choose = module.choose

    def choose(self, state: Any) -> Any:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self._choose(self.strategy, state, self.seat, self.rng, legal)

"""Bots: every seat a bot takes is one more client of the core contract.

A bot decides from its seat's information set only: ``state.observation(seat)``,
``state.legal_actions()`` when it is to move, and ``state.determinize(seat,
rng)`` with its own generator. It never reads the true state's hidden facts.

Bots are made by name with :func:`make_bot`: ``random`` and ``ismcts`` work
for every game; ``greedy`` is the game's own policy (its ``greedy`` hook:
thebes/core/hooks.py); ``easy``, ``medium`` and ``hard`` are the
strength levels the clients offer (:data:`LEVELS`).
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from thebes.core import Action, OptionsError, State, get_game
from thebes.core.play import Bot
from thebes.core.hooks import DEFAULT_LEVELS


class RandomBot:
    """Picks uniformly among the legal moves with its own generator."""

    name = "random"

    def __init__(self, game: str, seat: int, rng: random.Random, **_: Any) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, state: State) -> Action:
        return state.random_action(self.rng)  # draws as rng.choice(legal_actions())


#: strength levels offered by the clients, by name: bot and parameters. A game adjusts a
#: level with its hooks (``GameHooks.levels``: its noise, evaluation, search budget), with
#: the measurements behind each number in its package and docs/bots.md.
LEVELS = DEFAULT_LEVELS
#: a level's search budget: dropped when a time is asked for by name (``think_ms``).
BUDGET_KEYS = ("iterations", "iterations_at", "max_ms", "min_iterations")
BOT_NAMES = ("random", "greedy", "ismcts") + tuple(LEVELS)

#: the bot a seat gets when none is named: in the lobby (thebes/web/logwords.js DEFAULT_BOT),
#: the HTTP API and ``thebes play``; the middle strength level
DEFAULT_BOT = "medium"
#: OpenSpiel's own searches through thebes.interop (needs the openspiel extra).
OPENSPIEL_BOTS = ("openspiel-ismcts", "openspiel-mcts")


def level_params(game: str, level: str) -> Mapping[str, Any]:
    """What ``game`` changes of ``level``'s parameters (``GameHooks.levels``): the noise, the
    evaluation, and the search budget (``iterations``, ``iterations_at``, ``max_ms``)."""
    return get_game(game).hooks.levels.get(level, {})


def level_budget(game: str, level: str, players: int) -> int:
    """The iterations a move ``level`` makes in ``game`` at ``players`` seats: its
    ``iterations_at`` there, else its ``iterations`` (thebes/core/hooks.py ``levels``).

    Raises:
        KeyError: ``level`` is not a searching level (``medium``, ``hard``).
    """
    params = {**LEVELS[level][1], **level_params(game, level)}
    if "iterations" not in params:
        raise KeyError(f"{level!r} is not a searching level")
    budget = dict(params.get("iterations_at", {})).get(players)
    return int(budget if budget is not None else params["iterations"])


def level_search(game: str, level: str) -> dict[str, Any]:
    """What shapes ``level``'s search in ``game`` beyond its budget (its ``evaluation``, say):
    the level's parameters without :data:`BUDGET_KEYS`, for the hint and the review, which
    search as ``hard`` does with budgets of their own (issue 32, item 5)."""
    params = {**LEVELS[level][1], **level_params(game, level)}
    return {key: value for key, value in params.items() if key not in BUDGET_KEYS}


def make_bot(name: str, game: str, seat: int, rng: random.Random, **params: Any) -> Bot:
    """Build the bot called ``name`` for ``game`` at 0-based ``seat``.

    Raises:
        OptionsError: unknown bot, or no such bot for this game yet; a name, game, seat
            or generator of the wrong type (``seat`` must be a seat of the game).
    """
    from thebes.core.play import check_bot_arguments
    check_bot_arguments(name, game, seat, rng)
    if name in LEVELS:
        base, defaults = LEVELS[name]
        tuned = dict(level_params(game, name))
        if "think_ms" in params:   # a time asked for by name: that time, no budget
            for key in BUDGET_KEYS:
                tuned.pop(key, None)
        return make_bot(base, game, seat, rng, **{**defaults, **tuned, **params})
    if name == "random":
        return RandomBot(game, seat, rng, **params)
    if name == "ismcts":
        from thebes.bots.ismcts import ISMCTSBot
        return ISMCTSBot(game, seat, rng, **params)
    if name in OPENSPIEL_BOTS:
        try:
            from thebes.interop.openspiel import make_bot as openspiel_bot
        except ImportError:
            raise OptionsError(f"{name} needs OpenSpiel: pip install 'thebes[openspiel]'") from None
        return openspiel_bot(name, game, seat, rng, **params)
    if name.startswith("scripted-"):
        from thebes.bots.scripted import make_scripted
        return make_scripted(name, game, seat, rng, **params)
    if name == "greedy":
        module = get_game(game).hooks.module("greedy")
        if module is None:
            raise OptionsError(f"{game} has no greedy bot (its hooks name none), so no "
                               f"{name!r} or 'easy' level")
        return module.GreedyBot(game, seat, rng, **params)
    raise OptionsError(f"unknown bot {name!r} (bots: {', '.join(BOT_NAMES + OPENSPIEL_BOTS)}, "
                       f"scripted-<strategy>)")

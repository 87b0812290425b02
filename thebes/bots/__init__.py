"""Bots: every seat a bot takes is one more client of the core contract.

A bot decides from its seat's information set only: ``state.observation(seat)``,
``state.legal_actions()`` when it is to move, and ``state.determinize(seat,
rng)`` with its own generator. It never reads the true state's hidden facts.

Bots are made by name with :func:`make_bot`: ``random`` and ``ismcts`` work
for every game; ``greedy`` looks up the game's own policy in
``thebes.bots.greedy_<module>``; ``easy``, ``medium`` and ``hard`` are the
strength levels the clients offer (:data:`LEVELS`).
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol

from thebes.core import Action, OptionsError, State
from thebes.core.game import GAME_MODULES


class Bot(Protocol):
    """A seat's decision maker. ``choose`` is called only when ``seat`` is to move."""

    name: str
    seat: int

    def choose(self, state: State) -> Action:
        """A legal action for ``state`` (``state.current_player() == self.seat``)."""
        ...


class RandomBot:
    """Picks uniformly among the legal moves with its own generator."""

    name = "random"

    def __init__(self, game: str, seat: int, rng: random.Random, **_: Any) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, state: State) -> Action:
        return state.random_action(self.rng)  # draws as rng.choice(legal_actions())


#: strength levels offered by the clients, by name: bot and parameters.
LEVELS: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("greedy", {"noise": 3.0}),
    "medium": ("ismcts", {"think_ms": 250.0}),
    "hard": ("ismcts", {"think_ms": 1000.0}),
}
#: a level's parameters where a game needs its own: a Pharaoh move's worth differs from
#: the next one's by less than a Ra lot's, so the same noise would leave no plan (easy's
#: solo mean: 8 with noise 3, 23 with 0.6, against greedy's 33; docs/STRENGTH.md).
#: In Pharaoh the fitted worth of a sheet (thebes/bots/value_pharaoh.py) brings the search
#: near its best within a few dozen iterations (solo: 62 at 30 a move, 64.5 at 500), so time
#: cannot tell ``medium`` from ``hard``: ``medium`` judges with the greedy bot's hand-made
#: worth instead (solo 36 at 500; 2-player head to head, docs/STRENGTH.md "The levels at every
#: usual seat count").
LEVEL_OVERRIDES: dict[tuple[str, str], dict[str, Any]] = {
    ("easy", "pharaoh"): {"noise": 0.6},
    ("medium", "pharaoh"): {"evaluation": "greedy"},
}
#: the fewest search iterations a level makes in a game, however loaded the machine: about
#: half of what its time buys on an idle core in the game's slowest seat count (the search
#: goes on past the time until then). Time alone made ``medium`` fall to ``greedy``'s level at
#: load averages of 8-22 on 2 cores (docs/bots.md, "Levels on a loaded machine").
LEVEL_FLOORS: dict[tuple[str, str], int] = {
    ("medium", "ra"): 700, ("hard", "ra"): 2500,
    ("medium", "sarcophagus"): 450, ("hard", "sarcophagus"): 1500,
    ("medium", "pharaohs-heir"): 200, ("hard", "pharaohs-heir"): 700,
    ("medium", "pharaoh"): 500, ("hard", "pharaoh"): 2000,
}
#: the iterations a level makes a move at a seat count, exactly (no clock, no floor), where
#: time and floor did not make the levels distinct. At three players (and four in Pharaoh's
#: Heir) a search levels off early: in Ra it plays the move a 12,000-iteration search plays
#: as often at 700 iterations as at 2,500, and ``hard`` against two ``medium`` at their times
#: won 37.5% in Ra (fair 33%); with ``medium`` below the knee it still beats ``easy`` and
#: ``hard`` beats it (Ra 68.8%, Pharaoh's Heir 64.6% of 48 games). In 5-player Ra the knee
#: is higher: at its floor of 700 ``medium`` did not beat ``easy``, at 1,500 it does.
#: docs/bots.md, "Three players: `medium` thinks less"; docs/STRENGTH.md, "Three players:
#: `medium` below the knee".
LEVEL_BUDGETS: dict[tuple[str, str], dict[int, int]] = {
    ("medium", "ra"): {3: 200, 5: 1500}, ("medium", "sarcophagus"): {3: 150},
    ("medium", "pharaohs-heir"): {3: 100, 4: 100},
}
BOT_NAMES = ("random", "greedy", "ismcts") + tuple(LEVELS)

#: the bot a seat gets when none is named: in the lobby (thebes/web/logwords.js DEFAULT_BOT),
#: the HTTP API and ``thebes play``; the middle strength level
DEFAULT_BOT = "medium"
#: OpenSpiel's own searches through thebes.interop (needs the openspiel extra).
OPENSPIEL_BOTS = ("openspiel-ismcts", "openspiel-mcts")


def make_bot(name: str, game: str, seat: int, rng: random.Random, **params: Any) -> Bot:
    """Build the bot called ``name`` for ``game`` at 0-based ``seat``.

    Raises:
        OptionsError: unknown bot, or no such bot for this game yet.
    """
    if name in LEVELS:
        base, defaults = LEVELS[name]
        if "think_ms" not in params:   # a time asked for by name: that time, no floor or budget
            floor = LEVEL_FLOORS.get((name, game))
            if floor is not None:
                defaults = {**defaults, "min_iterations": floor}
            if (name, game) in LEVEL_BUDGETS:
                defaults = {**defaults, "iterations_at": LEVEL_BUDGETS[(name, game)]}
        return make_bot(base, game, seat, rng,
                        **{**defaults, **LEVEL_OVERRIDES.get((name, game), {}), **params})
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
    if name == "greedy":
        module = "thebes.bots.greedy_" + GAME_MODULES[game].rsplit(".", 1)[1]
        try:
            cls = importlib.import_module(module).GreedyBot
        except ModuleNotFoundError as err:
            if err.name == module:
                raise OptionsError(f"no greedy bot for {game} yet") from None
            raise
        return cls(game, seat, rng, **params)
    raise OptionsError(f"unknown bot {name!r} (bots: {', '.join(BOT_NAMES + OPENSPIEL_BOTS)})")

"""Pharaoh, the roll-and-write city builder (shared/spec/pharaoh.md).

1-99 seats, each on its own 6 x 6 sheet, 20 rounds of a shared roll; the
option ``objectives`` adds the advanced objectives. Nothing is hidden.
"""

from __future__ import annotations

from typing import Any

from thebes.core import Game, GameHooks

from .scoring import TITLES
from .state import PharaohState


def new_state(players: int, options: dict[str, Any]) -> PharaohState:
    """The state before the first event: the objective roll, or the first hill roll."""
    return PharaohState(players, options["objectives"])


#: ``easy``: a Pharaoh move's worth differs from the next one's by less than a Ra lot's, so
#: the default noise would leave no plan (easy's solo mean: 8 with noise 3, 23 with 0.6,
#: against greedy's 33). ``medium`` makes 10 iterations a move with the fitted worth
#: (value.py): with that worth a search is near its best within a few dozen
#: iterations, so time could not tell ``medium`` from ``hard``, and with the greedy bot's
#: worth ``medium`` was no better than a scripted strategy (issue 32; docs/bots.md,
#: docs/games/pharaoh/bots.md, docs/STRENGTH.md).
HOOKS = GameHooks(
    greedy="thebes.games.pharaoh.greedy",
    scripted="thebes.games.pharaoh.scripted",
    search="thebes.games.pharaoh.search",
    terminal="thebes.games.pharaoh.terminal",
    tensors="thebes.games.pharaoh.tensors",
    web="thebes.games.pharaoh.web",
    default_players=1,
    bench_players=(1, 2, 4),
    score_scale=40.0,
    marks=(0.06, 0.12, 0.24),
    solo_marks=(0.05, 0.10, 0.20),
    levels={"easy": {"noise": 0.6},
            "medium": {"iterations": 10},
            "hard": {"iterations": 4000, "iterations_at": {1: 8000, 2: 8000}}},
)

GAME = Game(
    name="pharaoh",
    title="Pharaoh",
    min_players=1,
    max_players=99,
    new_state=new_state,
    default_options={"objectives": False},
    hidden_information=False,
    solo_titles=TITLES,
    order=40,
    hooks=HOOKS,
)

PharaohState.game = GAME

__all__ = ["GAME", "PharaohState"]

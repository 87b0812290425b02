"""Tribute, a small bidding game of nomarchs courting Pharaoh's favour (README.md): 2-4
seats, a chance node each round (the favour card turned) and hidden information (the
face-down bids). An example of a thebes game written outside thebes: this package is
found by thebes through the entry point ``tribute = "thebes_tribute:GAME"`` of its
distribution (pyproject.toml), not by any line in thebes.

``GAME`` registers it as ``"tribute"``; :class:`~thebes_tribute.state.TributeState` is
the state.
"""

from __future__ import annotations

from typing import Any

from thebes.core import Game, GameHooks, OptionsError

from .notation import MAX_CARDS, MIN_CARDS
from .state import TributeState


def validate_options(players: int, options: dict[str, Any]) -> None:
    """``cards`` is 3..15 (README.md, "Options")."""
    if not MIN_CARDS <= options["cards"] <= MAX_CARDS:
        raise OptionsError(f"option 'cards' takes {MIN_CARDS}-{MAX_CARDS}, "
                           f"not {options['cards']}")


#: every hook but ``terminal`` and ``web``: thebes's generic terminal view and the web
#: page's list of legal moves serve this game. ``easy`` plays the greedy bot with a noise
#: of about one card's rank (the default, 3, would be close to random here).
HOOKS = GameHooks(
    greedy="thebes_tribute.greedy",
    search="thebes_tribute.search",
    tensors="thebes_tribute.tensors",
    default_players=3,
    bench_players=(2, 3, 4),
    score_scale=8.0,
    levels={"easy": {"noise": 1.0}},
)

GAME = Game(name="tribute", title="Tribute", min_players=2, max_players=4,
            new_state=TributeState, default_options={"cards": 7}, hidden_information=True,
            validate_options=validate_options, hooks=HOOKS)
TributeState.game = GAME

__all__ = ["GAME", "TributeState"]

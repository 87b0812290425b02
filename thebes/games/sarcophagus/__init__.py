"""Sarcophagus (Phillip Lerche), 2-4 players: the rules engine
(shared/spec/sarcophagus.md).

``GAME`` registers it as ``"sarcophagus"``;
:class:`~thebes.games.sarcophagus.state.SarcophagusState` is the state.
"""

from thebes.core import Game, GameHooks

from .state import SarcophagusState

#: the levels' search budgets in iterations a move (issue 32): docs/bots.md and
#: docs/STRENGTH.md give the measurements.
HOOKS = GameHooks(
    greedy="thebes.games.sarcophagus.greedy",
    scripted="thebes.games.sarcophagus.scripted",
    search="thebes.games.sarcophagus.search",
    terminal="thebes.games.sarcophagus.terminal",
    tensors="thebes.games.sarcophagus.tensors",
    web="thebes.games.sarcophagus.web",
    default_players=2,
    bench_players=(2, 3, 4),
    score_scale=15.0,
    marks=(0.10, 0.20, 0.30),
    levels={"medium": {"iterations": 1000, "iterations_at": {3: 150}},
            "hard": {"iterations": 4000}},
)

GAME = Game(name="sarcophagus", title="Sarcophagus", min_players=2, max_players=4,
            new_state=SarcophagusState, default_options={"base_free": True},
            hidden_information=True, order=20, hooks=HOOKS)
SarcophagusState.game = GAME

__all__ = ["GAME", "SarcophagusState"]

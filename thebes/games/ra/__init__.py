"""Ra (Reiner Knizia), 3-5 players: the rules engine (shared/spec/ra.md).

``GAME`` registers it as ``"ra"``; :class:`~thebes.games.ra.state.RaState` is the state.
"""

from thebes.core import Game, GameHooks

from .state import RaState

#: the levels' search budgets: docs/bots.md ("Levels on a loaded machine", "Three players:
#: `medium` thinks less") and docs/STRENGTH.md give the measurements behind each number.
HOOKS = GameHooks(
    greedy="thebes.games.ra.greedy",
    search="thebes.games.ra.search",
    value="thebes.games.ra.value",
    terminal="thebes.games.ra.terminal",
    tensors="thebes.games.ra.tensors",
    web="thebes.games.ra.web",
    default_players=3,
    bench_players=(3, 4, 5),
    score_scale=20.0,
    marks=(0.06, 0.12, 0.24),
    levels={"medium": {"min_iterations": 700, "iterations_at": {3: 200, 5: 1500}},
            "hard": {"min_iterations": 2500}},
)

GAME = Game(name="ra", title="Ra", min_players=3, max_players=5, new_state=RaState,
            default_options={}, hidden_information=False, order=10, hooks=HOOKS)
RaState.game = GAME

__all__ = ["GAME", "RaState"]

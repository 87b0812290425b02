"""Ra (Reiner Knizia), 3-5 players: the rules engine (shared/spec/ra.md).

``GAME`` registers it as ``"ra"``; :class:`~thebes.games.ra.state.RaState` is the state.
"""

from thebes.core import Game, GameHooks

from .state import RaState

#: the levels' search budgets (issue 32): iterations a move (``iterations_at``: at those
#: seat counts), never time, so a level plays the same idle or loaded (the default
#: ``max_ms`` caps the wall time only on a machine loaded far beyond the usual);
#: docs/bots.md ("Issue 32: every level a budget of iterations") and
#: docs/STRENGTH.md ("Issue 32") give the measurements behind each number. ``hard`` judges
#: a cut-off playout with the learned evaluation (thebes/games/ra/value.py), ahead of
#: the hand-made one at equal iterations (docs/bots.md, "A learned evaluation").
HOOKS = GameHooks(
    greedy="thebes.games.ra.greedy",
    scripted="thebes.games.ra.scripted",
    search="thebes.games.ra.search",
    value="thebes.games.ra.value",
    terminal="thebes.games.ra.terminal",
    tensors="thebes.games.ra.tensors",
    web="thebes.games.ra.web",
    default_players=3,
    bench_players=(3, 4, 5),
    score_scale=20.0,
    marks=(0.06, 0.12, 0.24),
    levels={"medium": {"iterations": 1000, "iterations_at": {4: 3000, 5: 3000}},
            "hard": {"iterations": 8000, "iterations_at": {4: 12000, 5: 12000},
                     "evaluation": "learned"}},
)

GAME = Game(name="ra", title="Ra", min_players=3, max_players=5, new_state=RaState,
            default_options={}, hidden_information=False, order=10, hooks=HOOKS)
RaState.game = GAME

__all__ = ["GAME", "RaState"]

"""Ra (Reiner Knizia), 3-5 players: the rules engine (shared/spec/ra.md).

``GAME`` registers it as ``"ra"``; :class:`~thebes.games.ra.state.RaState` is the state.
"""

from thebes.core import Game

from .state import RaState

GAME = Game(name="ra", title="Ra", min_players=3, max_players=5, new_state=RaState,
            default_options={}, hidden_information=False)
RaState.game = GAME

__all__ = ["GAME", "RaState"]

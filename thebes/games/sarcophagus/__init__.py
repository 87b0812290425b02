"""Sarcophagus (Phillip Lerche), 2-4 players: the rules engine
(shared/spec/sarcophagus.md).

``GAME`` registers it as ``"sarcophagus"``;
:class:`~thebes.games.sarcophagus.state.SarcophagusState` is the state.
"""

from thebes.core import Game

from .state import SarcophagusState

GAME = Game(name="sarcophagus", title="Sarcophagus", min_players=2, max_players=4,
            new_state=SarcophagusState, default_options={"base_free": True},
            hidden_information=True)
SarcophagusState.game = GAME

__all__ = ["GAME", "SarcophagusState"]

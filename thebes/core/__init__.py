"""Game-agnostic core: the state contract, errors, the registry, records and playouts."""

from .errors import (IllegalEventError, InvalidEventError, OptionsError, RecordError,
                     ReplayError, SeatError, ThebesError)
from .game import Game, game_names, get_game, register_game
from .hooks import GameHooks
from .play import play_game, random_playout, seat_rng
from .record import Record, replay_events, result_of
from .state import CHANCE, TERMINAL, Action, State, TooManyOutcomes

__all__ = [
    "Action", "CHANCE", "TERMINAL", "Game", "GameHooks", "register_game", "State", "TooManyOutcomes",
    "ThebesError", "InvalidEventError", "IllegalEventError", "OptionsError", "RecordError",
    "ReplayError", "SeatError", "Record", "replay_events", "result_of", "game_names", "get_game",
    "play_game", "random_playout", "seat_rng",
]

"""Running games: random playouts and whole games between bots.

Chance is always sampled with a generator the caller owns; bots get their
own generators (see :func:`seat_rng`), never the game's.
"""

from __future__ import annotations

import math
import random
from typing import Any, Protocol, Sequence

from .errors import OptionsError, SeatError
from .state import CHANCE, TERMINAL, Action, State, check_rng


class Bot(Protocol):
    """A seat's decision maker (thebes/bots/ makes them by name). ``choose`` is called only
    when ``seat`` is to move, and reads only that seat's information set."""

    name: str
    seat: int

    def choose(self, state: State) -> Action:
        """A legal action for ``state`` (``state.current_player() == self.seat``)."""
        ...


def seat_rng(seed: int | str, seat: int) -> random.Random:
    """The generator of a bot at ``seat`` in a game seeded with ``seed``.

    Derived from a string (hashed with SHA-512 by :mod:`random`), so it is the
    same on every machine and independent of the chance generator.
    """
    return random.Random(f"thebes-bot/{seed}/{seat}")


def random_playout(state: State, rng: random.Random) -> int:
    """Play ``state`` to the end in place: every move uniform among the legal
    ones (``random_action``, which draws as ``rng.choice(legal_actions())`` does),
    every chance outcome drawn by its probability. Returns the number of events
    applied. Uses only the fast path (no notation, no record): ``State.random_playout``.

    Raises :class:`OptionsError` when ``state`` is no state or ``rng`` no
    :class:`random.Random`."""
    if not isinstance(state, State):
        raise OptionsError(f"random_playout needs a State, not {type(state).__name__}")
    check_rng(rng, "random_playout")
    return state.random_playout(rng)


def play_game(state: State, bots: Sequence[Bot], chance_rng: random.Random,
              max_events: int = 1_000_000) -> list[str]:
    """Play ``state`` to the end in place with one bot per seat; returns the events' notation.

    Raises :class:`OptionsError` when ``state`` is no state, ``bots`` has not one bot
    (with a ``choose``) per seat or ``chance_rng`` is no :class:`random.Random`, and
    ``RuntimeError`` if the game has not ended after ``max_events`` events.
    """
    if not isinstance(state, State):
        raise OptionsError(f"play_game needs a State, not {type(state).__name__}")
    check_rng(chance_rng, "play_game's chance")
    if isinstance(bots, (str, bytes)) or not hasattr(bots, "__len__"):
        raise OptionsError(f"play_game needs a list of bots, not {type(bots).__name__}")
    if len(bots) != state.num_players:
        raise OptionsError(f"play_game needs {state.num_players} bots, one per seat, "
                           f"not {len(bots)}")
    for bot in bots:
        if not callable(getattr(bot, "choose", None)):
            raise OptionsError(f"a bot has a choose(state) method; {type(bot).__name__} has none")
    events: list[str] = []
    for _ in range(max_events):
        player = state.current_player()
        if player == TERMINAL:
            return events
        if player == CHANCE:
            action = state.sample_chance(chance_rng)
        else:
            action = bots[player].choose(state)
        events.append(state.action_to_text(action))
        state.apply_action(action)
    raise RuntimeError(f"no end after {max_events} events")


def check_bot_arguments(name: Any, game: Any, seat: Any, rng: Any) -> None:
    """The arguments of ``thebes.bots.make_bot``, checked before any is used.

    Raises :class:`OptionsError` (a name or game that is not a string, an unknown game, a
    generator that is not a :class:`random.Random`) or :class:`SeatError` (a seat no game
    of ``game`` has).
    """
    from .game import get_game

    if not isinstance(name, str):
        raise OptionsError(f"a bot's name is a string, not {type(name).__name__}")
    if not isinstance(game, str):
        raise OptionsError(f"a game's name is a string, not {type(game).__name__}")
    most = get_game(game).max_players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < most:
        raise SeatError(f"a bot's seat is an integer 0..{most - 1} (0-based), not "
                        f"{type(seat).__name__} {str(seat)[:20]!r}")
    check_rng(rng, "a bot")


def check_hint_arguments(state: Any, seat: Any, think_ms: Any, iterations: Any, seed: Any,
                         top: Any) -> None:
    """The arguments of ``thebes.bots.hint.hint``, checked before the search starts.

    Raises :class:`OptionsError` (no state, a finished game or a chance node, a budget that
    is not a finite number in range, a seed that is not an int or a string, ``top`` not a
    whole number from 1) or :class:`SeatError`.
    """
    if not isinstance(state, State):
        raise OptionsError(f"hint needs a State, not {type(state).__name__}")
    seat = state.check_seat(seat)
    player = state.current_player()
    if player < 0:
        raise OptionsError("hint: nobody is to move here ("
                           + ("chance is" if player == CHANCE else "the game is over") + ")")
    def whole(value: Any, low: int, high: int) -> bool:
        return not isinstance(value, bool) and isinstance(value, int) and low <= value <= high
    if think_ms is not None and (isinstance(think_ms, bool) or not isinstance(think_ms, (int, float))
                                 or not math.isfinite(think_ms) or not 0 < think_ms <= 60_000):
        raise OptionsError(f"hint: think_ms is None or a number more than 0 up to 60000, "
                           f"not {think_ms!r}")
    if not whole(iterations, 1, 1_000_000):
        raise OptionsError(f"hint: iterations is a whole number from 1 to 1000000, "
                           f"not {iterations!r}")
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise OptionsError(f"hint: seed is an int or a string, not {type(seed).__name__}")
    if not whole(top, 1, 1000):
        raise OptionsError(f"hint: top is a whole number from 1 to 1000, not {top!r}")

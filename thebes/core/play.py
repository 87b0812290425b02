"""Running games: random playouts and whole games between bots.

Chance is always sampled with a generator the caller owns; bots get their
own generators (see :func:`seat_rng`), never the game's.
"""

from __future__ import annotations

import random
from typing import Protocol, Sequence

from .errors import OptionsError
from .state import CHANCE, TERMINAL, Action, State


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
    applied. Uses only the fast path (no notation, no record): ``State.random_playout``."""
    return state.random_playout(rng)


def play_game(state: State, bots: Sequence[Bot], chance_rng: random.Random,
              max_events: int = 1_000_000) -> list[str]:
    """Play ``state`` to the end in place with one bot per seat; returns the events' notation.

    Raises :class:`OptionsError` when ``bots`` has not one bot per seat, and
    ``RuntimeError`` if the game has not ended after ``max_events`` events.
    """
    if len(bots) != state.num_players:
        raise OptionsError(f"play_game needs {state.num_players} bots, one per seat, "
                           f"not {len(bots)}")
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

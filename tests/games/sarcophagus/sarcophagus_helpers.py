"""Shared helpers of the Sarcophagus tests: positions built from events, and a
pool of random games to mine for situations."""

from __future__ import annotations

import random
from typing import Callable, Iterator

from thebes.core import CHANCE, TERMINAL, get_game
from thebes.games.sarcophagus.state import SarcophagusState

GAME = get_game("sarcophagus")

#: the spec's example layout (shared/spec/sarcophagus.md, Setup): a1 sun-3,
#: b1 moon-4, b2 arms-4, c1 crown-2, c2 sun-2, c3 moon-ace, ...
SPEC_LAYOUT = ("layout sun-3 / moon-4 arms-4 / crown-2 sun-2 moon-ace / "
               "crown-null arms-2 moon-2 sun-4 / crown-3 arms-ace sun-5 moon-3 crown-4 / "
               "sun-ace arms-3 moon-null moon-5 crown-ace arms-null / "
               "sarcophagus crown-5 arms-5 sun-null")


def play(events: list[str], players: int = 3, options: dict | None = None,
         layout: str = SPEC_LAYOUT) -> SarcophagusState:
    """A state after ``layout`` and ``events`` (checked, as in a replay)."""
    state = GAME.new_initial_state(players, options)
    state.apply(layout)
    for event in events:
        state.apply(event)
    return state


def random_game(players: int, seed: int, options: dict | None = None) -> list[str]:
    """The events of one random game (uniform moves, chance by probability)."""
    rng = random.Random(seed)
    state = GAME.new_initial_state(players, options)
    events = []
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        events.append(state.action_to_text(action))
        state.apply_action(action)
    return events


def steps(players: int, games: int, seed: int = 0, options: dict | None = None
          ) -> Iterator[tuple[SarcophagusState, object, SarcophagusState]]:
    """(state before, action, state after) over every event of random games."""
    for g in range(games):
        rng = random.Random(seed * 100003 + g)
        state = GAME.new_initial_state(players, options)
        while state.current_player() != TERMINAL:
            if state.current_player() == CHANCE:
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions())
            before = state.clone()
            state.apply_action(action)
            yield before, action, state


def mine(condition: Callable[[SarcophagusState, object, SarcophagusState], bool],
         games: int = 200, players_list=(2, 3, 4), options: dict | None = None
         ) -> list[tuple[SarcophagusState, object, SarcophagusState]]:
    """Every step of random games where ``condition(before, action, after)`` holds.

    The caller asserts the list is not empty, so a test never passes vacuously.
    """
    found = []
    for players in players_list:
        for before, action, after in steps(players, games, seed=players, options=options):
            if condition(before, action, after):
                found.append((before, action, after.clone()))
    return found

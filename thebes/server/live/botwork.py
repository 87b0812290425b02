"""Bot thinking in worker processes, for the bots that search (ISMCTS and its levels).

A searching bot is CPU-bound for its whole think time; in a thread it would
hold the interpreter lock against the event loop and make every page slow.
So those bots think in a pool of worker processes (``spawn``: a fresh
interpreter, nothing inherited from the server's threads). A worker gets the
game's record (game, players, options, events), rebuilds the position (keeping
it between calls, applying only the new events) and returns the move's text.
The bot's generator is the same one a thread would make
(``thebes-bot/{seed}/{seat}/{index}``), so the choice does not depend on where
the bot thinks.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from typing import Any

_CACHE: "OrderedDict[str, tuple[Any, list[str]]]" = OrderedDict()
_CACHE_SIZE = 64


def uses_search(bot: str) -> bool:
    """Whether the bot called ``bot`` searches (and so should think in a worker process)."""
    try:
        from thebes.bots import LEVELS  # type: ignore[attr-defined]
    except ImportError:  # pragma: no cover - older thebes.bots
        LEVELS = {}
    base = LEVELS.get(bot, (bot, {}))[0] if isinstance(LEVELS, dict) else bot
    return base == "ismcts"


def _position(game_id: str, game: str, players: int, options: dict[str, Any], events: list[str]) -> Any:
    from thebes.core import get_game

    cached = _CACHE.get(game_id)
    if cached is not None:
        state, done = cached
        if len(done) <= len(events) and events[:len(done)] == done:
            for text in events[len(done):]:
                state.apply(text)
            _CACHE[game_id] = (state, list(events))
            _CACHE.move_to_end(game_id)
            return state
    state = get_game(game).new_initial_state(players, options)
    for text in events:
        state.apply(text)
    _CACHE[game_id] = (state, list(events))
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return state


def think(game_id: str, game: str, players: int, options: dict[str, Any], events: list[str],
          seat: int, bot: str, rng_seed: str) -> str:
    """Run in a worker process: the text of the move ``bot`` at ``seat`` chooses."""
    from thebes.bots import make_bot

    state = _position(game_id, game, players, options, events)
    player = state.current_player()
    if player != seat:
        raise ValueError(f"seat {seat + 1} is not to move (seat {player + 1} is)")
    bot_instance = make_bot(bot, game, seat, random.Random(rng_seed))
    action = bot_instance.choose(state.clone())
    return state.action_to_text(action)


def hint(game_id: str, game: str, players: int, options: dict[str, Any], events: list[str],
         seat: int, think_ms: float, rng_seed: str) -> list[dict[str, Any]]:
    """Run in a worker process: the search's top moves for ``seat`` (to move), from its view."""
    from thebes.bots.hint import hint as search_hint

    state = _position(game_id, game, players, options, events)
    return search_hint(state.clone(), seat, think_ms=think_ms, seed=rng_seed)

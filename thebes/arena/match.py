"""One arena game: bots seated by rotation, chance and bots on their own seeded generators."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from thebes.bots import make_bot
from thebes.bots.ismcts import ISMCTSBot
from thebes.core import Record, get_game, play_game, result_of, seat_rng


@dataclass(frozen=True)
class ArenaGame:
    """What one game of a match needs; picklable, so it can run in another process.

    ``entries`` are the bot names of the match in order; game ``index`` seats
    entry ``(seat + index) % players`` at ``seat``, so that over any multiple
    of ``players`` games every entry plays every seat equally often.
    """

    game: str
    players: int
    entries: tuple[str, ...]
    index: int
    seed: int
    think_ms: float | None = None
    iterations: int | None = None
    options: tuple[tuple[str, Any], ...] = ()

    def seating(self) -> list[int]:
        """Entry index per seat."""
        return [(seat + self.index) % self.players for seat in range(self.players)]


def play_arena_game(spec: ArenaGame) -> dict[str, Any]:
    """Play one game; returns ``{"index", "seating", "scores", "ranking" (0-based seats),
    "searched", "record"}``: ``searched`` per seat ``[iterations, searches]`` over the
    game for a bot that searches (ISMCTS, the levels), ``[0, 0]`` otherwise; the record
    keeps it in its ``searched`` key (what the budget bought on this machine)."""
    options = dict(spec.options)
    state = get_game(spec.game).new_initial_state(spec.players, options)
    seating = spec.seating()
    game_seed = f"{spec.seed}/{spec.index}"
    bots = []
    for seat, entry in enumerate(seating):
        params: dict[str, Any] = {}
        name = spec.entries[entry]
        if name == "ismcts" or name.startswith("openspiel"):
            if spec.think_ms is not None:
                params["think_ms"] = spec.think_ms
            if spec.iterations is not None:
                params["iterations"] = spec.iterations
        bots.append(make_bot(name, spec.game, seat, seat_rng(game_seed, seat), **params))
    searched = [count_searches(bot) for bot in bots]
    events = play_game(state, bots, random.Random(f"thebes-arena/{game_seed}"))
    result = result_of(state)
    record = Record(spec.game, spec.players, options, events, result,
                    {"bots": [spec.entries[e] for e in seating], "seed": game_seed,
                     "searched": searched})
    return {"index": spec.index, "seating": seating, "scores": state.scores(),
            "ranking": state.ranking(), "searched": searched, "record": record.dumps()}


def count_searches(bot: Any) -> list[int]:
    """``[iterations, searches]``, kept up to date as ``bot`` searches (an ISMCTS bot: each
    ``search`` adds its ``last_iterations`` and one); stays ``[0, 0]`` for other bots."""
    tally = [0, 0]
    if not isinstance(bot, ISMCTSBot):
        return tally
    search = bot.search

    def counted(state: Any) -> Any:
        root = search(state)
        tally[0] += bot.last_iterations
        tally[1] += 1
        return root
    bot.search = counted  # type: ignore[method-assign]
    return tally

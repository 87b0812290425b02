"""Time per move of each level (issue 32, item 2): median, 95th percentile and worst.

Usage::

    .venv/bin/python benchmarks/move_times.py --game ra --players 3 --levels medium,hard \\
        --games 2 --seed 1

For each level, ``--games`` games with the level at every seat (the positions it meets
against itself), seeded as ``thebes arena`` seeds them; or, with ``--positions N``, N
positions taken from games of greedy bots (every decision with more than one legal
move, sampled evenly over the games; the same positions for every level), each decided
once by the level (far cheaper for a slow level). Every decision timed is timed twice: wall time (``perf_counter``; what a person waits on an
idle core) and the process's CPU time (``process_time``; on a loaded machine, what the
move would take on an idle core, near enough). The load average is printed with the
figures: on a loaded machine read the CPU column.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from thebes.arena.match import count_searches
from thebes.bots import make_bot
from thebes.core import get_game, seat_rng


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    if not values:
        return 0.0
    k = min(len(values) - 1, max(0, round(q * (len(values) - 1))))
    return values[k]


PARAMS: dict[str, object] = {}


def measure(game: str, players: int, level: str, games: int, seed: int
            ) -> tuple[list[float], list[float], list[int]]:
    walls: list[float] = []
    cpus: list[float] = []
    searched = [0, 0]
    for index in range(games):
        game_seed = f"{seed}/{index}"
        state = get_game(game).new_initial_state(players)
        bots = [make_bot(level, game, seat, seat_rng(game_seed, seat), **PARAMS)
                for seat in range(players)]
        tallies = [count_searches(bot) for bot in bots]
        rng = random.Random(f"thebes-arena/{game_seed}")
        while not state.is_terminal():
            player = state.current_player()
            if player < 0:
                state.apply_action(state.sample_chance(rng))
                continue
            many = len(state.legal_actions()) > 1
            w, c = time.perf_counter(), time.process_time()
            action = bots[player].choose(state)
            if many:
                walls.append(time.perf_counter() - w)
                cpus.append(time.process_time() - c)
            state.apply_action(action)
        for its, n in tallies:
            searched[0] += its
            searched[1] += n
    return walls, cpus, searched


def sampled(game: str, players: int, level: str, positions: int, seed: int
            ) -> tuple[list[float], list[float], list[int]]:
    """Time ``level``'s decision at ``positions`` positions of greedy games (seeded)."""
    rng = random.Random(f"move-times/{seed}")
    found = []
    index = 0
    while len(found) < positions:
        game_seed = f"{seed}/{index}"
        state = get_game(game).new_initial_state(players)
        bots = [make_bot("greedy", game, seat, seat_rng(game_seed, seat))
                for seat in range(players)]
        chance = random.Random(f"thebes-arena/{game_seed}")
        while not state.is_terminal() and len(found) < positions:
            player = state.current_player()
            if player < 0:
                state.apply_action(state.sample_chance(chance))
                continue
            if len(state.legal_actions()) > 1 and rng.random() < 0.15:
                found.append(state.clone())
            state.apply_action(bots[player].choose(state))
        index += 1
    walls: list[float] = []
    cpus: list[float] = []
    searched = [0, 0]
    for i, state in enumerate(found):
        bot = make_bot(level, game, state.current_player(), seat_rng(f"{seed}/p{i}", 0),
                       **PARAMS)
        tally = count_searches(bot)
        w, c = time.perf_counter(), time.process_time()
        bot.choose(state)
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
        searched[0] += tally[0]
        searched[1] += tally[1]
    return walls, cpus, searched


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--levels", default="easy,medium,hard")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--positions", type=int, default=0,
                        help="time each level at this many positions of greedy games "
                             "instead of whole games of its own")
    parser.add_argument("--no-cap", action="store_true",
                        help="drop the levels' cap of wall time (max_ms), so that a loaded "
                             "machine's CPU column shows the whole budget's cost")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.no_cap:
        PARAMS["max_ms"] = None
    what = (f"{args.positions} positions of greedy games" if args.positions
            else f"{args.games} games a level")
    print(f"{args.game}, {args.players} players, {what}, seed {args.seed}; "
          f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"{'level':8} {'moves':>5} {'wall median':>11} {'p95':>7} {'max':>7} "
          f"{'cpu median':>10} {'p95':>7} {'max':>7} {'iterations a search':>19}")
    for level in [x.strip() for x in args.levels.split(",") if x.strip()]:
        if args.positions:
            walls, cpus, (its, n) = sampled(args.game, args.players, level, args.positions,
                                            args.seed)
        else:
            walls, cpus, (its, n) = measure(args.game, args.players, level, args.games,
                                            args.seed)
        print(f"{level:8} {len(walls):>5} {statistics.median(walls):>10.3f}s "
              f"{percentile(walls, 0.95):>6.3f}s {max(walls):>6.3f}s "
              f"{statistics.median(cpus):>9.3f}s {percentile(cpus, 0.95):>6.3f}s "
              f"{max(cpus):>6.3f}s {its / max(1, n):>19,.0f}", flush=True)
    print(f"load at the end {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Fit the value of a Pharaoh sheet at a round's end (thebes/games/pharaoh/value.py) on solo games.

Usage::

    # the shipped weights (160 s on two loaded cores)
    nice -n 19 .venv/bin/python benchmarks/fit_pharaoh_value.py --games 3000 --jobs 2 --explore 0.1
    # from games played by the search itself (slower)
    nice -n 19 .venv/bin/python benchmarks/fit_pharaoh_value.py --bot ismcts --iterations 300 \\
        --games 400 --jobs 2

Plays ``--games`` solo games (game i: chance seeded ``seed + i``, the bot's generator
``seat_rng(seed + i, 0)``), records every round's end (the sheet's features, the rounds
still to roll, its total) and fits, for each number of rounds left, the points scored from
there to the end as a ridge least squares on the features (numpy). Writes the weights to
thebes/games/pharaoh/value_weights.py (``--out``) and prints the fit per round: rows, the
mean points still to come, and the root mean square error in and out of sample (the last
fifth of the games held out; the weights written are fitted on every game).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from thebes.bots.train_value import ridge as fit_ridge
from thebes.games.pharaoh.value import FEATURES, features
from thebes.games.pharaoh.rules import ROLL_PHASE, ROUNDS

OUT = Path(__file__).resolve().parents[1] / "thebes" / "games" / "pharaoh" / "value_weights.py"


def play(args: tuple[str, int, int, int, float]) -> list[tuple[int, list[float], int, int]]:
    """One solo game; returns ``(rounds left, features, points scored from there to the end,
    game index)`` per round's end. With ``explore`` > 0, each decision is a uniformly random
    legal move with that probability (drawn from a generator of its own), so the games reach
    positions the bot alone would not."""
    bot_name, iterations, seed, i, explore = args
    from thebes.bots import make_bot
    from thebes.games.pharaoh.search import SEARCH
    from thebes.games.pharaoh.greedy import GreedyBot
    from thebes.core import get_game, seat_rng
    state = get_game("pharaoh").new_initial_state(1, {"objectives": False})
    if bot_name == "search-greedy":
        bot = GreedyBot("pharaoh", 0, seat_rng(seed + i, 0), worths=SEARCH)
    else:
        params = {"iterations": iterations} if bot_name == "ismcts" else {}
        bot = make_bot(bot_name, "pharaoh", 0, seat_rng(seed + i, 0), **params)
    chance = random.Random(seed + i)
    wander = random.Random(f"explore/{seed + i}")
    rows = []
    while not state.is_terminal():
        if state.phase == ROLL_PHASE and state.round >= 1:
            sheet = state.sheets[0]
            rows.append((ROUNDS - state.round, features(sheet, ROUNDS - state.round), sheet.total))
        if state.is_chance_node():
            state.apply_action(state.sample_chance(chance))
        elif explore and wander.random() < explore:
            state.apply_action(state.random_action(wander))
        else:
            state.apply_action(bot.choose(state))
    final = state.sheets[0].total
    return [(left, f, final - total, i) for left, f, total in rows]


def fit(rows: list, ridge: float, holdout: int) -> tuple[list[tuple[float, ...]], list[str]]:
    """Weights per rounds left (index 0 unused, all zeros) and a report line per row."""
    import numpy as np
    weights: list[tuple[float, ...]] = [tuple(0.0 for _ in FEATURES)]
    lines = []
    for left in range(1, ROUNDS):
        mine = [r for r in rows if r[0] == left]
        train = [r for r in mine if r[3] < holdout]
        test = [r for r in mine if r[3] >= holdout]
        x = np.array([r[1] for r in train])
        y = np.array([r[2] for r in train], dtype=float)
        w = fit_ridge(x, y, ridge, intercept=0)  # the constant is feature 0
        rmse_in = float(np.sqrt(np.mean((x @ w - y) ** 2)))
        if test:
            xt = np.array([r[1] for r in test])
            yt = np.array([r[2] for r in test], dtype=float)
            rmse_out = f"{float(np.sqrt(np.mean((xt @ w - yt) ** 2))):.2f}"
        else:
            rmse_out = "-"
        lines.append(f"{left:>4} {len(mine):>6} {y.mean():>8.2f} {rmse_in:>8.2f} {rmse_out:>8}")
        x = np.array([r[1] for r in mine])  # the weights kept: fitted on every game
        y = np.array([r[2] for r in mine], dtype=float)
        w = fit_ridge(x, y, ridge, intercept=0)
        weights.append(tuple(round(float(v), 5) for v in w))
    return weights, lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--games", type=int, default=3000, help="solo games to play (default 3000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of game 0 (default 1)")
    parser.add_argument("--bot", default="search-greedy", choices=("search-greedy", "greedy", "ismcts"),
                        help="who plays the games: the greedy bot judging with the search's "
                             "worths (search.SEARCH; the default), the greedy bot, or "
                             "the search")
    parser.add_argument("--iterations", type=int, default=300,
                        help="the search's iterations a move with --bot ismcts (default 300)")
    parser.add_argument("--explore", type=float, default=0.0,
                        help="chance of a random move at each decision (default 0)")
    parser.add_argument("--ridge", type=float, default=1.0, help="ridge penalty (default 1.0)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"weights file (default {OUT})")
    args = parser.parse_args()
    if args.games < 10 or args.jobs < 1 or args.iterations < 1 or args.ridge < 0:
        parser.error("--games at least 10, --jobs and --iterations at least 1, --ridge >= 0")
    start = time.perf_counter()
    tasks = [(args.bot, args.iterations, args.seed, i, args.explore) for i in range(args.games)]
    rows: list = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for n, game_rows in enumerate(pool.map(play, tasks, chunksize=20), 1):
            rows += game_rows
            if n % max(1, args.games // 20) == 0 or n == args.games:
                print(f"\r{n}/{args.games} games, {time.perf_counter() - start:.0f} s",
                      end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    weights, lines = fit(rows, args.ridge, holdout=args.games - args.games // 5)
    print("left   rows  mean to come  rmse in  rmse out")
    print("\n".join(lines))
    command = " ".join(["benchmarks/fit_pharaoh_value.py"] + sys.argv[1:])
    body = ",\n".join("    (" + ", ".join(repr(v) for v in row) + ",)" for row in weights)
    args.out.write_text(
        '"""Weights of thebes/games/pharaoh/value.py: one row per rounds left (0..19), one\n'
        f'weight per feature (value.FEATURES). Written by {command}\n'
        f'(bot {args.bot}, {args.games} games, seed {args.seed}, explore {args.explore}, '
        f'ridge {args.ridge}); do not edit."""\n\n'
        f"WEIGHTS = (\n{body},\n)\n")
    print(f"weights written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

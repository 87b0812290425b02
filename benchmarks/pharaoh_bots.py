"""Solo scores and titles of the Pharaoh bots over many games (docs/games/pharaoh/bots.md).

Usage: .venv/bin/python benchmarks/pharaoh_bots.py [--games 1000] [--bots random greedy]
       [--objectives] [--seed 1] [--iterations N] [--evaluation fitted|greedy]

``--iterations N`` gives the searching bots (``ismcts``) a fixed budget a move, the same on
any machine: a game is then the same wherever it runs (docs/STRENGTH.md, "Solo Pharaoh:
hard", compares two copies of thebes this way, one of them by ``PYTHONPATH=COPY``).
``--evaluation`` names the search's judge of cut-off positions (thebes/games/pharaoh/search.py
``EVALUATIONS``: ``fitted``, the default, or ``greedy``, the one ``medium`` uses).

Game i is played with chance seeded ``seed + i`` and the bot's generator
``seat_rng(seed + i, 0)``, so a run is repeatable.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from thebes.bots import make_bot
from thebes.core import get_game, play_game, seat_rng
from thebes.games.pharaoh.scoring import title


def solo_scores(bot: str, games: int, seed: int, objectives: bool,
                iterations: int | None = None, evaluation: str | None = None) -> list[int]:
    """Final solo scores of ``games`` games played by ``bot`` (a search with ``iterations``
    a move and the named ``evaluation`` when given)."""
    params: dict = {"iterations": iterations} if iterations and bot == "ismcts" else {}
    if evaluation and bot == "ismcts":
        params["evaluation"] = evaluation
    game = get_game("pharaoh")
    scores = []
    for i in range(games):
        state = game.new_initial_state(1, {"objectives": objectives})
        play_game(state, [make_bot(bot, "pharaoh", 0, seat_rng(seed + i, 0), **params)],
                  random.Random(seed + i))
        scores.append(state.scores()[0])
    return scores


def mean_interval(scores: list[int]) -> str:
    """The normal 95% interval of the mean, ``"lo-hi"``."""
    if len(scores) < 2:
        return "-"
    half = 1.96 * statistics.stdev(scores) / len(scores) ** 0.5
    m = statistics.mean(scores)
    return f"{m - half:.1f}-{m + half:.1f}"


def report(bot: str, scores: list[int], seconds: float) -> str:
    titles = Counter(title(s) or "none" for s in scores)
    q = statistics.quantiles(scores, n=10)
    lines = [f"### {bot}: {len(scores)} games, {seconds:.1f} s",
             "",
             f"mean {statistics.mean(scores):.2f}, sd {statistics.pstdev(scores):.2f} "
             f"(95% interval of the mean {mean_interval(scores)}), "
             f"min {min(scores)}, median {statistics.median(scores):g}, max {max(scores)}; "
             f"deciles {', '.join(f'{x:g}' for x in q)}",
             "",
             "| title | games | share |", "|---|---|---|"]
    for name in ("none", "Peasant", "Clerk", "Governor", "Pharaoh"):
        lines.append(f"| {name} | {titles[name]} | {titles[name] / len(scores):.1%} |")
    buckets = Counter(min(s // 5 * 5, 60) for s in scores)
    lines += ["", "| score | games |", "|---|---|"]
    for low in sorted(buckets):
        lines.append(f"| {low}..{low + 4}{'+' if low == 60 else ''} | {buckets[low]} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--bots", nargs="+", default=["random", "greedy"])
    parser.add_argument("--objectives", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=None,
                        help="a fixed search budget a move for ismcts (default: its own)")
    parser.add_argument("--evaluation", choices=("fitted", "greedy"), default=None,
                        help="ismcts's judge of cut-off positions (default: fitted)")
    args = parser.parse_args()
    if args.games < 1 or (args.iterations is not None and args.iterations < 1):
        parser.error("--games and --iterations must be at least 1")
    for bot in args.bots:
        start = time.perf_counter()
        scores = solo_scores(bot, args.games, args.seed, args.objectives, args.iterations,
                             args.evaluation)
        print(report(bot, scores, time.perf_counter() - start))
        print()


if __name__ == "__main__":
    main()

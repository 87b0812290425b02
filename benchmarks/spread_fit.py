"""How far a game's cut-off evaluation is from the final score (issue 32): the data behind
each game's ``spread(state)`` (thebes/bots/ismcts.py ``reward_from_scores``).

Usage::

    .venv/bin/python benchmarks/spread_fit.py --game sarcophagus --players 3 --games 200

Plays ``--games`` games of greedy bots (seeded as ``thebes arena`` seeds them) and at
every position reads the search hook's ``evaluate`` (and ``spread``, if the game has
one). For each pair of seats it compares the estimated lead with the final one; the
residual, ``(final_i - final_j) - (estimate_i - estimate_j)``, is grouped by how far the
game had gone (fraction of its events). With a residual of standard deviation ``sd``
normally distributed, the chance that an estimated lead ``d`` holds is ``Phi(d / sd)``,
which the soft win share ``exp(score / spread)`` matches for two seats at
``spread = sd / 1.7`` (the logistic approximation of the normal). The table prints both
and the game's current spread there, for comparison.
"""

from __future__ import annotations

import argparse
import random
import statistics

from thebes.bots import make_bot
from thebes.core import CHANCE, get_game, seat_rng


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", required=True)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", default="spread")
    p.add_argument("--bins", type=int, default=10)
    args = p.parse_args()
    game = get_game(args.game)
    search = game.hooks.module("search")
    evaluate = search.evaluate
    spread = getattr(search, "spread", None)
    residuals: list[list[float]] = [[] for _ in range(args.bins)]
    current: list[list[float]] = [[] for _ in range(args.bins)]
    for index in range(args.games):
        game_seed = f"{args.seed}/{index}"
        state = game.new_initial_state(args.players)
        bots = [make_bot("greedy", args.game, seat, seat_rng(game_seed, seat))
                for seat in range(args.players)]
        rng = random.Random(f"thebes-arena/{game_seed}")
        seen: list[tuple[list[float], float]] = []
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(bots[player].choose(state))
            if not state.is_terminal():
                seen.append((list(evaluate(state)), spread(state) if spread else 0.0))
        final = state.scores()
        total = len(seen)
        for k, (estimate, width) in enumerate(seen):
            b = min(args.bins - 1, k * args.bins // max(1, total))
            current[b].append(width)
            for i in range(args.players):
                for j in range(i + 1, args.players):
                    residuals[b].append((final[i] - final[j]) - (estimate[i] - estimate[j]))
    print(f"{args.game}, {args.players} players, {args.games} greedy games")
    print("| part of the game | residual sd (points) | spread sd/1.7 | current spread |")
    print("|---|---|---|---|")
    for b in range(args.bins):
        sd = statistics.pstdev(residuals[b]) if len(residuals[b]) > 1 else 0.0
        now = statistics.fmean(current[b]) if current[b] else 0.0
        print(f"| {b / args.bins:.1f}-{(b + 1) / args.bins:.1f} | {sd:.2f} | {sd / 1.7:.2f} "
              f"| {now:.2f} |")


if __name__ == "__main__":
    main()

"""The search with the learned evaluation against the same search with the hand-made one.

Usage::

    .venv/bin/python benchmarks/learned_eval.py --game ra --players 3 --iterations 500 \\
        --games 120 --seed 1 --jobs 2
    .venv/bin/python benchmarks/learned_eval.py --game ra --players 3 --think-ms 250 \\
        --games 120 --seed 2 --jobs 2

Every game seats ISMCTS searches that differ only in their cut-off evaluation: ``learned``
(the game's ``value`` hook, thebes/games/<game>/value.py, with the weights shipped with the
package, or ``--model``) and ``hand`` (its ``search`` hook's ``evaluate``). Even games seat one ``learned``
and the rest ``hand``, odd games one ``hand`` and the rest ``learned``, and the seats
rotate as in ``thebes arena``, so each side plays every seat and both majorities equally
often; chance and every bot draw from their own seeded generators. Budget: a fixed number
of iterations a move (the same on a loaded machine) or a wall time (``--think-ms``; the
load average is printed).

Prints, over all games: how often a ``learned`` seat finished ahead of a ``hand`` seat
(each pair of such seats at a table counts once, equal scores a half), with a 95% Wilson
interval over pairs and a 95% normal interval over games' shares (a game's pairs are not
independent: the second is the honest one); the mean score margin of ``learned`` seats
over ``hand`` seats; the iterations a search ran for each. ``--speed`` instead times one
call of each evaluation, and searches with each. Games run here or in ``--jobs`` forked
processes (thebes.parallel), with a progress bar.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from typing import Any

from thebes.arena.match import count_searches
from thebes.arena.stats import wilson_interval
from thebes.bots.ismcts import ISMCTSBot
from thebes.bots.train_value import value_modules, learnable_games
from thebes.core import get_game, play_game, seat_rng
from thebes.parallel import run_all


def play(item: tuple[str, int, int, int, int | None, float | None, str | None]
         ) -> dict[str, Any]:
    """One game: ``(game, players, index, seed, iterations, think_ms, model)`` ->
    ``{"index", "sides": per seat "learned"/"hand", "scores", "iterations": per seat
    (total, searches)}``."""
    game, players, index, seed, iterations, think_ms, model_path = item
    value = value_modules(game)[0]
    model = value.ValueModel.load(model_path) if model_path else value.shipped()
    odd = index % 2
    first = (index // 2) % players  # the seat of the lone side, rotating
    sides = [("hand" if odd else "learned") if seat == first else
             ("learned" if odd else "hand") for seat in range(players)]
    key = f"learned/{seed}/{index}"
    budget = {"think_ms": think_ms} if think_ms else {"iterations": iterations}
    bots = []
    for seat, side in enumerate(sides):
        bot = ISMCTSBot(game, seat, seat_rng(key, seat), **budget)
        if side == "learned":
            bot.evaluate = model.evaluate
        bots.append(bot)
    searched = [count_searches(bot) for bot in bots]
    state = get_game(game).new_initial_state(players)
    play_game(state, bots, random.Random(f"thebes-arena/{key}"))
    return {"index": index, "sides": sides, "scores": [float(s) for s in state.scores()],
            "iterations": [tuple(t) for t in searched]}


def speed(game: str, players: int, seed: int, model_path: str | None, rounds: int = 7,
          passes: int = 20) -> None:
    """CPU microseconds per call of each evaluation over the positions of one random game
    (``passes`` times over them), the two timed in turn, ``rounds`` times each (the best
    round counts)."""
    value, hand = value_modules(game)
    model = value.ValueModel.load(model_path) if model_path else value.shipped()
    rng = random.Random(seed)
    state = get_game(game).new_initial_state(players)
    states = []
    while not state.is_terminal():
        if not state.is_chance_node():
            states.append(state.clone())
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else state.random_action(rng))
    best = {"learned": math.inf, "hand": math.inf}
    for _ in range(rounds):
        for name, fn in (("learned", model.evaluate), ("hand", hand.evaluate)):
            t = time.process_time()   # CPU time: a loaded machine's waits do not count
            for _ in range(passes):
                for s in states:
                    fn(s)
            best[name] = min(best[name],
                             (time.process_time() - t) / (passes * len(states)) * 1e6)
    print(f"{len(states)} positions of a random {players}-player game: "
          + ", ".join(f"{name} {us:.1f} us a call" for name, us in best.items())
          + f" ({best['learned'] / best['hand']:.2f}x)")
    # The searches themselves: 300 iterations from every 8th position, the two in turn.
    cpu = {"learned": 0.0, "hand": 0.0}
    searched = [s for s in states[::8] if len(s.legal_actions()) > 1]
    for i, s in enumerate(searched):
        for name in ("learned", "hand"):
            bot = ISMCTSBot(game, s.current_player(), random.Random(i), iterations=300)
            if name == "learned":
                bot.evaluate = model.evaluate
            t = time.process_time()
            bot.search(s)
            cpu[name] += time.process_time() - t
    print(f"ISMCTS, 300 iterations from {len(searched)} positions: "
          + ", ".join(f"{name} {300 * len(searched) / sec:,.0f} iterations a CPU second"
                      for name, sec in cpu.items()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="ra", choices=learnable_games())
    parser.add_argument("--players", type=int, default=3)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--iterations", type=int, default=500,
                        help="search iterations a move (default 500)")
    budget.add_argument("--think-ms", type=float, help="wall time a move, ms")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--model", help="a model file (default: the shipped weights)")
    parser.add_argument("--speed", action="store_true",
                        help="only time one call of each evaluation and searches with "
                             "each (no games)")
    args = parser.parse_args()
    if args.speed:
        speed(args.game, args.players, args.seed, args.model)
        return 0
    if args.games < 2 or args.players < 2:
        parser.error("--games and --players: at least 2")
    print(f"{args.game}, {args.players} players, "
          f"{f'{args.think_ms:g} ms' if args.think_ms else f'{args.iterations} iterations'} "
          f"a move, {args.games} games, seed {args.seed}, model {args.model or 'shipped'}; "
          f"load {os.getloadavg()[0]:.1f}", flush=True)
    items = [(args.game, args.players, i, args.seed, args.iterations, args.think_ms, args.model)
             for i in range(args.games)]
    ahead = pairs = 0.0
    margin = 0.0
    per_game = []  # each game's share of learned-ahead-of-hand pairs
    its = {"learned": [0, 0], "hand": [0, 0]}
    start = time.time()
    for r in run_all(play, items, jobs=args.jobs, label="learned vs hand"):
        sides, scores = r["sides"], r["scores"]
        for a, sa in enumerate(sides):
            total, searches = r["iterations"][a]
            its[sa][0] += total
            its[sa][1] += searches
        game_ahead = game_pairs = 0.0
        for a, sa in enumerate(sides):
            if sa != "learned":
                continue
            for b, sb in enumerate(sides):
                if sb == "hand":
                    game_pairs += 1
                    game_ahead += (1.0 if scores[a] > scores[b] else
                                   0.5 if scores[a] == scores[b] else 0.0)
                    margin += scores[a] - scores[b]
        ahead += game_ahead
        pairs += game_pairs
        per_game.append(game_ahead / game_pairs)
        print(f"game {r['index']}: {' '.join(f'{s}={v:g}' for s, v in zip(sides, scores))} "
              f"load {os.getloadavg()[0]:.1f} {time.time() - start:.0f}s", flush=True)
    lo, hi = wilson_interval(ahead, int(pairs))
    g = len(per_game)
    mean = sum(per_game) / g
    half = 1.959964 * math.sqrt(sum((x - mean) ** 2 for x in per_game) / (g - 1) / g)
    print(f"{args.games} games, load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"learned ahead of hand: {ahead:g} of {int(pairs)} pairs, {ahead / pairs:.1%} "
          f"(Wilson 95% CI over pairs {lo:.1%}-{hi:.1%}; over games, whose pairs are not "
          f"independent, {max(0.0, mean - half):.1%}-{min(1.0, mean + half):.1%}); "
          f"mean margin {margin / pairs:+.2f} points")
    for side, (total, searches) in its.items():
        print(f"{side}: {total / max(1, searches):,.0f} iterations a search over {searches} "
              f"searches")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Two settings of the ISMCTS search against each other at equal time, in one game.

Usage::

    .venv/bin/python benchmarks/search_variants.py --game pharaohs-heir --players 3 \\
        --seats cut,full,full --think-ms 250 --games 36 --seed 1

Seats name variants (:data:`VARIANTS`): ``cut`` is the search as shipped (the game's
playout cut-off and evaluation, thebes/games/<g>/search.py, where it has them),
``full`` plays every playout to the end of the game (``use_evaluation=False``);
``hard-win`` scores a cut-off playout's win share from the evaluation as if it were the
final score (the search before issue 32), ``soft-win`` with the game's ``spread``;
any other name is a bot ``make_bot`` knows (``greedy``, ``easy``, ``medium``,
``scripted-lots``...), a fixed opponent for the variants. ``--iterations`` gives the
variants a fixed budget instead of a time (the same on a loaded machine).
Seats rotate as in ``thebes arena`` (game i seats entry ``(seat + i) % players``), so
every variant plays every seat equally often over a multiple of ``players`` games;
chance and every bot draw from their own seeded generators (``thebes arena``'s seeds).
Each game's line is printed when it ends (so a run cut short still counts), then the
arena's summary: win rate with a 95% interval (ties at the top split), mean score,
openskill rating, and the iterations each variant ran per search. Think times are wall
time: the load average is printed next to the figures.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Any

from thebes.arena.match import count_searches
from thebes.arena.stats import entry_labels, head_to_head, summarize, wilson_interval
from thebes.bots import make_bot
from thebes.bots.ismcts import ISMCTSBot
from thebes.core import OptionsError, get_game, play_game, seat_rng
from thebes.parallel import run_all

#: name -> ISMCTSBot parameters.
VARIANTS: dict[str, dict[str, Any]] = {
    "cut": {},
    "full": {"use_evaluation": False},
    "hard-win": {"soft_win": False},
    "soft-win": {"soft_win": True},
}


def play(game: str, players: int, entries: list[str], index: int, seed: int,
         think_ms: float | None, iterations: int | None = None) -> dict[str, Any]:
    state = get_game(game).new_initial_state(players)
    seating = [(seat + index) % players for seat in range(players)]
    game_seed = f"{seed}/{index}"
    budget: dict[str, Any] = ({"iterations": iterations} if iterations
                              else {"think_ms": think_ms})
    bots = [make_bot(entries[entry], game, seat, seat_rng(game_seed, seat))
            if entries[entry] not in VARIANTS else
            ISMCTSBot(game, seat, seat_rng(game_seed, seat), **budget,
                      **VARIANTS[entries[entry]]) for seat, entry in enumerate(seating)]
    searched = [count_searches(bot) for bot in bots]
    play_game(state, bots, random.Random(f"thebes-arena/{game_seed}"))
    return {"index": index, "seating": seating, "scores": state.scores(),
            "ranking": state.ranking(), "iterations": [tuple(t) for t in searched]}


def _play(args: tuple) -> dict[str, Any]:
    return play(*args)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seats", required=True,
                        help=f"comma-separated variants, one per seat ({', '.join(VARIANTS)})")
    parser.add_argument("--think-ms", type=float, default=250.0,
                        help="wall time per move, ms (default 250, the medium level's)")
    parser.add_argument("--iterations", type=int, default=None,
                        help="iterations a move for the variants instead of --think-ms")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1,
                        help="games at a time (default 1: think times are wall time)")
    args = parser.parse_args()
    entries = [s.strip() for s in args.seats.split(",")]
    if len(entries) != args.players:
        parser.error(f"--seats: {args.players} names among {', '.join(VARIANTS)} or bots")
    for e in entries:
        if e not in VARIANTS:
            try:
                make_bot(e, args.game, 0, random.Random(0))
            except OptionsError as err:
                parser.error(str(err))
    budget = (f"{args.iterations} iterations" if args.iterations
              else f"{args.think_ms:g} ms")
    print(f"{args.game}, {args.players} players, seats {','.join(entries)}, "
          f"{budget} a move, seed {args.seed}; load {os.getloadavg()[0]:.1f}",
          flush=True)
    results = []
    its = {e: [0, 0] for e in entries}
    start = time.time()
    games = [(args.game, args.players, entries, i, args.seed, args.think_ms, args.iterations)
             for i in range(args.games)]
    for r in run_all(_play, games, args.jobs, None, "variants"):
        i = r["index"]
        results.append(r)
        for seat, entry in enumerate(r["seating"]):
            total, searches = r["iterations"][seat]
            its[entries[entry]][0] += total
            its[entries[entry]][1] += searches
        print(f"game {i}: seats {[entries[e] for e in r['seating']]} scores {r['scores']} "
              f"ranking {r['ranking']} load {os.getloadavg()[0]:.1f} "
              f"{time.time() - start:.0f}s", flush=True)
    summary = summarize(args.game, entries, results)
    print(f"{len(results)} games, load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"{'bot':10} {'games':>5} {'wins':>6} {'win rate':>8} {'95% CI':>13} "
          f"{'mean score':>10} {'rating':>7}")
    for bot in summary["bots"]:
        lo, hi = bot["ci95"]
        print(f"{bot['name']:10} {bot['games']:>5} {bot['wins']:>6g} {bot['win_rate']:>8.1%} "
              f"{lo:>6.1%}-{hi:>5.1%} {bot['mean_score']:>10.1f} {bot['rating']:>7.1f}")
    for name, (total, searches) in its.items():
        if not searches:
            continue
        print(f"{name}: {total / max(1, searches):,.0f} iterations a search over {searches} "
              f"searches")
    labels = entry_labels(entries)
    cells = head_to_head(([labels[e] for e in r["seating"]], r["scores"]) for r in results)
    print(f"\n{'bot':10} {'against':10} {'ahead':>6} {'games':>5} {'share':>6} {'95% CI':>13}")
    for (a, b), (ahead, together) in sorted(cells.items()):
        lo, hi = wilson_interval(ahead, int(together))
        print(f"{a:10} {b:10} {ahead:>6g} {int(together):>5} {ahead / together:>6.1%} "
              f"{lo:>6.1%}-{hi:>5.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

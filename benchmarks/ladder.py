"""The ladder: openskill ratings of every level and bot over a round-robin of arena games.

Usage::

    nice -n 19 .venv/bin/python benchmarks/ladder.py --game sarcophagus --players 2 \\
        --bots random,easy,greedy,medium,hard --games 6 --seed 1 --jobs 1

Every table of ``--players`` distinct bots taken from ``--bots`` (all pairs at 2
players, all triples at 3...) plays ``--games`` games, seats rotating as in ``thebes
arena`` (game i of a table seats its entry ``(seat + i) % players``; give a multiple of
``--players``). Chance and every bot draw from their own seeded generators, seeded
from ``--seed``, the table and the game's index, so a rerun plays the same games (the
levels' budgets are iterations; a time asked for by name is wall time, which a loaded
machine shortens, so the load average is printed with the figures).

One openskill (Plackett-Luce) rating per bot, updated game by game over every table
in a fixed order (table, then game index), so every bot is rated against every other
on one scale: the table prints, per bot, games, wins (score ties at the top split),
mean rank, ``mu``, ``sigma`` and the ordinal ``mu - 3 sigma`` it is sorted by; then
the iterations each searching bot ran a search; then how often each bot finished
ahead of each other bot it sat with (at two players the win share; at three, the head
to head inside the triples), with a 95% Wilson interval per pair. Each game's line is printed when it ends, and with ``--records`` each
game is written as a record as it ends (a run cut short still counts what it played:
``benchmarks/pairwise.py`` reads the records, pooled with other runs' if asked).

Levels keep their own budgets (iterations a move, by seat count where the game says,
with a cap of time; see thebes.bots.LEVELS and each game's GameHooks.levels);
``--budget-scale`` multiplies the budgets and the cap of every level (default 1: the
levels as shipped); ``ismcts`` takes ``--iterations``. ``--scripted`` seats the game's
scripted strategies too (issue 32: ``scripted-<name>``, rules of thumb of casual players).
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from thebes.arena.match import count_searches
from thebes.arena.stats import head_to_head, wilson_interval
from thebes.bots import LEVELS, level_params, make_bot
from thebes.bots.scripted import strategies
from thebes.core import OptionsError, Record, get_game, play_game, result_of, seat_rng
from thebes.core.recordio import write_text
from thebes.parallel import run_all


@dataclass(frozen=True)
class LadderGame:
    """One game of one table; picklable for a worker process."""

    game: str
    players: int
    table: int
    entries: tuple[str, ...]
    index: int
    seed: int
    budget_scale: float
    iterations: int

    def params(self, name: str) -> dict[str, Any]:
        """make_bot parameters for ``name``: none for a level as shipped (its budget of
        iterations: the game's ``GameHooks.levels``); with ``budget_scale`` other than 1,
        the level's budgets (``iterations``, ``iterations_at``) and its cap (``max_ms``)
        all scaled; ``ismcts``'s iterations."""
        if name == "ismcts":
            return {"iterations": self.iterations}
        base = LEVELS.get(name)
        if base is None or self.budget_scale == 1:
            return {}
        level = {**base[1], **level_params(self.game, name)}
        if "iterations" not in level:
            return {}
        scale = self.budget_scale
        scaled: dict[str, Any] = {
            "iterations": max(1, round(level["iterations"] * scale)),
            "iterations_at": {players: max(1, round(n * scale))
                              for players, n in level.get("iterations_at", {}).items()}}
        if level.get("max_ms"):
            scaled["max_ms"] = level["max_ms"] * scale
        return scaled


def play(spec: LadderGame) -> dict[str, Any]:
    """Play one game; ``{"table", "index", "bots" (name per seat), "scores", "ranking",
    "searched" (per seat: [iterations, searches] of a searching bot, else [0, 0]),
    "record" (the game as a record: its ``bots``, ``seed``, ``searched`` and ``table``)}``."""
    state = get_game(spec.game).new_initial_state(spec.players)
    seating = [(seat + spec.index) % spec.players for seat in range(spec.players)]
    game_seed = f"ladder/{spec.seed}/{spec.table}/{spec.index}"
    names = [spec.entries[e] for e in seating]
    bots = [make_bot(name, spec.game, seat, seat_rng(game_seed, seat), **spec.params(name))
            for seat, name in enumerate(names)]
    searched = [count_searches(bot) for bot in bots]
    events = play_game(state, bots, random.Random(f"thebes-arena/{game_seed}"))
    record = Record(spec.game, spec.players, {}, events, result_of(state),
                    {"bots": names, "seed": game_seed, "searched": searched,
                     "table": spec.table})
    return {"table": spec.table, "index": spec.index, "bots": names,
            "scores": state.scores(), "ranking": state.ranking(), "searched": searched,
            "record": record.dumps()}


def rate(bots: list[str], results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per bot: games, wins, mean rank, openskill mu, sigma and ordinal over ``results``
    (taken in (table, index) order), best ordinal first."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in bots}
    games = dict.fromkeys(bots, 0)
    wins = dict.fromkeys(bots, 0.0)
    rank_sum = dict.fromkeys(bots, 0)
    for r in sorted(results, key=lambda r: (r["table"], r["index"])):
        names, scores = r["bots"], r["scores"]
        top = max(scores)
        tied = [s for s, score in enumerate(scores) if score == top]
        rank_of_seat = {seat: place for place, seat in enumerate(r["ranking"], 1)}
        for seat, name in enumerate(names):
            games[name] += 1
            rank_sum[name] += rank_of_seat[seat]
            if seat in tied:
                wins[name] += 1.0 / len(tied)
        new = model.rate([[ratings[name]] for name in names],
                         ranks=[rank_of_seat[seat] for seat in range(len(names))])
        for seat, name in enumerate(names):
            ratings[name] = new[seat][0]
    rows = [{"bot": name, "games": games[name], "wins": wins[name],
             "mean_rank": rank_sum[name] / max(1, games[name]), "mu": ratings[name].mu,
             "sigma": ratings[name].sigma, "rating": ratings[name].ordinal()}
            for name in bots]
    rows.sort(key=lambda row: -row["rating"])
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=sorted(["ra", "sarcophagus",
                                                                 "pharaohs-heir", "pharaoh"]))
    parser.add_argument("--players", type=int, required=True, help="seats per game, 2 or more")
    parser.add_argument("--bots", default="random,easy,greedy,medium,hard",
                        help="comma-separated bot names, at least --players of them "
                             "(default random,easy,greedy,medium,hard)")
    parser.add_argument("--scripted", action="store_true",
                        help="add the game's scripted strategies (scripted-<name>: "
                             "thebes/games/<g>/scripted.py) to --bots")
    parser.add_argument("--games", type=int, default=6,
                        help="games per table, a multiple of --players (default 6)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1,
                        help="games at a time (default 1)")
    parser.add_argument("--budget-scale", type=float, default=1.0,
                        help="multiplies every level's budget of iterations and its cap of "
                             "time (default 1, as shipped)")
    parser.add_argument("--iterations", type=int, default=1000,
                        help="search iterations a move for an 'ismcts' entry (default 1000)")
    parser.add_argument("--records", metavar="DIR",
                        help="write each game's record here as it ends (a new or empty "
                             "folder): benchmarks/pairwise.py pools them with arena records")
    args = parser.parse_args()
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if args.scripted:
        bots += [name for name in strategies(args.game) if name not in bots]
    if args.players < 2:
        parser.error("--players: 2 or more (a solo game rates nobody)")
    if len(set(bots)) != len(bots) or len(bots) < args.players:
        parser.error(f"--bots: at least {args.players} different names")
    if args.games < 1 or args.games % args.players:
        parser.error(f"--games: a positive multiple of {args.players}, so that seats rotate fully")
    if args.budget_scale <= 0:
        parser.error("--budget-scale: more than 0")
    try:
        get_game(args.game).options(args.players, {})
        for name in bots:
            make_bot(name, args.game, 0, random.Random(0))
    except OptionsError as err:
        parser.error(str(err))
    out_dir = Path(args.records) if args.records else None
    if out_dir is not None:
        if out_dir.exists() and (not out_dir.is_dir() or any(out_dir.iterdir())):
            parser.error(f"--records: {out_dir} is not a new or empty folder")
        out_dir.mkdir(parents=True, exist_ok=True)
    tables = list(itertools.combinations(bots, args.players))
    specs = [LadderGame(args.game, args.players, t, entries, i, args.seed, args.budget_scale,
                        args.iterations)
             for t, entries in enumerate(tables) for i in range(args.games)]
    print(f"{args.game}, {args.players} players, {len(tables)} tables of {args.games} games "
          f"({len(specs)} games), bots {','.join(bots)}, budget scale {args.budget_scale:g}, "
          f"seed {args.seed}; load {os.getloadavg()[0]:.1f}", flush=True)
    start = time.time()
    results = []
    for r in run_all(play, specs, args.jobs, None, f"{args.game} ladder"):
        results.append(r)
        if out_dir is not None:
            write_text(out_dir / f"{args.game}-t{r['table']:02d}-{r['index']:04d}.json",
                       r["record"])
        print(f"table {r['table']} game {r['index']}: {r['bots']} scores {r['scores']} "
              f"load {os.getloadavg()[0]:.1f} {time.time() - start:.0f}s", flush=True)
    loads = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\n{len(results)} games in {time.time() - start:.0f}s, load average {loads}")
    fair = 1 / args.players
    print(f"{'bot':8} {'games':>5} {'wins':>6} {'win rate':>8} {'95% CI':>13} {'mean rank':>9} "
          f"{'mu':>6} {'sigma':>6} {'rating':>7}   (fair share {fair:.0%})")
    for row in rate(bots, results):
        lo, hi = wilson_interval(row["wins"], row["games"])
        print(f"{row['bot']:8} {row['games']:>5} {row['wins']:>6g} "
              f"{row['wins'] / max(1, row['games']):>8.1%} {lo:>6.1%}-{hi:>5.1%} "
              f"{row['mean_rank']:>9.2f} {row['mu']:>6.1f} {row['sigma']:>6.2f} "
              f"{row['rating']:>7.1f}")
    searched: dict[str, list[int]] = {}
    for r in results:
        for name, (its, n) in zip(r["bots"], r["searched"]):
            if n:
                tally = searched.setdefault(name, [0, 0])
                tally[0] += its
                tally[1] += n
    for name, (its, n) in searched.items():
        print(f"{name}: {its / n:,.0f} iterations a search over {n} searches")
    cells = head_to_head((r["bots"], r["scores"]) for r in results)
    print("\nhow often the row's bot finished ahead of the column's (equal scores a half; "
          "fair share 50%)")
    print(f"{'':8} " + " ".join(f"{b:>8}" for b in bots))
    for a in bots:
        line = []
        for b in bots:
            ahead, together = cells.get((a, b), (0.0, 0))
            line.append(f"{'-':>8}" if a == b or not together else f"{ahead / together:>8.0%}")
        print(f"{a:8} " + " ".join(line))
    print(f"\n{'bot':8} {'against':8} {'ahead':>6} {'games':>5} {'share':>6} {'95% CI':>13}")
    for a, b in itertools.combinations(reversed(bots), 2):
        ahead, together = cells.get((a, b), (0.0, 0))
        if together:
            lo, hi = wilson_interval(ahead, int(together))
            print(f"{a:8} {b:8} {ahead:>6g} {int(together):>5} {ahead / together:>6.1%} "
                  f"{lo:>6.1%}-{hi:>5.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

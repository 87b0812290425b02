"""Do the review's marks mean something? Marks per decision by bot (docs/review.md).

Reviews every record of a directory written by ``thebes arena --records DIR`` (its
records name each seat's bot) and prints, per bot: the games and judged decisions,
inaccuracies, mistakes and blunders per decision, mean loss and accuracy, each with a
95% interval (a bootstrap over games), the loss percentiles (what the thresholds of
docs/review.md are checked against), and for each pair of bots in how many games the
first was marked with more mistakes + blunders per decision than the second.

Each review is the one ``thebes review RECORD --iterations N --no-chance --json``
prints (same plan, seed 0 and assembly). With ``--out`` every review is appended as
soon as its record is done and records already in the file are skipped, so a run that
is cut off loses at most one record and can be started again; ``--follow PID`` keeps
reviewing new records while the arena (process PID) is still writing them.

Usage:
  thebes arena --game ra --players 3 --seats greedy,hard,hard --games 100 --jobs 2 \\
      --records DIR --json > arena.json &
  .venv/bin/python benchmarks/review_marks.py DIR --iterations 300 --jobs 2 \\
      --out reviews.jsonl [--follow ARENA_PID] [--chance]
  .venv/bin/python benchmarks/review_marks.py --reviews a.jsonl b.jsonl [--json]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from thebes.core import Record
from thebes.parallel import run_local
from thebes.review import assemble, plan, run_task

#: bootstrap resamples of the games for the 95% intervals.
RESAMPLES = 2000
#: the per-decision rates of the report: (name, test on a judged decision).
RATES = (("inaccuracies", lambda d: d["mark"] == "inaccuracy"),
         ("mistakes", lambda d: d["mark"] == "mistake"),
         ("blunders", lambda d: d["mark"] == "blunder"),
         ("mistakes+blunders", lambda d: d["mark"] in ("mistake", "blunder")))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path, nargs="?")
    parser.add_argument("--reviews", type=Path, nargs="+",
                        help="report on the reviews saved by earlier runs (--out) instead")
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", default="0", help="the review's seed (default 0)")
    parser.add_argument("--chance", action="store_true", help="also the chance swings (slower)")
    parser.add_argument("--out", type=Path, help="append every review here, one JSON a line; "
                        "records already there are not reviewed again")
    parser.add_argument("--follow", type=int, metavar="PID",
                        help="keep reviewing new records while process PID runs")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--compare", type=Path, nargs=2, metavar=("A", "B"),
                        help="the noise of a verdict: the same records reviewed with two seeds "
                             "(two --out files): percentiles of |loss A - loss B| and how often "
                             "the marks agree")
    args = parser.parse_args(argv)
    if args.compare:
        compare(load(args.compare[0]), load(args.compare[1]))
        return 0
    if args.reviews:
        reviews = [json.loads(line) for path in args.reviews for line in path.open()
                   if line.strip()]
        report(reviews, f"{len(reviews)} saved reviews", args.json)
        return 0
    if args.directory is None:
        parser.error("give a DIRECTORY of records, or --reviews")
    reviews = load(args.out) if args.out and args.out.exists() else []
    seen = {r["record"] for r in reviews}
    start = time.time()
    while True:
        todo = [p for p in sorted(args.directory.glob("*.json")) if str(p) not in seen]
        for path in todo:
            review = review_one(path, args.iterations, args.chance, args.jobs, args.seed)
            reviews.append(review)
            seen.add(review["record"])
            if args.out:
                with args.out.open("a") as out:
                    out.write(json.dumps(review, ensure_ascii=False) + "\n")
            print(f"{len(reviews)} reviewed ({path.name}), {time.time() - start:.0f} s",
                  file=sys.stderr, flush=True)
        if args.follow is None or not alive(args.follow):
            if args.follow is not None and any(str(p) not in seen
                                               for p in args.directory.glob("*.json")):
                continue   # the last records came in after the last look
            break
        if not todo:
            time.sleep(20)
    if not reviews:
        print(f"no records in {args.directory}", file=sys.stderr)
        return 2
    report(reviews, f"{len(reviews)} records, {args.iterations} iterations a decision, "
                    f"{time.time() - start:.0f} s", args.json)
    return 0


def load(path: Path) -> list[dict[str, Any]]:
    """The reviews of a ``--out`` file (a last line cut short by a stop is dropped)."""
    out = []
    for line in path.open():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            pass
    return out


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def review_one(path: Path, iterations: int, chance: bool, jobs: int, seed: str = "0"
               ) -> dict[str, Any]:
    """The review of the record at ``path`` (``thebes review --no-chance --json``'s)."""
    todo = plan(Record.load(path), iterations=iterations, seed=seed, chance=chance)
    review = assemble(todo, list(run_local(run_task, todo.tasks, jobs)))
    review["record"] = str(path)
    review["bots"] = todo.record.extra.get("bots")
    return review


def game_rows(review: dict[str, Any]) -> dict[str, dict[str, float]]:
    """Per bot in one game: judged decisions, the count of each rate, the sum of the
    accuracies and losses, and the losses themselves."""
    bots = review.get("bots") or Record.load(review["record"]).extra.get("bots") \
        or ["?"] * review["players"]
    rows: dict[str, dict[str, Any]] = defaultdict(lambda: defaultdict(float))
    for d in review["decisions"]:
        if d["forced"]:
            continue
        row = rows[bots[d["seat"] - 1]]
        row["decisions"] += 1
        row["accuracy"] += d["accuracy"]
        row["loss"] += d["loss"]
        row.setdefault("losses", []).append(d["loss"])
        for name, test in RATES:
            row[name] += test(d)
    return rows


def ratios(games: list[dict[str, dict[str, Any]]], bot: str) -> dict[str, float]:
    """Per-decision figures of ``bot`` pooled over ``games`` (sums of counts / decisions)."""
    rows = [g[bot] for g in games if bot in g]
    n = sum(r["decisions"] for r in rows) or 1
    out = {name: sum(r[name] for r in rows) / n for name, _ in RATES}
    out["mean_loss"] = sum(r["loss"] for r in rows) / n
    out["accuracy"] = sum(r["accuracy"] for r in rows) / n
    return out


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    if not values:
        return float("nan")
    k = min(len(values) - 1, max(0, round(q * (len(values) - 1))))
    return values[k]


def summarize(reviews: list[dict[str, Any]], resamples: int = RESAMPLES) -> dict[str, Any]:
    """The report as a dict: per bot its figures with 95% bootstrap intervals over games
    (percentile method, a seeded generator), its loss percentiles, and per ordered pair of
    bots the games in which the first had more mistakes + blunders per decision."""
    games = [game_rows(r) for r in reviews]
    bots = sorted({b for g in games for b in g})
    rng = random.Random("review-marks")
    boot: dict[str, list[dict[str, float]]] = {b: [] for b in bots}
    for _ in range(resamples):
        sample = [games[rng.randrange(len(games))] for _ in games]
        for b in bots:
            if any(b in g for g in sample):
                boot[b].append(ratios(sample, b))
    out: dict[str, Any] = {"games": len(games), "game": sorted({r["game"] for r in reviews}),
                           "budget": reviews[0]["budget"] if reviews else None,
                           "thresholds": reviews[0]["thresholds"] if reviews else None,
                           "bots": [], "pairs": []}
    for b in bots:
        point = ratios(games, b)
        losses = [x for g in games if b in g for x in g[b]["losses"]]
        row = {"bot": b, "games": sum(1 for g in games if b in g),
               "decisions": int(sum(g[b]["decisions"] for g in games if b in g))}
        for key, value in point.items():
            draws = sorted(s[key] for s in boot[b])
            row[key] = {"value": value, "ci95": [percentile(draws, 0.025),
                                                 percentile(draws, 0.975)]}
        row["loss_percentiles"] = {f"p{q}": percentile(losses, q / 100)
                                   for q in (50, 75, 90, 95, 99)}
        out["bots"].append(row)
    for a, b in itertools.permutations(bots, 2):
        both = [g for g in games if a in g and b in g]
        if not both:
            continue

        def rate(g: dict[str, Any], bot: str) -> float:
            return g[bot]["mistakes+blunders"] / max(1, g[bot]["decisions"])

        out["pairs"].append({"more": a, "than": b, "games": len(both),
                             "marked_more": sum(rate(g, a) > rate(g, b) for g in both),
                             "equal": sum(rate(g, a) == rate(g, b) for g in both)})
    return out


def compare(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> None:
    """Print how much two reviews of the same records (other seeds) disagree per decision."""
    by_record = {r["record"]: r for r in b}
    diffs, same, marked_a, marked_b, n = [], 0, 0, 0, 0
    for ra in a:
        rb = by_record.get(ra["record"])
        if rb is None:
            continue
        other = {d["index"]: d for d in rb["decisions"] if not d["forced"]}
        for d in ra["decisions"]:
            e = other.get(d["index"])
            if d["forced"] or e is None:
                continue
            n += 1
            diffs.append(abs(d["loss"] - e["loss"]))
            same += d["mark"] == e["mark"]
            marked_a += d["mark"] is not None
            marked_b += e["mark"] is not None
    if not n:
        print("no decision in common")
        return
    print(f"{n} decisions judged twice ({', '.join(sorted({r['game'] for r in a}))}, "
          f"budget {a[0]['budget']}): |loss A - loss B| "
          + "  ".join(f"p{q} {percentile(diffs, q / 100):.3f}" for q in (50, 75, 90, 95, 99))
          + f"; same mark {same / n:.1%}; marked {marked_a / n:.1%} and {marked_b / n:.1%}")


def report(reviews: list[dict[str, Any]], title: str, as_json: bool = False) -> None:
    """Print :func:`summarize` as tables (or JSON)."""
    summary = summarize(reviews)
    if as_json:
        print(json.dumps(summary, indent=1))
        return
    print(title)

    def cell(row: dict[str, Any], key: str, fmt: str) -> str:
        v, (lo, hi) = row[key]["value"], row[key]["ci95"]
        return f"{v:{fmt}} ({lo:{fmt}}-{hi:{fmt}})"

    print("| bot | games | judged decisions | inaccuracies / decision | mistakes / decision "
          "| blunders / decision | mistakes + blunders / decision | mean loss | accuracy |")
    print("|---|---|---|---|---|---|---|---|---|")
    for row in summary["bots"]:
        print(f"| {row['bot']} | {row['games']} | {row['decisions']} | "
              f"{cell(row, 'inaccuracies', '.3f')} | {cell(row, 'mistakes', '.3f')} | "
              f"{cell(row, 'blunders', '.4f')} | {cell(row, 'mistakes+blunders', '.3f')} | "
              f"{cell(row, 'mean_loss', '.4f')} | {cell(row, 'accuracy', '.1f')} |")
    print("\nloss percentiles (value units) against the thresholds", summary["thresholds"])
    for row in summary["bots"]:
        print(f"  {row['bot']:8} " + "  ".join(f"{k} {v:.3f}"
                                              for k, v in row["loss_percentiles"].items()))
    for pair in summary["pairs"]:
        print(f"{pair['more']} marked with more mistakes + blunders per decision than "
              f"{pair['than']} in {pair['marked_more']} of {pair['games']} games "
              f"({pair['equal']} equal)")


if __name__ == "__main__":
    sys.exit(main())

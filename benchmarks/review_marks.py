"""Do the review's marks mean something? Marks per decision by bot (docs/review.md).

Reviews every record of a directory written by ``thebes arena --records DIR`` (its
records name each seat's bot) and prints, per bot, the judged decisions, mistakes
and blunders per decision, inaccuracies per decision, mean loss and accuracy.

Usage:
  thebes arena --game ra --players 3 --seats greedy,hard,hard --games 18 --records DIR
  .venv/bin/python benchmarks/review_marks.py DIR [--iterations 300] [--jobs 2] [--chance]
      [--out reviews.jsonl]
  .venv/bin/python benchmarks/review_marks.py --reviews a.jsonl b.jsonl   (sum saved runs)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

from thebes.core import Record
from thebes.review import assemble, plan
from thebes.review.engine import results_local


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path, nargs="?")
    parser.add_argument("--reviews", type=Path, nargs="+",
                        help="sum the reviews saved by earlier runs (--out) instead")
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--chance", action="store_true", help="also the chance swings (slower)")
    parser.add_argument("--out", type=Path, help="write every review here, one JSON a line")
    args = parser.parse_args(argv)
    if args.reviews:
        reviews = [json.loads(line) for path in args.reviews for line in path.open()]
        bots = [Record.load(r["record"]).extra.get("bots") for r in reviews]
        report(list(zip(reviews, bots)), f"{len(reviews)} saved reviews")
        return 0
    if args.directory is None:
        parser.error("give a DIRECTORY of records, or --reviews")
    paths = sorted(args.directory.glob("*.json"))
    if not paths:
        print(f"no records in {args.directory}", file=sys.stderr)
        return 2
    plans = []
    tasks = []
    for n, path in enumerate(paths):
        p = plan(Record.load(path), iterations=args.iterations, seed=0, chance=args.chance)
        plans.append((path, p))
        tasks += [t._replace(tag=n) for t in p.tasks]
    results: list[list[dict]] = [[] for _ in plans]
    start = time.time()
    for k, result in enumerate(results_local(tasks, args.jobs), 1):
        results[result["tag"]].append(result)
        if k % 200 == 0:
            print(f"{k}/{len(tasks)} units, {time.time() - start:.0f} s", file=sys.stderr)
    out = args.out.open("w") if args.out else None
    done = []
    for (path, p), res in zip(plans, results):
        review = assemble(p, res)
        if out:
            out.write(json.dumps({"record": str(path), **review}) + "\n")
        done.append((review, p.record.extra.get("bots")))
    report(done, f"{len(paths)} records, {args.iterations} iterations a decision, "
                 f"{time.time() - start:.0f} s")
    return 0


def report(reviews: list[tuple[dict, list[str] | None]], title: str) -> None:
    """Print marks per judged decision, per bot, over ``(review, bots by seat)`` pairs."""
    per_bot: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for review, bots in reviews:
        bots = bots or ["?"] * review["players"]
        for d in review["decisions"]:
            if d["forced"]:
                continue
            row = per_bot[bots[d["seat"] - 1]]
            row["loss"].append(d["loss"])
            row["accuracy"].append(d["accuracy"])
            row["inaccuracy"].append(d["mark"] == "inaccuracy")
            row["mistake"].append(d["mark"] in ("mistake", "blunder"))
            row["blunder"].append(d["mark"] == "blunder")
    print(title)
    print(f"{'bot':8} {'decisions':>9} {'inacc./dec':>10} {'mist.+blund./dec':>16} "
          f"{'blund./dec':>10} {'mean loss':>9} {'accuracy':>8}")
    for bot, row in sorted(per_bot.items()):
        n = len(row["loss"])
        print(f"{bot:8} {n:9d} {statistics.mean(row['inaccuracy']):10.3f} "
              f"{statistics.mean(row['mistake']):16.3f} {statistics.mean(row['blunder']):10.3f} "
              f"{statistics.mean(row['loss']):9.4f} {statistics.mean(row['accuracy']):8.1f}")


if __name__ == "__main__":
    sys.exit(main())

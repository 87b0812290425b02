"""``thebes review``: the search's verdict on every move of one or more records.

Registered in thebes/cli.py by ``add_parser(subparsers)``; ``run(args)`` is the command.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from rich.console import Console

from thebes.cli_args import ITERATIONS, THINK_MS, integer, stderr_line
from thebes.core import OptionsError, Record, RecordError, ReplayError
from thebes.parallel import run_all

from .engine import DEFAULT_ITERATIONS, assemble, plan
from .report import print_review
from .tasks import run_task

DESCRIPTION = """\
Judge every decision of the game record FILE with the ISMCTS search, each from
the deciding seat's information set only (what that player could know then):
the seat's estimated win chance and score before the move, the move the search
prefers and its estimate, the move played and its estimate, the loss, and a
mark (inaccuracy, mistake, blunder; thresholds per game in docs/review.md).
Forced moves are skipped. Chance events show how each seat's chances swung.
Per seat: accuracy (0-100) and counts of each mark.

The same --seed and --iterations give the same review on any machine, with any
--jobs; --think-ms budgets time instead (faster to plan for, not reproducible).
"""

EPILOG = """\
examples:
  thebes review game.json
  thebes review game.json --seats 2 --iterations 2000 --jobs 2
  thebes review game.json --think-ms 200 --jobs 2 --plot review.png
  thebes review games/*.json --json > reviews.jsonl     (one JSON object a line)
  thebes review games/*.json --ray auto --json          (spread over a Ray cluster)
"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``review`` to the ``thebes`` subcommands."""
    p = subparsers.add_parser("review", help="the search's verdict on every move of a record",
                              description=DESCRIPTION, epilog=EPILOG,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("files", metavar="FILE", nargs="+", help="game record(s) ('-': standard input)")
    p.add_argument("--seats", help="comma-separated 1-based seats to review (default: all)")
    p.add_argument("--iterations", type=ITERATIONS,
                   help=f"search iterations per decision (default {DEFAULT_ITERATIONS}); "
                        "chance events get a quarter")
    p.add_argument("--think-ms", type=THINK_MS, help="search time per decision in ms instead of "
                                                 "iterations (not reproducible)")
    p.add_argument("--seed", default="0", help="seed of the review's own generator (default 0)")
    p.add_argument("--no-chance", action="store_true",
                   help="skip the chance events' swings (about half the work in Ra)")
    p.add_argument("--jobs", type=integer(1, 256), help="parallel processes (default: all cores)")
    p.add_argument("--ray", metavar="ADDRESS", help="spread the work over a Ray cluster "
                   "('auto': the running cluster, else a new local one; 'local': a new "
                   "local one; a local one is stopped when the run ends). Needs pip "
                   "install 'thebes[cluster]'")
    p.add_argument("--json", action="store_true",
                   help="print the whole review as JSON (one object a line per record)")
    p.add_argument("--plot", metavar="PNG", help="draw each seat's win chance over the game "
                   "with the marked moves (one record; needs pip install 'thebes[plot]')")
    p.set_defaults(func=run)
    return p


def _seats(text: str | None) -> list[int] | None:
    if not text:
        return None
    try:
        return [int(s) - 1 for s in text.split(",") if s.strip()]
    except ValueError:
        raise OptionsError(f"--seats takes 1-based seat numbers like 1,3, not {text!r}") from None


def run(args: argparse.Namespace) -> int:
    """The ``thebes review`` command. Exit 0, 1 for a record that does not replay, 2 for
    bad arguments or an unreadable file."""
    console = Console(stderr=True)

    def fail(message: str, code: int = 2) -> int:
        stderr_line("thebes review", message)   # one line, whatever the width
        return code

    if args.plot is not None and len(args.files) != 1:
        return fail("--plot draws one record; give one FILE")
    if args.plot is not None:
        from .report import plot_format
        try:
            plot_format(args.plot)   # before the review: a bad --plot costs no search
        except OptionsError as err:
            return fail(str(err))
    try:
        seats = _seats(args.seats)
        records = [Record.load(f) for f in args.files]
        plans = [plan(r, seats, args.iterations, args.think_ms, args.seed, not args.no_chance)
                 for r in records]
    except (OptionsError, RecordError) as err:
        return fail(str(err))
    except ReplayError as err:
        return fail(f"the record does not replay: {err}", 1)
    tasks = [task._replace(tag=n) for n, p in enumerate(plans) for task in p.tasks]
    jobs = args.jobs or os.cpu_count() or 1
    results: list[list[dict[str, Any]]] = [[] for _ in plans]
    try:
        label = (Path(args.files[0]).name if len(args.files) == 1
                 else f"{len(args.files)} records")
        for result in run_all(run_task, tasks, jobs, args.ray, f"reviewing {label}", console):
            results[result["tag"]].append(result)
    except OptionsError as err:
        return fail(str(err))
    reviews = [assemble(p, r) for p, r in zip(plans, results)]
    for path, review in zip(args.files, reviews):
        review["record"] = path
        if args.json:
            print(json.dumps(review))   # ASCII: whole on any terminal encoding
        else:
            print_review(review)
    if args.plot is not None:
        from .report import plot_review
        try:
            plot_review(reviews[0], args.plot)
        except (OptionsError, RecordError) as err:
            return fail(str(err))
        console.print(f"wrote {args.plot}", markup=False, highlight=False)
    return 0


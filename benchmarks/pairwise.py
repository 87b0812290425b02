"""Head to head inside multi-player games: how often each bot finished ahead of each other.

Usage::

    thebes arena --game pharaohs-heir --players 3 --seats ismcts,openspiel-ismcts,greedy \\
        --games 12 --think-ms 100 --jobs 1 --seed 22 --records /tmp/rec
    .venv/bin/python benchmarks/pairwise.py /tmp/rec [more folders...]

Reads every finished record (``*.json``) in the folders (their games pooled), as
``thebes arena --records`` and ``benchmarks/ladder.py --records`` write them (the bot
of each seat in the record's ``bots``), and prints, for each bot (by seat label:
``medium (2)`` is the second ``medium`` of the table) its games, wins (the top score;
ties split), win rate with a 95% Wilson interval, mean score and the iterations a
search its budget bought (from the records' ``searched``); then, for each ordered pair of bots that sat at the same tables, the share of those games in which
the row's bot scored more than the column's (an equal score counts a half), with a
95% Wilson interval. At three players this is the head-to-head figure between two of
the seats (issue 18 item 4 asks it of hard against OpenSpiel's bots); at two players
it is the arena's win rate.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from thebes.arena.stats import entry_labels, head_to_head, wilson_interval
from thebes.core import Record


def pairwise(records: list[Record]) -> dict[tuple[str, str], list[float]]:
    """``(a, b) -> [a's games ahead of b (ties half), games together]`` over ``records``
    (each with ``extra["bots"]``, one name per seat, and a finished ``result``)."""
    return head_to_head((entry_labels(list(r.extra["bots"])), r.result["scores"])
                        for r in records if r.result is not None and "bots" in r.extra)


def standings(records: list[Record]) -> dict[str, dict[str, float]]:
    """Per seat label over the finished ``records``: ``games``, ``wins`` (top score, ties
    split), ``score`` (summed), ``iterations`` and ``searches`` (summed from the record's
    ``searched``, as ``thebes arena`` writes it; 0 where the bot does not search)."""
    out: dict[str, dict[str, float]] = {}
    for record in records:
        if record.result is None or "bots" not in record.extra:
            continue
        names = entry_labels(list(record.extra["bots"]))
        scores = record.result["scores"]
        top = [i for i, score in enumerate(scores) if score == max(scores)]
        searched = record.extra.get("searched") or [[0, 0]] * len(names)
        for i, name in enumerate(names):
            row = out.setdefault(name, dict.fromkeys(
                ("games", "wins", "score", "iterations", "searches"), 0.0))
            row["games"] += 1
            row["wins"] += 1 / len(top) if i in top else 0.0
            row["score"] += scores[i]
            row["iterations"] += searched[i][0]
            row["searches"] += searched[i][1]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", metavar="folder",
                        help="folders of records written by thebes arena --records or "
                             "benchmarks/ladder.py --records (several: their games pooled)")
    args = parser.parse_args()
    records = []
    for name in args.folders:
        folder = Path(name)
        if not folder.is_dir():
            parser.error(f"{folder}: no such folder")
        records += [Record.load(path) for path in sorted(folder.glob("*.json"))]
    cells = pairwise(records)
    if not cells:
        parser.error(f"{' '.join(args.folders)}: no finished arena record with its bots")
    print(f"{len(records)} records in {' '.join(args.folders)}")
    fair = 1 / max(len(r.extra.get("bots", ())) or 1 for r in records)
    print(f"{'bot':18} {'games':>5} {'wins':>6} {'win rate':>8} {'95% CI':>13} "
          f"{'mean score':>10} {'iterations a search':>19}   (fair share {fair:.0%})")
    for name, row in standings(records).items():
        games = int(row["games"])
        lo, hi = wilson_interval(row["wins"], games)
        its = f"{row['iterations'] / row['searches']:,.0f}" if row["searches"] else "-"
        print(f"{name:18} {games:>5} {row['wins']:>6g} {row['wins'] / games:>8.1%} "
              f"{lo:>6.1%}-{hi:>5.1%} {row['score'] / games:>10.1f} {its:>19}")
    print()
    print(f"{'bot':18} {'against':18} {'ahead':>6} {'games':>5} {'share':>6} {'95% CI':>13}")
    for (a, b), (ahead, games) in sorted(cells.items()):
        lo, hi = wilson_interval(ahead, int(games))
        print(f"{a:18} {b:18} {ahead:>6g} {int(games):>5} {ahead / games:>6.1%} "
              f"{lo:>6.1%}-{hi:>5.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

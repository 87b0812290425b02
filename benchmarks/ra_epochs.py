"""Where a Ra bot's points come from: fame gained in each epoch, per bot, over arena records.

Usage::

    thebes arena --game ra --players 4 --seats hard,medium,medium,medium --games 20 \\
        --jobs 1 --seed 64 --records DIR
    .venv/bin/python benchmarks/ra_epochs.py DIR [DIR ...]

Replays every record (``thebes arena --records``) and prints, for each bot name, the
games it sat in and its mean fame gained in epochs 1, 2 and 3 (epoch 3 with the game's
end: monuments and the sun race), then its mean final fame. Issue 32 used it to see
that `hard` at 4 and 5 players gains its lead over `medium` in the third epoch alone
(docs/STRENGTH.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

from thebes.core import Record
from thebes.games.ra.tiles import START_FAME


def gains(record: dict) -> list[tuple[str, list[int], int]]:
    """Per seat ``(bot, fame gained per epoch, final fame)`` of one finished Ra record."""
    state = Record.from_dict(record).replay()
    fames = [tally[5] for tally in state.tallies]
    out = []
    for seat, bot in enumerate(record["bots"]):
        before = START_FAME
        per_epoch = []
        for fame in fames:
            per_epoch.append(fame[seat] - before)
            before = fame[seat]
        out.append((bot, per_epoch, state.fame[seat]))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", help="folders of Ra arena records (*.json)")
    args = parser.parse_args(argv)
    games: dict[str, int] = defaultdict(int)
    sums: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
    for folder in args.folders:
        for path in sorted(Path(folder).glob("*.json")):
            record = json.loads(path.read_text())
            if record.get("game") != "ra" or not record.get("result"):
                continue
            for bot, per_epoch, final in gains(record):
                games[bot] += 1
                for e, g in enumerate(per_epoch[:3]):
                    sums[bot][e] += g
                sums[bot][3] += final
    if not games:
        print("no finished Ra records in " + ", ".join(args.folders), file=sys.stderr)
        return 2
    print(f"{'bot':<20} {'seats':>6} {'epoch 1':>8} {'epoch 2':>8} {'epoch 3':>8} {'final':>7}")
    for bot in sorted(games):
        n = games[bot]
        e1, e2, e3, final = (x / n for x in sums[bot])
        print(f"{bot:<20} {n:>6} {e1:>8.1f} {e2:>8.1f} {e3:>8.1f} {final:>7.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

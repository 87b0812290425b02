"""Solo Pharaoh's search as it thinks longer: iterations per CPU second at several think
times, for several copies of thebes side by side, and where the time goes.

Usage::

    # iterations/CPU-s at 1, 2, 4, 8 s; copies alternate per think time (fresh process each)
    nice -n 19 .venv/bin/python benchmarks/pharaoh_solo_search.py --copies /tmp/h18-main .
    # prior calls per iteration and the prior's share of the time at fixed budgets
    nice -n 19 .venv/bin/python benchmarks/pharaoh_solo_search.py --prior-share 3000 6000 12000 24000
    # iterations/CPU-s in each window of 4,000 iterations of one search up to 40,000, and the
    # mean number of nodes an iteration passes (the copies at the same time, a process each)
    nice -n 19 .venv/bin/python benchmarks/pharaoh_solo_search.py --copies /tmp/old . --windows 40000

Each search starts from the first decision of a solo game (seed 1), as ``thebes bench``
and benchmarks/compare.py set it up. Figures are in docs/STRENGTH.md.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

SETUP = r'''
import random, sys, time
sys.path.insert(0, sys.argv[1])
from thebes.core import get_game
from thebes.bots.ismcts import ISMCTSBot
state = get_game("pharaoh").new_initial_state(1)
rng = random.Random(1)
while state.is_chance_node() or len(state.legal_actions()) < 2:
    state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                       else state.legal_actions()[0])
'''

THINK = SETUP + r'''
bot = ISMCTSBot("pharaoh", state.current_player(), random.Random(1),
                think_ms=float(sys.argv[2]) * 1000)
cpu = time.process_time()
bot.choose(state)
print(bot.last_iterations / (time.process_time() - cpu))
'''

SHARE = SETUP + r'''
its = int(sys.argv[2])
bot = ISMCTSBot("pharaoh", state.current_player(), random.Random(1), iterations=its)
prior, spent = bot.prior, [0.0, 0]
def timed(d, seat, r):
    t = time.process_time()
    try:
        return prior(d, seat, r)
    finally:
        spent[0] += time.process_time() - t
        spent[1] += 1
bot.prior = timed
cpu = time.process_time()
bot.search(state)
cpu = time.process_time() - cpu
print(f"{its:>6} iterations: {its / cpu:>7,.0f}/CPU-s; prior asked {spent[1] / its:.3f} times "
      f"an iteration, {spent[0] / cpu:.0%} of the time; rate without it "
      f"{its / (cpu - spent[0]):,.0f}/CPU-s")
'''


WINDOWS = SETUP + r'''
import math
from thebes.bots.ismcts import Node
total, width = int(sys.argv[2]), int(sys.argv[3])
bot = ISMCTSBot("pharaoh", state.current_player(), random.Random(1), iterations=1)
bot.search(state)   # sets the solo reference as a search does
root = Node(1)
bot._lo, bot._hi = [math.inf], [-math.inf]
lengths = []
bot.on_playout = lambda path, d: lengths.append(len(path))
cpu = time.process_time()
for n in range(1, total + 1):
    bot._iterate(state, root, 1, False)
    if n % width == 0:
        now = time.process_time()
        print(f"{width / (now - cpu):.0f} {sum(lengths) / len(lengths):.2f}")
        cpu = now
        lengths.clear()
'''


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--copies", nargs="+", default=[str(Path(__file__).resolve().parents[1])],
                        metavar="DIR", help="folders holding a thebes package (default: this checkout)")
    parser.add_argument("--think", nargs="+", type=float, default=[1, 2, 4, 8], metavar="S",
                        help="think times in seconds (default 1 2 4 8)")
    parser.add_argument("--prior-share", nargs="+", type=int, metavar="ITERATIONS",
                        help="instead: the prior's share at these budgets, first copy only")
    parser.add_argument("--windows", type=int, metavar="ITERATIONS",
                        help="instead: the rate in each window of --width iterations of one "
                             "search up to ITERATIONS, and the nodes an iteration passes")
    parser.add_argument("--width", type=int, default=4000, help="window width (default 4000)")
    args = parser.parse_args()
    if args.windows:
        if args.width < 1 or args.windows < args.width:
            parser.error("--windows must be at least --width, and --width at least 1")
        procs = [subprocess.Popen([sys.executable, "-c", WINDOWS, copy, str(args.windows),
                                   str(args.width)], stdout=subprocess.PIPE, text=True)
                 for copy in args.copies]   # at the same time: the same load on each
        runs = [p.communicate()[0].split("\n") for p in procs]
        if any(p.returncode for p in procs):
            print("a search failed", file=sys.stderr)
            return 1
        print("iterations  " + "  ".join(f"{c[-16:]:>16} it/s  path" for c in args.copies))
        for w in range(args.windows // args.width):
            cells = []
            for lines in runs:
                rate, path = lines[w].split()
                cells.append(f"{int(rate):>21,} {float(path):>5.2f}")
            print(f"{(w * args.width):>6}-{(w + 1) * args.width:<6}" + "".join(cells), flush=True)
        return 0
    if args.prior_share:
        for its in args.prior_share:
            if its < 1:
                parser.error("--prior-share budgets must be at least 1")
            done = subprocess.run([sys.executable, "-c", SHARE, args.copies[0], str(its)],
                                  capture_output=True, text=True, check=True)
            print(done.stdout.strip(), flush=True)
        return 0
    if any(t <= 0 for t in args.think):
        parser.error("--think times must be positive")
    print("think  " + "  ".join(f"{c[-22:]:>22}" for c in args.copies))
    for think in args.think:
        figures = [float(subprocess.run([sys.executable, "-c", THINK, copy, str(think)],
                                        capture_output=True, text=True, check=True).stdout)
                   for copy in args.copies]
        print(f"{think:>4g} s " + "  ".join(f"{f:>22,.0f}" for f in figures), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

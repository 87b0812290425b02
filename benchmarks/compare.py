"""Old against new, side by side: engine and search speed of two copies of thebes, and
proof that they play the same games.

Usage::

    git archive main thebes | tar -x -C /tmp/thebes-main     # a baseline copy
    .venv/bin/python benchmarks/compare.py --baseline /tmp/thebes-main [--rounds 3]
    .venv/bin/python benchmarks/compare.py --baseline /tmp/thebes-main --same-games

``--baseline`` may be given more than once (say the code when an issue was filed
and main): every copy is measured in the same run and the new one's ratio to each
is printed. Each figure is measured in a fresh subprocess per copy, the copies
alternating within every round (so a load spike on this shared machine hits all),
and the median over the rounds is printed. Times are CPU seconds of the measuring process
(``time.process_time``), which stay honest when other processes share the cores.

* playouts: random playouts from the initial state, as ``thebes bench`` plays them
  (seed ``1 + i`` for game i), games per CPU second;
* ISMCTS: iterations per CPU second of a fixed iteration budget from the first
  decision of a game (as ``thebes bench`` sets it up), at two budgets.

``--same-games`` instead prints, per game and seat count, two digests for every copy;
they must match: ``playouts``, of the event count, final scores and ranking of many
random playouts (comparable with a copy whose observation format or bots have
changed since, such as the filed code); ``all``, of the final omniscient observation
of the same playouts and of a few games between random, greedy and fixed-iteration
ISMCTS bots.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
from concurrent.futures import ThreadPoolExecutor
import sys
from pathlib import Path

PLAYOUTS = [("ra", 3, 3000), ("ra", 4, 2000), ("ra", 5, 2000), ("sarcophagus", 2, 3000),
            ("sarcophagus", 4, 2000), ("pharaohs-heir", 3, 1000), ("pharaohs-heir", 4, 1000),
            ("pharaoh", 1, 2000), ("pharaoh", 4, 500)]
SEARCHES = [("ra", 3, 2000), ("sarcophagus", 2, 2000), ("pharaohs-heir", 3, 1500),
            ("pharaohs-heir", 4, 1500), ("pharaoh", 1, 3000), ("pharaoh", 1, 24000)]

WORKER = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from thebes.core import get_game, random_playout
kind, game_name, players, count = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
game = get_game(game_name)
if kind == "playouts":
    initial = game.new_initial_state(players)
    start = time.process_time()
    for i in range(count):
        random_playout(initial.clone(), random.Random(1 + i))
    print(json.dumps(count / (time.process_time() - start)))
else:
    from thebes.bots.ismcts import ISMCTSBot
    state = game.new_initial_state(players)
    rng = random.Random(1)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(state.legal_actions()[0])
    bot = ISMCTSBot(game_name, state.current_player(), random.Random(1), iterations=count)
    start = time.process_time()
    bot.choose(state)
    print(json.dumps(count / (time.process_time() - start)))
"""

SAME = r"""
import hashlib, json, random, sys
sys.path.insert(0, sys.argv[1])
from thebes.bots import make_bot
from thebes.core import get_game, play_game, random_playout, seat_rng
out = {}
for name, players in [("ra", 3), ("ra", 4), ("ra", 5), ("sarcophagus", 2), ("sarcophagus", 3),
                      ("sarcophagus", 4), ("pharaohs-heir", 3), ("pharaohs-heir", 4), ("pharaoh", 1),
                      ("pharaoh", 2), ("pharaoh", 3), ("pharaoh", 4)]:
    if sys.argv[3] and name != sys.argv[3]:
        continue
    game = get_game(name)
    h = hashlib.sha256()
    results = hashlib.sha256()
    for i in range(int(sys.argv[2])):
        state = game.new_initial_state(players)
        n = random_playout(state, random.Random(i))
        h.update(json.dumps([n, state.observation(None)], sort_keys=True).encode())
        results.update(json.dumps([n, state.scores(), state.ranking()]).encode())
    out[f"{name}/{players} playouts"] = results.hexdigest()[:16]
    for bot, games in (("random", 3), ("greedy", 2), ("ismcts", 1)):
        for i in range(games):
            state = game.new_initial_state(players)
            bots = [make_bot(bot, name, s, seat_rng(i, s), iterations=40) if bot == "ismcts"
                    else make_bot(bot, name, s, seat_rng(i, s)) for s in range(players)]
            h.update("\n".join(play_game(state, bots, random.Random(i))).encode())
    out[f"{name}/{players} all"] = h.hexdigest()[:16]
print(json.dumps(out))
"""


def run(root: str, script: str, *args: object) -> object:
    done = subprocess.run([sys.executable, "-c", script, root, *map(str, args)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", required=True, action="append",
                        help="folder holding an old thebes package (repeat for several)")
    parser.add_argument("--new", default=str(Path(__file__).resolve().parents[1]),
                        help="folder holding the new thebes package (default: this checkout)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per figure (median)")
    parser.add_argument("--only", choices=("playouts", "ismcts"), help="one kind of figure")
    parser.add_argument("--game", help="only rows of this game")
    parser.add_argument("--same-games", type=int, nargs="?", const=300, metavar="PLAYOUTS",
                        help="check both copies play the same games (default 300 playouts each)")
    args = parser.parse_args()
    roots = [*args.baseline, args.new]
    labels = [Path(r).name or r for r in args.baseline] + ["new"]
    if args.same_games:
        with ThreadPoolExecutor(2) as pool:
            digests = list(pool.map(lambda root: run(root, SAME, args.same_games, args.game or ""),
                                    roots))
        for key in digests[-1]:
            values = [d[key] for d in digests]
            print(f"{key:27} " + "  ".join(f"{label} {v}" for label, v in zip(labels, values))
                  + f"  {'same' if len(set(values)) == 1 else 'DIFFERENT'}")
        return 0 if all(d == digests[-1] for d in digests) else 1
    rows = [("playouts", *r) for r in PLAYOUTS] + [("ismcts", *r) for r in SEARCHES]
    print("per CPU second; " + ", ".join(f"{label} = {root}" for label, root in zip(labels, roots)))
    print(f"{'figure':9} {'game':14} {'seats':>5} {'count':>6} "
          + " ".join(f"{label[:11]:>11}" for label in labels) + " "
          + " ".join(f"{'vs ' + label[:8]:>11}" for label in labels[:-1]), flush=True)
    for kind, game, players, count in rows:
        if (args.only and kind != args.only) or (args.game and game != args.game):
            continue
        figures: list[list[float]] = [[] for _ in roots]
        for r in range(args.rounds):
            order = range(len(roots)) if r % 2 == 0 else reversed(range(len(roots)))
            for i in order:
                figures[i].append(run(roots[i], WORKER, kind, game, players, count))
        med = [statistics.median(f) for f in figures]
        print(f"{kind:9} {game:14} {players:>5} {count:>6} "
              + " ".join(f"{m:>11,.0f}" for m in med) + " "
              + " ".join(f"{med[-1] / m:>10.2f}x" for m in med[:-1]), flush=True)
    return 0

if __name__ == "__main__":
    sys.exit(main())

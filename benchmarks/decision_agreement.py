"""How often a search at a small budget plays the move a large budget plays: where budget stops buying decisions.

Usage::

    .venv/bin/python benchmarks/decision_agreement.py --game ra --players 3 \\
        --positions 30 --budgets 200,700,2500 --reference 12000

Positions are drawn from games of greedy bots (each decision with at least three legal
moves kept with probability 1/20, chance from ``Random(5)``, game k's bots seeded
``Random(10k + seat)``) until ``--positions`` are kept. From each, two ISMCTS searches of
``--reference`` iterations (seeds ``1000 + i`` and ``2000 + i``) and one of each budget
(seed ``3000 + i``) choose a move; printed after each position, the running count of
positions where each budget's move is the first reference's, and where the two
references agree with each other. The references' agreement is the ceiling: a budget
that agrees with the reference as often as the reference agrees with itself plays the
same moves as the large search, up to the search's own noise (docs/STRENGTH.md, "The
levels at every usual seat count"). Deterministic for given arguments; CPU-bound, one
process.
"""

from __future__ import annotations

import argparse
import random
import time

from thebes.bots import make_bot
from thebes.bots.ismcts import ISMCTSBot
from thebes.core import State, get_game


def positions(game: str, players: int, count: int) -> list[State]:
    """``count`` positions with at least three legal moves from greedy self-play (see the
    module doc for the seeds)."""
    rng = random.Random(5)
    kept: list[State] = []
    k = 0
    while len(kept) < count:
        state = get_game(game).new_initial_state(players)
        k += 1
        bots = [make_bot("greedy", game, s, random.Random(k * 10 + s)) for s in range(players)]
        while not state.is_terminal() and len(kept) < count:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            if len(state.legal_actions()) >= 3 and rng.random() < 0.05:
                kept.append(state.clone())
            state.apply_action(bots[state.current_player()].choose(state))
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="ra")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--budgets", default="200,700,2500",
                        help="comma-separated iteration budgets to compare")
    parser.add_argument("--reference", type=int, default=12000,
                        help="the large budget (default 12000)")
    args = parser.parse_args()
    budgets = [int(b) for b in args.budgets.split(",")]
    agree = dict.fromkeys(budgets, 0)
    references = 0
    start = time.perf_counter()
    for i, state in enumerate(positions(args.game, args.players, args.positions)):
        seat = state.current_player()
        first = ISMCTSBot(args.game, seat, random.Random(1000 + i),
                          iterations=args.reference).choose(state)
        second = ISMCTSBot(args.game, seat, random.Random(2000 + i),
                           iterations=args.reference).choose(state)
        references += first == second
        for b in budgets:
            agree[b] += ISMCTSBot(args.game, seat, random.Random(3000 + i),
                                  iterations=b).choose(state) == first
        print(f"{i + 1} positions: " + ", ".join(f"{b} agrees {n}" for b, n in agree.items())
              + f"; reference with itself {references} ({time.perf_counter() - start:.0f} s)",
              flush=True)


if __name__ == "__main__":
    main()

"""thebes's Ra engine against albertszeng/ra, side by side in one process.

Both engines play uniformly random games, each from a new initial state, in
blocks that alternate (A B B A A B ...) so that a load spike on a shared machine
hits both; the figure is games per CPU second of this process
(``time.process_time``) summed over all blocks, and the ratio thebes / theirs.

Usage::

    # albertszeng/ra is not on PyPI: clone it (or copy its game/ folder) anywhere
    # outside this repository, then point --ra-path at the folder holding game/.
    git clone https://github.com/albertszeng/ra /work/ext/albertszeng-ra
    nice -n 19 .venv/bin/python benchmarks/vs_albertszeng.py --ra-path /work/ext/albertszeng-ra

Rows:

* ``albertszeng/ra``: ``RaGame(names, randomize_play_order=False)``, then
  ``get_possible_actions()`` and ``execute_action(rng.choice(legal), legal)``
  until it returns ``None`` (its only way to play). Its bag draws use the global
  ``random`` module, seeded per game. Its engine raises ``AssertionError`` in
  ``advance_current_player`` right after the last round ends because every
  seat has passed (the game is then over and scored: ``is_game_ended()`` is
  true); that is counted as the end of the game, any other error is not.
  Its end-of-game score print goes to a null stream.
* ``thebes random_playout``: ``new_initial_state(players)`` then
  ``state.random_playout(rng)``, the engine's playout path (``thebes bench``).
* ``thebes legal_actions loop``: the same games played through the public
  contract, ``rng.choice(state.legal_actions())`` and ``sample_chance`` per event,
  as the external engine is driven.

Mean events and final scores are printed too, to show both engines play whole games.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path


class _Null(io.TextIOBase):
    def write(self, text: str) -> int:
        return len(text)


def albertszeng_player(ra_path: Path, players: int):
    """A function playing one random game of albertszeng/ra; returns (moves, scores)."""
    sys.path.insert(0, str(ra_path))
    try:
        from game import ra as their_ra  # type: ignore[import-not-found]
    finally:
        sys.path.pop(0)
    names = [f"P{i + 1}" for i in range(players)]

    def play(seed: int) -> tuple[int, list[int]]:
        random.seed(seed)  # its bag and sun deal draw from the global generator
        rng = random.Random(seed)
        game = their_ra.RaGame(list(names), randomize_play_order=False)
        state = game.game_state
        moves = 0
        while True:
            legal = game.get_possible_actions()
            if legal is None:
                break
            try:
                game.execute_action(rng.choice(legal), legal)
            except AssertionError:
                if not state.is_game_ended():
                    raise
                moves += 1
                break
            moves += 1
        return moves, [p.points for p in state.player_states]

    return play


def thebes_players(players: int):
    from thebes.core import get_game
    from thebes.core.state import CHANCE, TERMINAL
    game = get_game("ra")

    def playout(seed: int) -> tuple[int, list[int]]:
        state = game.new_initial_state(players)
        n = state.random_playout(random.Random(seed))
        return n, state.scores()

    def loop(seed: int) -> tuple[int, list[int]]:
        state = game.new_initial_state(players)
        rng = random.Random(seed)
        n = 0
        while True:
            seat = state.current_player()
            if seat == TERMINAL:
                return n, state.scores()
            if seat == CHANCE:
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            n += 1

    return playout, loop


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--ra-path", required=True, type=Path,
                        help="folder holding albertszeng/ra's game/ package (a clone of the repository)")
    parser.add_argument("--players", type=int, default=3, choices=(3, 4),
                        help="seats (default 3; albertszeng/ra has no Ra count for 5)")
    parser.add_argument("--games", type=int, default=500, help="games per block (default 500)")
    parser.add_argument("--rounds", type=int, default=6,
                        help="blocks per engine, alternating (default 6)")
    parser.add_argument("--seed", type=int, default=1, help="first game's seed (default 1)")
    args = parser.parse_args()
    if not (args.ra_path / "game" / "ra.py").is_file():
        parser.error(f"--ra-path {args.ra_path}: no game/ra.py there (clone albertszeng/ra first)")
    if args.games < 1 or args.rounds < 1:
        parser.error("--games and --rounds must be at least 1")

    os.chdir(tempfile.mkdtemp(prefix="vs-albertszeng-"))  # some versions make move_histories/ here
    theirs = albertszeng_player(args.ra_path.resolve(), args.players)
    playout, loop = thebes_players(args.players)
    engines = {"albertszeng/ra": theirs, "thebes random_playout": playout,
               "thebes legal_actions loop": loop}
    cpu = dict.fromkeys(engines, 0.0)
    moves: dict[str, list[int]] = {name: [] for name in engines}
    scores: dict[str, list[float]] = {name: [] for name in engines}
    names = list(engines)
    null = _Null()
    for r in range(args.rounds):
        order = names if r % 2 == 0 else names[::-1]
        seeds = range(args.seed + r * args.games, args.seed + (r + 1) * args.games)
        for name in order:
            play = engines[name]
            with contextlib.redirect_stdout(null):
                start = time.process_time()
                results = [play(s) for s in seeds]
                cpu[name] += time.process_time() - start
            moves[name] += [m for m, _ in results]
            scores[name] += [statistics.fmean(s) for _, s in results]
        print(f"round {r + 1}/{args.rounds}: " + ", ".join(
            f"{n} {len(moves[n]) / cpu[n]:,.0f}/CPU-s" for n in names), file=sys.stderr, flush=True)

    base = len(moves[names[0]]) / cpu[names[0]]
    print(f"{args.players}-player Ra, uniformly random games, {args.rounds} alternating blocks "
          f"of {args.games} games per engine, one process (Python {sys.version.split()[0]})")
    print(f"{'engine':28} {'games':>6} {'games/CPU-s':>12} {'ratio':>6} {'events/game':>12} "
          f"{'mean score':>10}")
    for name in names:
        rate = len(moves[name]) / cpu[name]
        print(f"{name:28} {len(moves[name]):>6} {rate:>12,.0f} {rate / base:>5.2f}x "
              f"{statistics.fmean(moves[name]):>12.1f} {statistics.fmean(scores[name]):>10.1f}")
    print("events/game: moves for albertszeng/ra (its draws are inside the move); "
          "moves and chance events for thebes")
    return 0


if __name__ == "__main__":
    sys.exit(main())

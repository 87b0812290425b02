"""CPU time of a move in the server's service layer, without sockets or threads.

    python benchmarks/server_moves.py --games 50 --moves 4000 [--clocks] [--database URL] [--profile]

Plays random legal moves in --games 3-player Ra games (every seat a person) through
GameService.move, with the version, on a fresh SQLite file (or --database), and builds the socket
message of the mover and of a spectator after each, as the server does (thebes/server/live/views.py).
--clocks gives every game a table (issue 14's clocks: one more write a move). Prints CPU and
wall milliseconds a move; --profile prints cProfile's top functions too.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import tempfile
import time
from pathlib import Path

from thebes.server.app import create_app
from thebes.server.guard.settings import Settings


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--moves", type=int, default=4000)
    ap.add_argument("--clocks", action="store_true", help="a table (clock) per game")
    ap.add_argument("--database", help="a SQLAlchemy URL (default: a fresh SQLite file)")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(args.database or str(Path(folder) / "bench.db"), settings=Settings.unlimited())
        service, community = app.state.service, app.state.community
        rng = random.Random(1)

        def new_game() -> str:
            g, _tokens = service.create_game("ra", 3, {}, [{"kind": "human"}] * 3, None)
            if args.clocks:
                community.tables.create(g, community.check_table(None, "ra"))
            return g.id

        games = [new_game() for _ in range(args.games)]

        def step() -> int:
            slot = rng.randrange(len(games))
            g = service.game(games[slot])
            player = g.state.current_player()
            if player < 0:
                games[slot] = new_game()
                return 0
            service.move(g.id, player, rng.choice(g.state.legal_events()), g.version)
            service.view_message(g, player, g.version - 1)
            service.view_message(g, None, g.version - 1)
            return 1

        for _ in range(200):
            step()
        profile = cProfile.Profile() if args.profile else None
        cpu, wall, done = time.process_time(), time.perf_counter(), 0
        if profile:
            profile.enable()
        while done < args.moves:
            done += step()
        if profile:
            profile.disable()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(f"{done} moves: {1e3 * cpu / done:.3f} ms of CPU, {1e3 * wall / done:.3f} ms of wall "
              f"time a move ({'with' if args.clocks else 'without'} clocks)")
        if profile:
            pstats.Stats(profile).sort_stats("cumulative").print_stats(30)
        app.state.storage.close()


if __name__ == "__main__":
    main()

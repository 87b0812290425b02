"""A move's transaction on SQLite, with the commits checkpointing (SQLite's default) and with
thebes's checkpoint thread (thebes/server/storage/database.py, Checkpoints), side by side, rounds interleaved.

    python benchmarks/sqlite_commits.py --moves 3000 --rounds 3

Each transaction is what the server stores for a move: the game's version checked and moved on,
the event rows, the table's clock (thebes/server/live/service.py, GameService._commit). Prints the
wall time of a transaction: mean, p50, p99 and max, in ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from sqlalchemy import insert

from thebes.server.storage.communitydb import table_clocks
from thebes.server.storage.schema import GameRow, now
from thebes.server.storage.store import APPEND_VERSION, INSERT_EVENTS, Storage
from thebes.server.tables.store import SWAP_CLOCK


def one_run(folder: Path, moves: int, checkpoint_thread: bool) -> list[float]:
    storage = Storage(f"sqlite:///{folder / ('t.db' if checkpoint_thread else 'd.db')}")
    if checkpoint_thread:
        storage.claim_writer()
    with storage.engine.begin() as conn:
        conn.execute(insert(GameRow.__table__).values(
            id="g", game="ra", players=3, options="{}", seed="1", status="playing", version=0,
            created=now(), updated=now(), seed_known=False))
        conn.execute(insert(table_clocks).values(game_id="g", settings="{}", state="{}", rev=0,
                                                 active=True))
    times = []
    for v in range(moves):
        t = time.perf_counter()
        with storage._write_lock, storage.engine.begin() as conn:
            conn.execute(APPEND_VERSION, {"b_id": "g", "b_expected": v, "b_version": v + 1,
                                          "b_status": "playing", "b_updated": now(), "b_result": None})
            conn.execute(INSERT_EVENTS, [{"game_id": "g", "idx": v, "text": "draw 3", "actor": 1,
                                          "created": now()}])
            conn.execute(SWAP_CLOCK, {"b_id": "g", "b_rev": v, "b_new_rev": v + 1, "b_active": True,
                                      "b_state": json.dumps({"since": time.time(), "absent": [0] * 3})})
        times.append(time.perf_counter() - t)
    storage.close()
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--moves", type=int, default=3000, help="transactions per run (default 3000)")
    ap.add_argument("--rounds", type=int, default=3, help="runs of each kind, interleaved (default 3)")
    args = ap.parse_args()
    out: dict[bool, list[float]] = {False: [], True: []}
    for _ in range(args.rounds):
        for kind in (False, True):
            with tempfile.TemporaryDirectory() as folder:
                out[kind] += one_run(Path(folder), args.moves, kind)
    for kind, label in ((False, "commits checkpoint (SQLite default)"),
                        (True, "checkpoint thread (thebes serve)")):
        ts = sorted(out[kind])
        pick = lambda q: 1e3 * ts[min(len(ts) - 1, int(q * len(ts)))]   # noqa: E731
        print(f"{label:38s} mean {1e3 * statistics.mean(ts):.3f}  p50 {pick(.5):.3f}  "
              f"p99 {pick(.99):.3f}  max {1e3 * ts[-1]:.1f} ms  (n={len(ts)})")


if __name__ == "__main__":
    main()

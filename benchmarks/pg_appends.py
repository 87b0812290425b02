"""How many moves a second PostgreSQL stores for thebes with several writers at once.

    python benchmarks/pg_appends.py --database postgresql://... --writers 1 4 8 16 --seconds 5

Each writer (a thread with its own connection from the pool, as a server's requests are)
appends one event at a time to games of its own through ``Storage.append_events``, the
statement a move uses, with its notification to the other processes; a listening
connection counts the notifications that arrive. Prints, for each number of writers, the
appends a second, the append's p50/p99 wall time in ms, and the notifications heard.

A notifying transaction holds a database-wide lock from its commit's start to its end,
WAL flush included (PostgreSQL's async.c), so notifying commits queue behind each other:
this measures that ceiling. Runs in a fresh schema, dropped at the end.
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
import uuid

import psycopg

from thebes.server.storage.database import libpq_url
from thebes.server.storage.schema import CHANNEL, GameData, SeatData, now
from thebes.server.storage.store import Storage


def run(storage: Storage, writers: int, seconds: float, games_each: int) -> dict[str, float]:
    ids = []
    for _ in range(writers * games_each):
        stamp = now()
        gid = uuid.uuid4().hex[:12]
        storage.create_game(GameData(id=gid, game="ra", players=3, options={}, seed="1",
                                     status="playing", version=0, result=None, created=stamp,
                                     updated=stamp, seats=[SeatData(seat=s, kind="human")
                                                           for s in range(3)]))
        ids.append(gid)
    heard = [0]
    stop = threading.Event()            # the writers
    deaf = threading.Event()            # the listener
    listening = threading.Event()

    def listen() -> None:
        with psycopg.connect(libpq_url(storage.url), autocommit=True) as conn:
            conn.execute(f"LISTEN {CHANNEL}")
            listening.set()
            while not deaf.is_set():
                for _ in conn.notifies(timeout=0.2):
                    heard[0] += 1

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    listening.wait(10)
    times: list[list[float]] = [[] for _ in range(writers)]
    start = threading.Barrier(writers + 1)

    def write(w: int) -> None:
        mine = ids[w * games_each:(w + 1) * games_each]
        versions = [0] * len(mine)
        start.wait()
        i = 0
        while not stop.is_set():
            k = i % len(mine)
            t0 = time.perf_counter()
            storage.append_events(mine[k], versions[k], [(f"move {i}", 0)], "playing", None)
            times[w].append(time.perf_counter() - t0)
            versions[k] += 1
            i += 1

    threads = [threading.Thread(target=write, args=(w,)) for w in range(writers)]
    for t in threads:
        t.start()
    start.wait()
    t0 = time.perf_counter()
    time.sleep(seconds)
    stop.set()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t0
    all_times = sorted(x for ts in times for x in ts)
    n = len(all_times)
    deadline = time.monotonic() + 10    # the last notifications
    while heard[0] < n and time.monotonic() < deadline:
        time.sleep(0.05)
    deaf.set()
    listener.join()
    return {"appends_s": n / elapsed, "p50_ms": 1000 * statistics.median(all_times),
            "p99_ms": 1000 * all_times[min(n - 1, int(0.99 * n))], "appends": n,
            "heard": heard[0]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--database", required=True, help="a PostgreSQL URL")
    ap.add_argument("--writers", type=int, nargs="+", default=[1, 4, 8, 16])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--games-each", type=int, default=4)
    args = ap.parse_args()
    schema = f"appends_{uuid.uuid4().hex[:8]}"
    base = args.database.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in base else "?"
    storage = Storage(f"{base}{sep}options=-csearch_path%3D{schema}")
    try:
        for writers in args.writers:
            r = run(storage, writers, args.seconds, args.games_each)
            print(f"writers {writers:3d}: {r['appends_s']:7.0f} appends/s, p50 {r['p50_ms']:.2f} ms, "
                  f"p99 {r['p99_ms']:.2f} ms, notifications heard {r['heard']} of {r['appends']}",
                  flush=True)
    finally:
        storage.close()
        with psycopg.connect(base, autocommit=True) as admin:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")


if __name__ == "__main__":
    main()

"""The moves' notifications on PostgreSQL: sent after the move's commit by the process's
notifier, in the order queued, many in one statement, and again on a new connection when
the old one dropped (thebes/server/storage/notifier.py)."""

from __future__ import annotations

import threading
import uuid

import psycopg

from thebes.server.storage.database import libpq_url
from thebes.server.storage.notifier import Notifier
from thebes.server.storage.schema import GameData, SeatData, now
from thebes.server.storage.store import Storage

from conftest import wait_until


class Listener:
    def __init__(self, url: str, channel: str) -> None:
        self.heard: list[str] = []
        self.conn = psycopg.connect(libpq_url(url), autocommit=True)
        self.conn.execute(f"LISTEN {channel}")
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stop.is_set():
            for note in self.conn.notifies(timeout=0.05):
                self.heard.append(note.payload)

    def close(self) -> None:
        self.stop.set()
        self.thread.join()
        self.conn.close()


def test_notifications_sent_from_several_threads_arrive_each_once_in_each_thread_s_order(pg_url):
    channel = f"t_{uuid.uuid4().hex[:8]}"
    listener = Listener(pg_url, channel)
    notifier = Notifier(libpq_url(pg_url), channel)
    try:
        def send(t: int) -> None:
            for i in range(300):
                notifier.send(f"{t} {i}")

        threads = [threading.Thread(target=send, args=(t,)) for t in range(4)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        wait_until(lambda: len(listener.heard) >= 1200)
        assert sorted(listener.heard) == sorted(f"{t} {i}" for t in range(4) for i in range(300))
        for t in range(4):
            assert [int(p.split()[1]) for p in listener.heard if p.startswith(f"{t} ")] == \
                list(range(300))
        wait_until(lambda: notifier.sent == 1200)
    finally:
        notifier.close()
        listener.close()


def test_a_notification_queued_after_its_connection_was_cut_is_sent_on_a_new_one(pg_url):
    channel = f"t_{uuid.uuid4().hex[:8]}"
    listener = Listener(pg_url, channel)
    notifier = Notifier(libpq_url(pg_url), channel)
    try:
        notifier.send("first")
        wait_until(lambda: listener.heard == ["first"])
        with psycopg.connect(libpq_url(pg_url), autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (notifier._conn.info.backend_pid,))
        notifier.send("second")
        wait_until(lambda: listener.heard == ["first", "second"])
        assert notifier.dropped == 0
    finally:
        notifier.close()
        listener.close()


def test_a_stored_move_is_notified_after_its_commit_by_the_process_s_notifier(pg_url):
    """A notifying transaction holds a database-wide lock through its commit's disk flush, so
    the move's own transaction must not notify: its notification goes through the notifier,
    whose connection does not wait for the disk (and by then the move is readable)."""
    storage = Storage(pg_url)
    listener = Listener(pg_url, "thebes_games")
    try:
        stamp = now()
        gid = uuid.uuid4().hex[:12]
        storage.create_game(GameData(id=gid, game="ra", players=3, options={}, seed="1",
                                     status="playing", version=0, result=None, created=stamp,
                                     updated=stamp,
                                     seats=[SeatData(seat=s, kind="human") for s in range(3)]))
        storage.append_events(gid, 0, [("pass", 0)], "playing", None)
        wait_until(lambda: any(p.startswith(f"{gid} 1 ") for p in listener.heard))
        assert storage.notifier is not None
        wait_until(lambda: storage.notifier.sent == 1)
        with storage.notifier._conn.cursor() as cur:
            assert cur.execute("SHOW synchronous_commit").fetchone()[0] == "off"
        assert storage.load_game(gid).version == 1
    finally:
        listener.close()
        storage.close()

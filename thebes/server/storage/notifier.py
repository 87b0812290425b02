"""Notifications of stored moves, sent after their commit, many in one statement.

PostgreSQL serializes the commits of transactions that sent a NOTIFY: such a
commit takes a lock on "database 0" (the whole cluster) and holds it until the
transaction ends, after its WAL flush (``PreCommit_Notify`` in PostgreSQL's
``async.c``). Moves that notified inside their own transactions therefore
waited for the disk one after another, whatever the number of processes:
measured here, sixteen writers stored no more notifying moves a second than
eight, about one per flush (benchmarks/pg_appends.py, docs/deploy.md). So a
move commits without notifying, and this process's :class:`Notifier` then
sends the notification on a connection of its own, with ``synchronous_commit
= off`` (a notification is not kept on disk anyway: nothing waits for a
flush) and with every other notification that queued meanwhile, in one
statement (one commit, one short hold of the lock).

What this changes for the listeners (thebes/server/live/fanout.py): a move is
heard just after its commit instead of at it, and notifications of one game
sent by two processes may arrive out of version order; they carry the game's
version, so a listener reads what a gap hides and ignores what it already has.
If this process dies between a move's commit and its notification, the other
processes' sweep (every two seconds) finds the game's newer version in the
database. A batch whose connection failed is sent again once on a new one: a
listener may then hear a notification twice, which it ignores (same version).
"""

from __future__ import annotations

import logging
import threading
from typing import Any

log = logging.getLogger("thebes.server.notifier")

#: at most this many notifications in one statement
BATCH = 500
SEND = "SELECT count(pg_notify(%s, p)) FROM unnest(%s::text[]) AS p"


class Notifier:
    """One process's sender of notifications on ``channel``.

    :meth:`send` queues a payload; if no send is under way, the calling thread sends
    what has queued at once, in one statement (no wait for another thread to wake). If
    more queued meanwhile, a thread of the notifier's own (started on first need) sends
    it, in batches of up to :data:`BATCH`, until none is left; sends never overlap, so
    one process's notifications leave in the order they were queued. ``url`` is a
    libpq URL (``postgresql://...``). :meth:`close` waits for what is queued, then stops.
    """

    def __init__(self, url: str, channel: str) -> None:
        self.url = url
        self.channel = channel
        self._pending: list[str] = []
        self._wake = threading.Condition()
        self._busy = False          # a send is under way (by a caller or by the thread)
        self._handed = False        # the thread is asked to send what is left
        self._thread: threading.Thread | None = None
        self._closed = False
        self._conn: Any = None
        #: notifications sent, and notifications given up after two failed tries (for the log)
        self.sent = 0
        self.dropped = 0

    def send(self, payload: str) -> None:
        with self._wake:
            if self._closed:
                raise RuntimeError("the notifier is closed")
            self._pending.append(payload)
            if self._busy:
                return                      # the send under way takes it along
            self._busy = True
            batch = self._take()
        self._deliver(batch)
        with self._wake:
            if not self._pending:
                self._busy = False
                self._wake.notify_all()
                return
            self._handed = True             # more came meanwhile: the thread sends it
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="thebes-notifier",
                                                daemon=True)
                self._thread.start()
            self._wake.notify_all()

    def close(self, timeout: float = 5.0) -> None:
        with self._wake:
            self._wake.wait_for(lambda: not self._busy, timeout)
            self._closed = True
            self._wake.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join(timeout)
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _take(self) -> list[str]:
        batch, self._pending = self._pending[:BATCH], self._pending[BATCH:]
        return batch

    def _run(self) -> None:
        while True:
            with self._wake:
                self._wake.wait_for(lambda: self._handed or self._closed)
                if not self._handed:
                    return
                self._handed = False
            while True:
                with self._wake:
                    if not self._pending:
                        self._busy = False
                        self._wake.notify_all()
                        break
                    batch = self._take()
                self._deliver(batch)

    def _deliver(self, batch: list[str]) -> None:
        import psycopg

        for attempt in (1, 2):
            try:
                if self._conn is None or self._conn.closed:
                    self._conn = psycopg.connect(self.url, autocommit=True,
                                                 application_name="thebes-notifier")
                    self._conn.execute("SET synchronous_commit = off")
                self._conn.execute(SEND, (self.channel, batch))
                self.sent += len(batch)
                return
            except Exception as err:    # psycopg's errors, and anything else: never stuck
                log.warning("sending %d notifications failed (%s)%s", len(batch), err,
                            "; again on a new connection" if attempt == 1 else
                            "; the other processes' sweep will find these moves")
                if self._conn is not None:
                    self._conn.close()
                self._conn = None
        self.dropped += len(batch)

"""Live across processes: PostgreSQL LISTEN/NOTIFY brings other processes' changes here.

Every write a socket must see sends ``NOTIFY thebes_games, '<game> <version>
<origin> <kind>[ <texts>]'`` (thebes/server/storage/store.py): a seat's change in its
own transaction, a move just after its commit, together with the other moves
its process stored meanwhile (thebes/server/storage/notifier.py: PostgreSQL serializes
notifying commits cluster-wide). A process's notifications arrive in the
order it sent them; two processes' notifications of one game may cross, which
their versions show. :class:`FanOut` holds one psycopg 3 async
connection per process that LISTENs. For a notification from another process
about a game this process holds in memory, the new events are applied with
what else the payload carried (the table's clock after the move:
:attr:`MoveWrite.note`); then the service's listeners wake the sockets (hub),
the tables and the bot runner. Most often this happens at once in the event
loop (:meth:`GameService.catch_up_now`: the payload carried the events, they
follow on exactly from the cached version, the game's lock is free); else a
catch-up thread does it (:meth:`GameService.catch_up`), reading from the
database what the payloads did not carry (and the seats, kind ``s``). So a
process that missed notifications (its listening
connection dropped) loses nothing: the next one shows a gap and it reads. It
catches up every watched game when it listens again, and every
``sweep_s`` seconds compares the versions of the games its sockets watch with
the database's as a safety net.

A game lives where its sockets are: a process that holds no socket of a game
another process moves forgets it (or first hands its bots over, kind ``l``:
:meth:`FanOut._let_go`), instead of applying every move of it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..storage.database import libpq_url
from ..storage.schema import CHANNEL
from .service import GameService

log = logging.getLogger("thebes.server.fanout")


class FanOut:
    def __init__(self, service: GameService, hub: Any, sweep_s: float = 2.0) -> None:
        self.service = service
        self.hub = hub
        self.sweep_s = sweep_s
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="thebes-fanout")
        self._queued: dict[str, bool] = {}          # game id -> seats too
        self._known: dict[str, list[tuple[int, Any]]] = {}   # events the payloads carried
        self._notes: dict[str, dict[str, Any]] = {}            # notes they carried, the last
        self._lock = threading.Lock()
        self._task: asyncio.Task[None] | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self.listening = asyncio.Event()
        #: notifications received from other processes (for tests and the log)
        self.received = 0
        #: the bot runner, once the app has one (bot leases follow the players: see
        #: :meth:`_let_go`)
        self.bots: Any = None

    async def start(self) -> None:
        self._task = asyncio.create_task(self._listen(), name="thebes-listen")
        self._sweeper = asyncio.create_task(self._sweep(), name="thebes-sweep")
        try:
            await asyncio.wait_for(self.listening.wait(), timeout=10)
        except asyncio.TimeoutError:
            log.error("not listening for other processes' moves yet (PostgreSQL unreachable?)")

    async def stop(self) -> None:
        for task in (self._task, self._sweeper):
            if task is not None:
                task.cancel()
                try:
                    await task
                except (asyncio.CancelledError, Exception):
                    pass
        self._pool.shutdown(wait=True, cancel_futures=True)

    # ------------------------------------------------------------ listening
    async def _listen(self) -> None:
        import psycopg

        url = libpq_url(self.service.storage.url)
        delay = 0.2
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    delay = 0.2
                    if self.listening.is_set():       # listening again after a break:
                        self._catch_up_all()          # whatever was missed meanwhile
                    self.listening.set()
                    async for note in conn.notifies():
                        self.on_payload(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as err:  # the database went away: listen again, then catch up
                log.warning("listening connection lost (%s); again in %.1f s", err, delay)
                await asyncio.sleep(delay)
                delay = min(5.0, delay * 2)

    def on_payload(self, payload: str) -> None:
        """Handle one notification ``'<game> <version> <origin> <kind>[ <JSON>]'``, the JSON
        the events' texts, or ``{"events": texts, note: value, ...}`` (storage's ``_notify``)."""
        parts = payload.split(" ", 4)
        if len(parts) < 4:
            return
        game_id, version_text, origin, kind = parts[:4]
        if origin == self.service.storage.origin:
            return                                   # this process's own write
        if kind == "l":                              # a game's bots handed to a process
            self._leased(game_id, parts[4] if len(parts) == 5 else "")
            return
        g = self.service.cached(game_id)
        if g is None:
            return                                   # not in memory: read fresh when asked
        try:
            version = int(version_text)
        except ValueError:
            return
        if kind == "t":                              # a take-back: go back, then catch up
            try:
                self._pool.submit(self.service.rewound_elsewhere, game_id, version)
            except RuntimeError:
                pass
            return
        if kind == "e" and version <= g.version:
            return                                   # already here (a move met it and caught up)
        if kind == "e" and self._let_go(game_id, origin):
            return
        self.received += 1
        if len(parts) == 5 and kind == "e":
            try:
                texts = json.loads(parts[4])
            except ValueError:
                texts = None
            notes = None
            if isinstance(texts, dict):
                notes = {k: v for k, v in texts.items() if k != "events"}
                texts = texts.get("events")
            # the common case, here in the event loop without a thread hand-off: the events
            # follow on exactly, nothing is queued for the game, and its lock is free at once
            if (isinstance(texts, list) and game_id not in self._queued
                    and self.service.catch_up_now(game_id, (version - len(texts), texts), notes)):
                return
            with self._lock:
                self._known.setdefault(game_id, []).append(
                    (version - len(texts), texts) if isinstance(texts, list) else (-1, None))
                if notes:
                    self._notes.setdefault(game_id, {}).update(notes)
        elif kind == "e":                            # too long to carry: read them
            with self._lock:
                self._known.setdefault(game_id, []).append((-1, None))
        self._queue(game_id, kind == "s")

    def _let_go(self, game_id: str, origin: str) -> bool:
        """Another process (``origin``) stored a move of ``game_id``. A game whose players'
        sockets are all elsewhere is not worth keeping up to date here: this process hands
        its bots to ``origin`` if it moves them (:meth:`BotRunner.hand_over`), and forgets
        the game if it holds no socket of it and does not move its bots (it is read again
        when asked for). True when it was forgotten. Without this, a game created through
        one process and played through another would be applied by both, move by move."""
        counts = self.hub.seat_counts(game_id)
        bots = self.bots
        if bots is not None and bots.holds(game_id):
            if not any(seat is not None for seat in counts):
                bots.hand_over(game_id, origin)
            return False
        if counts:
            return False
        self.service.forget(game_id)
        return True

    def _leased(self, game_id: str, tail: str) -> None:
        try:
            to = json.loads(tail)
        except ValueError:
            return
        if to == self.service.storage.origin and self.bots is not None:
            self.bots.adopt(game_id)

    def _queue(self, game_id: str, seats: bool) -> None:
        with self._lock:
            if game_id in self._queued:
                self._queued[game_id] = self._queued[game_id] or seats
                return
            self._queued[game_id] = seats
        try:
            self._pool.submit(self._catch_up, game_id)
        except RuntimeError:                         # shutting down
            pass

    def _catch_up(self, game_id: str) -> None:
        with self._lock:
            seats = self._queued.pop(game_id, False)
            carried = self._known.pop(game_id, [])
            notes = self._notes.pop(game_id, None)
        known = _joined(carried)
        try:
            self.service.catch_up(game_id, seats=seats, known=known, notes=notes)
        except Exception:
            log.exception("catching up game %s failed", game_id)

    def _reload(self, game_id: str) -> None:
        try:
            self.service.game(game_id)
        except Exception:
            log.exception("reading game %s again failed", game_id)
            return
        self.hub.notify(game_id)

    def _catch_up_all(self) -> None:
        for game_id in self.hub.game_ids():
            self._queue(game_id, True)

    # ------------------------------------------------------------ safety net
    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_s)
            try:
                ids = self.hub.game_ids()
                if not ids:
                    continue
                stored = await asyncio.get_running_loop().run_in_executor(
                    self._pool, self.service.storage.stamps, ids)
                for game_id, (version, _updated) in stored.items():
                    g = self.service.cached(game_id)
                    if g is None:                    # forgotten as a socket opened: read it
                        self._pool.submit(self._reload, game_id)
                    elif version > g.version:
                        log.info("game %s: caught up from version %d to %d without a notification",
                                 game_id, g.version, version)
                        self._queue(game_id, True)
            except asyncio.CancelledError:
                raise
            except Exception as err:
                log.warning("sweep failed: %s", err)


def _joined(carried: list[tuple[int, Any]]) -> tuple[int, list[str]] | None:
    """The payloads' events as one run ``(start, texts)`` if they all carried their texts and
    follow on without a gap (they do unless two processes' notifications crossed), else
    ``None`` (the database is read)."""
    if not carried or any(texts is None for _at, texts in carried):
        return None
    start, texts = carried[0][0], list(carried[0][1])
    for at, more in carried[1:]:
        if at != start + len(texts):
            return None
        texts.extend(more)
    return start, texts

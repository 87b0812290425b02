"""Lasting storage of games: the few statements the server needs (:class:`Storage`).

The tables are in :mod:`.schema`; the URL, the engine and the schema's upgrade in
:mod:`.database`.

Optimistic concurrency: every append runs ``UPDATE games SET version = new
WHERE id = :id AND version = :expected`` and inserts the new event rows in the
same transaction; the ``(game_id, idx)`` primary key of ``events`` backs it
up. Two racing appends for the same version cannot both land: the second
matches no row (or hits the key) and its transaction is rolled back.

Several server processes (docs/deploy.md): on PostgreSQL every write that a
socket must see (events appended, a seat claimed or renamed) sends
``NOTIFY thebes_games, '<game id> <version> <origin> <kind>[ <texts>]'``
(thebes/server/live/fanout.py listens): a seat's change in its own transaction (the
notification is delivered if and only if the write committed), a move just
after its commit, through this process's :class:`~.notifier.Notifier`, because
notifying commits are serialized cluster-wide (thebes/server/storage/notifier.py). ``bot_leases``
says which process moves a game's bot seats (thebes/server/live/bots.py). SQLite
serves one process: :meth:`Storage.claim_writer` refuses a second one.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import threading
import uuid
from pathlib import Path
from typing import Any, Callable, Iterable

from sqlalchemy import bindparam, event, insert, select, text, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from .database import Checkpoints, libpq_url, make_engine, upgrade_schema
from .notifier import Notifier
from .schema import (CHANNEL, IMPORTED, DatabaseBusy, EventRow, GameData, GameRow, SeatData,
                     SeatRow, SeatTaken, StaleVersion, aware, now)

# The statements of every move, built once: SQLAlchemy then finds their compiled form in its
# cache without rebuilding the expression and its cache key on each call (that rebuilding was
# most of a move's cost in the server; docs/deploy.md, "Where a move's time goes").
_GAMES = GameRow.__table__
APPEND_VERSION = (update(_GAMES)
                  .where(_GAMES.c.id == bindparam("b_id"), _GAMES.c.version == bindparam("b_expected"),
                         _GAMES.c.status != IMPORTED)
                  .values(version=bindparam("b_version"), status=bindparam("b_status"),
                          updated=bindparam("b_updated"), result=bindparam("b_result")))
INSERT_EVENTS = insert(EventRow.__table__)
NOTIFY = text("SELECT pg_notify(:c, :p)")
#: PostgreSQL: a move in one statement, one round trip: the version check and the events (the
#: notification follows the commit: thebes/server/storage/notifier.py); its value is the number of
#: games rows updated (1, or 0 when the version moved: then the caller rolls back)
APPEND_PG = text(
    "WITH up AS (UPDATE games SET version = :b_version, status = :b_status, updated = :b_updated, "
    "result = :b_result WHERE id = :b_id AND version = :b_expected AND status <> :b_imported "
    "RETURNING id), "
    "ev AS (INSERT INTO events (game_id, idx, text, actor, created) "
    "SELECT up.id, :b_expected + t.n - 1, t.text, t.actor, :b_updated FROM up, "
    "unnest(CAST(:b_texts AS text[]), CAST(:b_actors AS integer[])) WITH ORDINALITY "
    "AS t(text, actor, n)) "
    "SELECT count(*) FROM up")


# ---------------------------------------------------------------------- storage
class Storage:
    """The database of games. Thread-safe (one short transaction per call)."""

    def __init__(self, url: str, migrate: bool = True) -> None:
        self.url = url
        self.engine = make_engine(url)
        #: this process's name in notifications and bot leases (unique per Storage)
        self.origin = f"{os.uname().nodename}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        #: several processes may share this database (PostgreSQL), or just one (SQLite)
        self.shared = self.engine.dialect.name == "postgresql"
        self._writer_lock_file: Any = None
        # SQLite has one writer at a time and makes the others poll (sleeping up to 100 ms
        # between tries): writers of this process queue on a lock instead.
        self._write_lock: Any = (threading.Lock() if self.engine.dialect.name == "sqlite"
                                 else contextlib.nullcontext())
        #: the serving process's SQLite checkpoints (see :class:`Checkpoints`)
        self._checkpoints: Checkpoints | None = None
        if self.engine.dialect.name == "sqlite":
            @event.listens_for(self.engine, "connect")
            def _no_checkpoint_in_commits(dbapi_connection: Any, _record: Any) -> None:
                if self._checkpoints is not None:
                    dbapi_connection.execute("PRAGMA wal_autocheckpoint=0")
        #: sends the moves' notifications after their commit (PostgreSQL: :mod:`.notifier`)
        self.notifier = Notifier(libpq_url(url), CHANNEL) if self.shared else None
        if migrate:
            upgrade_schema(self.engine)

    def close(self) -> None:
        self.release_writer()
        if self.notifier is not None:
            self.notifier.close()
        self.engine.dispose()

    # ------------------------------------------------------------ one SQLite writer
    def claim_writer(self) -> None:
        """Become the one server process of a SQLite file (a no-op on PostgreSQL, or if held).

        Takes an exclusive ``flock`` on ``<file>.lock`` (released when this
        process ends, however it ends). Raises :class:`DatabaseBusy` naming the
        process that holds it.
        """
        parsed = make_url(self.url)
        if self.shared or self._writer_lock_file is not None:
            return
        if not parsed.database or parsed.database == ":memory:":
            return
        import fcntl

        path = Path(parsed.database + ".lock")
        handle = open(path, "a+")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            handle.close()
            raise DatabaseBusy(
                f"the SQLite database {parsed.database} is already served by {holder}; SQLite "
                f"serves one process: stop that one, or use PostgreSQL for several processes "
                f"(docs/deploy.md)") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"thebes serve (pid {os.getpid()})\n")
        handle.flush()
        self._writer_lock_file = handle
        self._checkpoints = Checkpoints(parsed.database)
        self.engine.dispose()       # pooled connections reopen without their own checkpoints

    def release_writer(self) -> None:
        handle, self._writer_lock_file = self._writer_lock_file, None
        checkpoints, self._checkpoints = self._checkpoints, None
        if checkpoints is not None:
            checkpoints.stop()
        if handle is not None:
            handle.close()

    # ------------------------------------------------------------ notifications
    def _notify(self, conn: Any, game_id: str, version: int, kind: str,
                 texts: list[str] | None = None, notes: dict[str, Any] | None = None) -> None:
        """Queue the change notification in ``conn``'s transaction (PostgreSQL only).

        For new events (kind ``e``) the payload ends with the JSON list of their texts, or
        with ``{"events": texts, name: value, ...}`` when the move's writes left ``notes``
        (its table's clock), when it fits (PostgreSQL takes payloads under 8000 bytes; the
        notes go first, then the texts), so that the listeners need not read them back."""
        if self.shared:
            conn.execute(NOTIFY, {"c": CHANNEL, "p": self._payload(game_id, version, kind,
                                                                    texts, notes)})

    def _payload(self, game_id: str, version: int, kind: str,
                 texts: list[str] | None = None, notes: dict[str, Any] | None = None) -> str:
        """The notification's payload (:meth:`_notify`)."""
        payload = f"{game_id} {version} {self.origin} {kind}"
        tails = []
        if texts and notes:
            tails.append({"events": texts, **notes})
        if texts:
            tails.append(texts)
        for tail in tails:
            text = " " + json.dumps(tail, separators=(",", ":"))
            if len(payload) + len(text.encode("utf-8")) < 7900:
                payload += text
                break
        return payload

    # ------------------------------------------------------------ writes
    def create_game(self, data: GameData) -> None:
        """Insert a new game with its seats and first events, in one transaction."""
        with self._write_lock, self.engine.begin() as conn:
            conn.execute(insert(GameRow).values(
                id=data.id, game=data.game, players=data.players,
                options=json.dumps(data.options, sort_keys=True), seed=data.seed,
                status=data.status, version=len(data.events),
                result=json.dumps(data.result) if data.result is not None else None,
                created=data.created, updated=data.updated, secret=data.secret,
                seed_known=data.seed_known))
            conn.execute(insert(SeatRow), [
                {"game_id": data.id, "seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot,
                 "token_hash": s.token_hash, "claimed": s.claimed} for s in data.seats])
            if data.events:
                conn.execute(insert(EventRow), [
                    {"game_id": data.id, "idx": i, "text": text, "actor": actor,
                     "created": data.created} for i, (text, actor) in enumerate(data.events)])

    def append_events(self, game_id: str, expected_version: int,
                      events: Iterable[tuple[str, int | None]], status: str,
                      result: dict[str, Any] | None,
                      also: Callable[[Any], dict[str, Any] | None] | None = None) -> dt.datetime:
        """Append ``events`` (text, actor) after ``expected_version`` events.

        The version check, the inserts and ``also(connection)`` (more writes that belong
        with the move: its table's clock; it returns the notes the notification carries to
        the other processes, see :meth:`_notify`) are one transaction (on PostgreSQL
        ``also`` goes first and the rest is one statement: :meth:`_append_pg`). Raises
        :class:`StaleVersion` (nothing written) when the stored version differs.
        """
        events = list(events)
        stamp = now()
        new_version = expected_version + len(events)
        if self.shared:
            return self._append_pg(game_id, expected_version, events, status, result, also, stamp)
        try:
            with self._write_lock, self.engine.begin() as conn:
                done = conn.execute(APPEND_VERSION, {
                    "b_id": game_id, "b_expected": expected_version, "b_version": new_version,
                    "b_status": status, "b_updated": stamp,
                    "b_result": json.dumps(result) if result is not None else None})
                if done.rowcount != 1:
                    raise StaleVersion(f"game {game_id} is no longer at version {expected_version}")
                if events:
                    conn.execute(INSERT_EVENTS, [
                        {"game_id": game_id, "idx": expected_version + i, "text": text,
                         "actor": actor, "created": stamp}
                        for i, (text, actor) in enumerate(events)])
                if also is not None:
                    also(conn)      # its notes are for other processes: SQLite has none
        except IntegrityError:
            raise StaleVersion(f"game {game_id}: event {expected_version} already stored") from None
        return stamp

    def _append_pg(self, game_id: str, expected_version: int, events: list[tuple[str, int | None]],
                   status: str, result: dict[str, Any] | None,
                   also: Callable[[Any], dict[str, Any] | None] | None,
                   stamp: dt.datetime) -> dt.datetime:
        """:meth:`append_events` on PostgreSQL in two round trips and the commit: first the
        writes that go with the move (``also``: its clock, whose note the notification
        carries), then :data:`APPEND_PG`. Every round trip counts: on a loaded machine each
        one is a wait and a wake-up of this process and of a PostgreSQL backend. The
        notification goes after the commit, through :attr:`notifier` (why: :mod:`.notifier`)."""
        texts = [t for t, _a in events]
        new_version = expected_version + len(events)
        try:
            with self.engine.begin() as conn:
                notes = also(conn) if also is not None else None
                done = conn.execute(APPEND_PG, {
                    "b_id": game_id, "b_expected": expected_version,
                    "b_version": new_version, "b_status": status,
                    "b_updated": stamp, "b_imported": IMPORTED,
                    "b_result": json.dumps(result) if result is not None else None,
                    "b_texts": texts, "b_actors": [a for _t, a in events]}).scalar()
                if done != 1:       # leaving the block rolls back the clock
                    raise StaleVersion(f"game {game_id} is no longer at version {expected_version}")
        except IntegrityError:
            raise StaleVersion(f"game {game_id}: event {expected_version} already stored") from None
        assert self.notifier is not None
        self.notifier.send(self._payload(game_id, new_version, "e", texts, notes))
        return stamp

    def truncate_events(self, game_id: str, expected_version: int, to_version: int,
                        status: str, also: Callable[[Any], None] | None = None) -> dt.datetime:
        """A take-back: drop the events from index ``to_version`` on, so that the record keeps
        only the events that stand, in one version-checked transaction with ``also(conn)``
        (the table's state). Raises :class:`StaleVersion` (nothing written) when the stored
        version is not ``expected_version``. Notifies the other processes (kind ``t``)."""
        stamp = now()
        try:
            with self._write_lock, self.engine.begin() as conn:
                done = conn.execute(APPEND_VERSION, {
                    "b_id": game_id, "b_expected": expected_version, "b_version": to_version,
                    "b_status": status, "b_updated": stamp, "b_result": None})
                if done.rowcount != 1:
                    raise StaleVersion(f"game {game_id} is no longer at version {expected_version}")
                events = EventRow.__table__
                conn.execute(events.delete().where(events.c.game_id == game_id,
                                                   events.c.idx >= to_version))
                if also is not None:
                    also(conn)
                self._notify(conn, game_id, to_version, "t")
        except IntegrityError:
            raise StaleVersion(f"game {game_id}: the take-back met another write") from None
        return stamp

    def claim_seat(self, game_id: str, seat: int, token_hash: str | None, name: str | None,
                   status: str, rename: bool = True) -> dt.datetime:
        """Mark a free human seat claimed (with a new token hash and name when given).

        Raises :class:`SeatTaken` when the seat was claimed meanwhile.
        """
        stamp = now()
        values: dict[str, Any] = {"claimed": True}
        if token_hash is not None:
            values["token_hash"] = token_hash
        if rename:
            values["name"] = name
        with self._write_lock, self.engine.begin() as conn:
            done = conn.execute(
                update(SeatRow)
                .where(SeatRow.game_id == game_id, SeatRow.seat == seat,
                       SeatRow.kind == "human", SeatRow.claimed.is_(False))
                .values(**values))
            if done.rowcount != 1:
                raise SeatTaken(f"seat {seat + 1} of game {game_id} is taken")
            conn.execute(update(GameRow).where(GameRow.id == game_id)
                         .values(status=status, updated=stamp))
            self._notify(conn, game_id, -1, "s")
        return stamp

    def rename_seat(self, game_id: str, seat: int, name: str | None) -> dt.datetime:
        stamp = now()
        with self._write_lock, self.engine.begin() as conn:
            conn.execute(update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat,
                                               SeatRow.kind == "human").values(name=name))
            conn.execute(update(GameRow).where(GameRow.id == game_id).values(updated=stamp))
            self._notify(conn, game_id, -1, "s")
        return stamp

    # ------------------------------------------------------------ reads
    def load_game(self, game_id: str, with_events: bool = True) -> GameData | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(GameRow).where(GameRow.id == game_id)).first()
            if row is None:
                return None
            data = self._game_data(row)
            data.seats = self._seats(conn, [game_id]).get(game_id, [])
            if with_events:
                data.events = [(r.text, r.actor) for r in conn.execute(
                    select(EventRow.text, EventRow.actor)
                    .where(EventRow.game_id == game_id).order_by(EventRow.idx))]
        return data

    def events_since(self, game_id: str, start: int) -> list[tuple[str, int | None]]:
        """The events ``(text, actor)`` from 0-based index ``start`` on, in order."""
        with self.engine.connect() as conn:
            return [(r.text, r.actor) for r in conn.execute(
                select(EventRow.text, EventRow.actor)
                .where(EventRow.game_id == game_id, EventRow.idx >= start).order_by(EventRow.idx))]

    def seats_of(self, game_id: str) -> tuple[str, list[SeatData]] | None:
        """The game's status and seats, or ``None`` for an unknown game."""
        with self.engine.connect() as conn:
            status = conn.execute(select(GameRow.status).where(GameRow.id == game_id)).scalar()
            if status is None:
                return None
            return status, self._seats(conn, [game_id]).get(game_id, [])

    def stamps(self, ids: Iterable[str]) -> dict[str, tuple[int, dt.datetime]]:
        """``{id: (version, updated)}`` of the given games (the unknown ones left out)."""
        ids = list(ids)
        out: dict[str, tuple[int, dt.datetime]] = {}
        with self.engine.connect() as conn:
            for chunk in range(0, len(ids), 500):
                for r in conn.execute(select(GameRow.id, GameRow.version, GameRow.updated)
                                      .where(GameRow.id.in_(ids[chunk:chunk + 500]))):
                    out[r.id] = (r.version, aware(r.updated))
        return out

    # ------------------------------------------------------------ bot leases (PostgreSQL)
    def acquire_lease(self, game_id: str, ttl: float) -> bool:
        """Take (or extend) the lease on ``game_id``'s bot seats for ``ttl`` seconds.

        True if this process holds it now: it was free, expired, or already
        ours. Times are the database's clock, so hosts need not agree.
        """
        with self.engine.begin() as conn:
            row = conn.execute(text(
                "INSERT INTO bot_leases (game_id, owner, expires) "
                "VALUES (:g, :o, now() + make_interval(secs => :t)) "
                "ON CONFLICT (game_id) DO UPDATE SET owner = EXCLUDED.owner, "
                "expires = EXCLUDED.expires "
                "WHERE bot_leases.owner = EXCLUDED.owner OR bot_leases.expires < now() "
                "RETURNING owner"), {"g": game_id, "o": self.origin, "t": ttl}).first()
        return row is not None

    def renew_leases(self, ttl: float) -> set[str]:
        """Extend every lease this process holds; drop those of finished games. Returns the
        ids of the games whose bots this process still moves."""
        with self.engine.begin() as conn:
            conn.execute(text(
                "DELETE FROM bot_leases l USING games g WHERE l.game_id = g.id "
                "AND l.owner = :o AND g.status NOT IN ('open', 'playing')"), {"o": self.origin})
            return {r[0] for r in conn.execute(text(
                "UPDATE bot_leases SET expires = now() + make_interval(secs => :t) "
                "WHERE owner = :o AND expires >= now() RETURNING game_id"),
                {"o": self.origin, "t": ttl})}

    def hand_lease(self, game_id: str, to: str, ttl: float) -> bool:
        """Give this process's lease on ``game_id``'s bot seats to the process named ``to``
        (a :attr:`origin`) for ``ttl`` seconds, and tell it (kind ``l``, the JSON of ``to``):
        one transaction. False if this process no longer held it. Used to move a game's bots
        to the process that holds its players' sockets (thebes/server/live/bots.py); if ``to``
        died meanwhile, its lease expires and another process takes over as usual."""
        with self.engine.begin() as conn:
            row = conn.execute(text(
                "UPDATE bot_leases SET owner = :to, expires = now() + make_interval(secs => :t) "
                "WHERE game_id = :g AND owner = :o RETURNING game_id"),
                {"g": game_id, "o": self.origin, "to": to, "t": ttl}).first()
            if row is None:
                return False
            conn.execute(NOTIFY, {"c": CHANNEL,
                                  "p": f"{game_id} -1 {self.origin} l {json.dumps(to)}"})
        return True

    def release_leases(self) -> None:
        """Give up every lease this process holds (a clean stop: others take over at once, as
        from a process that died: the leases are marked expired)."""
        with self.engine.begin() as conn:
            conn.execute(text("UPDATE bot_leases SET expires = now() - interval '1 second' "
                              "WHERE owner = :o"), {"o": self.origin})

    def orphan_bot_games(self, quiet_s: float, limit: int = 200) -> list[str]:
        """Unfinished games with a bot seat whose bots nobody moves, oldest change first: their
        lease expired (its process died or stalled), or they never had one and nothing was
        stored for ``quiet_s`` seconds. A game just created or just moved without a lease is
        left alone: a person is to move there, and the process that stores that move takes
        the lease if a bot is next (taking it here would load the game into whichever
        process swept first, most often not the one that holds its sockets). ``updated`` is
        the storing process's clock: hosts should agree within a second (NTP)."""
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(text(
                "SELECT g.id FROM games g LEFT JOIN bot_leases l ON l.game_id = g.id "
                "WHERE g.status IN ('open', 'playing') "
                "AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.kind = 'bot') "
                "AND (l.expires < now() OR (l.game_id IS NULL "
                "AND g.updated < now() - make_interval(secs => :q))) "
                "ORDER BY g.updated LIMIT :n"), {"n": limit, "q": quiet_s})]

    def list_games(self, status: str | None = None, limit: int = 200) -> list[GameData]:
        """Games newest first (no events), with their seats (never an import: see :data:`IMPORTED`)."""
        query = select(GameRow).order_by(GameRow.created.desc(), GameRow.id).limit(limit)
        if status is not None:
            query = query.where(GameRow.status == status)
        else:
            query = query.where(GameRow.status != IMPORTED)
        with self.engine.connect() as conn:
            games = [self._game_data(row) for row in conn.execute(query)]
            seats = self._seats(conn, [g.id for g in games])
        for g in games:
            g.seats = seats.get(g.id, [])
        return games

    def unfinished_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(
                select(GameRow.id).where(GameRow.status.not_in(("finished", IMPORTED)))
                .order_by(GameRow.created))]

    @staticmethod
    def _game_data(row: Any) -> GameData:
        g = row
        return GameData(id=g.id, game=g.game, players=g.players, options=json.loads(g.options),
                        seed=g.seed, status=g.status, version=g.version,
                        result=json.loads(g.result) if g.result else None,
                        created=aware(g.created), updated=aware(g.updated),
                        secret=g.secret, seed_known=bool(g.seed_known))

    @staticmethod
    def _seats(conn: Any, ids: list[str]) -> dict[str, list[SeatData]]:
        out: dict[str, list[SeatData]] = {}
        if not ids:
            return out
        for chunk in range(0, len(ids), 500):
            part = ids[chunk:chunk + 500]
            for r in conn.execute(select(SeatRow).where(SeatRow.game_id.in_(part))
                                  .order_by(SeatRow.game_id, SeatRow.seat)):
                s = r
                out.setdefault(s.game_id, []).append(SeatData(
                    seat=s.seat, kind=s.kind, name=s.name, bot=s.bot, token_hash=s.token_hash,
                    claimed=bool(s.claimed)))
        return out

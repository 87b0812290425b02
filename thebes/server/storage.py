"""Lasting storage of games: SQLAlchemy 2 models and the few statements the server needs.

A game is stored as its record (one ``events`` row per event, in order) plus
metadata (``games``: game name, players, options, seed, status, version,
times, result; ``seats``: kind, name, bot, token hash, claimed). The event
rows are the only source of truth for the position: the server rebuilds any
game by replaying them.

Optimistic concurrency: every append runs ``UPDATE games SET version = new
WHERE id = :id AND version = :expected`` and inserts the new event rows in the
same transaction; the ``(game_id, idx)`` primary key of ``events`` backs it
up. Two racing appends for the same version cannot both land: the second
matches no row (or hits the key) and its transaction is rolled back.

The schema is created and upgraded by Alembic (``thebes/server/migrations``)
when a :class:`Storage` is opened, so a newer version opens an older database
(on PostgreSQL under an advisory lock: processes starting together migrate once).

Several server processes (docs/deploy.md): on PostgreSQL every write that a
socket must see (events appended, a seat claimed or renamed) sends
``NOTIFY thebes_games, '<game id> <version> <origin> <kind>[ <texts>]'``
(thebes/server/fanout.py listens): a seat's change in its own transaction (the
notification is delivered if and only if the write committed), a move just
after its commit, through this process's :class:`~.notifier.Notifier`, because
notifying commits are serialized cluster-wide (thebes/server/notifier.py). ``bot_leases``
says which process moves a game's bot seats (thebes/server/bots.py). SQLite
serves one process: :meth:`Storage.claim_writer` refuses a second one.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import logging
import os
import threading
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from sqlalchemy import (Boolean, DateTime, ForeignKey, Integer, String, Text, bindparam,
                        create_engine, event, insert, select, text, update)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from .notifier import Notifier

log = logging.getLogger("thebes.server")

#: the database used when neither ``--database`` nor ``THEBES_DATABASE_URL`` is given.
DEFAULT_DATABASE = "thebes.db"

#: ``games.status`` of an uploaded record kept to be viewed (thebes/server/replay.py): never
#: played on, never listed in the lobby, never resumed, and no event is ever appended to it.
IMPORTED = "imported"


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[str] = mapped_column(Text, default="{}")          # JSON object
    seed: Mapped[str] = mapped_column(String(80))                      # decimal text of an int
    status: Mapped[str] = mapped_column(String(16), index=True)        # open | playing | finished | imported
    version: Mapped[int] = mapped_column(Integer, default=0)           # number of events
    result: Mapped[str | None] = mapped_column(Text, nullable=True)    # JSON {"scores","ranking"}
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), index=True)
    updated: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    # the server secret mixed into chance (hex; NULL: chance from the seed alone) and whether
    # the set-up is known to the creator (a chosen seed, a continued upload): migration 0004
    secret: Mapped[str | None] = mapped_column(String(64), nullable=True)
    seed_known: Mapped[bool] = mapped_column(Boolean, default=False)


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)       # 0-based
    kind: Mapped[str] = mapped_column(String(8))                       # human | bot
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    claimed: Mapped[bool] = mapped_column(Boolean, default=False)


class EventRow(Base):
    __tablename__ = "events"

    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)        # 0-based index in the record
    text: Mapped[str] = mapped_column(Text)
    actor: Mapped[int | None] = mapped_column(Integer, nullable=True)  # 0-based seat, None = chance
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class BotLeaseRow(Base):
    __tablename__ = "bot_leases"

    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    owner: Mapped[str] = mapped_column(String(120), index=True)    # a process's Storage.origin
    expires: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


#: the PostgreSQL channel of game changes (payload: "<game id> <version> <origin> <kind>")
CHANNEL = "thebes_games"

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
#: notification follows the commit: thebes/server/notifier.py); its value is the number of
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


# ---------------------------------------------------------------------- values
@dataclass
class SeatData:
    seat: int                     # 0-based
    kind: str                     # "human" | "bot"
    name: str | None = None
    bot: str | None = None
    token_hash: str | None = None
    claimed: bool = False


@dataclass
class GameData:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: str
    status: str
    version: int
    result: dict[str, Any] | None
    created: dt.datetime
    updated: dt.datetime
    seats: list[SeatData] = field(default_factory=list)
    events: list[tuple[str, int | None]] = field(default_factory=list)  # (text, actor)
    secret: str | None = None     # never leaves the server
    seed_known: bool = False


class StaleVersion(Exception):
    """An append met a version other than the one it expected (someone else moved first)."""


class SeatTaken(Exception):
    """A seat claim met a seat that is already claimed."""


class DatabaseBusy(Exception):
    """A SQLite database already served by another process (SQLite serves one process)."""


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


def _aware(value: dt.datetime) -> dt.datetime:
    # SQLite gives naive datetimes back; every time we store is UTC.
    return value if value.tzinfo is not None else value.replace(tzinfo=dt.timezone.utc)


# ---------------------------------------------------------------------- URLs
def database_url(value: str | None = None) -> str:
    """The SQLAlchemy URL for ``--database`` / ``THEBES_DATABASE_URL`` / the default file.

    A value without ``://`` is a SQLite file path (made absolute). ``postgresql://``
    and ``postgres://`` URLs use the psycopg (3) driver.
    """
    value = value or os.environ.get("THEBES_DATABASE_URL") or DEFAULT_DATABASE
    if "://" not in value:
        return "sqlite:///" + str(Path(value).expanduser().resolve())
    for prefix in ("postgresql://", "postgres://"):
        if value.startswith(prefix):
            return "postgresql+psycopg://" + value[len(prefix):]
    return value


def display_url(url: str) -> str:
    """The URL for a person: the file path for SQLite, the password hidden otherwise."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return parsed.database or ":memory:"
    return parsed.render_as_string(hide_password=True)


def make_engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=30000")
            # WAL: readers never wait for the writer, and a commit is an append, not a
            # rewrite (synchronous=NORMAL stays safe against a crash of the server).
            if parsed.database and parsed.database != ":memory:":
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    pool = int(os.environ.get("THEBES_DB_POOL", "10"))
    return create_engine(url, pool_pre_ping=True, pool_size=pool, max_overflow=2 * pool)


class Checkpoints:
    """Copies a SQLite file's write-ahead log back into the database every second, in a thread
    of its own, so that no commit does it.

    By default the commit that finds the log past 1,000 pages copies it and syncs the file,
    holding every other writer for milliseconds (benchmarks/sqlite_commits.py measures a
    move's transaction both ways; docs/deploy.md). This is SQLite's own advice for a busy writer
    (https://sqlite.org/wal.html, "Automatic Checkpoint"): ``wal_autocheckpoint=0`` on the
    writing connections and a ``PASSIVE`` checkpoint, which waits for no reader or writer,
    from another connection; a ``TRUNCATE`` one at :meth:`stop`.
    """

    def __init__(self, path: str, every_s: float = 1.0) -> None:
        self._path = path
        self._every_s = every_s
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="thebes-checkpoints", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        import sqlite3

        conn = sqlite3.connect(self._path, timeout=30, check_same_thread=False)
        try:
            while not self._stopping.wait(self._every_s):
                try:
                    conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                except sqlite3.Error as err:       # a busy file: the next second tries again
                    log.warning("SQLite checkpoint of %s failed: %s", self._path, err)
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        except sqlite3.Error as err:
            log.warning("SQLite checkpoint of %s failed: %s", self._path, err)
        finally:
            conn.close()

    def stop(self) -> None:
        """The last checkpoint (the log emptied), then the thread ends."""
        self._stopping.set()
        self._thread.join(timeout=30)


def libpq_url(url: str) -> str:
    """The plain ``postgresql://`` URL (for psycopg itself) of a SQLAlchemy PostgreSQL URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


#: key of the advisory lock that makes processes starting together migrate one at a time
_MIGRATION_LOCK = 0x7468_6562_6573   # "thebes"


def upgrade_schema(engine: Engine, revision: str = "head") -> None:
    """Create or upgrade the schema with Alembic (the migrations shipped in this package)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def schema_head() -> str:
    """The newest migration shipped in this package (what :func:`upgrade_schema` reaches)."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    return str(ScriptDirectory.from_config(config).get_current_head())


def schema_revision(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


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
                    out[r.id] = (r.version, _aware(r.updated))
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
        to the process that holds its players' sockets (thebes/server/bots.py); if ``to``
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
                        created=_aware(g.created), updated=_aware(g.updated),
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

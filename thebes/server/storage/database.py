"""Where the database is: its URL, its engine, SQLite's checkpoints, and the schema's upgrade.

The schema is created and upgraded by Alembic (``thebes/server/storage/migrations``)
when a :class:`~.store.Storage` is opened, so a newer version opens an older database
(on PostgreSQL under an advisory lock: processes starting together migrate once).
"""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine, make_url

log = logging.getLogger("thebes.server")

#: the database used when neither ``--database`` nor ``THEBES_DATABASE_URL`` is given.
DEFAULT_DATABASE = "thebes.db"

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

"""Start-up checks of ``thebes serve --database``: before anything is written to it.

* :func:`check_url`: the URL names a database thebes supports (a SQLite file,
  or PostgreSQL through psycopg 3); an in-memory SQLite database is refused
  (every game would be lost at exit, and the server's threads could not share it).
* :func:`check_not_foreign`: a database that already holds tables holds
  thebes's (the models of schema.py and communitydb.py, and ``alembic_version``) and no
  others. A SQLite file is opened read-only for this, before the server's own
  connection (which switches the file to WAL) ever touches it.

Both raise :class:`~thebes.core.OptionsError` with one sentence for a person.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
from pathlib import Path
from urllib.parse import quote

from thebes.core import OptionsError

#: URL forms for messages.
SUPPORTED = "a SQLite file path (thebes.db, sqlite:///PATH) or postgresql://USER:PASSWORD@HOST/DB"

def our_tables() -> frozenset[str]:
    """The tables a thebes database holds: those of schema.py, of the tables, players and
    reviews (communitydb.py), and Alembic's."""
    from .communitydb import metadata as community
    from .communitydb import reviews_table
    from .schema import Base
    return (frozenset(Base.metadata.tables) | frozenset(community.tables)
            | {reviews_table.name, "alembic_version"})


def check_url(url: str) -> None:
    """Refuse a URL thebes cannot serve from, judged by what it would really open.

    A SQLite URL is the plain driver (``sqlite://``, ``sqlite+pysqlite://``) and a file
    path with no query: a URI filename (``sqlite:///file:x?uri=true``) or a ``mode`` would
    open something else than the path says (or make a folder named ``file:``), and the
    ``aiosqlite``, ``pysqlcipher`` drivers are not the server's. An existing path must be
    a regular file (not a folder, a device or a pipe). Raises :class:`OptionsError`.
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
        backend, driver = parsed.get_backend_name(), parsed.get_driver_name()
    except (ArgumentError, ValueError, TypeError) as err:
        raise OptionsError(f"--database {url[:80]!r} is not a database URL ({err}); "
                           f"use {SUPPORTED}") from None
    shown = url if backend == "sqlite" else parsed.render_as_string(hide_password=True)
    if backend == "sqlite":
        database = parsed.database or ""
        if database in ("", ":memory:") or parsed.query.get("mode") == "memory":
            raise OptionsError(f"--database {shown}: an in-memory database would lose every "
                               f"game when the server stops; give a file path (thebes.db)")
        if driver not in ("pysqlite", ""):
            raise OptionsError(f"--database {shown}: sqlite+{driver} is not supported; "
                               f"use {SUPPORTED}")
        if parsed.query or database.startswith("file:") or "\x00" in database:
            raise OptionsError(f"--database {shown}: give a plain file path (no SQLite URI "
                               f"filename, no ?options); use {SUPPORTED}")
        path = Path(database)
        try:
            info = path.stat()
        except FileNotFoundError:
            return
        except (OSError, ValueError) as err:
            raise OptionsError(f"--database {path}: cannot be opened ({err})") from None
        if not stat.S_ISREG(info.st_mode):
            raise OptionsError(f"--database {path}: not a regular file (a folder, a device or "
                               f"a pipe); give a SQLite file path")
        return
    if backend == "postgresql" and driver == "psycopg":
        return
    raise OptionsError(f"--database {shown}: {backend}"
                       f"{'+' + driver if driver and backend == 'postgresql' else ''} is not "
                       f"supported; use {SUPPORTED}")


def check_not_foreign(url: str) -> None:
    """Refuse a database that holds something else than thebes's. Writes nothing.

    A thebes database holds only thebes's tables (:func:`our_tables`), no views, and in
    ``alembic_version`` a revision of thebes's own migrations; an empty database (or a
    new, empty file) is welcome. A SQLite file is opened read-only for this, before the
    server's own connection (which switches the file to WAL) touches it.

    Raises :class:`OptionsError` (a file that is not SQLite, a foreign table or view, or
    another application's ``alembic_version``).
    """
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        path = Path(parsed.database or "")
        if not path.is_file():
            return
        shown = str(path)
        folder = path.resolve().parent
        if (not os.access(path, os.R_OK | os.W_OK) or not path.stat().st_mode & 0o222
                or not os.access(folder, os.W_OK | os.X_OK)):
            raise OptionsError(f"--database {path}: the file or its folder is not writable "
                               f"(the server writes the file and its -wal and -shm beside it)")
        try:
            with contextlib.closing(sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro",
                                                    uri=True)) as conn:
                objects = conn.execute("SELECT type, name FROM sqlite_master "
                                       "WHERE type IN ('table', 'view')").fetchall()
                tables = {name for kind, name in objects if kind == "table"}
                views = {name for kind, name in objects if kind == "view"}
                revisions = (set() if "alembic_version" not in tables else
                             {str(row[0]) for row in conn.execute(
                                 "SELECT * FROM alembic_version").fetchall() if row})
        except sqlite3.Error as err:
            raise OptionsError(f"--database {path}: not a SQLite database thebes can read "
                               f"({err}); refusing to touch it") from None
    else:
        from sqlalchemy import create_engine, inspect, text
        from sqlalchemy.exc import SQLAlchemyError

        shown = parsed.render_as_string(hide_password=True)
        engine = create_engine(url)
        try:
            inspector = inspect(engine)
            tables = set(inspector.get_table_names())
            views = set(inspector.get_view_names())
            revisions = set()
            if "alembic_version" in tables:
                with engine.connect() as connection:
                    revisions = {str(row[0]) for row in connection.execute(
                        text("SELECT * FROM alembic_version")) if row}
        except SQLAlchemyError as err:
            reason = str(getattr(err, "orig", None) or err).strip().splitlines()
            raise OptionsError(f"--database {shown}: cannot open the database, cannot connect "
                               f"({reason[0] if reason else type(err).__name__})") from None
        finally:
            engine.dispose()
    tables = {t for t in tables if not t.startswith("sqlite_")}
    foreign = sorted(tables - our_tables())
    if views:
        raise OptionsError(f"--database {shown} is not a thebes database (it holds the views "
                           f"{', '.join(sorted(views)[:5])}); refusing to change it: give a "
                           f"new file or an empty database")
    if foreign or (tables and "alembic_version" not in tables):
        names = ", ".join(foreign[:5]) or ", ".join(sorted(tables))
        raise OptionsError(f"--database {shown} is not a thebes database (it holds the tables "
                           f"{names}); refusing to change it: give a new file or an empty "
                           f"database")
    strange = sorted(revisions - our_revisions())
    if strange:
        raise OptionsError(f"--database {shown} is not a thebes database (its alembic_version "
                           f"is {strange[0][:40]!r}, no migration of thebes; another "
                           f"application's, or a newer thebes's); refusing to change it")


def our_revisions() -> frozenset[str]:
    """Every revision of thebes's migrations (thebes/server/storage/migrations)."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    return frozenset(script.revision for script in
                     ScriptDirectory.from_config(config).walk_revisions())

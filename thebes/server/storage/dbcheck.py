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

import sqlite3
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
    """Refuse a URL thebes cannot serve from. Raises :class:`OptionsError`."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError) as err:
        raise OptionsError(f"--database {url[:80]!r} is not a database URL ({err}); "
                           f"use {SUPPORTED}") from None
    backend, driver = parsed.get_backend_name(), parsed.get_driver_name()
    shown = url if backend == "sqlite" else parsed.render_as_string(hide_password=True)
    if backend == "sqlite":
        database = parsed.database or ""
        if database in ("", ":memory:") or parsed.query.get("mode") == "memory":
            raise OptionsError(f"--database {shown}: an in-memory database would lose every "
                               f"game when the server stops; give a file path (thebes.db)")
        return
    if backend == "postgresql" and driver == "psycopg":
        return
    raise OptionsError(f"--database {shown}: {backend}"
                       f"{'+' + driver if driver and backend == 'postgresql' else ''} is not "
                       f"supported; use {SUPPORTED}")


def check_not_foreign(url: str) -> None:
    """Refuse a database that holds tables of something else. Writes nothing.

    Raises :class:`OptionsError` (a file that is not SQLite, or foreign tables).
    """
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        path = Path(parsed.database or "")
        if not path.is_file() or path.stat().st_size == 0:
            return
        try:
            with sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True) as conn:
                tables = {row[0] for row in conn.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'")}
            conn.close()
        except sqlite3.Error as err:
            raise OptionsError(f"--database {path}: not a SQLite database ({err}); "
                               f"refusing to touch it") from None
        shown = str(path)
    else:
        from sqlalchemy import create_engine, inspect
        from sqlalchemy.exc import SQLAlchemyError

        engine = create_engine(url)
        try:
            tables = set(inspect(engine).get_table_names())
        except SQLAlchemyError:
            return   # cannot connect: the server's own connection says why
        finally:
            engine.dispose()
        shown = parsed.render_as_string(hide_password=True)
    tables = {t for t in tables if not t.startswith("sqlite_")}
    foreign = sorted(tables - our_tables())
    if foreign or (tables and "alembic_version" not in tables):
        names = ", ".join(foreign[:5]) or ", ".join(sorted(tables))
        raise OptionsError(f"--database {shown} is not a thebes database (it holds the tables "
                           f"{names}); refusing to change it: give a new file or an empty "
                           f"database")

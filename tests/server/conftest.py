"""Fixtures of the server tests: apps on SQLite files (and PostgreSQL when a server is reachable)."""

from __future__ import annotations

import os
import sys
import time
import uuid
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from thebes.core import register_game  # noqa: E402

register_game("toy", "server_toygame:GAME")

#: where scripts/setup/postgres.sh writes the URL of the server it started.
PG_URL_FILE = Path(os.environ.get("THEBES_TEST_POSTGRES_URL_FILE", "/tmp/thebes-test-postgres.url"))
PG_DEFAULT = "postgresql+psycopg://thebes:thebes@127.0.0.1:5432/thebes_test"


def postgres_url() -> tuple[str | None, str]:
    """(URL, reason) of a reachable PostgreSQL test server, or (None, why not)."""
    candidates = []
    if os.environ.get("THEBES_TEST_POSTGRES_URL"):
        candidates.append(os.environ["THEBES_TEST_POSTGRES_URL"])
    if PG_URL_FILE.is_file():
        candidates.append(PG_URL_FILE.read_text().strip())
    candidates.append(PG_DEFAULT)
    try:
        import psycopg
    except ImportError:
        return None, "psycopg is not installed"
    from thebes.server.storage.database import database_url
    reasons = []
    for url in dict.fromkeys(database_url(c) for c in candidates):
        plain = url.replace("postgresql+psycopg://", "postgresql://")
        try:
            psycopg.connect(plain, connect_timeout=3).close()
            return url, ""
        except Exception as err:  # noqa: BLE001 - any failure means "not reachable"
            reasons.append(f"{plain.split('@')[-1]}: {str(err).strip().splitlines()[0]}")
    return None, "no PostgreSQL server reachable (run scripts/setup/postgres.sh): " + "; ".join(reasons)


_PG: tuple[str | None, str] | None = None


def pg() -> tuple[str | None, str]:
    global _PG
    if _PG is None:
        _PG = postgres_url()
        if _PG[0] is not None:
            _drop_old_schemas(_PG[0])
    return _PG


#: schemas older than this are left-overs of earlier runs; younger ones may belong to a run
#: going on beside this one (two checkouts testing against one server), so they are kept.
STALE_SCHEMA_S = 3 * 3600


def _drop_old_schemas(url: str) -> None:
    """Drop the schemas earlier test runs left behind (named ``t_<unix seconds>_<hex>``)."""
    import psycopg
    cutoff = int(time.time()) - STALE_SCHEMA_S
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as c:
        names = [r[0] for r in c.execute(
            "SELECT nspname FROM pg_namespace WHERE nspname LIKE 't\\_%' AND nspowner = "
            "(SELECT oid FROM pg_roles WHERE rolname = current_user)")]
        for name in names:
            parts = name.split("_")
            born = int(parts[1]) if len(parts) == 3 and parts[1].isdigit() else 0
            if born < cutoff:
                c.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")


def fresh_postgres_schema(url: str) -> str:
    """A URL whose connections use a new empty schema (so tests never see each other's tables)."""
    import psycopg
    schema = f"t_{int(time.time())}_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as c:
        c.execute(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in url else "?"
    return f"{url}{sep}options=-csearch_path%3D{schema}"


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Say it plainly when the PostgreSQL half of the storage tests did not run."""
    if _PG is not None and _PG[0] is None:
        terminalreporter.write_line(f"tests/server: PostgreSQL storage tests SKIPPED: {_PG[1]}",
                                    yellow=True)
    elif _PG is not None:
        terminalreporter.write_line("tests/server: PostgreSQL storage tests ran against "
                                    + _PG[0].split("@")[-1])


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database URL: a SQLite file, or a fresh schema on the PostgreSQL test server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'thebes.db'}"
    url, reason = pg()
    if url is None:
        pytest.skip(reason)
    return fresh_postgres_schema(url)


@pytest.fixture
def pg_url() -> str:
    """A fresh schema on the PostgreSQL test server (skips, saying why, without one)."""
    url, reason = pg()
    if url is None:
        pytest.skip(reason)
    return fresh_postgres_schema(url)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'thebes.db'}"


def wait_until(predicate: Callable[[], Any], timeout: float = 30.0, step: float = 0.01) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(step)


def test_settings(**changes: Any) -> Any:
    """Settings for tests that create hundreds of games from one client: rates and caps it never
    meets, chosen seeds in games of several humans (the limits and the seed rule themselves are
    tested with their defaults in test_server_hardening*.py)."""
    from thebes.server.guard.settings import Settings
    return Settings.unlimited(**changes)


@pytest.fixture
def make_client() -> Iterator[Callable[..., Any]]:
    """``make_client(url, bot_delay=0, settings=test_settings())`` -> a started TestClient; all
    closed at the end."""
    from fastapi.testclient import TestClient
    from thebes.server.app import create_app

    clients: list[Any] = []

    def make(url: str, bot_delay: float = 0.0, settings: Any = None) -> Any:
        client = TestClient(create_app(url, bot_delay=bot_delay,
                                       settings=settings if settings is not None else test_settings()))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in reversed(clients):
        try:
            client.__exit__(None, None, None)
        except Exception:  # already closed by the test
            pass

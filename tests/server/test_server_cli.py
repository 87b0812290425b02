"""`thebes serve`: where the database is, what it prints (uvicorn itself is not started).

No test here binds a fixed port: a server the user left running on 8000 (the
README's first command) must not fail the suite. The default-port tests stub
the port probe; the one test of the probe binds a port the system chose.
"""

from __future__ import annotations

import pytest

from thebes.cli import main


@pytest.fixture
def served(monkeypatch):
    """uvicorn.run stubbed: the calls it would have had, in order."""
    import uvicorn
    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append((app, kw)))
    return calls


@pytest.fixture
def port_free(monkeypatch):
    """The port probe stubbed to say every port is free: the (host, port) pairs it was asked."""
    import thebes.server.serve
    asked = []
    monkeypatch.setattr(thebes.server.serve, "_port_problem",
                        lambda host, port: asked.append((host, port)) or None)
    return asked


def test_serve_defaults_to_thebes_db_in_the_current_directory(served, port_free, tmp_path,
                                                               monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("THEBES_DATABASE_URL", raising=False)
    assert main(["serve"]) == 0
    out = capsys.readouterr().out
    assert str(tmp_path / "thebes.db") in out
    assert "http://127.0.0.1:8000/" in out
    app, kw = served[0]
    assert kw["host"] == "127.0.0.1" and kw["port"] == 8000
    assert (tmp_path / "thebes.db").exists()        # created and migrated at once
    assert port_free == [("127.0.0.1", 8000)]       # the port was checked before starting


def test_serve_options_and_environment(served, port_free, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("THEBES_DATABASE_URL", str(tmp_path / "env.db"))
    assert main(["serve", "--port", "8123", "--bot-delay", "0.1"]) == 0
    assert str(tmp_path / "env.db") in capsys.readouterr().out
    assert main(["serve", "--host", "0.0.0.0", "--port", "9000", "--database",
                 f"sqlite:///{tmp_path / 'arg.db'}"]) == 0
    out = capsys.readouterr().out
    assert str(tmp_path / "arg.db") in out and ":9000/" in out
    assert served[-1][1]["host"] == "0.0.0.0"


def test_serve_refuses_an_unreachable_database(served, port_free, capsys):
    code = main(["serve", "--database", "postgresql://nobody:secret@127.0.0.1:1/none"])
    err = capsys.readouterr().err
    assert code == 2 and "cannot open the database" in err and "secret" not in err
    assert served == []


def test_serve_refuses_a_port_in_use(served, tmp_path, capsys):
    import socket
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code = main(["serve", "--port", str(port), "--database", str(tmp_path / "x.db")])
    assert code == 2 and "cannot listen" in capsys.readouterr().err
    assert served == [] and not (tmp_path / "x.db").exists()

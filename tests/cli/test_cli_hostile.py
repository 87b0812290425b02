"""Hostile command lines over every subcommand: one line on stderr naming the bad input,
exit 2 (1 only for replay's illegal event or wrong result), no traceback, no hang, and no
existing file changed unless asked (docs/cli.md, Exit codes)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from thebes.cli import main

FILES = {
    "u16.json": b"\xff\xfe{\x00}\x00",
    "latin1.json": b'{"game": "r\xe9", "players": 3, "events": []}',
    "binary.json": bytes(range(256)),
    "deep.json": b"[" * 100_000,
    "huge.json": b'{"game": "ra", "players": ' + b"9" * 5000 + b', "events": []}',
    "trunc.json": b'{"game": "ra", "players": 3, "ev',
    "list.json": b"[]",
    "chess.json": b'{"game": "chess", "players": 2, "events": []}',
    "players9.json": b'{"game": "ra", "players": 9, "events": []}',
    "badopt.json": b'{"game": "ra", "players": 3, "options": {"x": 1}, "events": []}',
    "illegal.json": b'{"game": "ra", "players": 3, "events": ["end"]}',
    "noseat.json": b'{"game": "ra", "players": 3, "human_seat": 7, "events": []}',
    "nan.json": b'{"game": "ra", "players": NaN, "events": []}',
}

SEATS3 = ["--seats", "random,random,random"]
ARENA = ["arena", "--game", "ra", "--players", "3", *SEATS3]
SELFPLAY = ["selfplay", "--game", "ra", "--players", "3", "--seed", "1"]

# (argv, exit code, words the one stderr line must hold)
CASES = [
    # replay: unreadable input is 2, never 1
    (["replay", "u16.json"], 2, "UTF-16"),
    (["replay", "latin1.json"], 2, "not UTF-8"),
    (["replay", "binary.json"], 2, "not UTF-8"),
    (["replay", "deep.json"], 2, "levels deep"),
    (["replay", "huge.json"], 2, "digits"),
    (["replay", "nan.json"], 2, "NaN"),
    (["replay", "trunc.json"], 2, "not JSON"),
    (["replay", "list.json"], 2, "JSON object"),
    (["replay", "chess.json"], 2, "unknown game"),
    (["replay", "players9.json"], 2, "3-5 players"),
    (["replay", "badopt.json"], 2, "no option"),
    (["replay", "missing.json"], 2, "missing.json"),
    (["replay", "."], 2, "cannot read"),
    (["replay", "/dev/zero"], 2, "larger than"),
    (["replay", "illegal.json"], 1, None),
    (["replay"], 2, "FILE"),
    # hint
    (["hint", "deep.json"], 2, "levels deep"),
    (["hint", "ok.json", "--seat", "9"], 2, "--seat 9"),
    (["hint", "ok.json", "--seat", "0"], 2, "--seat"),
    (["hint", "ok.json", "--at", "-1"], 2, "--at"),
    (["hint", "ok.json", "--at", "100000"], 2, "--at"),
    (["hint", "ok.json", "--think-ms", "nan"], 2, "--think-ms"),
    (["hint", "ok.json", "--think-ms", "inf"], 2, "--think-ms"),
    (["hint", "ok.json", "--think-ms", "1e300"], 2, "--think-ms"),
    (["hint", "ok.json", "--iterations", "0"], 2, "--iterations"),
    (["hint", "ok.json"], 2, "the game is over"),
    (["hint", "illegal.json"], 2, "end"),
    # selfplay
    ([*SELFPLAY[:-1], "x"], 2, "--seed"),
    ([*SELFPLAY[:-1], "1" * 40], 2, "--seed"),
    (["selfplay", "--game", "ra", "--players", "0", "--seed", "1"], 2, "--players"),
    (["selfplay", "--game", "ra", "--players", "9", "--seed", "1"], 2, "3-5 players"),
    (["selfplay", "--game", "chess", "--players", "3", "--seed", "1"], 2, "--game"),
    ([*SELFPLAY, "--options", "{bad"], 2, "--options"),
    ([*SELFPLAY, "--options", "[1]"], 2, "--options"),
    ([*SELFPLAY, "--options", '{"x": 1}'], 2, "--options"),
    ([*SELFPLAY, "--bot", "nobody"], 2, "unknown bot"),
    ([*SELFPLAY, "--out", "folder"], 2, "folder"),
    ([*SELFPLAY, "--out", ""], 2, "--out"),
    ([*SELFPLAY, "--out", "missing/x.json"], 2, "does not exist"),
    # arena
    ([*ARENA, "--games", "-1"], 2, "--games"),
    ([*ARENA, "--games", "0"], 2, "--games"),
    ([*ARENA, "--games", "1e3"], 2, "--games"),
    ([*ARENA, "--think-ms", "nan"], 2, "--think-ms"),
    ([*ARENA, "--think-ms", "0"], 2, "--think-ms"),
    ([*ARENA, "--think-ms", "-5"], 2, "--think-ms"),
    ([*ARENA, "--iterations", "0"], 2, "--iterations"),
    ([*ARENA, "--jobs", "0"], 2, "--jobs"),
    ([*ARENA, "--seed", "nan"], 2, "--seed"),
    ([*ARENA, "--options", "{bad"], 2, "--options"),
    ([*ARENA, "--records", "ok.json"], 2, "--records"),
    (["arena", "--game", "ra", "--players", "3", "--seats", "random,random"], 2, "--seats"),
    (["arena", "--game", "ra", "--players", "3", "--seats", "a,b,c"], 2, "unknown bot"),
    # bench
    (["bench", "--games", "0"], 2, "--games"),
    (["bench", "--games", "-3"], 2, "--games"),
    (["bench", "--game", "chess"], 2, "--game"),
    (["bench", "--seed", "1.5"], 2, "--seed"),
    # play (errors before any move, nothing written)
    (["play", "ra", "--players", "0"], 2, "--players"),
    (["play", "ra", "--players", "9", "--save", "new.json"], 2, "3-5 players"),
    (["play", "ra", "--seat", "4", "--save", "new.json"], 2, "--seat 4"),
    (["play", "ra", "--seat", "0"], 2, "--seat"),
    (["play", "ra", "--delay", "nan"], 2, "--delay"),
    (["play", "ra", "--delay", "-1"], 2, "--delay"),
    (["play", "ra", "--options", "{bad", "--save", "new.json"], 2, "--options"),
    (["play", "ra", "--bot", "nobody", "--save", "new.json"], 2, "unknown bot"),
    (["play", "ra", "--save", "ok.json"], 2, "not replaced"),
    (["play", "ra", "--save", "-"], 2, "--save"),
    (["play", "ra", "--save", ""], 2, "--save"),
    (["play", "--save", "new.json"], 2, "name a game"),
    (["play", "--resume", "binary.json"], 2, "not UTF-8"),
    (["play", "--resume", "ok.json"], 2, "over"),
    (["play", "--resume", "noseat.json"], 2, "seat 7"),
    (["play", "--resume", "illegal.json"], 2, "end"),
    (["play", "--resume", "missing.json"], 2, "missing.json"),
    # serve (refused before it listens or writes)
    (["serve", "--port", "70000"], 2, "--port"),
    (["serve", "--port", "0"], 2, "--port"),
    (["serve", "--port", "http"], 2, "--port"),
    (["serve", "--bot-delay", "-1"], 2, "--bot-delay"),
    (["serve", "--bot-delay", "inf"], 2, "--bot-delay"),
    (["serve", "--database", "mysql://u:p@localhost/x"], 2, "not supported"),
    (["serve", "--database", "sqlite://"], 2, "in-memory"),
    (["serve", "--database", "sqlite:///:memory:"], 2, "in-memory"),
    (["serve", "--database", "foreign.db"], 2, "not a thebes database"),
    (["serve", "--database", "binary.json"], 2, "not a SQLite database"),
    # issue 30, item 6: what the URL really opens, checked before the first write
    (["serve", "--database", "view.db"], 2, "views"),
    (["serve", "--database", "alembic.db"], 2, "alembic_version"),
    (["serve", "--database", "sqlite:///file:x.db?uri=true"], 2, "plain file path"),
    (["serve", "--database", "sqlite:///file:dir/x.db"], 2, "plain file path"),
    (["serve", "--database", "sqlite:///x.db?mode=rwc"], 2, "plain file path"),
    (["serve", "--database", "sqlite+aiosqlite:///a.db"], 2, "not supported"),
    (["serve", "--database", "sqlite+pysqlcipher:///a.db"], 2, "not supported"),
    (["serve", "--database", "folder"], 2, "not a regular file"),
    (["serve", "--database", "/dev/null"], 2, "not a regular file"),
    (["serve", "--database", "fifo"], 2, "not a regular file"),
    (["serve", "--database", "readonly.json"], 2, "not writable"),
    (["serve", "--database", "postgresql://u:p@127.0.0.1:1/x"], 2, "cannot connect"),
    (["play", "ra", "--save", "missing/x.json"], 2, "does not exist"),
    (["play", "ra", "--save", "folder"], 2, "folder"),
    # issue 30, item 11: --host '' would listen everywhere
    (["serve", "--host", ""], 2, "--host"),
    (["serve", "--host", " "], 2, "--host"),
    # issue 30, item 8: --out refuses what `>` refuses
    ([*SELFPLAY, "--out", "readonly.json"], 2, "write-protected"),
    ([*ARENA, "--games", "1", "--jobs", "1", "--records", "ro", "--force"], 2, "cannot be replaced"),
    # no command, unknown command
    (["nonsense"], 2, "invalid choice"),
]


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name, data in FILES.items():
        (tmp_path / name).write_bytes(data)
    (tmp_path / "folder").mkdir()
    assert main([*SELFPLAY, "--out", "ok.json"]) == 0
    with sqlite3.connect(tmp_path / "foreign.db") as conn:
        conn.execute("CREATE TABLE customers (id INTEGER)")
    conn.close()
    with sqlite3.connect(tmp_path / "view.db") as conn:
        conn.execute("CREATE VIEW totals AS SELECT 1 AS n")
    conn.close()
    with sqlite3.connect(tmp_path / "alembic.db") as conn:
        conn.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)")
        conn.execute("INSERT INTO alembic_version VALUES ('ae1027a6acf')")
    conn.close()
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "readonly.json").write_text("mine")
    (tmp_path / "readonly.json").chmod(0o444)
    (tmp_path / "ro").mkdir()
    (tmp_path / "ro" / "ra-00000.json").write_text("mine")
    (tmp_path / "ro" / "ra-00000.json").chmod(0o444)
    return tmp_path


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file's bytes and mode, every other entry (folders: a `file:` tree) by its mode."""
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else b"",
                                         p.lstat().st_mode)
            for p in sorted(folder.rglob("*"))}


@pytest.mark.parametrize("argv,code,words", CASES, ids=[" ".join(c[0])[:60] for c in CASES])
def test_a_hostile_command_line_gets_one_line_naming_it_and_changes_no_file(
        workdir, capsys, argv, code, words):
    before = snapshot(workdir)
    got = run(argv)
    out, err = capsys.readouterr()
    assert got == code, (out, err)
    assert "Traceback" not in out + err
    if code == 2:
        assert len(err.strip().splitlines()) == 1, err
        assert words in err, err
    assert snapshot(workdir) == before


def run(argv: list[str]) -> int:
    """``main(argv)``, with argparse's exit turned into its code."""
    try:
        return main(argv)
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else 1


def test_the_help_of_every_command_lists_the_exit_codes(capsys):
    for command in ("serve", "play", "replay", "selfplay", "arena", "hint", "bench"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert "exit codes" in capsys.readouterr().out, command
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "130" in capsys.readouterr().out


def test_replay_json_of_unreadable_input_says_ok_false_with_the_error(workdir, capsys):
    assert main(["replay", "deep.json", "--json"]) == 2
    out, err = capsys.readouterr()
    assert json.loads(out) == {"ok": False, "error": err.split(": ", 1)[1].strip()}


def test_a_one_player_record_is_not_called_1_players(tmp_path, capsys):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"game": "pharaoh", "players": 1, "events": []}))
    assert main(["replay", str(path)]) == 0
    assert "Pharaoh, 1 player," in capsys.readouterr().out


def test_selfplay_out_follows_a_link_and_keeps_the_mode(workdir):
    target = workdir / "target.json"
    target.write_text("{}")
    target.chmod(0o600)
    (workdir / "link.json").symlink_to(target)
    assert main([*SELFPLAY, "--out", "link.json"]) == 0
    assert (workdir / "link.json").is_symlink()
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert json.loads(target.read_text())["game"] == "ra"
    assert not [p for p in workdir.iterdir() if p.name.endswith(".tmp")]


def test_arena_records_refuses_to_replace_a_record_unless_forced(workdir, capsys):
    (workdir / "runs").mkdir()
    (workdir / "runs" / "ra-00000.json").write_text("mine")
    argv = [*ARENA, "--games", "1", "--records", "runs", "--jobs", "1"]
    assert main(argv) == 2
    assert "ra-00000.json" in capsys.readouterr().err
    assert (workdir / "runs" / "ra-00000.json").read_text() == "mine"
    assert main(argv + ["--force"]) == 0
    assert json.loads((workdir / "runs" / "ra-00000.json").read_text())["game"] == "ra"


# ------------------------------------------------------------------ real processes
def thebes(*argv, **kwargs):
    return subprocess.run([sys.executable, "-m", "thebes.cli", *argv], capture_output=True,
                          text=True, timeout=120, **kwargs)


def test_replay_of_a_closed_standard_input_is_exit_2_with_one_line(workdir):
    result = thebes("replay", "-", "--json", stdin=subprocess.DEVNULL, close_fds=True)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    proc = subprocess.Popen([sys.executable, "-c", "import os, sys; os.close(0); "
                             "from thebes.cli import main; sys.exit(main(['replay', '-']))"],
                            stderr=subprocess.PIPE, text=True)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and len(err.strip().splitlines()) == 1, err


def test_a_closed_pipe_on_standard_output_ends_quietly(workdir):
    proc = subprocess.Popen([sys.executable, "-m", "thebes.cli", *SELFPLAY],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 141 and b"Traceback" not in err and b"Exception" not in err, err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_a_full_disk_on_standard_output_is_one_line_and_exit_2(workdir):
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "thebes.cli", *SELFPLAY], stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=120)
    assert result.returncode == 2 and "No space left" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def reading_stdin(pid: int) -> bool:
    """Whether process ``pid`` is blocked reading its standard input (file descriptor 0):
    ``/proc/<pid>/syscall`` names the call and its first argument. A pipe read alone
    (``wchan``) is not enough: an import may read a child's pipe while it starts."""
    try:
        fields = Path(f"/proc/{pid}/syscall").read_text().split()
    except OSError:
        fields = []
    if len(fields) >= 2 and fields[0] != "running":
        return fields[0] in ("0", "63") and int(fields[1], 16) == 0   # read: x86-64, arm64
    return Path(f"/proc/{pid}/wchan").read_text() == "pipe_read"


def test_ctrl_c_in_replay_is_exit_130_without_a_traceback(workdir):
    # Ctrl-C as at a terminal: a run started in the background (nohup, `&`) ignores SIGINT,
    # and its children would inherit that
    proc = subprocess.Popen([sys.executable, "-m", "thebes.cli", "replay", "-"],
                            stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    wchan = Path(f"/proc/{proc.pid}/wchan")
    if not wchan.exists():
        proc.kill()
        proc.communicate()
        pytest.skip("needs /proc to see the process wait on its input")
    deadline = time.monotonic() + 60
    while not reading_stdin(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.05)   # until it has started and waits on standard input
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)         # before its input closes: an end of input would be exit 2
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in err, err

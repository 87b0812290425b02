"""`thebes loadtest`: it runs against a real server and its checks catch what they claim to."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from thebes.loadtest.figures import percentiles
from thebes.loadtest.runner import Watch

from test_server_scale_nginx import free_port, wait_http


def view(version, lines):
    return {"version": version, "log": [{"index": i, "event": e} for i, e in lines]}


def test_a_socket_that_misses_or_repeats_a_line_is_reported():
    w = Watch("g", None)
    w.take(view(2, [(0, "a"), (1, "b")]), 0.0)
    assert w.problems == []
    w.take(view(3, [(1, "b")]), 1.0)                       # line 1 again
    assert w.problems == ["line 1 arrived where line 2 was due"]
    gap = Watch("g", None)
    gap.take(view(1, [(0, "a")]), 0.0)
    gap.take(view(3, [(2, "c")]), 1.0)                     # line 1 never came
    assert gap.problems


def test_fan_out_is_measured_from_the_first_socket_to_have_a_version_to_the_last():
    w = Watch("g", None)
    w.take(view(1, [(0, "a")]), 1.0)
    w.take(view(4, [(1, "b"), (2, "c"), (3, "d")]), 2.0)
    assert w.first_at(3) == 2.0 and w.first_at(1) == 1.0 and w.first_at(5) is None
    assert percentiles([0.001, 0.002, 0.010])["max"] == 10.0


def test_loadtest_plays_checks_and_reports_against_a_live_server(tmp_path):
    port = free_port()
    env = dict(os.environ, THEBES_LIVE_GAMES="1000", THEBES_RATE_CREATE="1000/minute",
               THEBES_RATE_SOCKET="10000/minute")
    server = subprocess.Popen([sys.executable, "-m", "thebes.cli", "serve", "--port", str(port),
                               "--database", str(tmp_path / "load.db"), "--bot-delay", "0"],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_http(f"http://127.0.0.1:{port}/api/meta", timeout=60)
        out = subprocess.run([sys.executable, "-m", "thebes.cli", "loadtest", "--url",
                              f"http://127.0.0.1:{port}", "--games", "3", "--think-s", "0",
                              "--duration", "4", "--warm-up", "1", "--churn", "30",
                              "--pid", str(server.pid),
                              "--json"], capture_output=True, text=True, timeout=120)
    finally:
        server.terminate()
        server.wait(timeout=20)
    assert out.returncode == 0, out.stdout + out.stderr
    report = json.loads(out.stdout)
    assert report["ok"] and report["errors"] == {}
    assert report["moves"] > 0 and report["round_trip_ms"]["p99"] is not None
    # measured for --duration after the games were created and the warm-up had passed
    assert report["round_trip_ms"]["n"] == report["moves"] and 4 <= report["measured_s"] < 5
    # both figures are rounded to 10 ms: allow one rounding step each
    assert report["elapsed_s"] >= report["setup_s"] + 1 + 4 - 0.02
    assert report["load_generator_lag_ms"]["n"] > 100
    assert report["server_cpu"]["cpu_s"] > 0 and report["server_cpu"]["ms_per_event"] > 0
    # the human and the spectator of every game started (a finished game is replaced)
    assert report["delivery"]["sockets_checked"] == 2 * report["games_started"] >= 6
    assert report["delivery"]["mismatched"] == 0
    assert report["server_before"]["pids"] == [server.pid]
    assert report["churn"]["sockets"] == 30 and report["churn"]["ok"]


def test_serve_refuses_a_sqlite_file_another_server_holds_and_workers_on_sqlite(tmp_path, capsys):
    from thebes.cli import main
    from thebes.server.storage.store import Storage

    path = tmp_path / "busy.db"
    holder = Storage(f"sqlite:///{path}")
    holder.claim_writer()                                  # "another server" holds the file
    try:
        assert main(["serve", "--port", str(free_port()), "--database", str(path)]) == 2
        assert "already served by" in capsys.readouterr().err
        assert main(["serve", "--port", str(free_port()), "--database", str(path),
                     "--workers", "2"]) == 2
        assert "--workers 2 needs PostgreSQL" in capsys.readouterr().err
    finally:
        holder.close()

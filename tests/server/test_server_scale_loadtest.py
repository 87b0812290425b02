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


# ---------------------------------------------------------------------- issue 30, item 9
def _serve(tmp_path, env=None, *extra):
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "thebes.cli", "serve", "--port", str(port),
                               "--database", str(tmp_path / "load.db"), *extra],
                              env=dict(os.environ, **(env or {})), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    wait_http(f"http://127.0.0.1:{port}/api/meta", timeout=60)
    return server, port


def test_loadtest_against_default_limits_stops_at_once_saying_the_limits_and_how_to_lift_them(
        tmp_path):
    import time
    server, port = _serve(tmp_path)
    try:
        start = time.monotonic()
        # the example of its own --help, against `thebes serve` with its default limits
        out = subprocess.run([sys.executable, "-m", "thebes.cli", "loadtest", "--url",
                              f"http://127.0.0.1:{port}", "--games", "50", "--think-s", "0",
                              "--duration", "30"], capture_output=True, text=True, timeout=120)
        took = time.monotonic() - start
    finally:
        server.terminate()
        server.wait(timeout=20)
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
    assert took < 30
    # 50 slots create at once: whichever default limit answers first is the one quoted
    # (10 unfinished games a client, or 20 creations a minute an address)
    assert ("the server refused to create a game (429: you already have 10 unfinished games"
            in out.stderr or "the server refused to create a game (429: too many games created "
            "from your address (at most 20 per 1 minute" in out.stderr), out.stderr
    assert "THEBES_LIVE_GAMES=1000000 THEBES_RATE_CREATE=1000000/minute" in out.stderr


def test_loadtest_answers_a_bad_url_a_server_not_thebes_and_a_mistyped_bot_with_a_sentence(
        tmp_path, capsys):
    import http.server
    import threading
    from thebes.cli import main

    class NotThebes(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = b'{"hello": "world"}'
            self.send_response(200)
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), NotThebes)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    server, port = _serve(tmp_path)
    try:
        cases = [
            (["--url", "127.0.0.1:8000"], "give the server's address as http://HOST:PORT"),
            (["--url", "http://[::1"], "not a URL"),
            (["--url", "http://127.0.0.1:8000/lobby"], "without a path or a query"),
            (["--url", f"http://127.0.0.1:{other.server_address[1]}"], "is not a thebes server"),
            (["--url", f"http://127.0.0.1:{port}", "--bot", "hardd"],
             "the server offers no bot 'hardd' for ra; its bots: random,"),
        ]
        for args, sentence in cases:
            assert main(["loadtest", *args, "--duration", "1"]) == 2, args
            err = capsys.readouterr().err
            assert sentence in err and "Traceback" not in err, (args, err)
    finally:
        other.shutdown()
        server.terminate()
        server.wait(timeout=20)


def test_loadtest_without_httpx_says_how_to_install_it(monkeypatch, capsys):
    from thebes.cli import main
    monkeypatch.setitem(sys.modules, "httpx", None)          # as in a plain install
    assert main(["loadtest", "--duration", "1"]) == 2
    assert "pip install 'thebes[loadtest]'" in capsys.readouterr().err


def test_loadtest_measures_a_persons_bot_waits_while_another_address_starves_the_bots(tmp_path):
    server, port = _serve(tmp_path, None, "--bot-delay", "0")
    try:
        out = subprocess.run([sys.executable, "-m", "thebes.cli", "loadtest", "--url",
                              f"http://127.0.0.1:{port}", "--games", "1", "--game", "sarcophagus",
                              "--players", "2", "--bot", "random", "--think-s", "0.05",
                              "--spectators", "0", "--starve", "3", "--starve-game", "ra",
                              "--starve-players", "5", "--starve-bot", "random",
                              "--duration", "4", "--warm-up", "1", "--json"],
                             capture_output=True, text=True, timeout=120)
    finally:
        server.terminate()
        server.wait(timeout=20)
    assert out.returncode == 0, out.stdout + out.stderr
    report = json.loads(out.stdout)
    assert report["bot_wait_s"]["n"] > 0 and report["bot_wait_s"]["max"] < 5
    starver = report["starver"]
    assert starver["address"] == "127.0.0.2" and starver["games_created"] >= 3

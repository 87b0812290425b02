"""The deployment of docs/deploy.md, for real: nginx in front of two `thebes serve` processes on
one PostgreSQL; play through it, kill -9 one process, play on. Skips (saying why) without
nginx (scripts/setup/nginx.sh) or PostgreSQL (scripts/setup/postgres.sh)."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import fresh_postgres_schema, pg

NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
DEPLOY_CONF = Path(__file__).resolve().parents[2] / "docs" / "nginx-thebes.conf"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, timeout: float = 60.0) -> None:
    import httpx
    deadline = time.monotonic() + timeout
    while True:
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"nothing answers at {url}")
        time.sleep(0.1)


def nginx_conf(tmp: Path, port: int, upstreams: list[int]) -> Path:
    """docs/nginx-thebes.conf (the upstream and server blocks users deploy), wrapped in the
    few lines that let it run unprivileged in ``tmp`` on ``port``."""
    site = DEPLOY_CONF.read_text()
    site = site.replace("server 127.0.0.1:8001", f"server 127.0.0.1:{upstreams[0]}")
    site = site.replace("server 127.0.0.1:8002", f"server 127.0.0.1:{upstreams[1]}")
    site = site.replace("listen 80;", f"listen 127.0.0.1:{port};")
    for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (tmp / name).mkdir()
    conf = tmp / "nginx.conf"
    conf.write_text(f"""
{"user root;" if os.geteuid() == 0 else ""}
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
{site}
}}
""")
    return conf


class Sock:
    """A socket client through nginx that reconnects (with since) when its server dies."""

    def __init__(self, base: str, game_id: str, token: str | None) -> None:
        self.base, self.game_id, self.token = base, game_id, token
        self.lines: list[tuple[int, str]] = []
        self.last: dict | None = None
        self.reconnects = 0
        self.ws = None
        self.connect()

    def connect(self) -> None:
        from websockets.sync.client import connect
        query = f"since={len(self.lines)}" + (f"&token={self.token}" if self.token else "")
        deadline = time.monotonic() + 20
        while True:
            try:
                self.ws = connect(f"{self.base}/api/games/{self.game_id}/ws?{query}", open_timeout=5)
                return
            except Exception:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def read(self, timeout: float = 10.0) -> dict:
        """The next view (reconnecting when the connection breaks)."""
        while True:
            try:
                m = json.loads(self.ws.recv(timeout=timeout))
            except TimeoutError:
                raise
            except Exception:
                self.reconnects += 1
                self.connect()
                continue
            if m["type"] != "view":
                continue
            for line in m["log"]:
                assert line["index"] == len(self.lines), "a line missing or repeated"
                self.lines.append((line["index"], line["event"]))
            self.last = m
            return m

    def send_move(self, move: str, version: int) -> None:
        try:
            self.ws.send(json.dumps({"type": "move", "move": move, "version": version}))
        except Exception:
            pass   # the server died: the move was not acknowledged; the next read reconnects

    def close(self) -> None:
        try:
            self.ws.close()
        except Exception:
            pass


@pytest.fixture
def cluster(tmp_path):
    """(nginx base URL, {pid: process}, database URL): two servers behind nginx."""
    if NGINX is None:
        pytest.skip("nginx is not installed (run scripts/setup/nginx.sh)")
    url, reason = pg()
    if url is None:
        pytest.skip(reason)
    db = fresh_postgres_schema(url)
    ports = [free_port(), free_port()]
    procs = {}
    logs = []
    for port in ports:
        log = open(tmp_path / f"serve-{port}.log", "w")
        logs.append(log)
        p = subprocess.Popen([sys.executable, "-m", "thebes.cli", "serve", "--port", str(port),
                              "--database", db, "--bot-delay", "0.05"],
                             stdout=log, stderr=subprocess.STDOUT)
        procs[p.pid] = p
    nginx = None
    try:
        for port in ports:
            wait_http(f"http://127.0.0.1:{port}/api/meta")
        front = free_port()
        conf = nginx_conf(tmp_path, front, ports)
        nginx = subprocess.Popen([NGINX, "-c", str(conf), "-g", "daemon off;"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wait_http(f"http://127.0.0.1:{front}/api/meta", timeout=10)
        yield f"http://127.0.0.1:{front}", procs, db
    finally:
        if nginx is not None:
            nginx.send_signal(signal.SIGQUIT)
            try:
                nginx.wait(timeout=10)
            except subprocess.TimeoutExpired:
                nginx.kill()
        for p in procs.values():
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    p.kill()
        for log in logs:
            log.close()


def lease_owner_pid(db: str, game_id: str) -> int | None:
    import psycopg
    from thebes.server.storage.database import libpq_url
    with psycopg.connect(libpq_url(db)) as c:
        row = c.execute("SELECT owner FROM bot_leases WHERE game_id = %s AND expires > now()",
                        (game_id,)).fetchone()
    return int(row[0].split(":")[1]) if row else None


def test_play_through_nginx_and_survive_a_kill_9_of_one_server(cluster):
    import httpx

    base, procs, db = cluster
    ws_base = base.replace("http://", "ws://")
    http = httpx.Client(base_url=base, timeout=10)
    r = http.post("/api/games", json={"game": "ra", "players": 3, "seed": 77, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"},
        {"kind": "bot", "bot": "random"}]})
    assert r.status_code == 201, r.text
    game_id, token = r.json()["game"]["id"], r.json()["links"][0]["token"]
    # several spectators: nginx spreads their connections over both servers
    human = Sock(ws_base, game_id, token)
    watchers = [Sock(ws_base, game_id, None) for _ in range(4)]
    rng = random.Random(3)
    acknowledged: list[tuple[int, str]] = []

    def play(moves: int) -> None:
        done = 0
        view = human.last or human.read()
        while done < moves and view["status"] != "finished":
            if view["to_move"] == 1 and view["legal"]:
                sent = view["version"]
                human.send_move(rng.choice(view["legal"]), sent)
                view = human.read()
                while view["version"] <= sent:
                    view = human.read()
                acknowledged[:] = human.lines
                done += 1
            else:
                view = human.read()

    play(5)
    owner = lease_owner_pid(db, game_id)
    assert owner in procs, "one of the two servers holds the game's bot lease"
    before = human.last["version"]
    os.kill(owner, signal.SIGKILL)
    procs[owner].wait(timeout=10)
    killed = time.monotonic()
    # the bots resume on the other server, and the human plays on through nginx
    deadline = killed + 30
    while True:
        v = human.read(timeout=15)
        if v["version"] > before and v["to_move"] == 1 or v["status"] == "finished":
            break
        assert time.monotonic() < deadline
    resumed = time.monotonic() - killed
    play(5)
    # every socket (reconnected or not) has every line once, in order, as stored
    final = http.get(f"/api/games/{game_id}/view", params={"token": token}).json()
    stored = [(line["index"], line["event"]) for line in final["log"]]
    assert stored[:len(acknowledged)] == acknowledged[:len(stored)]
    assert set(acknowledged) <= set(stored), "an acknowledged move was lost"
    for w in watchers:
        while w.last is None or w.last["version"] < human.last["version"]:
            w.read()
    final = http.get(f"/api/games/{game_id}/view").json()        # the bots may have moved on
    stored = [(line["index"], line["event"]) for line in final["log"]]
    for w in watchers:
        assert [i for i, _e in w.lines] == list(range(len(w.lines)))
        assert w.lines[:len(stored)] == stored[:len(w.lines)]
        w.close()
    human.close()
    print(f"bots resumed {resumed:.1f} s after the kill")
    assert resumed < 10, f"bots resumed {resumed:.1f} s after the kill"
    assert sum(w.reconnects for w in watchers) + human.reconnects >= 1, \
        "some socket was on the killed server and reconnected"

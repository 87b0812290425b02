"""Issue 30, item 5: half-sent requests time out, the socket Origin check knows the server's
names (DNS rebinding), X-Forwarded-For only from a configured proxy, the API pages run only
their own inline script, and every server process logs with levels."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import re
import socket
import subprocess
import sys
import threading
import time

import pytest
from starlette.websockets import WebSocketDisconnect

from thebes.server.guard.security import DeadlineProtocol, deadline_protocol, origin_allowed
from thebes.server.guard.settings import Settings


# ---------------------------------------------------------------------- a half-sent request
async def _tiny_app(scope, receive, send):
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
    if scope["type"] == "websocket":
        await receive()
        await send({"type": "websocket.accept"})
        while (await receive())["type"] != "websocket.disconnect":
            pass
        return
    while True:                       # read the whole body, then answer
        message = await receive()
        if message["type"] != "http.request" or not message.get("more_body"):
            break
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


@pytest.fixture
def deadline_server():
    import uvicorn
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(_tiny_app, host="127.0.0.1", port=port, log_level="warning",
                            http=deadline_protocol(1.0), lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    yield port
    server.should_exit = True
    thread.join(10)


def _closed_by_server(sock: socket.socket, within: float) -> bool:
    sock.settimeout(within)
    try:
        while True:
            data = sock.recv(4096)
            if not data:
                return True
    except socket.timeout:
        return False
    except OSError:
        return True


def test_a_half_sent_request_is_closed_once_its_time_to_arrive_is_over(deadline_server):
    port = deadline_server
    silent, headers, body = (socket.create_connection(("127.0.0.1", port)) for _ in range(3))
    headers.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")                        # never ends
    body.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0123456789")
    start = time.monotonic()
    for sock in (silent, headers, body):
        assert _closed_by_server(sock, within=5.0)
        sock.close()
    assert time.monotonic() - start < 4.0
    # a whole request is answered, and its keep-alive connection then gets the next deadline
    with socket.create_connection(("127.0.0.1", port)) as ok:
        ok.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        ok.settimeout(5)
        assert ok.recv(4096).startswith(b"HTTP/1.1 200")
        time.sleep(1.5)                      # past the deadline: the answer was not cut
        ok.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        assert _closed_by_server(ok, within=5.0)


def test_an_open_socket_outlives_the_request_deadline(deadline_server):
    import websockets.sync.client as ws_client
    with ws_client.connect(f"ws://127.0.0.1:{deadline_server}/") as ws:
        time.sleep(1.5)
        ws.send("still here")                # would raise if the server had closed it
        ws.ping().wait(5)


def test_serve_gives_uvicorn_the_deadline_the_proxies_and_the_log_format(monkeypatch, tmp_path):
    import uvicorn
    from thebes.cli import main
    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(kw))
    monkeypatch.setattr("thebes.server.serve._port_problem", lambda host, port: None)
    assert main(["serve", "--database", str(tmp_path / "a.db")]) == 0
    kw = calls[-1]
    assert kw["http"] is DeadlineProtocol and DeadlineProtocol.seconds == 15
    # X-Forwarded-For / -Proto believed from no one by default (uvicorn's own default: 127.0.0.1)
    assert kw["proxy_headers"] is False and kw["forwarded_allow_ips"] == ""
    assert kw["log_config"]["loggers"]["thebes"]["level"] == "INFO"
    assert main(["serve", "--database", str(tmp_path / "b.db"), "--trusted-proxy", "127.0.0.1",
                 "--request-timeout", "7"]) == 0
    kw = calls[-1]
    assert kw["proxy_headers"] is True and kw["forwarded_allow_ips"] == ["127.0.0.1"]
    assert DeadlineProtocol.seconds == 7
    assert Settings.from_env({"THEBES_TRUSTED_PROXIES": "10.0.0.1, 10.0.0.2"}).trusted_proxies \
        == ("10.0.0.1", "10.0.0.2")
    deadline_protocol(15)


def test_every_server_process_logs_the_apps_lines_with_their_level():
    # a --workers process configures its logging from uvicorn's log_config alone
    code = ("import logging.config; from thebes.server.guard.security import log_config; "
            "logging.config.dictConfig(log_config()); "
            "logging.getLogger('thebes.server.bots').info('took over the bots of game g'); "
            "logging.getLogger('thebes.server.review').error('boom')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "INFO: thebes.server.bots: took over the bots of game g" in out.stderr, out.stderr
    assert "ERROR: thebes.server.review: boom" in out.stderr


# ---------------------------------------------------------------------- origins
def test_a_socket_from_a_rebound_dns_name_is_refused_though_its_host_header_matches():
    # the DNS-rebinding shape: evil.example now resolves to this server
    assert not origin_allowed("http://evil.example", "evil.example", ())
    assert not origin_allowed("http://evil.example:8000", "evil.example:8000", ())
    # the server's configured names, its IP addresses and localhost pass
    assert origin_allowed("https://play.example", "play.example", (), ("play.example",))
    assert origin_allowed("http://127.0.0.1:8123", "127.0.0.1:8123", ())
    assert origin_allowed("http://[::1]:8123", "[::1]:8123", ())
    assert origin_allowed("http://localhost:8123", "localhost:8123", ())
    # a configured name with another site's Origin is still refused
    assert not origin_allowed("http://evil.example", "play.example", (), ("play.example",))
    assert origin_allowed("https://x.example", "evil.example", ("https://x.example",))
    assert origin_allowed(None, "evil.example", ())


def test_a_rebound_name_cannot_open_a_seats_socket_over_http(make_client, sqlite_url):
    client = make_client(sqlite_url)
    r = client.post("/api/games", json={"game": "toy", "players": 2,
                                        "seats": [{"kind": "human", "name": "A"}, {"kind": "human"}]})
    url = f"/api/games/{r.json()['game']['id']}/ws?token={r.json()['links'][0]['token']}"
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(url, headers={"host": "evil.example",
                                                    "origin": "http://evil.example"}) as ws:
            ws.receive_json()
    with client.websocket_connect(url, headers={"host": "127.0.0.1:8123",
                                                "origin": "http://127.0.0.1:8123"}) as ws:
        assert ws.receive_json()["type"] == "view"


# ---------------------------------------------------------------------- the API pages
def test_the_api_pages_run_only_their_own_inline_script_named_by_its_hash(make_client, sqlite_url):
    client = make_client(sqlite_url)
    for path in ("/docs", "/redoc", "/docs/oauth2-redirect"):
        r = client.get(path)
        assert r.status_code == 200
        csp = r.headers["content-security-policy"]
        scripts = re.search(r"script-src ([^;]*)", csp).group(1)
        assert "unsafe-inline" not in scripts and "http" not in scripts, csp
        inline = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", r.text, re.S | re.I)
        for body in inline:
            digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
            assert f"'sha256-{digest}'" in scripts
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["x-frame-options"] == "DENY"
    lobby = client.get("/").headers["content-security-policy"]
    assert "script-src 'self';" in lobby

"""Issue 16, item 4: every resource a client can spend has a limit (thebes/server/guard/limits.py), answered
429 with Retry-After (413 for a body too large, refused while it streams in); the settings."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from thebes.cli import main
from thebes.server.app import create_app
from thebes.server.guard.settings import Settings

from conftest import wait_until

HUMANS = [{"kind": "human"}, {"kind": "human"}]
BOTS = [{"kind": "bot", "bot": "random"}] * 2


def client_for(make_client, url, **changes):
    many = "1000000/minute"
    base = Settings(rate_create=many, rate_upload=many, rate_hint=many, rate_socket=many,
                    rate_request=many, live_games=1000)
    return make_client(url, settings=base.replace(**changes))


def assert_too_many(r):
    assert r.status_code == 429, r.text
    assert int(r.headers["retry-after"]) >= 1
    assert r.json()["error"] and r.headers["referrer-policy"] == "no-referrer"


def test_a_burst_of_1000_creations_from_one_client_is_limited(make_client, sqlite_url):
    client = make_client(sqlite_url, settings=Settings())           # the defaults
    statuses = [client.post("/api/games", json={"game": "toy", "players": 2, "seats": HUMANS}).status_code
                for _ in range(1000)]
    created = statuses.count(201)
    assert created <= Settings().live_games and statuses.count(429) == 1000 - created
    assert len(client.get("/api/games").json()["games"]) == created
    assert_too_many(client.post("/api/games", json={"game": "toy", "players": 2}))


def test_the_creation_rate_is_per_client(make_client, sqlite_url):
    client = client_for(make_client, sqlite_url, rate_create="3/minute")
    for _ in range(3):
        assert client.post("/api/games", json={"game": "toy", "players": 2, "seats": BOTS}).status_code == 201
    r = client.post("/api/games", json={"game": "toy", "players": 2, "seats": BOTS})
    assert_too_many(r)
    assert "games created" in r.json()["error"] and r.headers["retry-after"] in r.json()["error"]
    other = TestClient(client.app, client=("203.0.113.9", 4000))   # another address: its own count
    assert other.post("/api/games", json={"game": "toy", "players": 2, "seats": BOTS}).status_code == 201


def test_live_games_per_client_are_capped_until_one_finishes(make_client, sqlite_url):
    client = client_for(make_client, sqlite_url, live_games=2)
    ids = [client.post("/api/games", json={"game": "toy", "players": 2, "seats": HUMANS}).json()["game"]["id"]
           for _ in range(2)]
    r = client.post("/api/games", json={"game": "toy", "players": 2, "seats": HUMANS})
    assert_too_many(r)
    assert "unfinished" in r.json()["error"]
    # a refused or view-only upload does not count; finishing a game frees its place
    service = client.app.state.service
    for seat, move in ((0, "hold"), (1, "hold"), (0, "hold"), (1, "hold"), (0, "hold"), (1, "hold")):
        g = service.game(ids[0])
        if g.finished:
            break
        service.move(ids[0], g.state.current_player(), move)
    assert service.game(ids[0]).finished
    assert client.post("/api/games", json={"game": "toy", "players": 2, "seats": HUMANS}).status_code == 201


def test_a_body_past_the_cap_is_refused_before_it_is_read_whole(make_client, sqlite_url):
    client = client_for(make_client, sqlite_url, max_body=2000)
    big = {"record": "x" * 5000}
    r = client.post("/api/records", json=big)                       # Content-Length says so
    assert r.status_code == 413 and "too large" in r.json()["error"]
    read: list[int] = []

    def chunks():                                                    # no Content-Length: counted
        for i in range(100):
            read.append(i)
            yield b"x" * 500

    r = client.post("/api/records", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert client.post("/api/games", json={"game": "toy", "players": 2}).status_code == 201


def test_hints_sockets_and_other_requests_have_rates(make_client, sqlite_url):
    client = client_for(make_client, sqlite_url, rate_hint="2/minute", rate_request="30/minute",
                        rate_socket="3/minute")
    gid = client.post("/api/games", json={"game": "toy", "players": 2, "seats": HUMANS}).json()["game"]["id"]
    for _ in range(2):
        assert client.get("/api/games/nope/hint").status_code == 404
    assert_too_many(client.get("/api/games/nope/hint"))
    for _ in range(3):
        with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
            assert ws.receive_json()["status"] == 403              # a spectator of a hidden game
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        m = ws.receive_json()
        assert m["type"] == "error" and m["status"] == 429 and "sockets" in m["error"]
    statuses = [client.get("/api/meta").status_code for _ in range(40)]
    assert 429 in statuses and statuses.count(200) <= 30


def test_sockets_per_game_are_capped(make_client, sqlite_url):
    client = client_for(make_client, sqlite_url, sockets_per_game=2)
    r = client.post("/api/games", json={"game": "toy", "players": 2, "seats": HUMANS})
    gid, token = r.json()["game"]["id"], r.json()["links"][0]["token"]
    url = f"/api/games/{gid}/ws?token={token}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        assert a.receive_json()["type"] == b.receive_json()["type"] == "view"
        with client.websocket_connect(url) as c:
            m = c.receive_json()
            assert m["status"] == 429 and "2 sockets" in m["error"]
    wait_until(lambda: client.app.state.hub.count(gid) == 0)
    with client.websocket_connect(url) as again:                   # closed ones free their place
        assert again.receive_json()["type"] == "view"


def test_settings_from_the_environment_and_their_errors(monkeypatch):
    env = {"THEBES_RATE_CREATE": "5/minute", "THEBES_LIVE_GAMES": "3", "THEBES_OPEN_SEEDS": "1",
           "THEBES_ALLOWED_ORIGINS": "https://a.example, https://b.example/", "THEBES_MAX_BODY": ""}
    s = Settings.from_env(env)
    assert (s.rate_create, s.live_games, s.open_seeds) == ("5/minute", 3, True)
    assert s.allowed_origins == ("https://a.example", "https://b.example") and s.max_body == Settings().max_body
    for bad in ({"THEBES_RATE_HINT": "often"}, {"THEBES_LIVE_GAMES": "many"}, {"THEBES_MAX_BODY": "0"},
                {"THEBES_OPEN_SEEDS": "maybe"}, {"THEBES_RATE_STORAGE": "nowhere://x"}):
        with pytest.raises(ValueError) as err:
            Settings.from_env(bad)
        assert str(err.value).startswith(next(iter(bad)) + ":")


def test_serve_takes_the_limits_as_options(monkeypatch, tmp_path, capsys):
    import uvicorn
    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append((app, kw)))
    monkeypatch.setattr("thebes.server.serve._port_problem", lambda host, port: None)
    assert main(["serve", "--database", str(tmp_path / "a.db"), "--rate-create", "7/hour",
                 "--live-games", "4", "--allowed-origin", "https://x.example", "--open-seeds"]) == 0
    settings = calls[-1][0].state.settings
    assert (settings.rate_create, settings.live_games, settings.open_seeds) == ("7/hour", 4, True)
    assert settings.allowed_origins == ("https://x.example",)
    assert main(["serve", "--database", str(tmp_path / "a.db"), "--rate-create", "lots"]) == 2
    assert "rate_create" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    assert "--rate-create" in capsys.readouterr().out


def test_the_app_reads_the_environment_when_given_no_settings(monkeypatch, sqlite_url):
    monkeypatch.setenv("THEBES_RATE_CREATE", "1/minute")
    with TestClient(create_app(sqlite_url, bot_delay=0)) as client:
        assert client.post("/api/games", json={"game": "toy", "players": 2, "seats": BOTS}).status_code == 201
        assert_too_many(client.post("/api/games", json={"game": "toy", "players": 2, "seats": BOTS}))

"""Issue 16 (hardening): a creator cannot foresee hidden facts, a resent move lands once, every bad
input is a 400 with a sentence (SQLite and PostgreSQL), headers, socket origins."""

from __future__ import annotations

import json
import threading

import pytest
from starlette.websockets import WebSocketDisconnect

from thebes.core import get_game
from thebes.server.guard.settings import Settings
from thebes.server.live.livegame import chance_rng
from thebes.server.live.service import GameService
from thebes.server.storage.schema import GameData, SeatData, now
from thebes.server.storage.store import Storage

HIDDEN = "sarcophagus"
TWO_HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def first_draw(game: str, players: int, key: str) -> str:
    """The first chance outcome a server draws from ``key`` (what a creator would compute)."""
    state = get_game(game).new_initial_state(players, {})
    return state.action_to_text(state.sample_chance(chance_rng(key, 0)))


def default_client(make_client, url, **changes):
    """A client on a server with the default settings (except the rates, for a busy test)."""
    many = "1000000/minute"
    return make_client(url, settings=Settings(rate_create=many, rate_request=many, rate_upload=many,
                                              rate_socket=many).replace(**changes))


# ---------------------------------------------------------------------- item 1: secret chance
def test_a_chosen_seed_is_refused_for_a_game_others_join(make_client, db_url):
    client = default_client(make_client, db_url)
    r = client.post("/api/games", json={"game": HIDDEN, "players": 2, "seed": 5, "seats": TWO_HUMANS})
    assert r.status_code == 400 and "seed" in r.json()["error"]
    r = client.post("/api/games", json={"game": "ra", "players": 3, "seed": 5})   # all free seats
    assert r.status_code == 400
    assert client.get("/api/games").json()["games"] == []


def test_a_creator_cannot_compute_the_layout_of_a_game_without_a_seed(make_client, db_url):
    client = default_client(make_client, db_url)
    r = client.post("/api/games", json={"game": HIDDEN, "players": 2, "seats": TWO_HUMANS})
    assert r.status_code == 201
    gid = r.json()["game"]["id"]
    g = client.app.state.service.game(gid)
    assert g.secret and len(g.secret) == 64 and not g.seed_known
    layout = g.events[0]
    # even the seed (revealed in the record once the game is over) does not foretell chance:
    assert first_draw(HIDDEN, 2, g.seed) != layout
    assert first_draw(HIDDEN, 2, f"{g.secret}:{g.seed}") == layout
    # and the secret never leaves the server
    tokens = [link["token"] for link in r.json()["links"]]
    answers = [r.text, client.get("/api/games").text, client.get(f"/api/games/{gid}").text,
               client.get(f"/api/games/{gid}/view", params={"token": tokens[0]}).text,
               client.get(f"/api/games/{gid}/replay", params={"token": tokens[1]}).text]
    assert not any(g.secret in text for text in answers)
    assert r.json()["game"]["seed_known"] is False


def test_the_secret_is_stored_so_a_restart_draws_the_same_outcomes(db_url):
    storage = Storage(db_url)
    stamp = now()
    seats = [SeatData(0, "human", "A", None, "h" * 64, True), SeatData(1, "human", "B", None, "k" * 64, True)]
    for gid, secret in (("s1", "ab" * 32), ("s2", "cd" * 32)):
        storage.create_game(GameData(id=gid, game="toy", players=2, options={}, seed="7", status="playing",
                                     version=0, result=None, created=stamp, updated=stamp,
                                     seats=list(seats), events=[], secret=secret))
    # stored before its deal was drawn: each fresh service draws it on load, from the stored secret
    first = GameService(storage).game("s1").events[0]
    assert first == first_draw("toy", 2, f"{'ab' * 32}:7")
    assert Storage(db_url).load_game("s1").secret == "ab" * 32
    again = GameService(Storage(db_url)).game("s1").events[0]
    assert again == first
    storage.close()


def test_seeded_games_of_one_human_or_bots_only_are_marked_and_reproducible(make_client, db_url):
    client = default_client(make_client, db_url)
    bots = [{"kind": "bot", "bot": "random"}] * 2
    solo = client.post("/api/games", json={"game": HIDDEN, "players": 2, "seed": 5,
                                           "seats": [{"kind": "human", "name": "Ann"}, bots[0]]})
    assert solo.status_code == 201 and solo.json()["game"]["seed_known"] is True
    gid = solo.json()["game"]["id"]
    assert client.app.state.service.game(gid).events[0] == first_draw(HIDDEN, 2, "5")  # research
    token = solo.json()["links"][0]["token"]
    assert client.get(f"/api/games/{gid}/view", params={"token": token}).json()["seed_known"] is True
    listed = {g["id"]: g["seed_known"] for g in client.get("/api/games").json()["games"]}
    assert listed[gid] is True
    plain = client.post("/api/games", json={"game": HIDDEN, "players": 2, "seats": bots})
    assert plain.json()["game"]["seed_known"] is False


def test_the_record_of_a_seeded_game_says_so(make_client, sqlite_url):
    client = default_client(make_client, sqlite_url)
    r = client.post("/api/games", json={"game": "toy", "players": 2, "seed": 3, "options": {"rounds": 1},
                                        "seats": [{"kind": "bot", "bot": "random"}] * 2})
    gid = r.json()["game"]["id"]
    from conftest import wait_until
    wait_until(lambda: client.get(f"/api/games/{gid}").json()["status"] == "finished")
    record = json.loads(client.get(f"/api/games/{gid}/record").text)
    assert record["seed_known"] is True


def test_a_continued_upload_is_marked_and_draws_from_a_secret(make_client, db_url):
    from thebes.cli import selfplay_record
    client = default_client(make_client, db_url)
    data = selfplay_record(HIDDEN, 2, 9, {}).to_dict()
    data["events"] = data["events"][:31]
    del data["result"]
    r = client.post("/api/records", json={"record": data, "mode": "continue", "seats": TWO_HUMANS})
    assert r.status_code == 201, r.text
    assert r.json()["game"]["seed_known"] is True
    gid = r.json()["game"]["id"]
    assert {g["id"]: g["seed_known"] for g in client.get("/api/games").json()["games"]}[gid] is True
    g = client.app.state.service.game(gid)
    assert g.secret and g.seed_known


def test_open_seeds_allow_a_chosen_seed_for_several_humans_still_marked(make_client, sqlite_url):
    client = default_client(make_client, sqlite_url, open_seeds=True)
    r = client.post("/api/games", json={"game": HIDDEN, "players": 2, "seed": 5, "seats": TWO_HUMANS})
    assert r.status_code == 201 and r.json()["game"]["seed_known"] is True


# ---------------------------------------------------------------------- item 2: versions
def toy_game(client):
    r = client.post("/api/games", json={"game": "toy", "players": 2, "seats": TWO_HUMANS})
    return r.json()["game"]["id"], [link["token"] for link in r.json()["links"]]


def race(client, gid, body, n=8):
    barrier = threading.Barrier(n)
    statuses: list[int] = []

    def post() -> None:
        barrier.wait()
        statuses.append(client.post(f"/api/games/{gid}/moves", json=body).status_code)

    threads = [threading.Thread(target=post) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sorted(statuses)


def test_moves_resent_without_a_version_never_land(make_client, db_url):
    client = default_client(make_client, db_url)
    gid, tokens = toy_game(client)
    statuses = race(client, gid, {"token": tokens[0], "move": "add 1"})
    assert statuses == [400] * 8
    v = client.get(f"/api/games/{gid}/view", params={"token": tokens[0]}).json()
    assert v["version"] == 1
    r = client.post(f"/api/games/{gid}/moves", json={"token": tokens[0], "move": "add 1"})
    assert "version" in r.json()["error"]


def test_a_move_resent_with_its_version_is_counted_once(make_client, db_url):
    client = default_client(make_client, db_url)
    gid, tokens = toy_game(client)
    assert race(client, gid, {"token": tokens[0], "move": "add 1", "version": 1}) == [200] + [409] * 7
    r = client.post(f"/api/games/{gid}/moves", json={"token": tokens[0], "move": "add 1", "version": 1})
    assert r.status_code == 409                                     # the resend after a drop
    v = client.get(f"/api/games/{gid}/view", params={"token": tokens[0]}).json()
    assert v["version"] == 2 and [line["event"] for line in v["log"]][1:] == ["add 1"]


def test_a_socket_move_needs_its_version(make_client, sqlite_url):
    client = default_client(make_client, sqlite_url)
    gid, tokens = toy_game(client)
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[0]}") as ws:
        assert ws.receive_json()["version"] == 1
        for _ in range(3):
            ws.send_json({"type": "move", "move": "add 1"})
            m = ws.receive_json()
            assert m["type"] == "error" and m["status"] == 400 and "version" in m["error"]
        ws.send_json({"type": "move", "move": "add 1", "version": 1})
        assert ws.receive_json()["version"] == 2
        ws.send_json({"type": "move", "move": "add 1", "version": 1})   # resent: refused
        assert ws.receive_json()["status"] == 409
    assert client.get(f"/api/games/{gid}/view", params={"token": tokens[1]}).json()["version"] == 2


# ---------------------------------------------------------------------- item 3: no 500
def test_nul_characters_are_refused_at_the_edge(make_client, db_url):
    client = default_client(make_client, db_url)
    gid, tokens = toy_game(client)
    bad = [
        ("POST", "/api/games", {"game": "toy", "players": 2, "seats": [{"kind": "human", "name": "A\u0000"}, {}]}),
        ("POST", "/api/games", {"game": "toy", "players": 2, "options": {"rounds\u0000": 1}}),
        ("POST", "/api/games", {"game": "t\u0000oy", "players": 2}),
        ("POST", f"/api/games/{gid}/name", {"token": tokens[0], "name": "\u0000"}),
        ("POST", f"/api/games/{gid}/moves", {"token": tokens[0], "move": "add\u00001", "version": 1}),
        ("POST", "/api/records", {"record": "{\"game\": \"toy\u0000\"}"}),
    ]
    for method, path, body in bad:
        r = client.request(method, path, json=body)
        assert r.status_code == 400 and "NUL" in r.json()["error"], (path, r.text)
    # a NUL inside the record text (escaped twice: it reaches the server as text, parsed later)
    record = json.dumps({"game": "toy", "players": 2, "events": [], "names": ["A\u0000"]})
    r = client.post("/api/records", json={"record": record, "mode": "view"})
    assert r.status_code == 400 and "NUL" in r.json()["error"]
    for path in ("/api/games/ab%00cd", f"/api/games/{gid}/view?token=a%00b", "/api/games/%00/view"):
        r = client.get(path)
        assert r.status_code == 400 and r.json()["error"], path
    # lone surrogates are not text either (no database stores them)
    for body in ('{"game": "toy", "players": 2, "seats": [{"kind": "human", "name": "\\ud800"}, {}]}',
                 '{"record": "{\\"game\\": \\"toy\\", \\"players\\": 2, \\"events\\": [], '
                 '\\"names\\": [\\"\\\\udfff\\"]}"}'):
        path = "/api/records" if "record" in body else "/api/games"
        r = client.post(path, content=body, headers={"content-type": "application/json"})
        assert r.status_code == 400 and "surrogate" in r.json()["error"], r.text
    # a backslash before "u0000" is text, not a NUL: accepted
    r = client.post(f"/api/games/{gid}/name", json={"token": tokens[0], "name": "back\\u0000slash"})
    assert r.status_code == 200
    assert client.get(f"/api/games/{gid}/view", params={"token": tokens[0]}).json()["version"] == 1


def test_malformed_uploads_are_400_with_a_sentence(make_client, db_url):
    client = default_client(make_client, db_url)
    texts = ["9" * 5000, "[" * 100_000 + "]" * 100_000, "{" * 50_000, "-" + "1" * 4400,
             json.dumps({"game": "toy", "players": int("9" * 4000), "events": []}),
             json.dumps({"game": "toy", "players": 2, "events": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}),
             json.dumps({"game": "ra", "players": 3, "options": {"epochs": 1e308 * 10}, "events": []}),
             json.dumps({"game": "ra", "players": 3, "options": {"epochs": -1}, "events": []}),
             json.dumps({"game": "ra", "players": 3.5, "events": []}),
             json.dumps({"game": "toy", "players": 2, "events": ["deal 9,9"]}),
             json.dumps({"game": "toy", "players": 2, "events": [], "result": {"scores": 1}}),
             json.dumps({"game": ["toy"], "players": 2, "events": []}),
             "\ud800", "", "null", "[]", "\"a record\""]
    for text in texts:
        for mode in ("view", "continue"):
            r = client.post("/api/records", content=json.dumps({"record": text, "mode": mode}),
                            headers={"content-type": "application/json"})
            assert r.status_code == 400, (text[:40], r.text[:200])
            assert len(r.json()["error"]) > 10
    # the same shapes as the body itself (parsed before the route runs)
    for raw in (b'{"record": ' + b"9" * 5000 + b"}", b'{"record": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
                b'{"record": {"game": "toy", "players": 2, "events": []}, "mode": 5}'):
        r = client.post("/api/records", content=raw, headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["error"]


def test_deep_or_huge_socket_messages_are_answered_not_crashed(make_client, sqlite_url):
    client = default_client(make_client, sqlite_url)
    gid, tokens = toy_game(client)
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[0]}") as ws:
        ws.receive_json()
        for text in ("[" * 3000 + "]" * 3000, "9" * 4000, "x" * 10_000, '{"type": "move", "move": "add 1", "version": ' + "9" * 4000 + "}"):
            ws.send_text(text)
            m = ws.receive_json()
            assert m["type"] == "error" and m["status"] in (400, 409) and m["error"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


# ---------------------------------------------------------------------- item 5: headers and origin
def test_pages_and_answers_carry_the_security_headers(make_client, sqlite_url):
    client = default_client(make_client, sqlite_url)
    for path in ("/", "/play/abc?token=secret", "/static/app.js", "/api/meta", "/api/games/nope", "/upload"):
        r = client.get(path)
        csp = r.headers["content-security-policy"]
        assert "script-src 'self';" in csp and "unsafe-inline" not in csp and "style-src 'self';" in csp
        assert "frame-ancestors 'none'" in csp and "ws://testserver" in csp
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["x-frame-options"] == "DENY"
    assert client.get("/api/games").headers["cache-control"] == "no-store"
    assert "'sha256-" in client.get("/docs").headers["content-security-policy"]   # its own script
    assert "strict-transport-security" not in client.get("/").headers
    assert "max-age" in client.get("https://testserver/").headers["strict-transport-security"]


def test_the_page_has_no_inline_script_or_style():
    from pathlib import Path
    import re
    page = (Path(__file__).resolve().parents[2] / "thebes" / "web" / "index.html").read_text()
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", page, re.S | re.I)
    assert scripts and all("src=" in attrs and not body.strip() for attrs, body in scripts)
    assert not re.search(r"<style\b|\sstyle=|\son[a-z]+=", page, re.I)


def test_sockets_from_another_origin_are_refused(make_client, sqlite_url):
    # the test client's host, "testserver", is named as this server's (issue 30: a page of a
    # name the server does not know is refused even when its Host header matches)
    client = default_client(make_client, sqlite_url, allowed_hosts=("testserver",))
    gid, tokens = toy_game(client)
    url = f"/api/games/{gid}/ws?token={tokens[0]}"
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(url, headers={"origin": "https://evil.example"}) as ws:
            ws.receive_json()
    for origin in ("http://testserver", None):                  # its own page, or not a browser
        headers = {"origin": origin} if origin else {}
        with client.websocket_connect(url, headers=headers) as ws:
            assert ws.receive_json()["type"] == "view"
    client.__exit__(None, None, None)     # one server process per SQLite file: this one stops
    allowed = default_client(make_client, sqlite_url, allowed_origins=("https://play.example",))
    with allowed.websocket_connect(url, headers={"origin": "https://play.example"}) as ws:
        assert ws.receive_json()["type"] == "view"


def test_request_log_lines_never_show_a_token(make_client, sqlite_url):
    import logging
    default_client(make_client, sqlite_url)                      # create_app installs the filter
    lines: list[str] = []

    class Grab(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(record.getMessage())

    # uvicorn's own logging set-up (another test may have run it) stops these loggers from
    # propagating, so the lines are caught on the loggers themselves
    loggers = [logging.getLogger("uvicorn.access"), logging.getLogger("uvicorn.error")]
    saved = [(lg.level, lg.disabled) for lg in loggers]
    grab = Grab()
    for lg in loggers:
        lg.addHandler(grab)
        lg.setLevel(logging.INFO)
        lg.disabled = False
    try:
        loggers[0].info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "GET",
                        "/api/games/g/view?token=SECRET1&since=2", "1.1", 200)
        loggers[1].info('%s - "WebSocket %s" [accepted]', "127.0.0.1:6", "/api/games/g/ws?since=0&token=SECRET2")
    finally:
        for lg, (level, disabled) in zip(loggers, saved):
            lg.removeHandler(grab)
            lg.setLevel(level)
            lg.disabled = disabled
    assert len(lines) == 2 and not any("SECRET" in line for line in lines)
    assert all("token=[redacted]" in line for line in lines)

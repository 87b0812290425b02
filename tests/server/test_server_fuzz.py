"""Garbage of every shape at every endpoint and over the socket: always a JSON error, never a 500,
and the game never changes."""

from __future__ import annotations

import json
import random

import pytest

ATOMS = [None, True, False, 0, -1, 3, 2 ** 70, 1.5, "", "ra", "toy", "hold", "add 1", "x" * 600,
         "\u0000", "é", [], {}, [1, "a"], {"a": 1}]
KEYS = ["game", "players", "options", "seats", "seed", "token", "move", "version", "name", "seat",
        "kind", "bot", "type", "rounds"]


def junk(rng: random.Random, depth: int = 0):
    roll = rng.random()
    if depth > 2 or roll < 0.5:
        return rng.choice(ATOMS)
    if roll < 0.75:
        return [junk(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(KEYS): junk(rng, depth + 1) for _ in range(rng.randint(0, 5))}


@pytest.fixture
def client(make_client, sqlite_url):
    return make_client(sqlite_url)


def test_http_garbage(client):
    rng = random.Random(2024)
    r = client.post("/api/games", json={"game": "toy", "players": 2, "seed": 1, "seats": [
        {"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]})
    gid, tokens = r.json()["game"]["id"], [l["token"] for l in r.json()["links"]]
    before = client.get(f"/api/games/{gid}/view", params={"token": tokens[0]}).json()
    for i in range(250):
        body = junk(rng)
        if isinstance(body, dict) and rng.random() < 0.5:
            body["token"] = rng.choice(tokens + ["nope"])
        path = rng.choice([f"/api/games/{gid}/moves", f"/api/games/{gid}/join", "/api/games",
                           f"/api/games/{gid}/name", "/api/games/zz/moves"])
        if path.endswith("/join") or path == "/api/games":
            # valid requests there would change things legitimately: keep them invalid
            if isinstance(body, dict):
                body["bogus"] = 1
        if rng.random() < 0.2:
            resp = client.post(path, content=json.dumps(body)[: rng.randint(0, 40)].encode(),
                               headers={"content-type": "application/json"})
        else:
            resp = client.post(path, json=body)
        assert resp.status_code in (200, 400, 403, 404, 409), (path, body, resp.text)
        assert "error" in resp.json() or resp.status_code == 200
        if path.endswith("/moves") and resp.status_code == 200:
            pytest.fail(f"garbage was played: {body!r}")
    for _ in range(100):
        params = {k: junk(rng) for k in rng.sample(["token", "since", "status", "limit"], 2)}
        params = {k: (json.dumps(v) if not isinstance(v, str) else v) for k, v in params.items()}
        for path in (f"/api/games/{gid}/view", "/api/games"):
            resp = client.get(path, params=params)
            assert resp.status_code in (200, 400, 403, 404), (path, params, resp.text)
    after = client.get(f"/api/games/{gid}/view", params={"token": tokens[0]}).json()
    assert after["version"] == before["version"] and after["log"] == before["log"]


def test_socket_garbage(client):
    rng = random.Random(7)
    r = client.post("/api/games", json={"game": "toy", "players": 2, "seed": 1, "seats": [
        {"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]})
    gid, tokens = r.json()["game"]["id"], [l["token"] for l in r.json()["links"]]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[1]}") as ws:
        assert ws.receive_json()["type"] == "view"
        for _ in range(200):
            message = junk(rng)
            if isinstance(message, dict) and rng.random() < 0.5:
                message["type"] = "move"            # seat 2 is not to move: always refused
            if rng.random() < 0.3:
                ws.send_text(json.dumps(message)[: rng.randint(0, 30)])
            else:
                ws.send_text(json.dumps(message))
            reply = ws.receive_json()
            assert reply["type"] in ("error", "pong") and (reply["type"] == "pong" or reply["error"])
        ws.send_bytes(b"\xff\xfe")
        assert ws.receive_json()["type"] == "error"
    v = client.get(f"/api/games/{gid}/view", params={"token": tokens[0]}).json()
    assert v["version"] == 1

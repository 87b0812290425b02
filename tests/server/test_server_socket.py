"""WebSocket: each connection gets its own seat's views only; errors stay on the socket; reconnect with since."""

from __future__ import annotations

import json
import random

import pytest

HUMANS3 = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "human", "name": "Cy"}]


@pytest.fixture
def client(make_client, sqlite_url):
    return make_client(sqlite_url)


def create(client, **body):
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    out = r.json()
    return out["game"]["id"], [l["token"] for l in out["links"]]


def receive_until(ws, predicate, limit=10_000):
    """Read messages until one satisfies ``predicate``; returns every message read."""
    seen = []
    for _ in range(limit):
        message = ws.receive_json()
        seen.append(message)
        if predicate(message):
            return seen
    raise AssertionError("no such message")


def test_each_socket_gets_only_its_own_view(client):
    gid, tokens = create(client, game="toy", players=3, seats=HUMANS3, seed=21)
    rng = random.Random(2)
    sockets = [client.websocket_connect(f"/api/games/{gid}/ws?token={t}") for t in tokens]
    conns = [s.__enter__() for s in sockets]
    received: list[list[dict]] = [[] for _ in conns]
    try:
        for seat, ws in enumerate(conns):
            first = ws.receive_json()
            received[seat].append(first)
            assert first["type"] == "view" and first["seat"] == seat + 1 and first["version"] == 1
            assert [l["index"] for l in first["log"]] == [0]
        version = 1
        while True:
            last = received[0][-1]
            if last["status"] == "finished":
                break
            mover = last["to_move"] - 1
            legal = received[mover][-1]["legal"]
            assert legal, "the mover's own view lists its legal moves"
            conns[mover].send_json({"type": "move", "move": rng.choice(legal), "version": version})
            for seat, ws in enumerate(conns):
                got = receive_until(ws, lambda m: m["type"] == "view" and m["version"] > version)
                received[seat].extend(got)
            version = received[0][-1]["version"]
        # ---- what each socket saw
        cards = received[0][-1]["observation"]["cards"]
        for seat, messages in enumerate(received):
            seen_indexes = []
            for m in messages:
                assert m["type"] == "view"
                assert m["seat"] == seat + 1
                assert m["observation"]["seat"] == seat
                others = [c for i, c in enumerate(m["observation"]["cards"]) if i != seat]
                assert others == [None, None]
                if m["to_move"] != seat + 1:
                    assert m["legal"] == []
                seen_indexes.extend(l["index"] for l in m["log"])
                for line in m["log"]:
                    if line["index"] == 0:
                        shown = line["event"][5:].split(",")
                        assert [x == "?" for x in shown] == [i != seat for i in range(3)]
                text = json.dumps(m)
                for other, token in enumerate(tokens):
                    assert token not in text
            # every log line exactly once, in order
            assert seen_indexes == list(range(messages[-1]["version"]))
        assert received[0][-1]["result"] == received[1][-1]["result"] == received[2][-1]["result"]
        assert received[1][-1]["observation"]["cards"][1] is not None
        assert cards[0] is not None
    finally:
        for s in sockets:
            s.__exit__(None, None, None)


def test_refusals_stay_on_the_socket_and_it_stays_open(client):
    gid, tokens = create(client, game="toy", players=2,
                         seats=[{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}], seed=3)
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[0]}") as a, \
            client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[1]}") as b:
        assert a.receive_json()["version"] == 1
        assert b.receive_json()["version"] == 1
        a.send_text("{not json")
        m = a.receive_json()
        assert m["type"] == "error" and "JSON" in m["error"]
        a.send_text("[1, 2]")
        assert a.receive_json()["type"] == "error"
        a.send_json({"type": "dance"})
        assert a.receive_json()["type"] == "error"
        a.send_json({"type": "move", "move": "fly", "version": 1})
        m = a.receive_json()
        assert m["type"] == "error" and sorted(m["legal"]) == ["add 1", "add 2", "hold"]
        a.send_json({"type": "move", "move": 5, "version": 1})
        assert a.receive_json()["type"] == "error"
        a.send_json({"type": "move", "move": "hold", "version": "x"})
        assert a.receive_json()["type"] == "error"
        a.send_json({"type": "move", "move": "hold", "version": 0})
        m = a.receive_json()
        assert m["type"] == "error" and "stale" in m["error"]
        b.send_json({"type": "move", "move": "hold", "version": 1})   # not seat 2's turn
        m = b.receive_json()
        assert m["type"] == "error" and m["legal"] == []
        a.send_json({"type": "ping"})
        assert a.receive_json() == {"type": "pong"}
        # still open, and nothing moved: the next move lands and both hear of it
        a.send_json({"type": "move", "move": "add 1", "version": 1})
        ma, mb = a.receive_json(), b.receive_json()
        assert ma["type"] == mb["type"] == "view"
        assert ma["version"] == mb["version"] == 2
        assert ma["log"] == mb["log"] == [{"index": 1, "seat": 1, "event": "add 1"}]
        assert mb["legal"] and ma["legal"] == []


def test_bad_connections_get_an_error_then_close(client):
    gid, tokens = create(client, game="toy", players=2, seed=3)
    for url in (f"/api/games/{gid}/ws?token=forged", "/api/games/nope/ws",
                f"/api/games/{gid}/ws",                 # a spectator of a hidden-information game
                f"/api/games/{gid}/ws?token={tokens[0]}&since=x"):
        with client.websocket_connect(url) as ws:
            m = ws.receive_json()
            assert m["type"] == "error" and m["error"]
    # the server keeps running
    assert client.get(f"/api/games/{gid}/view", params={"token": tokens[0]}).status_code == 200


def test_spectator_socket_for_ra_and_moves_refused(client):
    gid, tokens = create(client, game="ra", players=3, seats=HUMANS3, seed=5)
    with client.websocket_connect(f"/api/games/{gid}/ws") as spec:
        first = spec.receive_json()
        assert first["seat"] is None and first["legal"] == [] and first["observation"]["seat"] is None
        spec.send_json({"type": "move", "move": "draw", "version": first["version"]})
        assert spec.receive_json()["type"] == "error"
        mover = first["to_move"]
        r = client.post(f"/api/games/{gid}/moves", json={"token": tokens[mover - 1], "move": "ra",
                                                         "version": first["version"]})
        assert r.status_code == 200
        m = spec.receive_json()
        assert m["type"] == "view" and [l["event"] for l in m["log"]] == ["ra"]


def test_reconnect_with_since_resumes(client):
    gid, tokens = create(client, game="toy", players=2,
                         seats=[{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}], seed=9)
    for i, move in enumerate(["hold", "add 1"]):
        assert client.post(f"/api/games/{gid}/moves", json={"token": tokens[i], "move": move,
                                                            "version": 1 + i}).status_code == 200
    full = client.get(f"/api/games/{gid}/view", params={"token": tokens[1]}).json()
    assert full["version"] == 4               # deal, hold, add 1, roll
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[1]}&since=2") as ws:
        m = ws.receive_json()
        assert [l["index"] for l in m["log"]] == [2, 3]
        assert m["log"] == full["log"][2:]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[1]}&since=4") as ws:
        m = ws.receive_json()
        assert m["log"] == [] and m["version"] == 4
        client.post(f"/api/games/{gid}/moves", json={"token": tokens[0], "move": "add 2", "version": 4})
        m = ws.receive_json()
        assert [l["index"] for l in m["log"]] == [4] and m["legal"]


def test_join_wakes_the_sockets(client):
    gid, tokens = create(client, game="toy", players=2, seats=[{"kind": "human", "name": "A"}, {"kind": "human"}])
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[0]}") as ws:
        assert ws.receive_json()["names"] == ["A", None]
        client.post(f"/api/games/{gid}/join", json={"name": "Zed"})
        m = ws.receive_json()
        assert m["names"] == ["A", "Zed"] and m["log"] == [] and m["status"] == "playing"

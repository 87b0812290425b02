"""Replays (GET /api/games/<id>/replay) and uploaded records (POST /api/records): thebes/server/api/replay.py, live/replays.py.

Positions are compared with a local replay of the same events; an unfinished game with
hidden information is replayed only for a seat, with its token, and never omnisciently;
uploads are checked with Record.replay (a bad one refused with its first illegal event);
an uploaded unfinished record is continued as a live game against a bot to the end.
"""

from __future__ import annotations

import json
import random

import pytest
from conftest import wait_until

from thebes.cli import selfplay_record
from thebes.core import Record, ReplayError, get_game
from thebes.server.storage.schema import StaleVersion

HIDDEN = "sarcophagus"          # a real game with hidden information (2 players)
PUBLIC = "ra"                    # a real game without (3 players)


def plain(value):
    """As it comes back over JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def local_state(game: str, players: int, options: dict, events: list[str]):
    state = get_game(game).new_initial_state(players, options)
    for text in events:
        state.apply(text)
    return state


def bot_game(client, game: str, players: int, seed: int) -> str:
    r = client.post("/api/games", json={"game": game, "players": players, "seed": seed,
                                        "seats": [{"kind": "bot", "bot": "random"}] * players})
    assert r.status_code == 201, r.text
    gid = r.json()["game"]["id"]
    wait_until(lambda: client.get(f"/api/games/{gid}").json()["status"] == "finished", timeout=60)
    return gid


def record_of(client, gid: str) -> Record:
    r = client.get(f"/api/games/{gid}/record")
    assert r.status_code == 200, r.text
    return Record.loads(r.text)


# ---------------------------------------------------------------------- replays
def test_stepping_positions_equal_a_local_replay(make_client, sqlite_url):
    client = make_client(sqlite_url)
    gid = bot_game(client, PUBLIC, 3, seed=11)
    rec = record_of(client, gid)
    total = len(rec.events)
    full = client.get(f"/api/games/{gid}/replay").json()
    assert full["index"] == full["events"] == total
    assert full["perspective"] == "omniscient" and full["status"] == "finished"
    assert full["result"] == rec.result
    assert [line["index"] for line in full["log"]] == list(range(total))
    assert [line["event"] for line in full["log"]] == rec.events
    # every position forward, then backward (served from the cached checkpoints)
    for n in list(range(total + 1)) + list(range(total, -1, -7)):
        got = client.get(f"/api/games/{gid}/replay", params={"at": n, "since": n}).json()
        assert got["index"] == n and got["events"] == total and got["log"] == []
        state = local_state(PUBLIC, 3, rec.options, rec.events[:n])
        assert got["observation"] == plain(state.omniscient_observation()), n
        assert got["legal"] == []
        assert got["status"] == ("finished" if n == total else "playing")
    # the log up to a position, and positions outside the game are clamped
    part = client.get(f"/api/games/{gid}/replay", params={"at": 20}).json()
    assert [line["event"] for line in part["log"]] == rec.events[:20]
    assert client.get(f"/api/games/{gid}/replay", params={"at": -5}).json()["index"] == 0
    assert client.get(f"/api/games/{gid}/replay", params={"at": 10 ** 6}).json()["index"] == total
    assert client.get("/api/games/nosuchgame/replay").status_code == 404
    assert client.get(f"/api/games/{gid}/replay", params={"at": "x"}).status_code == 400


def test_finished_hidden_game_is_omniscient(make_client, sqlite_url):
    client = make_client(sqlite_url)
    gid = bot_game(client, HIDDEN, 2, seed=5)
    rec = record_of(client, gid)
    for n in (0, 10, len(rec.events) // 2, len(rec.events)):
        got = client.get(f"/api/games/{gid}/replay", params={"at": n}).json()
        assert got["perspective"] == "omniscient" and got["seat"] is None
        state = local_state(HIDDEN, 2, rec.options, rec.events[:n])
        assert got["observation"] == plain(state.omniscient_observation())
        assert [line["event"] for line in got["log"]] == rec.events[:n]   # omniscient texts


def test_unfinished_hidden_game_only_for_the_token_seat(make_client, sqlite_url):
    client = make_client(sqlite_url)
    r = client.post("/api/games", json={"game": HIDDEN, "players": 2, "seed": 3,
                                        "seats": [{"kind": "human", "name": "Ann"},
                                                  {"kind": "human", "name": "Bob"}]})
    gid = r.json()["game"]["id"]
    tokens = [link["token"] for link in r.json()["links"]]
    rng = random.Random(3)
    for _ in range(12):                                      # a few moves by both seats
        v = client.get(f"/api/games/{gid}/view", params={"token": tokens[0]}).json()
        mover = v["to_move"] - 1
        mine = client.get(f"/api/games/{gid}/view", params={"token": tokens[mover]}).json()
        assert client.post(f"/api/games/{gid}/moves", json={
            "token": tokens[mover], "move": rng.choice(mine["legal"]),
            "version": mine["version"]}).status_code == 200
    service = client.app.state.service
    g = service.game(gid)
    events = list(g.events)
    assert not g.finished
    # no token, a wrong token: refused, nothing omniscient, no record
    for params in ({}, {"token": "wrong"}, {"at": 3}):
        bad = client.get(f"/api/games/{gid}/replay", params=params)
        assert bad.status_code == 403, bad.text
        assert "observation" not in bad.json()
    assert client.get(f"/api/games/{gid}/record").status_code == 403
    # each seat: its own view and log at every position, never the omniscient one
    omniscient_seen = False
    for seat, token in enumerate(tokens):
        for n in range(len(events) + 1):
            got = client.get(f"/api/games/{gid}/replay", params={"token": token, "at": n}).json()
            assert got["perspective"] == "seat" and got["seat"] == seat + 1
            state = get_game(HIDDEN).new_initial_state(2, {})
            texts = []
            for text in events[:n]:
                action = state.parse(text)
                texts.append(state.event_for_seat(action, seat))
                state.apply_action(action)
            assert got["observation"] == plain(state.observation(seat))
            assert [line["event"] for line in got["log"]] == texts
            if plain(state.omniscient_observation()) != got["observation"]:
                omniscient_seen = True
    assert omniscient_seen   # the seat views did differ from the omniscient one somewhere


def test_unfinished_public_game_replays_for_anyone(make_client, sqlite_url):
    client = make_client(sqlite_url)
    r = client.post("/api/games", json={"game": PUBLIC, "players": 3, "seed": 2,
                                        "seats": [{"kind": "human", "name": "Ann"},
                                                  {"kind": "bot", "bot": "random"},
                                                  {"kind": "bot", "bot": "random"}]})
    gid = r.json()["game"]["id"]
    got = client.get(f"/api/games/{gid}/replay").json()
    assert got["perspective"] == "public" and got["finished"] is False
    assert got["events"] >= 1
    mine = client.get(f"/api/games/{gid}/replay", params={"token": r.json()["links"][0]["token"]}).json()
    assert mine["perspective"] == "seat" and mine["seat"] == 1


# ---------------------------------------------------------------------- uploads
def test_upload_a_good_record_to_view(make_client, db_url):
    client = make_client(db_url)
    rec = selfplay_record(HIDDEN, 2, 7, {})
    r = client.post("/api/records", json={"record": rec.dumps(), "mode": "view"})
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["events"] == len(rec.events) and body["finished"] is True
    assert body["url"] == f"/replay/{body['id']}"
    iid = body["id"]
    got = client.get(f"/api/games/{iid}/replay").json()
    assert got["imported"] is True and got["perspective"] == "omniscient"
    assert got["result"] == rec.result
    assert [line["event"] for line in got["log"]] == rec.events
    state = local_state(HIDDEN, 2, {}, rec.events[:25])
    assert client.get(f"/api/games/{iid}/replay", params={"at": 25}).json()["observation"] == \
        plain(state.omniscient_observation())
    # an import is never listed, joined or played on
    assert iid not in [g["id"] for g in client.get("/api/games").json()["games"]]
    assert client.post(f"/api/games/{iid}/join", json={"name": "Eve"}).status_code == 409
    # the record as an object works too, and an unfinished one is viewed as it is
    half = rec.to_dict()
    half["events"] = half["events"][:30]
    del half["result"]
    r = client.post("/api/records", json={"record": half})
    assert r.status_code == 201 and r.json()["finished"] is False
    half_id = r.json()["id"]
    got = client.get(f"/api/games/{half_id}/replay").json()
    assert got["events"] == 30 and got["imported"] is True
    # an import is never resumed, and the storage refuses any event appended to it
    storage = client.app.state.storage
    assert half_id not in storage.unfinished_ids()
    with pytest.raises(StaleVersion):
        storage.append_events(half_id, 30, [(rec.events[30], None)], "playing", None)
    assert storage.load_game(half_id).version == 30
    # the page routes
    assert client.get(f"/replay/{iid}").status_code == 200
    assert client.get("/upload").status_code == 200


def test_upload_a_bad_record_is_refused_with_its_first_illegal_event(make_client, sqlite_url):
    client = make_client(sqlite_url)
    rec = selfplay_record(PUBLIC, 3, 4, {})
    data = rec.to_dict()
    data["events"] = list(data["events"])
    data["events"][17] = "bid 99"
    before = client.get("/api/games").json()["games"]
    r = client.post("/api/records", json={"record": json.dumps(data)})
    assert r.status_code == 400
    body = r.json()
    assert body["index"] == 17 and body["event"] == "bid 99"
    assert "17" in body["error"] and "bid 99" in body["error"]
    assert isinstance(body["legal"], list) and body["legal"]
    # the same answer as `thebes replay`
    with pytest.raises(ReplayError) as err:
        Record.from_dict(data).replay()
    assert err.value.index == 17 and err.value.event == "bid 99"
    assert sorted(err.value.legal) == sorted(body["legal"])
    # not JSON, not a record, an unknown game, a wrong result, a finished record to continue
    for bad in ("{nope", json.dumps([1, 2]), json.dumps({"game": "chess", "players": 2, "events": []})):
        r = client.post("/api/records", json={"record": bad})
        assert r.status_code == 400 and r.json()["error"], bad
    wrong = rec.to_dict()
    wrong["result"] = {"scores": [1, 2, 3], "ranking": [1, 2, 3]}
    r = client.post("/api/records", json={"record": wrong})
    assert r.status_code == 400 and "result" in r.json()["error"]
    r = client.post("/api/records", json={"record": rec.dumps(), "mode": "continue"})
    assert r.status_code == 409
    assert client.post("/api/records", json={"record": rec.dumps(), "mode": "other"}).status_code == 400
    assert client.get("/api/games").json()["games"] == before


def test_continue_an_uploaded_record_against_a_bot_to_the_end(make_client, sqlite_url):
    client = make_client(sqlite_url)
    rec = selfplay_record(HIDDEN, 2, 9, {})
    cut = 31
    data = rec.to_dict()
    data["events"] = data["events"][:cut]
    del data["result"]
    r = client.post("/api/records", json={"record": data, "mode": "continue",
                                          "seats": [{"kind": "human", "name": "Ann"},
                                                    {"kind": "bot", "bot": "greedy"}]})
    assert r.status_code == 201, r.text
    gid = r.json()["game"]["id"]
    token = r.json()["links"][0]["token"]
    assert [link["seat"] for link in r.json()["links"]] == [1]
    assert gid in [g["id"] for g in client.get("/api/games").json()["games"]]
    rng = random.Random(1)
    for _ in range(500):
        v = wait_until(lambda: (lambda v: v if v["status"] == "finished" or v["legal"] else None)(
            client.get(f"/api/games/{gid}/view", params={"token": token}).json()), timeout=30)
        if v["status"] == "finished":
            break
        r = client.post(f"/api/games/{gid}/moves", json={"token": token, "move": rng.choice(v["legal"]),
                                                         "version": v["version"]})
        assert r.status_code in (200, 409), r.text
    assert v["status"] == "finished"
    final = record_of(client, gid)
    assert final.events[:cut] == rec.events[:cut]
    assert final.result is not None and len(final.events) > cut
    final.replay()                                          # the whole game replays, result included
    # an all-bot continuation plays itself to the end
    r = client.post("/api/records", json={"record": data, "mode": "continue",
                                          "seats": [{"kind": "bot", "bot": "random"}] * 2})
    assert r.status_code == 201 and r.json()["links"] == []
    gid2 = r.json()["game"]["id"]
    wait_until(lambda: client.get(f"/api/games/{gid2}").json()["status"] == "finished", timeout=60)
    # wrong seats
    assert client.post("/api/records", json={"record": data, "mode": "continue",
                                             "seats": [{"kind": "human"}]}).status_code == 400
    assert client.post("/api/records", json={"record": data, "mode": "continue",
                                             "seats": [{"kind": "bot", "bot": "nobody"}] * 2}).status_code == 400

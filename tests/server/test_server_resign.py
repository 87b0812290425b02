"""Resigning and the cap on unfinished games (issue 31 item 1)."""

from __future__ import annotations

import json

import pytest
from conftest import test_settings as settings_with, wait_until

HUMANS2 = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
SOLO = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]


@pytest.fixture
def client(make_client, sqlite_url):
    return make_client(sqlite_url, bot_delay=0)


def create(client, seats=HUMANS2, rounds=2, table=None):
    body = {"game": "toy", "players": len(seats), "seats": seats, "options": {"rounds": rounds}}
    if table is not None:
        body["table"] = table
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    out = r.json()
    return out["game"]["id"], {l["seat"] - 1: l["token"] for l in out["links"]}


def view(client, gid, token):
    r = client.get(f"/api/games/{gid}/view", params={"token": token})
    assert r.status_code == 200, r.text
    return r.json()


def claim(client, name):
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    return r.json()["key"]


def test_a_resigned_seat_is_played_to_the_end_by_its_stand_in_and_the_log_says_so(client):
    gid, tokens = create(client)
    r = client.post(f"/api/games/{gid}/resign", json={"token": tokens[0]})
    assert r.status_code == 200, r.text
    v = view(client, gid, tokens[1])
    assert v["table"]["resigned"] == [[1, v["version"]]]
    assert v["seats"][0]["resigned"] is True
    for _ in range(50):       # Bob plays on; the stand-in answers for Ann
        v = wait_until(lambda: (x := view(client, gid, tokens[1]))
                       and (x["status"] == "finished" or x["to_move"] == 2) and x)
        if v["status"] == "finished":
            break
        client.post(f"/api/games/{gid}/moves", json={"token": tokens[1], "move": v["legal"][0],
                                                     "version": v["version"]})
    assert v["status"] == "finished"
    reasons = {why for _i, why in v["table"]["standins"]}
    assert reasons == {"resigned"}
    assert all(v["log"][i]["seat"] == 1 for i, _why in v["table"]["standins"])


def test_a_seat_that_resigned_can_neither_move_nor_come_back(client):
    gid, tokens = create(client)
    client.post(f"/api/games/{gid}/resign", json={"token": tokens[0]})
    client.app.state.community.tables.stop()          # the stand-in waits: Ann's turn stays
    v = view(client, gid, tokens[0])
    if v["to_move"] == 1:
        r = client.post(f"/api/games/{gid}/moves", json={"token": tokens[0], "move": "hold",
                                                         "version": v["version"]})
        assert r.status_code == 409 and "resigned" in r.json()["error"]
    r = client.post(f"/api/games/{gid}/back", json={"token": tokens[0]})
    assert r.status_code == 409 and "resigned" in r.json()["error"]
    again = client.post(f"/api/games/{gid}/resign", json={"token": tokens[0]})
    assert again.status_code == 200                    # twice: once
    assert view(client, gid, tokens[1])["table"]["resigned"] == [[1, v["version"]]]


def test_resigning_needs_the_seats_token_and_an_unfinished_game(client):
    gid, tokens = create(client)
    assert client.post(f"/api/games/{gid}/resign", json={"token": "nope"}).status_code == 403
    assert client.post(f"/api/games/{gid}/resign", json={}).status_code in (400, 422)
    gid2, tokens2 = create(client, SOLO, rounds=1)
    client.post(f"/api/games/{gid2}/resign", json={"token": tokens2[0]})
    wait_until(lambda: view(client, gid2, tokens2[0])["status"] == "finished")
    r = client.post(f"/api/games/{gid2}/resign", json={"token": tokens2[0]})
    assert r.status_code == 409 and "over" in r.json()["error"]


def test_a_rated_game_counts_a_resigned_seat_as_a_loss(client):
    ann, bob = claim(client, "Ann"), claim(client, "Bob")
    gid, tokens = create(client)
    for seat, key in ((0, ann), (1, bob)):
        assert client.post(f"/api/games/{gid}/player",
                           json={"token": tokens[seat], "key": key}).status_code == 200
    client.post(f"/api/games/{gid}/resign", json={"token": tokens[1]})
    for _ in range(50):
        v = wait_until(lambda: (x := view(client, gid, tokens[0]))
                       and (x["status"] == "finished" or x["to_move"] == 1) and x)
        if v["status"] == "finished":
            break
        client.post(f"/api/games/{gid}/moves", json={"token": tokens[0], "move": "hold",
                                                     "version": v["version"]})
    rows = wait_until(lambda: client.get("/api/leaderboard/toy").json()["rows"])
    by = {r["name"]: r for r in rows}
    assert by["Ann"]["mu"] > by["Bob"]["mu"]   # whatever the scores: Bob resigned


def test_the_cap_counts_only_games_that_wait_on_a_person_and_resigning_frees_a_slot(make_client,
                                                                                     sqlite_url):
    client = make_client(sqlite_url, bot_delay=0, settings=settings_with(live_games=2))
    first, t1 = create(client, SOLO, rounds=50)
    create(client, SOLO, rounds=50)
    r = client.post("/api/games", json={"game": "toy", "players": 2, "seats": SOLO})
    assert r.status_code == 429
    client.post(f"/api/games/{first}/resign", json={"token": t1[0]})
    r = client.post("/api/games", json={"game": "toy", "players": 2, "seats": SOLO})
    assert r.status_code == 201, r.text


def test_the_caps_refusal_says_how_to_free_a_slot_with_a_link_to_my_games(make_client,
                                                                          sqlite_url):
    client = make_client(sqlite_url, bot_delay=0, settings=settings_with(live_games=1))
    create(client, SOLO, rounds=50)
    r = client.post("/api/games", json={"game": "toy", "players": 2, "seats": SOLO})
    body = r.json()
    assert r.status_code == 429
    assert body["code"] == "live_games" and body["cap"] == 1 and body["link"] == "/mine"
    assert "resign" in body["error"] and "My games" in body["error"]


def test_viewing_an_uploaded_record_of_a_finished_game_never_counts_against_the_cap(make_client,
                                                                                    sqlite_url):
    client = make_client(sqlite_url, bot_delay=0, settings=settings_with(live_games=1))
    done, tokens = create(client, SOLO, rounds=1)
    client.post(f"/api/games/{done}/resign", json={"token": tokens[0]})
    wait_until(lambda: view(client, done, tokens[0])["status"] == "finished")
    record = client.get(f"/api/games/{done}/record").text
    create(client, SOLO, rounds=50)                       # the one slot is taken
    for _ in range(3):
        r = client.post("/api/records", json={"record": json.loads(record), "mode": "view"})
        assert r.status_code == 201, r.text
    r = client.post("/api/records", json={"record": json.loads(record), "mode": "continue"})
    assert r.status_code == 429


def test_a_continued_upload_without_a_table_can_be_resigned(client):
    r = client.post("/api/records", json={"record": {"game": "toy", "players": 2,
                                                     "options": {"rounds": 2},
                                                     "events": ["deal 1,2"]},
                                          "mode": "continue",
                                          "seats": [{"kind": "human", "name": "Ann"},
                                                    {"kind": "bot", "bot": "random"}]})
    assert r.status_code == 201, r.text
    gid = r.json()["game"]["id"]
    token = r.json()["links"][0]["token"]
    assert client.post(f"/api/games/{gid}/resign", json={"token": token}).status_code == 200
    wait_until(lambda: view(client, gid, token)["status"] == "finished")

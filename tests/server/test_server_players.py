"""Players with private keys, openskill ratings, leaderboards, player pages and rematches (issue 14)."""

from __future__ import annotations

import json

import pytest
from conftest import wait_until
from openskill.models import PlackettLuce

from thebes.server.players.names import hash_key

HUMANS2 = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


@pytest.fixture
def client(make_client, sqlite_url):
    return make_client(sqlite_url, bot_delay=0)


def create(client, seats=HUMANS2, table=None, rounds=1):
    """A toy game with a secret seed (a chosen seed would make it unrated: seed_known)."""
    body = {"game": "toy", "players": len(seats), "seats": seats, "options": {"rounds": rounds}}
    if table is not None:
        body["table"] = table
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    out = r.json()
    return out["game"]["id"], {l["seat"] - 1: l["token"] for l in out["links"]}


def claim(client, name):
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    return r.json()["key"]


def play_out(client, gid, tokens):
    """Every person's seat plays its first legal move until the game is over (bots move by themselves)."""
    for _ in range(200):
        v = wait_until(lambda: (x := client.get(f"/api/games/{gid}/view",
                                                params={"token": next(iter(tokens.values()))}).json())
                       and (x["status"] == "finished" or (x["to_move"] - 1) in tokens) and x)
        if v["status"] == "finished":
            return v
        token = tokens[v["to_move"] - 1]
        mine = client.get(f"/api/games/{gid}/view", params={"token": token}).json()
        r = client.post(f"/api/games/{gid}/moves", json={"token": token, "move": mine["legal"][-1],
                                                        "version": mine["version"]})
        assert r.status_code in (200, 409), r.text
    raise AssertionError("the game did not end")


def test_a_name_is_claimed_once_with_a_private_key_stored_only_as_a_hash(client):
    key = claim(client, "Ann Lee")
    assert len(key) >= 30
    assert client.post("/api/players/me", json={"key": key}).json() == {"name": "Ann Lee"}
    assert client.post("/api/players", json={"name": "ann  LEE"}).status_code == 409
    too_long = client.post("/api/players", json={"name": "x" * 41})
    assert too_long.status_code == 400 and "at most 40" in too_long.json()["error"]
    assert client.post("/api/players", json={"name": "   "}).status_code == 400
    assert client.post("/api/players/me", json={"key": "wrong"}).status_code == 403
    storage = client.app.state.storage
    with storage.engine.connect() as conn:
        rows = [tuple(r) for r in conn.exec_driver_sql("SELECT * FROM players")]
    assert key not in repr(rows) and hash_key(key) in repr(rows)


def test_a_linked_seat_takes_the_players_name_and_the_key_never_shows(client):
    key = claim(client, "Zoé <b>")
    gid, tokens = create(client, seats=[{"kind": "human"}, {"kind": "human", "name": "Bob"}])
    r = client.post(f"/api/games/{gid}/player", json={"token": tokens[0], "key": key})
    assert r.status_code == 200 and r.json() == {"name": "Zoé <b>", "seat": 1}
    assert client.post(f"/api/games/{gid}/player", json={"token": "x", "key": key}).status_code == 403
    assert client.post(f"/api/games/{gid}/player",
                       json={"token": tokens[1], "key": "bad"}).status_code == 403
    v = client.get(f"/api/games/{gid}/view", params={"token": tokens[1]}).json()
    assert v["seats"][0]["name"] == v["seats"][0]["player"] == "Zoé <b>"
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[1]}") as ws:
        message = ws.receive_text()
    for text in (message, json.dumps(v), client.get("/api/games").text,
                 client.get(f"/api/games/{gid}").text):
        assert key not in text and hash_key(key) not in text


def test_a_finished_game_between_claimed_players_updates_ratings_as_openskill_does(client):
    keys = {name: claim(client, name) for name in ("Ann", "Bob", "Cy")}
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    gid, tokens = create(client, seats=seats)
    for seat, name in ((0, "Ann"), (1, "Bob")):
        client.post(f"/api/games/{gid}/player", json={"token": tokens[seat], "key": keys[name]})
    v = play_out(client, gid, tokens)
    ranking = v["result"]["ranking"]
    model = PlackettLuce()
    fresh = [[model.rating()] for _ in range(3)]
    expected = model.rate(fresh, ranks=[ranking.index(seat) + 1 for seat in (1, 2, 3)])
    # the last move may be the bot's (another thread): its listener rates the game
    board = wait_until(lambda: (b := client.get("/api/leaderboard/toy").json())["rows"] and b)
    by_name = {(r["name"] or "bot:" + r["bot"]): r for r in board["rows"]}
    for label, team in zip(["Ann", "Bob", "bot:random"], expected):
        assert by_name[label]["mu"] == pytest.approx(team[0].mu, abs=0.01)
        assert by_name[label]["sigma"] == pytest.approx(team[0].sigma, abs=0.01)
        assert by_name[label]["games"] == 1
    assert [r["rating"] for r in board["rows"]] == sorted((r["rating"] for r in board["rows"]),
                                                         reverse=True)
    assert "random" not in board["unrated_bots"]     # rated now
    # rated once: another notification changes nothing
    client.app.state.community.players.changed(gid)
    assert client.get("/api/leaderboard/toy").json() == board
    page = client.get("/api/players/ann").json()
    assert page["name"] == "Ann" and page["games"][0]["id"] == gid
    assert page["games"][0]["rank"] == ranking.index(1) + 1
    assert page["ratings"][0]["game"] == "toy"
    assert client.get("/api/players/nobody").status_code == 404


def test_games_that_do_not_count_leave_ratings_alone(client):
    ann = claim(client, "Ann")
    # one person unclaimed
    gid, tokens = create(client)
    client.post(f"/api/games/{gid}/player", json={"token": tokens[0], "key": ann})
    play_out(client, gid, tokens)
    # one person against a bot, the creator did not ask
    solo = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    gid, tokens = create(client, seats=solo)
    client.post(f"/api/games/{gid}/player", json={"token": tokens[0], "key": ann})
    play_out(client, gid, tokens)
    assert client.get("/api/leaderboard/toy").json()["rows"] == []
    # ... and when they asked, it counts
    gid, tokens = create(client, seats=solo, table={"rated_with_bots": True})
    client.post(f"/api/games/{gid}/player", json={"token": tokens[0], "key": ann})
    play_out(client, gid, tokens)
    rows = wait_until(lambda: client.get("/api/leaderboard/toy").json()["rows"])
    assert sorted(r["name"] or r["bot"] for r in rows) == ["Ann", "random"]
    assert [r["games"] for r in rows] == [1, 1]          # the two games before did not count


def test_play_again_makes_one_rematch_with_seats_rotated_and_a_link_for_each_person(client):
    ann, bob = claim(client, "Ann"), claim(client, "Bob")
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    gid, tokens = create(client, seats=seats, table={"mode": "move", "per_move": 60})
    client.post(f"/api/games/{gid}/player", json={"token": tokens[0], "key": ann})
    client.post(f"/api/games/{gid}/player", json={"token": tokens[1], "key": bob})
    early = client.post(f"/api/games/{gid}/again", json={"token": tokens[0]})
    assert early.status_code == 409
    play_out(client, gid, tokens)
    first = client.post(f"/api/games/{gid}/again", json={"token": tokens[0]}).json()
    again = client.post(f"/api/games/{gid}/again", json={"token": tokens[0]}).json()
    second = client.post(f"/api/games/{gid}/again", json={"token": tokens[1]}).json()
    assert first == again and first["seat"] == 2 and second["seat"] == 3
    assert first["game"] == second["game"] and first["token"] != second["token"]
    nid = first["game"]
    v = client.get(f"/api/games/{gid}/view", params={"token": tokens[1]}).json()
    assert v["table"]["rematch"] == nid and first["token"] not in json.dumps(v)
    nv = client.get(f"/api/games/{nid}/view", params={"token": second["token"]}).json()
    assert nv["seat"] == 3
    assert [(s["kind"], s["name"], s["player"]) for s in nv["seats"]] == [
        ("bot", "random bot", None), ("human", "Ann", "Ann"), ("human", "Bob", "Bob")]
    assert nv["table"]["clock"]["per_move"] == 60
    assert client.post(f"/api/games/{nid}/join", json={"name": "Eve"}).status_code == 409
    assert client.post(f"/api/games/{gid}/again", json={"token": "nope"}).status_code == 403


def test_a_seat_linked_after_the_end_shows_its_player_but_never_makes_the_game_count(client):
    """Issue 31 item 5: linking the winner's seat once the outcome is known rates nothing."""
    ann, bob, eve = claim(client, "Ann"), claim(client, "Bob"), claim(client, "Eve")
    gid, tokens = create(client)
    client.post(f"/api/games/{gid}/player", json={"token": tokens[0], "key": ann})
    play_out(client, gid, tokens)
    assert client.get("/api/leaderboard/toy").json()["rows"] == []      # Bob has no player yet
    r = client.post(f"/api/games/{gid}/player", json={"token": tokens[1], "key": bob})
    assert r.status_code == 200
    assert client.get(f"/api/games/{gid}").json()["seats"][1]["player"] == "Bob"
    assert client.app.state.community.players.rate(client.app.state.service.game(gid)) is None
    assert client.get("/api/leaderboard/toy").json()["rows"] == []
    r = client.post(f"/api/games/{gid}/player", json={"token": tokens[1], "key": eve})
    assert r.status_code == 409 and "game is over" in r.json()["error"]


def test_a_game_whose_seed_its_creator_chose_never_counts(client):
    ann, bob = claim(client, "Ann"), claim(client, "Bob")
    r = client.post("/api/games", json={"game": "toy", "players": 2, "seats": HUMANS2, "seed": 3,
                                        "options": {"rounds": 1}})
    out = r.json()
    gid, tokens = out["game"]["id"], {l["seat"] - 1: l["token"] for l in out["links"]}
    assert out["game"]["seed_known"]
    for seat, key in ((0, ann), (1, bob)):
        client.post(f"/api/games/{gid}/player", json={"token": tokens[seat], "key": key})
    assert play_out(client, gid, tokens)["status"] == "finished"
    assert client.get("/api/leaderboard/toy").json()["rows"] == []
    assert client.app.state.community.players.rate(client.app.state.service.game(gid)) is None


def test_a_seat_linked_on_one_process_shows_its_player_on_another(make_client, pg_url):
    """Each process keeps the links of a game while its seats stay as they were; a link made
    elsewhere is told to the others (a change of seats) even when the name does not change."""
    first, second = make_client(pg_url, bot_delay=0), make_client(pg_url, bot_delay=0)
    key = claim(first, "Ann")
    gid, tokens = create(first, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human"}])
    seen = second.get(f"/api/games/{gid}/view", params={"token": tokens[1]}).json()
    assert seen["seats"][0]["player"] is None
    assert first.post(f"/api/games/{gid}/player",
                      json={"token": tokens[0], "key": key}).status_code == 200
    wait_until(lambda: second.get(f"/api/games/{gid}/view", params={"token": tokens[1]}).json()
               ["seats"][0]["player"] == "Ann", timeout=10)

"""A leaderboard that means something (issue 31 item 5) and races that once answered 500
on PostgreSQL (issue 30 item 3)."""

from __future__ import annotations

import threading

import pytest
from conftest import test_settings as settings_with, wait_until

from thebes.server.players.ratings import PAIR_LIMIT

HUMANS2 = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


@pytest.fixture
def client(make_client, sqlite_url):
    return make_client(sqlite_url, bot_delay=0)


def create(client, seats=HUMANS2, rounds=1):
    r = client.post("/api/games", json={"game": "toy", "players": len(seats), "seats": seats,
                                         "options": {"rounds": rounds}})
    assert r.status_code == 201, r.text
    out = r.json()
    return out["game"]["id"], {l["seat"] - 1: l["token"] for l in out["links"]}


def claim(client, name):
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    return r.json()["key"]


def link(client, gid, token, key):
    r = client.post(f"/api/games/{gid}/player", json={"token": token, "key": key})
    assert r.status_code == 200, r.text


def play(client, gid, tokens, moves=("add 2", "hold")):
    """Seat 1 adds 2 every turn, seat 2 holds, until the game is over."""
    for _ in range(100):
        v = client.get(f"/api/games/{gid}/view", params={"token": tokens[0]}).json()
        if v["status"] == "finished":
            return v
        seat = v["to_move"] - 1
        mine = client.get(f"/api/games/{gid}/view", params={"token": tokens[seat]}).json()
        move = moves[seat] if moves[seat] in mine["legal"] else mine["legal"][0]
        client.post(f"/api/games/{gid}/moves", json={"token": tokens[seat], "move": move,
                                                     "version": mine["version"]})
    raise AssertionError("the game did not end")


def rows(client):
    return {r["name"]: r for r in client.get("/api/leaderboard/toy").json()["rows"]}


def test_farming_wins_from_ones_own_second_name_adds_only_a_few_games(client):
    """The attack of issue 31: one person plays both seats, the winner linked to a main name,
    the loser to a throwaway, ten times. Only PAIR_LIMIT of those games move the ratings."""
    main, throwaway = claim(client, "Main"), claim(client, "Throwaway")
    for _ in range(10):
        gid, tokens = create(client)
        link(client, gid, tokens[0], main)
        link(client, gid, tokens[1], throwaway)
        play(client, gid, tokens)
    wait_until(lambda: rows(client).get("Main"))
    assert rows(client)["Main"]["games"] == PAIR_LIMIT
    assert rows(client)["Throwaway"]["games"] == PAIR_LIMIT
    # another opponent still counts
    other = claim(client, "Other")
    gid, tokens = create(client)
    link(client, gid, tokens[0], main)
    link(client, gid, tokens[1], other)
    play(client, gid, tokens)
    wait_until(lambda: rows(client)["Main"]["games"] == PAIR_LIMIT + 1)


def test_a_seat_linked_once_a_person_has_moved_leaves_the_game_unrated(client):
    ann, bob = claim(client, "Ann"), claim(client, "Bob")
    gid, tokens = create(client, rounds=2)
    link(client, gid, tokens[0], ann)
    v = client.get(f"/api/games/{gid}/view", params={"token": tokens[0]}).json()
    client.post(f"/api/games/{gid}/moves", json={"token": tokens[0], "move": v["legal"][0],
                                                 "version": v["version"]})
    link(client, gid, tokens[1], bob)          # after Ann's first move: not from the start
    play(client, gid, tokens)
    assert client.app.state.community.players.rate(client.app.state.service.game(gid)) is None
    assert rows(client) == {}


def test_a_continued_upload_never_counts(client):
    ann, bob = claim(client, "Ann"), claim(client, "Bob")
    record = {"game": "toy", "players": 2, "options": {"rounds": 3}, "events": ["deal 1,2"]}
    r = client.post("/api/records", json={"record": record, "mode": "continue"})
    assert r.status_code == 201, r.text
    out = r.json()
    cid = out["game"]["id"]
    ctokens = {l["seat"] - 1: l["token"] for l in out["links"]}
    assert out["game"]["seed_known"]
    link(client, cid, ctokens[0], ann)
    link(client, cid, ctokens[1], bob)
    play(client, cid, ctokens)
    assert client.app.state.community.players.rate(client.app.state.service.game(cid)) is None
    assert rows(client) == {}


def test_first_links_of_one_seat_at_once_never_answer_500(make_client, db_url):
    client = make_client(db_url, bot_delay=0, settings=settings_with())
    keys = [claim(client, f"Linker{i}") for i in range(4)]
    for _round in range(3):
        gid, tokens = create(client)
        codes: list[int] = []

        def go(key):
            r = client.post(f"/api/games/{gid}/player", json={"token": tokens[0], "key": key})
            codes.append(r.status_code)

        threads = [threading.Thread(target=go, args=(k,)) for k in keys]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert set(codes) <= {200, 409}, codes
        assert client.get(f"/api/games/{gid}").json()["seats"][0]["player"] is not None


def test_votes_at_once_never_answer_500_and_all_count(make_client, db_url):
    client = make_client(db_url, bot_delay=0, settings=settings_with())
    tables = client.app.state.community.tables
    tables.stop()
    now = [1_000_000.0]
    tables.time = lambda: now[0]
    seats = HUMANS2 + [{"kind": "human", "name": "Cy"}, {"kind": "human", "name": "Di"}]
    gid, tokens = create(client, seats=seats)
    client.get(f"/api/games/{gid}")            # presence first seen now
    now[0] += 301
    codes: list[int] = []
    answers: list[dict] = []

    def go(voter):
        r = client.post(f"/api/games/{gid}/vote", json={"token": tokens[voter], "seat": 1})
        codes.append(r.status_code)
        answers.append(r.json())

    threads = [threading.Thread(target=go, args=(v,)) for v in (1, 2, 3) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert set(codes) == {200}, answers
    assert client.get(f"/api/games/{gid}").json()["seats"][0]["absent"] is True


def test_a_socket_open_on_one_process_keeps_its_seat_from_being_voted_away_on_another(
        make_client, pg_url):
    """Issue 30 item 4: with two server processes, each counts the sockets of both."""
    first = make_client(pg_url, bot_delay=0, settings=settings_with())
    second = make_client(pg_url, bot_delay=0, settings=settings_with())
    seats = HUMANS2 + [{"kind": "human", "name": "Cy"}]
    gid, tokens = create(first, seats=seats)
    t2 = second.app.state.community.tables
    t2.stop()
    now = [1_000_000.0]
    t2.time = lambda: now[0]
    with first.websocket_connect(f"/api/games/{gid}/ws?token={tokens[0]}") as ws:
        ws.receive_json()
        first.app.state.community.tables.publish_presence()
        summary = second.get(f"/api/games/{gid}").json()
        assert summary["seats"][0]["connected"] is True
        assert summary["seats"][0]["vote_in"] is None
        now[0] += 3600
        r = second.post(f"/api/games/{gid}/vote", json={"token": tokens[1], "seat": 1})
        assert r.status_code == 409 and "Ann is connected now" in r.json()["error"]
    first.app.state.community.tables.publish_presence()      # the socket closed: row gone
    assert second.get(f"/api/games/{gid}").json()["seats"][0]["connected"] is False


def test_a_third_seat_does_not_reopen_a_pair_that_reached_its_cap(client):
    """The cap is per two players: adding a second throwaway to the table does not make
    games between the main name and the first count again."""
    main, one, two = claim(client, "Main"), claim(client, "One"), claim(client, "Two")
    for _ in range(PAIR_LIMIT):
        gid, tokens = create(client)
        link(client, gid, tokens[0], main)
        link(client, gid, tokens[1], one)
        play(client, gid, tokens)
    wait_until(lambda: rows(client).get("Main", {}).get("games") == PAIR_LIMIT)
    three = [{"kind": "human", "name": n} for n in ("Main", "One", "Two")]
    gid, tokens = create(client, seats=three)
    for seat, key in enumerate((main, one, two)):
        link(client, gid, tokens[seat], key)
    play(client, gid, tokens, moves=("add 2", "hold", "hold"))
    assert client.app.state.community.players.rate(client.app.state.service.game(gid)) is None
    assert rows(client)["Main"]["games"] == PAIR_LIMIT and "Two" not in rows(client)

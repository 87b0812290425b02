"""My games (issue 31 item 4): the seats a browser holds and a player's games."""

from __future__ import annotations

import pytest

HUMANS2 = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


@pytest.fixture
def client(make_client, sqlite_url):
    return make_client(sqlite_url, bot_delay=0)


def create(client, seats=HUMANS2):
    out = client.post("/api/games", json={"game": "toy", "players": len(seats), "seats": seats,
                                          "options": {"rounds": 2}}).json()
    return out["game"]["id"], {l["seat"] - 1: l["token"] for l in out["links"]}


def test_my_games_lists_every_held_seat_with_whose_turn_it_is_and_its_own_link(client):
    a, ta = create(client)
    b, tb = create(client)
    r = client.post("/api/mine", json={"seats": [{"game": a, "token": ta[0]},
                                                 {"game": b, "token": tb[1]},
                                                 {"game": "gone", "token": "x"},
                                                 {"game": a, "token": "wrong"}]})
    assert r.status_code == 200, r.text
    games = {g["id"]: g for g in r.json()["games"]}
    assert set(games) == {a, b}
    assert games[a]["seat"] == 1 and games[a]["your_turn"] is True and games[a]["to_move"] == 1
    assert games[b]["seat"] == 2 and games[b]["your_turn"] is False
    assert games[a]["url"] == f"/play/{a}?token={ta[0]}" and games[a]["can_resign"]
    assert r.json()["games"][0]["id"] == a            # whose turn it is first
    assert "token" not in str(games[b]["names"])


def test_with_a_player_key_my_games_lists_that_players_games_without_their_tokens(client):
    key = client.post("/api/players", json={"name": "Ann"}).json()["key"]
    a, ta = create(client)
    client.post(f"/api/games/{a}/player", json={"token": ta[0], "key": key})
    games = client.post("/api/mine", json={"key": key}).json()["games"]
    assert [g["id"] for g in games] == [a]
    assert games[0]["url"] == f"/play/{a}" and not games[0]["can_resign"]
    assert client.post("/api/mine", json={"key": "nope"}).status_code == 403


def test_my_games_refuses_more_seats_than_its_cap(client):
    seats = [{"game": "x", "token": "y"}] * 201
    assert client.post("/api/mine", json={"seats": seats}).status_code in (400, 422)

"""Hints over HTTP: the search's top moves for the asking seat only (issue 8, item 4)."""

from __future__ import annotations

import pytest


@pytest.fixture
def client(make_client, sqlite_url):
    return make_client(sqlite_url)


def new_ra_game(client):
    body = {"game": "ra", "players": 3, "seed": 5,
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"},
                      {"kind": "human", "name": "Cy"}]}
    created = client.post("/api/games", json=body).json()
    return created["game"]["id"], {link["seat"]: link["token"] for link in created["links"]}


def test_a_hint_lists_legal_moves_for_the_seat_to_move(client, monkeypatch):
    monkeypatch.setattr("thebes.server.api.hints.HINT_MS", 100.0)
    game_id, tokens = new_ra_game(client)
    view = client.get(f"/api/games/{game_id}/view", params={"token": tokens[1]}).json()
    seat = view["to_move"]
    answer = client.get(f"/api/games/{game_id}/hint", params={"token": tokens[seat]})
    assert answer.status_code == 200
    hint = answer.json()
    legal = set(client.get(f"/api/games/{game_id}/view",
                           params={"token": tokens[seat]}).json()["legal"])
    assert hint["seat"] == seat and hint["moves"]
    assert {m["move"] for m in hint["moves"]} <= legal


def test_a_hint_needs_the_token_of_the_seat_to_move(client):
    game_id, tokens = new_ra_game(client)
    seat = client.get(f"/api/games/{game_id}/view", params={"token": tokens[1]}).json()["to_move"]
    other = next(s for s in tokens if s != seat)
    assert client.get(f"/api/games/{game_id}/hint").status_code == 403
    assert client.get(f"/api/games/{game_id}/hint", params={"token": "nope"}).status_code == 403
    answer = client.get(f"/api/games/{game_id}/hint", params={"token": tokens[other]})
    assert answer.status_code == 409 and "error" in answer.json()

"""Hostile bodies on the routes of issue 31 (resign, take-back, chat, My games, names): a
refusal with a sentence (4xx), never a 500."""

from __future__ import annotations

import pytest

BODIES = [None, {}, [], "x", 5, {"token": None}, {"token": 5}, {"token": "x" * 300},
          {"token": "nope", "accept": "yes"}, {"token": "nope", "text": None},
          {"token": "nope", "since": -1}, {"token": "nope", "since": 2 ** 70},
          {"seats": "all"}, {"seats": [{"game": 1, "token": 2}]}, {"key": 5},
          {"seats": [{"game": "x" * 40, "token": "y"}]}, {"name": ["a"]}, {"name": "a" * 5000}]


@pytest.fixture
def client(make_client, sqlite_url):
    return make_client(sqlite_url, bot_delay=0)


def test_every_new_route_answers_hostile_bodies_with_a_sentence_never_a_500(client):
    out = client.post("/api/games", json={"game": "toy", "players": 2, "options": {"rounds": 1},
                                          "seats": [{"kind": "human", "name": "Ann"},
                                                    {"kind": "bot", "bot": "random"}]}).json()
    gid = out["game"]["id"]
    paths = [f"/api/games/{gid}/resign", f"/api/games/{gid}/takeback",
             f"/api/games/{gid}/takeback/answer", f"/api/games/{gid}/chat",
             f"/api/games/{gid}/chat/read", "/api/mine", "/api/players",
             "/api/games/nosuchgame/resign", "/api/games/nosuchgame/chat/read",
             "/api/games/" + "x" * 300 + "/takeback"]
    for path in paths:
        for body in BODIES:
            r = client.post(path, json=body)
            assert r.status_code < 500, (path, body, r.status_code, r.text)
            if r.status_code >= 400:        # (an empty read of the chat or My games is fine)
                assert r.json().get("error"), (path, body, r.text)

"""The table chat (issue 31 item 3)."""

from __future__ import annotations

import pytest
from conftest import wait_until

from thebes.server.guard.settings import Settings

HUMANS2 = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


@pytest.fixture
def client(make_client, sqlite_url):
    return make_client(sqlite_url, bot_delay=0)


def create(client, seats=HUMANS2, table=None, rounds=1):
    body = {"game": "toy", "players": len(seats), "seats": seats, "options": {"rounds": rounds}}
    if table is not None:
        body["table"] = table
    out = client.post("/api/games", json=body).json()
    return out["game"]["id"], {l["seat"] - 1: l["token"] for l in out["links"]}


def say(client, gid, token, text):
    return client.post(f"/api/games/{gid}/chat", json={"token": token, "text": text})


def read(client, gid, token=None, since=0):
    return client.post(f"/api/games/{gid}/chat/read", json={"token": token, "since": since})


def test_seats_write_and_everyone_at_the_table_reads_the_chat_with_names(client):
    gid, tokens = create(client)
    r = say(client, gid, tokens[0], "  good luck <b>all</b>  ")
    assert r.status_code == 201, r.text
    assert r.json()["text"] == "good luck <b>all</b>" and r.json()["name"] == "Ann"
    say(client, gid, tokens[1], "you too")
    got = read(client, gid, tokens[1]).json()["messages"]
    assert [(m["seat"], m["name"], m["text"]) for m in got] == [
        (1, "Ann", "good luck <b>all</b>"), (2, "Bob", "you too")]
    assert [m["text"] for m in read(client, gid, None, got[0]["id"]).json()["messages"]] == ["you too"]
    v = client.get(f"/api/games/{gid}/view", params={"token": tokens[0]}).json()
    assert v["table"]["chat"] == got[-1]["id"]


def test_spectators_read_but_write_only_where_the_creator_allowed(client):
    gid, _tokens = create(client)
    r = say(client, gid, None, "hello")
    assert r.status_code == 403 and "spectators" in r.json()["error"]
    gid2, _t = create(client, table={"spectators_chat": True})
    assert say(client, gid2, None, "hello").status_code == 201
    assert read(client, gid2).json()["messages"][0]["seat"] is None


@pytest.mark.parametrize("text,why", [("", "empty"), ("x" * 501, "500"), ("a\x07b", "U+0007"),
                                      (5, "text")])
def test_a_message_is_refused_with_a_sentence(client, text, why):
    gid, tokens = create(client)
    r = say(client, gid, tokens[0], text)
    assert r.status_code in (400, 422) and (r.status_code == 422 or why in r.json()["error"])


def test_the_chat_is_not_part_of_the_record_and_after_the_end_only_the_seated_read_it(client):
    gid, tokens = create(client)
    say(client, gid, tokens[0], "secret plan")
    for _ in range(20):
        v = client.get(f"/api/games/{gid}/view", params={"token": tokens[0]}).json()
        if v["status"] == "finished":
            break
        tok = tokens[v["to_move"] - 1]
        mine = client.get(f"/api/games/{gid}/view", params={"token": tok}).json()
        client.post(f"/api/games/{gid}/moves", json={"token": tok, "move": mine["legal"][0],
                                                     "version": mine["version"]})
    assert "secret plan" not in client.get(f"/api/games/{gid}/record").text
    assert read(client, gid).status_code == 403
    assert read(client, gid, tokens[1]).json()["messages"][0]["text"] == "secret plan"
    assert say(client, gid, tokens[0], "gg").status_code == 409


def test_chat_messages_are_rate_limited_per_client(make_client, sqlite_url):
    client = make_client(sqlite_url, bot_delay=0, settings=Settings())
    gid, tokens = create(client)
    codes = [say(client, gid, tokens[0], f"m{i}").status_code for i in range(14)]
    assert codes[:12] == [201] * 12 and codes[12] == 429


def test_a_rate_refusal_carries_a_code_a_page_says_in_its_language(make_client, sqlite_url):
    client = make_client(sqlite_url, bot_delay=0, settings=Settings())
    gid, tokens = create(client)
    answers = [say(client, gid, tokens[0], f"m{i}") for i in range(13)]
    body = answers[-1].json()
    assert answers[-1].status_code == 429
    assert body["code"] == "rate_chat" and body["params"]["retry"] >= 1

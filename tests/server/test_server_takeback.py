"""Take-backs (issue 31 item 2): against bots at once, with people by request, never past a
chance event or a decision that revealed hidden information; rated games only when allowed;
the record keeps only the events that stand."""

from __future__ import annotations

import random

import pytest
from conftest import wait_until

from thebes.core import CHANCE, TERMINAL, get_game

HUMANS2 = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
SOLO = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]


def create(client, seats, rounds=2, table=None):
    body = {"game": "toy", "players": len(seats), "seats": seats, "options": {"rounds": rounds}}
    if table is not None:
        body["table"] = table
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    out = r.json()
    return out["game"]["id"], {l["seat"] - 1: l["token"] for l in out["links"]}


def view(client, gid, token):
    return client.get(f"/api/games/{gid}/view", params={"token": token}).json()


def move(client, gid, token, text):
    v = view(client, gid, token)
    r = client.post(f"/api/games/{gid}/moves", json={"token": token, "move": text,
                                                     "version": v["version"]})
    assert r.status_code == 200, r.text


def stored(client, gid):
    return [text for text, _a in client.app.state.storage.load_game(gid).events]


def test_against_bots_a_player_takes_back_their_last_decision_at_once(make_client, sqlite_url):
    client = make_client(sqlite_url, bot_delay=60)      # the bot has not answered yet
    gid, tokens = create(client, SOLO)
    before = stored(client, gid)
    move(client, gid, tokens[0], "add 2")
    r = client.post(f"/api/games/{gid}/takeback", json={"token": tokens[0]})
    assert r.status_code == 200, r.text
    assert r.json() == {"done": True, "version": len(before), "taken": 1}
    v = view(client, gid, tokens[0])
    assert v["version"] == len(before) and v["to_move"] == 1 and "add 2" in v["legal"]
    assert stored(client, gid) == before                 # the record keeps what stands
    assert v["table"]["takebacks"] == [[len(before), 1, 1]]
    move(client, gid, tokens[0], "hold")                  # and play goes on from there
    assert stored(client, gid) == before + ["hold"]


def test_a_take_back_never_reaches_past_a_chance_event(make_client, sqlite_url):
    client = make_client(sqlite_url, bot_delay=0)
    gid, tokens = create(client, SOLO)
    move(client, gid, tokens[0], "add 1")
    wait_until(lambda: view(client, gid, tokens[0])["to_move"] == 1)   # the bot, then a roll
    assert stored(client, gid)[-1].startswith("roll")
    r = client.post(f"/api/games/{gid}/takeback", json={"token": tokens[0]})
    assert r.status_code == 409 and "chance" in r.json()["error"]
    assert r.json()["code"] == "takeback_boundary"


def test_with_people_a_take_back_is_asked_and_done_with_the_bots_answers_once_all_accept(
        make_client, sqlite_url):
    client = make_client(sqlite_url, bot_delay=0)
    seats = [HUMANS2[0], {"kind": "bot", "bot": "random"}, HUMANS2[1]]
    gid, tokens = create(client, seats, rounds=1)
    start = len(stored(client, gid))
    move(client, gid, tokens[0], "add 2")
    wait_until(lambda: view(client, gid, tokens[2])["to_move"] == 3)   # the bot answered
    r = client.post(f"/api/games/{gid}/takeback", json={"token": tokens[0]})
    assert r.status_code == 200 and r.json()["asked"] is True, r.text
    request = view(client, gid, tokens[2])["table"]["request"]
    assert request["by"] == 1 and request["to"] == start
    r = client.post(f"/api/games/{gid}/takeback/answer", json={"token": tokens[0], "accept": True})
    assert r.status_code == 400                           # not one's own request
    r = client.post(f"/api/games/{gid}/takeback/answer", json={"token": tokens[2], "accept": True})
    assert r.status_code == 200 and r.json()["done"] is True
    v = view(client, gid, tokens[0])
    assert v["version"] == start and v["to_move"] == 1
    assert v["table"]["takebacks"] == [[start, 2, 1]] and v["table"]["request"] is None
    assert len(stored(client, gid)) == start


def test_a_refused_or_lapsed_take_back_changes_nothing(make_client, sqlite_url):
    client = make_client(sqlite_url, bot_delay=0)
    gid, tokens = create(client, HUMANS2)
    move(client, gid, tokens[0], "add 1")
    after = stored(client, gid)
    client.post(f"/api/games/{gid}/takeback", json={"token": tokens[0]})
    r = client.post(f"/api/games/{gid}/takeback/answer", json={"token": tokens[1], "accept": False})
    assert r.status_code == 200 and r.json() == {"refused": True}
    assert stored(client, gid) == after
    assert view(client, gid, tokens[0])["table"]["request"] is None
    client.post(f"/api/games/{gid}/takeback", json={"token": tokens[0]})
    move(client, gid, tokens[1], "hold")                   # a move: the request lapses
    r = client.post(f"/api/games/{gid}/takeback/answer", json={"token": tokens[1], "accept": True})
    assert r.status_code == 409 and "lapsed" in r.json()["error"]
    assert stored(client, gid)[:len(after)] == after


def test_a_rated_game_allows_no_take_back_unless_the_creator_allowed_it(make_client, sqlite_url):
    client = make_client(sqlite_url, bot_delay=0)
    keys = [client.post("/api/players", json={"name": n}).json()["key"] for n in ("Ann", "Bob")]
    for allowed, code in ((None, 409), (True, 200)):
        gid, tokens = create(client, HUMANS2, table={"takebacks": allowed} if allowed else None)
        for seat, key in enumerate(keys):
            client.post(f"/api/games/{gid}/player", json={"token": tokens[seat], "key": key})
        move(client, gid, tokens[0], "add 1")
        r = client.post(f"/api/games/{gid}/takeback", json={"token": tokens[0]})
        assert r.status_code == code, r.text
        if code == 409:
            assert "rated" in r.json()["error"]


def random_decisions(name, players, seed, count=400):
    """(state, action) at each decision of a random game of ``name``."""
    rng = random.Random(seed)
    state = get_game(name).new_initial_state(players)
    out = []
    while state.current_player() != TERMINAL and len(out) < count:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        action = rng.choice(state.legal_actions())
        out.append((state.clone(), action))
        state.apply_action(action)
    return out


def test_in_sarcophagus_a_coin_that_turns_a_tile_reveals_and_one_that_does_not_does_not():
    seen = {True: 0, False: 0}
    for state, action in random_decisions("sarcophagus", 2, 1):
        reveals = state.reveals(action)
        after = state.clone()
        after.apply_action(action)
        assert reveals == (after.faceup != state.faceup or after.present != state.present
                           or after.loc != state.loc)
        seen[reveals] += 1
    assert seen[True] and seen[False]


def test_in_pharaohs_heir_a_peek_reveals():
    found = False
    for state, action in random_decisions("pharaohs-heir", 3, 2, 2000):
        if state.action_to_text(action) == "peek":
            assert state.reveals(action)
            found = True
    assert found


@pytest.mark.parametrize("name,players", [("ra", 3), ("pharaoh", 2)])
def test_in_ra_and_pharaoh_no_decision_reveals_since_every_hidden_fact_comes_by_chance(name, players):
    assert not any(s.reveals(a) for s, a in random_decisions(name, players, 3))


def test_a_take_back_on_one_process_takes_the_game_back_on_another(make_client, pg_url):
    first = make_client(pg_url, bot_delay=60)
    second = make_client(pg_url, bot_delay=60)
    gid, tokens = create(first, SOLO)
    start = view(first, gid, tokens[0])["version"]
    assert view(second, gid, tokens[0])["version"] == start      # the second holds it too
    move(first, gid, tokens[0], "add 2")
    wait_until(lambda: view(second, gid, tokens[0])["version"] == start + 1, timeout=10)
    r = first.post(f"/api/games/{gid}/takeback", json={"token": tokens[0]})
    assert r.status_code == 200, r.text
    wait_until(lambda: view(second, gid, tokens[0])["version"] == start, timeout=10)
    move(second, gid, tokens[0], "hold")                        # and play goes on there
    assert stored(first, gid)[-1] == "hold" and len(stored(first, gid)) == start + 1


def test_a_socket_gets_the_log_again_from_where_a_take_back_went(make_client, sqlite_url):
    client = make_client(sqlite_url, bot_delay=60)
    gid, tokens = create(client, SOLO)
    start = view(client, gid, tokens[0])["version"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[0]}&since={start}") as ws:
        def next_view(pred):
            for _ in range(20):
                msg = ws.receive_json()
                if msg.get("type") == "view" and pred(msg):
                    return msg
            raise AssertionError("no such view")
        next_view(lambda m: m["version"] == start)
        move(client, gid, tokens[0], "add 2")
        next_view(lambda m: m["version"] == start + 1)
        assert client.post(f"/api/games/{gid}/takeback", json={"token": tokens[0]}).status_code == 200
        back = next_view(lambda m: m["version"] == start)      # the first view back says so
        assert back["table"]["takebacks"] == [[start, 1, 1]]
        move(client, gid, tokens[0], "hold")
        again = next_view(lambda m: m["version"] == start + 1)
        assert [(line["index"], line["event"]) for line in again["log"]] == [(start, "hold")]

"""HTTP API: create, join, view, move, record, lobby; every kind of bad input."""

from __future__ import annotations

import json
import random
import threading

import pytest

from thebes.bots import BOT_NAMES
from thebes.core import Record

HUMANS3 = [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def client(make_client, sqlite_url):
    return make_client(sqlite_url)


def create(client, game="toy", players=3, seats=None, seed=1, **extra):
    body = {"game": game, "players": players, "seed": seed, **extra}
    if seats is not None:
        body["seats"] = seats
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def test_meta_lists_available_games_and_bots(client):
    meta = client.get("/api/meta").json()
    names = [g["name"] for g in meta["games"]]
    assert "ra" in names and "toy" in names
    ra = next(g for g in meta["games"] if g["name"] == "ra")
    assert (ra["title"], ra["min_players"], ra["max_players"], ra["default_options"]) == ("Ra", 3, 5, {})
    assert meta["bots"][:2] == ["random", "greedy"] and meta["bots"] == list(BOT_NAMES)
    assert "random" in ra["bots"]


def test_create_gives_one_link_per_human_seat_and_a_clean_summary(client):
    out = create(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"},
                                {"kind": "human"}])
    game = out["game"]
    assert [l["seat"] for l in out["links"]] == [1, 3]
    for link in out["links"]:
        assert link["url"] == f"/play/{game['id']}?token={link['token']}"
        assert len(link["token"]) >= 30
    assert game["status"] == "open"           # seat 3 is human and not claimed
    assert game["events"] == 1                # the deal was drawn at once
    assert [(s["seat"], s["kind"], s["name"], s["bot"], s["claimed"]) for s in game["seats"]] == [
        (1, "human", "Ann", None, True), (2, "bot", "random bot", "random", True),
        (3, "human", None, None, False)]
    assert game["result"] is None
    lobby = client.get("/api/games")
    assert lobby.status_code == 200
    text = lobby.text
    assert all(l["token"] not in text for l in out["links"])
    assert lobby.json()["games"][0]["id"] == game["id"]
    assert client.get(f"/api/games/{game['id']}").json()["status"] == "open"


def test_a_bot_seat_without_a_bot_named_gets_the_one_default_bot_medium(client):
    from thebes.bots import DEFAULT_BOT
    out = client.post("/api/games", json={"game": "ra", "players": 3, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot", "bot": "random"}]}).json()
    assert DEFAULT_BOT == "medium" and out["game"]["seats"][1]["bot"] == "medium"


def test_lobby_is_newest_first_and_filters_by_status(client):
    ids = [create(client, seed=i)["game"]["id"] for i in range(3)]
    listed = [g["id"] for g in client.get("/api/games").json()["games"]]
    assert listed == ids[::-1]
    assert [g["id"] for g in client.get("/api/games?status=open").json()["games"]] == ids[::-1]
    assert client.get("/api/games?status=finished").json()["games"] == []
    assert client.get("/api/games?status=nonsense").status_code == 400


def test_join_claims_free_seats_then_409(client):
    out = create(client, seats=HUMANS3)
    gid = out["game"]["id"]
    r = client.post(f"/api/games/{gid}/join", json={"name": "Bob"})
    assert r.status_code == 200 and r.json()["seat"] == 2
    bob = r.json()
    assert bob["url"] == f"/play/{gid}?token={bob['token']}"
    assert bob["token"] not in [l["token"] for l in out["links"]]
    assert client.post(f"/api/games/{gid}/join", json={"name": "Cy", "seat": 2}).status_code == 409
    assert client.post(f"/api/games/{gid}/join", json={"name": "Cy", "seat": 1}).status_code == 409
    assert client.post(f"/api/games/{gid}/join", json={"seat": 9}).status_code == 404
    r = client.post(f"/api/games/{gid}/join", json={"name": "Cy", "seat": 3})
    assert r.status_code == 200 and r.json()["seat"] == 3
    r = client.post(f"/api/games/{gid}/join", json={"name": "Dee"})
    assert r.status_code == 409 and "error" in r.json()
    summary = client.get(f"/api/games/{gid}").json()
    assert summary["status"] == "playing"
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Bob", "Cy"]
    # the creator's link for seat 2 no longer opens it: Bob took the seat with a new token
    assert client.get(f"/api/games/{gid}/view", params={"token": out["links"][1]["token"]}).status_code == 403
    assert client.get(f"/api/games/{gid}/view", params={"token": bob["token"]}).json()["seat"] == 2


def test_join_a_bot_seat_is_refused(client):
    gid = create(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "human", "name": "X"}])["game"]["id"]
    assert client.post(f"/api/games/{gid}/join", json={"seat": 2}).status_code == 409


def test_opening_a_link_claims_its_seat(client):
    out = create(client, seats=HUMANS3)
    gid = out["game"]["id"]
    client.get(f"/api/games/{gid}/view", params={"token": out["links"][1]["token"]})
    seats = client.get(f"/api/games/{gid}").json()["seats"]
    assert [s["claimed"] for s in seats] == [True, True, False]
    assert client.post(f"/api/games/{gid}/join", json={"name": "Z"}).json()["seat"] == 3


def test_view_and_moves_follow_the_game(client):
    out = create(client, seats=HUMANS3, seed=3)
    gid = out["game"]["id"]
    tokens = [l["token"] for l in out["links"]]
    v = client.get(f"/api/games/{gid}/view", params={"token": tokens[0]}).json()
    assert v["seat"] == 1 and v["to_move"] == 1 and v["version"] == 1
    assert sorted(v["legal"]) == ["add 1", "add 2", "hold"]
    assert v["names"] == ["Ann", None, None]
    assert v["log"][0]["seat"] is None and v["log"][0]["index"] == 0
    assert v["log"][0]["event"].startswith("deal ") and v["log"][0]["event"].count("?") == 2
    assert v["observation"]["cards"][1] is None and v["observation"]["cards"][0] in (1, 2, 3)
    other = client.get(f"/api/games/{gid}/view", params={"token": tokens[1]}).json()
    assert other["legal"] == [] and other["seat"] == 2
    r = client.post(f"/api/games/{gid}/moves", json={"token": tokens[0], "move": "add 2", "version": 1})
    assert r.status_code == 200, r.text
    v = r.json()
    assert v["version"] == 2 and v["to_move"] == 2 and v["legal"] == []
    assert v["log"][-1] == {"index": 1, "seat": 1, "event": "add 2"}
    since = client.get(f"/api/games/{gid}/view", params={"token": tokens[2], "since": 1}).json()
    assert [l["index"] for l in since["log"]] == [1]


def play_to_end(client, gid, tokens, rng):
    while True:
        views = [client.get(f"/api/games/{gid}/view", params={"token": t}).json() for t in tokens]
        if views[0]["status"] == "finished":
            return views
        mover = views[0]["to_move"] - 1
        v = views[mover]
        r = client.post(f"/api/games/{gid}/moves", json={
            "token": tokens[mover], "move": rng.choice(v["legal"]), "version": v["version"]})
        assert r.status_code == 200, r.text


def test_a_whole_game_record_and_result(client):
    out = create(client, seats=HUMANS3, seed=11)
    gid = out["game"]["id"]
    tokens = [l["token"] for l in out["links"]]
    # the record of an unfinished game with hidden information is secret
    assert client.get(f"/api/games/{gid}/record").status_code == 403
    assert client.get(f"/api/games/{gid}/view").status_code == 403
    views = play_to_end(client, gid, tokens, random.Random(5))
    final = views[0]
    assert final["to_move"] is None and final["legal"] == []
    assert final["result"]["ranking"] and sorted(final["result"]["ranking"]) == [1, 2, 3]
    assert final["observation"]["cards"][1] is None     # a seat still sees only its own card
    spectator = client.get(f"/api/games/{gid}/view").json()
    assert spectator["seat"] is None and None not in spectator["observation"]["cards"]
    assert spectator["log"][0]["event"].count("?") == 0
    r = client.get(f"/api/games/{gid}/record")
    assert r.status_code == 200
    assert "attachment" in r.headers["content-disposition"]
    record = Record.loads(r.text)
    state = record.replay()
    assert state.is_terminal()
    assert record.result == final["result"]
    assert record.extra["names"] == ["Ann", None, None]
    assert record.extra["bots"] == [None, None, None]
    assert str(record.extra["seed"]) == "11"
    assert len(record.events) == final["version"]
    summary = client.get("/api/games?status=finished").json()["games"][0]
    assert summary["id"] == gid and summary["result"] == final["result"]
    # a move for a finished game: 409, nothing changes
    r = client.post(f"/api/games/{gid}/moves", json={"token": tokens[0], "move": "hold",
                                                     "version": final["version"]})
    assert r.status_code == 409 and r.json()["legal"] == []
    assert client.post(f"/api/games/{gid}/join", json={}).status_code == 409


def test_chance_is_drawn_from_the_seed(client):
    a = create(client, seats=HUMANS3, seed=42)
    b = create(client, seats=HUMANS3, seed=42)
    ga, gb = a["game"]["id"], b["game"]["id"]
    for out in (a, b):
        gid, tokens = out["game"]["id"], [l["token"] for l in out["links"]]
        version = 1
        for seat, move in enumerate(["add 1", "hold", "add 2"]):
            r = client.post(f"/api/games/{gid}/moves", json={"token": tokens[seat], "move": move,
                                                             "version": version})
            assert r.status_code == 200
            version = r.json()["version"]
    # the record of an unfinished hidden-information game is secret; compare through the omniscient check
    va = client.get(f"/api/games/{ga}/view", params={"token": a["links"][0]["token"]}).json()
    vb = client.get(f"/api/games/{gb}/view", params={"token": b["links"][0]["token"]}).json()
    assert [l["event"] for l in va["log"]] == [l["event"] for l in vb["log"]]
    assert va["log"][-1]["event"].startswith("roll ") and va["log"][-1]["seat"] is None


def test_ra_spectators_and_record_of_an_unfinished_game(client):
    out = create(client, game="ra", seats=[{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"},
                                           {"kind": "human", "name": "C"}], seed=9)
    gid = out["game"]["id"]
    v = client.get(f"/api/games/{gid}/view").json()       # Ra has no hidden information
    assert v["seat"] is None and v["legal"] == [] and v["observation"]["seat"] is None
    assert v["log"][0]["event"].startswith("suns ")
    r = client.get(f"/api/games/{gid}/record")
    assert r.status_code == 200
    rec = Record.loads(r.text)
    assert rec.events == [v["log"][0]["event"]] and "seed" not in rec.extra   # the seed foretells chance
    assert rec.extra["names"] == ["A", "B", "C"]
    mover = v["to_move"]
    tok = out["links"][mover - 1]["token"]
    r = client.post(f"/api/games/{gid}/moves", json={"token": tok, "move": "draw", "version": v["version"]})
    assert r.status_code == 200
    v = r.json()
    assert v["version"] == 3 and v["log"][1]["event"] == "draw" and v["log"][2]["seat"] is None


# ---------------------------------------------------------------------- bad input
def test_bad_create_requests(client):
    cases = [
        ({"game": "chess", "players": 2}, 400),
        ({"game": "toy", "players": 9}, 400),
        ({"game": "toy", "players": "three"}, 400),
        ({"game": "toy", "players": 2, "options": {"nope": 1}}, 400),
        ({"game": "toy", "players": 2, "options": {"rounds": "3"}}, 400),
        ({"game": "toy", "players": 2, "seats": [{"kind": "human"}]}, 400),
        ({"game": "toy", "players": 2, "seats": [{"kind": "alien"}, {"kind": "human"}]}, 400),
        ({"game": "toy", "players": 2, "seats": [{"kind": "bot", "bot": "deep"}, {"kind": "human"}]}, 400),
        ({"players": 2}, 400),
        ({"game": "toy", "players": 2, "bogus": 1}, 400),
        ({"game": "toy", "players": 2, "seed": 10 ** 90}, 400),
        ({"game": "toy", "players": 2, "seats": "two"}, 400),
        ({"game": "toy", "players": 2, "seats": [{"kind": "human", "name": "x" * 500}, {}]}, 400),
    ]
    for body, status in cases:
        r = client.post("/api/games", json=body)
        assert r.status_code == status, (body, r.text)
        assert isinstance(r.json()["error"], str) and r.json()["error"]
    r = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "error" in r.json()
    r = client.post("/api/games", content=b"[1, 2]", headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert client.get("/api/games").json()["games"] == []


def test_bad_moves_change_nothing(client):
    out = create(client, seats=HUMANS3, seed=4)
    gid = out["game"]["id"]
    t1, t2 = out["links"][0]["token"], out["links"][1]["token"]

    def post(body, raw=None):
        if raw is not None:
            return client.post(f"/api/games/{gid}/moves", content=raw,
                               headers={"content-type": "application/json"})
        return client.post(f"/api/games/{gid}/moves", json=body)

    r = post({"token": t1, "move": "fly away", "version": 1})
    assert r.status_code == 400 and sorted(r.json()["legal"]) == ["add 1", "add 2", "hold"]
    r = post({"token": t1, "move": "roll 3", "version": 1})                  # a chance event: never a client's
    assert r.status_code == 400 and "legal" in r.json()
    r = post({"token": t1, "move": "add  1", "version": 1})                  # not the canonical spelling
    assert r.status_code == 400
    r = post({"token": t2, "move": "hold", "version": 1})                    # not seat 2's turn
    assert r.status_code == 409 and r.json()["legal"] == []
    r = post({"token": t1, "move": "hold", "version": 0})      # stale version
    assert r.status_code == 409
    r = post({"token": "forged", "move": "hold", "version": 1})
    assert r.status_code == 403 and "legal" not in r.json()
    r = post({"token": "", "move": "hold", "version": 1})
    assert r.status_code == 403
    r = post({"move": "hold"})
    assert r.status_code == 400
    r = post({"token": t1, "move": 7, "version": 1})
    assert r.status_code == 400
    r = post(None, raw=b"{\"token\": ")
    assert r.status_code == 400 and r.json()["error"]
    r = client.post("/api/games/nosuchgame/moves", json={"token": t1, "move": "hold", "version": 1})
    assert r.status_code == 404 and r.json()["error"]
    assert client.get("/api/games/nosuchgame/view").status_code == 404
    assert client.get("/api/games/nosuchgame/record").status_code == 404
    assert client.post("/api/games/nosuchgame/join", json={}).status_code == 404
    assert client.get("/api/games/nosuchgame").status_code == 404
    assert client.get(f"/api/games/{gid}/view", params={"token": "forged"}).status_code == 403
    assert client.get("/api/nothing").json()["error"]
    v = client.get(f"/api/games/{gid}/view", params={"token": t1}).json()
    assert v["version"] == 1 and v["to_move"] == 1
    assert client.post(f"/api/games/{gid}/moves", json={"token": t1, "move": "hold", "version": 1}).status_code == 200


def test_racing_moves_only_one_lands(client):
    out = create(client, seats=HUMANS3, seed=8)
    gid, t1 = out["game"]["id"], out["links"][0]["token"]
    barrier = threading.Barrier(8)
    statuses: list[int] = []

    def race(move: str) -> None:
        barrier.wait()
        r = client.post(f"/api/games/{gid}/moves", json={"token": t1, "move": move, "version": 1})
        statuses.append(r.status_code)

    threads = [threading.Thread(target=race, args=(["hold", "add 1", "add 2"][i % 3],)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [200] + [409] * 7
    v = client.get(f"/api/games/{gid}/view", params={"token": t1}).json()
    assert v["version"] == 2 and len(v["log"]) == 2


def test_pages_and_openapi(client):
    for path in ("/", "/play/abc"):
        r = client.get(path)
        assert r.status_code == 200 and "text/html" in r.headers["content-type"]
    schema = client.get("/openapi.json").json()
    for path in ("/api/meta", "/api/games", "/api/games/{game_id}/join", "/api/games/{game_id}/view",
                 "/api/games/{game_id}/moves", "/api/games/{game_id}/record"):
        assert path in schema["paths"]
    assert "PostMove" in json.dumps(schema["components"])


def test_an_engine_failure_is_a_json_error_and_the_server_goes_on(make_client, sqlite_url, monkeypatch):
    from fastapi.testclient import TestClient
    from thebes.server.app import create_app
    import server_toygame
    from conftest import test_settings

    client = TestClient(create_app(sqlite_url, settings=test_settings()), raise_server_exceptions=False)
    with client:
        out = create(client, seats=HUMANS3, seed=1)
        gid, t1 = out["game"]["id"], out["links"][0]["token"]

        def broken_parse(self, text):
            raise IndexError("engine bug")

        def broken_observation(self, seat):
            raise KeyError("engine bug")

        monkeypatch.setattr(server_toygame.ToyState, "text_to_action", broken_parse)
        r = client.post(f"/api/games/{gid}/moves", json={"token": t1, "move": "hold", "version": 1})
        assert r.status_code == 400 and r.json()["legal"]
        monkeypatch.setattr(server_toygame.ToyState, "observation", broken_observation)
        r = client.get(f"/api/games/{gid}/view", params={"token": t1})
        assert r.status_code == 500 and "internal error" in r.json()["error"]
        monkeypatch.undo()
        assert client.get(f"/api/games/{gid}/view", params={"token": t1}).json()["version"] == 1


def test_a_seat_holder_can_name_the_seat(client):
    out = create(client, seats=HUMANS3)
    gid, t2 = out["game"]["id"], out["links"][1]["token"]
    r = client.post(f"/api/games/{gid}/name", json={"token": t2, "name": "  Bob   the  Builder "})
    assert r.status_code == 200
    assert [s["name"] for s in r.json()["seats"]] == ["Ann", "Bob the Builder", None]
    assert [s["claimed"] for s in r.json()["seats"]] == [True, True, False]
    assert client.post(f"/api/games/{gid}/name", json={"token": "forged", "name": "X"}).status_code == 403
    assert client.post(f"/api/games/{gid}/name", json={"token": t2}).status_code == 400
    assert client.get(f"/api/games/{gid}/view", params={"token": t2}).json()["names"][1] == "Bob the Builder"

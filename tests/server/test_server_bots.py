"""Bot seats: a whole Ra game against two bots through the socket; pace; the loop never waits for a bot."""

from __future__ import annotations

import random
import time

from thebes.core import Record

from conftest import wait_until


def test_ra_against_two_bots_to_the_end_over_the_socket(make_client, sqlite_url):
    client = make_client(sqlite_url, bot_delay=0)
    r = client.post("/api/games", json={"game": "ra", "players": 3, "seed": 77, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]})
    assert r.status_code == 201
    out = r.json()
    gid, token = out["game"]["id"], out["links"][0]["token"]
    assert [s["kind"] for s in out["game"]["seats"]] == ["human", "bot", "bot"]
    rng = random.Random(1)
    seen: list[int] = []
    moves = 0
    moved_at: set[int] = set()
    with client.websocket_connect(f"/api/games/{gid}/ws?token={token}") as ws:
        while True:
            m = ws.receive_json()
            assert m["type"] == "view" and m["seat"] == 1
            seen.extend(l["index"] for l in m["log"])
            if m["status"] == "finished":
                break
            if m["to_move"] == 1:
                assert m["legal"] and m["version"] not in moved_at   # never the same view twice
                moved_at.add(m["version"])
                ws.send_json({"type": "move", "move": rng.choice(m["legal"]), "version": m["version"]})
                moves += 1
            else:
                assert m["legal"] == []
    assert seen == list(range(len(seen)))           # every log line once, in order
    assert moves > 5
    final = client.get(f"/api/games/{gid}/view", params={"token": token}).json()
    assert final["result"] is not None and sorted(final["result"]["ranking"]) == [1, 2, 3]
    assert final["observation"]["phase"] == "over"
    rec = Record.loads(client.get(f"/api/games/{gid}/record").text)
    assert rec.replay().is_terminal() and rec.result == final["result"]
    assert rec.extra["names"][0] == "Ann" and rec.extra["bots"][0] is None and rec.extra["bots"][1] in ("greedy", "random")
    actors = {l["seat"] for l in final["log"]}
    assert {1, 2, 3, None} <= actors


def test_bots_keep_a_human_pace_without_blocking_the_server(make_client, sqlite_url):
    client = make_client(sqlite_url, bot_delay=0.3)
    gid = client.post("/api/games", json={"game": "toy", "players": 3, "seed": 2, "seats": [
        {"kind": "bot", "bot": "random"} for _ in range(3)]}).json()["game"]["id"]
    t0 = time.monotonic()
    # the server answers at once while the bots wait
    for _ in range(5):
        assert client.get("/api/games").status_code == 200
    assert time.monotonic() - t0 < 0.3
    assert client.get(f"/api/games/{gid}").json()["events"] == 1
    wait_until(lambda: client.get(f"/api/games/{gid}").json()["events"] >= 3, timeout=10)
    elapsed = time.monotonic() - t0
    assert elapsed >= 0.55                          # two bot moves, 0.3 s apart at least


def test_all_bot_games_run_side_by_side(make_client, sqlite_url):
    client = make_client(sqlite_url, bot_delay=0)
    ids = [client.post("/api/games", json={"game": "ra", "players": 3 + i % 3, "seed": 100 + i, "seats": [
        {"kind": "bot", "bot": "random"} for _ in range(3 + i % 3)]}).json()["game"]["id"] for i in range(6)]
    wait_until(lambda: all(g["status"] == "finished" for g in client.get("/api/games").json()["games"]),
               timeout=120, step=0.05)
    for gid in ids:
        rec = Record.loads(client.get(f"/api/games/{gid}/record").text)
        assert rec.replay().is_terminal()


def test_searching_bots_think_in_worker_processes(make_client, sqlite_url):
    """An ISMCTS seat thinks in a spawned process and plays exactly the move it would in-process."""
    from thebes.server.live import botwork
    from thebes.server.live.livegame import bot_seed

    assert botwork.uses_search("ismcts") and botwork.uses_search("hard") and not botwork.uses_search("random")
    client = make_client(sqlite_url, bot_delay=0)
    runner = client.app.state.bots
    assert runner.processes >= 1
    r = client.post("/api/games", json={"game": "ra", "players": 3, "seed": 5, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "ismcts"}, {"kind": "bot", "bot": "ismcts"}]})
    gid, token = r.json()["game"]["id"], r.json()["links"][0]["token"]

    def bot_event() -> int | None:
        v = client.get(f"/api/games/{gid}/view", params={"token": token}).json()
        if v["to_move"] == 1:
            client.post(f"/api/games/{gid}/moves", json={"token": token, "move": v["legal"][0],
                                                         "version": v["version"]})
        return next((line["index"] for line in v["log"] if line["seat"] in (2, 3)), None)

    index = wait_until(bot_event, timeout=120, step=0.05)
    assert runner._procs is not None                      # the process pool was used
    service = client.app.state.service
    g = service.game(gid)
    with g.lock:
        events = list(g.events)
        seat = g.log[index].actor
    # the same choice made here, in this process, from the same record prefix
    mine = botwork.think("local-" + gid, "ra", 3, {}, events[:index], seat, "ismcts",
                         bot_seed(g.seed, seat, index))
    assert events[index] == mine

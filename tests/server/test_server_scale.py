"""Several server processes on one PostgreSQL (here: several apps in one test process, each
with its own cache, hub, listening connection and bot runner): live fan-out across them,
catching up after missed notifications, bot seats with one owner and their takeover; and
views built once per version and seat however many sockets show them."""

from __future__ import annotations

import queue
import random
import threading
import time

import pytest

from thebes.core import Record
from thebes.server.live import views as views_module

from conftest import wait_until

HUMANS3 = [{"kind": "human", "name": n} for n in ("Ann", "Bob", "Cy")]


OPEN: list["Reader"] = []


@pytest.fixture(autouse=True)
def close_sockets(make_client):
    """Close every socket a test opened before its servers stop (even when the test failed)."""
    yield
    while OPEN:
        OPEN.pop().close()


class Reader:
    """A TestClient socket read by a thread, so a test waits for a message with a timeout."""

    def __init__(self, client, path):
        OPEN.append(self)
        self.closed = False
        self._cm = client.websocket_connect(path)
        self.ws = self._cm.__enter__()
        self.messages: queue.Queue = queue.Queue()
        self.views: list[dict] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        try:
            while True:
                self.messages.put(self.ws.receive_json())
        except Exception:   # closed
            pass

    def until_version(self, version, timeout=20.0):
        deadline = time.monotonic() + timeout
        while not self.views or self.views[-1]["version"] < version:
            m = self.messages.get(timeout=max(0.01, deadline - time.monotonic()))
            assert m["type"] == "view", m
            self.views.append(m)
        return self.views[-1]

    def log_indices(self):
        return [line["index"] for v in self.views for line in v["log"]]

    def log_events(self):
        return [line["event"] for v in self.views for line in v["log"]]

    def close(self):
        if not self.closed:
            self.closed = True
            self._cm.__exit__(None, None, None)


def ra_game(client, seed):
    r = client.post("/api/games", json={"game": "ra", "players": 3, "seed": seed, "seats": HUMANS3})
    assert r.status_code == 201, r.text
    body = r.json()
    return body["game"]["id"], [l["token"] for l in body["links"]]


def test_moves_on_either_server_reach_every_socket_on_both_in_order_exactly_once(pg_url, make_client):
    a, b = make_client(pg_url), make_client(pg_url)
    gid, tokens = ra_game(a, 41)
    readers = [Reader(a, f"/api/games/{gid}/ws?token={tokens[0]}"),
               Reader(b, f"/api/games/{gid}/ws?token={tokens[1]}"),
               Reader(b, f"/api/games/{gid}/ws?token={tokens[2]}"),
               Reader(a, f"/api/games/{gid}/ws"), Reader(b, f"/api/games/{gid}/ws")]
    rng = random.Random(5)
    view = readers[0].until_version(1)
    for turn in range(40):                    # moves posted alternately to the two servers
        if view["status"] == "finished":
            break
        mover = view["to_move"] - 1
        server = (a, b)[turn % 2]
        own = server.get(f"/api/games/{gid}/view", params={"token": tokens[mover]}).json()
        r = server.post(f"/api/games/{gid}/moves", json={
            "token": tokens[mover], "move": rng.choice(own["legal"]), "version": own["version"]})
        assert r.status_code == 200, r.text
        version = r.json()["version"]
        for reader in readers:
            view = reader.until_version(version)
    final = a.get(f"/api/games/{gid}/view").json()
    assert final["version"] >= 20
    for reader in readers:
        assert reader.log_indices() == list(range(final["version"]))
        assert reader.log_events() == [line["event"] for line in final["log"]]
        reader.close()
    assert b.app.state.fanout.received > 0 and a.app.state.fanout.received > 0


def test_a_server_that_missed_notifications_catches_up_from_the_database(pg_url, make_client):
    a, b = make_client(pg_url), make_client(pg_url)
    fanout = b.app.state.fanout
    fanout.sweep_s = 0.2
    gid, tokens = ra_game(a, 42)
    watcher = Reader(b, f"/api/games/{gid}/ws")
    watcher.until_version(1)
    fanout.on_payload = lambda payload: None          # b hears nothing from now on
    mover = watcher.views[-1]["to_move"] - 1
    view = a.get(f"/api/games/{gid}/view", params={"token": tokens[mover]}).json()
    r = a.post(f"/api/games/{gid}/moves", json={"token": tokens[mover], "move": view["legal"][0],
                                                "version": view["version"]})
    assert r.status_code == 200
    got = watcher.until_version(r.json()["version"], timeout=10)   # the sweep found it
    assert got["log"][-1]["event"] == r.json()["log"][-1]["event"]
    assert watcher.log_indices() == list(range(r.json()["version"]))
    watcher.close()


def test_a_move_whose_notification_carried_its_events_is_applied_without_a_thread(
        pg_url, make_client):
    """The common case costs no thread hand-off: the listening event loop applies it."""
    a, b = make_client(pg_url), make_client(pg_url)
    gid, tokens = ra_game(a, 43)
    watcher = Reader(b, f"/api/games/{gid}/ws")
    watcher.until_version(1)
    service = b.app.state.service
    threaded, in_loop = [], []
    catch_up, catch_up_now = service.catch_up, service.catch_up_now
    service.catch_up = lambda *args, **kw: threaded.append(args) or catch_up(*args, **kw)
    service.catch_up_now = lambda *args: in_loop.append(args) or catch_up_now(*args)
    rng = random.Random(3)
    for _ in range(5):
        view = a.get(f"/api/games/{gid}/view").json()
        mover = view["to_move"] - 1
        own = a.get(f"/api/games/{gid}/view", params={"token": tokens[mover]}).json()
        r = a.post(f"/api/games/{gid}/moves", json={"token": tokens[mover], "move": rng.choice(
            own["legal"]), "version": own["version"]})
        assert r.status_code == 200, r.text
        watcher.until_version(r.json()["version"])
    assert len(in_loop) == 5 and threaded == []
    assert watcher.log_indices() == list(range(r.json()["version"]))


def test_a_token_given_by_a_join_on_one_server_opens_the_seat_on_the_other(pg_url, make_client):
    a, b = make_client(pg_url), make_client(pg_url)
    r = a.post("/api/games", json={"game": "ra", "players": 3, "seed": 43})
    gid = r.json()["game"]["id"]
    assert b.get(f"/api/games/{gid}/view").status_code == 200          # b caches the game
    joined = a.post(f"/api/games/{gid}/join", json={"name": "Dee"}).json()
    v = b.get(f"/api/games/{gid}/view", params={"token": joined["token"]})
    assert v.status_code == 200 and v.json()["seat"] == joined["seat"]
    assert wait_until(lambda: b.get(f"/api/games/{gid}").json()["seats"][0]["name"] == "Dee",
                      timeout=5)


def all_bots(seed, players=3):
    return {"game": "ra", "players": players, "seed": seed,
            "seats": [{"kind": "bot", "bot": "random"} for _ in range(players)]}


def test_each_game_s_bots_are_moved_by_one_server_and_every_move_is_made_once(pg_url, make_client):
    a, b = make_client(pg_url, bot_delay=0), make_client(pg_url, bot_delay=0)
    ids = [(a, b)[i % 2].post("/api/games", json=all_bots(50 + i)).json()["game"]["id"]
           for i in range(2)]
    for gid in ids:
        wait_until(lambda: a.get(f"/api/games/{gid}").json()["status"] == "finished", timeout=120)
    held_a, held_b = a.app.state.bots._held, b.app.state.bots._held
    for gid in ids:
        rec = Record.loads(a.get(f"/api/games/{gid}/record").text)
        assert rec.replay().is_terminal()         # every event legal, in one line of versions
        assert len(rec.events) == a.get(f"/api/games/{gid}").json()["events"]
    assert not (held_a & held_b)                  # no game had two owners


def test_when_a_server_dies_another_moves_its_bots_within_seconds(pg_url, make_client):
    a = make_client(pg_url, bot_delay=0.3)
    gid = a.post("/api/games", json=all_bots(61)).json()["game"]["id"]
    wait_until(lambda: gid in a.app.state.bots._held, timeout=10)
    b = make_client(pg_url, bot_delay=0)
    a.app.state.storage.release_leases = lambda: None   # a dies: its leases are not released
    a.app.state.bots.lease_ttl = 1e9                    # (and a never renews again)
    a.__exit__(None, None, None)
    t0 = time.monotonic()
    wait_until(lambda: gid in b.app.state.bots._held, timeout=10)
    took = time.monotonic() - t0
    assert took < 5, f"takeover took {took:.1f} s"
    wait_until(lambda: b.get(f"/api/games/{gid}").json()["status"] == "finished", timeout=120)
    assert Record.loads(b.get(f"/api/games/{gid}/record").text).replay().is_terminal()


def test_a_game_s_bots_go_to_the_server_that_holds_its_player_s_socket_and_the_other_lets_it_go(
        pg_url, make_client):
    """Created through a (whose bots move first, so a takes their lease), played through a
    socket on b: at the player's first move a hands the bots to b and then forgets the game;
    every move is made once, and a reads the game afresh when asked."""
    a, b = make_client(pg_url, bot_delay=0), make_client(pg_url, bot_delay=0)
    seats = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"},
             {"kind": "human", "name": "Ann"}]
    r = a.post("/api/games", json={"game": "ra", "players": 3, "seed": 71, "seats": seats})
    assert r.status_code == 201, r.text
    gid, token = r.json()["game"]["id"], r.json()["links"][0]["token"]
    wait_until(lambda: gid in a.app.state.bots._held)
    player = Reader(b, f"/api/games/{gid}/ws?token={token}")
    view = player.until_version(1)
    while view["to_move"] != 3 and view["status"] != "finished":
        view = player.until_version(view["version"] + 1)
    for _ in range(3):                             # three turns of hers, the bots between
        player.ws.send_json({"type": "move", "move": view["legal"][0], "version": view["version"]})
        view = player.until_version(view["version"] + 1)
        while view["to_move"] != 3 and view["status"] != "finished":
            view = player.until_version(view["version"] + 1)
        if view["status"] == "finished":
            break
    assert gid in b.app.state.bots._held and gid not in a.app.state.bots._held
    wait_until(lambda: a.app.state.service.cached(gid) is None)
    assert a.get(f"/api/games/{gid}/view").json()["version"] == view["version"]
    rec = Record.loads(a.get(f"/api/games/{gid}/record", params={"token": token}).text) \
        if view["status"] == "finished" else None
    assert player.log_indices() == list(range(view["version"]))   # each line once, in order
    if rec is not None:
        assert rec.replay().is_terminal()


def test_spectators_share_one_view_per_version(sqlite_url, make_client, monkeypatch):
    client = make_client(sqlite_url)
    gid, tokens = ra_game(client, 44)
    built: list[tuple] = []
    real = views_module.view_head

    def counting(g, snap, seat):
        built.append((snap.version, seat))
        return real(g, snap, seat)

    monkeypatch.setattr(views_module, "view_head", counting)
    watchers = [Reader(client, f"/api/games/{gid}/ws") for _ in range(6)]
    for w in watchers:
        w.until_version(1)
    mover = watchers[0].views[-1]["to_move"] - 1
    view = client.get(f"/api/games/{gid}/view", params={"token": tokens[mover]}).json()
    r = client.post(f"/api/games/{gid}/moves", json={"token": tokens[mover], "move": view["legal"][0],
                                                     "version": view["version"]})
    assert r.status_code == 200, r.text
    for w in watchers:
        w.until_version(r.json()["version"])
        w.close()
    spectator_builds = [b for b in built if b[1] is None]
    assert sorted(spectator_builds) == [(1, None), (r.json()["version"], None)]


def test_events_a_notification_carried_are_used_only_when_they_follow_on_without_a_gap():
    from thebes.server.live.fanout import _joined
    assert _joined([(3, ["a"]), (4, ["b", "c"])]) == (3, ["a", "b", "c"])
    assert _joined([(3, ["a"]), (5, ["c"])]) is None          # a notification went missing
    assert _joined([(3, ["a"]), (-1, None)]) is None          # one too long to carry its texts
    assert _joined([]) is None


def test_a_notification_drops_what_does_not_fit_first_the_notes_then_the_texts():
    """PostgreSQL takes payloads under 8,000 bytes: a clock too big to carry is left out (the
    other processes read it), then the events' texts too (they read those as well)."""
    import json
    from thebes.server.storage.store import Storage

    sent = []

    class Conn:
        def execute(self, _statement, params):
            sent.append(params["p"])

    storage = object.__new__(Storage)
    storage.shared, storage.origin = True, "here"
    storage._notify(Conn(), "g1", 5, "e", ["bid 3"], {"clock": [2, {"version": 5}]})
    storage._notify(Conn(), "g1", 5, "e", ["bid 3"], {"clock": [2, {"pad": "x" * 8000}]})
    storage._notify(Conn(), "g1", 5, "e", ["x" * 8000], None)
    assert [p.split(" ", 4)[:4] for p in sent] == [["g1", "5", "here", "e"]] * 3
    assert json.loads(sent[0].split(" ", 4)[4]) == {"events": ["bid 3"], "clock": [2, {"version": 5}]}
    assert json.loads(sent[1].split(" ", 4)[4]) == ["bid 3"]
    assert sent[2] == "g1 5 here e"


def test_seat_tokens_in_urls_never_reach_the_server_log(caplog):
    import logging
    from thebes.server.guard.security import redact_tokens_in_logs

    redact_tokens_in_logs()
    caplog.set_level(logging.INFO, logger="uvicorn.access")
    logging.getLogger("uvicorn.access").propagate = True
    with caplog.at_level(logging.INFO, logger="uvicorn.error"):
        logging.getLogger("uvicorn.error").info('%s - "WebSocket %s" [accepted]', "127.0.0.1:5",
                                                "/api/games/G/ws?since=3&token=SECRET-tok_1")
        logging.getLogger("uvicorn.access").info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "GET",
                                                 "/play/G?token=SECRET2", "1.1", 200)
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "SECRET" not in text
    # both lines redacted (a record may reach caplog twice, through both loggers' handlers)
    assert len({line for line in text.splitlines() if "token=[redacted]" in line}) == 2


def test_only_games_whose_bots_nobody_moves_are_swept_not_a_new_game_waiting_for_a_person(pg_url):
    """A game just created (a person to move) has no lease and is left to the process that
    stores that person's move; a lease that expired, or was given up by a clean stop, is
    taken over at once; a game without a lease that nobody moved for the quiet time, too."""
    import datetime as dt

    from thebes.server.storage.schema import GameData, SeatData, now
    from thebes.server.storage.store import Storage

    a, b = Storage(pg_url), Storage(pg_url)
    try:
        def game(gid, age_s):
            stamp = now() - dt.timedelta(seconds=age_s)
            a.create_game(GameData(id=gid, game="ra", players=3, options={}, seed="1",
                                   status="playing", version=0, result=None, created=stamp,
                                   updated=stamp, seats=[SeatData(seat=0, kind="human"),
                                                         SeatData(seat=1, kind="bot", bot="random"),
                                                         SeatData(seat=2, kind="bot", bot="random")]))
        game("fresh", 0)
        game("quiet", 60)
        game("leased", 0)
        game("given", 0)
        assert a.acquire_lease("leased", 30) and a.acquire_lease("given", 30)
        assert set(b.orphan_bot_games(quiet_s=3)) == {"quiet"}
        a.release_leases()
        assert set(b.orphan_bot_games(quiet_s=3)) == {"quiet", "given", "leased"}
        assert b.acquire_lease("given", 30)
        assert set(b.orphan_bot_games(quiet_s=3)) == {"quiet", "leased"}
    finally:
        a.close()
        b.close()

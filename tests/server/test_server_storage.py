"""Storage on SQLite and PostgreSQL: migrations, version-checked appends, racing writers, restart."""

from __future__ import annotations

import random
import threading
import time

import pytest
from sqlalchemy import inspect, text

from thebes.core import Record
from thebes.server.live.errors import ApiError
from thebes.server.live.service import GameService
from thebes.server.storage.database import (database_url, make_engine, schema_head, schema_revision,
                                            upgrade_schema)
from thebes.server.storage.schema import (DatabaseBusy, GameData, SeatData, SeatTaken, StaleVersion,
                                          now)
from thebes.server.storage.store import Storage

from conftest import wait_until


def new_game(storage: Storage, gid: str = "g1", events=("deal 1,2",)) -> GameData:
    stamp = now()
    data = GameData(id=gid, game="toy", players=2, options={}, seed="7", status="playing",
                    version=len(events), result=None, created=stamp, updated=stamp,
                    seats=[SeatData(0, "human", "A", None, "h" * 64, True),
                           SeatData(1, "human", None, None, "k" * 64, False)],
                    events=[(e, None) for e in events])
    storage.create_game(data)
    return data


def test_database_urls():
    assert database_url("games/x.db").startswith("sqlite:////")
    assert database_url("postgresql://u:p@h/d") == "postgresql+psycopg://u:p@h/d"
    assert database_url("postgres://u:p@h/d") == "postgresql+psycopg://u:p@h/d"
    assert database_url("sqlite:///a.db") == "sqlite:///a.db"


def test_migrations_create_the_schema_and_reopen(db_url):
    s = Storage(db_url)
    assert schema_revision(s.engine) == schema_head()
    names = set(inspect(s.engine).get_table_names())
    assert {"games", "seats", "events", "alembic_version", "table_clocks", "players"} <= names
    new_game(s)
    s.close()
    s = Storage(db_url)                        # opening again is a no-op
    assert s.load_game("g1").events == [("deal 1,2", None)]
    s.close()


def test_an_older_database_is_upgraded(db_url):
    engine = make_engine(db_url)
    upgrade_schema(engine, "0001")
    assert schema_revision(engine) == "0001"
    assert not inspect(engine).get_indexes("games")
    with engine.begin() as conn:               # a game as revision 0001 stored it
        conn.execute(text("INSERT INTO games (id, game, players, options, seed, status, version, "
                          "result, created, updated) VALUES ('old1', 'toy', 2, '{}', '7', 'playing', "
                          "1, NULL, :t, :t)"), {"t": now()})
        conn.execute(text("INSERT INTO seats (game_id, seat, kind, name, bot, token_hash, claimed) "
                          "VALUES ('old1', :s, 'human', :n, NULL, NULL, :c)"),
                     [{"s": 0, "n": "A", "c": True}, {"s": 1, "n": "B", "c": True}])
        conn.execute(text("INSERT INTO events (game_id, idx, text, actor, created) "
                          "VALUES ('old1', 0, 'deal 1,2', NULL, :t)"), {"t": now()})
    engine.dispose()
    s = Storage(db_url)
    assert schema_revision(s.engine) == schema_head()
    assert {i["name"] for i in inspect(s.engine).get_indexes("games")} >= {"ix_games_created", "ix_games_status"}
    old = s.load_game("old1")
    assert old.seats[0].name == "A"
    assert old.secret is None and old.seed_known is False    # chance from its seed alone, as before
    assert GameService(s).game("old1").events == ["deal 1,2"]
    s.close()


def test_append_checks_the_version(db_url):
    s = Storage(db_url)
    new_game(s)
    s.append_events("g1", 1, [("hold", 0)], "playing", None)
    with pytest.raises(StaleVersion):
        s.append_events("g1", 1, [("add 1", 0)], "playing", None)
    data = s.load_game("g1")
    assert data.version == 2 and data.events == [("deal 1,2", None), ("hold", 0)]
    s.close()


def test_a_refused_append_undoes_the_writes_that_went_with_it_and_a_stored_one_keeps_them(db_url):
    """The move's other writes (its clock) are in its transaction: on PostgreSQL they go
    first, then the version check, so a stale move must roll them back."""
    s = Storage(db_url)
    new_game(s)

    def also(conn):
        conn.execute(text("INSERT INTO bot_leases (game_id, owner, expires) VALUES ('g1', 'x', :t)"),
                     {"t": now()})
        return {}

    with pytest.raises(StaleVersion):
        s.append_events("g1", 0, [("hold", 0)], "playing", None, also=also)
    with s.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM bot_leases")).scalar() == 0
    s.append_events("g1", 1, [("hold", 0), ("draw", None)], "playing", None, also=also)
    with s.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM bot_leases")).scalar() == 1
    assert s.load_game("g1").events == [("deal 1,2", None), ("hold", 0), ("draw", None)]
    s.close()


def test_the_serving_process_checkpoints_sqlite_in_its_own_thread_not_in_commits(sqlite_url):
    """SQLite's automatic checkpoint makes the commit that crosses 1,000 log pages copy and sync
    the file while every writer waits: the server's writing connections turn it off, a thread
    checkpoints every second, and the log is emptied when the server stops."""
    from pathlib import Path
    s = Storage(sqlite_url)
    new_game(s)
    wal = Path(sqlite_url.removeprefix("sqlite:///") + "-wal")
    with s.engine.connect() as conn:           # before serving: SQLite's default
        assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 1000
    s.claim_writer()
    with s.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
    for v in range(1, 200):
        s.append_events("g1", v, [("hold", 0)], "playing", None)
    grown = wal.stat().st_size
    checkpoints = s._checkpoints
    assert grown > 0 and checkpoints is not None and checkpoints._thread.is_alive()
    time.sleep(1.5)                            # the thread copies the log back...
    for v in range(200, 399):                  # ...so these writes start it over, not grow it
        s.append_events("g1", v, [("hold", 0)], "playing", None)
    assert wal.stat().st_size < 1.5 * grown     # without the thread: about twice
    s.close()
    assert not wal.exists() or wal.stat().st_size == 0
    assert not checkpoints._thread.is_alive()
    assert Storage(sqlite_url).load_game("g1").version == 399


@pytest.mark.parametrize("writers", [2, 6])
def test_racing_appends_from_separate_engines(db_url, writers):
    """Writers with their own connection pools (as two server processes would) race for one version."""
    stores = [Storage(db_url) for _ in range(writers)]
    new_game(stores[0])
    barrier = threading.Barrier(writers)
    outcome: list[str] = []

    def write(i: int) -> None:
        barrier.wait()
        try:
            stores[i].append_events("g1", 1, [(f"add {1 + i % 2}", 0), ("roll 3", None)], "playing", None)
            outcome.append("ok")
        except StaleVersion:
            outcome.append("stale")

    threads = [threading.Thread(target=write, args=(i,)) for i in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcome) == ["ok"] + ["stale"] * (writers - 1)
    data = stores[0].load_game("g1")
    assert data.version == 3 and len(data.events) == 3
    for st in stores:
        st.close()


def test_racing_seat_claims(db_url):
    stores = [Storage(db_url) for _ in range(4)]
    new_game(stores[0])
    barrier = threading.Barrier(4)
    outcome: list[str] = []

    def claim(i: int) -> None:
        barrier.wait()
        try:
            stores[i].claim_seat("g1", 1, f"{i}" * 64, f"P{i}", "playing")
            outcome.append("ok")
        except SeatTaken:
            outcome.append("taken")

    threads = [threading.Thread(target=claim, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcome) == ["ok", "taken", "taken", "taken"]
    for st in stores:
        st.close()


def test_a_second_server_on_one_sqlite_file_is_refused_with_a_clear_message(sqlite_url, make_client):
    make_client(sqlite_url)
    with pytest.raises(DatabaseBusy, match="SQLite serves one process.*PostgreSQL"):
        make_client(sqlite_url)


def test_two_servers_on_one_database_cannot_both_move(pg_url, make_client):
    """Two apps (each with its own cache) on one database: for one version exactly one move lands."""
    a = make_client(pg_url)
    b = make_client(pg_url)
    r = a.post("/api/games", json={"game": "toy", "players": 2, "seed": 5,
                                   "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]})
    gid, t1 = r.json()["game"]["id"], r.json()["links"][0]["token"]
    assert b.get(f"/api/games/{gid}/view", params={"token": t1}).json()["version"] == 1  # b caches it
    assert a.post(f"/api/games/{gid}/moves", json={"token": t1, "move": "hold", "version": 1}).status_code == 200
    r = b.post(f"/api/games/{gid}/moves", json={"token": t1, "move": "add 2", "version": 1})
    assert r.status_code == 409                          # b's cache was stale; the database said no
    v = b.get(f"/api/games/{gid}/view", params={"token": t1}).json()
    assert v["version"] == 2 and v["log"][-1]["event"] == "hold"   # b reloaded from the database


def all_bots(seed, game="toy", players=3):
    return {"game": game, "players": players, "seed": seed,
            "seats": [{"kind": "bot", "bot": "random"} for _ in range(players)]}


def test_restart_resumes_every_unfinished_game(db_url, make_client):
    # ---- first server: bots paused (a long delay), games left in every state
    a = make_client(db_url, bot_delay=3600)
    g_bots = a.post("/api/games", json=all_bots(31)).json()["game"]["id"]
    g_ra = a.post("/api/games", json={"game": "ra", "players": 3, "seed": 32, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}).json()
    ra_id, ra_token = g_ra["game"]["id"], g_ra["links"][0]["token"]
    g_h = a.post("/api/games", json={"game": "toy", "players": 2, "seed": 33, "seats": [
        {"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]}).json()
    h_id, h_tokens = g_h["game"]["id"], [l["token"] for l in g_h["links"]]
    assert a.post(f"/api/games/{h_id}/moves", json={"token": h_tokens[0], "move": "add 2",
                                                    "version": 1}).status_code == 200
    ra_view = a.get(f"/api/games/{ra_id}/view", params={"token": ra_token}).json()
    while ra_view["to_move"] == 1:             # Ann plays until a bot is to move
        ra_view = a.post(f"/api/games/{ra_id}/moves", json={
            "token": ra_token, "move": ra_view["legal"][0], "version": ra_view["version"]}).json()
    before = {gid: a.get(f"/api/games/{gid}").json()["events"] for gid in (g_bots, ra_id, h_id)}
    time.sleep(0.1)
    assert {gid: a.get(f"/api/games/{gid}").json()["events"] for gid in before} == before
    t0 = time.monotonic()
    a.__exit__(None, None, None)               # stop the first server
    assert time.monotonic() - t0 < 10

    # ---- second server on the same database: everything goes on
    b = make_client(db_url, bot_delay=0)
    wait_until(lambda: b.get(f"/api/games/{g_bots}").json()["status"] == "finished", timeout=60)
    v = b.get(f"/api/games/{h_id}/view", params={"token": h_tokens[1]}).json()
    assert v["version"] == before[h_id] and v["to_move"] == 2 and v["legal"]
    assert b.post(f"/api/games/{h_id}/moves", json={"token": h_tokens[1], "move": "hold",
                                                    "version": v["version"]}).status_code == 200
    # Ra: the bots moved on by themselves; Ann plays on to the end
    rng = random.Random(4)
    deadline = time.monotonic() + 120
    while True:
        v = b.get(f"/api/games/{ra_id}/view", params={"token": ra_token}).json()
        if v["status"] == "finished":
            break
        assert time.monotonic() < deadline
        if v["to_move"] == 1:
            assert v["version"] > before[ra_id] or v["legal"]
            b.post(f"/api/games/{ra_id}/moves", json={"token": ra_token, "move": rng.choice(v["legal"]),
                                                      "version": v["version"]})
        else:
            time.sleep(0.005)
    rec = Record.loads(b.get(f"/api/games/{ra_id}/record").text)
    assert rec.replay().is_terminal() and rec.result == v["result"]

    # ---- the restarted all-bot game is exactly the one an uninterrupted server plays
    r1 = Record.loads(b.get(f"/api/games/{g_bots}/record").text)
    b.__exit__(None, None, None)               # (SQLite serves one process at a time)
    c = make_client(db_url, bot_delay=0)
    same = c.post("/api/games", json=all_bots(31)).json()["game"]["id"]
    wait_until(lambda: c.get(f"/api/games/{same}").json()["status"] == "finished", timeout=60)
    r2 = Record.loads(c.get(f"/api/games/{same}/record").text)
    assert r1.events == r2.events and r1.result == r2.result


def test_a_service_rebuilds_a_game_from_its_events(db_url):
    s = Storage(db_url)
    service = GameService(s)
    g, tokens = service.create_game("toy", 2, {}, None, None)
    service.move(g.id, 0, "add 1")
    fresh = GameService(Storage(db_url))
    h = fresh.game(g.id)
    assert h.events == g.events and h.state.omniscient_observation() == g.state.omniscient_observation()
    with pytest.raises(ApiError) as err:
        fresh.game("missing")
    assert err.value.status == 404
    s.close()


def test_a_stored_game_waiting_for_chance_is_settled_on_load(db_url):
    s = Storage(db_url)
    new_game(s, "c1", events=())                     # stored before its deal was drawn
    g = GameService(s).game("c1")
    assert len(g.events) == 1 and g.events[0].startswith("deal ")
    assert s.load_game("c1").version == 1            # and stored
    again = GameService(Storage(db_url)).game("c1")
    assert again.events == g.events
    s.close()


def test_the_cache_drops_finished_games_past_its_limit(sqlite_url):
    service = GameService(Storage(sqlite_url))
    service.cache_limit = 4
    ids = []
    for seed in range(6):
        g, tokens = service.create_game("toy", 2, {"rounds": 1}, None, None)
        service.move(g.id, 0, "hold")
        service.move(g.id, 1, "hold")
        assert g.finished
        ids.append(g.id)
    assert len(service._games) <= 4
    again = service.game(ids[0])                      # rebuilt from the database
    assert again.finished and len(again.events) == 4
    live, _ = service.create_game("toy", 2, {}, None, None)
    for _ in range(6):
        service.create_game("toy", 2, {}, None, None)
    assert live.id in service._games                  # unfinished games stay


def test_racing_moves_through_two_servers(pg_url, make_client):
    """Moves for one version posted at once to two servers on one database: exactly one lands."""
    servers = [make_client(pg_url), make_client(pg_url)]
    r = servers[0].post("/api/games", json={"game": "toy", "players": 2, "seed": 6, "seats": [
        {"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]})
    gid, t1 = r.json()["game"]["id"], r.json()["links"][0]["token"]
    for s in servers:
        assert s.get(f"/api/games/{gid}/view", params={"token": t1}).json()["version"] == 1
    barrier = threading.Barrier(6)
    statuses: list[int] = []

    def race(i: int) -> None:
        barrier.wait()
        r = servers[i % 2].post(f"/api/games/{gid}/moves", json={
            "token": t1, "move": ["hold", "add 1", "add 2"][i % 3], "version": 1})
        statuses.append(r.status_code)

    threads = [threading.Thread(target=race, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [200] + [409] * 5
    stored = Storage(pg_url).load_game(gid)
    assert stored.version == 2 and len(stored.events) == 2

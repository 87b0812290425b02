"""Clocks, stand-in moves, absent seats, presence and votes (issue 14), with a fake clock."""

from __future__ import annotations

import time

import pytest

from conftest import wait_until
from thebes.server.tables import clocks

HUMANS2 = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
HUMANS3 = HUMANS2 + [{"kind": "human", "name": "Cy"}]


class FakeTime:
    """Starts at the real time: until a test puts it in an app, that app's thread reads the
    real clock, which must not find a fake deadline long past (a restarted app resumes)."""

    def __init__(self, start: float | None = None) -> None:
        self.now = float(int(time.time())) if start is None else start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def start(client, fake: FakeTime):
    """The app's tables on ``fake`` time, their thread stopped: the test calls run_due()."""
    tables = client.app.state.community.tables
    tables.stop()
    tables.time = fake
    return tables


def create(client, seats=HUMANS2, table=None, game="toy", seed=5):
    body = {"game": game, "players": len(seats), "seats": seats, "seed": seed}
    if table is not None:
        body["table"] = table
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    out = r.json()
    return out["game"]["id"], [l["token"] for l in out["links"]]


def left_now(v, fake):
    """Seconds left now to the seat whose clock runs (views carry its time at the start of its
    turn and when that was: they are the same whenever they are read)."""
    clock = v["table"]["clock"]
    return clock["left"][clock["running"] - 1] - (fake.now - clock["since"])


def view(client, gid, token=None):
    q = f"?token={token}" if token else ""
    r = client.get(f"/api/games/{gid}/view{q}")
    assert r.status_code == 200, r.text
    return r.json()


def move(client, gid, token, text, version=None):
    r = client.post(f"/api/games/{gid}/moves", json={"token": token, "move": text, "version": version})
    assert r.status_code == 200, r.text
    return r.json()


@pytest.fixture
def client(make_client, sqlite_url):
    return make_client(sqlite_url, bot_delay=0)


# ---------------------------------------------------------------------- pure rules
def test_clock_settings_outside_sane_bounds_are_refused_with_a_sentence():
    with pytest.raises(clocks.ClockError, match="between 10 and"):
        clocks.check_settings({"mode": "move", "per_move": 2})
    with pytest.raises(clocks.ClockError, match="needs bank"):
        clocks.check_settings({"mode": "bank"})
    with pytest.raises(clocks.ClockError, match="absent_after"):
        clocks.check_settings({"mode": "move", "per_move": 30, "absent_after": 0})
    with pytest.raises(clocks.ClockError, match="clock mode"):
        clocks.check_settings({"mode": "hourglass"})
    assert clocks.check_settings(None)["mode"] == "none"
    assert clocks.check_settings({"mode": "bank", "bank": 300, "increment": 5})["standin"] == "easy"


def test_a_bank_pays_the_time_taken_earns_the_increment_and_a_timeout_empties_it():
    s = clocks.check_settings({"mode": "bank", "bank": 60, "increment": 5})
    st = clocks.new_state(s, 2, 1, since=100.0)
    st = clocks.after_move(s, st, 0, "seat", 120.0, 1, 2, human=True, running=True)
    assert st["bank"] == [45.0, 60.0] and st["since"] == 120.0
    assert clocks.time_left(s, st, 1, 150.0) == 30.0
    st = clocks.after_move(s, st, 1, "timeout", 180.0, 2, 3, human=True, running=True)
    assert st["bank"][1] == clocks.BANK_FLOOR and st["streak"] == [0, 1]
    assert st["standins"] == [[2, "timeout"]]


def test_bots_and_games_not_under_way_are_never_timed():
    s = clocks.check_settings({"mode": "move", "per_move": 30})
    st = clocks.new_state(s, 2, 1, since=100.0)
    assert clocks.due(s, st, 0, human=False) is None
    assert clocks.due(s, st, 0, human=True) == (130.0, "timeout")
    waiting = clocks.new_state(s, 2, 1, since=None)
    assert clocks.due(s, waiting, 0, human=True) is None


# ---------------------------------------------------------------------- through the server
def test_create_refuses_clock_settings_out_of_bounds_with_a_400(client):
    r = client.post("/api/games", json={"game": "toy", "players": 2, "seats": HUMANS2,
                                        "table": {"mode": "move", "per_move": 1}})
    assert r.status_code == 400 and "between 10 and" in r.json()["error"]
    r = client.post("/api/games", json={"game": "toy", "players": 2, "seats": HUMANS2,
                                        "table": {"mode": "move", "per_move": 30, "standin": "zz"}})
    assert r.status_code == 400 and "stand-in" in r.json()["error"]
    assert client.get("/api/games").json()["games"] == []      # nothing was created


def test_a_seat_whose_time_runs_out_is_played_by_its_stand_in_and_the_log_says_so(client):
    fake = FakeTime()
    tables = start(client, fake)
    gid, tokens = create(client, table={"mode": "move", "per_move": 30})
    v = view(client, gid, tokens[0])
    assert v["to_move"] == 1 and v["table"]["clock"]["running"] == 1
    assert v["table"]["clock"]["left"] == [30.0, 30.0]
    fake.advance(29)
    assert tables.run_due() == 0
    assert left_now(view(client, gid, tokens[0]), fake) == 1.0
    fake.advance(2)
    assert tables.run_due() == 1
    v = view(client, gid, tokens[1])
    assert v["version"] == 2 and v["to_move"] == 2
    assert v["table"]["standins"] == [[1, "timeout"]]
    assert v["log"][1]["seat"] == 1
    assert v["table"]["clock"]["left"] == [30.0, 30.0] and v["table"]["clock"]["running"] == 2
    assert not v["seats"][0]["absent"]           # one time-out of three


def test_timeouts_in_a_row_mark_the_seat_absent_and_im_back_takes_it_again(client):
    fake = FakeTime()
    tables = start(client, fake)
    gid, tokens = create(client, table={"mode": "move", "per_move": 30, "absent_after": 2})
    for _ in range(2):      # seat 1 times out twice; seat 2 moves each time
        fake.advance(31)
        assert tables.run_due() == 1
        v = view(client, gid, tokens[1])
        move(client, gid, tokens[1], v["legal"][0], v["version"])
    v = view(client, gid, tokens[0])
    assert v["seats"][0]["absent"] and v["to_move"] == 1
    assert v["table"]["clock"]["running"] is None       # an absent seat is not timed
    fake.advance(clocks.ABSENT_PACE)                    # the stand-in plays at its pace
    assert tables.run_due() == 1
    v = view(client, gid, tokens[0])
    assert [r for _i, r in v["table"]["standins"]] == ["timeout", "timeout", "absent"]
    wrong = client.post(f"/api/games/{gid}/back", json={"token": "nope"})
    assert wrong.status_code == 403
    assert client.post(f"/api/games/{gid}/back", json={"token": tokens[0]}).json() == {"ok": True}
    v = view(client, gid, tokens[0])
    assert not v["seats"][0]["absent"]


def test_a_move_by_the_absent_seat_itself_takes_it_back(client):
    fake = FakeTime()
    tables = start(client, fake)
    gid, tokens = create(client, table={"mode": "move", "per_move": 30, "absent_after": 1})
    fake.advance(31)
    assert tables.run_due() == 1
    assert view(client, gid, tokens[0])["seats"][0]["absent"]
    v = view(client, gid, tokens[1])
    move(client, gid, tokens[1], v["legal"][0], v["version"])
    v = view(client, gid, tokens[0])
    assert v["to_move"] == 1
    move(client, gid, tokens[0], v["legal"][0], v["version"])      # before the stand-in's pace
    v = view(client, gid, tokens[0])
    assert not v["seats"][0]["absent"] and v["table"]["standins"] == [[1, "timeout"]]


def test_a_restart_mid_clock_resumes_the_remaining_time(make_client, db_url):
    fake = FakeTime()
    first = make_client(db_url)
    start(first, fake)
    gid, tokens = create(first, table={"mode": "bank", "bank": 60, "increment": 0})
    fake.advance(20)
    v = view(first, gid, tokens[0])
    move(first, gid, tokens[0], v["legal"][0], v["version"])      # seat 1 spent 20 s
    fake.advance(7)                                                # seat 2 thinks 7 s...
    first.__exit__(None, None, None)                               # ...and the server stops
    fake.advance(3)
    second = make_client(db_url)
    tables = start(second, fake)
    v = view(second, gid, tokens[1])
    assert v["table"]["clock"]["left"] == [40.0, 60.0] and v["table"]["clock"]["running"] == 2
    assert left_now(v, fake) == 50.0                               # 10 s of seat 2's turn gone
    tables.resume_all()
    fake.advance(49)
    assert tables.run_due() == 0
    fake.advance(2)
    assert tables.run_due() == 1                                   # the stored deadline holds


def test_two_servers_acting_on_one_timeout_store_one_stand_in_move(make_client, db_url):
    if db_url.startswith("sqlite"):
        pytest.skip("SQLite serves one process: two servers share PostgreSQL only")
    fake = FakeTime()
    a, b = make_client(db_url), make_client(db_url)
    ta, tb = start(a, fake), start(b, fake)
    gid, tokens = create(a, table={"mode": "move", "per_move": 30})
    view(b, gid, tokens[0])          # the second server loads the game and its clock
    tb.changed(gid)
    fake.advance(31)
    assert ta.run_due() + tb.run_due() == 1
    for client in (a, b):     # each server shows it (the other one hears of it by NOTIFY)
        v = wait_until(lambda: (x := view(client, gid, tokens[0]))["table"]["standins"] and x)
        assert v["version"] == 2 and v["table"]["standins"] == [[1, "timeout"]]


def test_the_tables_thread_makes_the_stand_in_move_when_due(client):
    fake = FakeTime()
    tables = client.app.state.community.tables
    tables.time = fake
    gid, tokens = create(client, table={"mode": "move", "per_move": 30})
    fake.advance(31)
    wait_until(lambda: view(client, gid, tokens[0])["version"] == 2)


def test_bots_are_not_timed_in_a_game_with_a_clock(make_client, sqlite_url):
    client = make_client(sqlite_url, bot_delay=3600)     # the bot takes its time
    fake = FakeTime()
    tables = start(client, fake)
    gid, tokens = create(client, seats=[{"kind": "human", "name": "Ann"},
                                        {"kind": "bot", "bot": "random"}],
                         table={"mode": "move", "per_move": 30})
    v = view(client, gid, tokens[0])
    move(client, gid, tokens[0], v["legal"][0], v["version"])
    v = view(client, gid, tokens[0])
    assert v["to_move"] == 2 and v["table"]["clock"]["running"] is None
    fake.advance(10_000)
    assert tables.run_due() == 0


def test_summaries_and_the_lobby_show_who_is_connected_now(client):
    gid, tokens = create(client)

    def summary():
        return [s["connected"] for s in client.get(f"/api/games/{gid}").json()["seats"]]

    assert summary() == [False, False]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[0]}") as a:
        a.receive_json()
        assert summary() == [True, False]
        with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[1]}") as b:
            b.receive_json()
            assert summary() == [True, True]
            lobby = client.get("/api/games").json()["games"][0]
            assert [s["connected"] for s in lobby["seats"]] == [True, True]
        wait_until(lambda: summary() == [True, False])
    wait_until(lambda: summary() == [False, False])


def test_a_seat_away_five_minutes_is_voted_to_its_stand_in_and_a_double_vote_counts_once(client):
    fake = FakeTime()
    tables = start(client, fake)
    gid, tokens = create(client, seats=HUMANS3)          # no clock
    view(client, gid, tokens[0])
    r = client.post(f"/api/games/{gid}/vote", json={"token": tokens[1], "seat": 1})
    assert r.status_code == 409 and "300 s" in r.json()["error"]
    fake.advance(301)
    first = client.post(f"/api/games/{gid}/vote", json={"token": tokens[1], "seat": 1}).json()
    again = client.post(f"/api/games/{gid}/vote", json={"token": tokens[1], "seat": 1}).json()
    assert first == again == {"votes": 1, "needed": 2, "absent": False}
    r = client.post(f"/api/games/{gid}/vote", json={"token": tokens[0], "seat": 1})
    assert r.status_code == 400                            # not oneself
    done = client.post(f"/api/games/{gid}/vote", json={"token": tokens[2], "seat": 1}).json()
    assert done == {"votes": 2, "needed": 2, "absent": True}
    fake.advance(clocks.ABSENT_PACE)
    assert tables.run_due() == 1
    assert view(client, gid, tokens[1])["table"]["standins"] == [[1, "absent"]]


def clock_row(client, gid):
    from sqlalchemy import select
    from thebes.server.storage.communitydb import table_clocks
    with client.app.state.storage.engine.connect() as conn:
        return conn.execute(select(table_clocks).where(table_clocks.c.game_id == gid)).one()


def test_a_moves_clock_is_stored_in_the_moves_own_transaction(client):
    """The clock after a move lands with the move's events or not at all: a move refused by
    the store (a stale version) leaves the clock's row as it was."""
    import json
    from thebes.server.storage.schema import StaleVersion
    fake = FakeTime()
    start(client, fake)
    gid, tokens = create(client, table={"mode": "bank", "bank": 60, "increment": 0})
    fake.advance(10)
    v = view(client, gid, tokens[0])
    move(client, gid, tokens[0], v["legal"][0], v["version"])
    row = clock_row(client, gid)
    assert json.loads(row.state)["version"] == v["version"] + 1 and row.rev == 1
    storage = client.app.state.storage
    append = storage.append_events

    def racing(game_id, expected, events, status, result, also=None):
        # the clock's write runs, then another process's move is found first: all rolled back
        with storage.engine.begin() as conn:
            also(conn)
            raise StaleVersion("another process stored a move first")

    storage.append_events = racing
    try:
        v = view(client, gid, tokens[1])
        r = client.post(f"/api/games/{gid}/moves",
                        json={"token": tokens[1], "move": v["legal"][0], "version": v["version"]})
        assert r.status_code == 409
    finally:
        storage.append_events = append
    assert clock_row(client, gid).rev == 1


def test_a_clock_changed_meanwhile_by_another_process_is_redone_on_the_fresh_row(client):
    """Another process wrote the table's row (a vote, "I'm back") since this one cached it: the
    move's compare-and-swap misses, and the clock is written again on the fresh row."""
    import json
    from sqlalchemy import update
    from thebes.server.storage.communitydb import table_clocks
    fake = FakeTime()
    start(client, fake)
    gid, tokens = create(client, table={"mode": "bank", "bank": 60, "increment": 0})
    with client.app.state.storage.engine.begin() as conn:     # the other process's write
        conn.execute(update(table_clocks).where(table_clocks.c.game_id == gid).values(rev=5))
    fake.advance(10)
    v = view(client, gid, tokens[0])
    move(client, gid, tokens[0], v["legal"][0], v["version"])
    row = clock_row(client, gid)
    assert row.rev == 6 and json.loads(row.state)["version"] == v["version"] + 1
    assert json.loads(row.state)["bank"][0] == 50.0


def test_on_postgresql_another_process_takes_the_clock_a_move_s_notification_carried(
        make_client, pg_url):
    """The move's notification carries the table's clock as written with it: the other process
    shows it without reading the row and without publishing its views a second time."""
    a, b = make_client(pg_url), make_client(pg_url)
    fake = FakeTime()
    start(a, fake)
    tables_b = start(b, fake)
    gid, tokens = create(a, table={"mode": "bank", "bank": 60, "increment": 5})
    # b holds the game and its table: seat 2's socket is there
    with b.websocket_connect(f"/api/games/{gid}/ws?token={tokens[1]}"):
        before = view(b, gid, tokens[1])
        live_b = b.app.state.service.cached(gid)
        stamp = live_b.stamp
        loads = []
        load = tables_b._load
        tables_b._load = lambda game_id: loads.append(game_id) or load(game_id)
        fake.advance(7)
        v = view(a, gid, tokens[0])
        done = move(a, gid, tokens[0], v["legal"][0], v["version"])
        wait_until(lambda: live_b.snap.version == done["version"])      # published on b
        after_a, after_b = view(a, gid, tokens[1]), view(b, gid, tokens[1])
    assert after_b["table"]["clock"] == after_a["table"]["clock"] != before["table"]["clock"]
    assert after_b["table"]["clock"]["left"][0] == 58.0     # 60 - 7 + 5
    assert loads == [] and live_b.stamp == stamp


def test_a_carried_clock_older_than_the_one_held_is_ignored(client):
    tables = start(client, FakeTime())
    gid, tokens = create(client, table={"mode": "bank", "bank": 60, "increment": 0})
    view(client, gid, tokens[0])
    g = client.app.state.service.cached(gid)
    held = tables.table(gid)
    tables.carried(g, [held.rev, {**held.state, "bank": [1.0, 1.0]}])     # not newer: kept
    assert tables.table(gid) is held
    tables.carried(g, [held.rev + 1, {**held.state, "bank": [1.0, 1.0]}])
    assert tables.table(gid).state["bank"] == [1.0, 1.0] and tables.table(gid).rev == held.rev + 1


def test_on_postgresql_a_process_does_not_read_back_the_clock_of_its_own_move(make_client, pg_url):
    """Every change makes each process read the table's row again (another process may have
    changed it), except the process that made the move: it has just written that row."""
    client = make_client(pg_url)
    tables = start(client, FakeTime())
    gid, tokens = create(client, table={"mode": "bank", "bank": 60, "increment": 0})
    loads = []
    load = tables._load
    tables._load = lambda game_id: loads.append(game_id) or load(game_id)
    v = view(client, gid, tokens[0])
    move(client, gid, tokens[0], v["legal"][0], v["version"])
    assert loads == []
    tables.changed(gid)                  # a notification from another process: read again
    assert loads == [gid]


def test_a_vote_is_offered_only_when_it_can_succeed_and_its_refusal_names_the_person(client):
    """Issue 31 item 6: summaries say in how many seconds a vote may hand a seat to its
    stand-in (0: now; None while its holder is connected), and a refusal names the person."""
    fake = FakeTime()
    start(client, fake)
    gid, tokens = create(client, seats=HUMANS3)          # no clock
    seats = lambda: client.get(f"/api/games/{gid}").json()["seats"]  # noqa: E731
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[1]}") as b:
        b.receive_json()
        assert seats()[1]["vote_in"] is None                 # Bob is connected
        r = client.post(f"/api/games/{gid}/vote", json={"token": tokens[0], "seat": 2})
        assert r.status_code == 409 and r.json()["error"].startswith("Bob is connected now")
        assert r.json()["code"] == "vote_connected" and r.json()["params"]["name"] == "Bob"
    wait_until(lambda: seats()[1]["vote_in"] == 300)
    fake.advance(120)
    assert seats()[1]["vote_in"] == 180
    r = client.post(f"/api/games/{gid}/vote", json={"token": tokens[0], "seat": 2})
    assert r.status_code == 409 and r.json()["params"] == {"name": "Bob", "away": 120, "need": 300}
    fake.advance(181)
    assert seats()[1]["vote_in"] == 0
    assert client.post(f"/api/games/{gid}/vote", json={"token": tokens[0], "seat": 2}).status_code == 200

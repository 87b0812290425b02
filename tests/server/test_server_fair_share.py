"""Issue 30, item 1: the searching workers are shared fairly between clients and their games
(thebes/server/live/scheduler.py, live/bots.py), and one client's bot seats are capped."""

from __future__ import annotations

import threading
import time

import pytest

from thebes.server.guard.settings import Settings
from thebes.server.live import bots as bots_module
from thebes.server.live.scheduler import FairScheduler

from conftest import test_settings as unlimited, wait_until


# ---------------------------------------------------------------------- the scheduler
def test_a_free_slot_goes_to_the_next_client_in_turn_whatever_another_client_queued():
    fair = FairScheduler(slots=1, per_client=1)
    order: list[str] = []
    gate = threading.Event()

    def work(name: str):
        def run() -> None:
            gate.wait(10)
            order.append(name)
        return run

    futures = [fair.submit("starver", f"game{i}", work(f"starver {i}")) for i in range(10)]
    futures.append(fair.submit("person", "mine", work("person")))
    gate.set()
    for f in futures:
        f.result(10)
    # the starver's first search was running when the person asked: the person goes next
    assert order[:2] == ["starver 0", "person"]
    fair.stop()


def test_a_client_running_nothing_starts_at_once_though_others_hold_every_slot():
    fair = FairScheduler(slots=1, per_client=1, max_slots=2)
    gate, started = threading.Event(), threading.Event()
    long = fair.submit("starver", "g1", lambda: gate.wait(10))
    fair.submit("starver", "g2", lambda: gate.wait(10))
    fair.submit("starver2", "h1", lambda: gate.wait(10))
    person = fair.submit("person", "mine", started.set)
    # the starvers' first searches hold the slot and the one extra; the person's waits
    assert not started.wait(0.2)
    gate.set()
    person.result(10)
    fair.stop()
    fair = FairScheduler(slots=1, per_client=1, max_slots=2)
    gate = threading.Event()
    fair.submit("starver", "g1", lambda: gate.wait(10))
    fair.submit("starver", "g2", lambda: gate.wait(10))
    ran = fair.submit("person", "mine", lambda: "mine")
    assert ran.result(2) == "mine"            # beside the starver's search, not after it
    assert fair.running("starver") == 1       # the starver's second waits for its first
    gate.set()
    fair.stop()


def test_a_client_never_holds_more_than_its_share_of_the_slots_and_its_games_take_turns():
    fair = FairScheduler(slots=3, per_client=1)
    running: dict[str, int] = {}
    most: dict[str, int] = {}
    order: list[str] = []
    lock = threading.Lock()

    def work(client: str, key: str):
        def run() -> None:
            with lock:
                running[client] = running.get(client, 0) + 1
                most[client] = max(most.get(client, 0), running[client])
                order.append(key)
            time.sleep(0.02)
            with lock:
                running[client] -= 1
        return run

    futures = []
    for i in range(3):                    # each game of client a asks twice, in a row
        futures += [fair.submit("a", f"a{i}", work("a", f"a{i}")) for _ in range(2)]
    futures += [fair.submit("b", "b0", work("b", "b0")) for _ in range(2)]
    for f in futures:
        f.result(10)
    assert most == {"a": 1, "b": 1}
    a_order = [k for k in order if k.startswith("a")]
    assert a_order[:3] == ["a0", "a1", "a2"]          # a's games in turn, not game by game
    fair.stop()


def test_stopping_the_scheduler_cancels_what_waits_and_joins_what_runs():
    fair = FairScheduler(slots=1, per_client=1)
    gate = threading.Event()
    first = fair.submit("a", "g", lambda: gate.wait(10))
    second = fair.submit("a", "g", lambda: None)
    threading.Timer(0.1, gate.set).start()
    fair.stop(timeout=10)
    assert first.result(1) is True and second.cancelled()
    assert fair.submit("a", "g", lambda: None).cancelled()


# ---------------------------------------------------------------------- the bot runner
SLOW_S = 0.25


@pytest.fixture
def slow_searching_bots(monkeypatch):
    """Every bot is a 'search' of SLOW_S seconds (then a random move), thought in threads."""
    from thebes.bots import make_bot as real_make_bot

    class Slow:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, state):
            time.sleep(SLOW_S)
            return self.bot.choose(state)

    monkeypatch.setattr(bots_module.botwork, "uses_search", lambda name: True)
    monkeypatch.setattr(bots_module, "make_bot",
                        lambda name, game, seat, rng, **kw: Slow(real_make_bot("random", game,
                                                                               seat, rng)))


def test_a_persons_bot_answers_within_its_search_time_plus_one_other_search_whatever_another_client_runs(
        make_client, sqlite_url, slow_searching_bots):
    from fastapi.testclient import TestClient
    starver = make_client(sqlite_url, settings=unlimited())
    app = starver.app
    app.state.bots.processes = 0                      # think in threads (the slots: 1)
    # one client: 40 games of bots only, created at once (first come, first served, a person's
    # bot waited behind about 40 / 4 threads searches a turn)
    for _ in range(40):
        r = starver.post("/api/games", json={"game": "toy", "players": 2, "options": {"rounds": 50},
                                             "seats": [{"kind": "bot", "bot": "hard"}] * 2})
        assert r.status_code == 201, r.text
    time.sleep(2 * SLOW_S)                            # their searches are going
    with TestClient(app, client=("10.0.0.9", 50000)) as person:
        r = person.post("/api/games", json={"game": "toy", "players": 2, "options": {"rounds": 3},
                                            "seats": [{"kind": "human", "name": "Ann"},
                                                      {"kind": "bot", "bot": "hard"}]})
        assert r.status_code == 201, r.text
        gid, token = r.json()["game"]["id"], r.json()["links"][0]["token"]
        assert app.state.bots.owner_of(gid) == "10.0.0.9"    # its creator's share
        waits = []

        def view():
            return person.get(f"/api/games/{gid}/view", params={"token": token}).json()

        def my_turn():
            v = view()
            return v if v["to_move"] == v["seat"] or v["status"] == "finished" else None

        for _turn in range(3):
            now = wait_until(my_turn, timeout=60)
            if now["status"] == "finished":
                break
            start = time.monotonic()
            moved = person.post(f"/api/games/{gid}/moves", json={
                "token": token, "move": now["legal"][0], "version": now["version"]})
            assert moved.status_code == 200, moved.text
            wait_until(my_turn, timeout=60)
            waits.append(time.monotonic() - start)
    # its own search (SLOW_S) plus at most the starver's search that held the slot
    assert waits and max(waits) < 2 * SLOW_S + 0.6, waits


def test_one_clients_bot_seats_are_capped_at_game_creation_with_a_sentence(make_client,
                                                                            sqlite_url):
    client = make_client(sqlite_url, settings=unlimited(bot_seats=5))
    bots = [{"kind": "bot", "bot": "random"}]
    ok = client.post("/api/games", json={"game": "toy", "players": 4, "options": {"rounds": 50},
                                         "seats": [{"kind": "human", "name": "A"}] + bots * 3})
    assert ok.status_code == 201, ok.text
    refused = client.post("/api/games", json={"game": "toy", "players": 4,
                                              "seats": [{"kind": "human", "name": "A"}] + bots * 3})
    assert refused.status_code == 429 and refused.headers["retry-after"] == "60"
    assert refused.json()["error"] == (
        "your unfinished games already have 3 bot seats and this one asks for 3; this server "
        "runs at most 5 bot seats for one client: finish a game (or wait for its bots) first")
    # another client has its own count; games of people only are not counted
    from fastapi.testclient import TestClient
    with TestClient(client.app, client=("10.0.0.3", 50000)) as other:
        assert other.post("/api/games", json={"game": "toy", "players": 4,
                                              "seats": [{"kind": "human", "name": "B"}] + bots * 3}
                          ).status_code == 201
    assert client.post("/api/games", json={"game": "toy", "players": 2}).status_code == 201
    assert Settings().bot_seats == 100 and Settings().bot_searches == 1
    assert Settings.from_env({"THEBES_BOT_SEATS": "7"}).bot_seats == 7
    with pytest.raises(ValueError, match="^THEBES_BOT_SEARCHES:"):
        Settings.from_env({"THEBES_BOT_SEARCHES": "0"})


def test_games_created_at_once_by_one_client_count_each_others_bot_seats(make_client, sqlite_url):
    from concurrent.futures import ThreadPoolExecutor
    client = make_client(sqlite_url, settings=unlimited(bot_seats=5))
    seats = [{"kind": "bot", "bot": "random"}] * 4

    def create(_):
        return client.post("/api/games", json={"game": "toy", "players": 4,
                                               "options": {"rounds": 50}, "seats": seats}
                           ).status_code

    with ThreadPoolExecutor(8) as pool:
        codes = list(pool.map(create, range(8)))
    assert sorted(codes) == [201] + [429] * 7


def test_stopping_the_server_while_bots_search_ends_their_worker_processes_without_an_error(
        tmp_path, caplog):
    import logging
    from fastapi.testclient import TestClient
    from thebes.server.app import create_app
    app = create_app(f"sqlite:///{tmp_path / 'thebes.db'}", bot_delay=0, bot_processes=1,
                     settings=unlimited())
    caplog.set_level(logging.INFO)
    with TestClient(app) as client:
        r = client.post("/api/games", json={"game": "pharaoh", "players": 20,
                                            "seats": [{"kind": "bot", "bot": "hard"}] * 20})
        assert r.status_code == 201, r.text
        bots = app.state.bots
        workers = wait_until(lambda: list((getattr(bots._crowded, "_processes", None) or {})
                                          .values()) if bots._crowded is not None else None,
                             timeout=60)     # a 20-seat game: the crowded games' workers
        wait_until(lambda: bots.fair.running() == 1, timeout=60)
        start = time.monotonic()
    assert time.monotonic() - start < 15
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], \
        [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert not any(p.is_alive() for p in workers)


def test_searches_of_a_game_of_many_seats_run_at_a_lower_cpu_priority_than_a_usual_games(
        tmp_path):
    import os
    from fastapi.testclient import TestClient
    from thebes.server.app import create_app
    from thebes.server.live.bots import CROWDED_NICE
    app = create_app(f"sqlite:///{tmp_path / 'thebes.db'}", bot_delay=0, bot_processes=1,
                     settings=unlimited())
    mine = os.getpriority(os.PRIO_PROCESS, 0)

    def niceness(pool):
        procs = list((getattr(pool, "_processes", None) or {}).values()) if pool else []
        return [os.getpriority(os.PRIO_PROCESS, p.pid) for p in procs if p.pid] or None

    with TestClient(app) as client:
        for players in (20, 2):
            r = client.post("/api/games", json={"game": "pharaoh", "players": players,
                                                "seats": [{"kind": "bot", "bot": "hard"}] * players})
            assert r.status_code == 201, r.text
        bots = app.state.bots
        # (a new worker is niced by its initializer, a moment after it starts)
        wait_until(lambda: niceness(bots._crowded) == [min(19, mine + CROWDED_NICE)], timeout=60)
        wait_until(lambda: niceness(bots._procs) is not None, timeout=60)
        time.sleep(1.0)
        assert niceness(bots._procs) == [mine]

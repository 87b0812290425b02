"""Reviews over HTTP (thebes/server/api/review.py, live/reviewer.py): only finished games or uploaded records,
computed in worker processes with visible progress, stored and computed once."""

from __future__ import annotations

import math
import time

import pytest

from thebes.cli import selfplay_record
from thebes.server.live import reviewer as server_review


def wait_until(predicate, timeout: float = 60.0):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.05)


@pytest.fixture(autouse=True)
def _quick_budget(monkeypatch):
    """The server reviews at ``hard``'s budget; these tests at 400 iterations a decision
    (or less, where they say), so that a review takes seconds."""
    monkeypatch.setattr(server_review, "ITERATIONS", 400)


def test_the_servers_review_searches_at_the_hard_levels_budget_unless_the_server_sets_one(
        tmp_path, monkeypatch):
    from fastapi.testclient import TestClient
    from thebes.bots.hint import hard_iterations
    from thebes.server.app import create_app
    from thebes.server.guard.settings import Settings
    monkeypatch.setattr(server_review, "ITERATIONS", None)
    record = selfplay_record("sarcophagus", 2, 3, {}, "greedy")
    hard = hard_iterations("sarcophagus", 2)
    assert server_review.review_iterations(record) == hard >= 1000
    assert server_review.review_iterations(selfplay_record("ra", 3, 3, {}, "greedy")) == \
        hard_iterations("ra", 3)
    app = create_app(f"sqlite:///{tmp_path / 'thebes.db'}", bot_delay=0,
                     settings=Settings(review_cost=1000))
    with TestClient(app) as client:
        gid = upload(client, record.dumps())
        refused = client.post(f"/api/games/{gid}/review")
        assert refused.status_code == 400
        assert f"steps at {hard} search iterations" in refused.json()["error"]
    monkeypatch.setattr(server_review, "ITERATIONS", 77)
    assert server_review.review_iterations(record) == 77


@pytest.fixture
def client(tmp_path, monkeypatch):
    from fastapi.testclient import TestClient
    from thebes.server.app import create_app
    monkeypatch.setattr(server_review, "ITERATIONS", 8)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'thebes.db'}", bot_delay=0)) as c:
        yield c


def upload(client, record_text: str) -> str:
    r = client.post("/api/records", json={"record": record_text, "mode": "view"})
    assert r.status_code == 201, r.text
    return r.json()["id"]


def test_an_uploaded_record_is_reviewed_in_worker_processes_and_stored_once(client, monkeypatch):
    monkeypatch.setattr(server_review, "PROCESSES", 2)
    record = selfplay_record("sarcophagus", 2, 3, {}, "greedy")
    gid = upload(client, record.dumps())
    assert client.get(f"/api/games/{gid}/review").json()["status"] == "none"
    first = client.post(f"/api/games/{gid}/review")
    assert first.status_code == 202 and first.json()["status"] in ("queued", "running", "done")
    done = wait_until(lambda: (lambda s: s if s["status"] in ("done", "failed") else None)(
        client.get(f"/api/games/{gid}/review").json()), timeout=120)
    assert done["status"] == "done", done
    review = done["review"]
    assert review["game"] == "sarcophagus" and review["budget"]["iterations"] == 8
    assert done["done"] == done["total"]
    decisions = [m for m in review["decisions"] if not m["forced"]]
    assert decisions and all(m["mark"] in (None, "inaccuracy", "mistake", "blunder")
                             for m in decisions)
    # computed once: asking again answers the stored review, and nothing is queued
    again = client.post(f"/api/games/{gid}/review").json()
    assert again["status"] == "done" and again["review"] == review
    assert not [j for j in client.app.state.reviewer._jobs.values() if j.status != "done"]


def test_an_unfinished_game_is_not_reviewed_whoever_asks(client):
    r = client.post("/api/games", json={"game": "sarcophagus", "players": 2,
                                        "seats": [{"kind": "human", "name": "Ann"},
                                                  {"kind": "human"}]})
    assert r.status_code == 201, r.text
    gid = r.json()["game"]["id"]
    for method in (client.get, client.post):
        refused = method(f"/api/games/{gid}/review")
        assert refused.status_code == 409
        assert "finished" in refused.json()["error"]


def test_reviewing_a_game_that_does_not_exist_is_a_404_with_a_sentence(client):
    r = client.post("/api/games/nope/review")
    assert r.status_code == 404 and "no game" in r.json()["error"]


def test_a_finished_game_played_here_is_reviewed_with_its_players_names(client, monkeypatch):
    monkeypatch.setattr(server_review, "PROCESSES", 0)
    r = client.post("/api/games", json={"game": "sarcophagus", "players": 2, "seed": 5, "seats": [
        {"kind": "bot", "bot": "random", "name": "Ann"}, {"kind": "bot", "bot": "random", "name": "Bo"}]})
    assert r.status_code == 201, r.text
    gid = r.json()["game"]["id"]
    wait_until(lambda: client.get(f"/api/games/{gid}").json()["status"] == "finished")
    assert client.post(f"/api/games/{gid}/review").status_code == 202
    done = wait_until(lambda: (lambda s: s if s["status"] in ("done", "failed") else None)(
        client.get(f"/api/games/{gid}/review").json()))
    assert done["status"] == "done", done
    assert done["review"]["names"] == ["Ann", "Bo"]
    assert [row["seat"] for row in done["review"]["summary"]] == [1, 2]


def test_asking_for_reviews_has_a_per_client_rate_answered_429_with_retry_after_and_a_sentence(
        tmp_path):
    from fastapi.testclient import TestClient
    from thebes.server.app import create_app
    from thebes.server.guard.settings import Settings
    app = create_app(f"sqlite:///{tmp_path / 'thebes.db'}", bot_delay=0,
                     settings=Settings.unlimited(rate_review="2/minute"))
    with TestClient(app) as ann, TestClient(app, client=("10.0.0.2", 50000)) as bo:
        for _ in range(2):
            assert ann.post("/api/games/nope/review").status_code == 404   # counted, then routed
        refused = ann.post("/api/games/nope/review")
        assert refused.status_code == 429, refused.text
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        assert refused.json()["error"].startswith("too many game reviews asked from your address")
        assert "try again in" in refused.json()["error"]
        # reading a review's state is not asking for one; another address has its own count
        assert ann.get("/api/games/nope/review").status_code == 404
        assert bo.post("/api/games/nope/review").status_code == 404


def test_the_review_rate_is_a_setting_an_environment_variable_and_a_serve_option(monkeypatch,
                                                                                  tmp_path):
    from thebes.cli import main
    from thebes.server.guard.settings import Settings
    assert Settings().rate_review == "10/hour"
    assert Settings.from_env({"THEBES_RATE_REVIEW": "3/hour"}).rate_review == "3/hour"
    with pytest.raises(ValueError, match="^THEBES_RATE_REVIEW:"):
        Settings.from_env({"THEBES_RATE_REVIEW": "often"})
    import uvicorn
    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(app))
    monkeypatch.setattr("thebes.server.serve._port_problem", lambda host, port: None)
    assert main(["serve", "--database", str(tmp_path / "a.db"), "--rate-review", "4/hour"]) == 0
    assert calls[-1].state.settings.rate_review == "4/hour"


def test_a_full_review_queue_answers_429_with_a_sentence_and_a_retry_after_from_its_progress(
        client, monkeypatch):
    import threading
    monkeypatch.setattr(server_review, "PROCESSES", 0)
    monkeypatch.setattr(server_review, "MAX_QUEUE", 1)
    release, units = threading.Event(), []
    real = server_review.run_task

    def held(task):   # the first unit of work is done at once, the second waits for the test
        units.append(task)
        if len(units) == 2:
            release.wait(60)
        return real(task)

    monkeypatch.setattr(server_review, "run_task", held)
    first = upload(client, selfplay_record("sarcophagus", 2, 3, {}, "greedy").dumps())
    second = upload(client, selfplay_record("sarcophagus", 2, 4, {}, "greedy").dumps())
    try:
        assert client.post(f"/api/games/{first}/review").status_code == 202
        wait_until(lambda: len(units) == 2)
        refused = client.post(f"/api/games/{second}/review")
        assert refused.status_code == 429, refused.text
        wait = int(refused.headers["retry-after"])
        assert server_review.RETRY_AFTER_MIN <= wait <= server_review.RETRY_AFTER_MAX
        assert refused.json()["error"] == (
            f"the review queue is full (1 waiting or being computed); ask again in {wait} s")
    finally:
        release.set()
    wait_until(lambda: client.get(f"/api/games/{first}/review").json()["status"] == "done")
    assert client.post(f"/api/games/{second}/review").status_code == 202   # a place is free


def test_the_retry_after_of_a_full_queue_is_the_running_reviews_expected_time_left():
    retry_after = server_review.retry_after
    assert retry_after(30.0, 10, 40, typical=120.0) == 90         # 3 s a unit, 30 units left
    assert retry_after(30.0, 0, 40, typical=120.0) == 90          # no unit done: typical time
    assert retry_after(None, 0, 0, typical=120.0) == 120          # none running yet
    assert retry_after(59.9, 39, 40, typical=120.0) == 5          # at least RETRY_AFTER_MIN
    assert retry_after(3000.0, 1, 40, typical=120.0) == 3600      # at most RETRY_AFTER_MAX


def test_a_queued_review_says_which_reviews_share_the_workers_and_when_it_should_be_done(
        tmp_path, monkeypatch):
    import threading
    from fastapi.testclient import TestClient
    from thebes.server.app import create_app
    monkeypatch.setattr(server_review, "ITERATIONS", 8)
    monkeypatch.setattr(server_review, "PROCESSES", 0)
    release = threading.Event()
    real = server_review.run_task

    def held(task):   # every unit of work waits for the test
        release.wait(60)
        return real(task)

    monkeypatch.setattr(server_review, "run_task", held)
    app = create_app(f"sqlite:///{tmp_path / 'thebes.db'}", bot_delay=0)
    with TestClient(app) as ann, TestClient(app, client=("10.0.0.2", 50000)) as bo:
        games = [upload(ann, selfplay_record("sarcophagus", 2, seed, {}, "greedy").dumps())
                 for seed in (3, 4, 5)]
        unit = server_review.TYPICAL_UNIT_SECONDS   # no unit finished here yet
        try:
            assert ann.post(f"/api/games/{games[0]}/review").status_code == 202
            wait_until(lambda: ann.get(f"/api/games/{games[0]}/review").json()["status"]
                       == "running")
            second = ann.post(f"/api/games/{games[1]}/review").json()
            third = bo.post(f"/api/games/{games[2]}/review").json()
            running = ann.get(f"/api/games/{games[0]}/review").json()
            # Ann's first: nothing before it; shared by 2 clients, and by Ann's 2 reviews
            assert running["status"] == "running" and running["ahead"] == 1 and running["yours"]
            assert running["wait"] == math.ceil(running["total"] * unit * 2 * 2)
            assert second["status"] == "queued" and second["ahead"] == 1 and second["yours"]
            assert second["cost"] > 0 and second["total"] > 0
            # Bo's review shares the worker with Ann's two, and is not Ann's
            assert third["status"] == "queued" and third["ahead"] == 2 and third["yours"]
            assert third["wait"] == math.ceil(third["total"] * unit * 2 * 1)
            assert ann.get(f"/api/games/{games[2]}/review").json()["yours"] is False
        finally:
            release.set()
        for gid in games:
            wait_until(lambda: ann.get(f"/api/games/{gid}/review").json()["status"] == "done")
        done = ann.get(f"/api/games/{games[2]}/review").json()
        assert "ahead" not in done and "wait" not in done


def test_a_review_costing_more_than_the_servers_cap_is_refused_before_it_starts_with_the_sum(
        tmp_path, monkeypatch):
    from fastapi.testclient import TestClient
    from thebes.review import plan
    from thebes.server.app import create_app
    from thebes.server.guard.settings import Settings
    monkeypatch.setattr(server_review, "ITERATIONS", 400)
    record = selfplay_record("sarcophagus", 2, 3, {}, "greedy")
    todo = plan(record, iterations=400, seed=server_review.SEED)
    cost = sum(t.iterations for t in todo.tasks)
    app = create_app(f"sqlite:///{tmp_path / 'thebes.db'}", bot_delay=0,
                     settings=Settings(review_cost=cost - 1))
    with TestClient(app) as client:
        gid = upload(client, record.dumps())
        refused = client.post(f"/api/games/{gid}/review")
        assert refused.status_code == 400, refused.text
        assert refused.json()["error"].startswith(
            f"this review would cost {len(todo.tasks):,} steps at 400 search iterations "
            f"(chance steps a quarter): {cost:,} iterations, and this server computes at most "
            f"{cost - 1:,} for one review")
        assert client.get(f"/api/games/{gid}/review").json()["status"] == "none"
        assert Settings().review_cost == 15_000_000
        assert Settings.from_env({"THEBES_REVIEW_COST": "5000"}).review_cost == 5000


def slow_units(monkeypatch, seconds: float):
    """Every unit of work takes ``seconds`` more (in the scheduler's threads: PROCESSES 0)."""
    real = server_review.run_task

    def slow(task):
        time.sleep(seconds)
        return real(task)

    monkeypatch.setattr(server_review, "PROCESSES", 0)
    monkeypatch.setattr(server_review, "run_task", slow)


def test_one_clients_long_review_does_not_hold_up_another_clients_review(tmp_path, monkeypatch):
    from fastapi.testclient import TestClient
    from thebes.server.app import create_app
    from thebes.server.guard.settings import Settings
    slow_units(monkeypatch, 0.05)
    long_record = selfplay_record("ra", 5, 3, {}, "greedy")         # hundreds of steps
    short_record = selfplay_record("sarcophagus", 2, 3, {}, "greedy")
    app = create_app(f"sqlite:///{tmp_path / 'thebes.db'}", bot_delay=0,
                     settings=Settings(review_cost=10 ** 9))
    with TestClient(app) as ann, TestClient(app, client=("10.0.0.2", 50000)) as bo:
        long_id, short_id = upload(ann, long_record.dumps()), upload(bo, short_record.dumps())
        assert ann.post(f"/api/games/{long_id}/review").status_code == 202
        wait_until(lambda: ann.get(f"/api/games/{long_id}/review").json()["done"] >= 3)
        assert bo.post(f"/api/games/{short_id}/review").status_code == 202
        done = wait_until(lambda: (lambda s: s if s["status"] == "done" else None)(
            bo.get(f"/api/games/{short_id}/review").json()), timeout=120)
        assert done["review"]["game"] == "sarcophagus"
        long_state = ann.get(f"/api/games/{long_id}/review").json()
        assert long_state["status"] == "running" and long_state["done"] < long_state["total"]
        ann.delete(f"/api/games/{long_id}/review")


def test_a_person_sees_and_cancels_their_own_place_in_the_review_queue_and_no_one_elses(
        tmp_path, monkeypatch):
    from fastapi.testclient import TestClient
    from thebes.server.app import create_app
    slow_units(monkeypatch, 0.05)
    app = create_app(f"sqlite:///{tmp_path / 'thebes.db'}", bot_delay=0)
    with TestClient(app) as ann, TestClient(app, client=("10.0.0.2", 50000)) as bo:
        gid = upload(ann, selfplay_record("ra", 3, 3, {}, "greedy").dumps())
        assert ann.post(f"/api/games/{gid}/review").json()["yours"] is True
        assert bo.get(f"/api/games/{gid}/review").json()["yours"] is False
        refused = bo.delete(f"/api/games/{gid}/review")
        assert refused.status_code == 403
        assert refused.json()["error"] == "only the client that asked for this review can cancel it"
        assert ann.get(f"/api/games/{gid}/review").json()["status"] in ("queued", "running")
        cancelled = ann.delete(f"/api/games/{gid}/review")
        assert cancelled.status_code == 200 and cancelled.json()["status"] == "none"
        assert ann.get(f"/api/games/{gid}/review").json()["status"] == "none"
        reviewer = app.state.reviewer
        wait_until(lambda: reviewer._fair.running() == 0)
        assert reviewer._fair.queued() == 0          # its units left the queue
        again = ann.delete(f"/api/games/{gid}/review")
        assert again.status_code == 404 and "no review" in again.json()["error"]


def test_a_client_has_at_most_its_share_of_reviews_waiting_answered_429_with_a_sentence(
        tmp_path, monkeypatch):
    from fastapi.testclient import TestClient
    from thebes.server.app import create_app
    slow_units(monkeypatch, 0.2)
    app = create_app(f"sqlite:///{tmp_path / 'thebes.db'}", bot_delay=0)
    with TestClient(app) as ann, TestClient(app, client=("10.0.0.2", 50000)) as bo:
        games = [upload(ann, selfplay_record("sarcophagus", 2, seed, {}, "greedy").dumps())
                 for seed in (3, 4, 5)]
        for gid in games[:2]:
            assert ann.post(f"/api/games/{gid}/review").status_code == 202
        refused = ann.post(f"/api/games/{games[2]}/review")
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 5
        assert refused.json()["error"].startswith(
            "you already have 2 reviews waiting or being computed (at most 2)")
        assert bo.post(f"/api/games/{games[2]}/review").status_code == 202   # Bo's own share
        for gid in games:
            ann.delete(f"/api/games/{gid}/review")
            bo.delete(f"/api/games/{gid}/review")


def test_stopping_the_server_during_a_review_logs_no_error_and_ends_its_worker_processes(
        tmp_path, monkeypatch, caplog):
    import logging
    from fastapi.testclient import TestClient
    from thebes.server.app import create_app
    from thebes.server.guard.settings import Settings
    monkeypatch.setattr(server_review, "ITERATIONS", 3000)
    monkeypatch.setattr(server_review, "PROCESSES", 2)
    app = create_app(f"sqlite:///{tmp_path / 'thebes.db'}", bot_delay=0,
                     settings=Settings(review_cost=10 ** 9))
    caplog.set_level(logging.INFO)
    with TestClient(app) as client:
        gid = upload(client, selfplay_record("ra", 3, 3, {}, "greedy").dumps())
        assert client.post(f"/api/games/{gid}/review").status_code == 202
        reviewer = app.state.reviewer
        workers = wait_until(lambda: list(getattr(reviewer._procs, "_processes", {}).values())
                             if reviewer._procs is not None else None)
        wait_until(lambda: client.get(f"/api/games/{gid}/review").json()["status"] == "running")
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], \
        [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert not any(p.is_alive() for p in workers)
    assert reviewer._fair.running() == 0

"""Reviews over HTTP (thebes/server/api/review.py, live/reviewer.py): only finished games or uploaded records,
computed in worker processes with visible progress, stored and computed once."""

from __future__ import annotations

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


def test_a_queued_review_says_how_many_run_before_it_and_when_it_should_be_done(
        client, monkeypatch):
    import threading
    monkeypatch.setattr(server_review, "PROCESSES", 0)
    release = threading.Event()
    real = server_review.run_task

    def held(task):   # every unit of work waits for the test
        release.wait(60)
        return real(task)

    monkeypatch.setattr(server_review, "run_task", held)
    games = [upload(client, selfplay_record("sarcophagus", 2, seed, {}, "greedy").dumps())
             for seed in (3, 4, 5)]
    typical = server_review.TYPICAL_SECONDS   # no review finished here yet
    try:
        assert client.post(f"/api/games/{games[0]}/review").status_code == 202
        wait_until(lambda: client.get(f"/api/games/{games[0]}/review").json()["status"]
                   == "running")
        second = client.post(f"/api/games/{games[1]}/review").json()
        third = client.post(f"/api/games/{games[2]}/review").json()
        running = client.get(f"/api/games/{games[0]}/review").json()
        assert running["status"] == "running" and running["ahead"] == 0
        assert typical - 30 <= running["wait"] <= typical   # no unit done: typical - elapsed
        assert second["status"] == "queued" and second["ahead"] == 1
        assert 2 * typical - 30 <= second["wait"] <= 2 * typical
        assert third["status"] == "queued" and third["ahead"] == 2
        assert 3 * typical - 30 <= third["wait"] <= 3 * typical
    finally:
        release.set()
    for gid in games:
        wait_until(lambda: client.get(f"/api/games/{gid}/review").json()["status"] == "done")
    done = client.get(f"/api/games/{games[2]}/review").json()
    assert "ahead" not in done and "wait" not in done

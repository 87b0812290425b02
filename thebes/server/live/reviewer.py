"""Game reviews computed by the server (issue 17; docs/review.md for the review itself).

The routes are in thebes/server/api/review.py: ``POST /api/games/<id>/review``
asks for the review of a finished game or of an uploaded record; ``GET
/api/games/<id>/review`` answers its state: ``none``,
``queued``, ``running`` (with ``done`` and ``total`` units of work; both with
``ahead``, the reviews to run before it, and ``wait``, the seconds until it
should be done: :meth:`Reviewer.state`), ``done`` (with the review) or
``failed`` (with a sentence).

* Hidden information: only a finished game (everything is public then) or an
  uploaded record (viewed omnisciently anyway) is reviewed; an unfinished live
  game is refused with 409, whoever asks.
* Never in the event loop: one scheduler thread runs one review at a time, its
  units of work (:func:`thebes.review.run_task`) in a pool of ``spawn`` worker
  processes that lives as long as that review.
* Computed once: the finished review is stored in the ``reviews`` table
  (migration ``0005_reviews``) with the game and served from there afterwards.
* Every resource has a limit: each client asks for at most ``rate_review``
  reviews (thebes/server/guard/limits.py, 429 with Retry-After), at most
  :data:`MAX_QUEUE` reviews wait (429 past it, with Retry-After: when the
  running review should end, :func:`retry_after`); the budget is the server's
  (``THEBES_REVIEW_ITERATIONS``), not the client's.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import math
import multiprocessing
import os
import threading
import time
from collections import OrderedDict, deque
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from thebes.core import Record
from thebes.review import assemble, plan, run_task

from ..storage.communitydb import reviews_table
from .errors import ApiError

log = logging.getLogger("thebes.server.review")

#: search iterations per decision (chance events get a quarter; docs/review.md).
ITERATIONS = int(os.environ.get("THEBES_REVIEW_ITERATIONS", "400"))
#: worker processes of a review (0: in the scheduler thread, for tests without processes).
PROCESSES = int(os.environ.get("THEBES_REVIEW_PROCESSES", str(min(2, os.cpu_count() or 1))))
#: reviews waiting at most (429 past it).
MAX_QUEUE = 8
#: the review's own seed: a game's review is the same whenever it is computed.
SEED = "server"
#: seconds a review is taken to last until this server has finished one: about what a
#: 3-player Ra game takes at 400 iterations a decision in 2 processes (docs/review.md
#: measures 60 s at 185).
TYPICAL_SECONDS = 120.0
#: bounds of a queue-full 429's Retry-After, in seconds.
RETRY_AFTER_MIN, RETRY_AFTER_MAX = 5, 3600


@dataclass
class Job:
    game_id: str
    record: Record
    status: str = "queued"
    done: int = 0
    total: int = 0
    error: str | None = None
    started: float | None = None   # time.monotonic() when it began running


def seconds_left(elapsed: float | None, done: int, total: int, typical: float) -> float:
    """Seconds until a running review should end: ``elapsed * (total - done) / done``
    once it has done a unit of work, else ``typical - elapsed`` (at least 0; ``elapsed``
    None: not started yet, ``typical``)."""
    if elapsed is None:
        return typical
    if done > 0:
        return elapsed * max(0, total - done) / done
    return max(0.0, typical - elapsed)


def retry_after(elapsed: float | None, done: int, total: int, typical: float) -> int:
    """Seconds until the running review should end, so that a place in the queue frees:
    :func:`seconds_left` rounded up and kept within [:data:`RETRY_AFTER_MIN`,
    :data:`RETRY_AFTER_MAX`]. The Retry-After of a queue-full 429 (docs/web-api.md,
    Reviews)."""
    left = seconds_left(elapsed, done, total, typical)
    return int(min(RETRY_AFTER_MAX, max(RETRY_AFTER_MIN, math.ceil(left))))


class Reviewer:
    """The reviews of one app: stored ones, and the queue of those being computed."""

    def __init__(self, storage: Any) -> None:
        self.storage = storage
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        #: wall seconds of the last reviews computed here (the typical time of one).
        self._durations: deque[float] = deque(maxlen=20)

    # ---------------------------------------------------------------- storage
    def stored(self, game_id: str) -> dict[str, Any] | None:
        with self.storage.engine.connect() as conn:
            row = conn.execute(select(reviews_table.c.review)
                               .where(reviews_table.c.game_id == game_id)).first()
        return json.loads(row[0]) if row else None

    def _store(self, game_id: str, review: dict[str, Any]) -> None:
        with self.storage.engine.begin() as conn:
            conn.execute(reviews_table.insert().values(
                game_id=game_id, created=dt.datetime.now(dt.timezone.utc),
                budget=json.dumps(review["budget"]), review=json.dumps(review)))

    # ---------------------------------------------------------------- queue
    def state(self, game_id: str) -> dict[str, Any]:
        with self._cond:
            job = self._jobs.get(game_id)
            if job is not None and job.status in ("queued", "running"):
                return {"status": job.status, "done": job.done, "total": job.total,
                        **self._wait(job)}
            if job is not None and job.status == "failed":
                return {"status": job.status, "done": job.done, "total": job.total,
                        "error": job.error}
        review = self.stored(game_id)
        if review is not None:
            return {"status": "done", "done": 1, "total": 1, "review": review}
        return {"status": "none", "done": 0, "total": 0}

    def start(self, game_id: str, record: Record) -> dict[str, Any]:
        current = self.state(game_id)
        if current["status"] in ("done", "queued", "running"):
            return current
        with self._cond:
            waiting = sum(1 for j in self._jobs.values() if j.status in ("queued", "running"))
            if waiting >= MAX_QUEUE:
                wait = self._retry_after()
                raise ApiError(429, f"the review queue is full ({waiting} waiting or being "
                                    f"computed); ask again in {wait} s",
                               headers={"Retry-After": str(wait)})
            self._jobs[game_id] = Job(game_id, record)
            self._jobs.move_to_end(game_id)
            while len(self._jobs) > 1000:   # forget the oldest finished or failed jobs
                oldest = next(iter(self._jobs))
                if self._jobs[oldest].status in ("queued", "running"):
                    break
                self._jobs.pop(oldest)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="thebes-review",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()
        return self.state(game_id)

    def _typical(self) -> float:
        """Seconds a review takes here: the mean of the last 20, :data:`TYPICAL_SECONDS`
        before the first."""
        return (sum(self._durations) / len(self._durations) if self._durations
                else TYPICAL_SECONDS)

    @staticmethod
    def _elapsed(job: Job) -> float | None:
        return None if job.started is None else time.monotonic() - job.started

    def _wait(self, job: Job) -> dict[str, int]:
        """``{"ahead": reviews to run before ``job``, "wait": seconds until it should be
        done}``: the running review's :func:`seconds_left`, a typical review for each
        queued before it and for itself if queued (call with ``self._cond`` held)."""
        typical = self._typical()
        if job.status == "running":
            return {"ahead": 0, "wait": math.ceil(seconds_left(
                self._elapsed(job), job.done, job.total, typical))}
        ahead, wait = 0, typical
        for other in self._jobs.values():
            if other.status == "running":
                ahead += 1
                wait += seconds_left(self._elapsed(other), other.done, other.total, typical)
        for other in self._jobs.values():
            if other is job:
                break
            if other.status == "queued":
                ahead += 1
                wait += typical
        return {"ahead": ahead, "wait": math.ceil(wait)}

    def _retry_after(self) -> int:
        """:func:`retry_after` for the running review (call with ``self._cond`` held)."""
        running = next((j for j in self._jobs.values()
                        if j.status == "running" and j.started is not None), None)
        if running is None:
            return retry_after(None, 0, 0, self._typical())
        return retry_after(self._elapsed(running), running.done, running.total,
                           self._typical())

    def _loop(self) -> None:
        while True:
            with self._cond:
                job = next((j for j in self._jobs.values() if j.status == "queued"), None)
                if job is None:
                    self._thread = None
                    return
                job.status, job.started = "running", time.monotonic()
            try:
                self._run(job)
            except Exception as err:  # noqa: BLE001 - reported to the client, logged here
                log.exception("review of game %s failed", job.game_id)
                with self._cond:
                    job.status, job.error = "failed", f"the review could not be computed: {err}"

    def _run(self, job: Job) -> None:
        todo = plan(job.record, iterations=ITERATIONS, seed=SEED)
        job.total = len(todo.tasks)
        results = []
        if PROCESSES > 0 and todo.tasks:
            with ProcessPoolExecutor(max_workers=PROCESSES,
                                     mp_context=multiprocessing.get_context("spawn")) as pool:
                for future in as_completed([pool.submit(run_task, t) for t in todo.tasks]):
                    results.append(future.result())
                    job.done = len(results)
        else:
            for task in todo.tasks:
                results.append(run_task(task))
                job.done = len(results)
        self._store(job.game_id, assemble(todo, results))
        with self._cond:
            job.status = "done"
            self._durations.append(time.monotonic() - (job.started or time.monotonic()))

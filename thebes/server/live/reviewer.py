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
* Never in the event loop, and shared fairly (issue 30, item 2): a review is
  planned into units of work (:func:`thebes.review.plan`, one search a step),
  and the units of every review wait in a
  :class:`~thebes.server.live.scheduler.FairScheduler`, which hands the
  :data:`PROCESSES` ``spawn`` worker processes (kept while there is work) to the
  clients in turn, then to each client's reviews in turn: a client's review
  waits for at most one unit of each other client's, however long theirs are.
* Its cost is capped before it starts: steps times the budget (search
  iterations, chance steps a quarter), at most ``review_cost``; past it, 400
  with the sum in the sentence.
* Computed once: the finished review is stored in the ``reviews`` table
  (migration ``0005_reviews``) with the game and served from there afterwards.
* Every resource has a limit: each client asks for at most ``rate_review``
  reviews (thebes/server/guard/limits.py, 429 with Retry-After) and has at most
  ``reviews_per_client`` waiting or running, at most :data:`MAX_QUEUE` reviews
  wait in all (429 past either, with Retry-After: when the first review should
  end, :func:`retry_after`); the budget is the server's
  (``THEBES_REVIEW_ITERATIONS``; by default ``hard``'s), not the client's. The client
  that asked for a review sees it as ``"yours": true`` and may cancel it (``DELETE``).
* :meth:`Reviewer.stop` (the app's shutdown) drops the queue and ends the
  worker processes without an ERROR line.
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
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from thebes.core import Record, ThebesError
from thebes.review import assemble, plan, run_task

from ..storage.communitydb import reviews_table
from .errors import ApiError
from .scheduler import FairScheduler, end_processes

log = logging.getLogger("thebes.server.review")

#: search iterations per decision (chance events get a quarter; docs/review.md); ``None``
#: (the default): the ``hard`` level's budget in the game at its seat count (issue 32:
#: the review uses hard's search or better).
ITERATIONS: int | None = (int(os.environ["THEBES_REVIEW_ITERATIONS"])
                          if os.environ.get("THEBES_REVIEW_ITERATIONS") else None)
#: worker processes of a review (0: in the scheduler thread, for tests without processes).
PROCESSES = int(os.environ.get("THEBES_REVIEW_PROCESSES", str(min(2, os.cpu_count() or 1))))
#: reviews waiting at most (429 past it).
MAX_QUEUE = 8
#: the review's own seed: a game's review is the same whenever it is computed.
SEED = "server"
#: seconds a review is taken to last until this server has finished one: about what a
#: 3-player Ra game takes at hard's 8,000 iterations a decision in 2 processes (4.1
#: million iterations, about 13,500 a CPU second).
TYPICAL_SECONDS = 300.0
#: seconds a unit of work (one step's search) is taken to last until this server has
#: computed some (a decision of 3-player Ra at 8,000 iterations: under a second)
TYPICAL_UNIT_SECONDS = 1.0
#: bounds of a queue-full 429's Retry-After, in seconds.
RETRY_AFTER_MIN, RETRY_AFTER_MAX = 5, 3600


@dataclass
class Job:
    game_id: str
    record: Record
    client: str = "unknown"        # who asked for it (guard/limits.py's client_key)
    status: str = "queued"         # queued, running, done, failed, cancelled
    done: int = 0
    total: int = 0
    cost: int = 0                  # search iterations: steps times the budget
    error: str | None = None
    started: float | None = None   # time.monotonic() when its first unit began
    todo: Any = None               # its plan, until it is assembled
    results: list[Any] = field(default_factory=list)


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


def review_iterations(record: Record) -> int:
    """Search iterations a decision for ``record``'s review here: :data:`ITERATIONS` if the
    server sets it, else the ``hard`` level's budget in its game at its seat count."""
    if ITERATIONS is not None:
        return ITERATIONS
    from thebes.bots.hint import hard_iterations
    return hard_iterations(record.game, record.players)


class Reviewer:
    """The reviews of one app: stored ones, and the units of those being computed."""

    def __init__(self, storage: Any, settings: Any = None) -> None:
        self.storage = storage
        self.cost_cap = getattr(settings, "review_cost", 15_000_000)
        self.per_client = getattr(settings, "reviews_per_client", 2)
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._cond = threading.Condition()
        self._fair: FairScheduler | None = None
        self._procs: ProcessPoolExecutor | None = None
        self._stopping = False
        #: wall seconds of the last units of work computed here (the typical time of one).
        self._units: deque[float] = deque(maxlen=50)
        #: wall seconds of the last reviews computed here.
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
    def _active(self) -> list[Job]:
        return [j for j in self._jobs.values() if j.status in ("queued", "running")]

    def state(self, game_id: str, client: str | None = None) -> dict[str, Any]:
        with self._cond:
            job = self._jobs.get(game_id)
            if job is not None and job.status in ("queued", "running"):
                return {"status": job.status, "done": job.done, "total": job.total,
                        "cost": job.cost, "yours": client is not None and client == job.client,
                        **self._wait(job)}
            if job is not None and job.status == "failed":
                return {"status": job.status, "done": job.done, "total": job.total,
                        "error": job.error}
        review = self.stored(game_id)
        if review is not None:
            return {"status": "done", "done": 1, "total": 1, "review": review}
        return {"status": "none", "done": 0, "total": 0}

    def start(self, game_id: str, record: Record, client: str = "unknown") -> dict[str, Any]:
        current = self.state(game_id, client)
        if current["status"] in ("done", "queued", "running"):
            return current
        with self._cond:
            if self._stopping:
                raise ApiError(503, "the server is stopping; ask again in a moment",
                               headers={"Retry-After": "5"})
            active = self._active()
            mine = sum(1 for j in active if j.client == client)
            if mine >= self.per_client:
                wait = self._retry_after([j for j in active if j.client == client])
                raise ApiError(429, f"you already have {mine} reviews waiting or being computed "
                                    f"(at most {self.per_client}); ask again in {wait} s, or "
                                    "cancel one (DELETE /api/games/<id>/review)",
                               headers={"Retry-After": str(wait)})
            if len(active) >= MAX_QUEUE:
                wait = self._retry_after(active)
                raise ApiError(429, f"the review queue is full ({len(active)} waiting or being "
                                    f"computed); ask again in {wait} s",
                               headers={"Retry-After": str(wait)})
        iterations = review_iterations(record)
        try:
            todo = plan(record, iterations=iterations, seed=SEED)
        except (ThebesError, ValueError) as err:
            raise ApiError(400, f"this record cannot be reviewed: {err}") from None
        cost = sum(task.iterations for task in todo.tasks)
        if cost > self.cost_cap:
            steps = len(todo.tasks)
            raise ApiError(400, f"this review would cost {steps:,} steps at {iterations} search "
                                f"iterations (chance steps a quarter): {cost:,} iterations, and "
                                f"this server computes at most {self.cost_cap:,} for one review "
                                f"(about {self.cost_cap // max(1, iterations):,} steps); "
                                "`thebes review` computes it on your own machine")
        with self._cond:
            if game_id in self._jobs and self._jobs[game_id].status in ("queued", "running"):
                return self.state(game_id, client)      # asked twice at once
            job = Job(game_id, record, client=client, total=len(todo.tasks), cost=cost,
                      todo=todo, results=[None] * len(todo.tasks))
            self._jobs[game_id] = job
            self._jobs.move_to_end(game_id)
            while len(self._jobs) > 1000:   # forget the oldest finished or failed jobs
                oldest = next(iter(self._jobs))
                if self._jobs[oldest].status in ("queued", "running"):
                    break
                self._jobs.pop(oldest)
            fair = self._scheduler()
        if not todo.tasks:
            self._finish(job)
        for i, task in enumerate(todo.tasks):
            fair.submit(client, game_id, lambda i=i, task=task: self._unit(job, i, task))
        return self.state(game_id, client)

    def cancel(self, game_id: str, client: str) -> dict[str, Any]:
        """Cancel ``client``'s review of ``game_id`` (queued or running): 404 when none is,
        403 when another client asked for it."""
        with self._cond:
            job = self._jobs.get(game_id)
            if job is None or job.status not in ("queued", "running"):
                raise ApiError(404, "no review of this game is waiting or being computed")
            if job.client != client:
                raise ApiError(403, "only the client that asked for this review can cancel it")
            job.status = "cancelled"
            self._jobs.pop(game_id, None)
            fair = self._fair
        if fair is not None:
            fair.cancel(game_id)
        self._idle()
        return {"status": "none", "done": 0, "total": 0}

    def stop(self) -> None:
        """The app stops: drop every queued unit, end the worker processes (the running units
        are not logged as failures), forget the unfinished reviews."""
        with self._cond:
            self._stopping = True
            fair, procs, self._procs = self._fair, self._procs, None
            for job in self._active():
                job.status = "cancelled"
        if procs is not None:
            end_processes(procs)
        if fair is not None:
            fair.stop(timeout=10)

    # ---------------------------------------------------------------- units
    def _scheduler(self) -> FairScheduler:
        """The fair share of the workers (made on first use; call with ``self._cond`` held)."""
        if self._fair is None:
            slots = max(1, PROCESSES)
            self._fair = FairScheduler(slots, slots, name="thebes-review")
        return self._fair

    def _pool(self) -> ProcessPoolExecutor:
        with self._cond:
            if self._procs is None:
                self._procs = ProcessPoolExecutor(max_workers=PROCESSES,
                                                  mp_context=multiprocessing.get_context("spawn"))
            return self._procs

    def _unit(self, job: Job, index: int, task: Any) -> None:
        if job.status not in ("queued", "running") or self._stopping:
            return
        with self._cond:
            if job.status == "queued":
                job.status, job.started = "running", time.monotonic()
        began = time.monotonic()
        try:
            if PROCESSES > 0:
                result = self._pool().submit(run_task, task).result()
            else:
                result = run_task(task)
        except Exception as err:  # noqa: BLE001 - reported to the client, logged here
            if self._stopping or job.status not in ("queued", "running"):
                return            # stopped or cancelled meanwhile: not a failure
            log.exception("review of game %s failed", job.game_id)
            with self._cond:
                job.status, job.error = "failed", f"the review could not be computed: {err}"
            if self._fair is not None:
                self._fair.cancel(job.game_id)
            self._idle()
            return
        with self._cond:
            if job.status != "running":
                return
            self._units.append(time.monotonic() - began)
            job.results[index] = result
            job.done += 1
            last = job.done == job.total
        if last:
            self._finish(job)

    def _finish(self, job: Job) -> None:
        try:
            self._store(job.game_id, assemble(job.todo, job.results))
        except Exception as err:  # noqa: BLE001 - reported to the client, logged here
            log.exception("review of game %s could not be stored", job.game_id)
            with self._cond:
                job.status, job.error = "failed", f"the review could not be stored: {err}"
        else:
            with self._cond:
                job.status = "done"
                self._durations.append(time.monotonic() - (job.started or time.monotonic()))
        job.results, job.todo = [], None
        self._idle()

    def _idle(self) -> None:
        """No review left: end the worker processes (started again by the next review)."""
        with self._cond:
            if self._active() or self._procs is None:
                return
            procs, self._procs = self._procs, None
        procs.shutdown(wait=False, cancel_futures=True)

    # ---------------------------------------------------------------- estimates
    def _unit_seconds(self) -> float:
        return (sum(self._units) / len(self._units) if self._units else TYPICAL_UNIT_SECONDS)

    def _seconds_left(self, job: Job) -> float:
        """Seconds until ``job`` should be done, sharing the workers: its units left, times a
        unit's typical time, times the clients sharing the workers and the client's own
        reviews, over the workers (call with ``self._cond`` held)."""
        active = self._active()
        clients = len({j.client for j in active}) or 1
        own = sum(1 for j in active if j.client == job.client) or 1
        slots = max(1, PROCESSES)
        return (job.total - job.done) * self._unit_seconds() * clients * own / slots

    def _wait(self, job: Job) -> dict[str, int]:
        """``{"ahead": the other reviews sharing the workers with ``job`` (the other clients'
        and the client's own queued before it), "wait": seconds until it should be done}``
        (call with ``self._cond`` held)."""
        ahead = 0
        for other in self._active():
            if other is job:
                continue
            if other.client != job.client or list(self._jobs).index(other.game_id) < \
                    list(self._jobs).index(job.game_id):
                ahead += 1
        return {"ahead": ahead, "wait": math.ceil(self._seconds_left(job))}

    def _retry_after(self, jobs: list[Job]) -> int:
        """Seconds until the first of ``jobs`` should end, within [:data:`RETRY_AFTER_MIN`,
        :data:`RETRY_AFTER_MAX`] (call with ``self._cond`` held)."""
        if not jobs:
            return RETRY_AFTER_MIN
        left = min(self._seconds_left(j) for j in jobs)
        return int(min(RETRY_AFTER_MAX, max(RETRY_AFTER_MIN, math.ceil(left))))

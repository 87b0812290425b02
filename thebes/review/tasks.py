"""The review's units of work, run in any process: one decision, or one position's value.

A task is a plain tuple (picklable for a process pool or Ray); its generator is
derived from the review's seed and the task's own coordinates only
(``thebes-review/{seed}/{kind}/{index}/{seat}``), so a review is the same however
its tasks are spread, and never depends on another seat's hidden facts.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import OrderedDict
from typing import Any, NamedTuple

from thebes.core import Action, State, get_game

from .estimate import AfterMove, search

#: replayed records kept per process: fingerprint -> (initial state, actions).
_CACHE: "OrderedDict[str, tuple[State, list[Action]]]" = OrderedDict()
_CACHE_SIZE = 8


class Task(NamedTuple):
    """``kind`` is ``"decision"`` (judge the move at event ``index``, made by ``seat``) or
    ``"value"`` (estimate the position before event ``index`` for ``seat``). ``record`` is
    ``(game, players, options, events)``. Budget: ``iterations``, or ``think_ms`` if set.
    ``seed`` and ``tag`` do not depend on which seat's facts are hidden."""

    kind: str
    index: int
    seat: int
    record: tuple[str, int, dict[str, Any], tuple[str, ...]]
    iterations: int
    think_ms: float | None
    seed: int | str
    #: echoed in the result, to tell apart the tasks of several records.
    tag: int = 0


def _fingerprint(record: tuple) -> str:
    return hashlib.sha1(json.dumps([record[0], record[1], record[2], list(record[3])],
                                   sort_keys=True).encode()).hexdigest()


def position(record: tuple, index: int) -> tuple[State, list[Action]]:
    """The state before event ``index`` of ``record`` and the record's actions (cached per
    process, so each record is parsed once)."""
    key = _fingerprint(record)
    cached = _CACHE.get(key)
    if cached is None:
        game, players, options, events = record
        state = get_game(game).new_initial_state(players, options)
        start = state.clone()
        actions = [state.apply(text) for text in events]
        cached = _CACHE[key] = (start, actions)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    _CACHE.move_to_end(key)
    start, actions = cached
    state = start.clone()
    for action in actions[:index]:
        state.apply_action(action)
    return state, actions


def _rng(task: Task, part: str = "") -> random.Random:
    return random.Random(f"thebes-review/{task.seed}/{task.kind}{part}/{task.index}/{task.seat}")


def run_task(task: Task) -> dict[str, Any]:
    """Run one task (in a worker process); returns a JSON-ready dict with the task's
    ``kind``, ``index``, ``seat`` (0-based), ``tag`` and its estimates (docs/review.md)."""
    state, actions = position(task.record, task.index)
    out: dict[str, Any] = {"kind": task.kind, "index": task.index, "seat": task.seat,
                           "tag": task.tag}
    if task.kind == "value":
        found = search(state, task.seat, _rng(task), task.iterations, task.think_ms)
        out["estimate"] = found.root.estimate(state.num_players == 1)
        out["iterations"] = found.iterations
        return out
    out.update(judge(state, actions[task.index], task.seat, task.iterations, task.think_ms,
                     _rng(task), _rng(task, "-after")))
    return out


def judge(state: State, played: Action, seat: int, iterations: int, think_ms: float | None,
          rng: random.Random, after_rng: random.Random) -> dict[str, Any]:
    """The verdict on ``played`` by ``seat`` (to move in ``state``), from its view only:
    ``{"iterations", "before", "best", "played"}``, each estimate as
    :meth:`~thebes.review.estimate.Tally.estimate` plus ``move`` (text) and ``source``
    (``"tree"``: the search's own mean for that move; ``"search"``: a search of the position
    after it, for a move the tree visited too little)."""
    solo = state.num_players == 1
    found = search(state, seat, rng, iterations, think_ms)
    best = found.best
    out: dict[str, Any] = {"iterations": found.iterations, "before": found.root.estimate(solo)}
    enough = max(50, found.iterations // 8)
    seed = after_rng.random()
    for name, action in (("best", best), ("played", played)):
        tally = found.moves.get(action)
        if name == "played" and action == best:
            out["played"] = dict(out["best"])
        elif tally is not None and tally.n >= enough:
            out[name] = {**tally.estimate(solo), "source": "tree"}
        else:
            # Too few visits in the tree to trust its mean: search the position after the
            # move as the seat imagined it before moving, with half the budget. The best and the
            # played move's searches share their generator's seed (common random numbers),
            # so their difference is less noisy than either.
            again = search(AfterMove(state, action), seat, random.Random(seed), max(1, iterations // 2),
                           think_ms / 2 if think_ms else None)
            out[name] = {**again.root.estimate(solo), "source": "search"}
            out["iterations"] += again.iterations
        out[name]["move"] = state.action_to_text(action)
    return out

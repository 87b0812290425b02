"""The review of one record: plan its tasks, run them anywhere, assemble the verdicts.

``review_record(record, ...)`` does all three in this process or a local process
pool; ``thebes review`` (thebes/parallel.py, also ``--ray``) and the server (its
worker processes) use :func:`plan` and :func:`assemble` around their own way of
running :func:`~thebes.review.tasks.run_task`. The JSON it returns is
documented field by field in docs/review.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from thebes.core import CHANCE, TERMINAL, OptionsError, Record, game_names, get_game, replay_events
from thebes.bots.hint import hard_iterations, strength
from thebes.parallel import run_local

from .tasks import Task, run_task

#: review format version (the ``review`` field of the JSON).
FORMAT = 1
#: default search iterations per decision (reproducible on any machine).
DEFAULT_ITERATIONS = 600
#: a chance event's value searches take this share of a decision's budget.
CHANCE_SHARE = 0.25
MARKS = ("inaccuracy", "mistake", "blunder")
PLURALS = ("inaccuracies", "mistakes", "blunders")


def thresholds(game: str, players: int) -> tuple[float, float, float]:
    """The (inaccuracy, mistake, blunder) loss thresholds of ``game`` with ``players`` seats:
    the game's ``GameHooks.solo_marks`` for one player where it has them, else its
    ``GameHooks.marks`` (a default that suits a search value of 0..1 for a new game).
    Losses are in the search's value: mostly win chance; solo Pharaoh, a tenth per point
    of expected score. docs/review.md (Marks) gives each game's reason."""
    hooks = get_game(game).hooks
    return (hooks.solo_marks if players == 1 else None) or hooks.marks


def all_thresholds() -> dict[str, tuple[float, float, float]]:
    """Every registered game's thresholds, and ``"<game>/solo"`` where solo differs."""
    out: dict[str, tuple[float, float, float]] = {}
    for name in game_names():
        hooks = get_game(name).hooks
        out[name] = hooks.marks
        if hooks.solo_marks is not None:
            out[f"{name}/solo"] = hooks.solo_marks
    return out


def mark(game: str, loss: float, players: int = 2) -> str | None:
    """The mark a ``loss`` (value units) earns in ``game`` with ``players`` seats:
    ``"blunder"``, ``"mistake"``, ``"inaccuracy"`` or ``None`` (see :func:`thresholds`)."""
    inaccuracy, mistake, blunder = thresholds(game, players)
    if loss >= blunder:
        return "blunder"
    if loss >= mistake:
        return "mistake"
    if loss >= inaccuracy:
        return "inaccuracy"
    return None


def move_accuracy(loss: float) -> float:
    """A move's accuracy, 0..100, from its loss (value units), with lichess's curve
    ``103.1668 x exp(-0.04354 x loss%) - 3.1669`` (loss% = 100 x loss)."""
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * 100 * loss) - 3.1669))


@dataclass
class Plan:
    """What to compute for a record: the tasks, and per event what it is.

    ``events``: per event ``(actor, text, legal moves)`` where actor is a 0-based seat or
    ``CHANCE``; ``setup``: events before the first decision (not reviewed);
    ``chance``: the reviewed chance events' indices."""

    record: Record
    seats: list[int]
    tasks: list[Task]
    events: list[tuple[int, str, int]]
    setup: int
    chance: list[int] = field(default_factory=list)
    budget: dict[str, Any] = field(default_factory=dict)
    seed: int | str = 0


def plan(record: Record, seats: Iterable[int] | None = None, iterations: int | None = None,
         think_ms: float | None = None, seed: int | str = 0, chance: bool = True) -> Plan:
    """The tasks that review ``record`` for ``seats`` (0-based; default all).

    Budget per decision: ``iterations`` (default :data:`DEFAULT_ITERATIONS`), or
    ``think_ms`` (then not reproducible); each chance event's two value searches per
    seat take :data:`CHANCE_SHARE` of it.

    Raises:
        OptionsError: a seat out of range, a bad budget, or the record's game/options.
        ReplayError: an event of the record is not legal.
    """
    state = record.new_state()
    players = record.players
    seats = sorted(set(range(players) if seats is None else seats))
    for seat in seats:
        if not 0 <= seat < players:
            raise OptionsError(f"seat {seat + 1} is not a seat of this {players}-player game")
    if think_ms is not None and think_ms <= 0:
        raise OptionsError("--think-ms must be positive")
    if iterations is None:   # hard's search or better (issue 32): the level's budget here
        iterations = max(DEFAULT_ITERATIONS, hard_iterations(record.game, players))
    if iterations < 1:
        raise OptionsError("--iterations must be at least 1")
    # Replay checked, noting who acts at each event.
    events: list[tuple[int, str, int]] = []
    for i, text in enumerate(record.events):
        actor = state.current_player()
        legal = 0 if actor in (CHANCE, TERMINAL) else len(state.legal_actions())
        replay_events(state, [text], start=i)
        events.append((actor, text, legal))
    first = next((i for i, (actor, _, _) in enumerate(events) if actor >= 0), len(events))
    data = (record.game, record.players, dict(record.options), tuple(record.events))
    chance_iterations = max(1, int(iterations * CHANCE_SHARE))
    chance_ms = think_ms * CHANCE_SHARE if think_ms else None
    tasks: list[Task] = []
    for i, (actor, _, legal) in enumerate(events):
        if actor in seats and legal > 1:
            tasks.append(Task("decision", i, actor, data, iterations, think_ms, seed))
    reviewed_chance = [i for i, (actor, _, _) in enumerate(events)
                       if actor == CHANCE and i >= first] if chance else []
    valued = sorted({(j, seat) for i in reviewed_chance for j in (i, i + 1) for seat in seats})
    for index, seat in valued:
        tasks.append(Task("value", index, seat, data, chance_iterations, chance_ms, seed))
    budget = ({"think_ms": think_ms, "chance_think_ms": chance_ms} if think_ms
              else {"iterations": iterations, "chance_iterations": chance_iterations})
    return Plan(record, seats, tasks, events, first, reviewed_chance, budget, seed)


def assemble(plan: Plan, results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The review (docs/review.md) from every task's result, in any order."""
    record = plan.record
    game = record.game
    decisions: dict[int, dict[str, Any]] = {}
    values: dict[tuple[int, int], dict[str, Any]] = {}
    for result in results:
        if result["kind"] == "decision":
            decisions[result["index"]] = result
        else:
            values[(result["index"], result["seat"])] = result["estimate"]
    moves = []
    for i, (actor, text, legal) in enumerate(plan.events):
        if actor < 0 or actor not in plan.seats:
            continue
        row: dict[str, Any] = {"index": i, "seat": actor + 1, "move": text}
        found = decisions.get(i)
        if found is None:
            row["forced"] = True
            moves.append(row)
            continue
        loss = max(0.0, found["best"]["value"] - found["played"]["value"])
        row.update(forced=False, legal=legal, before=found["before"], best=found["best"],
                   played=found["played"], loss=round(loss, 4), mark=mark(game, loss, record.players),
                   accuracy=round(move_accuracy(loss), 2), iterations=found["iterations"])
        moves.append(row)
    chance = []
    for i in plan.chance:
        swings = []
        for seat in plan.seats:
            before, after = values.get((i, seat)), values.get((i + 1, seat))
            if before is None or after is None:
                continue
            swings.append({"seat": seat + 1, "before": before, "after": after,
                           "swing": round(after["value"] - before["value"], 4),
                           "win_swing": (None if before["win"] is None
                                         else round(after["win"] - before["win"], 4))})
        chance.append({"index": i, "event": plan.events[i][1], "swings": swings})
    return {"review": FORMAT, "game": game, "players": record.players,
            "options": record.options, "names": record.extra.get("names"),
            "seed": plan.seed, "budget": plan.budget, "seats": [s + 1 for s in plan.seats],
            "strength": (strength(game, record.players, plan.budget["iterations"])
                         if "iterations" in plan.budget else
                         f"ISMCTS search, {plan.budget.get('think_ms', 0):g} ms a decision "
                         f"(by time: its strength depends on the machine)"),
            "thresholds": dict(zip(MARKS, thresholds(game, record.players))),
            "events": len(plan.events), "setup_events": plan.setup,
            "decisions": moves, "chance": chance,
            "summary": _summary(plan.seats, moves), "series": _series(plan.seats, moves, chance)}


def _summary(seats: list[int], moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for seat in seats:
        mine = [m for m in moves if m["seat"] == seat + 1]
        judged = [m for m in mine if not m["forced"]]
        row: dict[str, Any] = {"seat": seat + 1, "decisions": len(mine), "forced": len(mine) - len(judged),
                               "reviewed": len(judged),
                               "accuracy": (round(sum(m["accuracy"] for m in judged) / len(judged), 2)
                                            if judged else None),
                               "mean_loss": (round(sum(m["loss"] for m in judged) / len(judged), 4)
                                             if judged else None)}
        for name, plural in zip(MARKS, PLURALS):
            row[plural] = sum(1 for m in judged if m["mark"] == name)
        out.append(row)
    return out


def _series(seats: list[int], moves: list[dict[str, Any]], chance: list[dict[str, Any]]
            ) -> list[dict[str, Any]]:
    """Per seat, the points of its graph: after each of its judged moves (its played
    estimate) and after each chance event (its value there); ``at`` is the number of
    events replayed at that point."""
    out = []
    for seat in seats:
        points = [{"at": m["index"] + 1, "kind": "move", "win": m["played"]["win"],
                   "value": m["played"]["value"], "score": m["played"]["score"],
                   "mark": m["mark"]}
                  for m in moves if m["seat"] == seat + 1 and not m["forced"]]
        for c in chance:
            for s in c["swings"]:
                if s["seat"] == seat + 1:
                    points.append({"at": c["index"] + 1, "kind": "chance", "win": s["after"]["win"],
                                   "value": s["after"]["value"], "score": s["after"]["score"],
                                   "mark": None})
        points.sort(key=lambda p: p["at"])
        out.append({"seat": seat + 1, "points": points})
    return out


def review_record(record: Record, seats: Iterable[int] | None = None,
                  iterations: int | None = None, think_ms: float | None = None,
                  seed: int | str = 0, chance: bool = True, jobs: int = 1,
                  progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Review ``record`` (finished or not) for ``seats`` (0-based; default all).

    Same seed and ``iterations`` give the same review, whatever ``jobs``. ``progress(done,
    total)`` is called after each task. Raises :class:`OptionsError` or
    :class:`~thebes.core.ReplayError` (see :func:`plan`).
    """
    todo = plan(record, seats, iterations, think_ms, seed, chance)
    results = []
    for result in run_local(run_task, todo.tasks, jobs):
        results.append(result)
        if progress is not None:
            progress(len(results), len(todo.tasks))
    return assemble(todo, results)

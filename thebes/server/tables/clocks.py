"""Clock rules of a table: pure functions over plain values, tested with a fake time.

A table's **settings** (chosen at creation, never changed):

* ``mode``: ``"none"`` (no clock, the default), ``"move"`` (``per_move`` seconds for
  each move) or ``"bank"`` (a bank of ``bank`` seconds per seat, plus ``increment``
  seconds after each of its moves, as a chess clock);
* ``standin``: the bot level that moves for a seat whose time ran out (default ``easy``);
* ``absent_after``: time-outs in a row after which the seat is marked absent (default 3);
* ``rated_with_bots``: the creator asked that a game of one person against bots be rated.

A table's **state** (stored, so a restart resumes it to the second):

* ``version``: the game version (number of events) the state reflects;
* ``since``: when the seat now to move started its turn (seconds since the epoch;
  ``None`` while the game waits for a seat to be taken);
* ``bank``: seconds left per seat (mode ``bank``);
* ``streak``: time-outs in a row per seat; ``absent``: seats the stand-in plays;
* ``standins``: ``[[event index, reason]]`` of the moves a stand-in made (reason
  ``timeout``, ``absent`` or ``resigned``), for the log;
* ``resigned``: ``[[seat, event index]]`` of the seats that resigned (0-based), the
  stand-in plays them to the end (:data:`RESIGNED_PACE`) and they never come back;
* ``takebacks``: ``[[event index, events taken back, seat]]`` for the log; ``request``:
  a take-back asked of the other people (``{"by", "to", "version", "yes"}``) or ``None``.

A seat's clock runs only while it is to move, only for a person's seat, only while
it is not absent and the game is under way (every seat taken). Bots are never timed.
"""

from __future__ import annotations

from typing import Any

MODES = ("none", "move", "bank")
#: sane bounds (seconds) of the clock settings; outside them a creation is refused (400)
PER_MOVE = (10, 7 * 24 * 3600)
BANK = (30, 30 * 24 * 3600)
INCREMENT = (0, 24 * 3600)
ABSENT_AFTER = (1, 20)
#: a seat whose bank ran out gets at least this much for each later move (seconds)
BANK_FLOOR = 10.0
#: pace of a stand-in playing an absent seat (seconds after its turn begins)
ABSENT_PACE = 1.0
#: pace of a stand-in playing a seat that resigned (seconds after its turn begins)
RESIGNED_PACE = 0.3

DEFAULTS: dict[str, Any] = {"mode": "none", "per_move": None, "bank": None, "increment": 0,
                            "standin": "easy", "absent_after": 3, "rated_with_bots": False,
                            "takebacks": False, "spectators_chat": False}


class ClockError(ValueError):
    """Clock settings outside the sane bounds (the message says which and why)."""


def check_settings(raw: dict[str, Any] | None) -> dict[str, Any]:
    """Full settings from the create form's ``table`` object; raises :class:`ClockError`."""
    s = dict(DEFAULTS)
    for key, value in (raw or {}).items():
        if key not in DEFAULTS:
            raise ClockError(f"unknown table setting {key!r} (settings: {', '.join(DEFAULTS)})")
        if value is not None:
            s[key] = value
    if s["mode"] not in MODES:
        raise ClockError(f"clock mode must be one of {', '.join(MODES)}, not {s['mode']!r}")

    def bounded(key: str, bounds: tuple[int, int], what: str) -> None:
        value = s[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ClockError(f"{what} must be a number of seconds")
        if not bounds[0] <= value <= bounds[1]:
            raise ClockError(f"{what} must be between {bounds[0]} and {bounds[1]} seconds, "
                             f"not {value}")

    if s["mode"] == "move":
        if s["per_move"] is None:
            raise ClockError("a clock per move needs per_move (seconds)")
        bounded("per_move", PER_MOVE, "the time per move")
        s["bank"], s["increment"] = None, 0
    elif s["mode"] == "bank":
        if s["bank"] is None:
            raise ClockError("a time bank needs bank (seconds per seat)")
        bounded("bank", BANK, "the time bank")
        bounded("increment", INCREMENT, "the increment")
        s["per_move"] = None
    else:
        s["per_move"], s["bank"], s["increment"] = None, None, 0
    absent = s["absent_after"]
    if isinstance(absent, bool) or not isinstance(absent, int) \
            or not ABSENT_AFTER[0] <= absent <= ABSENT_AFTER[1]:
        raise ClockError(f"absent_after must be a whole number from {ABSENT_AFTER[0]} to "
                         f"{ABSENT_AFTER[1]}, not {absent!r}")
    for flag in ("rated_with_bots", "takebacks", "spectators_chat"):
        if not isinstance(s[flag], bool):
            raise ClockError(f"{flag} must be true or false")
    return s


def new_state(settings: dict[str, Any], players: int, version: int, since: float | None
              ) -> dict[str, Any]:
    """The state of a new table at ``version``; ``since``: now, or ``None`` if seats are free."""
    bank = [float(settings["bank"])] * players if settings["mode"] == "bank" else None
    return {"version": version, "since": since, "bank": bank, "streak": [0] * players,
            "absent": [False] * players, "standins": [], "resigned": [], "takebacks": [],
            "request": None}


def resigned_seats(state: dict[str, Any]) -> set[int]:
    """The 0-based seats that resigned (a state stored before resigning existed has none)."""
    return {int(seat) for seat, _index in state.get("resigned") or ()}


def allowed(settings: dict[str, Any], state: dict[str, Any], seat: int) -> float | None:
    """Seconds ``seat`` has for its move when its turn starts (``None``: no clock)."""
    if settings["mode"] == "move":
        return float(settings["per_move"])
    if settings["mode"] == "bank":
        return float(state["bank"][seat])
    return None


def time_left(settings: dict[str, Any], state: dict[str, Any], seat: int, now: float
              ) -> float | None:
    """Seconds left now to ``seat`` that is to move (``None``: no clock, or not started)."""
    total = allowed(settings, state, seat)
    if total is None or state["since"] is None:
        return None
    return max(0.0, total - (now - state["since"]))


def due(settings: dict[str, Any], state: dict[str, Any], seat: int, human: bool
        ) -> tuple[float, str] | None:
    """When a stand-in must move for ``seat`` (to move) and why: ``(time, reason)``, or ``None``.

    An absent person's seat is played at the stand-in's pace; a present one when its
    time runs out. A bot seat, a game without clock, a game not yet under way: never.
    """
    if not human or state["since"] is None:
        return None
    if seat in resigned_seats(state):
        return state["since"] + RESIGNED_PACE, "resigned"
    if state["absent"][seat]:
        return state["since"] + ABSENT_PACE, "absent"
    total = allowed(settings, state, seat)
    if total is None:
        return None
    return state["since"] + total, "timeout"


def after_move(settings: dict[str, Any], state: dict[str, Any], seat: int, how: str,
               at: float, version_before: int, version_after: int, human: bool,
               running: bool) -> dict[str, Any]:
    """The state after ``seat`` moved at time ``at`` (``how``: ``seat``, ``timeout``, ``absent``).

    ``running``: every seat is taken, so the next seat's clock starts now.
    Bank: the seat pays the time it took and earns the increment; a time-out empties
    its bank (it keeps at least :data:`BANK_FLOOR` seconds a move afterwards). A move by
    the seat itself ends its absence and its streak; a time-out adds to the streak, and
    ``absent_after`` of them in a row mark it absent.
    """
    new = {**state, "streak": list(state["streak"]), "absent": list(state["absent"]),
           "standins": [list(x) for x in state["standins"]],
           "bank": list(state["bank"]) if state["bank"] is not None else None}
    if human:
        if new["bank"] is not None and state["since"] is not None \
                and how not in ("absent", "resigned"):
            spent = max(0.0, at - state["since"])
            left = 0.0 if how == "timeout" else max(0.0, new["bank"][seat] - spent)
            left += float(settings["increment"])
            if how == "timeout":
                left = max(left, BANK_FLOOR)
            new["bank"][seat] = round(left, 3)
        if how == "seat":
            new["streak"][seat] = 0
            new["absent"][seat] = False
        elif how == "timeout":
            new["streak"][seat] += 1
            if new["streak"][seat] >= settings["absent_after"]:
                new["absent"][seat] = True
        if how != "seat":
            new["standins"].append([version_before, how])
    new["version"] = version_after
    new["since"] = at if running else None
    return new


def resign(state: dict[str, Any], seat: int, index: int, to_move: bool, at: float
           ) -> dict[str, Any]:
    """The state after ``seat`` resigned at event ``index``: absent for good (the stand-in
    plays it to the end), its clock no longer runs."""
    new = {**state, "absent": list(state["absent"]),
           "resigned": [list(x) for x in state.get("resigned") or ()] + [[seat, index]]}
    new["absent"][seat] = True
    if to_move and new["since"] is not None:
        new["since"] = at
    return new


def back(state: dict[str, Any], seat: int, to_move: bool, at: float) -> dict[str, Any]:
    """The state after ``seat``'s holder said "I'm back": present again, a fresh turn if to move."""
    new = {**state, "streak": list(state["streak"]), "absent": list(state["absent"])}
    new["absent"][seat] = False
    new["streak"][seat] = 0
    if to_move and new["since"] is not None:
        new["since"] = at
    return new


def public(settings: dict[str, Any], state: dict[str, Any], to_move: int | None
           ) -> dict[str, Any]:
    """The clock as views carry it, the same whenever it is read (views are cached per
    version): mode, the settings a person reads, each seat's seconds when its turn starts
    (``left``; ``None`` for no clock), the seat whose clock runs (1-based, or ``None``) and
    ``since``, when its turn began (seconds since the epoch, server time: ``GET /api/time``).
    The running seat has ``left[running - 1] - (now - since)`` seconds left."""
    players = len(state["streak"])
    left: list[float | None] = []
    for seat in range(players):
        left.append(allowed(settings, state, seat))
    running = None
    if to_move is not None and state["since"] is not None and settings["mode"] != "none" \
            and not state["absent"][to_move]:
        running = to_move + 1
    return {"mode": settings["mode"], "per_move": settings["per_move"], "bank": settings["bank"],
            "increment": settings["increment"], "standin": settings["standin"],
            "absent_after": settings["absent_after"], "left": left, "running": running,
            "since": state["since"] if running is not None else None,
            "takebacks": bool(settings.get("takebacks")),
            "spectators_chat": bool(settings.get("spectators_chat"))}

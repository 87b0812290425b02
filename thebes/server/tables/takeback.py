"""Take-backs (issue 31 item 2): a seat takes back its last decision, and what followed it.

* **How far.** A seat may take back its own last decision and every event after it (the
  bots' answers, a stand-in's moves), never past a chance event (a tile drawn in Ra, a
  die rolled in Pharaoh, a deal) nor past a decision that revealed hidden information
  (``State.reveals``: a tile turned in Sarcophagus, a Nile tile or a peek in Pharaoh's
  Heir); asking again steps back one more decision. :func:`boundary` finds the version.
* **Against bots** (every other seat a bot, or a person who resigned) it is done at once.
* **With other people** it is a request (``table.request`` in the views) that each other
  person accepts or refuses; a move, or one refusal, ends it.
* **Rated games** (every person's seat linked to a player from the start, as
  thebes/server/players/ratings.py counts them) allow none unless the creator set the
  table setting ``takebacks`` (shown to whoever joins).
* **The record** keeps only the events that stand (the stored events are deleted,
  :meth:`GameService.rewind`); the table's ``takebacks`` ``[[version, events taken back,
  seat]]`` lets the log say what was taken back. The clock restarts the turn.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from thebes.core import CHANCE

from ..live.errors import ApiError
from ..live.livegame import LiveGame
from ..live.service import GameService
from . import clocks
from .store import SWAP_CLOCK, Table

log = logging.getLogger("thebes.server.tables")


def boundary(g: LiveGame, seat: int, states: list[Any]) -> tuple[int, int]:
    """``(earliest, last)``: the earliest version a take-back may reach (just after the last
    chance event or revealing decision) and the index of ``seat``'s last decision (-1: none)."""
    earliest, last = 0, -1
    for i, text in enumerate(g.events):
        before = states[i]
        actor = before.current_player()
        if actor == CHANCE:
            earliest = i + 1
            continue
        action = before.parse(text)
        if before.reveals(action):
            earliest = i + 1
        if actor == seat:
            last = i
    return earliest, last


class TakeBacks:
    """Take-backs of every game (one per app), over the tables and the players."""

    def __init__(self, service: GameService, tables: Any, players: Any) -> None:
        self.service = service
        self.tables = tables
        self.players = players

    # ------------------------------------------------------------ rules
    def _rated(self, g: LiveGame) -> bool:
        """Whether ``g`` counts for ratings as things stand (every person's seat linked to a
        distinct player from the start, two of them or one against bots when asked)."""
        humans = [s.seat for s in g.seats if s.kind == "human"]
        links = self.players.links(g.id)
        early = self.players.early_seats(g.id)
        if not humans or any(s not in links or s not in early for s in humans):
            return False
        t = self.tables.table(g.id)
        with_bots = bool(t is not None and t.settings.get("rated_with_bots"))
        return len(humans) >= 2 or with_bots

    def _others(self, g: LiveGame, seat: int, t: Table | None) -> list[int]:
        """The other people who must agree: persons' seats that did not resign."""
        resigned = clocks.resigned_seats(t.state) if t is not None else set()
        return [s.seat for s in g.seats
                if s.kind == "human" and s.seat != seat and s.seat not in resigned]

    def _target(self, g: LiveGame, seat: int) -> tuple[int, Any]:
        """The version ``seat``'s take-back goes back to, and the state there (under lock)."""
        if g.finished:
            raise ApiError(409, "the game is over: nothing can be taken back", code="takeback_over")
        states = self.service.states_before(g)
        earliest, last = boundary(g, seat, states)
        if last < 0:
            raise ApiError(409, "you have made no decision to take back yet", code="takeback_none")
        if last < earliest:
            raise ApiError(409, "nothing can be taken back: a chance event or a decision that "
                                "showed hidden information came after your last decision",
                           code="takeback_boundary")
        return last, states[last]

    # ------------------------------------------------------------ requests
    def ask(self, game_id: str, seat: int) -> dict[str, Any]:
        """``seat`` asks to take back its last decision: done at once against bots, else a
        request to the other people. Returns ``{"done", "version", "taken"}`` or
        ``{"asked": True, ...}``."""
        g = self.service.game(game_id)
        if g.seats[seat].kind != "human":
            raise ApiError(400, "a bot's seat takes nothing back", code="takeback_bot")
        t = self.tables.table(game_id)
        if t is not None and seat in clocks.resigned_seats(t.state):
            raise ApiError(409, "you resigned this game", code="takeback_resigned")
        if self._rated(g) and not (t is not None and t.settings.get("takebacks")):
            raise ApiError(409, "this game is rated and its creator did not allow take-backs",
                           code="takeback_rated")
        if t is None:
            self.tables.ensure(g)
        with g.lock:
            version = g.version
            to, state = self._target(g, seat)
            others = self._others(g, seat, t)
        if not others:
            return self._apply(game_id, seat, version, to, state)
        at_version = version

        def change(t: Table) -> dict[str, Any] | None:
            return {**t.state, "request": {"by": seat, "to": to, "version": at_version,
                                           "yes": []}}

        self.tables._write(game_id, change, tell=True)
        self.service.touch(game_id)
        return {"asked": True, "version": to, "taken": version - to}

    def answer(self, game_id: str, seat: int, accept: bool) -> dict[str, Any]:
        """Another person accepts or refuses the open request; the last acceptance does it."""
        g = self.service.game(game_id)
        t = self.tables.table(game_id)
        request = t.state.get("request") if t is not None else None
        if not request:
            raise ApiError(409, "no take-back is asked in this game now", code="takeback_no_request")
        if int(request["by"]) == seat:
            raise ApiError(400, "you asked for this take-back: the others answer it",
                           code="takeback_own")
        if g.version != int(request["version"]):
            self._clear(game_id)
            raise ApiError(409, "the game moved since the take-back was asked: it lapsed",
                           code="takeback_lapsed")
        if not accept:
            self._clear(game_id)
            return {"refused": True}
        by = int(request["by"])
        yes = sorted({*request.get("yes", []), seat})
        others = self._others(g, by, t)
        if not set(others) <= set(yes):
            def change(t: Table) -> dict[str, Any] | None:
                r = t.state.get("request")
                if not r or int(r["version"]) != int(request["version"]):
                    return None
                return {**t.state, "request": {**r, "yes": yes}}
            self.tables._write(game_id, change, tell=True)
            self.service.touch(game_id)
            return {"accepted": True, "waiting": [s + 1 for s in others if s not in yes]}
        with g.lock:
            to, state = self._target(g, by)
        return self._apply(game_id, by, int(request["version"]), to, state)

    def _clear(self, game_id: str) -> None:
        def change(t: Table) -> dict[str, Any] | None:
            return {**t.state, "request": None} if t.state.get("request") else None
        self.tables._write(game_id, change, tell=True)
        self.service.touch(game_id)

    def lapse(self, game_id: str, version: int) -> None:
        """A move was stored: an open request made at another version lapses."""
        t = self.tables.table(game_id)
        request = t.state.get("request") if t is not None else None
        if request and int(request["version"]) != version:
            self._clear(game_id)

    # ------------------------------------------------------------ doing it
    def _apply(self, game_id: str, seat: int, version: int, to: int, state: Any
               ) -> dict[str, Any]:
        """Take the game back and write its table (the log's note, the clock's new turn) in
        the one transaction that deletes the events (the table by compare-and-swap: another
        process's write meanwhile makes it try again), so that the views published then
        already say what was taken back."""
        g = self.service.game(game_id)
        playing = g.status == "playing"
        for _attempt in range(6):
            t = self.tables.table(game_id)
            if t is None:
                raise ApiError(409, "this game has no table settings")
            at = self.tables.time()
            new = dict(t.state)
            new["version"] = to
            new["since"] = at if playing else None
            new["standins"] = [list(x) for x in t.state["standins"] if x[0] < to]
            new["takebacks"] = [list(x) for x in t.state.get("takebacks") or ()] \
                + [[to, version - to, seat]]
            new["request"] = None

            def also(conn: Any, t: Table = t, new: dict[str, Any] = new) -> None:
                done = conn.execute(SWAP_CLOCK, {"b_id": game_id, "b_rev": t.rev,
                                                 "b_state": json.dumps(new),
                                                 "b_new_rev": t.rev + 1, "b_active": True})
                if done.rowcount != 1:
                    raise _TableMoved()
                self.tables.cache(game_id, Table(t.settings, new, t.rev + 1))

            try:
                self.service.rewind(game_id, version, to, state, also=also)
            except _TableMoved:
                self.tables.forget(game_id)          # another process wrote it: read again
                continue
            except Exception:
                self.tables.forget(game_id)          # nothing was stored: nor cached
                raise
            break
        else:
            raise ApiError(409, "the table's clock changed too often meanwhile; try again")
        self.service.touch(game_id)                  # the stand-in's schedule, the clock
        log.info("game %s: seat %d took back %d events", game_id, seat + 1, version - to)
        return {"done": True, "version": to, "taken": version - to}


class _TableMoved(Exception):
    """The table's row changed under a take-back: its transaction rolls back and retries."""

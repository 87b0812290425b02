"""Tables: each game's clock, its stand-in moves, absent seats, presence and votes.

The rules are in :mod:`.clocks` (pure), the stored clocks in :mod:`.store`; this module acts.

* **Stored, compare-and-swap.** One ``table_clocks`` row per game holds its settings
  and clock state (JSON) and a ``rev`` counter; every write is ``UPDATE ... WHERE
  rev = :seen``, so two server processes never overwrite each other's change (the
  loser reloads and applies its change again). A restart reloads the rows and the
  clock goes on from the stored start of the turn: to the second.
* **A time-out is acted on exactly once.** When a seat's time runs out, the stand-in
  bot chooses a move and posts it through :meth:`GameService.move` with the version
  it was chosen at and ``how="timeout"``: if the holder (or another server process)
  moved first, the move is refused as stale and nothing happens. The clock state is
  updated by the service's commit hook, under the game's lock, after each stored move.
* **Time** comes from :attr:`Tables.time` (seconds since the epoch), which tests
  replace with a fake clock; :meth:`Tables.run_due` acts on every stand-in move due.
* **Views** are cached per game version and stamp: the clock is published with each
  snapshot as each seat's time at the start of its turn and ``since`` (pages count down
  from ``GET /api/time``); a change without a move (I'm back, a vote) calls
  :meth:`GameService.touch`, and tells the other server processes (kind ``s``).
* **Presence** is the number of open sockets per seat on this process
  (:meth:`Hub.seat_counts`), read when a summary or the lobby is asked for (``connected``);
  never put in the cached views.
"""

from __future__ import annotations

import logging
import threading
from typing import Any, Callable

import time

from sqlalchemy import delete, insert, select
from sqlalchemy.exc import IntegrityError

from thebes.bots import make_bot

from ..live import botwork
from ..live.errors import ApiError
from ..live.livegame import LiveGame, bot_rng, bot_seed
from ..live.service import GameService
from ..storage.communitydb import seat_presence, seat_votes, table_clocks
from ..storage.schema import now as stamp_now
from ..storage.store import Storage
from . import clocks
from .store import Table, TableStore

log = logging.getLogger("thebes.server.tables")

#: a seat of a game without clock may be voted to a bot once disconnected this long (seconds)
VOTE_AFTER = 300.0
#: several server processes (PostgreSQL): each writes its open sockets per seat this often
#: (``seat_presence``), and a row older than PRESENCE_FRESH seconds no longer counts
PRESENCE_EVERY = 5.0
PRESENCE_FRESH = 20.0


def _public_request(request: dict[str, Any] | None) -> dict[str, Any] | None:
    """A take-back request as views show it (1-based seats)."""
    if not request:
        return None
    return {"by": int(request["by"]) + 1, "to": int(request["to"]),
            "version": int(request["version"]),
            "yes": [int(s) + 1 for s in request.get("yes") or ()]}


class Tables(TableStore):
    """Clocks, stand-ins, presence and votes of every game (one per app)."""

    def __init__(self, service: GameService, storage: Storage, hub: Any) -> None:
        super().__init__(service, storage)
        self.hub = hub
        #: runs a CPU-bound search ``fn(*args)`` (the bot runner's worker processes once started)
        self.search: Callable[..., Any] = lambda fn, *args: fn(*args)
        self._due: dict[str, tuple[float, int, int, str]] = {}   # game -> (time, seat, version, why)
        self._left: dict[tuple[str, int], float] = {}             # (game, seat) -> disconnected at
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._stopping = False
        service.move_writes.append(self._clock_write)
        service.seat_hooks.append(self._decorate_seats)
        service.view_hooks.append(self._decorate_view)
        service.listeners.append(self.changed)
        service.note_readers["clock"] = self.carried
        service.forget_hooks.append(self.let_go)
        service.move_checks.append(self._refuse_resigned)
        service.rewind_hooks.append(self._rewound)

    def let_go(self, game_id: str) -> None:
        """The service forgot the game (another process holds its players): drop its table
        and its stand-in here; the processes that hold it act on its clock."""
        self.forget(game_id)
        with self._cond:
            self._due.pop(game_id, None)

    # ------------------------------------------------------------ hooks
    def changed(self, game_id: str) -> None:
        """Service listener: schedule the stand-in. On PostgreSQL (several server processes)
        the row is read again, under the game's lock, unless the clock is known as stored
        (this process's own move, or the clock another's move carried): when another process
        changed it (I'm back, a vote: they notify with kind ``s``), the views are republished."""
        g = self.service._games.get(game_id)
        if g is None:
            return
        stale = False
        if self.storage.shared:
            with g.lock:
                with self._lock:
                    before = self._tables.get(game_id)
                    # a clock known as stored at this version and stamp: nothing to read
                    own = self._wrote.pop(game_id, None) == (g.version, g.stamp)
                if not (own and before is not None):
                    self.forget(game_id)
                    fresh = self.table(game_id)
                    stale = before is not None and fresh is not None and before.rev != fresh.rev
        if stale:
            self.service.touch(game_id)      # publishes again; touch notifies: back here
            return
        t = self.table(game_id)
        if t is not None:
            self._schedule(g, t)

    def _decorate_seats(self, game_id: str, seats: list[dict[str, Any]], where: str) -> None:
        """Service seat hook: ``absent`` and ``timeouts`` (in a row) per seat; and, read now
        (summaries and the lobby, never the cached views, which change only with the game),
        ``connected``: a socket of the seat is open on this process. Notes since when each
        person's seat has had no socket (for votes)."""
        t = self.table(game_id) if where != "lobby" else self._tables.get(game_id)
        for s in seats:
            s["absent"] = bool(t is not None and t.state["absent"][s["seat"] - 1])
            s["timeouts"] = t.state["streak"][s["seat"] - 1] if t is not None else 0
            s["resigned"] = bool(t is not None and s["seat"] - 1 in clocks.resigned_seats(t.state))
        if where == "snapshot":
            return
        # the lobby's rows: this process's sockets only (no query per row)
        counts = (self.seat_counts(game_id) if where != "lobby"
                  else dict(self.hub.seat_counts(game_id)) if self.hub is not None else {})
        at = self.time()
        with self._lock:
            for s in seats:
                here = counts.get(s["seat"] - 1, 0) > 0
                s["connected"] = s["kind"] == "bot" or here
                if here:
                    self._left.pop((game_id, s["seat"] - 1), None)
                else:
                    self._left.setdefault((game_id, s["seat"] - 1), at)
                # a vote can hand this seat to a bot in this many seconds (None: never; the
                # page offers it only at 0): a person's seat, not connected, not yet absent,
                # in a game without clock
                s["vote_in"] = None
                if (s["kind"] == "human" and not here and not s["absent"] and t is not None
                        and t.settings.get("mode") == "none" and t.state.get("since") is not None):
                    left = (game_id, s["seat"] - 1)
                    s["vote_in"] = max(0, int(VOTE_AFTER - (at - self._left.get(left, at)) + 0.999))

    def _decorate_view(self, g: LiveGame, extra: dict[str, Any]) -> None:
        """Service view hook: ``table`` gets ``clock`` (see :func:`clocks.public`; ``None``
        for a game without table settings) and ``standins`` (``[[event index, reason]]`` of
        the stand-in's moves)."""
        t = self.table(g.id)
        out = extra.setdefault("table", {})
        if t is None:
            out.update(clock=None, standins=[])
            return
        if t.state["version"] != g.version or (t.state["since"] is None and g.status == "playing"):
            t = self._catch_up(g) or t      # in the same publish: no second view
        player = g.state.current_player()
        to_move = player if player >= 0 and g.seats[player].kind == "human" else None
        out.update(clock=clocks.public(t.settings, t.state, to_move),
                   standins=[list(x) for x in t.state["standins"]],
                   resigned=[[int(seat) + 1, int(index)]
                             for seat, index in t.state.get("resigned") or ()],
                   takebacks=[[int(at), int(n), int(seat) + 1]
                              for at, n, seat in t.state.get("takebacks") or ()],
                   request=_public_request(t.state.get("request")),
                   # when the seat to move began its turn (server time), clock or not: a page
                   # says what the others can do when a person holds the move for long
                   turn_since=t.state["since"] if g.status == "playing" else None)

    def _rewound(self, game_id: str, version: int) -> None:
        """Service rewind hook (a take-back): the sockets send the log again from there."""
        if self.hub is not None and hasattr(self.hub, "rewind"):
            self.hub.rewind(game_id, version)

    def _refuse_resigned(self, g: LiveGame, seat: int, how: str) -> None:
        """Service move check: a seat that resigned no longer moves itself (its stand-in does)."""
        if how != "seat" or g.seats[seat].kind != "human":
            return
        t = self.table(g.id)
        if t is not None and seat in clocks.resigned_seats(t.state):
            raise ApiError(409, f"seat {seat + 1} resigned: its stand-in plays it to the end", [],
                           code="resigned_move", params={"seat": seat + 1})

    # ------------------------------------------------------------ resign
    def resign(self, game_id: str, seat: int) -> dict[str, Any]:
        """``seat`` (a person's) resigns: its stand-in plays it to the end, fast; a rated game
        counts it last (thebes/server/players/ratings.py). 409 once the game is over."""
        g = self.service.game(game_id)
        if g.seats[seat].kind != "human":
            raise ApiError(400, "a bot's seat cannot resign", code="resign_bot")
        if g.finished:
            raise ApiError(409, "the game is over")
        self.ensure(g)
        at = self.time()
        with g.lock:
            if g.finished:
                raise ApiError(409, "the game is over")
            to_move = g.state.current_player() == seat
            index = g.version
            playing = g.status == "playing"

            def change(t: Table) -> dict[str, Any] | None:
                if seat in clocks.resigned_seats(t.state):
                    return None
                state = clocks.resign(t.state, seat, index, to_move, at)
                if state["since"] is None and playing:
                    state["since"] = at
                return state

            self._write(game_id, change, tell=True)
        log.info("game %s: seat %d resigned", game_id, seat + 1)
        self.service.touch(game_id)
        return {"ok": True, "seat": seat + 1}

    def ensure(self, g: LiveGame) -> None:
        """Give a game without a table (made before tables, or continued from an upload) the
        default one (no clock); another process doing it at the same moment is fine."""
        if self.table(g.id) is not None:
            return
        try:
            self.create(g, clocks.check_settings({}))
        except IntegrityError:
            self.forget(g.id)
            with self._lock:
                self._missing.pop(g.id, None)

    def resigned(self, game_id: str) -> set[int]:
        """The 0-based seats of ``game_id`` that resigned."""
        t = self.table(game_id)
        return clocks.resigned_seats(t.state) if t is not None else set()

    # ------------------------------------------------------------ I'm back
    def back(self, game_id: str, seat: int) -> None:
        """The holder of ``seat`` is back: present again (a fresh turn if it is to move)."""
        g = self.service.game(game_id)
        if seat in self.resigned(game_id):
            raise ApiError(409, "you resigned this game: its stand-in plays your seat to the end",
                           code="resigned_back")
        at = self.time()
        with g.lock:
            to_move = g.state.current_player() == seat

            def change(t: Table) -> dict[str, Any] | None:
                if not t.state["absent"][seat] and not t.state["streak"][seat]:
                    return None
                return clocks.back(t.state, seat, to_move, at)

            if self._write(game_id, change, tell=True) is None:
                raise ApiError(409, "this game has no table settings")
        self.service.touch(game_id)

    # ------------------------------------------------------------ presence and votes
    def connected(self, game_id: str, seat: int) -> bool:
        """Whether a page of ``seat`` has its socket open now (on any server process)."""
        return self.seat_counts(game_id).get(seat, 0) > 0

    def seat_counts(self, game_id: str) -> dict[int | None, int]:
        """Open sockets per 0-based seat: this process's (the hub's), and on PostgreSQL those
        the other processes wrote in the last :data:`PRESENCE_FRESH` seconds."""
        counts = dict(self.hub.seat_counts(game_id)) if self.hub is not None else {}
        if not self.storage.shared:
            return counts
        try:
            with self.storage.engine.connect() as conn:
                rows = conn.execute(select(seat_presence.c.seat, seat_presence.c.sockets).where(
                    seat_presence.c.game_id == game_id,
                    seat_presence.c.process != self.storage.origin[-64:],
                    seat_presence.c.seen >= time.time() - PRESENCE_FRESH)).all()
        except Exception:       # presence is a hint: without the table, this process's own
            log.exception("reading the presence of game %s failed", game_id)
            return counts
        for row in rows:
            counts[row.seat] = counts.get(row.seat, 0) + int(row.sockets)
        return counts

    def publish_presence(self) -> None:
        """PostgreSQL: write this process's open sockets per seat (``seat_presence``), so that
        every process counts a seat connected wherever its socket is (votes, the dots)."""
        if not self.storage.shared or self.hub is None:
            return
        at = time.time()
        rows = []
        for game_id in self.hub.game_ids():
            for seat, n in self.hub.seat_counts(game_id).items():
                if seat is not None and n > 0:
                    rows.append({"game_id": game_id, "seat": seat,
                                 "process": self.storage.origin[-64:], "sockets": n, "seen": at})
        with self.storage.engine.begin() as conn:
            conn.execute(delete(seat_presence).where(
                (seat_presence.c.process == self.storage.origin[-64:])
                | (seat_presence.c.seen < at - 3 * PRESENCE_FRESH)))
            if rows:
                conn.execute(insert(seat_presence), rows)

    def away_for(self, game_id: str, seat: int) -> float:
        """Seconds ``seat`` has had no open socket in this process (0 if connected now)."""
        if self.connected(game_id, seat):
            return 0.0
        with self._lock:
            since = self._left.get((game_id, seat))
        return 0.0 if since is None else max(0.0, self.time() - since)

    def vote(self, game_id: str, voter: int, target: int) -> dict[str, Any]:
        """``voter`` votes to hand ``target`` (disconnected at least :data:`VOTE_AFTER` s) to
        its stand-in; when every other person's seat has voted, ``target`` is marked absent.
        A seat voting twice counts once. Returns ``{"votes", "needed", "absent"}``."""
        g = self.service.game(game_id)
        t = self.table(game_id)
        if t is None:
            raise ApiError(409, "this game has no table settings")
        if not 0 <= target < g.players or g.seats[target].kind != "human":
            raise ApiError(400, f"seat {target + 1} is not a person's seat")
        if target == voter:
            raise ApiError(400, "a seat cannot vote itself away (say you are back instead)")
        if t.settings["mode"] != "none":
            raise ApiError(409, "this game has a clock: a seat whose time runs out is played "
                                "by its stand-in without a vote")
        if g.finished:
            raise ApiError(409, "the game is over")
        away = self.away_for(game_id, target)
        who = g.seats[target].name or f"seat {target + 1}"
        if away < VOTE_AFTER:
            if self.connected(game_id, target):
                raise ApiError(409, f"{who} is connected now: a seat is handed to a bot only "
                                    f"after {int(VOTE_AFTER) // 60} minutes without a page open",
                               code="vote_connected", params={"name": who,
                                                              "minutes": int(VOTE_AFTER) // 60})
            raise ApiError(409, f"{who} has been disconnected for {int(away)} s; a vote needs "
                                f"{int(VOTE_AFTER)} s (in {int(VOTE_AFTER - away) + 1} s)",
                           code="vote_too_soon", params={"name": who, "away": int(away),
                                                         "need": int(VOTE_AFTER)})
        try:     # a seat voting twice (or twice at once) counts once: the key refuses the second
            with self.storage._write_lock, self.storage.engine.begin() as conn:
                conn.execute(insert(seat_votes).values(game_id=game_id, target=target,
                                                       voter=voter, created=stamp_now()))
        except IntegrityError:
            pass
        with self.storage.engine.connect() as conn:    # read after writing: votes at once count
            have = conn.execute(select(seat_votes.c.voter).where(
                seat_votes.c.game_id == game_id, seat_votes.c.target == target)).scalars().all()
        voters = [s.seat for s in g.seats if s.kind == "human" and s.seat != target]
        votes = len(set(have) & set(voters))
        absent = votes >= len(voters)
        if absent:
            at = self.time()

            def change(t: Table) -> dict[str, Any] | None:
                if t.state["absent"][target]:
                    return None
                state = {**t.state, "absent": list(t.state["absent"])}
                state["absent"][target] = True
                if state["since"] is None and g.status == "playing":
                    state["since"] = at
                return state

            self._write(game_id, change, tell=True)
            with self.storage._write_lock, self.storage.engine.begin() as conn:
                conn.execute(seat_votes.delete().where(seat_votes.c.game_id == game_id,
                                                       seat_votes.c.target == target))
            self.service.touch(game_id)
        return {"votes": votes, "needed": len(voters), "absent": absent}

    # ------------------------------------------------------------ stand-in
    def _schedule(self, g: LiveGame, t: Table | None) -> None:
        with g.lock:
            player = g.state.current_player()
            version = g.version
            human = player >= 0 and g.seats[player].kind == "human"
        entry = None
        if t is not None and player >= 0 and t.state["version"] == version:
            when = clocks.due(t.settings, t.state, player, human)
            if when is not None:
                entry = (when[0], player, version, when[1])
        with self._cond:
            if entry is None:
                self._due.pop(g.id, None)
            else:
                self._due[g.id] = entry
                self._cond.notify()

    def run_due(self) -> int:
        """Make every stand-in move that is due now; returns how many were stored."""
        at = self.time()
        with self._cond:
            ready = [(gid, e) for gid, e in self._due.items() if e[0] <= at]
            for gid, _e in ready:
                self._due.pop(gid, None)
        done = 0
        for game_id, (_when, seat, version, why) in ready:
            done += self._stand_in(game_id, seat, version, why)
        return done

    def _stand_in(self, game_id: str, seat: int, version: int, why: str) -> int:
        try:
            g = self.service.game(game_id)
            t = self.table(game_id)
            if t is None:
                return 0
            with g.lock:
                if g.version != version or g.state.current_player() != seat:
                    return 0
                state = g.state.clone()
                events = list(g.events)
            level = t.settings.get("standin") or "easy"
            if botwork.uses_search(level):
                text = self.search(botwork.think, g.id, g.game.name, g.players, dict(g.options),
                                   events, seat, level, bot_seed(g.seed, seat, version))
            else:
                try:
                    bot = make_bot(level, g.game.name, seat, bot_rng(g.seed, seat, version))
                except Exception:   # no such level for this game: the bot that always exists
                    bot = make_bot("random", g.game.name, seat, bot_rng(g.seed, seat, version))
                text = state.action_to_text(bot.choose(state))
            self.service.move(game_id, seat, text, version, how=why)
            # not the move itself: it may hold what only that seat may know
            log.info("game %s: the stand-in moved for seat %d (%s)", game_id, seat + 1, why)
            return 1
        except ApiError as err:
            if err.status != 409:   # 409: the seat (or another process) moved first
                log.error("game %s: stand-in move refused: %s", game_id, err.message)
            return 0
        except Exception:
            log.exception("game %s: the stand-in failed", game_id)
            return 0

    def resume_all(self) -> int:
        """Load every unfinished game with a clock and schedule its stand-in (at start-up)."""
        with self.storage.engine.connect() as conn:
            ids = list(conn.execute(select(table_clocks.c.game_id)
                                    .where(table_clocks.c.active.is_(True))).scalars())
        for game_id in ids:
            try:
                self.service.game(game_id)
            except ApiError as err:
                log.error("cannot resume the clock of game %s: %s", game_id, err.message)
                continue
            self.changed(game_id)
        return len(ids)

    # ------------------------------------------------------------ thread
    def start(self, tick: float = 0.2) -> None:
        """Start the thread that makes stand-in moves when due (checks every ``tick`` s)."""
        def loop() -> None:
            published = 0.0
            while True:
                with self._cond:
                    if self._stopping:
                        return
                    self._cond.wait(tick)
                    if self._stopping:
                        return
                self.run_due()
                if time.monotonic() - published >= PRESENCE_EVERY:
                    published = time.monotonic()
                    try:
                        self.publish_presence()
                    except Exception:
                        log.exception("writing this process's presence failed")

        self._thread = threading.Thread(target=loop, name="thebes-tables", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None

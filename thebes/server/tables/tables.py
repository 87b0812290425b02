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

from sqlalchemy import insert, select

from thebes.bots import make_bot

from ..live import botwork
from ..live.errors import ApiError
from ..live.livegame import LiveGame, bot_rng, bot_seed
from ..live.service import GameService
from ..storage.communitydb import seat_votes, table_clocks
from ..storage.schema import now as stamp_now
from ..storage.store import Storage
from . import clocks
from .store import Table, TableStore

log = logging.getLogger("thebes.server.tables")

#: a seat of a game without clock may be voted to a bot once disconnected this long (seconds)
VOTE_AFTER = 300.0


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
        if where == "snapshot":
            return
        counts = self.hub.seat_counts(game_id) if self.hub is not None else {}
        at = self.time()
        with self._lock:
            for s in seats:
                here = counts.get(s["seat"] - 1, 0) > 0
                s["connected"] = s["kind"] == "bot" or here
                if here:
                    self._left.pop((game_id, s["seat"] - 1), None)
                else:
                    self._left.setdefault((game_id, s["seat"] - 1), at)

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
                   standins=[list(x) for x in t.state["standins"]])

    # ------------------------------------------------------------ I'm back
    def back(self, game_id: str, seat: int) -> None:
        """The holder of ``seat`` is back: present again (a fresh turn if it is to move)."""
        g = self.service.game(game_id)
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
    def away_for(self, game_id: str, seat: int) -> float:
        """Seconds ``seat`` has had no open socket in this process (0 if connected now)."""
        if self.hub is not None and self.hub.seat_counts(game_id).get(seat, 0) > 0:
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
        if away < VOTE_AFTER:
            raise ApiError(409, f"seat {target + 1} has been disconnected for {int(away)} s; "
                                f"a vote needs {int(VOTE_AFTER)} s")
        with self.storage._write_lock, self.storage.engine.begin() as conn:
            have = conn.execute(select(seat_votes.c.voter).where(
                seat_votes.c.game_id == game_id, seat_votes.c.target == target)).scalars().all()
            if voter not in have:
                conn.execute(insert(seat_votes).values(game_id=game_id, target=target, voter=voter,
                                                       created=stamp_now()))
                have = [*have, voter]
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
            while True:
                with self._cond:
                    if self._stopping:
                        return
                    self._cond.wait(tick)
                    if self._stopping:
                        return
                self.run_due()

        self._thread = threading.Thread(target=loop, name="thebes-tables", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None

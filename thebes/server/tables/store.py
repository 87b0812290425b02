"""The stored table of each game: its settings and clock state, cached, written by compare-and-swap.

One ``table_clocks`` row per game holds its settings and clock state (JSON) and a
``rev`` counter; every write is ``UPDATE ... WHERE rev = :seen``, so two server
processes never overwrite each other's change (the loser reloads and applies its
change again). A restart reloads the rows and the clock goes on from the stored
start of the turn: to the second. The clock after a move is written in the move's
own transaction (:meth:`TableStore._clock_write`, a service move write). The rules
are in :mod:`.clocks` (pure); what acts on them (stand-ins, votes) in :mod:`.tables`.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any, Callable

from sqlalchemy import bindparam, insert, select, update

from ..live.errors import ApiError
from ..live.livegame import LiveGame, MoveWrite, StoredMove
from ..live.service import GameService
from ..storage.communitydb import table_clocks
from ..storage.store import Storage
from . import clocks

#: the clock's compare-and-swap, run after every move: built once (see storage.store.APPEND_VERSION)
SWAP_CLOCK = (update(table_clocks)
              .where(table_clocks.c.game_id == bindparam("b_id"), table_clocks.c.rev == bindparam("b_rev"))
              .values(state=bindparam("b_state"), rev=bindparam("b_new_rev"), active=bindparam("b_active")))

#: a clock behind its game for longer than this (seconds) is caught up here: the process that
#: stored the move did not write it (it stopped in between)
LAG_S = 10.0


class Table:
    """One game's settings and clock state as cached in this process."""

    __slots__ = ("settings", "state", "rev")

    #: a game without a row (made before the clocks) is looked up again after this long (s)
    NONE_FOR = 30.0

    def __init__(self, settings: dict[str, Any], state: dict[str, Any], rev: int) -> None:
        self.settings, self.state, self.rev = settings, state, rev


class TableStore:
    """The tables of every game as cached in this process, and their writes (the base of
    :class:`~.tables.Tables`)."""

    def __init__(self, service: GameService, storage: Storage) -> None:
        self.service = service
        self.storage = storage
        #: seconds since the epoch; tests put a fake clock here
        self.time: Callable[[], float] = time.time
        self._tables: dict[str, Table] = {}
        self._missing: dict[str, float] = {}                      # game -> when found without row
        # game -> (version, stamp) whose clock is known as stored: this process's own move's
        # write, or the clock another process's move carried in its notification (carried())
        self._wrote: dict[str, tuple[int, int]] = {}
        self._lock = threading.RLock()

    # ------------------------------------------------------------ storage
    def _load(self, game_id: str) -> Table | None:
        with self.storage.engine.connect() as conn:
            row = conn.execute(select(table_clocks).where(table_clocks.c.game_id == game_id)).first()
        if row is None:
            return None
        return Table(json.loads(row.settings), json.loads(row.state), row.rev)

    def table(self, game_id: str) -> Table | None:
        """The cached table of ``game_id`` (loaded on first use; ``None``: a game without one,
        remembered for :attr:`Table.NONE_FOR` seconds)."""
        with self._lock:
            if game_id in self._tables:
                return self._tables[game_id]
            missing = self._missing.get(game_id)
            if missing is not None and time.monotonic() - missing < Table.NONE_FOR:
                return None
        t = self._load(game_id)
        with self._lock:
            if t is not None:
                self._tables[game_id] = t
                self._missing.pop(game_id, None)
            else:
                self._missing[game_id] = time.monotonic()
                if len(self._missing) > 10_000:
                    self._missing.clear()
            return t

    def cache(self, game_id: str, t: Table) -> None:
        """Keep ``t`` as the game's table (written by its caller, in its own transaction)."""
        with self._lock:
            self._tables[game_id] = t
            self._missing.pop(game_id, None)

    def forget(self, game_id: str) -> None:
        """Drop the cached table (the next use reads the database)."""
        with self._lock:
            self._tables.pop(game_id, None)
            self._wrote.pop(game_id, None)

    def _write(self, game_id: str, change: Callable[[Table], dict[str, Any] | None],
               finished: bool = False, tell: bool = False) -> Table | None:
        """Apply ``change`` (old table -> new state, or ``None``: nothing to do) by compare-and-swap,
        reloading and trying again when another process wrote first. ``tell``: notify the other
        server processes (kind ``s``) in the same transaction (a change without an event)."""
        for _attempt in range(8):
            t = self.table(game_id)
            if t is None:
                return None
            new_state = change(t)
            if new_state is None:
                return t
            with self.storage._write_lock, self.storage.engine.begin() as conn:
                done = conn.execute(SWAP_CLOCK, {"b_id": game_id, "b_rev": t.rev,
                                                 "b_state": json.dumps(new_state),
                                                 "b_new_rev": t.rev + 1, "b_active": not finished})
                if tell and done.rowcount == 1:
                    self.storage._notify(conn, game_id, int(new_state["version"]), "s")
            if done.rowcount == 1:
                fresh = Table(t.settings, new_state, t.rev + 1)
                with self._lock:
                    self._tables[game_id] = fresh
                return fresh
            with self._lock:
                self._tables.pop(game_id, None)      # someone else wrote: reload and redo
        raise ApiError(409, "the table's clock changed too often meanwhile; try again")

    def create(self, g: LiveGame, settings: dict[str, Any]) -> None:
        """Store the table of a new game (``settings`` checked by :func:`clocks.check_settings`)."""
        running = g.status == "playing"
        state = clocks.new_state(settings, g.players, g.version, self.time() if running else None)
        with self.storage._write_lock, self.storage.engine.begin() as conn:
            conn.execute(insert(table_clocks).values(
                game_id=g.id, settings=json.dumps(settings), state=json.dumps(state), rev=0,
                active=not g.finished))
        with self._lock:
            self._tables[g.id] = Table(settings, state, 0)
            self._missing.pop(g.id, None)
        self.service.touch(g.id)          # its views show the clock; schedules the stand-in

    # ------------------------------------------------------------ hooks
    def _clock_write(self, m: StoredMove) -> MoveWrite | None:
        """Service move write (under the game's lock): the clock after ``m``, stored in the
        move's own transaction by compare-and-swap. Other processes read it again on the
        move's notification (:meth:`changed`). When the row moved meanwhile (a vote or "I'm
        back" on another process), it is redone after the commit on the fresh row."""
        g = m.game
        t = self.table(g.id)
        if t is None:
            return None
        at = self.time()
        human = g.seats[m.seat].kind == "human"
        running = m.status == "playing"
        finished = m.status == "finished"

        def change(t: Table) -> dict[str, Any] | None:
            if t.state["version"] > m.before:
                return None
            return clocks.after_move(t.settings, t.state, m.seat, m.how, at, m.before, m.after,
                                     human, running)

        new_state = change(t)
        if new_state is None:
            return None

        def write(conn: Any) -> bool:
            return conn.execute(SWAP_CLOCK, {"b_id": g.id, "b_rev": t.rev,
                                             "b_state": json.dumps(new_state),
                                             "b_new_rev": t.rev + 1,
                                             "b_active": not finished}).rowcount == 1

        def stored(wrote: bool) -> None:
            if wrote:
                with self._lock:
                    self._tables[g.id] = Table(t.settings, new_state, t.rev + 1)
                    if self.storage.shared:        # read by changed(), on PostgreSQL only
                        self._wrote[g.id] = (m.after, g.stamp)
            else:    # told to the other processes (kind s): their views then show this clock
                with self._lock:
                    self._tables.pop(g.id, None)
                self._write(g.id, change, finished=finished, tell=True)

        return MoveWrite(write, stored, ("clock", [t.rev + 1, new_state]))

    def carried(self, g: LiveGame, note: Any) -> None:
        """Service note reader (PostgreSQL, under the game's lock, before its catch-up):
        ``note`` is ``[rev, state]``, the clock another process wrote with the move it
        notified. Cached as if read, so that :meth:`changed` need not read the row nor
        publish the views again; ignored when this process holds no table for the game or
        one as new."""
        rev, state = int(note[0]), note[1]
        with self._lock:
            t = self._tables.get(g.id)
            if t is None or t.rev >= rev:
                return
            self._tables[g.id] = Table(t.settings, state, rev)
            self._wrote[g.id] = (int(state["version"]), g.stamp)

    def _catch_up(self, g: LiveGame) -> Table | None:
        """Bring a clock that lags its game (another process moved; a crash between the move
        and the clock's write; the last seat was just taken) to the game's version."""
        with self._lock:
            self._tables.pop(g.id, None)       # another process may have written it: reload
        at = self.time()
        with g.lock:
            version, playing, finished = g.version, g.status == "playing", g.finished
            updated = g.updated.timestamp()

        recent = at - updated < LAG_S

        def change(t: Table) -> dict[str, Any] | None:
            state = dict(t.state)
            if state["version"] > version:
                return None
            if state["version"] < version:
                if recent:       # the mover's process writes it in a moment (and tells us)
                    return None
                state["version"] = version
                state["since"] = min(updated, at) if playing else None
            elif state["since"] is None and playing:
                state["since"] = at
            else:
                return None
            return state

        return self._write(g.id, change, finished=finished)

"""The cache of live games over the storage: the base of :class:`~.service.GameService`.

The cache is only a cache: :meth:`GameCache.game` rebuilds any game by
replaying its stored events, and :meth:`GameCache.catch_up` brings a cached
game up to the database when another process changed it (told by
thebes/server/live/fanout.py, or found out by a move that met a newer version).
Every change publishes a new immutable :class:`~.views.Snapshot` of the game,
which views read without the game's lock (thebes/server/live/views.py). The
hooks that other parts add (tables, players) are lists here.
"""

from __future__ import annotations

import logging
import threading
from typing import Any, Callable

from thebes.core import CHANCE, InvalidEventError
from thebes.core.record import result_of

from ..storage.schema import GameData, SeatData, StaleVersion, now
from ..storage.store import Storage
from .catalog import available_game
from .errors import ApiError
from .livegame import (LiveGame, LogLine, MoveWrite, StoredMove, draw_chance, log_line,
                       seats_public)

log = logging.getLogger("thebes.server")

Listener = Callable[[str], None]


class GameCache:
    """The live games in memory, their hooks and listeners. Thread-safe."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._games: dict[str, LiveGame] = {}
        self._cache_lock = threading.Lock()
        self._load_locks: dict[str, threading.Lock] = {}
        self.listeners: list[Listener] = []
        #: each drops what it keeps of a game the cache forgets (:meth:`forget`)
        self.forget_hooks: list[Callable[[str], None]] = []
        #: games kept in memory before finished ones are dropped (see :meth:`_trim`)
        self.cache_limit = 1000
        #: accept a chosen seed in games with several human seats (tests, research servers)
        self.open_seeds = False
        #: writes that belong in a move's own transaction (the table's clock: tables/). Each
        #: is called under the game's lock before the move is stored, with the
        #: :class:`StoredMove`, and returns a :class:`MoveWrite` (or ``None``: nothing to write)
        self.move_writes: list[Callable[[StoredMove], MoveWrite | None]] = []
        #: each may refuse a move before it is judged (raise ApiError): ``(game, seat, how)``
        #: under the game's lock (a seat that resigned: tables/)
        self.move_checks: list[Callable[[LiveGame, int, str], None]] = []
        #: each learns that a game went back to a version (a take-back): ``(game id, version)``
        #: under the game's lock (the hub rewinds its sockets' logs)
        self.rewind_hooks: list[Callable[[str, int], None]] = []
        #: name -> reader(game, value) of the notes another process's move carried
        #: (:attr:`MoveWrite.note`), called under the game's lock before its catch-up publishes
        self.note_readers: dict[str, Callable[[LiveGame, Any], None]] = {}
        #: each adds fields to a game's public seats (in place): ``(game id, seats, where)``;
        #: ``where``: ``"snapshot"`` (published views: only what changes with the version or a
        #: :meth:`touch`), ``"live"`` (a summary of a game in memory, read now) or ``"lobby"``
        #: (a lobby row of a game not in memory: no database access per row)
        self.seat_hooks: list[Callable[[str, list[dict[str, Any]], str], None]] = []
        #: each adds seat-independent fields to a game's views: ``(game, extra dict)``; what
        #: they show may change only with the version, or with :meth:`touch`
        self.view_hooks: list[Callable[[LiveGame, dict[str, Any]], None]] = []

    # ------------------------------------------------------------ cache
    def game(self, game_id: str) -> LiveGame:
        """The live game ``game_id`` (rebuilt from the database if needed). 404 if unknown."""
        g = self._games.get(game_id)
        if g is not None:
            return g
        if not isinstance(game_id, str) or not game_id or len(game_id) > 32:
            raise ApiError(404, f"no game {game_id!r}")
        with self._cache_lock:
            load_lock = self._load_locks.setdefault(game_id, threading.Lock())
        with load_lock:
            g = self._games.get(game_id)
            if g is not None:
                return g
            data = self.storage.load_game(game_id)
            if data is None:
                with self._cache_lock:
                    self._load_locks.pop(game_id, None)
                raise ApiError(404, f"no game {game_id!r}")
            g = self._rebuild(data)
            if g.state.current_player() == CHANCE:
                self._settle_chance(g)
            g.publish()
            self._games[game_id] = g
        self._trim()
        return g

    def _trim(self) -> None:
        """Keep the cache bounded: past ``cache_limit`` games, drop the finished ones
        least recently changed (they are rebuilt from the database if asked for again)."""
        if len(self._games) <= self.cache_limit:
            return
        finished = sorted((g for g in list(self._games.values()) if g.finished),
                          key=lambda g: g.updated)
        for g in finished[:max(0, len(self._games) - self.cache_limit // 2)]:
            self._games.pop(g.id, None)

    def forget(self, game_id: str) -> None:
        """Drop a cached game (the next access replays it from the database), and what the
        :attr:`forget_hooks` keep of it."""
        self._games.pop(game_id, None)
        for hook in list(self.forget_hooks):
            hook(game_id)

    def cached(self, game_id: str) -> LiveGame | None:
        """The game if it is in memory (no database access), else ``None``."""
        return self._games.get(game_id)

    def catch_up(self, game_id: str, seats: bool = False,
                 known: tuple[int, list[str]] | None = None,
                 notes: dict[str, Any] | None = None) -> bool:
        """Bring a cached game up to the database: append the events stored since its version
        (another process accepted them) and, with ``seats``, reload its seats. True if
        anything changed (then the listeners are told); False also for a game not in memory.

        ``known``: ``(version, texts)``, the events a notification carried, stored after
        ``version`` events; used without reading the database when they follow on exactly.
        ``notes``: what the notifications carried besides (:attr:`MoveWrite.note`).
        """
        g = self._games.get(game_id)
        if g is None:
            return False
        with g.lock:
            self._read_notes(g, notes)
            changed = self._catch_up_locked(g, seats, known)
        if changed:
            self._notify(game_id)
        return changed

    def catch_up_now(self, game_id: str, known: tuple[int, list[str]],
                     notes: dict[str, Any] | None = None) -> bool:
        """:meth:`catch_up` without waiting and without the database, for a caller that must
        not block (the event loop): True when done, False when it cannot be (the game's lock
        is held, or ``known`` does not follow on exactly from the cached version): then the
        caller catches up in a thread."""
        g = self._games.get(game_id)
        if g is None or not g.lock.acquire(blocking=False):
            return False
        try:
            if known[0] != g.version:
                return False
            self._read_notes(g, notes)
            self._catch_up_locked(g, False, known)
        finally:
            g.lock.release()
        self._notify(game_id)
        return True

    def _read_notes(self, g: LiveGame, notes: dict[str, Any] | None) -> None:
        for name, value in (notes or {}).items():
            reader = self.note_readers.get(name)
            if reader is not None:
                try:
                    reader(g, value)
                except Exception:   # a note is a shortcut: without it, the reader reads
                    log.exception("game %s: the %r note could not be read", g.id, name)

    def _catch_up_locked(self, g: LiveGame, seats: bool,
                         known: tuple[int, list[str]] | None = None) -> bool:
        changed = False
        if seats:
            found = self.storage.seats_of(g.id)
            if found is not None and found[1]:
                g.seats = found[1]
                g.stamp += 1
                changed = True
        if known is not None and known[0] + len(known[1]) <= g.version:
            new = []                                     # already here
        elif known is not None and known[0] == g.version:
            new = [(text, None) for text in known[1]]    # the notification carried them
        else:
            new = self.storage.events_since(g.id, g.version)
        if new:
            state = g.state.clone()
            lines = []
            for text, _actor in new:
                action = state.parse(text)   # stored by a server: legal and canonical
                lines.append(log_line(state, action, g.players))
                state.apply_action(action)
            g.log.extend(lines)
            g.events.extend(text for text, _a in new)
            g.state = state
            g.updated = now()
            changed = True
        if changed:
            g.publish()
        return changed

    def touch(self, game_id: str) -> None:
        """Tell views and sockets that something a view shows changed without a new event."""
        g = self._games.get(game_id)
        if g is None:
            return
        with g.lock:
            g.stamp += 1
            g.publish()
        self._notify(game_id)

    def _rebuild(self, data: GameData) -> LiveGame:
        try:
            game = available_game(data.game)
        except ApiError as err:
            raise ApiError(500, f"game {data.id}: {err.message}") from None
        state = game.new_initial_state(data.players, data.options)
        g = LiveGame(id=data.id, game=game, players=data.players, options=data.options,
                     seed=data.seed, seats=data.seats, created=data.created,
                     updated=data.updated, state=state, secret=data.secret,
                     seed_known=data.seed_known, decorate=self._decorate)
        for i, (text, _actor) in enumerate(data.events):
            try:
                action = state.parse(text)
            except InvalidEventError as err:
                log.error("game %s: stored event %d %r does not replay: %s", data.id, i, text, err)
                raise ApiError(500, f"game {data.id}: stored event {i} {text!r} does not replay") \
                    from None
            g.log.append(log_line(state, action, data.players))
            state.apply_action(action)
            g.events.append(text)
        return g

    def _settle_chance(self, g: LiveGame) -> None:
        """Draw and store the chance outcomes a stored game waits for (never left so by this
        server, which stores a move and the chance after it together; a safety net on load)."""
        state = g.state.clone()
        new: list[tuple[str, int | None, LogLine]] = []
        draw_chance(state, g.chance_key, g.version, g.players, new)
        result = result_of(state)
        status = "finished" if result is not None else (
            "open" if any(s.kind == "human" and not s.claimed for s in g.seats) else "playing")
        try:
            g.updated = self.storage.append_events(
                g.id, g.version, [(text, actor) for text, actor, _l in new], status, result)
        except StaleVersion:
            raise ApiError(409, "the game changed while it was loaded; try again") from None
        g.state = state
        g.log.extend(line for _t, _a, line in new)
        g.events.extend(text for text, _a, _l in new)

    def _notify(self, game_id: str) -> None:
        for listener in list(self.listeners):
            try:
                listener(game_id)
            except Exception:  # a listener's failure must not undo an accepted move
                log.exception("listener failed for game %s", game_id)

    def _decorate(self, g: LiveGame, seats: list[dict[str, Any]]) -> dict[str, Any]:
        """What the hooks add to a snapshot (under ``g.lock``): seat fields in place, and the
        seat-independent view fields returned."""
        for hook in list(self.seat_hooks):
            try:
                hook(g.id, seats, "snapshot")
            except Exception:
                log.exception("seat hook failed for game %s", g.id)
        extra: dict[str, Any] = {}
        for view_hook in list(self.view_hooks):
            try:
                view_hook(g, extra)
            except Exception:
                log.exception("view hook failed for game %s", g.id)
        return extra

    def seats_out(self, game_id: str, seats: list[SeatData]) -> list[dict[str, Any]]:
        """The public seats of a game, with what :attr:`seat_hooks` add (presence, absence)."""
        out = seats_public(seats)
        where = "live" if game_id in self._games else "lobby"
        for hook in list(self.seat_hooks):
            try:
                hook(game_id, out, where)
            except Exception:
                log.exception("seat hook failed for game %s", game_id)
        return out

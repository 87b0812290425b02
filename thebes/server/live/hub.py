"""The WebSocket hub: which connections watch which game, and waking them up.

Each connection is bound to one seat (by its token) or to spectating. When a
game changes (a move accepted by this process, or by another one and caught
up by thebes/server/live/fanout.py) the hub wakes that game's connections with
one hand-off per event loop; each connection then takes ITS OWN view from the
game's view cache (thebes/server/live/views.py: built and encoded once per
version and seat) and sends it. So a socket can only ever carry its own
seat's view, and a view costs once however many sockets show it.
"""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass, field
from typing import Any


@dataclass(eq=False)
class Connection:
    game_id: str
    seat: int | None                      # 0-based, None = spectator
    loop: asyncio.AbstractEventLoop
    sent: int = 0                         # log lines below this index were sent
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    closed: bool = False
    last_key: object = None               # (version, stamp) of the last view sent
    game: Any = None                      # the LiveGame it watches


class Hub:
    def __init__(self) -> None:
        self._by_game: dict[str, set[Connection]] = {}
        self._lock = threading.Lock()

    def add(self, conn: Connection) -> None:
        with self._lock:
            self._by_game.setdefault(conn.game_id, set()).add(conn)

    def remove(self, conn: Connection) -> None:
        conn.closed = True
        with self._lock:
            conns = self._by_game.get(conn.game_id)
            if conns is not None:
                conns.discard(conn)
                if not conns:
                    del self._by_game[conn.game_id]

    def count(self, game_id: str | None = None) -> int:
        """Open sockets of this process (of ``game_id``, or all)."""
        with self._lock:
            if game_id is None:
                return sum(len(c) for c in self._by_game.values())
            return len(self._by_game.get(game_id, ()))

    def seat_count(self, game_id: str, seat: int | None) -> int:
        """Open sockets of this process on 0-based ``seat`` (``None``: spectators) of ``game_id``."""
        with self._lock:
            return sum(1 for c in self._by_game.get(game_id, ()) if c.seat == seat)

    def seat_counts(self, game_id: str) -> dict[int | None, int]:
        """Open sockets of this process on ``game_id`` per 0-based seat (``None``: spectators)."""
        with self._lock:
            conns = list(self._by_game.get(game_id, ()))
        out: dict[int | None, int] = {}
        for conn in conns:
            out[conn.seat] = out.get(conn.seat, 0) + 1
        return out

    def rewind(self, game_id: str, version: int) -> None:
        """``game_id`` went back to ``version`` events (a take-back): its sockets send the
        log again from there (their pages drop the lines taken back)."""
        with self._lock:
            conns = list(self._by_game.get(game_id, ()))
        for conn in conns:
            conn.sent = min(conn.sent, version)
            conn.last_key = None

    def game_ids(self) -> list[str]:
        """The games that have at least one socket on this process."""
        with self._lock:
            return list(self._by_game)

    def notify(self, game_id: str) -> None:
        """Wake every connection of ``game_id``. Safe to call from any thread."""
        with self._lock:
            loops = {c.loop for c in self._by_game.get(game_id, ())}
        for loop in loops:
            try:
                loop.call_soon_threadsafe(self._wake, game_id, loop)
            except RuntimeError:   # its event loop is closed
                pass

    def _wake(self, game_id: str, loop: asyncio.AbstractEventLoop) -> None:
        with self._lock:
            conns = [c for c in self._by_game.get(game_id, ()) if c.loop is loop]
        for conn in conns:
            conn.wake.set()

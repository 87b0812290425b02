"""The WebSocket hub: which connections watch which game, and waking them up.

Each connection is bound to one seat (by its token) or to spectating. The hub
never builds or sends a view itself: when a game changes (from any thread)
it only wakes that game's connections, and each connection then asks the
service for ITS OWN view (its seat's observation, legal moves and new log
lines) and sends it. So a socket can only ever carry its own seat's view.
"""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass, field


@dataclass(eq=False)
class Connection:
    game_id: str
    seat: int | None                      # 0-based, None = spectator
    loop: asyncio.AbstractEventLoop
    sent: int = 0                         # log lines below this index were sent
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    closed: bool = False
    last_key: object = None               # (version, status, seats) of the last view sent


class Hub:
    def __init__(self) -> None:
        self._by_game: dict[str, set[Connection]] = {}
        self._lock = threading.Lock()

    def add(self, conn: Connection) -> None:
        with self._lock:
            conns = self._by_game.setdefault(conn.game_id, set())
            first = conn.seat is not None and not any(c.seat == conn.seat for c in conns)
            conns.add(conn)
        if first:
            self.notify(conn.game_id)    # the others see this seat connected (presence)

    def remove(self, conn: Connection) -> None:
        conn.closed = True
        last = False
        with self._lock:
            conns = self._by_game.get(conn.game_id)
            if conns is not None and conn in conns:
                conns.discard(conn)
                last = conn.seat is not None and not any(c.seat == conn.seat for c in conns)
                if not conns:
                    del self._by_game[conn.game_id]
        if last:
            self.notify(conn.game_id)    # the others see this seat gone (presence)

    def count(self, game_id: str | None = None) -> int:
        with self._lock:
            if game_id is None:
                return sum(len(c) for c in self._by_game.values())
            return len(self._by_game.get(game_id, ()))

    def seat_counts(self, game_id: str) -> dict[int | None, int]:
        """Open connections of ``game_id`` per 0-based seat (``None``: spectators): presence."""
        with self._lock:
            conns = list(self._by_game.get(game_id, ()))
        out: dict[int | None, int] = {}
        for conn in conns:
            out[conn.seat] = out.get(conn.seat, 0) + 1
        return out

    def notify(self, game_id: str) -> None:
        """Wake every connection of ``game_id``. Safe to call from any thread."""
        with self._lock:
            conns = list(self._by_game.get(game_id, ()))
        for conn in conns:
            try:
                conn.loop.call_soon_threadsafe(conn.wake.set)
            except RuntimeError:   # its event loop is closed
                pass

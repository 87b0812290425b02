"""Views: what a seat (or a spectator) sees of a live game, built and encoded once.

A :class:`Snapshot` is a live game's published, immutable picture (state,
version, seats, status, result); every change to a game publishes a new one
(``LiveGame.publish``), so a view is read without the game's lock and never
waits for a move being stored.

Sockets get views as ready JSON text from a :class:`ViewCache` (one per live
game): the view without its log is built and JSON-encoded once per (version,
stamp, column), a column being a 0-based seat or ``players`` for spectators
(who all share one encoding); every log line is encoded once per column; and
the whole message for a given ``since`` is kept until the game changes, so
the spectators of a game, all up to date, share one string.

Anything a view shows must change only with the version or the stamp (the
stamp counts changes other than events: a seat claimed or renamed). A hook
that adds a field to the view and changes it otherwise calls
``GameService.touch(game_id)`` (thebes/server/live/cache.py).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson

from thebes.core import CHANCE, TERMINAL, State

from .errors import ApiError

if TYPE_CHECKING:  # pragma: no cover
    from .livegame import LiveGame


@dataclass(frozen=True)
class Snapshot:
    version: int                        # number of events
    stamp: int                          # changes other than events (seats)
    state: State                        # never mutated once published
    status: str
    seats: list[dict[str, Any]]         # seats_public()
    names: list[str | None]
    result: dict[str, Any] | None
    extra: dict[str, Any] = field(default_factory=dict)   # the service's view hooks' fields

    @property
    def key(self) -> tuple[int, int]:
        return (self.version, self.stamp)


def _dumps(value: Any) -> str:
    """Compact JSON text (orjson: about 5x the standard library's speed on views; integer
    keys become strings, as with ``json.dumps``)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def view_head(g: "LiveGame", snap: Snapshot, seat: int | None) -> dict[str, Any]:
    """The view of 0-based ``seat`` (``None``: a spectator) without its log.

    Raises ``ApiError`` 403 for a spectator of an unfinished game with hidden information.
    """
    state = snap.state
    player = state.current_player()
    if seat is None and g.game.hidden_information and player != TERMINAL:
        raise ApiError(403, "spectators see a game with hidden information only when it is over")
    return {
        "id": g.id, "game": g.game.name, "players": g.players, "options": g.options,
        "status": snap.status, "version": snap.version,
        "seat": seat + 1 if seat is not None else None,
        "names": snap.names, "seats": snap.seats,
        "to_move": (player + 1 if player >= 0 else "chance" if player == CHANCE else None),
        "observation": state.observation(seat),
        "legal": state.legal_events() if seat is not None and player == seat else [],
        "result": snap.result,
        "seed_known": g.seed_known,
        **snap.extra,
    }


def log_entries(g: "LiveGame", column: int, since: int, version: int) -> list[dict[str, Any]]:
    """Log lines ``since`` .. ``version`` - 1 as column ``column`` reads them."""
    return [{"index": i, "seat": line.actor + 1 if line.actor is not None else None,
             "event": line.text_for(column)}
            for i, line in enumerate(g.log[since:version], since)]


class ViewCache:
    """The encoded views of one live game (see the module's docstring). Thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._heads: dict[int, tuple[tuple[int, int], str]] = {}
        self._lines: dict[int, list[str]] = {}
        self._messages: dict[tuple[int, int], str] = {}
        self._messages_key: tuple[int, int] = (-1, -1)

    def message(self, g: "LiveGame", seat: int | None, since: int) -> tuple[tuple[int, int], str]:
        """``(key, text)``: the socket message ``{"type": "view", ...}`` for ``seat`` with the
        log from ``since`` on, as JSON text, and the (version, stamp) it shows."""
        snap = g.snap
        key = snap.key
        column = seat if seat is not None else g.players
        since = max(0, min(since, snap.version))
        with self._lock:
            if self._messages_key != key:
                self._messages.clear()
                self._messages_key = key
            text = self._messages.get((column, since))
            if text is not None:
                return key, text
            head = self._heads.get(column)
        if head is None or head[0] != key:
            body = _dumps(view_head(g, snap, seat))       # may raise ApiError 403
            head = (key, body[1:-1])
        with self._lock:
            self._heads[column] = head
            lines = self._lines.setdefault(column, [])
            for i in range(len(lines), snap.version):
                line = g.log[i]
                lines.append(_dumps({"index": i, "seat": line.actor + 1 if line.actor is not None
                                     else None, "event": line.text_for(column)}))
            text = ('{"type":"view",' + head[1] + ',"log":['
                    + ",".join(lines[since:snap.version]) + "]}")
            if self._messages_key == key:
                self._messages[(column, since)] = text
        return key, text

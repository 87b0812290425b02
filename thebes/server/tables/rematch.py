"""Rematch: "Play again" after a finished game, for the same people, seats rotated.

The first seat holder to ask creates the next game: same game, number of seats,
options, table settings (clock, stand-in) and players; old seat ``i`` sits at new
seat ``i + 1`` (the last at seat 1), so the first player changes. The old game's
``rematches`` row (primary key: the old game's id) points to it, so a game has one
rematch however many people (or server processes) ask at once.

Each person's seat in the new game is opened by a token only they can make: the
HMAC of their old seat's token with the new game's id. The server never stores a
token, so it cannot hand the new links out by itself; when a person's page asks
with their old token, the server derives their new token, stores its hash on
their new seat (the first time) and returns their link. A new person seat is
created taken (so a stranger cannot join it from the lobby) and without a token
until its person asks.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..live.errors import ApiError
from ..live.livegame import hash_token
from ..live.service import GameService
from ..storage.communitydb import rematches
from ..storage.schema import GameRow, SeatRow, now
from ..storage.store import Storage


def rematch_token(old_token: str, next_id: str) -> str:
    """The token of a person's seat in the rematch ``next_id``, from their old seat's token."""
    return hmac.new(old_token.encode("utf-8"), f"thebes-rematch/{next_id}".encode("utf-8"),
                    hashlib.sha256).hexdigest()[:40]


class Rematches:
    def __init__(self, service: GameService, storage: Storage, tables: Any, players: Any) -> None:
        self.service = service
        self.storage = storage
        self.tables = tables
        self.players = players
        self._lock = threading.Lock()
        self._known: dict[str, str] = {}      # old game -> its rematch (never changes once made)
        service.view_hooks.append(self._decorate_view)

    def _decorate_view(self, g: Any, extra: dict[str, Any]) -> None:
        """``table.rematch`` of the views: the id of the finished game's rematch, once made."""
        out = extra.setdefault("table", {})
        out["rematch"] = None
        if not g.finished:
            return
        if g.id not in self._known:
            found = self.next_of(g.id)
            if found is None:
                return
            self._known[g.id] = found[0]
        out["rematch"] = self._known[g.id]

    def next_of(self, game_id: str) -> tuple[str, dict[int, int]] | None:
        """(next game id, old 0-based seat -> new one) of ``game_id``'s rematch, if any."""
        with self.storage.engine.connect() as conn:
            row = conn.execute(select(rematches).where(rematches.c.game_id == game_id)).first()
        if row is None:
            return None
        return row.next_id, {int(k): v for k, v in json.loads(row.seat_map).items()}

    def play_again(self, game_id: str, seat: int, token: str) -> dict[str, Any]:
        """The link of ``seat``'s holder (who proved it with ``token``) in the rematch of
        ``game_id``, created if nobody asked before. 409 if the game is not over."""
        g = self.service.game(game_id)
        if not g.finished:
            raise ApiError(409, "the game is not over yet")
        if g.seats[seat].kind != "human":
            raise ApiError(400, "a bot's seat does not play again by itself")
        found = self.next_of(game_id)
        if found is None:
            with self._lock:
                found = self.next_of(game_id) or self._create(game_id)
        next_id, seat_map = found
        new_seat = seat_map[seat]
        new_token = rematch_token(token, next_id)
        digest = hash_token(new_token)
        with self.storage._write_lock, self.storage.engine.begin() as conn:
            conn.execute(update(SeatRow).where(
                SeatRow.game_id == next_id, SeatRow.seat == new_seat, SeatRow.kind == "human",
                SeatRow.token_hash.is_(None)).values(token_hash=digest))
            stored = conn.execute(select(SeatRow.token_hash).where(
                SeatRow.game_id == next_id, SeatRow.seat == new_seat)).scalar()
        if stored is None or not hmac.compare_digest(stored, digest):
            raise ApiError(403, "this seat of the rematch was given to another token")
        ng = self.service.game(next_id)
        with ng.lock:
            ng.seats[new_seat].token_hash = digest     # not shown in any view: no touch
        return {"game": next_id, "seat": new_seat + 1, "token": new_token,
                "url": f"/play/{next_id}?token={new_token}"}

    def _create(self, game_id: str) -> tuple[str, dict[int, int]]:
        g = self.service.game(game_id)
        n = g.players
        seat_map = {old: (old + 1) % n for old in range(n)}
        specs: list[dict[str, Any]] = [{}] * n
        for s in g.seats:
            if s.kind == "bot":
                specs[seat_map[s.seat]] = {"kind": "bot", "bot": s.bot, "name": s.name}
            else:
                specs[seat_map[s.seat]] = {"kind": "human", "name": s.name}
        new, _tokens = self.service.create_game(g.game.name, n, dict(g.options), specs, None)
        # every person's seat taken and without a token until its person asks (see the module)
        with self.storage._write_lock, self.storage.engine.begin() as conn:
            conn.execute(update(SeatRow).where(SeatRow.game_id == new.id, SeatRow.kind == "human")
                         .values(token_hash=None, claimed=True))
            conn.execute(update(GameRow).where(GameRow.id == new.id).values(status="playing"))
        with new.lock:
            for s in new.seats:
                if s.kind == "human":
                    s.token_hash, s.claimed = None, True
        self.service.touch(new.id)
        try:
            with self.storage._write_lock, self.storage.engine.begin() as conn:
                conn.execute(insert(rematches).values(
                    game_id=game_id, next_id=new.id, seat_map=json.dumps(seat_map),
                    created=now()))
                self.storage._notify(conn, game_id, g.version, "s")   # other processes' pages
        except IntegrityError:   # another process made the rematch first: drop ours
            with self.storage._write_lock, self.storage.engine.begin() as conn:
                conn.execute(delete(GameRow).where(GameRow.id == new.id))
            self.service.forget(new.id)
            found = self.next_of(game_id)
            assert found is not None
            return found
        table = self.tables.table(game_id)
        if table is not None:
            self.tables.create(new, dict(table.settings))
        self.players.copy_links(game_id, new.id, seat_map)
        self.service.touch(new.id)
        self.service.touch(game_id)        # the old game's pages learn of the rematch
        return new.id, seat_map


__all__ = ["Rematches", "rematch_token"]

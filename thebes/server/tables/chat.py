"""The table chat of a game (issue 31 item 3): its seats write, spectators read (and write
only where the creator allowed: table setting ``spectators_chat``).

* Stored with the game (``chat_messages``, deleted with it), never part of its record.
* A message is 1 to :data:`MAX_TEXT` characters of text (no control character but a line
  break); a game holds at most :data:`MAX_PER_GAME` messages; messages are rate limited per
  client (thebes/server/guard/limits.py, kind ``chat``). Pages escape them (text nodes).
* Views carry ``table.chat``: the id of the game's last message in this process, so a page
  learns of a new one with the next view and reads ``GET /api/games/<id>/chat?since=``;
  pages also read it every few seconds (messages written through another process).
* Once the game is over, only those who were seated read it (the replay shows it to them).
* Muting a person is the reader's own choice, kept by their browser (thebes/web/chat.js).
"""

from __future__ import annotations

import threading
import unicodedata
from typing import Any

from sqlalchemy import func, insert, select

from ..live.errors import ApiError
from ..live.service import GameService
from ..storage.communitydb import chat_messages
from ..storage.schema import now
from ..storage.store import Storage

MAX_TEXT = 500
MAX_PER_GAME = 2000
#: messages one read returns at most
PAGE = 200


def clean_text(text: Any) -> str:
    """A message as stored: trimmed, 1 to :data:`MAX_TEXT` characters, no control characters
    but line breaks (at most 3 in a row); 400 otherwise."""
    if not isinstance(text, str):
        raise ApiError(400, "a chat message is a text", code="chat_not_text")
    text = text.replace("\r\n", "\n").strip()
    if not text:
        raise ApiError(400, "a chat message cannot be empty", code="chat_empty")
    if len(text) > MAX_TEXT:
        raise ApiError(400, f"a chat message has at most {MAX_TEXT} characters, not {len(text)}",
                       code="chat_too_long", params={"max": MAX_TEXT, "length": len(text)})
    for ch in text:
        if ch != "\n" and unicodedata.category(ch) in ("Cc", "Cs", "Co"):
            raise ApiError(400, f"a chat message cannot hold the control character U+{ord(ch):04X}",
                           code="chat_control", params={"code": f"U+{ord(ch):04X}"})
    while "\n\n\n\n" in text:
        text = text.replace("\n\n\n\n", "\n\n\n")
    return text


class Chat:
    """The chats of every game (one per app)."""

    def __init__(self, service: GameService, storage: Storage, tables: Any) -> None:
        self.service = service
        self.storage = storage
        self.tables = tables
        self._last: dict[str, int] = {}
        self._lock = threading.Lock()
        service.view_hooks.append(self._decorate_view)

    def _decorate_view(self, g: Any, extra: dict[str, Any]) -> None:
        with self._lock:
            last = self._last.get(g.id)
        extra.setdefault("table", {})["chat"] = last or 0

    def _allowed_spectators(self, game_id: str) -> bool:
        t = self.tables.table(game_id)
        return bool(t is not None and t.settings.get("spectators_chat"))

    def post(self, game_id: str, seat: int | None, text: Any) -> dict[str, Any]:
        """``seat`` (0-based; ``None``: a spectator) writes ``text``; returns the message."""
        g = self.service.game(game_id)
        text = clean_text(text)
        if seat is None and not self._allowed_spectators(game_id):
            raise ApiError(403, "spectators of this game read its chat; only its seats write",
                           code="chat_spectators")
        if g.finished:
            raise ApiError(409, "the game is over: its chat is closed", code="chat_closed")
        name = None
        if seat is not None:
            name = g.seats[seat].name or f"Seat {seat + 1}"
        with self.storage._write_lock, self.storage.engine.begin() as conn:
            count = conn.execute(select(func.count()).select_from(chat_messages)
                                 .where(chat_messages.c.game_id == game_id)).scalar()
            if count >= MAX_PER_GAME:
                raise ApiError(409, f"this game's chat is full ({MAX_PER_GAME} messages)",
                               code="chat_full", params={"max": MAX_PER_GAME})
            stamp = now()
            new_id = conn.execute(insert(chat_messages).values(
                game_id=game_id, seat=seat, name=name, text=text, created=stamp)
                .returning(chat_messages.c.id)).scalar()
        with self._lock:
            self._last[game_id] = max(self._last.get(game_id, 0), int(new_id))
            if len(self._last) > 10_000:
                self._last.pop(next(iter(self._last)))
        self.service.touch(game_id)       # the views carry the last id: pages read it
        return {"id": new_id, "seat": seat + 1 if seat is not None else None, "name": name,
                "text": text, "created": stamp.isoformat()}

    def read(self, game_id: str, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """Messages after id ``since`` (at most :data:`PAGE`, oldest first)."""
        g = self.service.game(game_id)
        if g.finished and seat is None:
            raise ApiError(403, "the chat of a finished game is shown only to those who were seated",
                           code="chat_seated")
        with self.storage.engine.connect() as conn:
            rows = conn.execute(select(chat_messages).where(
                chat_messages.c.game_id == game_id, chat_messages.c.id > max(0, since))
                .order_by(chat_messages.c.id).limit(PAGE)).all()
        if rows:
            with self._lock:
                if rows[-1].id > self._last.get(game_id, 0):
                    self._last[game_id] = rows[-1].id
        return [{"id": r.id, "seat": r.seat + 1 if r.seat is not None else None,
                 "name": r.name, "text": r.text, "created": r.created.isoformat()
                 if hasattr(r.created, "isoformat") else str(r.created)} for r in rows]

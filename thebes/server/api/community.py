"""Playing with people who are not in the room: the parts behind the routes of clocks, absent
seats, votes, rematches, players and leaderboards (docs/web-api.md, "Tables and players").

:class:`Community` builds the parts (:class:`~thebes.server.tables.tables.Tables`,
:class:`~thebes.server.players.names.Players`, :class:`~thebes.server.tables.rematch.Rematches`)
and hooks them into the service; ``create_app`` makes one (``app.state.community``) and
hands it to the routes of tables.py, players.py and games.py. Every secret (a seat's
token, a player's key) travels in a request body, never in a URL that a log line or a
Referer header could carry.
"""

from __future__ import annotations

import threading
from typing import Any

from pydantic import BaseModel

from thebes.bots import BOT_NAMES

from ..live.catalog import bots_for
from ..live.errors import ApiError
from ..live.service import GameService
from ..players.names import Players
from ..storage.store import Storage
from ..tables import clocks
from ..tables.rematch import Rematches
from ..tables.chat import Chat
from ..tables.takeback import TakeBacks
from ..tables.tables import Tables


class Community:
    """The parts of tables and players of one app, and what their routes check."""

    def __init__(self, service: GameService, storage: Storage, hub: Any) -> None:
        self.service = service
        self.tables = Tables(service, storage, hub)
        self.players = Players(service, storage, self.tables)
        self.rematches = Rematches(service, storage, self.tables, self.players)
        self.takebacks = TakeBacks(service, self.tables, self.players)
        self.chat = Chat(service, storage, self.tables)

    def check_table(self, raw: BaseModel | dict[str, Any] | None, game_name: str) -> dict[str, Any]:
        """Full table settings for a new game; 400 with a sentence when out of bounds."""
        data = raw.model_dump(exclude_none=True) if isinstance(raw, BaseModel) else (raw or {})
        try:
            settings = clocks.check_settings(data)
        except clocks.ClockError as err:
            raise ApiError(400, str(err)) from None
        if settings["standin"] not in BOT_NAMES:
            raise ApiError(400, f"unknown stand-in bot {settings['standin']!r} "
                                f"(bots: {', '.join(BOT_NAMES)})")
        if settings["standin"] not in bots_for(game_name):
            settings["standin"] = "random"
        return settings

    def start(self, bots: Any) -> None:
        """With the app's lifespan: searches go to the bot runner's processes; clocks resume."""
        self.tables.search = bots.search
        self.tables.start()
        threading.Thread(target=self.tables.resume_all, name="thebes-resume-clocks",
                         daemon=True).start()

    def stop(self) -> None:
        self.tables.stop()

    def seat(self, game_id: str, token: str) -> int:
        g, seat = self.service.seat_of(game_id, token)
        if seat is None:
            raise ApiError(403, "this needs a seat's token")
        return seat


__all__ = ["Community"]

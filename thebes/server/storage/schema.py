"""The database's tables and the values read from them (SQLAlchemy 2 models).

A game is stored as its record (one ``events`` row per event, in order) plus
metadata (``games``: game name, players, options, seed, status, version,
times, result; ``seats``: kind, name, bot, token hash, claimed). The event
rows are the only source of truth for the position: the server rebuilds any
game by replaying them. ``bot_leases`` says which process moves a game's bot
seats (thebes/server/live/bots.py). The statements are in :mod:`.store`; the
tables of clocks, players and reviews in :mod:`.communitydb`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: ``games.status`` of an uploaded record kept to be viewed (thebes/server/live/replays.py): never
#: played on, never listed in the lobby, never resumed, and no event is ever appended to it.
IMPORTED = "imported"


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[str] = mapped_column(Text, default="{}")          # JSON object
    seed: Mapped[str] = mapped_column(String(80))                      # decimal text of an int
    status: Mapped[str] = mapped_column(String(16), index=True)        # open | playing | finished | imported
    version: Mapped[int] = mapped_column(Integer, default=0)           # number of events
    result: Mapped[str | None] = mapped_column(Text, nullable=True)    # JSON {"scores","ranking"}
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), index=True)
    updated: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    # the server secret mixed into chance (hex; NULL: chance from the seed alone) and whether
    # the set-up is known to the creator (a chosen seed, a continued upload): migration 0004
    secret: Mapped[str | None] = mapped_column(String(64), nullable=True)
    seed_known: Mapped[bool] = mapped_column(Boolean, default=False)


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)       # 0-based
    kind: Mapped[str] = mapped_column(String(8))                       # human | bot
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    claimed: Mapped[bool] = mapped_column(Boolean, default=False)


class EventRow(Base):
    __tablename__ = "events"

    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)        # 0-based index in the record
    text: Mapped[str] = mapped_column(Text)
    actor: Mapped[int | None] = mapped_column(Integer, nullable=True)  # 0-based seat, None = chance
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class BotLeaseRow(Base):
    __tablename__ = "bot_leases"

    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id", ondelete="CASCADE"),
                                         primary_key=True)
    owner: Mapped[str] = mapped_column(String(120), index=True)    # a process's Storage.origin
    expires: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


#: the PostgreSQL channel of game changes (payload: "<game id> <version> <origin> <kind>")
CHANNEL = "thebes_games"

# ---------------------------------------------------------------------- values
@dataclass
class SeatData:
    seat: int                     # 0-based
    kind: str                     # "human" | "bot"
    name: str | None = None
    bot: str | None = None
    token_hash: str | None = None
    claimed: bool = False


@dataclass
class GameData:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: str
    status: str
    version: int
    result: dict[str, Any] | None
    created: dt.datetime
    updated: dt.datetime
    seats: list[SeatData] = field(default_factory=list)
    events: list[tuple[str, int | None]] = field(default_factory=list)  # (text, actor)
    secret: str | None = None     # never leaves the server
    seed_known: bool = False


class StaleVersion(Exception):
    """An append met a version other than the one it expected (someone else moved first)."""


class SeatTaken(Exception):
    """A seat claim met a seat that is already claimed."""


class DatabaseBusy(Exception):
    """A SQLite database already served by another process (SQLite serves one process)."""


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


def aware(value: dt.datetime) -> dt.datetime:
    # SQLite gives naive datetimes back; every time we store is UTC.
    return value if value.tzinfo is not None else value.replace(tzinfo=dt.timezone.utc)


"""The tables of issue 14 (clocks, rematches, players, ratings, votes) and of reviews (issue 17)
as SQLAlchemy Core tables.

Created by the Alembic migrations ``0006_tables_players``, ``0007_fair_play`` and ``0005_reviews``
(thebes/server/storage/migrations/versions/); these definitions only name them for the
statements of thebes/server/tables/ (clocks, votes, rematches), thebes/server/players/ and
thebes/server/live/reviewer.py.
"""

from __future__ import annotations

from sqlalchemy import (Boolean, Column, DateTime, Float, Integer, MetaData, String, Table,
                        Text, true)

metadata = MetaData()

table_clocks = Table(
    "table_clocks", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("settings", Text, nullable=False),
    Column("state", Text, nullable=False),
    Column("rev", Integer, nullable=False),
    Column("active", Boolean, nullable=False),
)

rematches = Table(
    "rematches", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("next_id", String(32), nullable=False),
    Column("seat_map", Text, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

players = Table(
    "players", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(40), nullable=False),
    Column("name_key", String(200), nullable=False, unique=True),   # NFKC, case folded
    Column("key_hash", String(64), nullable=False, unique=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("skeleton", String(200), unique=True),                   # 0007: confusables
)

seat_players = Table(
    "seat_players", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player_id", Integer, nullable=False),
    Column("early", Boolean, nullable=False, server_default=true()),   # 0007: linked from the start
)

ratings = Table(
    "ratings", metadata,
    Column("who", String(60), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)

rated_games = Table(
    "rated_games", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("changes", Text, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("people", String(400)),                      # 0007: sorted player ids, ",3,8,"
    Column("counted", Boolean, nullable=False, server_default=true()),
)

#: a game's table chat (0007): not part of its record
chat_messages = Table(
    "chat_messages", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), nullable=False),
    Column("seat", Integer),
    Column("name", String(40)),
    Column("text", Text, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

#: open sockets per seat and server process (0007), so every process knows who is here
seat_presence = Table(
    "seat_presence", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("process", String(64), primary_key=True),
    Column("sockets", Integer, nullable=False),
    Column("seen", Float, nullable=False),
)

seat_votes = Table(
    "seat_votes", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("target", Integer, primary_key=True),
    Column("voter", Integer, primary_key=True),
    Column("created", DateTime(timezone=True), nullable=False),
)

#: finished reviews (thebes/server/live/reviewer.py); a MetaData of its own, as ever
reviews_table = Table(
    "reviews", MetaData(),
    Column("game_id", String(32), primary_key=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("budget", Text, nullable=False),
    Column("review", Text, nullable=False),
)

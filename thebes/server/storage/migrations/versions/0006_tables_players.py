"""clocks and stand-ins per game, rematches, players with keys, ratings, votes

Revision ID: 0006_tables_players
Revises: 0005_reviews
Create Date: 2026-11-25
"""
from alembic import op
import sqlalchemy as sa

revision = "0006_tables_players"
down_revision = "0005_reviews"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_clocks",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("settings", sa.Text, nullable=False),      # JSON (thebes/server/tables/clocks.py)
        sa.Column("state", sa.Text, nullable=False),         # JSON
        sa.Column("rev", sa.Integer, nullable=False),        # compare-and-swap counter
        sa.Column("active", sa.Boolean, nullable=False, index=True),   # the game is unfinished
    )
    op.create_table(
        "rematches",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("next_id", sa.String(32), nullable=False),
        sa.Column("seat_map", sa.Text, nullable=False),      # JSON: old 0-based seat -> new one
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "players",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False, unique=True),   # casefolded
        sa.Column("key_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "seat_players",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"),
                  nullable=False, index=True),
    )
    op.create_table(
        "ratings",
        sa.Column("who", sa.String(60), primary_key=True),   # "p<id>" or "bot:<level>"
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rated_games",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("changes", sa.Text, nullable=False),       # JSON: who -> [mu before, mu after]
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "seat_votes",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("target", sa.Integer, primary_key=True),   # the seat voted away (0-based)
        sa.Column("voter", sa.Integer, primary_key=True),    # the voting seat (0-based)
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    for name in ("seat_votes", "rated_games", "ratings", "seat_players", "players", "rematches",
                 "table_clocks"):
        op.drop_table(name)

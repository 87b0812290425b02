"""fair play: player names compared by NFKC, case folding and confusable skeleton; seat links
made from the start; who a rated game was between; table chat; presence across processes

Revision ID: 0007_fair_play
Revises: 0006_tables_players
Create Date: 2026-11-28
"""
from alembic import op
import sqlalchemy as sa

revision = "0007_fair_play"
down_revision = "0006_tables_players"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a folded name may grow past 40 characters (ß -> ss, ﬃ -> ffi): the keys get room
    with op.batch_alter_table("players") as batch:
        batch.alter_column("name_key", type_=sa.String(200), existing_type=sa.String(40),
                           existing_nullable=False)
        batch.add_column(sa.Column("skeleton", sa.String(200), nullable=True))
    # the skeletons of older names are filled by the players' part when the server starts
    # (thebes/server/players/names.py, Players.backfill): the rule lives there, not here
    op.create_index("ix_players_skeleton", "players", ["skeleton"], unique=True)
    # a seat counts for ratings only if it was linked when it was taken (or the game made)
    with op.batch_alter_table("seat_players") as batch:
        batch.add_column(sa.Column("early", sa.Boolean, nullable=False, server_default=sa.true()))
    # who a rated game was between (sorted player ids), to limit repeated pairings
    with op.batch_alter_table("rated_games") as batch:
        batch.add_column(sa.Column("people", sa.String(400), nullable=True))
        batch.add_column(sa.Column("counted", sa.Boolean, nullable=False,
                                   server_default=sa.true()))
    op.create_index("ix_rated_games_game_created", "rated_games", ["game", "created"])
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("seat", sa.Integer, nullable=True),          # 0-based; None: a spectator
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "seat_presence",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("process", sa.String(64), primary_key=True),
        sa.Column("sockets", sa.Integer, nullable=False),
        sa.Column("seen", sa.Float, nullable=False),            # epoch seconds
    )


def downgrade() -> None:
    op.drop_table("seat_presence")
    op.drop_table("chat_messages")
    op.drop_index("ix_rated_games_game_created", table_name="rated_games")
    with op.batch_alter_table("rated_games") as batch:
        batch.drop_column("counted")
        batch.drop_column("people")
    with op.batch_alter_table("seat_players") as batch:
        batch.drop_column("early")
    op.drop_index("ix_players_skeleton", table_name="players")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("skeleton")
        batch.alter_column("name_key", type_=sa.String(40), existing_type=sa.String(200),
                           existing_nullable=False)

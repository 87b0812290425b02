"""bot leases: which server process moves a game's bot seats

Revision ID: 0003_bot_leases
Revises: 0002
Create Date: 2026-11-25
"""
from alembic import op
import sqlalchemy as sa

revision = "0003_bot_leases"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "bot_leases",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("owner", sa.String(120), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_bot_leases_owner", "bot_leases", ["owner"])


def downgrade() -> None:
    op.drop_index("ix_bot_leases_owner", table_name="bot_leases")
    op.drop_table("bot_leases")

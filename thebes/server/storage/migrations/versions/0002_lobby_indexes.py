"""indexes for the lobby (newest first, by status)

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21
"""
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_games_created", "games", ["created"])
    op.create_index("ix_games_status", "games", ["status"])


def downgrade() -> None:
    op.drop_index("ix_games_status", table_name="games")
    op.drop_index("ix_games_created", table_name="games")

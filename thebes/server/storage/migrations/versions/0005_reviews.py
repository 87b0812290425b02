"""reviews: a finished game's review, computed once (thebes/server/live/reviewer.py, issue 17)

Revision ID: 0005_reviews
Revises: 0004_game_secret
Create Date: 2026-11-25
"""
import sqlalchemy as sa
from alembic import op

revision = "0005_reviews"
down_revision = "0004_game_secret"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("budget", sa.Text, nullable=False),
        sa.Column("review", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")

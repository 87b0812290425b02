"""a server secret per game (mixed into chance) and the seed_known flag (issue 16)

Games stored before this revision keep ``secret`` NULL: their chance goes on
being drawn from the seed alone, exactly as before, so they replay unchanged.

Revision ID: 0004_game_secret
Revises: 0003_bot_leases
Create Date: 2026-11-25
"""
import sqlalchemy as sa
from alembic import op

revision = "0004_game_secret"
down_revision = "0003_bot_leases"
branch_labels = None
depends_on = None


# Plain ADD COLUMN, never a batch (copy-and-move) alter: on SQLite a batch recreates the games
# table, and dropping the old one would cascade to every seat and event row.
def upgrade() -> None:
    op.add_column("games", sa.Column("secret", sa.String(64), nullable=True))
    op.add_column("games", sa.Column("seed_known", sa.Boolean(), nullable=False,
                                     server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("games", "seed_known")
    op.drop_column("games", "secret")

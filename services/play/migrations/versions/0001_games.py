"""The games, their seats and their actions.

Revision 0001, the first.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("variant", sa.String(32), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("version >= 0", name="ck_games_version_not_negative"),
        sa.PrimaryKeyConstraint("id", name="pk_games"),
    )
    op.create_index("ix_games_finished_updated", "games", ["finished", "updated"])
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("language", sa.String(16), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_seats_game_id_games", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "seat", name="pk_seats"),
    )
    op.create_table(
        "actions",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("verdict", sa.JSON(), nullable=False),
        sa.CheckConstraint("number >= 1", name="ck_actions_number_positive"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_actions_game_id_games", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "number", name="pk_actions"),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_index("ix_games_finished_updated", table_name="games")
    op.drop_table("games")

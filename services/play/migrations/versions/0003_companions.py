"""Scoresheets of games played with the real cards.

Revision 0003.  The new ``companions`` table keeps each scoresheet (the
players, the number of rounds, each round entered) as JSON, with a version
that every save raises by one, and when it was made and last changed, for
``nambarz games purge``.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "companions",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("sheet", sa.JSON(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("version >= 0", name="ck_companions_version_not_negative"),
        sa.PrimaryKeyConstraint("id", name="pk_companions"),
    )
    op.create_index("ix_companions_updated", "companions", ["updated"])


def downgrade() -> None:
    op.drop_index("ix_companions_updated", table_name="companions")
    op.drop_table("companions")

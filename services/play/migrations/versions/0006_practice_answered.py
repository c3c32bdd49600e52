"""The answers of pupils practising on their own, remembered so that only the first to an exercise counts.

Revision 0006.  One new table, ``practice_answered``: a digest of the
progress that served an exercise to a pupil on their own (whose progress
travels with them, never kept by the server) and when it was answered.
Nothing else of the pupil is kept.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "practice_answered",
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("answered", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("digest", name="pk_practice_answered"),
    )
    op.create_index("ix_practice_answered_answered", "practice_answered", ["answered"])


def downgrade() -> None:
    op.drop_index("ix_practice_answered_answered", table_name="practice_answered")
    op.drop_table("practice_answered")

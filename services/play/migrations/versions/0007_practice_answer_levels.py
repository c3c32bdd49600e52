"""The level a pupil's answer left them at, for the teacher's chart of the class's levels over time.

Revision 0007.  One new column of ``practice_answers``, ``level``: the
level (1 to 5) the pupil had surely reached in the answer's skill after it,
as their skills' bars show it.  Answers kept before it have none; the chart
reads theirs from the rating kept beside them.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("practice_answers") as table:
        table.add_column(sa.Column("level", sa.SmallInteger(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("practice_answers") as table:
        table.drop_column("level")

"""Whether each action was legal, in a column of its own beside its verdict.

Revision 0008.  One new column of ``actions``, ``legal``: what the verdict's
``legal`` says (true where it says nothing), so that the list of a game's
latest actions, which shows only that, reads no verdict.  The actions kept
before it are filled in from their verdicts: every one is legal by the
column's default, then those whose verdict says ``"legal": false`` are
marked, with the database's own reading of JSON (SQLite's ``json_extract``,
PostgreSQL's ``->>``), so no table is copied and no row leaves the database.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

actions = sa.table("actions", sa.column("verdict", sa.JSON()), sa.column("legal", sa.Boolean()))
"""The columns of ``actions`` this migration reads and writes."""


def upgrade() -> None:
    with op.batch_alter_table("actions") as table:
        table.add_column(sa.Column("legal", sa.Boolean(), nullable=False, server_default=sa.true()))
    op.execute(actions.update().where(actions.c.verdict["legal"].as_boolean() == sa.false()).values(legal=False))


def downgrade() -> None:
    with op.batch_alter_table("actions") as table:
        table.drop_column("legal")

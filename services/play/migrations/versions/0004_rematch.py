"""Play again: a game records the game its players went on to.

Revision 0004, after 0003 (the scoresheets).  ``games.next_game`` holds the id of the game started
by "play again" from a finished game, empty for every game stored before.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("next_game", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.drop_column("next_game")

"""Practice that adapts, and classes.

Revision 0005.  Four new tables: ``practice_classes`` (a teacher's class:
its join code, the hash of the teacher's secret, its name, language,
operators and target), ``practice_pupils`` (a nickname, the hash of the
pupil's secret and their progress as JSON), ``practice_answers`` (each
pupil's first answer to an exercise, for the teacher's page) and
``practice_items`` (the difficulty of each exercise of the item bank, as the
answers have refined it).  A class's pupils and answers go with it.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "practice_classes",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("code", sa.String(16), nullable=False),
        sa.Column("teacher_hash", sa.String(64), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("language", sa.String(16), nullable=False),
        sa.Column("operators", sa.String(8), nullable=False),
        sa.Column("target", sa.Float(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("target >= 0.5 AND target < 1", name="ck_practice_classes_target_a_chance"),
        sa.PrimaryKeyConstraint("id", name="pk_practice_classes"),
        sa.UniqueConstraint("code", name="uq_practice_classes_code"),
        sa.UniqueConstraint("teacher_hash", name="uq_practice_classes_teacher_hash"),
    )
    op.create_index("ix_practice_classes_updated", "practice_classes", ["updated"])
    op.create_table(
        "practice_pupils",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("class_id", sa.String(32), nullable=False),
        sa.Column("nickname", sa.Text(), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("progress", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("version >= 0", name="ck_practice_pupils_version_not_negative"),
        sa.ForeignKeyConstraint(
            ["class_id"],
            ["practice_classes.id"],
            name="fk_practice_pupils_class_id_practice_classes",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_practice_pupils"),
        sa.UniqueConstraint("class_id", "nickname", name="uq_practice_pupils_class_id_nickname"),
        sa.UniqueConstraint("token_hash", name="uq_practice_pupils_token_hash"),
    )
    op.create_index("ix_practice_pupils_class_id", "practice_pupils", ["class_id"])
    op.create_table(
        "practice_answers",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("class_id", sa.String(32), nullable=False),
        sa.Column("pupil_id", sa.String(32), nullable=False),
        sa.Column("item", sa.String(40), nullable=False),
        sa.Column("skill", sa.String(32), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.Column("hints", sa.Integer(), nullable=False),
        sa.Column("codes", sa.JSON(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("answered", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["class_id"],
            ["practice_classes.id"],
            name="fk_practice_answers_class_id_practice_classes",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["pupil_id"],
            ["practice_pupils.id"],
            name="fk_practice_answers_pupil_id_practice_pupils",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_practice_answers"),
    )
    op.create_index("ix_practice_answers_class_id_answered", "practice_answers", ["class_id", "answered"])
    op.create_index("ix_practice_answers_pupil_id", "practice_answers", ["pupil_id"])
    op.create_table(
        "practice_items",
        sa.Column("item", sa.String(40), nullable=False),
        sa.Column("value", sa.Float(), nullable=False),
        sa.Column("variance", sa.Float(), nullable=False),
        sa.Column("answers", sa.Integer(), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("item", name="pk_practice_items"),
    )


def downgrade() -> None:
    op.drop_table("practice_items")
    op.drop_index("ix_practice_answers_pupil_id", table_name="practice_answers")
    op.drop_index("ix_practice_answers_class_id_answered", table_name="practice_answers")
    op.drop_table("practice_answers")
    op.drop_index("ix_practice_pupils_class_id", table_name="practice_pupils")
    op.drop_table("practice_pupils")
    op.drop_index("ix_practice_classes_updated", table_name="practice_classes")
    op.drop_table("practice_classes")

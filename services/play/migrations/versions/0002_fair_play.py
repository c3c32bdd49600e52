"""Fair play and bounded storage: seeds of any size with a commitment, checkpoints, reviews, states without history.

Revision 0002.  A game's seed becomes text (a whole number of up to 256
bits), with the SHA-256 commitment every seat is shown (none for the games
begun before), why a game stopped early, and the turn being played.  The
new ``checkpoints`` table keeps a game's state every fifty actions, and
``reviews`` each finished turn of a person, judged.  A saved state no
longer holds its transcript (the ``actions`` table is the transcript) nor
its random generator, and is kept compressed: the states of the games
already stored are rewritten so, each kept as a checkpoint at its version,
and go on with shuffles drawn from generators derived from their seed.  A
game stored at its longest (20,000 actions) but not over, which refused
every move, is ended there.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_GAMES = sa.table(
    "games",
    sa.column("id", sa.String(32)),
    sa.column("game", sa.String(32)),
    sa.column("version", sa.Integer()),
    sa.column("state", sa.JSON()),
    sa.column("packed", sa.LargeBinary()),
    sa.column("finished", sa.Boolean()),
    sa.column("stopped", sa.String(32)),
)
_CHECKPOINTS = sa.table(
    "checkpoints",
    sa.column("game_id", sa.String(32)),
    sa.column("number", sa.Integer()),
    sa.column("state", sa.LargeBinary()),
)

MAX_ACTIONS = 20_000
"""The longest a game is kept (services.play.store.MAX_ACTIONS as this revision knows it)."""


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.alter_column("seed", existing_type=sa.BigInteger(), type_=sa.String(80), postgresql_using="seed::text")
        games.add_column(sa.Column("commitment", sa.String(64), nullable=True))
        games.add_column(sa.Column("stopped", sa.String(32), nullable=True))
        games.add_column(sa.Column("turn", sa.JSON(), nullable=True))
        games.add_column(sa.Column("packed", sa.LargeBinary(), nullable=True))
        games.create_index("ix_games_updated", ["updated"])
    op.create_table(
        "checkpoints",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
        sa.CheckConstraint("number >= 0", name="ck_checkpoints_number_not_negative"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_checkpoints_game_id_games", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "number", name="pk_checkpoints"),
    )
    op.create_table(
        "reviews",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("review", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_reviews_game_id_games", ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "seat", "turn", name="pk_reviews"),
    )
    connection = op.get_bind()
    # One game at a time: a state of revision 0001 could hold hundreds of kilobytes of transcript.
    for (game_id,) in connection.execute(sa.select(_GAMES.c.id)).all():
        game, version, state, finished = connection.execute(
            sa.select(_GAMES.c.game, _GAMES.c.version, _GAMES.c.state, _GAMES.c.finished).where(_GAMES.c.id == game_id)
        ).one()
        packed = _packed(_without_history(game, state))
        frozen = not finished and version >= MAX_ACTIONS  # refused every move: it ends, as a game at its longest
        connection.execute(
            sa.update(_GAMES)
            .where(_GAMES.c.id == game_id)
            .values(packed=packed, finished=finished or frozen, stopped="action-limit" if frozen else None)
        )
        connection.execute(sa.insert(_CHECKPOINTS).values(game_id=game_id, number=version, state=packed))
    with op.batch_alter_table("games") as games:
        games.drop_column("state")
        games.alter_column("packed", new_column_name="state", existing_type=sa.LargeBinary(), nullable=False)


def _packed(state: dict[str, Any]) -> bytes:
    """A state as the store keeps it from this revision on: its JSON, compressed (services.play.store.PackedJson)."""
    return zlib.compress(json.dumps(state, separators=(",", ":")).encode("utf-8"), 6)


def _without_history(game: str, state: dict[str, Any]) -> dict[str, Any]:
    """A state saved by revision 0001, without its transcript and generator, with what replaces them."""
    kept = {key: value for key, value in state.items() if key not in ("rng", "transcript")}
    transcript = state.get("transcript", [])
    if game == "nambarz":
        kept["moves"] = len(transcript)
        kept["shuffles"] = 1  # the next shuffle draws on a generator of its own, never again on the seed's
    elif game == "thegame":
        laid = int(state.get("played_this_turn", 0))
        kept["this_turn"] = [str(action) for action in transcript[len(transcript) - laid :]] if laid else []
        kept["turn_tops"] = dict(state.get("tops", {}))  # the tops when the turn began are not known: now's
        kept["turn_fire"] = dict(state.get("fire", {}))
    return kept


def downgrade() -> None:
    # Revision 0001's code needs each state's transcript and generator, and a seed of 63 bits: neither comes back.
    raise NotImplementedError("revision 0002 cannot be undone: the states no longer hold their transcripts")

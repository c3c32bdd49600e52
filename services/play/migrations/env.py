"""Alembic's environment for the games database; migrates the connection :class:`~services.play.store.GameStore` gives.

:class:`~services.play.store.GameStore` runs ``upgrade head`` in a transaction
of its own and hands its connection over in the configuration's
``attributes``; the migrations run inside that transaction, which the store
commits.  Without a connection (a developer writing a new migration, see
:func:`~services.play.store.migrations_config`), the configuration's
``sqlalchemy.url`` is opened instead.  Batch mode lets a migration change
a column on SQLite, which has almost no ``ALTER TABLE``: the table is copied.
"""

from __future__ import annotations

from alembic import context
from alembic.config import Config
from sqlalchemy import Connection, create_engine

from services.play.store import Base


def run_migrations(connection: Connection) -> None:
    """Run the migrations Alembic has chosen on ``connection``, in its transaction if it is in one."""
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def main(config: Config) -> None:
    given: Connection | None = config.attributes.get("connection")
    if given is not None:
        run_migrations(given)
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url", ""))
    with engine.connect() as opened:
        run_migrations(opened)
    engine.dispose()


# Alembic runs this file with its context set up; anything else importing it (pytest, looking for
# doctests) finds no configuration there, and nothing to run.
configuration: Config | None = getattr(context, "config", None)
if configuration is not None:
    main(configuration)

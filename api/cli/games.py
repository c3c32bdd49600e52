"""``nambarz games``: the database of the games played over the HTTP API (:mod:`api.play.store`).

``purge`` deletes the finished games whose last action is older than a
number of days, with their seats and logs, and prints how many went, so a
scheduled job can keep the database from growing: for instance, daily,
``nambarz games purge --finished-before 30``.  The database is the
server's: ``--database``, else the setting ``NAMBARZ_DATABASE_URL``, else
the SQLite file in ``$XDG_DATA_HOME/nambarz`` (``~/.local/share/nambarz``).
Games still in play are never deleted.

The database library is imported only when ``purge`` runs, so that
``nambarz --help`` and ``nambarz games --help`` stay quick.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta

import click

from api.cli import COMMANDS
from api.cli.common import CommandGroup, fail, number_option

MAX_DAYS = 36_500
"""The longest ``--finished-before`` taken: a hundred years."""

games = CommandGroup(
    "games",
    short_help=COMMANDS["games"].help,
    help="The games played over the HTTP API, kept in the database of NAMBARZ_DATABASE_URL.",
)


@games.command(
    "purge",
    short_help="delete the finished games whose last action is older than DAYS days",
    help="Delete the finished games whose last action is older than DAYS days, with their seats and logs, "
    "and print how many were deleted.  Games still in play are kept, however old.",
)
@number_option(
    "--finished-before",
    low=0,
    high=MAX_DAYS,
    what="days",
    default=None,
    required=True,
    metavar="DAYS",
    help_text=f"how many days ago the games' last action must be, 0 to {MAX_DAYS} (0: any finished game)",
)
@click.option(
    "--database",
    metavar="URL",
    help="the games database: sqlite:///PATH or postgresql+psycopg://USER:PASSWORD@HOST/DATABASE "
    "(default: NAMBARZ_DATABASE_URL, else games.sqlite3 in ~/.local/share/nambarz)",
)
def purge(*, finished_before: int, database: str | None) -> None:
    from api.play.store import SETTING, GameStore, StorageError, database_url  # noqa: PLC0415 - see the docstring

    setting = database if database is not None else os.environ.get(SETTING, "")
    moment = datetime.now(UTC) - timedelta(days=finished_before)
    try:
        with GameStore(database_url(setting)) as store:
            removed = store.purge(finished_before=moment)
    except StorageError as error:
        if database is not None:
            fail("--database", error.reason)
        fail(None, str(error))  # names the setting
    plural = "game" if removed == 1 else "games"
    click.echo(f"Removed {removed} finished {plural} last played before {moment:%Y-%m-%d %H:%M:%S} UTC.")

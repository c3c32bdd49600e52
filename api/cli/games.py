"""``nambarz games``: the database of the games played over the HTTP API (:mod:`services.play.store`), and their deals.

``purge`` deletes the finished games whose last action is older than a
number of days, and the games of any kind left without an action for a
number of days (abandoned), with their seats, logs and reviews, and (with
``--classes-idle-for``) the classes of practice idle for a number of days,
with their pupils and answers, and prints how many went, so a scheduled job
can keep the database from growing: for instance, daily, ``nambarz games purge --finished-before 30 --idle-for
90``.  The database is the server's: ``--database``, else the setting
``NAMBARZ_DATABASE_URL``, else the SQLite file in ``$XDG_DATA_HOME/nambarz``
(``~/.local/share/nambarz``).

``verify`` checks a finished game's deal from its log (the pages of ``GET
/api/v1/games/<id>/log``, saved as files): the seed the log gives at the end
against the commitment every seat saw from the start, and every action
replayed from that seed against its verdict (:mod:`services.play.fairness`).

The database and engine libraries are imported only when a command runs,
so that ``nambarz --help`` and ``nambarz games --help`` stay quick.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta

import click

from api.cli import COMMANDS
from api.cli.common import CommandGroup, fail, number_option, read_json_file

MAX_DAYS = 36_500
"""The longest ``--finished-before`` or ``--idle-for`` taken: a hundred years."""

MAX_LOG_BYTES = 16 * 1024 * 1024
"""The largest page of a log ``verify`` reads: a thousand actions take well under a megabyte."""

LOG_EXPECTED = "a page of a finished game's log, as GET /api/v1/games/<id>/log gives it"

games = CommandGroup(
    "games",
    short_help=COMMANDS["games"].help,
    help="The games played over the HTTP API, kept in the database of NAMBARZ_DATABASE_URL.",
)


@games.command(
    "purge",
    short_help="delete the long-finished games and the abandoned ones",
    help="Delete the finished games whose last action is older than --finished-before days, and the games of "
    "any kind without an action for --idle-for days (abandoned), with their seats, logs and reviews, and the "
    "scoresheets of games with the real cards likewise, and the practice classes without a pupil joining, an "
    "answer or a change for --classes-idle-for days, with all their pupils and answers, and print how many "
    "were deleted (scoresheets and classes counted as games).  Give any of the options.",
)
@number_option(
    "--finished-before",
    low=0,
    high=MAX_DAYS,
    what="days",
    default=None,
    metavar="DAYS",
    help_text=f"how many days ago a finished game's last action must be, 0 to {MAX_DAYS} (0: any finished game)",
)
@number_option(
    "--idle-for",
    low=1,
    high=MAX_DAYS,
    what="days",
    default=None,
    metavar="DAYS",
    help_text=f"how many days without an action make any game, finished or not, abandoned, 1 to {MAX_DAYS}",
)
@number_option(
    "--classes-idle-for",
    low=1,
    high=MAX_DAYS,
    what="days",
    default=None,
    metavar="DAYS",
    help_text=f"how many days without a pupil joining, an answer or a change make a practice class abandoned, "
    f"1 to {MAX_DAYS} (a school year and its holidays: 400)",
)
@click.option(
    "--database",
    metavar="URL",
    help="the games database: sqlite:///PATH or postgresql+psycopg://USER:PASSWORD@HOST/DATABASE "
    "(default: NAMBARZ_DATABASE_URL, else games.sqlite3 in ~/.local/share/nambarz)",
)
def purge(
    *, finished_before: int | None, idle_for: int | None, classes_idle_for: int | None, database: str | None
) -> None:
    from services.play.store import SETTING, GameStore, StorageError, database_url  # noqa: PLC0415 - see the docstring

    if finished_before is None and idle_for is None and classes_idle_for is None:
        fail(
            "--finished-before",
            "expected at least one of --finished-before DAYS, --idle-for DAYS, --classes-idle-for DAYS",
        )
    setting = database if database is not None else os.environ.get(SETTING, "")
    now = datetime.now(UTC)
    finished_moment = None if finished_before is None else now - timedelta(days=finished_before)
    idle_moment = None if idle_for is None else now - timedelta(days=idle_for)
    classes_moment = None if classes_idle_for is None else now - timedelta(days=classes_idle_for)
    try:
        with GameStore(database_url(setting)) as store:
            removed = store.purge(
                finished_before=finished_moment, idle_before=idle_moment, classes_idle_before=classes_moment
            )
    except StorageError as error:
        if database is not None:
            fail("--database", error.reason)
        fail(None, str(error))  # names the setting
    plural = "game" if removed == 1 else "games"
    said = [f"finished {plural} last played before {finished_moment:%Y-%m-%d %H:%M:%S} UTC"] if finished_moment else []
    said += [f"{plural} without an action since {idle_moment:%Y-%m-%d %H:%M:%S} UTC"] if idle_moment else []
    said += [f"classes idle since {classes_moment:%Y-%m-%d %H:%M:%S} UTC"] if classes_moment else []
    click.echo(f"Removed {removed} {' or '.join(said)}.")


@games.command(
    "verify",
    short_help="check a finished game's deal from its log: the seed, its commitment, every verdict",
    help="Check a finished game's deal from its log, saved from GET /api/v1/games/<id>/log once the game is "
    "over (every page, in order, as FILE arguments; - reads standard input): the seed against the commitment "
    "every seat saw from the start, and every action replayed from that seed against its verdict.  Exit 0 "
    "when the deal is the one committed to, 1 when it is not.",
)
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
def verify(*, files: tuple[str, ...]) -> None:
    from services.play.fairness import check_log  # noqa: PLC0415 - see the docstring

    pages = [read_json_file("FILE", name, limit=MAX_LOG_BYTES, expected=LOG_EXPECTED) for name in files]
    for name, page in zip(files, pages, strict=True):
        if not isinstance(page, dict) or not isinstance(page.get("actions"), list):
            fail("FILE", f"{name!r} is not {LOG_EXPECTED}")
    log = {**pages[-1], "actions": [action for page in pages for action in page["actions"]]}
    problems = check_log(log)
    if problems:
        click.echo(f"nambarz games verify: not verified: {'; '.join(problems)}", err=True)
        raise SystemExit(1)
    click.echo(
        f"Verified: {len(log['actions'])} actions replay from the seed, whose SHA-256 is the commitment "
        f"{log['deal_commitment']}."
    )

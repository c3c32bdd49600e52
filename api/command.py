"""The ``nambarz`` command (the console script): every command of :mod:`api.cli`, and ``serve``.

The command line's own commands judge, solve and teach: every game's group
of :data:`api.cli.GAME_COMMANDS` (``nambarz quando check``…), Nambarz's
shortcuts and the tutor's commands of :data:`api.cli.COMMANDS`.  ``serve``
runs the whole application (:mod:`api.server`), so it is added here, where
the application is composed, and the command modules never import the
server.

>>> main.main(["--version"], standalone_mode=False)  # doctest: +ELLIPSIS
nambarz ...
"""

from __future__ import annotations

import click

from api.cli import COMMANDS, GAME_COMMANDS
from api.cli.common import Lazy, RootGroup

SERVE = Lazy("api.serve", "serve", "run the HTTP API and the pages (gunicorn)")
"""``nambarz serve``, loaded only when it runs."""


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        from services.version import version  # noqa: PLC0415 - reading the installed metadata only when asked

        click.echo(f"nambarz {version()}")
        ctx.exit()


main = RootGroup(
    "nambarz",
    lazy={**COMMANDS, "serve": SERVE},
    games=GAME_COMMANDS,
    help="Referee, solver and tutor for the Nambarz mental-arithmetic card game and three sibling number games. "
    "Each game's commands are in its group, as in 'nambarz quando check'; Nambarz's (check to simulate) are "
    "also here, as shortcuts: 'nambarz check' is 'nambarz nambarz check'.",
    params=[
        click.Option(
            ["--version"],
            is_flag=True,
            expose_value=False,
            is_eager=True,
            callback=_print_version,
            help="Show the version and exit.",
        )
    ],
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
"""The ``nambarz`` command (the console script): ``main()`` runs it on ``sys.argv``."""

"""The tutor's commands for teachers: ``exercises`` (with their answer key) and ``worksheet`` (a printable page).

Both choose their exercises with the same options, or with ``--request``
(the body of ``/api/v1/tutor/exercises`` or ``/worksheet``), so the same
choice gives the same exercises in both.  A run of
:data:`PROGRESS_FROM` exercises or more shows a progress bar on standard
error when it is a terminal.  The hint, Nambarz's, is in :mod:`api.cli.nambarz`.

>>> from api.command import main
>>> main.main(["exercises", "--level", "1", "--count", "1", "--seed", "3", "--kinds", "referee"],
...           standalone_mode=False)  # doctest: +ELLIPSIS
Nambarz worksheet
<BLANKLINE>
1. The top card is ...
0
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from api.cli import COMMANDS
from api.cli.common import (
    Decorator,
    comma_items,
    fail,
    json_option,
    lang_option,
    load_request,
    number_option,
    progress_bar,
    read,
    read_json_request,
    refuse_mixed_input,
    request_label,
    request_option,
    to_json,
    use_language,
    with_language,
)
from services.answers.tutor import draw_exercises, exercises_answer, worksheet_answer
from solver.nambarz.rules import Rules, parse_domain
from tutor import exercises as tutor_exercises
from tutor.exercises import Exercise
from tutor.worksheets import KEY_CHOICES, default_title, worksheet_text

if TYPE_CHECKING:
    from marshmallow import Schema

PROGRESS_FROM = 10
"""The fewest exercises whose drawing shows a progress bar: fewer are drawn in a moment."""

_CHOICE_OPTIONS = {
    "level": "--level",
    "count": "--count",
    "seed": "--seed",
    "kinds": "--kinds",
    "rules": "--rules",
}
"""The options that choose the exercises, each a field of the API's request."""


def _choice_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options that choose exercises, as the body of ``/api/v1/tutor/exercises``."""
    levels = tutor_exercises.LEVELS
    options: list[Decorator] = [
        number_option(
            "--level",
            low=min(levels),
            high=max(levels),
            what="as level",
            default=1,
            help_text="1: + −, 2: adds ×, 3: needs ÷, 4: master strokes, 5: mixed with traps (default 1)",
        ),
        number_option(
            "--count",
            low=1,
            high=tutor_exercises.MAX_COUNT,
            what="exercises",
            default=12,
            help_text="exercises (default 12)",
        ),
        number_option(
            "--seed", low=None, high=None, what="as seed", default=0, help_text="same seed, same exercises (default 0)"
        ),
        click.option(
            "--kinds",
            metavar="KINDS",
            default=",".join(tutor_exercises.KINDS),
            help="kinds given in rotation, e.g. cover,referee (default all)",
        ),
        click.option("--rules", metavar="RULES", default="natural", help="arithmetic domain (default natural)"),
        request_option(),
        lang_option("language of the prompts, labels and answer key"),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _chosen(
    schema: Callable[[], Schema],
    *,
    level: int,
    count: int,
    seed: int,
    kinds: str,
    rules: str,
    request: str | None,
    lang: str | None,
    written: dict[str, str],
) -> tuple[list[Exercise], dict[str, Any]]:
    """The exercises the options or ``--request`` (loaded with ``schema``) ask for, and the request they make."""
    refuse_mixed_input(written, request=request is not None)
    if request is not None:
        document = with_language(read_json_request("--request", request), lang)
        choice = load_request(schema(), document, label=request_label(True, {}))
        setting = Rules(choice["rules"])
    else:
        chosen_kinds = comma_items(kinds)
        unknown = [kind for kind in chosen_kinds if kind not in tutor_exercises.KINDS]
        if not chosen_kinds or unknown:
            fail("--kinds", f"expected kinds among {', '.join(tutor_exercises.KINDS)}, not {kinds!r}")
        setting = Rules(read("--rules", parse_domain, rules))
        choice = {"level": level, "count": count, "seed": seed, "kinds": chosen_kinds}
    language = use_language(lang or choice.get("lang") or "en")
    with progress_bar(choice["count"], least=PROGRESS_FROM) as advance:
        drawn = draw_exercises(
            choice["level"], choice["count"], choice["seed"], choice["kinds"], setting, lang=language, progress=advance
        )
    return drawn, {**choice, "lang": language}


def _exercises_schema() -> Schema:
    from services.schemas.tutor import ExercisesRequestSchema  # noqa: PLC0415 - marshmallow only for --request

    return ExercisesRequestSchema()


def _worksheet_schema() -> Schema:
    from services.schemas.tutor import WorksheetRequestSchema  # noqa: PLC0415 - marshmallow only for --request

    return WorksheetRequestSchema()


@click.command(
    "exercises",
    short_help=COMMANDS["exercises"].help,
    help="Print solver-verified exercises and their answer key; the same seed gives the same exercises.",
)
@_choice_options
@json_option("print the API's JSON answer (/api/v1/tutor/exercises) instead of text")
def exercises(*, as_json: bool, **options: Any) -> None:
    drawn, choice = _chosen(_exercises_schema, written=_CHOICE_OPTIONS, **options)
    if as_json:
        click.echo(to_json(exercises_answer(drawn, lang=choice["lang"])))
    else:
        title = default_title(choice["lang"])
        click.echo(worksheet_text(drawn, title=title, level=choice["level"], seed=choice["seed"], lang=choice["lang"]))


@click.command(
    "worksheet",
    short_help=COMMANDS["worksheet"].help,
    help="Write solver-verified exercises as an HTML page to print, with the answer key on a page of its own; "
    "the same seed gives the same page.",
)
@_choice_options
@click.option(
    "--title", metavar="TITLE", help="the heading of the page (default 'Nambarz worksheet', in the language of --lang)"
)
@click.option(
    "--key",
    type=click.Choice(KEY_CHOICES),
    help="what the page prints of the answer key: both (default: after the exercises, on a page of its own), "
    "none, or only",
)
@click.option("-o", "--output", default="-", metavar="FILE", help="the HTML file to write; '-' (default) prints it")
def worksheet(*, title: str | None, key: str | None, output: str, **options: Any) -> None:
    if title is not None and not title.strip():
        fail("--title", "expected a heading that is not blank")
    written = {**_CHOICE_OPTIONS, "title": "--title", "key": "--key"}
    drawn, choice = _chosen(_worksheet_schema, written=written, **options)
    page = worksheet_answer(
        drawn,
        title=title if title is not None else choice.get("title"),
        level=choice["level"],
        seed=choice["seed"],
        lang=choice["lang"],
        key=key or choice.get("key", "both"),
    )
    if output == "-":
        click.echo(page, nl=False)
        return
    try:
        with open(output, "w", encoding="utf-8") as sheet:
            sheet.write(page)
    except OSError as error:
        fail("-o", f"{output!r} cannot be written: {error.strerror}")

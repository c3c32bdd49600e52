"""``nambarz tally …``: Tally's commands, with the verbs every game has."""

from __future__ import annotations

import json

import click

from api.cli.common import CommandGroup, Lazy
from services.answers import ANSWERS
from tests.tally import rules

tally = CommandGroup("tally", help="Tally, a game of the tests.")


def _answer(role: str, *arguments: object) -> None:
    click.echo(json.dumps(ANSWERS.find(rules.NAME).answer(role)(*arguments), indent=2))


@tally.command()
@click.argument("total", type=click.IntRange(0, rules.TARGET))
@click.argument("action")
def check(total: int, action: str) -> None:
    """Judge adding ACTION to TOTAL."""
    _answer("check", total, action)


@tally.command()
@click.argument("total", type=click.IntRange(0, rules.TARGET - 1))
def hint(total: int) -> None:
    """What to add to TOTAL."""
    _answer("hint", total)


@tally.command()
def reference() -> None:
    """The violation codes and rulings."""
    _answer("reference")


@tally.command()
def deck() -> None:
    """The steps and the target."""
    _answer("deck")


COMMANDS = Lazy(__name__, "tally", "Tally, a game of the tests: judge a move, hint, the rules")
"""Tally's group, as the commands' registry holds it."""

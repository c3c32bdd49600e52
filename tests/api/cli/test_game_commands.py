"""Every game's group of commands, ``nambarz <game> check|hint|reference|deck …``, and Nambarz's shortcuts.

The root command finds the games' groups in :data:`api.cli.GAME_COMMANDS`
each time it lists or looks one up, so a game registered later has its group
too (as the tiny game of the tests does).
"""

from __future__ import annotations

import json

import click
import pytest

from api.cli import COMMANDS, GAME_COMMANDS
from api.cli.common import CommandGroup, Lazy
from api.command import main
from tests.conftest import Cli

VERBS = ("check", "hint", "reference", "deck")
"""The commands every game's group has."""

SHORTCUTS = ("check", "solve", "score", "plan", "hint", "reference", "deck", "simulate", "sweep")
"""Nambarz's commands, at the top as well as in ``nambarz nambarz``."""

tiny = CommandGroup("tiny", short_help="a game of the tests", help="A game that only this test file knows.")


@tiny.command("check")
def _check() -> None:
    click.echo("tiny check")


@pytest.mark.parametrize("game", GAME_COMMANDS.names)
def test_every_games_group_has_the_same_commands(game: str) -> None:
    context = main.make_context("nambarz", ["--version"], resilient_parsing=True)
    group = main.get_command(context, game)
    assert isinstance(group, click.Group)
    assert set(VERBS) <= set(group.list_commands(context))


def test_nambarzs_group_holds_the_shortcuts_at_the_top_in_their_order() -> None:
    context = main.make_context("nambarz", ["--version"], resilient_parsing=True)
    group = main.get_command(context, "nambarz")
    assert isinstance(group, click.Group)
    assert group.list_commands(context) == list(SHORTCUTS)
    for name in SHORTCUTS:
        assert COMMANDS[name].module == GAME_COMMANDS.find("nambarz").module
        assert group.get_command(context, name) is main.get_command(context, name)


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "3bee", "9 / 3"],
        ["hint", "3bee", "10 4 2 7", "--level", "2"],
        ["solve", "3bee", "1 2 4 6"],
        ["reference", "--lang", "de"],
        ["deck"],
    ],
    ids=lambda argv: argv[0],
)
def test_a_shortcut_answers_as_the_command_of_nambarzs_group(cli: Cli, argv: list[str]) -> None:
    shortcut, grouped = cli(*argv), cli("nambarz", *argv)
    assert (grouped.exit_code, grouped.stdout, grouped.stderr) == (shortcut.exit_code, shortcut.stdout, "")
    assert grouped.exit_code == 0


def test_a_game_registered_later_has_its_group_at_the_top(cli: Cli) -> None:
    with GAME_COMMANDS.registered(Lazy(__name__, "tiny", "a game of the tests")):
        assert cli("tiny", "check").stdout == "tiny check\n"
        assert "  tiny " in cli("--help").stdout.split("\nGames:\n")[1]
    assert cli("tiny", "check").exit_code == 2


@pytest.mark.parametrize(
    ("game", "first_lines"),
    [
        ("thegame", ["The Game (98)", "   2  3  4  5  6  7  8  9"]),
        ("quando", ["Quando (55)", "  0/1 0/2 0/3 0/4 0/5 0/6 0/7 0/8 0/9 0/10"]),
    ],
)
def test_a_decks_text_lists_its_cards_and_its_json_counts_them(cli: Cli, game: str, first_lines: list[str]) -> None:
    result = cli(game, "deck")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:2] == first_lines
    document = cli.json(game, "deck")
    assert sum(document["cards"].values()) == document["size"]


def test_a_deck_has_no_language(cli: Cli) -> None:
    result = cli("quando", "deck", "--lang", "it")
    assert (result.exit_code, result.stderr) == (
        2,
        "nambarz: error: --lang: no such option (see 'nambarz quando deck --help')\n",
    )


def test_nambarzs_hint_prints_the_apis_answer_of_its_own_address(cli: Cli) -> None:
    answer = cli.json("nambarz", "hint", "--request", json.dumps({"top": "3bee", "hand": ["8"]}))
    assert answer["must_draw"] is True
    assert "/api/v1/nambarz/hint" in cli("nambarz", "hint", "--help").stdout

"""``nambarz nmbrs``: Nmbrs!'s commands ``check``, ``lay``, ``hint``, ``deck`` and ``reference``.

``check``, ``lay`` and ``hint`` read their input from options or from ``--request``
(the HTTP API's JSON body, inline, ``@FILE`` or ``-`` for standard input).
All go through the API's request schema, so the input is checked the same
way and ``--json`` prints exactly the API's answer; without it, the answer's
``explanation`` is printed, in the language ``--lang`` asks for.

>>> from api.command import main
>>> main.main(["nmbrs", "check", "--sequence", "10,J,30,40", "--rules", "advanced"], standalone_mode=False)
A sequence under the advanced rules: 10 joker 30 40.
  Step +10, ascending: 10, 20, 30, 40.
  The joker at place 2 stands for 20.
  Counting back from 10 by 10 ends on 0.
0
>>> main.main(["nmbrs", "check", "--sequence", "14 20 26", "--rules", "advanced", "--lang", "it"],
...           standalone_mode=False)  # doctest: +ELLIPSIS
Non è una sequenza secondo le regole avanzate: 14 20 26.
  Contando all'indietro da 14 con passo 6 si arriva a 2, non a 0 o 1. Regolamento avanzato 1–2: ...
  Risoluzione: le carte non si possono calare come questa sequenza; restano in mano.
0
"""

from __future__ import annotations

from typing import Any

import click

from api.cli import GAME_COMMANDS
from api.cli.common import (
    CommandGroup,
    answer_language,
    echo_answer,
    json_option,
    lang_option,
    load_request_or_options,
    read,
    read_deck,
    reference_text,
    request_option,
    use_language,
)
from services.answers.nmbrs import check_answer, deck_answer, hint_answer, lay_answer, reference_answer
from services.schemas.nmbrs import NmbrsCheckRequestSchema, NmbrsHintRequestSchema, NmbrsLayRequestSchema
from solver.nmbrs.deck import NmbrsDeck
from solver.nmbrs.plays import Play
from solver.nmbrs.rules import RuleSet
from solver.nmbrs.rulings import RULINGS
from solver.nmbrs.table import Placement

CHECK_OPTIONS = {"sequence": "--sequence", "rules": "--rules"}
POSITION_OPTIONS = {"table": "--table", "hand": "--hand", "opened": "--opened", "rules": "--rules"}
LAY_OPTIONS = {**POSITION_OPTIONS, "plays": "--play"}
"""The option that gives each field of the API's request."""

nmbrs = CommandGroup(
    "nmbrs",
    short_help=GAME_COMMANDS.find("nmbrs").help,
    help="Nmbrs!: lay cards 1-100 in crossing arithmetic sequences and score them by colour.",
)

_rules_option = click.option(
    "--rules", metavar="RULES", help=f"the rule set: {', '.join(rules.value for rules in RuleSet)} (default basic)"
)
_deck_option = click.option(
    "--deck", "deck_file", metavar="FILE", help="a deck file with every card's colour and points"
)


def _deck(deck_file: str | None) -> NmbrsDeck:
    return read_deck(deck_file, NmbrsDeck.from_mapping) if deck_file else NmbrsDeck.default()


def _items(text: str) -> list[str]:
    """Cards separated by commas or spaces."""
    return text.replace(",", " ").split()


# ----------------------------------------------------------------- check


@nmbrs.command(
    "check",
    short_help="judge one sequence",
    help="Judge cards as one sequence, read in the order given: its step, direction, jokers and faults.",
)
@click.option("--sequence", metavar="CARDS", help="the cards, e.g. 10,J,30,40 (a joker may carry its number: J=20)")
@_rules_option
@request_option()
@json_option()
@lang_option()
def check(*, sequence: str | None, rules: str | None, request: str | None, as_json: bool, lang: str | None) -> None:
    def from_options() -> dict[str, Any]:
        document: dict[str, Any] = {"sequence": _items(str(sequence))}
        if rules is not None:
            document["rules"] = rules
        return document

    loaded = load_request_or_options(
        NmbrsCheckRequestSchema(),
        written=CHECK_OPTIONS,
        required=("sequence",),
        document_from_options=from_options,
        request=request,
        lang=lang,
    )
    answer = check_answer(loaded["sequence"], loaded["rules"], lang=answer_language(lang, loaded))
    echo_answer(answer, as_json=as_json)


# ----------------------------------------------------------------- lay


@nmbrs.command(
    "lay",
    short_help="judge and score the plays of a lay on a table",
    help="Judge the plays of one turn in order on a table, list the lines each forms or changes, score them with "
    "the reason for any doubling, and show the table and hand after.",
)
@click.option("--table", metavar="CARDS", help="the cards on the table, e.g. '10@0,0 J=20@0,1 30@0,2' (row,column)")
@click.option("--hand", metavar="CARDS", help="the hand, e.g. '40 15 J'")
@click.option(
    "--play",
    "plays",
    multiple=True,
    metavar="PLAY",
    help="a play, repeatable, e.g. 'lay 40@0,3', 'insert row 15@0,1 25@0,3', 'swap 20@0,1'",
)
@click.option("--opened", is_flag=True, help="the player has already laid a sequence this round")
@_rules_option
@_deck_option
@request_option()
@json_option()
@lang_option()
def lay(
    *,
    table: str | None,
    hand: str | None,
    plays: tuple[str, ...],
    opened: bool,
    rules: str | None,
    deck_file: str | None,
    request: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    deck = _deck(deck_file)

    def from_options() -> dict[str, Any]:
        document = _position_document(table, hand, opened=opened, rules=rules)
        return {**document, "plays": [read("--play", Play.parse, text).to_dict() for text in plays]}

    loaded = load_request_or_options(
        NmbrsLayRequestSchema(),
        written=LAY_OPTIONS,
        required=("hand", "plays"),
        document_from_options=from_options,
        request=request,
        lang=lang,
    )
    answer = lay_answer(
        loaded["table"],
        loaded["hand"],
        loaded["plays"],
        opened=loaded["opened"],
        rules=loaded["rules"],
        deck=deck,
        lang=answer_language(lang, loaded),
    )
    echo_answer(answer, as_json=as_json)


def _position_document(table: str | None, hand: str | None, *, opened: bool, rules: str | None) -> dict[str, Any]:
    """The position's part of a lay or hint request, from the options."""
    cards = [read("--table", Placement.parse, word).to_dict() for word in (table or "").split()]
    document: dict[str, Any] = {"table": cards, "hand": _items(str(hand)), "opened": opened}
    if rules is not None:
        document["rules"] = rules
    return document


# ----------------------------------------------------------------- hint


@nmbrs.command(
    "hint",
    short_help="the play worth most points from a hand on a table",
    help="Suggest the play the greedy bot would lay from the hand on the table, the legal play worth most "
    "points, with the lay it makes; or say that no play scores.",
)
@click.option("--table", metavar="CARDS", help="the cards on the table, e.g. '10@0,0 J=20@0,1 30@0,2' (row,column)")
@click.option("--hand", metavar="CARDS", help="the hand, e.g. '40 15 J'")
@click.option("--opened", is_flag=True, help="the player has already laid a sequence this round")
@_rules_option
@_deck_option
@request_option()
@json_option()
@lang_option()
def hint(
    *,
    table: str | None,
    hand: str | None,
    opened: bool,
    rules: str | None,
    deck_file: str | None,
    request: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    deck = _deck(deck_file)
    loaded = load_request_or_options(
        NmbrsHintRequestSchema(),
        written=POSITION_OPTIONS,
        required=("hand",),
        document_from_options=lambda: _position_document(table, hand, opened=opened, rules=rules),
        request=request,
        lang=lang,
    )
    answer = hint_answer(
        loaded["table"],
        loaded["hand"],
        opened=loaded["opened"],
        rules=loaded["rules"],
        deck=deck,
        lang=answer_language(lang, loaded),
    )
    echo_answer(answer, as_json=as_json)


# ----------------------------------------------------------------- deck and reference


@nmbrs.command(
    "deck",
    short_help="show the deck: every card's colour and points",
    help="Show the deck in use: every number's colour and points, and whether they are placeholders.",
)
@_deck_option
@json_option()
@lang_option()
def deck(*, deck_file: str | None, as_json: bool, lang: str | None) -> None:
    language = use_language(lang or "en")
    echo_answer(deck_answer(_deck(deck_file), lang=language), as_json=as_json)


@nmbrs.command(
    "reference",
    short_help="the violation codes with their numbered rules, and the rulings",
    help="List Nmbrs!'s violation codes with the numbered rule each enforces, and the rulings.",
)
@json_option()
@lang_option("language of the summaries")
def reference(*, as_json: bool, lang: str | None) -> None:
    language = use_language(lang or "en")
    document = reference_answer(language)
    echo_answer(
        document, as_json=as_json, text=lambda: reference_text(document, RULINGS, domain="nmbrs", lang=language)
    )

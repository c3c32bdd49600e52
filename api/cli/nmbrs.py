"""``nambarz nmbrs``: Nmbrs!'s subcommands ``check``, ``lay`` and ``deck``.

``check`` and ``lay`` read their input from flags or from ``--request`` (the
HTTP API's JSON body, inline, ``@FILE`` or ``-`` for standard input).  Both
go through the API's request schema, so the input is checked the same way and
``--json`` prints exactly the API's answer; without it, the answer's
``explanation`` is printed, in the language ``--lang`` asks for.

>>> from api.cli import main
>>> main(["nmbrs", "check", "--sequence", "10,J,30,40", "--rules", "advanced"])
A sequence under the advanced rules: 10 J 30 40.
  Step +10, ascending: 10, 20, 30, 40.
  The joker at place 2 stands for 20.
  Counting back from 10 by 10 ends on 0.
0
>>> main(["nmbrs", "check", "--sequence", "14 20 26", "--rules", "advanced", "--lang", "it"])
Non è una sequenza secondo le regole avanzate: 14 20 26.
  bad-start (regola Regolamento avanzato 1–2): contando all'indietro da 14 con passo 6 si arriva a 2, non a 0 o 1.
  Risoluzione: le carte non si possono calare come questa sequenza; restano in mano.
0
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from api.answers.nmbrs import check_answer, deck_answer, lay_answer
from api.cli.common import (
    Parser,
    UsageError,
    add_language_option,
    load_request,
    print_answer,
    read_json_request,
    read_labelled,
    with_language,
)
from api.schemas.nmbrs import NmbrsCheckRequestSchema, NmbrsLayRequestSchema
from solver.nmbrs.deck import NmbrsDeck
from solver.nmbrs.plays import Play
from solver.nmbrs.rules import RuleSet
from solver.nmbrs.table import Placement

CHECK_FLAGS = {"sequence": "--sequence", "rules": "--rules"}
LAY_FLAGS = {"table": "--table", "hand": "--hand", "plays": "--play", "opened": "--opened", "rules": "--rules"}
"""The flag that gives each field of the API's request."""


def add_commands(commands: argparse._SubParsersAction[Parser]) -> None:
    """Add ``nmbrs`` and its subcommands to the ``nambarz`` command line."""
    nmbrs = commands.add_parser(
        "nmbrs",
        help="Nmbrs!: judge sequences and lays on the table",
        description="Nmbrs!: lay cards 1-100 in crossing arithmetic sequences and score them by colour.",
    )
    subcommands = nmbrs.add_subparsers(dest="nmbrs_command", required=True, metavar="SUBCOMMAND")
    _add_check(subcommands)
    _add_lay(subcommands)
    _add_deck(subcommands)


def _rules_argument(command: argparse.ArgumentParser) -> None:
    names = ", ".join(rules.value for rules in RuleSet)
    command.add_argument("--rules", help=f"the rule set: {names} (default basic)")


def _request_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--request", metavar="JSON", help="the API's JSON body instead of the flags: inline, @FILE, or - for stdin"
    )
    command.add_argument("--json", action="store_true", help="print the API's JSON instead of text")
    add_language_option(command)


def _deck_argument(command: argparse.ArgumentParser) -> None:
    command.add_argument("--deck", metavar="FILE", help="a deck file with every card's colour and points")


# ----------------------------------------------------------------- check


def _add_check(subcommands: argparse._SubParsersAction[Parser]) -> None:
    check = subcommands.add_parser(
        "check",
        help="judge one sequence",
        description="Judge cards as one sequence, read in the order given: its step, direction, jokers and faults.",
    )
    check.add_argument("--sequence", help="the cards, e.g. 10,J,30,40 (a joker may carry its number: J=20)")
    _rules_argument(check)
    _request_arguments(check)
    check.set_defaults(handler=_run_check)


def _run_check(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    prog = "nambarz nmbrs check"
    document = _document(args, stdin, prog, CHECK_FLAGS, required=("sequence",), from_flags=_check_from_flags)
    request = load_request(NmbrsCheckRequestSchema(), document, prog=prog, label=_labeller(args, CHECK_FLAGS))
    return _print(check_answer(request["sequence"], request["rules"], lang=request.get("lang", "en")), args, out)


def _check_from_flags(args: argparse.Namespace) -> dict[str, Any]:
    document: dict[str, Any] = {"sequence": _items(args.sequence)}
    if args.rules is not None:
        document["rules"] = args.rules
    return document


# ----------------------------------------------------------------- lay


def _add_lay(subcommands: argparse._SubParsersAction[Parser]) -> None:
    lay = subcommands.add_parser(
        "lay",
        help="judge and score the plays of a lay on a table",
        description="Judge the plays of one turn in order on a table, list the lines each forms or changes, "
        "score them with the reason for any doubling, and show the table and hand after.",
    )
    lay.add_argument("--table", help="the cards on the table, e.g. '10@0,0 J=20@0,1 30@0,2' (row,column)")
    lay.add_argument("--hand", help="the hand, e.g. '40 15 J'")
    lay.add_argument(
        "--play",
        dest="plays",
        action="append",
        metavar="PLAY",
        help="a play, repeatable, e.g. 'lay 40@0,3', 'insert row 15@0,1 25@0,3', 'swap 20@0,1'",
    )
    lay.add_argument("--opened", action="store_true", help="the player has already laid a sequence this round")
    _rules_argument(lay)
    _deck_argument(lay)
    _request_arguments(lay)
    lay.set_defaults(handler=_run_lay)


def _run_lay(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    prog = "nambarz nmbrs lay"
    deck = NmbrsDeck.load(args.deck) if args.deck else NmbrsDeck.default()
    document = _document(args, stdin, prog, LAY_FLAGS, required=("hand", "plays"), from_flags=_lay_from_flags)
    request = load_request(NmbrsLayRequestSchema(), document, prog=prog, label=_labeller(args, LAY_FLAGS))
    answer = lay_answer(
        request["table"],
        request["hand"],
        request["plays"],
        opened=request["opened"],
        rules=request["rules"],
        deck=deck,
        lang=request.get("lang", "en"),
    )
    return _print(answer, args, out)


def _lay_from_flags(args: argparse.Namespace) -> dict[str, Any]:
    table = [read_labelled("--table", Placement.parse, word).to_dict() for word in (args.table or "").split()]
    document: dict[str, Any] = {
        "table": table,
        "hand": _items(args.hand),
        "opened": args.opened,
        "plays": [read_labelled("--play", Play.parse, text).to_dict() for text in args.plays],
    }
    if args.rules is not None:
        document["rules"] = args.rules
    return document


# ----------------------------------------------------------------- deck


def _add_deck(subcommands: argparse._SubParsersAction[Parser]) -> None:
    deck = subcommands.add_parser(
        "deck",
        help="show the deck: every card's colour and points",
        description="Show the deck in use: every number's colour and points, and whether they are placeholders.",
    )
    _deck_argument(deck)
    deck.add_argument("--json", action="store_true", help="print the API's JSON instead of text")
    add_language_option(deck)
    deck.set_defaults(handler=_run_deck)


def _run_deck(args: argparse.Namespace, out: TextIO, _stdin: TextIO) -> int:
    deck = NmbrsDeck.load(args.deck) if args.deck else NmbrsDeck.default()
    query = {} if args.lang is None else {"lang": args.lang}
    return _print(deck_answer(deck, lang=query.get("lang", "en")), args, out)


# ----------------------------------------------------------------- shared


def _document(
    args: argparse.Namespace,
    stdin: TextIO,
    prog: str,
    flags: Mapping[str, str],
    *,
    required: tuple[str, ...],
    from_flags: Callable[[argparse.Namespace], dict[str, Any]],
) -> dict[str, Any]:
    """The API's request body, from ``--request`` or from the flags (never both); ``--lang`` sets its ``lang``."""
    given = [flag for field, flag in flags.items() if getattr(args, field, None) not in (None, False)]
    if args.request is not None:
        if given:
            raise UsageError(f"{prog}: error: --request holds the whole request; drop {', '.join(given)}")
        document = read_json_request("--request", args.request, stdin)
    else:
        missing = [flags[field] for field in required if getattr(args, field, None) is None]
        if missing:
            raise UsageError(f"{prog}: error: give {', '.join(missing)}, or --request")
        document = from_flags(args)
    return with_language(document, args)


def _print(answer: dict[str, Any], args: argparse.Namespace, out: TextIO) -> int:
    """Print the API's answer with ``--json``, else its explanation."""
    return print_answer(answer, lambda: str(answer["explanation"]), as_json=args.json, out=out)


def _labeller(args: argparse.Namespace, flags: Mapping[str, str]) -> Callable[[str], str]:
    if args.request is not None:
        return lambda field: f"--request: {field}"
    return lambda field: flags.get(field, field)


def _items(text: str) -> list[str]:
    """Cards separated by commas or spaces."""
    return text.replace(",", " ").split()

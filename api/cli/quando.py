"""``nambarz quando``: Quando's subcommands ``check``, ``hint``, ``score`` and ``reference``.

The first three read its input from flags or from ``--request`` (the HTTP
API's JSON body, inline, ``@FILE`` or ``-`` for standard input).  Both go
through the API's request schema and the same answering function, so the
input is checked the same way and ``--json`` prints exactly the API's answer;
without it, the answer's ``explanation`` is printed.  ``--lang`` chooses its
language (and overrides a ``lang`` given in ``--request``).

>>> from api.cli import main
>>> main(["quando", "check", "--hand", "3,4,5,9,0,0,7", "--plays-made", "1", "--play", "3,4,5"])
Legal: play 3 4 5 is a straight of three consecutive numbers.
  The player now draws one card, choosing the visible or the hidden side before looking.
  Left in hand before the draw: 9 0 0 7 (sum 16).
0
>>> main(["quando", "check", "--hand", "3,4,5,9,0,0,7", "--plays-made", "1", "--play", "3,4,5", "--lang", "it"])
Valida: play 3 4 5 è una scala di tre numeri consecutivi.
  Ora il giocatore pesca una carta, scegliendo il lato visibile o quello nascosto prima di guardare.
  Restano in mano prima di pescare: 9 0 0 7 (somma 16).
0
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TextIO

from marshmallow import Schema

from api.answers.quando import check_answer, hint_answer, reference_answer, score_answer
from api.cli.common import (
    Parser,
    UsageError,
    add_language_option,
    comma_items,
    load_request,
    print_answer,
    read_json_request,
    with_language,
)
from api.schemas.quando import QuandoCheckRequestSchema, QuandoHintRequestSchema, QuandoScoreRequestSchema
from tutor.i18n import DEFAULT_LANGUAGE
from tutor.quando import explain_reference

_WHOLE_NUMBER = re.compile(r"-?[0-9]+")


@dataclass(frozen=True)
class _Subcommand:
    """How one subcommand maps its flags onto the API's request and answers it."""

    name: str
    schema: type[Schema]
    flags: Mapping[str, str]
    """The flag that gives each field of the API's request."""
    required: tuple[str, ...]
    request_from_flags: Callable[[argparse.Namespace, str], dict[str, Any]]
    answer: Callable[[dict[str, Any]], dict[str, Any]]
    """The API's answer to a loaded request, its ``explanation`` in words included."""

    @property
    def prog(self) -> str:
        return f"nambarz quando {self.name}"


def add_commands(commands: argparse._SubParsersAction[Parser]) -> None:
    """Add ``quando`` and its subcommands to the ``nambarz`` command line."""
    quando = commands.add_parser(
        "quando",
        help="Quando (Walter & Staupe): judge a play, hint a turn, score a round",
        description="Quando: lay straights of three or equal numbers to end the round with the lowest sum.",
    )
    subcommands = quando.add_subparsers(dest="quando_command", required=True, metavar="SUBCOMMAND")
    _add_check(subcommands)
    _add_hint(subcommands)
    _add_score(subcommands)
    _add_reference(subcommands)


def _add_request_json_and_lang(command: argparse.ArgumentParser, subcommand: _Subcommand) -> None:
    command.add_argument(
        "--request", metavar="JSON", help="the API's JSON body instead of the flags: inline, @FILE, or - for stdin"
    )
    _add_json_and_lang(command)
    command.set_defaults(handler=lambda args, out, stdin: _run(subcommand, args, out, stdin))


def _add_json_and_lang(command: argparse.ArgumentParser) -> None:
    command.add_argument("--json", action="store_true", help="print the API's JSON instead of text")
    add_language_option(command)


# ----------------------------------------------------------------- check


def _check_from_flags(args: argparse.Namespace, prog: str) -> dict[str, Any]:
    document: dict[str, Any] = {
        "hand": _numbers(prog, "--hand", args.hand),
        "plays_made": args.plays_made,
        "last_round": args.last_round,
    }
    if args.play is not None:
        document["play"] = _numbers(prog, "--play", args.play)
    if args.knock:
        document["knock"] = True
    return document


CHECK = _Subcommand(
    "check",
    QuandoCheckRequestSchema,
    {
        "hand": "--hand",
        "plays_made": "--plays-made",
        "play": "--play",
        "knock": "--knock",
        "last_round": "--last-round",
    },
    ("hand", "plays_made"),
    _check_from_flags,
    lambda request: check_answer(
        request["hand"],
        request["action"],
        plays_made=request["plays_made"],
        last_round=request["last_round"],
        lang=request.get("lang", "en"),
    ),
)


def _add_check(subcommands: argparse._SubParsersAction[Parser]) -> None:
    check = subcommands.add_parser(
        "check",
        help="judge a play or a knock from a hand",
        description="Judge a play (a straight of three, or cards of one number) or a knock from a hand's fronts.",
    )
    check.add_argument("--hand", help="the fronts in hand, e.g. 3,4,5,9,0,0,7")
    check.add_argument("--plays-made", type=_whole_number, metavar="N", help="plays made earlier this round")
    what = check.add_mutually_exclusive_group()
    what.add_argument("--play", help="the numbers laid, e.g. 3,4,5")
    what.add_argument("--knock", action="store_true", help="knock instead of playing")
    check.add_argument("--last-round", action="store_true", help="someone has already knocked")
    _add_request_json_and_lang(check, CHECK)


# ----------------------------------------------------------------- hint


def _hint_from_flags(args: argparse.Namespace, prog: str) -> dict[str, Any]:
    document: dict[str, Any] = {
        "hand": _numbers(prog, "--hand", args.hand),
        "plays_made": args.plays_made,
        "draw_visible": args.draw_visible,
        "last_round": args.last_round,
    }
    if args.out_of_game is not None:
        document["out_of_game"] = _numbers(prog, "--out-of-game", args.out_of_game)
    return document


HINT = _Subcommand(
    "hint",
    QuandoHintRequestSchema,
    {
        "hand": "--hand",
        "plays_made": "--plays-made",
        "draw_visible": "--draw-visible",
        "out_of_game": "--out-of-game",
        "last_round": "--last-round",
    },
    ("hand", "plays_made", "draw_visible"),
    _hint_from_flags,
    lambda request: hint_answer(
        request["hand"],
        plays_made=request["plays_made"],
        draw_visible=request["draw_visible"],
        out_of_game=request["out_of_game"],
        last_round=request["last_round"],
        lang=request.get("lang", "en"),
    ),
)


def _add_hint(subcommands: argparse._SubParsersAction[Parser]) -> None:
    hint = subcommands.add_parser(
        "hint",
        help="the play and draw that leave the lowest expected sum",
        description="Rank every play with both draws by the expected hand sum after the turn, and say whether "
        "to knock instead.",
    )
    hint.add_argument("--hand", help="the fronts in hand, e.g. 3,4,5,9,0,0,7")
    hint.add_argument("--plays-made", type=_whole_number, metavar="N", help="plays made earlier this round")
    hint.add_argument("--draw-visible", type=_whole_number, metavar="N", help="the number on top of the draw pile")
    hint.add_argument("--out-of-game", metavar="NUMBERS", help="numbers seen on the discard pile, e.g. 8,8,8")
    hint.add_argument("--last-round", action="store_true", help="someone has already knocked")
    _add_request_json_and_lang(hint, HINT)


# ----------------------------------------------------------------- score


def _score_from_flags(args: argparse.Namespace, prog: str) -> dict[str, Any]:
    sums: dict[str, int] = {}
    for item in comma_items(args.sums):
        name, equals, number = (part.strip() for part in item.partition("="))
        total = _whole(number)
        if not name or not equals or total is None:
            raise UsageError(f"{prog}: error: --sums: expected NAME=SUM such as Linus=2, not {item!r}")
        if name in sums:
            raise UsageError(f"{prog}: error: --sums: {name} is given twice")
        sums[name] = total
    return {"sums": sums, "knocker": args.knocker}


SCORE = _Subcommand(
    "score",
    QuandoScoreRequestSchema,
    {"sums": "--sums", "knocker": "--knocker"},
    ("sums",),
    _score_from_flags,
    lambda request: score_answer(request["sums"], request["knocker"], lang=request.get("lang", "en")),
)


def _add_score(subcommands: argparse._SubParsersAction[Parser]) -> None:
    score = subcommands.add_parser(
        "score",
        help="score a finished round",
        description="Score a round from each player's sum in hand: the lowest sums score 0, and a knocker who is "
        "not alone with the lowest sum adds 5.",
    )
    score.add_argument("--sums", help="each player's sum in seat order, e.g. Linus=2,Tim=11,Sarah=6,Maria=4")
    score.add_argument("--knocker", metavar="NAME", help="the player who knocked, if anyone did")
    _add_request_json_and_lang(score, SCORE)


# ----------------------------------------------------------------- reference


def _add_reference(subcommands: argparse._SubParsersAction[Parser]) -> None:
    reference = subcommands.add_parser(
        "reference",
        help="the violation codes and the rulings",
        description="List Quando's violation codes with the rulebook section each enforces, and the rulings.",
    )
    _add_json_and_lang(reference)
    reference.set_defaults(handler=_run_reference)


def _run_reference(args: argparse.Namespace, out: TextIO, _stdin: TextIO) -> int:
    lang = args.lang or DEFAULT_LANGUAGE
    return print_answer(reference_answer(lang), lambda: explain_reference(lang), as_json=args.json, out=out)


# ----------------------------------------------------------------- shared


def _run(subcommand: _Subcommand, args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    prog = subcommand.prog
    given = [flag for field, flag in subcommand.flags.items() if getattr(args, field) not in (None, False)]
    if args.request is not None:
        if given:
            raise UsageError(f"{prog}: error: --request holds the whole request; drop {', '.join(given)}")
        document = with_language(read_json_request("--request", args.request, stdin), args)
        request = load_request(
            subcommand.schema(), document, prog=subcommand.prog, label=lambda field: f"--request: {field}"
        )
    else:
        missing = [subcommand.flags[field] for field in subcommand.required if getattr(args, field) is None]
        if missing:
            raise UsageError(f"{prog}: error: give {', '.join(missing)}, or --request")
        document = with_language(subcommand.request_from_flags(args, prog), args)
        request = load_request(
            subcommand.schema(), document, prog=subcommand.prog, label=lambda field: subcommand.flags.get(field, field)
        )
    answer = subcommand.answer(request)
    return print_answer(answer, lambda: str(answer["explanation"]), as_json=args.json, out=out)


def _numbers(prog: str, flag: str, text: str) -> list[int]:
    """Comma-separated whole numbers; their range is the schema's to check, so its message names it."""
    numbers = []
    for item in comma_items(text):
        number = _whole(item)
        if number is None:
            raise UsageError(f"{prog}: error: {flag}: expected numbers separated by commas such as 3,4,5, not {item!r}")
        numbers.append(number)
    return numbers


def _whole_number(text: str) -> int:
    number = _whole(text)
    if number is None:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}")
    return number


def _whole(text: str) -> int | None:
    """``text`` as a whole number, or ``None`` when it is not one (or too long for ``int`` to read)."""
    if _WHOLE_NUMBER.fullmatch(text.strip()) is None:
        return None
    try:
        return int(text)
    except ValueError:
        return None

"""``nambarz thegame``: The Game's subcommands.

Each subcommand is one function that adds its parser (with its handler)
and one line in :func:`add_commands`.  ``check`` reads its input from flags
or from ``--request`` (the HTTP API's JSON body, inline, ``@FILE`` or ``-``);
both go through the API's request schema, so the input is checked the same
way and ``--json`` prints exactly the API's answer.  Without ``--json``
they print the answer's ``explanation``, in the language of ``--lang``
(which wins over a ``lang`` in ``--request``).

>>> from api.cli import main
>>> main(["thegame", "check", "--piles", "asc1=47,asc2=1,desc1=65,desc2=100", "--hand", "37,75,12",
...       "--draw-pile", "50", "--play", "37>asc1,75>desc1"])
Legal play: 37>asc1, 75>desc1 (2 cards laid; this turn needs at least 2).
  1. 37 on asc1 showing 47: ten back.
  2. 75 on desc1 showing 65: ten back.
  Piles after: asc1 37, asc2 1, desc1 75, desc2 100.
  Draw 2 cards; the hand keeps 12.
0
>>> main(["thegame", "check", "--piles", "asc1=47,asc2=1,desc1=65,desc2=100", "--hand", "37,75,12",
...       "--draw-pile", "50", "--play", "37>asc1,75>desc1", "--lang", "de"])
Erlaubter Zug: 37>asc1, 75>desc1 (2 Karten gelegt; dieser Zug verlangt mindestens 2).
  1. 37 auf asc1 mit 47: zehn zurück.
  2. 75 auf desc1 mit 65: zehn zurück.
  Stapel danach: asc1 37, asc2 1, desc1 75, desc2 100.
  Zieh 2 Karten; auf der Hand: 12.
0
"""

from __future__ import annotations

import argparse
import re
from typing import Any, TextIO

from marshmallow import Schema

from api.answers.thegame import check_answer, hint_answer
from api.cli.common import (
    Parser,
    UsageError,
    add_language_option,
    bounded,
    comma_items,
    load_request,
    print_answer,
    read_json_request,
    read_labelled,
    with_language,
)
from api.schemas.thegame import TheGameCheckRequestSchema, TheGameHintRequestSchema
from solver.errors import NambarzError
from solver.thegame.bots import BOTS
from solver.thegame.rules import MAX_PLAYERS, MIN_PLAYERS, Variant
from solver.thegame.simulate import MAX_GAMES, simulate
from solver.thegame.state import parse_placement
from tutor.i18n import DEFAULT_LANGUAGE
from tutor.thegame import explain_simulation

CHECK = "nambarz thegame check"
HINT = "nambarz thegame hint"

POSITION_FLAGS = {
    "piles": "--piles",
    "hand": "--hand",
    "draw_pile": "--draw-pile",
    "variant": "--variant",
    "on_fire": "--on-fire",
    "fire_due": "--fire-due",
}
"""The flag that gives each field of the position in the API's requests."""

CHECK_FLAGS = {**POSITION_FLAGS, "play": "--play"}
HINT_FLAGS = {**POSITION_FLAGS, "played": "--played", "requests": "--requests", "alone": "--alone"}


def add_commands(commands: argparse._SubParsersAction[Parser]) -> None:
    """Add ``thegame`` and its subcommands to the ``nambarz`` command line."""
    thegame = commands.add_parser(
        "thegame",
        help="The Game (Benndorf): judge a play, suggest a turn, self-play",
        description="The Game: the cooperative game of laying 2–99 on two piles going up and two going down.",
    )
    subcommands = thegame.add_subparsers(dest="thegame_command", required=True, metavar="SUBCOMMAND")
    _add_check(subcommands)
    _add_hint(subcommands)
    _add_simulate(subcommands)


# ----------------------------------------------------------------- check


def _add_check(subcommands: argparse._SubParsersAction[Parser]) -> None:
    check = subcommands.add_parser(
        "check",
        help="judge a whole play from a position",
        description="Judge every placement of a play in order, the minimum it must lay and the fire cards it must "
        "cover. An illegal placement is skipped: its card stays in hand and the rest is judged without it.",
    )
    _position_arguments(check)
    check.add_argument("--play", help="the placements in order, e.g. '37>asc1,75>desc1' ('' for none)")
    _request_arguments(check)
    check.set_defaults(handler=_run_check)


def _position_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("--piles", help="the four tops, e.g. asc1=47,asc2=1,desc1=65,desc2=100")
    command.add_argument("--hand", help="the hand of the player to move, e.g. 37,75,12")
    command.add_argument("--draw-pile", type=_whole_number, metavar="CARDS", help="cards left in the draw pile")
    command.add_argument("--variant", choices=[variant.value for variant in Variant], help="standard (default) or pro")
    command.add_argument("--on-fire", action="store_true", help="play with the On Fire expansion")
    command.add_argument("--fire-due", metavar="PILES", help="with --on-fire: piles whose fire card is due, e.g. desc1")


def _request_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--request", metavar="JSON", help="the API's JSON body instead of the flags: inline, @FILE, or - for stdin"
    )
    command.add_argument("--json", action="store_true", help="print the API's JSON instead of text")
    add_language_option(command)


def _run_check(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    request = _load(
        args, stdin, TheGameCheckRequestSchema(), CHECK, CHECK_FLAGS, required=("piles", "hand", "draw_pile", "play")
    )
    answer = check_answer(request["position"], request["play"], lang=request.get("lang", "en"))
    return print_answer(answer, lambda: str(answer["explanation"]), as_json=args.json, out=out)


def _load(
    args: argparse.Namespace,
    stdin: TextIO,
    schema: Schema,
    prog: str,
    flags: dict[str, str],
    *,
    required: tuple[str, ...],
) -> dict[str, Any]:
    """The request from ``--request`` or from the flags, loaded with the API's schema."""
    flags_given = [flag for field, flag in flags.items() if getattr(args, field) not in (None, False)]
    if args.request is not None:
        if flags_given:
            raise UsageError(f"{prog}: error: --request holds the whole request; drop {', '.join(flags_given)}")
        document = with_language(read_json_request("--request", args.request, stdin), args)
        return load_request(schema, document, prog=prog, label=lambda field: f"--request: {field}")
    missing = [flags[field] for field in required if getattr(args, field) is None]
    if missing:
        raise UsageError(f"{prog}: error: give {', '.join(missing)}, or --request")
    document = _position_from_flags(args)
    if "play" in flags:
        document["play"] = [_placement(item) for item in comma_items(args.play)]
    else:
        document["alone"] = args.alone
        if args.played is not None:
            document["played"] = [_number("--played", item) for item in comma_items(args.played)]
        if args.requests is not None:
            document["requests"] = [_requests(teammate) for teammate in args.requests.split(";")]
    return load_request(schema, with_language(document, args), prog=prog, label=lambda field: flags.get(field, field))


def _position_from_flags(args: argparse.Namespace) -> dict[str, Any]:
    """The position part of the API's request body, written by the flags."""
    document: dict[str, Any] = {
        "piles": _tops(args.piles),
        "hand": [_number("--hand", item) for item in comma_items(args.hand)],
        "draw_pile": args.draw_pile,
        "on_fire": args.on_fire,
    }
    if args.variant is not None:
        document["variant"] = args.variant
    if args.fire_due is not None:
        document["fire_due"] = comma_items(args.fire_due)
    return document


def _requests(text: str) -> dict[str, str]:
    """One teammate's pile requests, written ``desc1=really-need,asc2=please-dont``."""
    requests: dict[str, str] = {}
    for item in comma_items(text):
        pile, equals, request = (part.strip() for part in item.partition("="))
        if not pile or not equals:
            raise UsageError(
                f"{HINT}: error: --requests: expected PILE=REQUEST such as desc1=please-dont, not {item!r}"
            )
        requests[pile] = request
    return requests


def _tops(text: str) -> dict[str, int]:
    tops: dict[str, int] = {}
    for item in comma_items(text):
        name, equals, top = (part.strip() for part in item.partition("="))
        if not name or not equals:
            raise UsageError(f"{CHECK}: error: --piles: expected PILE=TOP such as asc1=47, not {item!r}")
        if name in tops:
            raise UsageError(f"{CHECK}: error: --piles: {name} is given twice")
        tops[name] = _number("--piles", top)
    return tops


def _number(label: str, text: str) -> int:
    if re.fullmatch(r"-?[0-9]+", text) is None:
        raise UsageError(f"{CHECK}: error: {label}: expected a whole number, not {text!r}")
    return int(text)


def _placement(text: str) -> dict[str, Any]:
    card, pile = read_labelled("--play", parse_placement, text)
    return {"card": card, "pile": pile}


def _whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of cards, not {text!r}") from None


# ----------------------------------------------------------------- hint


def _add_hint(subcommands: argparse._SubParsersAction[Parser]) -> None:
    hint = subcommands.add_parser(
        "hint",
        help="suggest a turn from a position",
        description="Suggest the turn the strong bot would lay, judged by the referee, using only what the player "
        "may know: the position, the cards laid and the teammates' pile requests (never numbers).",
    )
    _position_arguments(hint)
    hint.add_argument("--played", metavar="CARDS", help="every card laid so far (default: the cards on the piles)")
    hint.add_argument(
        "--requests",
        metavar="REQUESTS",
        help="the teammates' pile requests, nearest first, teammates separated by ';', "
        "e.g. 'desc1=really-need;asc2=please-dont'",
    )
    hint.add_argument("--alone", action="store_true", help="no teammate holds cards")
    _request_arguments(hint)
    hint.set_defaults(handler=_run_hint)


def _run_hint(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    request = _load(args, stdin, TheGameHintRequestSchema(), HINT, HINT_FLAGS, required=("piles", "hand", "draw_pile"))
    answer = _suggest(request, "--request: played" if args.request is not None else "--played")
    return print_answer(answer, lambda: str(answer["explanation"]), as_json=args.json, out=out)


def _suggest(request: dict[str, Any], played_label: str) -> dict[str, Any]:
    try:
        return hint_answer(
            request["position"],
            played=request["played"],
            requests=request["requests"],
            alone=request["alone"],
            lang=request.get("lang", "en"),
        )
    except NambarzError as error:
        raise UsageError(f"{HINT}: error: {played_label}: {error}") from None


# ----------------------------------------------------------------- simulate


def _add_simulate(subcommands: argparse._SubParsersAction[Parser]) -> None:
    simulate_command = subcommands.add_parser(
        "simulate",
        help="self-play: a bot plays seeded games for the whole team",
        description="Play seeded games with one bot at every seat and report the win rate (with its 95% confidence "
        "interval), excellent games, the cards left and the speed.",
    )
    simulate_command.add_argument(
        "--players", type=_players, required=True, help=f"players, {MIN_PLAYERS} to {MAX_PLAYERS}"
    )
    simulate_command.add_argument("--games", type=_games, required=True, help=f"games to play, 1 to {MAX_GAMES}")
    simulate_command.add_argument("--seed", type=_seed, default=0, help="seed of the run (default 0)")
    simulate_command.add_argument(
        "--variant", choices=[variant.value for variant in Variant], default="standard", help="standard or pro"
    )
    simulate_command.add_argument("--on-fire", action="store_true", help="play with the On Fire expansion")
    simulate_command.add_argument("--bot", choices=list(BOTS), default="strong", help="the bot (default strong)")
    simulate_command.add_argument("--json", action="store_true", help="print JSON instead of text")
    add_language_option(simulate_command)
    simulate_command.set_defaults(handler=_run_simulate)


_players = bounded(MIN_PLAYERS, MAX_PLAYERS, "players")
_games = bounded(1, MAX_GAMES, "games")
_seed = bounded(0, 2**31 - 1, "as seed")


def _run_simulate(args: argparse.Namespace, out: TextIO, _stdin: TextIO) -> int:
    report = simulate(
        players=args.players,
        games=args.games,
        seed=args.seed,
        variant=Variant(args.variant),
        on_fire=args.on_fire,
        bot=args.bot,
    )
    lang = args.lang or DEFAULT_LANGUAGE
    return print_answer(report.to_dict(), lambda: explain_simulation(report, lang), as_json=args.json, out=out)

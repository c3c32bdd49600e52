"""The ``nambarz`` command line: judge plays and turns, solve and plan hands, score rounds, self-play.

Exit status: 0 when the command answered (an illegal play is an answer),
1 when a ``--batch`` run had bad lines, 2 for bad arguments or input,
with a one-line message on standard error.

>>> main(["check", "--top", "3bee", "--play", "9 / 3", "--json"])  # doctest: +ELLIPSIS
{
  "game": "nambarz",
  "top": "3bee",
  "play": "9 / 3",
  ...
  "legal": false,
  ...
0
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

from api.answers.nambarz import check_answer, plan_answer, score_answer, solve_answer
from api.cli import nmbrs as nmbrs_cli
from api.cli import quando as quando_cli
from api.cli import thegame as thegame_cli
from api.cli.common import (
    EXIT_BAD_BATCH_LINES,
    EXIT_OK,
    EXIT_OUTPUT_CLOSED,
    EXIT_USAGE,
    Parser,
    UsageError,
    bounded,
    comma_items,
    read_labelled,
    to_json,
)
from api.server import DEFAULT_HOST, DEFAULT_PORT, serve
from api.version import version
from solver.nambarz import (
    DEFAULT_TIME_LIMIT,
    Card,
    Chain,
    Deck,
    NambarzError,
    Rules,
    parse_cards,
    solve,
)
from solver.nambarz.notation import Turn
from solver.nambarz.position import Position
from solver.nambarz.rules import parse_domain, parse_operators
from solver.nambarz.simulate import MAX_GAMES, simulate
from solver.nambarz.state import GAME_LENGTHS, Variant
from tutor import exercises
from tutor.hints import HINT_LEVELS, hint
from tutor.i18n import DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES
from tutor.nambarz import explain_simulation
from tutor.worksheets import default_title, worksheet_html, worksheet_text

MAX_TIME_LIMIT = 60.0
BATCH_FIELDS = frozenset({"top", "hand", "rules", "ops"})


def _time_limit(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
    if not 0 < seconds <= MAX_TIME_LIMIT:
        raise argparse.ArgumentTypeError(f"expected seconds above 0 and at most {MAX_TIME_LIMIT:g}, not {text!r}")
    return seconds


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand, the sibling games' included."""
    parser = Parser(
        prog="nambarz",
        description="Referee and solver for the Nambarz mental-arithmetic card game.",
    )
    parser.add_argument("--version", action="version", version=f"nambarz {version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    settings = Parser(add_help=False)
    settings.add_argument(
        "--rules", default="natural", help="arithmetic domain: natural (default), integer or rational"
    )
    settings.add_argument("--ops", default="+-*/", help="allowed operators, e.g. '+-' (default '+-*/')")
    settings.add_argument("--deck", metavar="FILE", help="a deck file replacing the default composition")
    settings.add_argument(
        "--time-limit",
        type=_time_limit,
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
        help=f"stop a search after this long (default {DEFAULT_TIME_LIMIT:g}, at most {MAX_TIME_LIMIT:g})",
    )
    settings.add_argument("--json", action="store_true", help="print JSON instead of text")

    check_command = commands.add_parser(
        "check",
        parents=[settings, _explanation_language()],
        help="judge one play on a top card",
        description="Judge a matching card or a calculation laid on the top card.",
    )
    check_command.add_argument(
        "--top", required=True, help="the top card, e.g. 3bee; with --turn also a change joker left without its card"
    )
    what = check_command.add_mutually_exclusive_group(required=True)
    what.add_argument("--play", help="a card or a calculation, e.g. '10 - 4 / 2'")
    what.add_argument("--turn", help="plays separated by ';', e.g. '9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1'")
    check_command.set_defaults(handler=_run_check)

    solve_command = commands.add_parser(
        "solve",
        parents=[settings, _explanation_language()],
        help="list every legal play from a hand",
        description="List the cards playable alone and every legal calculation from a hand.",
    )
    _add_position_arguments(solve_command)
    solve_command.add_argument(
        "--batch",
        metavar="FILE",
        help='JSON lines, each {"top": ..., "hand": [...], "rules": ..., "ops": ...}; \'-\' reads stdin',
    )
    solve_command.set_defaults(handler=_run_solve)

    score_command = commands.add_parser(
        "score",
        parents=[_explanation_language()],
        help="score a finished round",
        description="Rank the players of a finished round and add up rank and master-stroke points (VIII-X).",
    )
    score_command.add_argument("--players", required=True, help="the names in seat order, e.g. A,B,C,D")
    score_command.add_argument("--finished", required=True, help="the players who went out, in order, e.g. C,A,D")
    score_command.add_argument(
        "--master",
        nargs="+",
        action="extend",
        metavar="NAME=POINTS",
        help="master-stroke points earned this round, e.g. A=7 C=14 (repeatable)",
    )
    score_command.add_argument("--teams", help="teams separated by ';', members by ',', e.g. 'A,B;C,D'")
    score_command.add_argument(
        "--left",
        nargs="+",
        action="extend",
        metavar="NAME=CARDS",
        help="cards still held by each player who did not go out, e.g. B=3 (ranks a team's last players)",
    )
    score_command.add_argument("--json", action="store_true", help="print JSON instead of text")
    score_command.set_defaults(handler=_run_score)

    plan_command = commands.add_parser(
        "plan",
        parents=[settings, _explanation_language()],
        help="the best whole turns from a position, jokers included",
        description="Rank whole turns by cards shed, master-stroke points, then how hard the next top card is.",
    )
    _add_position_arguments(plan_command)
    plan_command.add_argument("--count", type=_count, default=5, help="how many turns to show (default 5)")
    plan_command.set_defaults(handler=_run_plan)

    _add_hint_command(commands, settings)
    _add_exercise_commands(commands)

    simulate_command = commands.add_parser(
        "simulate",
        parents=[settings, _explanation_language()],
        help="self-play between bots, with statistics per bot",
        description="Play seeded games between bots (random, planner, careless) and report statistics per bot.",
    )
    simulate_command.add_argument("--players", type=_players, default=4, help="players per game, 2 to 12")
    simulate_command.add_argument("--games", type=_games, default=100, help=f"games to play, 1 to {MAX_GAMES}")
    simulate_command.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    simulate_command.add_argument(
        "--bots", default="planner,random", help="bots given to the seats in turn, e.g. planner,random,random"
    )
    simulate_command.add_argument("--rounds", type=int, choices=GAME_LENGTHS, default=1, help="rounds per game")
    simulate_command.add_argument(
        "--variant", choices=[variant.value for variant in Variant], default="beginners", help="number of jokers"
    )
    simulate_command.set_defaults(handler=_run_simulate)

    serve_command = commands.add_parser(
        "serve",
        help="run the HTTP API (gunicorn)",
        description="Serve the HTTP API with gunicorn; OpenAPI document at /api/openapi.json, docs at /api/docs.",
    )
    serve_command.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST})")
    serve_command.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    serve_command.add_argument("--workers", type=_workers, default=2, help="worker processes, 1 to 32 (default 2)")
    serve_command.set_defaults(handler=_run_serve)
    thegame_cli.add_commands(commands)
    quando_cli.add_commands(commands)
    nmbrs_cli.add_commands(commands)
    return parser


def _add_hint_command(commands: argparse._SubParsersAction[Parser], settings: Parser) -> None:
    hint_command = commands.add_parser(
        "hint",
        parents=[settings],
        help="a hint for a position: what exists, a first step, or the best turn",
        description="Hint at level 1 (what exists), 2 (the first card of the best turn) or 3 (the best whole turn).",
    )
    _add_position_arguments(hint_command)
    hint_command.add_argument(
        "--level", type=_hint_level, default=1, help="1: what exists (default), 2: a first step, 3: the best turn"
    )
    hint_command.add_argument(
        "--lang", choices=SUPPORTED_LANGUAGES, default=DEFAULT_LANGUAGE, help="language of the hint (default en)"
    )
    hint_command.set_defaults(handler=_run_hint)


def _add_exercise_commands(commands: argparse._SubParsersAction[Parser]) -> None:
    exercises_command = commands.add_parser(
        "exercises",
        parents=[_exercise_choice()],
        help="solver-verified exercises for teachers, with their answer key",
        description="Print exercises and their answer key; the same seed gives the same exercises.",
    )
    exercises_command.add_argument(
        "--json", action="store_true", help="print the API's JSON (/api/v1/tutor/exercises) instead of text"
    )
    exercises_command.set_defaults(handler=_run_exercises)
    worksheet_command = commands.add_parser(
        "worksheet",
        parents=[_exercise_choice()],
        help="a printable HTML worksheet of exercises, with the answer key on its own page",
        description="Write solver-verified exercises as an HTML page to print; the same seed gives the same page.",
    )
    worksheet_command.add_argument(
        "--title", help="the heading of the page (default 'Nambarz worksheet', in the language of --lang)"
    )
    worksheet_command.add_argument(
        "-o", "--output", default="-", metavar="FILE", help="the HTML file to write; '-' (default) prints it"
    )
    worksheet_command.set_defaults(handler=_run_worksheet)


def _exercise_choice() -> Parser:
    """The options that choose exercises (as the body of ``/api/v1/tutor/exercises``), as a parent parser."""
    choice = Parser(add_help=False)
    levels = exercises.LEVELS
    choice.add_argument(
        "--level",
        type=bounded(min(levels), max(levels), "as level"),
        default=1,
        help="1: + −, 2: adds ×, 3: needs ÷, 4: master strokes, 5: mixed with traps (default 1)",
    )
    choice.add_argument(
        "--count", type=bounded(1, exercises.MAX_COUNT, "exercises"), default=12, help="exercises (default 12)"
    )
    choice.add_argument("--seed", type=int, default=0, help="same seed, same exercises (default 0)")
    choice.add_argument(
        "--kinds", default=",".join(exercises.KINDS), help="kinds given in rotation, e.g. cover,referee (default all)"
    )
    choice.add_argument("--rules", default="natural", help="arithmetic domain (default natural)")
    choice.add_argument(
        "--lang",
        choices=exercises.LANGUAGES,
        default=DEFAULT_LANGUAGE,
        help="language of the prompts, labels and answer key (default en)",
    )
    return choice


def _add_position_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("--top", help="the top card, e.g. 3bee")
    command.add_argument("--hand", help="the hand, cards separated by spaces, e.g. '1 2 4 7fish'")
    command.add_argument(
        "--position", help="top card and hand in one, 'TOP / HAND [/ DOMAIN OPS]', e.g. '3bee / 1 2 4 7fish'"
    )


_count = bounded(1, 20, "turns")
_hint_level = bounded(min(HINT_LEVELS), max(HINT_LEVELS), "as hint level")
_port = bounded(1, 65535, "as port")
_workers = bounded(1, 32, "workers")
_players = bounded(2, 12, "players")
_games = bounded(1, MAX_GAMES, "games")


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None, stdin: TextIO | None = None) -> int:
    """Run the command line; return the exit status."""
    out = stdout or sys.stdout
    try:
        args = build_parser().parse_args(argv)
        return int(args.handler(args, out, stdin or sys.stdin))
    except BrokenPipeError:
        # The reader stopped early (as `| head` does): silence the flush at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OUTPUT_CLOSED
    except UsageError as error:
        print(error, file=sys.stderr)
    except NambarzError as error:
        print(f"nambarz: error: {error}", file=sys.stderr)
    return EXIT_USAGE


def _settings(args: argparse.Namespace) -> tuple[Rules, Deck]:
    rules = Rules(read_labelled("--rules", parse_domain, args.rules), read_labelled("--ops", parse_operators, args.ops))
    deck = Deck.load(args.deck) if args.deck else Deck.default()
    return rules, deck


def _explanation_language() -> Parser:
    """The ``--lang`` option of the commands that explain a verdict in words, as a parent parser."""
    option = Parser(add_help=False)
    option.add_argument(
        "--lang", choices=SUPPORTED_LANGUAGES, default=DEFAULT_LANGUAGE, help="language of the explanation (default en)"
    )
    return option


def _print_answer(answer: dict[str, Any], args: argparse.Namespace, out: TextIO) -> int:
    """The API's whole answer with ``--json``, else its explanation in words."""
    print(to_json(answer) if args.json else answer["explanation"], file=out)
    return EXIT_OK


def _run_check(args: argparse.Namespace, out: TextIO, _stdin: TextIO) -> int:
    rules, deck = _settings(args)
    top = read_labelled("--top", Card.parse, args.top)
    play: Chain | Turn = (
        read_labelled("--turn", Turn.parse, args.turn)
        if args.turn is not None
        else read_labelled("--play", Chain.parse, args.play)
    )
    answer = check_answer(top, play, rules, deck=deck, time_limit=args.time_limit, lang=args.lang)
    return _print_answer(answer, args, out)


def _run_solve(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    rules, deck = _settings(args)
    if args.batch is not None:
        if args.top is not None or args.hand is not None or args.position is not None:
            raise UsageError(
                "nambarz solve: error: --batch reads top and hand from its lines; drop --top/--hand/--position"
            )
        return _run_batch(args, rules, deck, out, stdin)
    top, hand, rules = _position(args, rules, "give --top and --hand, --position, or --batch FILE")
    answer = solve_answer(top, hand, rules, deck=deck, time_limit=args.time_limit, lang=args.lang)
    return _print_answer(answer, args, out)


def _position(args: argparse.Namespace, rules: Rules, missing: str) -> tuple[Card, list[Card], Rules]:
    """Top card, hand and rules from --top/--hand or --position (whose rules part, if any, wins)."""
    command = f"nambarz {args.command}"
    if args.position is not None:
        if args.top is not None or args.hand is not None:
            raise UsageError(f"{command}: error: give either --position or --top and --hand, not both")
        position = read_labelled("--position", Position.parse, args.position)
        return position.top, list(position.hand), position.rules or rules
    if args.top is None or args.hand is None:
        raise UsageError(f"{command}: error: {missing}")
    return read_labelled("--top", Card.parse, args.top), list(read_labelled("--hand", parse_cards, args.hand)), rules


def _run_plan(args: argparse.Namespace, out: TextIO, _stdin: TextIO) -> int:
    rules, deck = _settings(args)
    top, hand, rules = _position(args, rules, "give --top and --hand, or --position")
    deck.require([top, *hand], what="top card and hand")
    answer = plan_answer(top, hand, rules, count=args.count, deck=deck, time_limit=args.time_limit, lang=args.lang)
    return _print_answer(answer, args, out)


def _run_hint(args: argparse.Namespace, out: TextIO, _stdin: TextIO) -> int:
    rules, deck = _settings(args)
    top, hand, rules = _position(args, rules, "give --top and --hand, or --position")
    answer = hint(top, hand, rules, args.level, deck=deck, time_limit=args.time_limit, lang=args.lang)
    print(to_json(answer.to_dict()) if args.json else answer.text, file=out)
    return EXIT_OK


def _chosen_exercises(args: argparse.Namespace) -> list[exercises.Exercise]:
    """The exercises the options of :func:`_exercise_choice` ask for."""
    kinds = comma_items(args.kinds)
    unknown = [kind for kind in kinds if kind not in exercises.KINDS]
    if not kinds or unknown:
        raise UsageError(
            f"nambarz {args.command}: error: --kinds: expected kinds among {', '.join(exercises.KINDS)}, "
            f"not {args.kinds!r}"
        )
    rules = Rules(read_labelled("--rules", parse_domain, args.rules))
    return exercises.generate(args.level, args.count, args.seed, kinds, rules, lang=args.lang)


def _run_exercises(args: argparse.Namespace, out: TextIO, _stdin: TextIO) -> int:
    chosen = _chosen_exercises(args)
    if args.json:
        print(to_json({"exercises": [exercise.to_dict() for exercise in chosen]}), file=out)
    else:
        title = default_title(args.lang)
        print(worksheet_text(chosen, title=title, level=args.level, seed=args.seed, lang=args.lang), file=out)
    return EXIT_OK


def _run_worksheet(args: argparse.Namespace, out: TextIO, _stdin: TextIO) -> int:
    if args.title is not None and not args.title.strip():
        raise UsageError("nambarz worksheet: error: --title: expected a heading that is not blank")
    chosen = _chosen_exercises(args)
    title = args.title if args.title is not None else default_title(args.lang)
    page = worksheet_html(chosen, title=title, level=args.level, seed=args.seed, lang=args.lang)
    if args.output == "-":
        out.write(page)
        return EXIT_OK
    try:
        with open(args.output, "w", encoding="utf-8") as sheet:
            sheet.write(page)
    except OSError as error:
        raise UsageError(f"nambarz worksheet: error: -o {args.output!r} cannot be written: {error.strerror}") from None
    return EXIT_OK


def _run_simulate(args: argparse.Namespace, out: TextIO, _stdin: TextIO) -> int:
    rules, deck = _settings(args)
    bots = [name.strip() for name in args.bots.split(",") if name.strip()]
    report = simulate(
        players=args.players,
        games=args.games,
        seed=args.seed,
        bots=bots,
        rounds=args.rounds,
        variant=Variant(args.variant),
        rules=rules,
        deck=deck,
    )
    print(to_json(report.to_dict()) if args.json else explain_simulation(report, args.lang), file=out)
    return EXIT_OK


def _run_serve(args: argparse.Namespace, _out: TextIO, _stdin: TextIO) -> int:
    serve(args.host, args.port, args.workers)
    return EXIT_OK


def _run_batch(args: argparse.Namespace, rules: Rules, deck: Deck, out: TextIO, stdin: TextIO) -> int:
    if args.batch == "-":
        return _solve_lines(stdin, rules, deck, args.time_limit, out)
    try:
        with open(args.batch, encoding="utf-8") as lines:
            return _solve_lines(lines, rules, deck, args.time_limit, out)
    except OSError as error:
        raise UsageError(f"nambarz solve: error: --batch {args.batch!r} cannot be read: {error.strerror}") from None


def _solve_lines(lines: Iterable[str], rules: Rules, deck: Deck, time_limit: float, out: TextIO) -> int:
    """One JSON result per non-blank input line; a bad line gives an error object and the run goes on."""
    status = EXIT_OK
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            result: dict[str, Any] = _solve_line(line, rules, deck, time_limit)
        except NambarzError as error:
            result = {"error": {"code": error.code, "message": str(error), "line": number}}
            status = EXIT_BAD_BATCH_LINES
        print(json.dumps(result, ensure_ascii=False), file=out, flush=True)
    return status


class BatchLineError(NambarzError):
    """A batch line that is not a JSON object of the documented shape."""

    code = "invalid-batch-line"


def _solve_line(line: str, default_rules: Rules, deck: Deck, time_limit: float) -> dict[str, Any]:
    try:
        request = json.loads(line)
    except json.JSONDecodeError as error:
        raise BatchLineError(f"not valid JSON: {error.msg} at column {error.colno}") from None
    if not isinstance(request, dict):
        raise BatchLineError("expected a JSON object with 'top' and 'hand'")
    unknown = sorted(set(request) - BATCH_FIELDS)
    if unknown:
        raise BatchLineError(f"unknown field {unknown[0]!r}; expected top, hand, rules, ops")
    for field in ("top", "hand"):
        if field not in request:
            raise BatchLineError(f"missing field {field!r}")
    if not isinstance(request["top"], str):
        raise BatchLineError("'top' must be a card such as \"3bee\"")
    hand = request["hand"]
    if not isinstance(hand, list) or not all(isinstance(card, str) for card in hand):
        raise BatchLineError('\'hand\' must be a list of cards such as ["1", "2"]')
    rules = Rules.parse(request.get("rules", default_rules.domain.value), request.get("ops", default_rules.operators))
    top = read_labelled("top", Card.parse, request["top"])
    cards = [read_labelled(f"hand[{index}]", Card.parse, card) for index, card in enumerate(hand)]
    return solve(top, cards, rules, deck=deck, time_limit=time_limit).to_dict()


def _run_score(args: argparse.Namespace, out: TextIO, _stdin: TextIO) -> int:
    players = _names("--players", args.players)
    finished = _names("--finished", args.finished)
    teams = None if args.teams is None else [_names("--teams", team) for team in args.teams.split(";")]
    master = _named_numbers("--master", args.master or [], "POINTS")
    left = None if args.left is None else _named_numbers("--left", args.left, "CARDS")
    answer = score_answer(players, finished, master=master, teams=teams, cards_left=left, lang=args.lang)
    return _print_answer(answer, args, out)


def _names(label: str, text: str) -> list[str]:
    """Comma-separated names; blank text is no names at all."""
    if not text.strip():
        return []
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise UsageError(f"nambarz score: error: {label}: empty name in {text!r}; separate names with ','")
    return names


def _named_numbers(label: str, items: Iterable[str], unit: str) -> dict[str, int]:
    """``NAME=N`` items (each may also hold several, comma-separated) as a mapping; a name given twice is refused."""
    numbers: dict[str, int] = {}
    for item in (part for text in items for part in text.split(",")):
        name, equals, number = (piece.strip() for piece in item.partition("="))
        try:
            value = int(number)
        except ValueError:
            value = None
        if not name or not equals or value is None:
            raise UsageError(f"nambarz score: error: {label}: expected NAME={unit} such as A=7, not {item!r}")
        if name in numbers:
            raise UsageError(f"nambarz score: error: {label}: {name} is given twice")
        numbers[name] = value
    return numbers

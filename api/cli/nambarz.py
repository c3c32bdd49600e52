"""The Nambarz commands: ``check``, ``solve``, ``plan``, ``score``, ``hint``, ``reference``, ``deck`` and ``simulate``.

They are the group ``nambarz nambarz`` (as every game has its group), and
each is also a top-level shortcut: ``nambarz check`` is ``nambarz nambarz
check``.

A position may be given the way people write it: ``nambarz check 3bee
"6 + 5 + 2 - 10"`` (the top card, then the play or, for ``solve``, ``plan``
and ``hint``, the hand) as well as with ``--top``/``--play``/``--turn``/
``--hand``/``--position``.  A card may be written ``3-bee`` or ``3 ape``, and a
play may end with the result it announces, ``6+5+2-10 = 3`` (the notation
of :mod:`solver.nambarz.notation` reads all of these, and leaves the
announced result out of the lay).  A play with ``;`` or a joker is read as a
whole turn.
``--request`` takes the API's JSON body instead, loaded through the API's
schema with the deck of ``--deck``; ``--json`` prints the API's answer.

>>> from api.command import main
>>> main.main(["check", "3-bee", "6+5+2-10 = 3"], standalone_mode=False)
Fewer cards would do: 6 ÷ 2. 6 ÷ 2 stays on the table; you take back 5 and 10 and draw 3 cards.
  Rule III.2, penalty V.1: fewer cards already reach the target: 6 ÷ 2.
  Steps: 6 + 5 = 11, 11 + 2 = 13, 13 − 10 = 3.
  Rules: natural numbers, operations + − × ÷.
  Rules digest: a non-minimal calculation is cut to a smallest sub-calculation, the rest returns.
0
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import click

from api.cli import COMMANDS, GAME_COMMANDS
from api.cli.common import (
    BATCH_EXPECTED,
    EXIT_BAD_BATCH_LINES,
    EXIT_OK,
    MAX_BATCH_LINE_BYTES,
    CommandGroup,
    answer_language,
    choice_option,
    comma_items,
    echo_answer,
    fail,
    given,
    json_option,
    lang_option,
    load_request,
    number_option,
    progress_bar,
    read,
    read_deck,
    read_json_request,
    read_list,
    read_user_lines,
    reference_text,
    refuse_mixed_input,
    request_label,
    request_option,
    said_of,
    to_json,
    use_language,
    with_language,
)
from api.cli.self_play import append_rows, rows_file_for, self_play_options, workers
from services.answers.nambarz import (
    check_answer,
    deck_answer,
    hint_answer,
    plan_answer,
    reference_answer,
    score_answer,
    solve_answer,
)
from solver.errors import GameError, NambarzError
from solver.nambarz.bots import BOTS
from solver.nambarz.cards import Card, parse_cards, split_first_card
from solver.nambarz.deck import Deck
from solver.nambarz.hand_solver import solve as solve_hand
from solver.nambarz.hint import HINT_LEVELS
from solver.nambarz.minimal_calculations import DEFAULT_TIME_LIMIT
from solver.nambarz.notation import Chain, Turn
from solver.nambarz.position import Position
from solver.nambarz.rules import Rules, parse_domain, parse_operators
from solver.nambarz.rulings import RULINGS
from solver.nambarz.simulate import MAX_GAMES, GameRow
from solver.nambarz.simulate import simulate as simulate_games
from solver.nambarz.simulate import sweep as sweep_games
from solver.nambarz.state import GAME_LENGTHS, Variant
from tutor.nambarz import explain_simulation, explain_sweep

if TYPE_CHECKING:
    from marshmallow import Schema

MAX_TIME_LIMIT = 60.0
BATCH_FIELDS = frozenset({"top", "hand", "rules", "ops"})

_JOKER_WORD = re.compile(r"(?<!\w)[Jj][^\W\d_]+")


def _top_and_rest(words: Sequence[str], rest: str, example: str) -> tuple[Card, str]:
    """The top card (the first card of the words) and the text after it."""
    top, after = read("TOP", split_first_card, " ".join(words))
    if not after:
        fail(rest, f"expected it after the top card {top}, as in {example}")
    return top, after


def _position(
    words: Sequence[str],
    top: str | None,
    hand: str | None,
    position: str | None,
    *,
    rules: Rules,
    example: str,
    alternatives: str = "or --request",
) -> tuple[Card, list[Card], Rules]:
    """Top card, hand and rules from ``TOP HAND``, ``--top``/``--hand`` or ``--position`` (whose rules part wins).

    ``example`` is a command that gives ``TOP HAND``, quoted when none of the
    ways is given, with the ``alternatives`` the command also takes.
    """
    given_options = ((top, "--top"), (hand, "--hand"), (position, "--position"))
    options = [written for value, written in given_options if value is not None]
    if words:
        if options:
            fail("TOP HAND", f"give the position as arguments or with {', '.join(options)}, not both")
        text = " ".join(words)
        if "/" in text:
            return _from_position("TOP HAND", text, rules)
        top_card, hand_text = _top_and_rest(words, "HAND", example)
        return top_card, list(read("HAND", parse_cards, hand_text)), rules
    if position is not None:
        if top is not None or hand is not None:
            fail("--position", "give either --position or --top and --hand, not both")
        return _from_position("--position", position, rules)
    if top is None or hand is None:
        fail(None, f"expected TOP HAND (as in {example}), --top and --hand, --position, {alternatives}")
    return read("--top", Card.parse, top), list(read("--hand", parse_cards, hand)), rules


def _from_position(label: str, text: str, rules: Rules) -> tuple[Card, list[Card], Rules]:
    position = read(label, Position.parse, text)
    return position.top, list(position.hand), position.rules or rules


# ----------------------------------------------------------------- shared options


def _seconds(_ctx: click.Context, _param: click.Parameter, value: str) -> float:
    """A search's time limit: seconds above 0 and at most :data:`MAX_TIME_LIMIT`."""
    try:
        seconds = float(value)
    except ValueError:
        raise click.BadParameter(f"expected a number of seconds, not {value!r}") from None
    if not 0 < seconds <= MAX_TIME_LIMIT:
        raise click.BadParameter(f"expected seconds above 0 and at most {MAX_TIME_LIMIT:g}, not {value!r}")
    return seconds


def _game_settings(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--rules``, ``--ops`` and ``--deck``: the game's settings, shared by every command that plays or judges."""
    options = [
        click.option(
            "--rules",
            metavar="RULES",
            default="natural",
            help="arithmetic domain: natural (default), integer or rational",
        ),
        click.option(
            "--ops", metavar="OPERATORS", default="+-*/", help="allowed operators, e.g. '+-' (default '+-*/')"
        ),
        click.option("--deck", "deck_file", metavar="FILE", help="a deck file replacing the default composition"),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _settings(command: Callable[..., Any]) -> Callable[..., Any]:
    """The game's settings and ``--time-limit``, shared by the commands that judge or search once."""
    command = click.option(
        "--time-limit",
        type=str,
        default=f"{DEFAULT_TIME_LIMIT:g}",
        callback=_seconds,
        metavar="SECONDS",
        help=f"stop a search after this long (default {DEFAULT_TIME_LIMIT:g}, at most {MAX_TIME_LIMIT:g})",
    )(command)
    return _game_settings(command)


def _position_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``[TOP HAND]``, ``--top``, ``--hand`` and ``--position``."""
    options = [
        click.argument("words", nargs=-1, metavar="[TOP HAND]"),
        click.option("--top", metavar="CARD", help="the top card, e.g. 3bee"),
        click.option("--hand", metavar="CARDS", help="the hand, cards separated by spaces, e.g. '1 2 4 7fish'"),
        click.option(
            "--position",
            metavar="POSITION",
            help="top card and hand in one, 'TOP / HAND [/ DOMAIN OPS]', e.g. '3bee / 1 2 4 7fish'",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


_POSITION_INPUT = {
    "words": "TOP HAND",
    "top": "--top",
    "hand": "--hand",
    "position": "--position",
    "rules": "--rules",
    "ops": "--ops",
}
"""The parameters that give a part of a position's request, as they are written."""


def _deck(deck_file: str | None) -> Deck:
    return read_deck(deck_file, Deck.from_mapping) if deck_file else Deck.default()


def _rules(domain: str, operators: str) -> Rules:
    return Rules(read("--rules", parse_domain, domain), read("--ops", parse_operators, operators))


def _load_nambarz_request(schema: Callable[..., Schema], text: str, deck: Deck, lang: str | None) -> dict[str, Any]:
    """A Nambarz ``--request``, loaded through the API's ``schema`` with the cards of ``deck`` (and no other bound)."""
    from services.schemas.nambarz import CardLimits  # noqa: PLC0415 - marshmallow only for a command given --request

    limits = CardLimits(deck)
    document = with_language(read_json_request("--request", text), lang)
    return load_request(schema(limits=lambda: limits), document, label=request_label(True, {}))


def _request_rules(request: dict[str, Any]) -> Rules:
    return Rules(request["rules"], request["ops"])


def _asked_position(
    schema: Callable[[], Callable[..., Schema]],
    *,
    request: str | None,
    request_parts: Mapping[str, str],
    words: Sequence[str],
    top: str | None,
    hand: str | None,
    position: str | None,
    rules: Rules,
    deck: Deck,
    lang: str | None,
    example: str,
    alternatives: str = "or --request",
) -> tuple[Card, list[Card], Rules, dict[str, Any]]:
    """The top card, hand and rules asked for, and the loaded ``--request`` (empty when the position was written).

    ``schema`` gives the API's request schema, imported only for a
    ``--request``; ``request_parts`` names the command's own options that
    the request replaces, besides the position's.
    """
    if request is not None:
        refuse_mixed_input({**_POSITION_INPUT, **request_parts}, request=True)
        loaded = _load_nambarz_request(schema(), request, deck, lang)
        return loaded["top"], loaded["hand"], _request_rules(loaded), loaded
    top_card, cards, setting = _position(
        words, top, hand, position, rules=rules, example=example, alternatives=alternatives
    )
    return top_card, cards, setting, {}


def _solve_request_schema() -> Callable[..., Schema]:
    from services.schemas.nambarz import SolveRequestSchema  # noqa: PLC0415 - marshmallow only for --request

    return SolveRequestSchema


def _plan_request_schema() -> Callable[..., Schema]:
    from services.schemas.nambarz import PlanRequestSchema  # noqa: PLC0415 - marshmallow only for --request

    return PlanRequestSchema


def _hint_request_schema() -> Callable[..., Schema]:
    from services.schemas.nambarz import HintRequestSchema  # noqa: PLC0415 - marshmallow only for --request

    return HintRequestSchema


# ----------------------------------------------------------------- check


@click.command(
    "check",
    short_help=COMMANDS["check"].help,
    help="Judge a matching card or a calculation laid on the top card, or a whole turn (plays separated by ';'). "
    "TOP PLAY may be written as one says it: nambarz check 3bee '6 + 5 + 2 - 10', nambarz check 3-bee '6+5+2-10 = 3'.",
)
@click.argument("words", nargs=-1, metavar="[TOP PLAY]")
@click.option(
    "--top", metavar="CARD", help="the top card, e.g. 3bee; with --turn also a change joker left without its card"
)
@click.option("--play", metavar="PLAY", help="a card or a calculation, e.g. '10 - 4 / 2'")
@click.option(
    "--turn", metavar="TURN", help="plays separated by ';', e.g. '9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1'"
)
@_settings
@request_option()
@json_option()
@lang_option()
def check(
    *,
    words: tuple[str, ...],
    top: str | None,
    play: str | None,
    turn: str | None,
    rules: str,
    ops: str,
    deck_file: str | None,
    time_limit: float,
    request: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    deck = _deck(deck_file)
    loaded: dict[str, Any] = {}
    if request is not None:
        refuse_mixed_input(
            {
                "words": "TOP PLAY",
                "top": "--top",
                "play": "--play",
                "turn": "--turn",
                "rules": "--rules",
                "ops": "--ops",
            },
            request=True,
        )
        from services.schemas.nambarz import CheckRequestSchema  # noqa: PLC0415 - marshmallow only for --request

        loaded = _load_nambarz_request(CheckRequestSchema, request, deck, lang)
        top_card, what, setting = loaded["top"], loaded.get("play") or loaded["turn"], _request_rules(loaded)
    else:
        top_card, what = _play_input(words, top, play, turn)
        setting = _rules(rules, ops)
    answer = check_answer(top_card, what, setting, deck=deck, time_limit=time_limit, lang=answer_language(lang, loaded))
    echo_answer(answer, as_json=as_json)


def _play_input(words: Sequence[str], top: str | None, play: str | None, turn: str | None) -> tuple[Card, Chain | Turn]:
    """The top card and the play or turn, from ``TOP PLAY`` or from ``--top`` with ``--play`` or ``--turn``."""
    options = [written for value, written in ((top, "--top"), (play, "--play"), (turn, "--turn")) if value is not None]
    if words:
        if options:
            fail("TOP PLAY", f"give the top card and the play as arguments or with {', '.join(options)}, not both")
        top_card, text = _top_and_rest(words, "PLAY", "nambarz check 3bee '6 + 5 + 2 - 10'")
        if ";" in text or _JOKER_WORD.search(text):
            return top_card, read("PLAY", Turn.parse, text)
        return top_card, read("PLAY", Chain.parse, text)
    if top is None:
        fail(
            None,
            "expected TOP PLAY (as in nambarz check 3bee '6 + 5 + 2 - 10'), --top with --play or --turn, or --request",
        )
    if play is not None and turn is not None:
        fail("--play", "give either --play or --turn, not both")
    if play is None and turn is None:
        fail("--top", "expected --play or --turn with it")
    top_card = read("--top", Card.parse, top)
    if turn is not None:
        return top_card, read("--turn", Turn.parse, turn)
    return top_card, read("--play", Chain.parse, str(play))


# ----------------------------------------------------------------- solve


@click.command(
    "solve",
    short_help=COMMANDS["solve"].help,
    help="List the cards playable alone and every legal calculation from a hand. TOP HAND may be written as one "
    "says it (nambarz solve 3bee 1 2 4 7fish) or as a position (nambarz solve '3bee / 1 2 4 / integer +-').",
)
@_position_options
@click.option(
    "--batch",
    metavar="FILE",
    help='JSON lines, each {"top": ..., "hand": [...], "rules": ..., "ops": ...}; \'-\' reads stdin',
)
@_settings
@request_option()
@json_option()
@lang_option()
def solve(
    *,
    words: tuple[str, ...],
    top: str | None,
    hand: str | None,
    position: str | None,
    batch: str | None,
    rules: str,
    ops: str,
    deck_file: str | None,
    time_limit: float,
    request: str | None,
    as_json: bool,
    lang: str | None,
) -> int:
    deck = _deck(deck_file)
    if batch is not None and request is None:
        mixed = [_POSITION_INPUT[name] for name in ("words", "top", "hand", "position") if given(name)]
        if mixed:
            fail("--batch", f"it reads the top card and hand from its lines; drop {', '.join(mixed)}")
        return _run_batch(batch, _rules(rules, ops), deck, time_limit)
    top_card, cards, setting, loaded = _asked_position(
        _solve_request_schema,
        request=request,
        request_parts={"batch": "--batch"},
        words=words,
        top=top,
        hand=hand,
        position=position,
        rules=_rules(rules, ops),
        deck=deck,
        lang=lang,
        example="nambarz solve 3bee '1 2 4 7fish'",
        alternatives="--batch FILE, or --request",
    )
    answer = solve_answer(
        top_card, cards, setting, deck=deck, time_limit=time_limit, lang=answer_language(lang, loaded)
    )
    echo_answer(answer, as_json=as_json)
    return EXIT_OK


def _run_batch(source: str, rules: Rules, deck: Deck, time_limit: float) -> int:
    """Solve each line of the file ``source`` (``-``: standard input), read a line at a time.

    A line longer than :data:`~api.cli.common.MAX_BATCH_LINE_BYTES`, or a
    file that cannot be read, stops the run (exit status 2) after the lines
    before it were answered; any other bad line is answered with an error.
    """
    lines = read_user_lines("--batch", source, limit=MAX_BATCH_LINE_BYTES, expected=BATCH_EXPECTED)
    return _solve_lines(lines, rules, deck, time_limit)


def _solve_lines(lines: Iterable[bytes], rules: Rules, deck: Deck, time_limit: float) -> int:
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
        click.echo(json.dumps(result, ensure_ascii=False))
        sys.stdout.flush()
    return status


class BatchLineError(NambarzError):
    """A batch line that is not a JSON object of the documented shape."""

    code = "invalid-batch-line"


def _solve_line(line: bytes, default_rules: Rules, deck: Deck, time_limit: float) -> dict[str, Any]:
    from services.json_body import BodyError, read_json_body  # noqa: PLC0415 - only a batch reads JSON lines

    try:
        request = read_json_body(line)
    except BodyError as error:
        raise BatchLineError(said_of(error, "the line")) from None
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
    top = _labelled("top", Card.parse, request["top"])
    cards = [_labelled(f"hand[{index}]", Card.parse, card) for index, card in enumerate(hand)]
    return solve_hand(top, cards, rules, deck=deck, time_limit=time_limit).to_dict()


def _labelled(label: str, parse: Callable[[str], Card], text: str) -> Card:
    """A batch line's card, its error naming the field it came from."""
    try:
        return parse(text)
    except NambarzError as error:
        labelled = type(error)(f"{label}: {error}")
        labelled.code = error.code
        raise labelled from None


# ----------------------------------------------------------------- plan


@click.command(
    "plan",
    short_help=COMMANDS["plan"].help,
    help="Rank whole turns by cards shed, master-stroke points, then how hard the next top card is. "
    "TOP HAND may be written as one says it, or as a position.",
)
@_position_options
@number_option("--count", low=1, high=20, what="turns", default=5, help_text="how many turns to show (default 5)")
@_settings
@request_option()
@json_option()
@lang_option()
def plan(
    *,
    words: tuple[str, ...],
    top: str | None,
    hand: str | None,
    position: str | None,
    count: int,
    rules: str,
    ops: str,
    deck_file: str | None,
    time_limit: float,
    request: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    deck = _deck(deck_file)
    top_card, cards, setting, loaded = _asked_position(
        _plan_request_schema,
        request=request,
        request_parts={"count": "--count"},
        words=words,
        top=top,
        hand=hand,
        position=position,
        rules=_rules(rules, ops),
        deck=deck,
        lang=lang,
        example="nambarz plan 3 '1 2 6 9 4 Jreplay'",
    )
    deck.require([top_card, *cards], what="top card and hand")
    count = loaded.get("count", count)
    answer = plan_answer(
        top_card, cards, setting, count=count, deck=deck, time_limit=time_limit, lang=answer_language(lang, loaded)
    )
    echo_answer(answer, as_json=as_json)


# ----------------------------------------------------------------- hint


@click.command(
    "hint",
    short_help=COMMANDS["hint"].help,
    help="Hint at level 1 (what exists), 2 (the first card of the best turn) or 3 (the best whole turn). "
    "TOP HAND may be written as one says it, or as a position.",
)
@_position_options
@number_option(
    "--level",
    low=min(HINT_LEVELS),
    high=max(HINT_LEVELS),
    what="as hint level",
    default=1,
    help_text="1: what exists (default), 2: a first step, 3: the best turn",
)
@_settings
@request_option()
@json_option("print the API's JSON answer (/api/v1/nambarz/hint) instead of the hint's text")
@lang_option("language of the hint")
def hint(
    *,
    words: tuple[str, ...],
    top: str | None,
    hand: str | None,
    position: str | None,
    level: int,
    rules: str,
    ops: str,
    deck_file: str | None,
    time_limit: float,
    request: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    deck = _deck(deck_file)
    top_card, cards, setting, loaded = _asked_position(
        _hint_request_schema,
        request=request,
        request_parts={"level": "--level"},
        words=words,
        top=top,
        hand=hand,
        position=position,
        rules=_rules(rules, ops),
        deck=deck,
        lang=lang,
        example="nambarz hint 3bee '10 4 2 7'",
    )
    level = loaded.get("level", level)
    answer = hint_answer(
        top_card, cards, setting, level, deck=deck, time_limit=time_limit, lang=answer_language(lang, loaded)
    )
    echo_answer(answer, as_json=as_json, text=lambda: str(answer["text"]))


# ----------------------------------------------------------------- score


class _SeveralValuesCommand(click.Command):
    """A command whose options ``--master`` and ``--left`` take every value up to the next option.

    ``--master A=7 C=14`` is read as ``--master A=7 --master C=14``.
    """

    several = ("--master", "--left")

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, one_option_per_value(args, self.several))


def one_option_per_value(args: Sequence[str], options: Sequence[str]) -> list[str]:
    """``args`` with each of ``options`` repeated before every further value it is given.

    >>> one_option_per_value(["--master", "A=7", "C=14", "--players", "A,C"], ["--master"])
    ['--master', 'A=7', '--master', 'C=14', '--players', 'A,C']
    """
    spread: list[str] = []
    current: str | None = None
    value_due = False
    for position, arg in enumerate(args):
        if arg == "--":
            return [*spread, *args[position:]]
        if arg.startswith("-"):
            name, equals, _ = arg.partition("=")
            current = name if name in options else None
            value_due = current is not None and not equals
        elif current is not None and not value_due:
            spread.append(current)
        else:
            value_due = False
        spread.append(arg)
    return spread


@click.command(
    "score",
    cls=_SeveralValuesCommand,
    short_help=COMMANDS["score"].help,
    help="Rank the players of a finished round and add up rank and master-stroke points (VIII-X).",
)
@click.option("--players", metavar="NAMES", help="the names in seat order, e.g. A,B,C,D")
@click.option("--finished", metavar="NAMES", help="the players who went out, in order, e.g. C,A,D")
@click.option(
    "--master",
    multiple=True,
    metavar="NAME=POINTS ...",
    help="master-stroke points earned this round, e.g. A=7 C=14 (repeatable)",
)
@click.option("--teams", metavar="TEAMS", help="teams separated by ';', members by ',', e.g. 'A,B;C,D'")
@click.option(
    "--left",
    multiple=True,
    metavar="NAME=CARDS ...",
    help="cards still held by each player who did not go out, e.g. B=3 (ranks a team's last players)",
)
@request_option()
@json_option()
@lang_option()
def score(
    *,
    players: str | None,
    finished: str | None,
    master: tuple[str, ...],
    teams: str | None,
    left: tuple[str, ...],
    request: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    loaded: dict[str, Any] = {}
    if request is not None:
        refuse_mixed_input(
            {
                "players": "--players",
                "finished": "--finished",
                "master": "--master",
                "teams": "--teams",
                "left": "--left",
            },
            request=True,
        )
        from services.schemas.nambarz import ScoreRequestSchema  # noqa: PLC0415 - marshmallow only for --request

        document = with_language(read_json_request("--request", request), lang)
        loaded = load_request(ScoreRequestSchema(), document, label=request_label(True, {}))
        seats, out, points, groups, cards_left = (
            loaded["players"],
            loaded["finished"],
            loaded["master"],
            loaded["teams"],
            loaded["left"],
        )
    else:
        if players is None or finished is None:
            fail("--players" if players is None else "--finished", "expected it, or --request")
        seats, out = _names("--players", players), _names("--finished", finished)
        groups = None if teams is None else [_names("--teams", team) for team in teams.split(";")]
        points = _named_numbers("--master", master, "POINTS")
        cards_left = _named_numbers("--left", left, "CARDS") if left else None
    answer = score_answer(
        seats, out, master=points, teams=groups, cards_left=cards_left, lang=answer_language(lang, loaded)
    )
    echo_answer(answer, as_json=as_json)


def _names(label: str, text: str) -> list[str]:
    """Comma-separated names; blank text is no names at all."""
    if not text.strip():
        return []
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        fail(label, f"empty name in {text!r}; separate names with ','")
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
            fail(label, f"expected NAME={unit} such as A=7, not {item!r}")
        if name in numbers:
            fail(label, f"{name} is given twice")
        numbers[name] = value
    return numbers


# ----------------------------------------------------------------- reference and deck


@click.command(
    "reference",
    short_help=COMMANDS["reference"].help,
    help="List Nambarz's violation codes with the rulebook section and penalty each enforces, and the rulings.",
)
@json_option()
@lang_option("language of the summaries")
def reference(as_json: bool, lang: str | None) -> None:
    language = use_language(lang or "en")
    document = reference_answer(language)
    echo_answer(
        document, as_json=as_json, text=lambda: reference_text(document, RULINGS, domain="tutor", lang=language)
    )


@click.command(
    "deck",
    short_help=COMMANDS["deck"].help,
    help="Show the deck in use: every card face with its number of copies, and the placeholder figures. "
    "It prints card names and numbers only, so it has no --lang.",
)
@click.option("--deck", "deck_file", metavar="FILE", help="a deck file replacing the default composition")
@json_option()
def deck(deck_file: str | None, as_json: bool) -> None:
    document = deck_answer(_deck(deck_file))
    echo_answer(document, as_json=as_json, text=lambda: deck_text(document))


def deck_text(document: dict[str, Any]) -> str:
    """The deck as text: its name and size, then each number's faces with their copies, then the jokers.

    >>> print(deck_text(deck_answer(Deck.default())).splitlines()[3])
       3  3 ×4  3bee ×2  3hippo ×2
    """
    rows: dict[int | None, list[str]] = {}
    for face, copies in document["cards"].items():
        rows.setdefault(Card.parse(face).number, []).append(f"{face} ×{copies}")
    width = max(len(str(number)) for number in rows if number is not None)
    lines = [f"{document['name']} ({document['size']})"]
    lines += [f"  {'' if number is None else number:>{width}}  {'  '.join(faces)}" for number, faces in rows.items()]
    if document["placeholders"]:
        lines.append(f"placeholders: {', '.join(document['placeholders'])}")
    return "\n".join(lines)


# ----------------------------------------------------------------- simulate


@click.command(
    "simulate",
    short_help=COMMANDS["simulate"].help,
    help="Play seeded games between bots (random, planner, careless, beginner) and report statistics per bot. "
    "The games are spread over every core (--jobs) or a Dask cluster (--cluster), and the report is the same "
    "however they are spread; --rows keeps each game's row in a CSV file.  It has no --request: there is no API "
    "for it.",
)
@number_option("--players", low=2, high=12, what="players", default=4, help_text="players per game, 2 to 12")
@number_option(
    "--games", low=1, high=MAX_GAMES, what="games", default=100, help_text=f"games to play, 1 to {MAX_GAMES}"
)
@number_option("--seed", low=None, high=None, what="as seed", default=0, help_text="seed of the run (default 0)")
@click.option(
    "--bots",
    metavar="BOTS",
    default="planner,random",
    help="bots given to the seats in turn, e.g. planner,random,random",
)
@choice_option(
    "--rounds", choices=[str(length) for length in GAME_LENGTHS], default="1", help_text="rounds per game (default 1)"
)
@choice_option(
    "--variant",
    choices=[variant.value for variant in Variant],
    default="beginners",
    help_text="number of jokers (default beginners)",
)
@_game_settings
@self_play_options
@json_option("print JSON instead of text")
@lang_option()
def simulate(
    *,
    players: int,
    games: int,
    seed: int,
    bots: str,
    rounds: str,
    variant: str,
    rules: str,
    ops: str,
    deck_file: str | None,
    jobs: int | None,
    cluster: str | None,
    rows_file: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    language = use_language(lang or "en")
    setting, deck_in_use = _rules(rules, ops), _deck(deck_file)
    names = _bot_names("--bots", bots)
    rows_path = rows_file_for(rows_file, GameRow)
    with workers(jobs, cluster) as playing, progress_bar(games) as advance:
        try:
            report = simulate_games(
                players=players,
                games=games,
                seed=seed,
                bots=names,
                rounds=int(rounds),
                variant=Variant(variant),
                rules=setting,
                deck=deck_in_use,
                jobs=playing.jobs,
                executor=playing.executor,
                progress=advance,
            )
        except GameError as error:  # a setting the game refuses, such as too many players for the deck
            fail("--players", error)
    append_rows(rows_path, report.rows)
    click.echo(to_json(report.to_dict()) if as_json else explain_simulation(report, language))


@click.command(
    "sweep",
    short_help=COMMANDS["sweep"].help,
    help="Play the same seeded games for every combination of player counts, variants and bots, and report "
    "each run's statistics per bot.  The games are spread over every core (--jobs) or a Dask cluster "
    "(--cluster); --rows keeps each game's row in a CSV file, appended to after each run.",
)
@click.option(
    "--players", "player_counts", metavar="COUNTS", default="2,3,4", help="player counts, 2 to 12 (default 2,3,4)"
)
@click.option(
    "--variants",
    metavar="VARIANTS",
    default=",".join(variant.value for variant in Variant),
    help="variants (default all: beginners,intermediate,expert)",
)
@click.option(
    "--bots",
    "bot_sets",
    metavar="BOTS",
    multiple=True,
    help="bots given to the seats in turn, e.g. planner,random; repeat the option to compare several (default "
    "planner,random)",
)
@number_option(
    "--games", low=1, high=MAX_GAMES, what="games", default=100, help_text=f"games per run, 1 to {MAX_GAMES}"
)
@number_option("--seed", low=None, high=None, what="as seed", default=0, help_text="seed of every run (default 0)")
@choice_option(
    "--rounds", choices=[str(length) for length in GAME_LENGTHS], default="1", help_text="rounds per game (default 1)"
)
@_game_settings
@self_play_options
@json_option("print JSON instead of text")
@lang_option()
def sweep(
    *,
    player_counts: str,
    variants: str,
    bot_sets: tuple[str, ...],
    games: int,
    seed: int,
    rounds: str,
    rules: str,
    ops: str,
    deck_file: str | None,
    jobs: int | None,
    cluster: str | None,
    rows_file: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    language = use_language(lang or "en")
    setting, deck_in_use = _rules(rules, ops), _deck(deck_file)
    counts = read_list("--players", player_counts, _player_count)
    chosen = read_list("--variants", variants, _variant)
    line_ups = [_bot_names("--bots", names) for names in bot_sets or ("planner,random",)]
    rows_path = rows_file_for(rows_file, GameRow)
    total = games * len(counts) * len(chosen) * len(line_ups)
    with workers(jobs, cluster) as playing, progress_bar(total) as advance:
        try:
            reports = sweep_games(
                players=counts,
                variants=chosen,
                bots=line_ups,
                games=games,
                seed=seed,
                rounds=int(rounds),
                rules=setting,
                deck=deck_in_use,
                jobs=playing.jobs,
                executor=playing.executor,
                progress=advance,
                finished=lambda report: append_rows(rows_path, report.rows),
            )
        except GameError as error:  # a setting the game refuses, such as too many players for the deck
            fail("--players", error)
    if as_json:
        click.echo(to_json({"runs": [report.to_dict() for report in reports]}))
    else:
        click.echo(explain_sweep(reports, language))


def _bot_names(label: str, text: str) -> list[str]:
    """The bots of a comma-separated list, each one of the bots; at least one."""
    names = [name for name in comma_items(text) if name]
    unknown = [name for name in names if name not in BOTS]
    if unknown:
        fail(label, f"unknown bot {unknown[0]!r}; bots are {', '.join(BOTS)}")
    if not names:
        fail(label, "name at least one bot")
    return names


def _player_count(text: str) -> int:
    if not text.isdigit() or not 2 <= int(text) <= 12:
        raise NambarzError(f"expected 2 to 12 players, not {text!r}")
    return int(text)


def _variant(text: str) -> Variant:
    try:
        return Variant(text)
    except ValueError:
        choices = ", ".join(variant.value for variant in Variant)
        raise NambarzError(f"expected a variant ({choices}), not {text!r}") from None


nambarz = CommandGroup(
    "nambarz",
    short_help=GAME_COMMANDS.find("nambarz").help,
    help="Nambarz: cover the top card with a card or a calculation that makes its number.  Each command is also "
    "a shortcut at the top: 'nambarz check' is 'nambarz nambarz check'.",
    commands=[check, solve, score, plan, hint, reference, deck, simulate, sweep],
)
"""``nambarz nambarz``: the same commands as the shortcuts at the top, in the same order."""

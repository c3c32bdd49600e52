"""``nambarz quando``: Quando's commands ``check``, ``hint``, ``score``, ``reference`` and ``deck``.

The first three read their input from options or from ``--request`` (the
HTTP API's JSON body, inline, ``@FILE`` or ``-`` for standard input).  Both
go through the API's request schema and the same answer function, so the
input is checked the same way and ``--json`` prints exactly the API's answer;
without it, the answer's ``explanation`` is printed.  ``--lang`` chooses its
language (and overrides a ``lang`` given in ``--request``).

>>> from api.command import main
>>> main.main(["quando", "check", "--hand", "3,4,5,9,0,0,7", "--plays-made", "1", "--play", "3,4,5"],
...           standalone_mode=False)
You lay down three in a row: 3 4 5; now draw a card.
  Left in your hand before the draw: 9 0 0 7 (sum 16).
0
>>> main.main(["quando", "check", "--hand", "3,4,5,9,0,0,7", "--plays-made", "1", "--play", "3,4,5", "--lang", "it"],
...           standalone_mode=False)
Giochi tre di fila: 3 4 5; ora pesca una carta.
  Ti restano in mano prima di pescare: 9 0 0 7 (somma 16).
0
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import click

from api.cli import GAME_COMMANDS
from api.cli.common import (
    CommandGroup,
    answer_language,
    comma_items,
    echo_answer,
    fail,
    json_option,
    lang_option,
    load_request_or_options,
    number_option,
    request_option,
    use_language,
)
from services.answers.quando import check_answer, deck_answer, hint_answer, reference_answer, score_answer
from services.schemas.quando import QuandoCheckRequestSchema, QuandoHintRequestSchema, QuandoScoreRequestSchema
from tutor.quando import explain_reference

_WHOLE_NUMBER = re.compile(r"-?[0-9]+")

quando = CommandGroup(
    "quando",
    short_help=GAME_COMMANDS.find("quando").help,
    help="Quando: lay straights of three or equal numbers to end the round with the lowest sum.",
)


def _plays_made(command: Callable[..., Any]) -> Callable[..., Any]:
    return number_option(
        "--plays-made", low=None, high=None, what="", default=None, help_text="plays made earlier this round"
    )(command)


# ----------------------------------------------------------------- check


@quando.command(
    "check",
    short_help="judge a play or a knock from a hand",
    help="Judge a play (a straight of three, or cards of one number) or a knock from a hand's fronts.",
)
@click.option("--hand", metavar="CARDS", help="the fronts in hand, e.g. 3,4,5,9,0,0,7")
@_plays_made
@click.option("--play", metavar="PLAY", help="the numbers laid, e.g. 3,4,5")
@click.option("--knock", is_flag=True, help="knock instead of playing")
@click.option("--last-round", is_flag=True, help="someone has already knocked")
@request_option()
@json_option()
@lang_option()
def check(
    *,
    hand: str | None,
    plays_made: int | None,
    play: str | None,
    knock: bool,
    last_round: bool,
    request: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    def from_options() -> dict[str, Any]:
        document: dict[str, Any] = {
            "hand": _numbers("--hand", str(hand)),
            "plays_made": plays_made,
            "last_round": last_round,
        }
        if play is not None:
            document["play"] = _numbers("--play", play)
        if knock:
            document["knock"] = True
        return document

    written = {
        "hand": "--hand",
        "plays_made": "--plays-made",
        "play": "--play",
        "knock": "--knock",
        "last_round": "--last-round",
    }
    loaded = load_request_or_options(
        QuandoCheckRequestSchema(),
        written=written,
        required=("hand", "plays_made"),
        document_from_options=from_options,
        request=request,
        lang=lang,
    )
    answer = check_answer(
        loaded["hand"],
        loaded["action"],
        plays_made=loaded["plays_made"],
        last_round=loaded["last_round"],
        lang=answer_language(lang, loaded),
    )
    echo_answer(answer, as_json=as_json)


# ----------------------------------------------------------------- hint


@quando.command(
    "hint",
    short_help="the play and draw that leave the lowest expected sum",
    help="Rank every play with both draws by the expected hand sum after the turn, and say whether to knock instead.",
)
@click.option("--hand", metavar="CARDS", help="the fronts in hand, e.g. 3,4,5,9,0,0,7")
@_plays_made
@number_option(
    "--draw-visible", low=None, high=None, what="", default=None, help_text="the number on top of the draw pile"
)
@click.option("--out-of-game", metavar="NUMBERS", help="numbers seen on the discard pile, e.g. 8,8,8")
@click.option("--last-round", is_flag=True, help="someone has already knocked")
@request_option()
@json_option()
@lang_option()
def hint(
    *,
    hand: str | None,
    plays_made: int | None,
    draw_visible: int | None,
    out_of_game: str | None,
    last_round: bool,
    request: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    def from_options() -> dict[str, Any]:
        document: dict[str, Any] = {
            "hand": _numbers("--hand", str(hand)),
            "plays_made": plays_made,
            "draw_visible": draw_visible,
            "last_round": last_round,
        }
        if out_of_game is not None:
            document["out_of_game"] = _numbers("--out-of-game", out_of_game)
        return document

    written = {
        "hand": "--hand",
        "plays_made": "--plays-made",
        "draw_visible": "--draw-visible",
        "out_of_game": "--out-of-game",
        "last_round": "--last-round",
    }
    loaded = load_request_or_options(
        QuandoHintRequestSchema(),
        written=written,
        required=("hand", "plays_made", "draw_visible"),
        document_from_options=from_options,
        request=request,
        lang=lang,
    )
    answer = hint_answer(
        loaded["hand"],
        plays_made=loaded["plays_made"],
        draw_visible=loaded["draw_visible"],
        out_of_game=loaded["out_of_game"],
        last_round=loaded["last_round"],
        lang=answer_language(lang, loaded),
    )
    echo_answer(answer, as_json=as_json)


# ----------------------------------------------------------------- score


@quando.command(
    "score",
    short_help="score a finished round",
    help="Score a round from each player's sum in hand: the lowest sums score 0, and a knocker who is not alone "
    "with the lowest sum adds 5.",
)
@click.option("--sums", metavar="SUMS", help="each player's sum in seat order, e.g. Linus=2,Tim=11,Sarah=6,Maria=4")
@click.option("--knocker", metavar="NAME", help="the player who knocked, if anyone did")
@request_option()
@json_option()
@lang_option()
def score(*, sums: str | None, knocker: str | None, request: str | None, as_json: bool, lang: str | None) -> None:
    def from_options() -> dict[str, Any]:
        totals: dict[str, int] = {}
        for item in comma_items(str(sums)):
            name, equals, number = (part.strip() for part in item.partition("="))
            total = _whole(number)
            if not name or not equals or total is None:
                fail("--sums", f"expected NAME=SUM such as Linus=2, not {item!r}")
            if name in totals:
                fail("--sums", f"{name} is given twice")
            totals[name] = total
        return {"sums": totals, "knocker": knocker}

    loaded = load_request_or_options(
        QuandoScoreRequestSchema(),
        written={"sums": "--sums", "knocker": "--knocker"},
        required=("sums",),
        document_from_options=from_options,
        request=request,
        lang=lang,
    )
    answer = score_answer(loaded["sums"], loaded["knocker"], lang=answer_language(lang, loaded))
    echo_answer(answer, as_json=as_json)


# ----------------------------------------------------------------- reference


@quando.command(
    "reference",
    short_help="the violation codes and the rulings",
    help="List Quando's violation codes with the rulebook section each enforces, and the rulings.",
)
@json_option()
@lang_option("language of the summaries")
def reference(*, as_json: bool, lang: str | None) -> None:
    language = use_language(lang or "en")
    echo_answer(reference_answer(language), as_json=as_json, text=lambda: explain_reference(language))


# ----------------------------------------------------------------- deck


@quando.command(
    "deck",
    short_help="the deck: one two-sided card for every pair of different numbers",
    help="Show Quando's deck: one two-sided card for every pair of different numbers from 0 to 10.  It prints "
    "numbers only, so it has no --lang.",
)
@json_option()
def deck(*, as_json: bool) -> None:
    document = deck_answer()
    echo_answer(document, as_json=as_json, text=lambda: deck_text(document))


def deck_text(document: Mapping[str, Any]) -> str:
    """The deck as text: its name and size, then the cards by their lower number (with copies if more than one).

    >>> print("\\n".join(deck_text(deck_answer()).splitlines()[:3]))
    Quando (55)
      0/1 0/2 0/3 0/4 0/5 0/6 0/7 0/8 0/9 0/10
      1/2 1/3 1/4 1/5 1/6 1/7 1/8 1/9 1/10
    """
    rows: dict[str, list[str]] = {}
    for card, copies in document["cards"].items():
        rows.setdefault(card.split("/")[0], []).append(card + (f" ×{copies}" if copies > 1 else ""))
    lines = [f"{document['name']} ({document['size']})"]
    lines += ["  " + " ".join(cards) for cards in rows.values()]
    return "\n".join(lines)


# ----------------------------------------------------------------- reading numbers


def _numbers(label: str, text: str) -> list[int]:
    """Comma-separated whole numbers; their range is the schema's to check, so its message names it."""
    numbers = []
    for item in comma_items(text):
        number = _whole(item)
        if number is None:
            fail(label, f"expected numbers separated by commas such as 3,4,5, not {item!r}")
        numbers.append(number)
    return numbers


def _whole(text: str) -> int | None:
    """``text`` as a whole number, or ``None`` when it is not one (or too long for ``int`` to read)."""
    if _WHOLE_NUMBER.fullmatch(text.strip()) is None:
        return None
    try:
        return int(text)
    except ValueError:
        return None

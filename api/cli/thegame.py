"""``nambarz thegame``: The Game's commands ``check``, ``hint``, ``simulate``, ``sweep``, ``reference`` and ``deck``.

``check`` and ``hint`` read their input from options or from ``--request``
(the HTTP API's JSON body, inline, ``@FILE`` or ``-``); both go through the
API's request schema, so the input is checked the same way and ``--json``
prints exactly the API's answer.  Without ``--json`` they print the answer's
``explanation``, in the language of ``--lang`` (which wins over a ``lang`` in
``--request``).

>>> from api.command import main
>>> main.main(["thegame", "check", "--piles", "asc1=47,asc2=1,desc1=65,desc2=100", "--hand", "37,75,12",
...            "--draw-pile", "50", "--play", "37>asc1,75>desc1"], standalone_mode=False)
Allowed: you laid 2 cards, and this turn needs at least 2.
  1. 37 on the first rising pile, which showed 47: ten back.
  2. 75 on the first falling pile, which showed 65: ten back.
  Piles after: first rising pile: 37, second rising pile: 1, first falling pile: 75, second falling pile: 100.
  Draw 2 cards; you keep 12.
0
>>> main.main(["thegame", "check", "--piles", "asc1=47,asc2=1,desc1=65,desc2=100", "--hand", "37,75,12",
...            "--draw-pile", "50", "--play", "37>asc1,75>desc1", "--lang", "de"], standalone_mode=False)
Erlaubt: Du hast 2 Karten gelegt, und dieser Zug braucht mindestens 2.
  1. 37 auf den Aufwärtsstapel 1, der 47 zeigte: zehn zurück.
  2. 75 auf den Abwärtsstapel 1, der 65 zeigte: zehn zurück.
  Stapel danach: Aufwärtsstapel 1: 37, Aufwärtsstapel 2: 1, Abwärtsstapel 1: 75, Abwärtsstapel 2: 100.
  Ziehe 2 Karten; du behältst 12.
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
    Decorator,
    answer_language,
    choice_option,
    comma_items,
    echo_answer,
    fail,
    json_option,
    lang_option,
    load_request_or_options,
    number_option,
    progress_bar,
    read,
    read_list,
    reference_text,
    request_option,
    to_json,
    use_language,
)
from api.cli.self_play import append_rows, rows_file_for, self_play_options, workers
from services.answers.thegame import check_answer, deck_answer, hint_answer, reference_answer
from services.schemas.thegame import TheGameCheckRequestSchema, TheGameHintRequestSchema
from solver.errors import NambarzError
from solver.thegame.bots import BOTS
from solver.thegame.rules import MAX_PLAYERS, MIN_PLAYERS, Variant
from solver.thegame.rulings import RULINGS
from solver.thegame.simulate import MAX_GAMES, GameRow
from solver.thegame.simulate import simulate as simulate_games
from solver.thegame.simulate import sweep as sweep_games
from solver.thegame.state import parse_placement
from tutor.thegame import explain_simulation

_WHOLE_NUMBER = re.compile(r"-?[0-9]+")

POSITION_OPTIONS = {
    "piles": "--piles",
    "hand": "--hand",
    "draw_pile": "--draw-pile",
    "variant": "--variant",
    "on_fire": "--on-fire",
    "fire_due": "--fire-due",
}
"""The option that gives each field of the position in the API's requests."""

CHECK_OPTIONS = {**POSITION_OPTIONS, "play": "--play"}
HINT_OPTIONS = {**POSITION_OPTIONS, "played": "--played", "requests": "--requests", "alone": "--alone"}

thegame = CommandGroup(
    "thegame",
    short_help=GAME_COMMANDS.find("thegame").help,
    help="The Game: the cooperative game of laying 2–99 on two piles going up and two going down.",
)


def _position_options(command: Callable[..., Any]) -> Callable[..., Any]:
    options: list[Decorator] = [
        click.option("--piles", metavar="TOPS", help="the four tops, e.g. asc1=47,asc2=1,desc1=65,desc2=100"),
        click.option("--hand", metavar="CARDS", help="the hand of the player to move, e.g. 37,75,12"),
        number_option(
            "--draw-pile", low=None, high=None, what="cards", default=None, help_text="cards left in the draw pile"
        ),
        choice_option(
            "--variant", choices=[variant.value for variant in Variant], help_text="standard (default) or pro"
        ),
        click.option("--on-fire", is_flag=True, help="play with the On Fire expansion"),
        click.option("--fire-due", metavar="PILES", help="with --on-fire: piles whose fire card is due, e.g. desc1"),
    ]
    for option in reversed(options):
        command = option(command)
    return command


# ----------------------------------------------------------------- check


@thegame.command(
    "check",
    short_help="judge a whole play from a position",
    help="Judge every placement of a play in order, the minimum it must lay and the fire cards it must cover. "
    "An illegal placement is skipped: its card stays in hand and the rest is judged without it.",
)
@_position_options
@click.option("--play", metavar="PLAY", help="the placements in order, e.g. '37>asc1,75>desc1' ('' for none)")
@request_option()
@json_option()
@lang_option()
def check(*, request: str | None, as_json: bool, lang: str | None, **options: Any) -> None:
    loaded = load_request_or_options(
        TheGameCheckRequestSchema(),
        written=CHECK_OPTIONS,
        required=("piles", "hand", "draw_pile", "play"),
        document_from_options=lambda: _document(options),
        request=request,
        lang=lang,
    )
    answer = check_answer(loaded["position"], loaded["play"], lang=answer_language(lang, loaded))
    echo_answer(answer, as_json=as_json)


# ----------------------------------------------------------------- hint


@thegame.command(
    "hint",
    short_help="suggest a turn from a position",
    help="Suggest the turn the strong bot would lay, judged by the referee, using only what the player may know: "
    "the position, the cards laid and the teammates' pile requests (never numbers).",
)
@_position_options
@click.option("--played", metavar="CARDS", help="every card laid so far (default: the cards on the piles)")
@click.option(
    "--requests",
    metavar="REQUESTS",
    help="the teammates' pile requests, nearest first, teammates separated by ';', "
    "e.g. 'desc1=really-need;asc2=please-dont'",
)
@click.option("--alone", is_flag=True, help="no teammate holds cards")
@request_option()
@json_option()
@lang_option()
def hint(*, request: str | None, as_json: bool, lang: str | None, **options: Any) -> None:
    loaded = load_request_or_options(
        TheGameHintRequestSchema(),
        written=HINT_OPTIONS,
        required=("piles", "hand", "draw_pile"),
        document_from_options=lambda: _document(options),
        request=request,
        lang=lang,
    )
    try:
        answer = hint_answer(
            loaded["position"],
            played=loaded["played"],
            requests=loaded["requests"],
            alone=loaded["alone"],
            lang=answer_language(lang, loaded),
        )
    except NambarzError as error:
        fail("--request: played" if request is not None else "--played", error)
    echo_answer(answer, as_json=as_json)


# ----------------------------------------------------------------- reading the options


def _document(options: Mapping[str, Any]) -> dict[str, Any]:
    """The API's request body, written by the options."""
    document: dict[str, Any] = {
        "piles": _tops(options["piles"]),
        "hand": [_number("--hand", item) for item in comma_items(options["hand"])],
        "draw_pile": options["draw_pile"],
        "on_fire": options["on_fire"],
    }
    if options["variant"] is not None:
        document["variant"] = options["variant"]
    if options["fire_due"] is not None:
        document["fire_due"] = comma_items(options["fire_due"])
    if "play" in options:
        document["play"] = [_placement(item) for item in comma_items(options["play"])]
    else:
        document["alone"] = options["alone"]
        if options["played"] is not None:
            document["played"] = [_number("--played", item) for item in comma_items(options["played"])]
        if options["requests"] is not None:
            document["requests"] = [_requests(teammate) for teammate in options["requests"].split(";")]
    return document


def _requests(text: str) -> dict[str, str]:
    """One teammate's pile requests, written ``desc1=really-need,asc2=please-dont``."""
    requests: dict[str, str] = {}
    for item in comma_items(text):
        pile, equals, request = (part.strip() for part in item.partition("="))
        if not pile or not equals:
            fail("--requests", f"expected PILE=REQUEST such as desc1=please-dont, not {item!r}")
        requests[pile] = request
    return requests


def _tops(text: str) -> dict[str, int]:
    tops: dict[str, int] = {}
    for item in comma_items(text):
        name, equals, top = (part.strip() for part in item.partition("="))
        if not name or not equals:
            fail("--piles", f"expected PILE=TOP such as asc1=47, not {item!r}")
        if name in tops:
            fail("--piles", f"{name} is given twice")
        tops[name] = _number("--piles", top)
    return tops


def _number(label: str, text: str) -> int:
    if _WHOLE_NUMBER.fullmatch(text) is None:
        fail(label, f"expected a whole number, not {text!r}")
    return int(text)


def _placement(text: str) -> dict[str, Any]:
    card, pile = read("--play", parse_placement, text)
    return {"card": card, "pile": pile}


# ----------------------------------------------------------------- simulate and reference


@thegame.command(
    "simulate",
    short_help="self-play: a bot plays seeded games for the whole team",
    help="Play seeded games with one bot at every seat and report the win rate (with its 95% confidence "
    "interval), excellent games, the cards left and the speed.  The games are spread over every core (--jobs) "
    "or a Dask cluster (--cluster), and the report is the same however they are spread; --rows keeps each "
    "game's row in a CSV file.  It has no --request: there is no API for it.",
)
@number_option(
    "--players",
    low=MIN_PLAYERS,
    high=MAX_PLAYERS,
    what="players",
    default=None,
    required=True,
    help_text=f"players, {MIN_PLAYERS} to {MAX_PLAYERS}",
)
@number_option(
    "--games",
    low=1,
    high=MAX_GAMES,
    what="games",
    default=None,
    required=True,
    help_text=f"games to play, 1 to {MAX_GAMES}",
)
@number_option("--seed", low=0, high=2**31 - 1, what="as seed", default=0, help_text="seed of the run (default 0)")
@choice_option(
    "--variant", choices=[variant.value for variant in Variant], default="standard", help_text="standard or pro"
)
@click.option("--on-fire", is_flag=True, help="play with the On Fire expansion")
@choice_option("--bot", choices=list(BOTS), default="strong", help_text="the bot (default strong)")
@self_play_options
@json_option("print JSON instead of text")
@lang_option()
def simulate(
    *,
    players: int,
    games: int,
    seed: int,
    variant: str,
    on_fire: bool,
    bot: str,
    jobs: int | None,
    cluster: str | None,
    rows_file: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    language = use_language(lang or "en")
    rows_path = rows_file_for(rows_file, GameRow)
    with workers(jobs, cluster) as playing, progress_bar(games) as advance:
        report = simulate_games(
            players=players,
            games=games,
            seed=seed,
            variant=Variant(variant),
            on_fire=on_fire,
            bot=bot,
            jobs=playing.jobs,
            executor=playing.executor,
            progress=advance,
        )
    append_rows(rows_path, report.rows)
    click.echo(to_json(report.to_dict()) if as_json else explain_simulation(report, language))


@thegame.command(
    "sweep",
    short_help="self-play over a grid of player counts, variants and bots",
    help="Play the same seeded deals for every combination of player counts, variants, On Fire or not, and "
    "bots, and report each run's win rate.  The games are spread over every core (--jobs) or a Dask cluster "
    "(--cluster); --rows keeps each game's row in a CSV file, appended to after each run.",
)
@click.option(
    "--players",
    "player_counts",
    metavar="COUNTS",
    default=",".join(str(count) for count in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
    help=f"player counts, {MIN_PLAYERS} to {MAX_PLAYERS} (default all)",
)
@number_option(
    "--games", low=1, high=MAX_GAMES, what="games", default=100, help_text=f"games per run, 1 to {MAX_GAMES}"
)
@number_option("--seed", low=0, high=2**31 - 1, what="as seed", default=0, help_text="seed of every run (default 0)")
@click.option("--variants", metavar="VARIANTS", default="standard", help="variants: standard, pro (default standard)")
@click.option(
    "--fire",
    metavar="WITH",
    default="without",
    help="without or with the On Fire expansion; without,with plays both (default without)",
)
@click.option("--bots", metavar="BOTS", default="strong", help=f"bots: {', '.join(BOTS)} (default strong)")
@self_play_options
@json_option("print JSON instead of text")
@lang_option()
def sweep(
    *,
    player_counts: str,
    games: int,
    seed: int,
    variants: str,
    fire: str,
    bots: str,
    jobs: int | None,
    cluster: str | None,
    rows_file: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    language = use_language(lang or "en")
    counts = read_list("--players", player_counts, _player_count)
    chosen = read_list("--variants", variants, _variant)
    fires = read_list("--fire", fire, _on_fire)
    names = read_list("--bots", bots, _bot)
    rows_path = rows_file_for(rows_file, GameRow)
    total = games * len(counts) * len(chosen) * len(fires) * len(names)
    with workers(jobs, cluster) as playing, progress_bar(total) as advance:
        reports = sweep_games(
            players=counts,
            variants=chosen,
            on_fire=fires,
            bots=names,
            games=games,
            seed=seed,
            jobs=playing.jobs,
            executor=playing.executor,
            progress=advance,
            finished=lambda report: append_rows(rows_path, report.rows),
        )
    if as_json:
        click.echo(to_json({"runs": [report.to_dict() for report in reports]}))
    else:
        click.echo("\n\n".join(explain_simulation(report, language) for report in reports))


def _player_count(text: str) -> int:
    if not text.isdigit() or not MIN_PLAYERS <= int(text) <= MAX_PLAYERS:
        raise NambarzError(f"expected {MIN_PLAYERS} to {MAX_PLAYERS} players, not {text!r}")
    return int(text)


def _variant(text: str) -> Variant:
    try:
        return Variant(text)
    except ValueError:
        raise NambarzError(f"expected standard or pro, not {text!r}") from None


def _on_fire(text: str) -> bool:
    if text not in {"without", "with"}:
        raise NambarzError(f"expected without or with, not {text!r}")
    return text == "with"


def _bot(text: str) -> str:
    if text not in BOTS:
        raise NambarzError(f"unknown bot {text!r}; bots are {', '.join(BOTS)}")
    return text


@thegame.command(
    "reference",
    short_help="the violation codes with their rule sections, and the rulings",
    help="List The Game's violation codes with the rulebook section each enforces, and the rulings.",
)
@json_option()
@lang_option("language of the summaries")
def reference(*, as_json: bool, lang: str | None) -> None:
    language = use_language(lang or "en")
    document = reference_answer(language)
    echo_answer(
        document, as_json=as_json, text=lambda: reference_text(document, RULINGS, domain="thegame", lang=language)
    )


@thegame.command(
    "deck",
    short_help="the deck: one card of each number 2 to 99, and the fire cards",
    help="Show The Game's deck: one card of each number from 2 to 99, and the fire cards of the On Fire "
    "expansion.  It prints numbers only, so it has no --lang.",
)
@json_option()
def deck(*, as_json: bool) -> None:
    document = deck_answer()
    echo_answer(document, as_json=as_json, text=lambda: deck_text(document))


def deck_text(document: Mapping[str, Any]) -> str:
    """The deck as text: its name and size, the cards by tens (with their copies if more than one), the fire cards.

    >>> print("\\n".join(deck_text(deck_answer()).splitlines()[:3]))
    The Game (98)
       2  3  4  5  6  7  8  9
      10 11 12 13 14 15 16 17 18 19
    """
    rows: dict[int, list[str]] = {}
    for card, copies in document["cards"].items():
        rows.setdefault(int(card) // 10, []).append(f"{card:>2}" + (f" ×{copies}" if copies > 1 else ""))
    lines = [f"{document['name']} ({document['size']})"]
    lines += ["  " + " ".join(cards) for cards in rows.values()]
    lines.append(f"fire cards (On Fire): {' '.join(str(card) for card in document['fire_cards'])}")
    return "\n".join(lines)

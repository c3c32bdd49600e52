"""The Game's page: check a whole play from a position (``/thegame/check``).

The query string holds the API's check body with its one nested object
flattened: the pile tops as ``asc1``, ``asc2``, ``desc1`` and ``desc2``,
then ``hand``, ``draw_pile``, ``variant``, ``on_fire`` and ``fire_due``.
Lists are repeated parameters or comma- or space-separated text.  The form
sends the play as rows, each a ``card`` and the ``pile`` chosen from a list
of the piles in words, so that nobody reads or writes notation; a link may
give it instead as ``play``, each placement written ``CARD>PILE``
(``37>asc1``), as on the command line.

>>> from api.app import create_app
>>> query = "asc1=47&asc2=1&desc1=65&desc2=100&hand=37,75,12&draw_pile=50&play=37>asc1&play=12>asc1"
>>> page = create_app({"TESTING": True}).test_client().get("/thegame/check?" + query)
>>> page.status_code, 'data-codes="wrong-direction too-few-cards"' in page.text
(200, True)
"""

from __future__ import annotations

import re
from itertools import zip_longest
from typing import Any

from flask import render_template, request

from services.schemas.thegame import TheGameCheckRequestSchema, TheGamePilesSchema
from solver.errors import NambarzError
from solver.thegame.cards import FIRE_CARDS, HIGHEST_CARD, LOWEST_CARD, is_card
from solver.thegame.referee import LARGEST_HAND, PlayVerdict, check_play, fire_due_problem
from solver.thegame.rules import PILES, Pile, Variant
from solver.thegame.state import parse_placement
from tutor.text import BrokenRule
from tutor.thegame import PlayVerdictWords, pile_words, play_verdict_words
from web.forms import flag, listed_values, load_query, whole_number
from web.language import current_language, page_translations
from web.refusals import N_, expected, refusal

PILE_NAMES = tuple(pile.value for pile in PILES)
"""The four piles, as the query string and the notation name them."""

FIELDS = (*PILE_NAMES, "hand", "draw_pile", "variant", "on_fire", "fire_due", "play", "card", "pile")
"""Every parameter of the page: the API's check body, its piles flattened, and the play's rows."""

MINUS_TYPED = re.compile(r"(?<!\w)-(?=\d)")
"""A hyphen typed as the minus of a number: the form shows it back as a minus sign (−)."""

ROWS_OFFERED = 4
"""How many rows for placements an empty form offers; a filled one offers two more than it shows."""

EXPECTED = {
    "hand": N_("Write the cards of the hand, numbers from 2 to 99, with spaces or commas between them."),
    "draw_pile": N_("Write how many cards are left in the draw pile."),
    "variant": N_("Choose the variant from the list."),
    "fire_due": N_("Choose the piles whose fire card must be covered."),
    "play": N_("Write each card you laid and choose its pile, in the order you laid them."),
}
"""What the page's fields expect, said beside one that is refused; the piles say their own range."""

START_TOPS = {pile.value: str(pile.start) for pile in PILES}
"""What the piles show before any card is laid, which an empty form offers."""

VARIANTS = tuple(variant.value for variant in Variant)
"""The variants a form offers, as the API names them."""

EXAMPLE_POSITION = {"asc1": "47", "asc2": "1", "desc1": "65", "desc2": "100", "hand": "37 75 12", "draw_pile": "50"}
EXAMPLES = (
    ("legal", {**EXAMPLE_POSITION, "play": "37>asc1 75>desc1"}),
    ("illegal", {**EXAMPLE_POSITION, "play": "37>asc1 12>asc1 75>desc1"}),
)
"""The examples an empty page offers: two ten-back moves, then a card that fits nowhere between them."""


def check_page() -> tuple[str, int]:
    """``/thegame/check``: the verdict on a whole play, placement by placement, with every reason."""
    form = _form_values()
    if not any(name in request.args for name in FIELDS):
        return _render(form, {}, examples=EXAMPLES), 200
    values, errors = _request_values()
    data, schema_errors = load_query(TheGameCheckRequestSchema(), values, expected(EXPECTED))
    if data is None or errors:
        return _render(form, {**_pile_errors(schema_errors, values["piles"]), **errors}), 422
    try:
        verdict = check_play(data["position"], data["play"])
    except NambarzError as error:
        return _render(form, {"play": refusal(error, request.args.getlist("play"), expected(EXPECTED)["play"])}), 422
    return _render(form, {}, verdict=verdict), 200


def _form_values() -> dict[str, Any]:
    """What the form shows: each field's text as given, the lists written out, the check boxes' state."""
    args = request.args
    form: dict[str, Any] = {name: _shown(args.get(name, "").strip()) for name in (*PILE_NAMES, "draw_pile")}
    form["variant"] = args.get("variant", "").strip()
    form["hand"] = _shown(" ".join(listed_values(args.getlist("hand"))))
    try:
        rows = [(_shown(card), pile) for card, pile in _rows()]
    except NambarzError:  # a link's play that cannot be read: the message beside the rows says why
        rows = []
    largest = max(LARGEST_HAND.values())
    form["rows"] = rows + [("", "")] * max(0, min(largest, max(ROWS_OFFERED, len(rows) + 2)) - len(rows))
    form["on_fire"] = flag(args.get("on_fire", "")) is True
    form["fire_due"] = listed_values(args.getlist("fire_due"))
    return form


def _shown(text: str) -> str:
    """A number field's text as the form shows it again: a minus typed as a hyphen written as a minus sign.

    >>> _shown("-3"), _shown("37 -12"), _shown("desc-1")
    ('−3', '37 −12', 'desc-1')
    """
    return MINUS_TYPED.sub("\u2212", text)


def _request_values() -> tuple[dict[str, Any], dict[str, str]]:
    """The query as the API's body, and a message for each placement that cannot be read."""
    args = request.args
    values: dict[str, Any] = {
        "piles": {name: whole_number(args[name]) for name in PILE_NAMES if args.get(name, "").strip()},
        "hand": [whole_number(item) for item in listed_values(args.getlist("hand"))],
        "draw_pile": whole_number(args.get("draw_pile", "")),
        "variant": args.get("variant", "").strip(),
        "fire_due": listed_values(args.getlist("fire_due")),
    }
    if args.get("on_fire", "").strip():
        values["on_fire"] = flag(args["on_fire"])
    try:
        rows = _rows()
    except NambarzError as error:
        return values, {"play": refusal(error, args.getlist("play"), expected(EXPECTED)["play"])}
    errors = {**_row_errors(rows), **_fire_due_errors(values)}
    if "play" not in errors:
        values["play"] = [{"card": whole_number(card), "pile": pile} for card, pile in rows]
    return values, errors


def _rows() -> list[tuple[str, str]]:
    """The placements given, in order, as rows of a card's text and a pile: the form's rows, or a link's ``play``.

    Empty rows are left out; a ``play`` that cannot be read raises the engine's error.
    """
    args = request.args
    if "card" in args or "pile" in args:
        given = zip_longest(args.getlist("card"), args.getlist("pile"), fillvalue="")
        return [(card.strip(), pile.strip()) for card, pile in given if card.strip() or pile.strip()]
    return [(str(card), pile) for card, pile in map(parse_placement, listed_values(args.getlist("play")))]


def _row_errors(rows: list[tuple[str, str]]) -> dict[str, str]:
    """A message for the first row that names a card without its pile, a pile without its card, or no card."""
    t = page_translations()
    for number, (card, pile) in enumerate(rows, start=1):
        if not pile:
            return {"play": t.gettext("Card %(number)d: choose the pile you laid it on.") % {"number": number}}
        if not card:
            return {"play": t.gettext("Card %(number)d: write the card you laid.") % {"number": number}}
        if not is_card(whole_number(card)):
            sentence = t.gettext("Card %(number)d: write a whole number from %(lowest)d to %(highest)d.")
            return {"play": sentence % {"number": number, "lowest": LOWEST_CARD, "highest": HIGHEST_CARD}}
    return {}


def _fire_due_errors(values: dict[str, Any]) -> dict[str, str]:
    """A message, in words, for fire cards due that cannot be: the engine's message names the pile as the API does.

    A pile whose top is not a number counts here as showing a fire card: the
    schema refuses it beside the pile.
    """
    due = [Pile(name) for name in values["fire_due"] if name in PILE_NAMES]
    read = {pile: values["piles"].get(pile.value) for pile in PILES}
    tops = {pile: top if isinstance(top, int) else min(FIRE_CARDS) for pile, top in read.items()}
    problem = fire_due_problem(due, tops, on_fire=values.get("on_fire") is True)
    if problem is None:
        return {}
    t = page_translations()
    if problem.pile is None:
        return {"fire_due": t.gettext("Fire cards are due only with the On Fire expansion: tick its box as well.")}
    pile = pile_words(problem.pile, current_language())
    if problem.kind == "named-twice":
        return {"fire_due": t.gettext("You chose the %(pile)s twice: choose each pile once.") % {"pile": pile}}
    sentence = t.gettext("The %(pile)s shows %(top)d, not a fire card: the fire cards are %(fire_cards)s.")
    fire_cards = ", ".join(map(str, sorted(FIRE_CARDS)))
    return {"fire_due": sentence % {"pile": pile, "top": problem.top, "fire_cards": fire_cards}}


def _pile_errors(errors: dict[str, str], piles: dict[str, Any]) -> dict[str, str]:
    """``errors`` with a problem of the piles put beside the pile it concerns, when it concerns one."""
    if "piles" not in errors:
        return errors
    _, by_pile = load_query(TheGamePilesSchema(), piles)
    if not by_pile:
        return errors
    return {**{field: message for field, message in errors.items() if field != "piles"}, **by_pile}


def _render(
    form: dict[str, Any],
    errors: dict[str, str],
    *,
    verdict: PlayVerdict | None = None,
    examples: tuple[tuple[str, dict[str, str]], ...] = (),
) -> str:
    lang = current_language()
    context: dict[str, Any] = {
        "form": form,
        "errors": errors,
        "piles": PILE_NAMES,
        "pile_names": {pile.value: _capitalised(pile_words(pile, lang)) for pile in PILES},
        "variants": VARIANTS,
        "examples": examples,
        "start": START_TOPS if examples else {},
    }
    if verdict is not None:
        words = play_verdict_words(verdict, lang)
        context.update(
            verdict=verdict,
            words=words,
            broken=_broken_once(words),
            codes=[violation.code.value for violation in verdict.violations],
            position_piles=" ".join(
                f"{'↑' if pile.ascending else '↓'}{verdict.position.piles[pile]}" for pile in PILES
            ),
        )
    return render_template("thegame/check.html", **context)


def _broken_once(words: PlayVerdictWords) -> list[BrokenRule]:
    """Each rule the play breaks, once, in the order the placements and then the whole play first break it.

    >>> from solver.thegame.referee import Placement, Position, check_play
    >>> from solver.thegame.rules import Pile
    >>> position = Position({Pile.ASC1: 47, Pile.ASC2: 1, Pile.DESC1: 65, Pile.DESC2: 100}, (37, 75, 12, 20), 50)
    >>> verdict = check_play(position, [Placement.parse("12>asc1"), Placement.parse("20>asc1")])
    >>> [rule.code for rule in _broken_once(play_verdict_words(verdict))]
    ['wrong-direction', 'too-few-cards']
    """
    first: dict[str, BrokenRule] = {}
    for rule in [rule for placement in words.placements for rule in placement.broken] + list(words.broken):
        first.setdefault(rule.code, rule)
    return list(first.values())


def _capitalised(words: str) -> str:
    return words[:1].upper() + words[1:]

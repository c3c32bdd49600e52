"""Quando's page: check a play or a knock from a hand (``/quando/check``).

The query string holds the API's check body: ``hand`` (the fronts in
hand), ``plays_made``, then ``play`` (the numbers laid) or ``knock=true``,
and ``last_round``.  Lists are repeated parameters or comma- or
space-separated text; the form sends ``knock=false`` with a play, which
the API accepts as well.

>>> from api.app import create_app
>>> page = create_app({"TESTING": True}).test_client().get("/quando/check?hand=1+2+0&plays_made=1&knock=true")
>>> page.status_code, 'data-codes="knock-too-early"' in page.text
(200, True)
"""

from __future__ import annotations

from typing import Any

from flask import render_template, request

from services.schemas.quando import QuandoCheckRequestSchema
from solver.errors import NambarzError
from solver.quando.cards import HIGHEST, LOWEST
from solver.quando.referee import Verdict, check
from tutor.cards import quando_card
from tutor.quando import verdict_words
from web.cards import card_pictures
from web.forms import flag, listed_values, load_query, whole_number
from web.language import current_language, page_translations
from web.refusals import N_, expected, refusal

FIELDS = ("hand", "plays_made", "play", "knock", "last_round")
"""Every parameter of the page: the API's check body."""

EXPECTED = {
    "hand": N_("Write the numbers your cards show, from 0 to 10, with spaces or commas between them."),
    "plays_made": N_("Write how many plays you made this round, from 0."),
    "play": N_("Write the numbers you lay, or choose to knock."),
    "knock": N_("Lay numbers or knock, not both."),
}
"""What the page's fields expect, said beside one that is refused."""

NUMBERS = tuple(range(LOWEST, HIGHEST + 1))
"""The numbers a Quando card shows, one key each."""

EXAMPLE_HAND = {"hand": "3 4 5 9 0 0 7", "plays_made": "1"}
EXAMPLES = (
    ("legal", {**EXAMPLE_HAND, "knock": "false", "play": "3 4 5"}),
    ("illegal", {**EXAMPLE_HAND, "knock": "true"}),
)
"""The examples an empty page offers: a straight, then a knock after a single play."""


def check_page() -> tuple[str, int]:
    """``/quando/check``: the verdict on a play or a knock, with every rule it breaks and what follows."""
    form = _form_values()
    if not any(name in request.args for name in FIELDS):
        return _render(form, {}, examples=EXAMPLES), 200
    values = _request_values()
    data, errors = load_query(QuandoCheckRequestSchema(), values, expected(EXPECTED))
    if data is None:
        return _render(form, errors), 422
    try:
        verdict = check(data["hand"], data["action"], plays_made=data["plays_made"], last_round=data["last_round"])
    except NambarzError as error:
        return _render(form, {"hand": refusal(error, form["hand"], expected(EXPECTED)["hand"])}), 422
    position = {"hand": data["hand"], "plays_made": data["plays_made"], "last_round": data["last_round"]}
    return _render(form, {}, verdict=verdict, position=position), 200


def _form_values() -> dict[str, Any]:
    """What the form shows: each field's text as given, the lists written out, the choices made."""
    args = request.args
    return {
        "hand": " ".join(listed_values(args.getlist("hand"))),
        "plays_made": args.get("plays_made", "").strip(),
        "play": " ".join(listed_values(args.getlist("play"))),
        "knock": flag(args.get("knock", "")) is True,
        "last_round": flag(args.get("last_round", "")) is True,
    }


def _request_values() -> dict[str, Any]:
    """The query as the API's body, its numbers and flags as the schema reads them."""
    args = request.args
    values: dict[str, Any] = {
        "hand": [whole_number(item) for item in listed_values(args.getlist("hand"))],
        "plays_made": whole_number(args.get("plays_made", "")),
        "play": [whole_number(item) for item in listed_values(args.getlist("play"))],
    }
    for name in ("knock", "last_round"):
        if args.get(name, "").strip():
            values[name] = flag(args[name])
    return values


def _render(
    form: dict[str, Any],
    errors: dict[str, str],
    *,
    verdict: Verdict | None = None,
    position: dict[str, Any] | None = None,
    examples: tuple[tuple[str, dict[str, str]], ...] = (),
) -> str:
    translations = page_translations()
    card_keys = [
        {
            "value": number,
            "label": translations.gettext("Front %(number)d") % {"number": number},
            "art": quando_card(number, str(number), pictures=card_pictures()),
        }
        for number in NUMBERS
    ]
    context: dict[str, Any] = {"form": form, "errors": errors, "card_keys": card_keys, "examples": examples}
    if verdict is not None:
        context.update(
            verdict=verdict,
            words=verdict_words(verdict, current_language()),
            codes=[violation.code.value for violation in verdict.violations],
            notation=[str(verdict.action)],
            **(position or {}),
        )
    return render_template("quando/check.html", **context)

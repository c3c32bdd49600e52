"""Nmbrs!'s page: check a sequence (``/nmbrs/check``).

The query string holds the API's check body: ``sequence`` (the cards in the
order they lie: numbers, ``J``, or a joker with its number, ``J=20``; a joker is also
read as its word in any of the pages' languages, ``joker``, ``jolly=20``), as
repeated parameters or comma- or space-separated text, and ``rules``
(``basic``, ``advanced`` or ``simplified``).

>>> from api.app import create_app
>>> page = create_app({"TESTING": True}).test_client().get("/nmbrs/check?sequence=14+20+26&rules=advanced")
>>> page.status_code, 'data-codes="bad-start"' in page.text
(200, True)
"""

from __future__ import annotations

from typing import Any

from flask import render_template, request

from services.schemas.nmbrs import NmbrsCheckRequestSchema
from solver.errors import NambarzError
from solver.nmbrs.rules import RuleSet
from solver.nmbrs.sequences import SequenceVerdict, judge_sequence
from tutor.i18n import SUPPORTED_LANGUAGES, translator
from tutor.nmbrs import sequence_words
from web.forms import listed_values, load_query, whole_number
from web.language import current_language
from web.nmbrs.table import drawn_card
from web.refusals import N_, expected, refusal

FIELDS = ("sequence", "rules")
"""Every parameter of the page: the API's check body."""

EXPECTED = {
    "sequence": N_("Write the sequence's cards in order, numbers from 1 to 100 or a joker, such as 10 joker 30."),
    "rules": N_("Choose the rules from the list."),
}
"""What the page's fields expect, said beside one that is refused."""

RULE_SETS = tuple(rules.value for rules in RuleSet)
"""The rule sets a form offers, as the API names them."""

EXAMPLES = (
    ("legal", {"sequence": "10 joker 30 40", "rules": "basic"}),
    ("illegal", {"sequence": "14 20 26", "rules": "advanced"}),
)
"""The examples an empty page offers: a joker filling a gap, then a sequence the advanced rules refuse."""


def check_page() -> tuple[str, int]:
    """``/nmbrs/check``: the verdict on a sequence, its step and its jokers, with every rule it breaks."""
    terms = [read_joker(term) for term in listed_values(request.args.getlist("sequence"))]
    lang = current_language()
    form = {
        "sequence": " ".join(joker_words(term, lang) for term in terms),
        "rules": request.args.get("rules", "").strip(),
    }
    if not any(name in request.args for name in FIELDS):
        return _render(form, {}, examples=EXAMPLES), 200
    values = {"sequence": [whole_number(term) for term in terms], "rules": form["rules"]}
    data, errors = load_query(NmbrsCheckRequestSchema(), values, expected(EXPECTED))
    if data is None:
        return _render(form, errors), 422
    try:
        verdict = judge_sequence(data["sequence"], data["rules"])
    except NambarzError as error:
        return _render(form, {"sequence": refusal(error, form["sequence"], expected(EXPECTED)["sequence"])}), 422
    return _render(form, {}, verdict=verdict), 200


def _joker_word(lang: str) -> str:
    # TRANSLATORS: the one word for a joker that a sequence of Nmbrs! is written with, as in "10 joker 30 40".
    return translator(lang, "web").gettext("joker")


def read_joker(term: str) -> str:
    """A card of a sequence as the API reads it: a joker's word in any of the pages' languages is ``J``, and a joker
    with the number it stands for, ``joker=20``, is ``J=20``; any other term stays as written.

    >>> read_joker("Jolly"), read_joker("joker=20"), read_joker("J"), read_joker("30"), read_joker("jokers")
    ('J', 'J=20', 'J', '30', 'jokers')
    """
    name, equals, number = term.partition("=")
    if name.casefold() in {_joker_word(lang).casefold() for lang in SUPPORTED_LANGUAGES}:
        return f"J{equals}{number}"
    return term


def joker_words(term: str, lang: str) -> str:
    """A card of a sequence as the page writes it back in its field: a joker by its word in ``lang``.

    >>> joker_words("J=20", "it"), joker_words("j", "de"), joker_words("30", "fr")
    ('jolly=20', 'Joker', '30')
    """
    name, equals, number = term.partition("=")
    return f"{_joker_word(lang)}{equals}{number}" if name.upper() == "J" else term


def _render(
    form: dict[str, Any],
    errors: dict[str, str],
    *,
    verdict: SequenceVerdict | None = None,
    examples: tuple[tuple[str, dict[str, str]], ...] = (),
) -> str:
    context: dict[str, Any] = {"form": form, "errors": errors, "rule_sets": RULE_SETS, "examples": examples}
    if verdict is not None:
        context.update(
            verdict=verdict,
            words=sequence_words(verdict, current_language()),
            codes=[violation.code.value for violation in verdict.violations],
            cards=[
                {"art": drawn_card(str(term.card), None, value).art, "joker": term.card.is_joker, "value": value}
                for term, value in zip(verdict.terms, verdict.values, strict=True)
            ],
        )
    return render_template("nmbrs/check.html", **context)

"""Practice at a level chosen (``/practice?level=…``): one exercise at a time, answered by tapping, judged at once.

The address names the exercise, so a link shows the same one to everybody:
``level`` (1 to 5), ``seed`` and ``number`` (the first is 1), and, as in the
API's exercises request, ``kinds`` and ``rules`` if given.  Without a
``seed`` the page picks one at random and sends the reader to its address.
``answer`` is judged at once (with ``reason`` for a referee exercise) and
``hints=N`` shows the first N of three hints.

``/practice`` with none of these parameters is practice that adapts
(:mod:`web.adaptive`), which draws its exercises with :func:`exercise_view` too.

Exercise ``number`` is generated alone, from a seed of its own
(:func:`exercise_seed`), so the fortieth costs what the first does; the
kinds take turns by number.  The running score lives in the browser
(``static/practice.js``): the server keeps nothing.  Answers are judged,
and hints written, by :mod:`services.practice.judging`, which the API shares.

>>> from api.app import create_app
>>> client = create_app({"TESTING": True}).test_client()
>>> page = client.get("/practice?level=2&seed=7&number=1&answer=5+%2B+2&lang=de")
>>> page.status_code, 'data-correct="false"' in page.text, 'lang="de"' in page.text
(200, True, True)
>>> client.get("/practice?level=2").status_code
302
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from gettext import NullTranslations
from typing import Any

from flask import Response, render_template, request, url_for
from marshmallow import Schema, fields, validate

from services.configuration import search_time_limit
from services.practice.judging import (
    REASONS,
    AnswerError,
    chain_parts,
    chain_words,
    exercise_hints,
    judge,
    reason_words,
)
from services.rate_limits import rate_limited
from services.schemas.tutor import ExercisesRequestSchema
from solver.errors import NambarzError, SearchLimitError
from solver.nambarz.cards import Card
from solver.nambarz.deck import Deck
from solver.nambarz.hint import HINT_LEVELS
from solver.nambarz.notation import Chain, parse_play
from solver.nambarz.rules import Domain, Operator, Rules
from tutor.exercises import KINDS, LEVELS, Exercise, generate
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.rendering import card_name, render_words
from web.cards import OPERATOR_KEYS, Key, card_key, card_keyboard
from web.forms import load_query
from web.language import current_language
from web.refusals import N_, expected, refusal

MAX_NUMBER = 1_000_000
"""The highest exercise number of a practice run."""

RANDOM_SEEDS = 1_000_000
"""A seed the page picks is below this: short enough to read out to a class."""

_WHOLE_NUMBERS = ("level", "seed", "number", "hints")
"""The query's parameters that are whole numbers."""

_ADDRESS = ("level", "seed", "number", "kinds", "rules")
"""The query's parameters that name the exercise."""


EXPECTED = {
    "rules": N_("Choose the numbers from the list."),
    "seed": N_("Write a whole number: each one gives other exercises."),
    "kinds": N_("Choose one or more kinds of exercise from the list."),
    "reason": N_("Choose the fault from the list."),
    "answer": N_("Tap the cards and operators of your answer, or write it, such as 6 ÷ 2."),
}
"""What the page's fields expect beyond their ranges and choices, said beside one that is refused."""


class PracticeQuerySchema(ExercisesRequestSchema):
    """Which exercise: the API's exercises request without ``count`` (one exercise at a time), and its ``number``."""

    class Meta:
        exclude = ("count", "lang")

    number = fields.Integer(
        strict=True,
        load_default=1,
        validate=validate.Range(1, MAX_NUMBER, error="expected an exercise number from {min} to {max}"),
    )


class AnswerQuerySchema(Schema):
    """What the pupil did: how many hints they took, their answer and, for a referee exercise, the fault they saw."""

    hints = fields.Integer(
        strict=True,
        load_default=0,
        validate=validate.Range(0, len(HINT_LEVELS), error="expected a number of hints from {min} to {max}"),
    )
    answer = fields.String()
    reason = fields.String(validate=validate.OneOf([code.value for code in REASONS], error="expected one of {choices}"))


@dataclass(frozen=True)
class Token:
    """One part of a calculation as the page shows it: a ``card`` (with its key, to draw it), an ``operator``, a
    ``bracket`` or the ``blank``."""

    text: str
    role: str
    key: Key | None = None


def exercise_seed(seed: int, number: int) -> int:
    """The seed of exercise ``number`` of the practice run ``seed``: the same everywhere, different for each number.

    >>> exercise_seed(7, 1) == exercise_seed(7, 1), exercise_seed(7, 1) == exercise_seed(7, 2)
    (True, False)
    """
    digest = hashlib.blake2b(f"{seed}:{number}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def practice_exercise(
    level: int,
    seed: int,
    number: int,
    *,
    kinds: Sequence[str] = KINDS,
    domain: Domain = Domain.NATURAL,
    lang: str = DEFAULT_LANGUAGE,
) -> Exercise:
    """Exercise ``number`` (from 1) of the run ``seed`` at ``level``; the ``kinds`` take turns by number.

    >>> first = practice_exercise(2, 7, 1, kinds=("cover", "referee"))
    >>> first.kind, first.ops, practice_exercise(2, 7, 2, kinds=("cover", "referee")).kind
    ('cover', '+-*', 'referee')
    """
    kind = kinds[(number - 1) % len(kinds)]
    return generate(level, 1, exercise_seed(seed, number), kinds=(kind,), rules=Rules(domain), lang=lang)[0]


def chain_tokens(chain: Chain, lang: str, blank: int | None = None) -> list[Token]:
    """``chain`` in school notation, its cards named in ``lang``, the card at ``blank`` shown as an empty box.

    Brackets go where reading left to right differs from the usual
    precedence, as in the explanations.

    >>> " ".join(token.text for token in chain_tokens(Chain.parse("10 - 4 / 2"), "it", blank=1))
    '( 10 − ? ) ÷ 2'
    >>> " ".join(token.text for token in chain_tokens(Chain.parse("3bee * 2fish"), "de"))
    '3 Biene × 2 Fisch'
    """
    tokens = []
    position = 0
    for part in chain_parts(chain):
        if isinstance(part, Card):
            tokens.append(_card_token(part, lang, blank == position))
            position += 1
        elif isinstance(part, Operator):
            tokens.append(Token(part.sign, "operator"))
        else:
            tokens.append(Token(part, "bracket"))
    return tokens


def _card_token(card: Card, lang: str, is_blank: bool) -> Token:
    return Token("?", "blank") if is_blank else Token(card_name(card, lang), "card", card_key(card, lang))


def answer_words(answer: str, lang: str) -> str:
    """An answer given back in its field as the page writes plays: cards and jokers named, signs ``+ − × ÷``; an
    answer that does not read stays as typed, so that a refusal's position points into it.

    >>> answer_words("9 - 3 - 1", "en"), answer_words("Jboth 3bee", "fr"), answer_words("9 + + 1", "de")
    ('9 − 3 − 1', 'joker double changement 3 abeille', '9 + + 1')
    """
    try:
        return render_words(parse_play(answer), lang)
    except NambarzError:
        return answer


# ----------------------------------------------------------------------------------------------- the page


@rate_limited
def practice_page() -> tuple[str, int] | Response:
    """``/practice``: one exercise, the verdict on the pupil's answer, the hints asked for, the way to the next."""
    lang = current_language()
    t = translator(lang, "web")
    values, errors = _query_values(t)
    address, address_errors = load_query(PracticeQuerySchema(), _picked(values, _ADDRESS), expected(EXPECTED))
    answered, answer_errors = load_query(
        AnswerQuerySchema(), _picked(values, ("hints", "answer", "reason")), expected(EXPECTED)
    )
    errors = {**address_errors, **answer_errors, **errors}
    context: dict[str, Any] = {"errors": errors, "levels": LEVELS, "form": request.args}
    if address is None or errors.keys() & set(_ADDRESS):
        return render_template("practice.html", **context), 422
    if "seed" not in values:
        location = url_for("web.practice", **_address_args(address, seed=secrets.randbelow(RANDOM_SEEDS)))
        return Response(status=302, headers={"Location": location})
    try:
        exercise = practice_exercise(
            address["level"],
            address["seed"],
            address["number"],
            kinds=address["kinds"],
            domain=address["rules"],
            lang=lang,
        )
    except SearchLimitError:
        errors["seed"] = t.gettext("Finding this exercise takes longer than the server allows: try another seed.")
        return render_template("practice.html", **context), 422
    except NambarzError:
        errors["seed"] = t.gettext("No exercise of this level comes from this seed: try another seed.")
        return render_template("practice.html", **context), 422
    context.update(_exercise_context(exercise, address, lang, t), hints=[], hints_shown=0)
    if answered is None or errors:
        return render_template("practice.html", **context), 422
    context["hints_shown"] = answered["hints"]
    try:
        context["hints"] = exercise_hints(exercise, answered["hints"], lang, time_limit=search_time_limit())
        if "answer" in answered:
            context["judgement"] = judge(
                exercise, answered["answer"], answered.get("reason"), lang, time_limit=search_time_limit()
            )
    except AnswerError as error:
        errors["answer"] = str(error)
        return render_template(
            "practice.html", written_answer=answer_words(answered.get("answer", ""), lang), **context
        ), 422
    except NambarzError as error:
        errors["answer"] = refusal(error, request.args.get("answer", ""), expected(EXPECTED)["answer"])
        return render_template(
            "practice.html", written_answer=answer_words(answered.get("answer", ""), lang), **context
        ), 422
    return render_template("practice.html", **context), 200


def _query_values(t: NullTranslations) -> tuple[dict[str, Any], dict[str, str]]:
    """The query's values, whole numbers read as integers, and a message for each that is not one."""
    values: dict[str, Any] = {}
    errors = {}
    for name, raw in request.args.items():
        text = raw.strip()
        if not text or name == "kinds":
            continue
        if name not in _WHOLE_NUMBERS:
            values[name] = text
        elif text.removeprefix("-").isascii() and text.removeprefix("-").isdigit() and len(text) <= 30:
            values[name] = int(text)
        else:
            errors[name] = t.gettext("“%(text)s” is not a whole number.") % {"text": text}
    kinds = [kind.strip() for kind in request.args.getlist("kinds") if kind.strip()]
    if kinds:
        values["kinds"] = kinds
    return values, errors


def _picked(values: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    return {name: values[name] for name in names if name in values}


def _address_args(address: Mapping[str, Any], **changes: Any) -> dict[str, Any]:
    """The query parameters of an exercise's address, with ``changes``, in the page's language."""
    args: dict[str, Any] = {"level": address["level"], "seed": address["seed"], "number": address["number"]}
    if request.args.getlist("kinds"):
        args["kinds"] = list(address["kinds"])
    if request.args.get("rules"):
        args["rules"] = address["rules"].value
    return {**args, **changes, "lang": current_language()}


def _exercise_context(exercise: Exercise, address: Mapping[str, Any], lang: str, t: NullTranslations) -> dict[str, Any]:
    """What the template shows of ``exercise`` (:func:`exercise_view`) and the addresses around it."""
    return {
        "view": exercise_view(exercise, lang, t),
        "number": address["number"],
        "address_args": _address_args(address),
        "exercise_id": f"{address['level']}/{address['seed']}/{address['number']}/{exercise.kind}",
        "next_url": url_for("web.practice", **_address_args(address, number=min(address["number"] + 1, MAX_NUMBER))),
    }


def exercise_view(exercise: Exercise, lang: str, t: NullTranslations) -> dict[str, Any]:
    """What the practice pages show of ``exercise`` (``_practice.html``): its cards named in ``lang`` and drawn,
    its task, the keys to answer with, and its answer key in words.

    >>> from tutor.item_bank import bank, exercise
    >>> view = exercise_view(exercise(bank()["cover-2-17"]), "de", translator("de", "web"))
    >>> view["task"], view["key"]
    ('Decke die oberste Karte mit einer Rechnung aus Karten deiner Hand ab und benutze nur + − ×.', ['5 × 2'])
    """
    signs = " ".join(Operator(sign).sign for sign in exercise.ops)
    view: dict[str, Any] = {
        "exercise": exercise,
        "top": card_key(exercise.top, lang),
        "operators": [key for key in OPERATOR_KEYS if key.notation in exercise.ops],
    }
    if exercise.kind == "cover":
        view["hand"] = [card_key(card, lang) for card in exercise.hand]
        view["task"] = t.gettext(
            "Cover the top card with a calculation of cards from your hand, using only %(operators)s."
        ) % {"operators": signs}
        view["key"] = [chain_words(Chain.parse(answer.expression), lang) for answer in exercise.answers]
    elif exercise.kind == "missing-card" and exercise.puzzle is not None:
        view["tokens"] = chain_tokens(exercise.puzzle.known, lang, blank=exercise.puzzle.blank)
        view["choices"] = card_keyboard(Deck.default(), lang)
        view["task"] = t.gettext(
            "Which card goes in the box to make a legal calculation on the top card with %(operators)s?"
        ) % {"operators": signs}
        view["key"] = [card_name(answer.cards[0], lang) for answer in exercise.answers]
    elif exercise.play is not None:
        view["tokens"] = chain_tokens(exercise.play, lang)
        view["reasons"] = [(code.value, reason_words(code, lang)) for code in REASONS]
        view["task"] = t.gettext(
            "A player lays this calculation on the top card, with %(operators)s allowed. Is the play legal?"
        ) % {"operators": signs}
        view["key"] = []
    return view

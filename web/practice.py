"""Practice for pupils (``/practice``): one exercise at a time, answered by tapping, judged at once, with hints.

The address names the exercise, so a link shows the same one to everybody:
``level`` (1 to 5), ``seed`` and ``number`` (the first is 1), and, as in the
API's exercises request, ``kinds`` and ``rules`` if given.  Without a
``seed`` the page picks one at random and sends the reader to its address.
``answer`` is judged at once (with ``reason`` for a referee exercise) and
``hints=N`` shows the first N of three hints.

Exercise ``number`` is generated alone, from a seed of its own
(:func:`exercise_seed`), so the fortieth costs what the first does; the
kinds take turns by number.  The running score lives in the browser
(``static/practice.js``): the server keeps nothing.

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
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from gettext import NullTranslations
from typing import Any

from flask import Response, render_template, request, url_for
from marshmallow import Schema, fields, validate

from services.configuration import search_time_limit
from services.rate_limits import rate_limited
from services.schemas.nambarz import CheckRequestSchema
from services.schemas.tutor import ExercisesRequestSchema
from solver.errors import NambarzError, SearchLimitError
from solver.nambarz.cards import Card
from solver.nambarz.deck import Deck
from solver.nambarz.hint import HINT_LEVELS, hint
from solver.nambarz.minimal_calculations import DEFAULT_TIME_LIMIT
from solver.nambarz.notation import Chain, parse_play
from solver.nambarz.referee import Verdict, check
from solver.nambarz.rules import Domain, Operator, Rules
from solver.nambarz.scoring import MASTER_STROKE_MIN_CARDS
from solver.nambarz.violations import ViolationCode
from tutor.exercises import KINDS, LEVELS, Exercise, generate
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.nambarz import PlayVerdictWords, explain_hint, play_verdict_words
from tutor.rendering import card_name, render_words
from tutor.text import listed
from web.cards import OPERATOR_KEYS, Key, card_key, card_keyboard
from web.forms import load_query
from web.language import current_language
from web.refusals import N_, expected, refusal

MAX_NUMBER = 1_000_000
"""The highest exercise number of a practice run."""

RANDOM_SEEDS = 1_000_000
"""A seed the page picks is below this: short enough to read out to a class."""

REASONS = (
    ViolationCode.WRONG_RESULT,
    ViolationCode.NOT_MINIMAL,
    ViolationCode.MATCHING_CARD_IN_CALCULATION,
    ViolationCode.MIXED_KINDS,
)
"""What a pupil may say is wrong with a referee exercise's play: the faults a laid calculation can have."""

LEGAL, NOT_LEGAL = "legal", "not-legal"
"""The two answers to a referee exercise."""

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


class AnswerError(NambarzError):
    """An answer the page cannot judge, such as a card the hand does not hold; its message is in the page's language."""


@dataclass(frozen=True)
class Token:
    """One part of a calculation as the page shows it: a ``card`` (with its key, to draw it), an ``operator``, a
    ``bracket`` or the ``blank``."""

    text: str
    role: str
    key: Key | None = None


@dataclass(frozen=True)
class Judgement:
    """The referee's answer to a pupil: right or not, in words, with the verdict on the play the answer makes."""

    correct: bool
    answer: str
    codes: tuple[str, ...]
    message: str
    note: str | None
    words: PlayVerdictWords


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
    tokens = [_card_token(chain.cards[0], lang, blank == 0)]
    last: Operator | None = None
    for position, (operator, card) in enumerate(zip(chain.operators, chain.cards[1:], strict=True), start=1):
        if last in (Operator.ADD, Operator.SUBTRACT) and operator in (Operator.MULTIPLY, Operator.DIVIDE):
            tokens = [Token("(", "bracket"), *tokens, Token(")", "bracket")]
        tokens += [Token(operator.sign, "operator"), _card_token(card, lang, blank == position)]
        last = operator
    return tokens


def _card_token(card: Card, lang: str, is_blank: bool) -> Token:
    return Token("?", "blank") if is_blank else Token(card_name(card, lang), "card", card_key(card, lang))


def chain_words(chain: Chain, lang: str) -> str:
    """``chain`` as one line of text, as :func:`chain_tokens` shows it.

    >>> chain_words(Chain.parse("10 - 4 / 2 * 3hippo"), "en"), chain_words(Chain.parse("3bee * 2fish"), "fr")
    ('(10 − 4) ÷ 2 × 3 hippo', '3 abeille × 2 poisson')
    """
    text = " ".join(token.text for token in chain_tokens(chain, lang))
    return text.replace("( ", "(").replace(" )", ")")


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
    """What the template shows of ``exercise``: its cards named in ``lang``, its task, the keys to answer with."""
    signs = " ".join(Operator(sign).sign for sign in exercise.ops)
    context: dict[str, Any] = {
        "exercise": exercise,
        "number": address["number"],
        "top": card_key(exercise.top, lang),
        "address_args": _address_args(address),
        "exercise_id": f"{address['level']}/{address['seed']}/{address['number']}/{exercise.kind}",
        "next_url": url_for("web.practice", **_address_args(address, number=min(address["number"] + 1, MAX_NUMBER))),
        "operators": [key for key in OPERATOR_KEYS if key.notation in exercise.ops],
    }
    if exercise.kind == "cover":
        context["hand"] = [card_key(card, lang) for card in exercise.hand]
        context["task"] = t.gettext(
            "Cover the top card with a calculation of cards from your hand, using only %(operators)s."
        ) % {"operators": signs}
        context["key"] = [chain_words(Chain.parse(answer.expression), lang) for answer in exercise.answers]
    elif exercise.kind == "missing-card" and exercise.puzzle is not None:
        context["tokens"] = chain_tokens(exercise.puzzle.known, lang, blank=exercise.puzzle.blank)
        context["choices"] = card_keyboard(Deck.default(), lang)
        context["task"] = t.gettext(
            "Which card goes in the box to make a legal calculation on the top card with %(operators)s?"
        ) % {"operators": signs}
        context["key"] = [card_name(answer.cards[0], lang) for answer in exercise.answers]
    elif exercise.play is not None:
        context["tokens"] = chain_tokens(exercise.play, lang)
        context["reasons"] = [(code.value, reason_words(code, lang)) for code in REASONS]
        context["task"] = t.gettext(
            "A player lays this calculation on the top card, with %(operators)s allowed. Is the play legal?"
        ) % {"operators": signs}
        context["key"] = []
    return context


def reason_words(code: ViolationCode, lang: str) -> str:
    """What is wrong with a play breaking ``code``'s rule, in words a pupil picks from, in ``lang``.

    >>> reason_words(ViolationCode.WRONG_RESULT, "fr")
    'Lu de gauche à droite, le calcul ne donne pas le nombre de la carte du dessus.'
    """
    _ = translator(lang, "web").gettext
    words = {
        ViolationCode.WRONG_RESULT: _("Read from left to right, it does not make the number of the top card."),
        ViolationCode.NOT_MINIMAL: _("Fewer of its cards already make the number of the top card."),
        ViolationCode.MATCHING_CARD_IN_CALCULATION: _(
            "A card that matches the top card is used inside the calculation instead of alone."
        ),
        ViolationCode.MIXED_KINDS: _("It mixes symbol cards and figure cards."),
    }
    return words[code]


# ----------------------------------------------------------------------------------------------- hints


def exercise_hints(exercise: Exercise, count: int, lang: str, *, time_limit: float = DEFAULT_TIME_LIMIT) -> list[str]:
    """The first ``count`` of the exercise's three hints in ``lang``, each revealing more than the one before.

    A cover exercise has the project's hints for its position; a
    missing-card or referee exercise has hints drawn from its answer key.
    The solver and the planner search for at most ``time_limit`` seconds.

    >>> exercise = practice_exercise(2, 7, 3)
    >>> exercise.kind, len(exercise_hints(exercise, 2, "en"))
    ('referee', 2)
    """
    if count == 0:
        return []
    levels = HINT_LEVELS[:count]
    if exercise.kind == "cover":
        return [
            explain_hint(hint(exercise.top, exercise.hand, exercise.rules, level, time_limit=time_limit), lang)
            for level in levels
        ]
    hints = _missing_card_hints(exercise, lang) if exercise.kind == "missing-card" else _referee_hints(exercise, lang)
    return hints[:count]


def _missing_card_hints(exercise: Exercise, lang: str) -> list[str]:
    """The number to make, then the number and kind of a card that fits, then that card."""
    _ = translator(lang, "web").gettext
    fitting = exercise.answers[0].cards[0]
    return [
        _("Read from left to right, the calculation must make %(value)d, the number of %(top)s.")
        % {"top": card_name(exercise.top, lang), "value": exercise.top.value},
        _("A card that fits shows the number %(number)d and is of the same kind as the other cards.")
        % {"number": fitting.value},
        _("%(card)s fits in the box.") % {"card": card_name(fitting, lang)},
    ]


def _referee_hints(exercise: Exercise, lang: str) -> list[str]:
    """What makes a calculation legal, then its steps, then the referee's verdict."""
    _ = translator(lang, "web").gettext
    verdict = _referee_verdict(exercise)
    top = {"top": card_name(exercise.top, lang), "value": exercise.top.value}
    words = play_verdict_words(verdict, lang)
    steps = words.steps
    reasons = {violation.code: violation.reason for violation in words.violations}
    return [
        _(
            "A calculation is legal when its cards are all of one kind, none of them matches %(top)s on its own, "
            "it makes %(value)d read from left to right, and no fewer of its cards make it."
        )
        % top,
        _("Step by step, from left to right: %(steps)s.") % {"steps": steps}
        if steps
        else _("Work it out step by step, from left to right: does every step give a number allowed here?"),
        _("The play is legal.")
        if words.resolving_code is None
        else _("The play is not legal: %(reason)s.") % {"reason": reasons[words.resolving_code]},
    ]


def _referee_verdict(exercise: Exercise) -> Verdict:
    verdict = exercise.answers[0].verdict
    if verdict is None:
        raise NambarzError(f"the referee exercise on {exercise.top} has no verdict in its answer key")
    return verdict


# ----------------------------------------------------------------------------------------------- answers


def judge(
    exercise: Exercise, answer: str, reason: str | None, lang: str, *, time_limit: float = DEFAULT_TIME_LIMIT
) -> Judgement:
    """The referee's answer to ``answer`` (and ``reason``, for a referee exercise), in ``lang``.

    Raises :class:`AnswerError` (in ``lang``) or :class:`~solver.errors.NambarzError`
    for an answer that cannot be judged: text that is no calculation, cards the hand lacks.
    The referee searches for at most ``time_limit`` seconds.

    >>> exercise = practice_exercise(2, 7, 1)
    >>> str(exercise.top), [str(card) for card in exercise.hand]
    ('8bee', ['2', '4', '5', '10bear'])
    >>> right = judge(exercise, "4 * 2", None, "en")
    >>> right.correct, right.codes, right.message
    (True, (), 'Right! 4 × 2 makes 8.')
    >>> wrong = judge(exercise, "5 + 2", None, "en")
    >>> wrong.correct, wrong.codes
    (False, ('wrong-result',))
    """
    t = translator(lang, "web")
    if exercise.kind == "cover":
        return _judge_cover(exercise, answer, lang, t, time_limit)
    if exercise.kind == "missing-card":
        return _judge_missing_card(exercise, answer, lang, t, time_limit)
    return _judge_referee(exercise, answer, reason, lang, t)


def _judge_cover(exercise: Exercise, answer: str, lang: str, t: NullTranslations, time_limit: float) -> Judgement:
    data, errors = load_query(
        CheckRequestSchema(), {"top": str(exercise.top), "play": answer}, {"play": expected(EXPECTED)["answer"]}
    )
    if data is None:
        raise AnswerError(next(iter(errors.values())))
    chain: Chain = data["play"]
    missing = Counter(chain.cards) - Counter(exercise.hand)
    if missing:
        names = listed([card_name(card, lang) for card in missing.elements()], t)
        # TRANSLATORS: cards is a list of cards the pupil used but does not hold (or used more often than held).
        raise AnswerError(
            t.gettext("Your hand has no %(cards)s left to lay: use only its cards, each once.") % {"cards": names}
        )
    verdict = check(exercise.top, chain, exercise.rules, time_limit=time_limit)
    key = {_multiset(accepted.cards) for accepted in exercise.answers}
    correct = verdict.legal and chain.is_calculation and _multiset(chain.cards) in key
    fields = {
        "calculation": chain_words(chain, lang),
        "top": card_name(exercise.top, lang),
        "value": exercise.top.value,
    }
    note = None
    if correct:
        message = t.gettext("Right! %(calculation)s makes %(value)d.") % fields
        note = _longer_answer_note(exercise, len(chain.cards), t)
    elif verdict.legal:
        message = (
            t.gettext("%(calculation)s alone may cover %(top)s, but this exercise asks for a calculation.") % fields
        )
    else:
        message = _not_quite(verdict, lang, t)
    return _judgement(verdict, lang, correct=correct, answer=answer, message=message, note=note)


def _not_quite(verdict: Verdict, lang: str, t: NullTranslations) -> str:
    """A wrong answer in the words of the exercise: what was wrong, and to try again; no penalty of a game.

    >>> from solver.nambarz import Card
    >>> _not_quite(check(Card.parse("8"), Chain.parse("5 + 2")), "en", translator("en", "web"))
    'Not quite. 5 + 2 makes 7, not 8. Try again.'
    """
    # TRANSLATORS: "fault" is one whole sentence saying what is wrong with the pupil's calculation.
    return t.gettext("Not quite. %(fault)s Try again.") % {"fault": play_verdict_words(verdict, lang).fault}


def _multiset(cards: Sequence[Card]) -> frozenset[tuple[Card, int]]:
    return frozenset(Counter(cards).items())


def _longer_answer_note(exercise: Exercise, laid: int, t: NullTranslations) -> str | None:
    """A word on a legal answer with more cards than the pupil laid, a master stroke above all."""
    most = max(len(answer.cards) for answer in exercise.answers)
    if most <= laid:
        return None
    if most >= MASTER_STROKE_MIN_CARDS:
        return t.gettext("There is also a master stroke with %(count)d cards: can you find it?") % {"count": most}
    return t.gettext("A calculation with %(count)d cards also covers it and sheds more cards.") % {"count": most}


def _judge_missing_card(
    exercise: Exercise, answer: str, lang: str, t: NullTranslations, time_limit: float
) -> Judgement:
    if exercise.puzzle is None:
        raise NambarzError("a missing-card exercise needs its puzzle")
    card = Card.parse(answer)
    verdict = check(exercise.top, exercise.puzzle.filled(card), exercise.rules, time_limit=time_limit)
    correct = any(accepted.cards == (card,) for accepted in exercise.answers)
    fields = {"card": card_name(card, lang)}
    if correct:
        message = t.gettext("Right! %(card)s goes in the box.") % fields
    else:
        message = t.gettext("Not quite: with %(card)s in the box, the calculation does not work. Try again.") % fields
    return _judgement(verdict, lang, correct=correct, answer=answer, message=message)


def _judge_referee(exercise: Exercise, answer: str, reason: str | None, lang: str, t: NullTranslations) -> Judgement:
    """Right when the pupil says whether the play is legal, and, if they chose a fault, one the play has."""
    if answer not in (LEGAL, NOT_LEGAL):
        buttons = {"legal": t.gettext("Legal"), "not_legal": t.gettext("Not legal")}
        # TRANSLATORS: legal and not_legal are the two buttons' words ("Legal", "Not legal"), quoted as they read.
        raise AnswerError(t.gettext("Tap “%(legal)s” or “%(not_legal)s”.") % buttons)
    verdict = _referee_verdict(exercise)
    said_legal = answer == LEGAL
    if said_legal != verdict.legal:
        correct = False
        message = (
            t.gettext("Not right: the play is legal.")
            if verdict.legal
            else t.gettext("Not right: the play is not legal.")
        )
    elif verdict.legal:
        correct, message = True, t.gettext("Right: the play is legal.")
    elif reason is None:
        correct, message = True, t.gettext("Right: the play is not legal.")
    elif reason in verdict.codes:
        correct, message = True, t.gettext("Right: the play is not legal, for the reason you chose.")
    else:
        correct, message = False, t.gettext("The play is indeed not legal, but not for the reason you chose.")
    given = answer if said_legal or reason is None else f"{answer} {reason}"
    return _judgement(verdict, lang, correct=correct, answer=given, message=message)


def _judgement(
    verdict: Verdict, lang: str, *, correct: bool, answer: str, message: str, note: str | None = None
) -> Judgement:
    """The judgement of an answer whose play got ``verdict``, with the verdict's words in ``lang``."""
    words = play_verdict_words(verdict, lang)
    return Judgement(correct, answer, tuple(violation.code for violation in words.violations), message, note, words)

"""Judging a pupil's answer to an exercise, its hints, and the words for both, for the practice pages and the API.

An answer is what a pupil taps or writes: a calculation of their cards for
a cover exercise, a card for a missing-card exercise, :data:`LEGAL` or
:data:`NOT_LEGAL` (with one of :data:`REASONS`, if they chose one) for a
referee exercise.  :func:`judge` says whether it is right, in words of the
pupil's language, with the referee's verdict on the play it makes.  An
answer that cannot be judged raises :class:`AnswerError` with a message in
that language, or the engine's :class:`~solver.errors.NambarzError` (text
that is no card or no calculation), which each interface words its own way.

The sentences are the pages' own: they live in the ``web`` catalog.

>>> from tutor.item_bank import bank, exercise
>>> drawn = exercise(bank()["cover-2-17"], "it")
>>> str(drawn.top), [str(card) for card in drawn.hand]
('10', ['2', '5', '5bear', '6dragonfly'])
>>> judge(drawn, "5 * 2", None, "it").message
'Giusto! 5 × 2 fa 10.'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from gettext import NullTranslations
from itertools import permutations

from solver.errors import NambarzError
from solver.nambarz.cards import Card
from solver.nambarz.hint import HINT_LEVELS, Hint, hint
from solver.nambarz.minimal_calculations import DEFAULT_TIME_LIMIT
from solver.nambarz.notation import Chain
from solver.nambarz.referee import Verdict, check
from solver.nambarz.rules import Operator, Rules
from solver.nambarz.scoring import MASTER_STROKE_MIN_CARDS
from solver.nambarz.violations import ViolationCode
from tutor.exercises import Exercise
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.nambarz import PlayVerdictWords, explain_hint, play_verdict_words
from tutor.rendering import card_name
from tutor.text import listed

REASONS = (
    ViolationCode.WRONG_RESULT,
    ViolationCode.NOT_MINIMAL,
    ViolationCode.MATCHING_CARD_IN_CALCULATION,
    ViolationCode.MIXED_KINDS,
)
"""What a pupil may say is wrong with a referee exercise's play: the faults a laid calculation can have."""

LEGAL, NOT_LEGAL = "legal", "not-legal"
"""The two answers to a referee exercise."""

OPENING, CLOSING = "(", ")"
"""The brackets :func:`chain_parts` puts into a calculation."""

DOMAIN = "web"
"""The catalog of the sentences here: the practice page's."""


class AnswerError(NambarzError):
    """An answer that cannot be judged, such as a card the hand does not hold; its message is in the pupil's
    language."""

    code = "invalid-answer"


@dataclass(frozen=True)
class Judgement:
    """The referee's answer to a pupil: right or not, in words, with the verdict on the play the answer makes."""

    correct: bool
    answer: str
    codes: tuple[str, ...]
    message: str
    note: str | None
    words: PlayVerdictWords


def chain_parts(chain: Chain) -> list[Card | Operator | str]:
    """``chain`` in school notation: its cards and operators in order, with brackets (:data:`OPENING`,
    :data:`CLOSING`) where reading left to right differs from the usual precedence, as in the explanations.

    >>> [str(part) if isinstance(part, Card) else getattr(part, "sign", part) for part in chain_parts(
    ...     Chain.parse("10 - 4 / 2"))]
    ['(', '10', '−', '4', ')', '÷', '2']
    """
    parts: list[Card | Operator | str] = [chain.cards[0]]
    last: Operator | None = None
    for operator, card in zip(chain.operators, chain.cards[1:], strict=True):
        if last in (Operator.ADD, Operator.SUBTRACT) and operator in (Operator.MULTIPLY, Operator.DIVIDE):
            parts = [OPENING, *parts, CLOSING]
        parts += [operator, card]
        last = operator
    return parts


def chain_words(chain: Chain, lang: str) -> str:
    """``chain`` as one line of text in school notation (see :func:`chain_parts`), its cards named in ``lang``.

    >>> chain_words(Chain.parse("10 - 4 / 2 * 3hippo"), "en"), chain_words(Chain.parse("3bee * 2fish"), "fr")
    ('(10 − 4) ÷ 2 × 3 hippo', '3 abeille × 2 poisson')
    """
    words = [
        card_name(part, lang) if isinstance(part, Card) else part.sign if isinstance(part, Operator) else part
        for part in chain_parts(chain)
    ]
    return " ".join(words).replace(f"{OPENING} ", OPENING).replace(f" {CLOSING}", CLOSING)


def reason_words(code: ViolationCode, lang: str) -> str:
    """What is wrong with a play breaking ``code``'s rule, in words a pupil picks from, in ``lang``.

    >>> reason_words(ViolationCode.WRONG_RESULT, "fr")
    'Lu de gauche à droite, le calcul ne donne pas le nombre de la carte du dessus.'
    """
    _ = translator(lang, DOMAIN).gettext
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

    >>> from tutor.item_bank import bank, exercise
    >>> hints = exercise_hints(exercise(bank()["missing-card-2-0"]), 3, "en")
    >>> len(hints), hints[0]
    (3, 'Read from left to right, the calculation must make 10, the number of 10.')
    """
    if count == 0:
        return []
    if exercise.kind == "cover":
        best = _best_cover_hint(exercise.top, exercise.hand, exercise.rules, time_limit)
        return [explain_hint(best.at_level(level), lang) for level in HINT_LEVELS[:count]]
    hints = _missing_card_hints(exercise, lang) if exercise.kind == "missing-card" else _referee_hints(exercise, lang)
    return hints[:count]


def work_out_hints(exercise: Exercise, *, time_limit: float = DEFAULT_TIME_LIMIT) -> None:
    """Work out every hint of ``exercise`` now, so that a search out of time refuses a hint before it is counted.

    Raises :class:`~solver.errors.SearchLimitError` past ``time_limit``; once
    worked out, the hints of an exercise are remembered and come back at once.
    """
    if exercise.kind == "cover":
        _best_cover_hint(exercise.top, exercise.hand, exercise.rules, time_limit)


@lru_cache(maxsize=1024)
def _best_cover_hint(top: Card, hand: tuple[Card, ...], rules: Rules, time_limit: float) -> Hint:
    """The highest hint for a cover exercise, from which the lower ones are shown: worked out once, since practice
    serves the bank's exercises again and again (a search out of time raises, and is not remembered)."""
    return hint(top, hand, rules, max(HINT_LEVELS), time_limit=time_limit)


def _missing_card_hints(exercise: Exercise, lang: str) -> list[str]:
    """The number to make, then the number and kind of a card that fits, then that card."""
    _ = translator(lang, DOMAIN).gettext
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
    _ = translator(lang, DOMAIN).gettext
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

    >>> from tutor.item_bank import bank, exercise
    >>> drawn = exercise(bank()["cover-2-17"])
    >>> right = judge(drawn, "5 * 2", None, "en")
    >>> right.correct, right.codes, right.message
    (True, (), 'Right! 5 × 2 makes 10.')
    >>> wrong = judge(drawn, "5 + 2", None, "en")
    >>> wrong.correct, wrong.codes
    (False, ('wrong-result',))
    >>> judge(drawn, "5 + 5", None, "en")
    Traceback (most recent call last):
    ...
    services.practice.judging.AnswerError: Your hand has no 5 left to lay: use only its cards, each once.
    """
    t = translator(lang, DOMAIN)
    if exercise.kind == "cover":
        return _judge_cover(exercise, answer, lang, t, time_limit)
    if exercise.kind == "missing-card":
        return _judge_missing_card(exercise, answer, lang, t, time_limit)
    return _judge_referee(exercise, answer, reason, lang, t)


def _judge_cover(exercise: Exercise, answer: str, lang: str, t: NullTranslations, time_limit: float) -> Judgement:
    chain = Chain.parse(answer)
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

    >>> _not_quite(check(Card.parse("8"), Chain.parse("5 + 2")), "en", translator("en", DOMAIN))
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


# ----------------------------------------------------------------------------------------------- answers to send


def key_answer(exercise: Exercise) -> str:
    """What a pupil sends to answer ``exercise`` right: a calculation of the key, its card, or whether it is legal;
    for simulated pupils, tests and screenshots.

    >>> from tutor.item_bank import bank, exercise
    >>> key_answer(exercise(bank()["cover-2-17"])), key_answer(exercise(bank()["missing-card-2-0"]))
    ('5 * 2', '2')
    """
    key = exercise.answers[0]
    if exercise.kind == "cover":
        return key.expression
    if exercise.kind == "missing-card":
        return str(key.cards[0])
    return LEGAL if _referee_verdict(exercise).legal else NOT_LEGAL


def wrong_answer(exercise: Exercise) -> str:
    """An answer to ``exercise`` that :func:`judge` judges wrong, made of what the pupil may tap (their cards, a card
    of the deck, the other button), breaking a rule where the exercise lets it.

    >>> from tutor.item_bank import bank, exercise
    >>> wrong_answer(exercise(bank()["cover-2-17"])), wrong_answer(exercise(bank()["referee-2-0"]))
    ('2 + 5', 'legal')
    """
    if exercise.kind == "referee":
        return NOT_LEGAL if key_answer(exercise) == LEGAL else LEGAL
    if exercise.kind == "missing-card":
        candidates = [str(value) for value in range(1, 11)]
    else:
        candidates = [f"{first} + {second}" for first, second in permutations(exercise.hand, 2)]
    for candidate in candidates:
        if not judge(exercise, candidate, None, DEFAULT_LANGUAGE).correct:
            return candidate
    raise NambarzError(f"no wrong answer to the exercise on {exercise.top} is made of the cards it offers")


def _judgement(
    verdict: Verdict, lang: str, *, correct: bool, answer: str, message: str, note: str | None = None
) -> Judgement:
    """The judgement of an answer whose play got ``verdict``, with the verdict's words in ``lang``."""
    words = play_verdict_words(verdict, lang)
    return Judgement(correct, answer, tuple(violation.code for violation in words.violations), message, note, words)

"""Quando's review in words: one reviewed turn next to the best choice, and the totals of a review.

:mod:`tutor.review` puts a review of any game into words through each game's
entry (:data:`tutor.games.TUTORS`); Quando's entry points here.  Its
sentences are in the ``tutor`` catalogs, with those of every game's review.
A turn is measured by the points in hand, which the player wants low: how
much the turn lowered them, the card drawn counted as it was known.  A card
drawn by its visible side is known; drawn by its hidden side it is counted
at the average of the numbers that side may show, so the sentence says "on
average".  The best choice is the hint's, from the same view.

>>> from solver.review import Mark
>>> turn = TurnReview(4, (7,), ("knock",), ("play 2 3 4", "take visible"), {"expected_sum": 9.0},
...                   {"expected_sum": 5.0}, Mark.HIGHER_SUM, {"expected_sum": 4.0}, {"hand_sum": 9})
>>> print(explain_turn_review(turn, "en"))
You knocked: the points in your hand stayed at 9. The best choice would have lowered them by 4. \
The best turn: three in a row: 2 3 4, then take the visible side.
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence

from solver.quando.state import Action, ActionKind, Side
from solver.review import Mark, Measure, ReviewTotals, TurnReview
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.text import amount, not_compared, shared_mark_label, with_better_turn


def explain_turn_review(turn: TurnReview, lang: str = DEFAULT_LANGUAGE) -> str:
    """One reviewed turn in ``lang``: :func:`turn_judgement`, then the best choice in words when it was better."""
    translations = translator(lang)
    best = _best(turn.best, translations, lang) if turn.best else ""
    return with_better_turn(turn_judgement(turn, lang), turn, best, translations)


def turn_label(turn: TurnReview, lang: str = DEFAULT_LANGUAGE) -> str:
    """What a reviewed turn's heading says of it, in ``lang``: praise for the best and the good only.

    >>> turn_label(TurnReview(1, (1,), ("knock",), (), {}, {}, Mark.HIGHER_SUM, {}, {}), "en")
    'Your hand kept more points than it had to'
    """
    translations = translator(lang)
    if turn.mark is Mark.HIGHER_SUM:
        return translations.gettext("Your hand kept more points than it had to")
    return shared_mark_label(turn.mark, translations) or turn.mark.value


def turn_judgement(turn: TurnReview, lang: str = DEFAULT_LANGUAGE) -> str:
    """One reviewed turn judged in ``lang``: how far the choice lowered the points in hand, and how far the best."""
    translations = translator(lang)
    _ = translations.gettext
    if turn.mark is Mark.UNREVIEWED:
        return not_compared(translations)
    mark = turn.mark
    same = tuple(turn.played) == tuple(turn.best)
    praise = {
        Mark.BEST: _("Well done: that was the best choice.") if same else _("Well done: as good as the best choice."),
        Mark.GOOD: _("Good: nearly as good as the best choice."),
    }
    hand_sum = turn.details["hand_sum"]
    sentences = [praise[mark]] if mark in praise else []
    sentences.append(_played_change(turn.played, float(hand_sum), turn.measures["expected_sum"], translations, lang))
    if not same and mark is not Mark.BEST:
        change = _best_change(turn.best, float(hand_sum), turn.best_measures["expected_sum"], translations, lang)
        sentences.append(change)
    return " ".join(sentences)


def _played_change(
    actions: Sequence[str], before: float, after: Measure, translations: gettext.NullTranslations, lang: str
) -> str:
    """How the turn played changed the points in hand, in a sentence."""
    _ = translations.gettext
    change = {"by": amount(abs(before - after), lang), "sum": amount(before, lang)}
    knocked = Action.parse(actions[0]).kind is ActionKind.KNOCK
    hidden = not knocked and len(actions) > 1 and Action.parse(actions[1]).side is Side.HIDDEN
    if knocked:
        return _("You knocked: the points in your hand stayed at %(sum)s.") % change
    if round(after, 1) == round(before, 1):
        return _("The points in your hand stayed at %(sum)s.") % change
    if hidden and after < before:
        # TRANSLATORS: the card was drawn by its hidden side, so its number is counted as the average it may show.
        return _("The points in your hand went down by %(by)s on average.") % change
    if hidden:
        return _("The points in your hand went up by %(by)s on average.") % change
    if after < before:
        return _("The points in your hand went down by %(by)s.") % change
    return _("The points in your hand went up by %(by)s.") % change


def _best_change(
    actions: Sequence[str], before: float, after: Measure, translations: gettext.NullTranslations, lang: str
) -> str:
    """How the best choice would have changed the points in hand, in a sentence."""
    _ = translations.gettext
    change = {"by": amount(abs(before - after), lang), "sum": amount(before, lang)}
    knocked = Action.parse(actions[0]).kind is ActionKind.KNOCK
    hidden = not knocked and len(actions) > 1 and Action.parse(actions[1]).side is Side.HIDDEN
    if knocked:
        return _("The best choice was to knock and keep them at %(sum)s.") % change
    if hidden and after < before:
        return _("The best choice would have lowered them by %(by)s on average.") % change
    if after < before:
        return _("The best choice would have lowered them by %(by)s.") % change
    if hidden:
        return _("The best choice would have raised them by only %(by)s on average.") % change
    return _("The best choice would have raised them by only %(by)s.") % change


def mark_clause(mark: Mark, count: int, lang: str = DEFAULT_LANGUAGE) -> str | None:
    """Quando's own marks counted, for a review's summary; ``None`` for a mark every game shares.

    >>> mark_clause(Mark.HIGHER_SUM, 2, "en")
    '2 kept more points in your hand than they had to'
    """
    if mark is not Mark.HIGHER_SUM:
        return None
    # TRANSLATORS: counts turns, in "You played 8 turns: 5 were the best turn, 2 kept more points …".
    return translator(lang).ngettext(
        "%(count)d kept more points in your hand than it had to",
        "%(count)d kept more points in your hand than they had to",
        count,
    ) % {"count": count}


def _moves(actions: Sequence[str], lang: str) -> str:
    """Moves in notation said in words of ``lang``, one after another; :mod:`tutor.quando` says them."""
    from tutor.quando import action_words  # noqa: PLC0415 - tutor.quando imports this module

    return "; ".join(action_words(Action.parse(action), lang) for action in actions)


def _best(actions: Sequence[str], translations: gettext.NullTranslations, lang: str) -> str:
    """The best choice in words: "three in a row: 3 4 5, then take the hidden side", or "knock"."""
    _ = translations.gettext
    opening = Action.parse(actions[0])
    if opening.kind is ActionKind.KNOCK:
        # TRANSLATORS: the best choice of a turn, in the imperative.
        return _("knock")
    play = {"play": _moves(actions[:1], lang)}
    if len(actions) > 1 and Action.parse(actions[1]).side is Side.HIDDEN:
        # TRANSLATORS: "play" is a play in words, such as "three in a row: 3 4 5".
        return _("%(play)s, then take the hidden side") % play
    return _("%(play)s, then take the visible side") % play


def totals_sentences(counted: ReviewTotals, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """What a review's turns lost in all, in ``lang``: how many more points in hand than the best choices left.

    >>> totals_sentences(ReviewTotals(2, 1, {}, {"expected_sum": 2.5}), "en")
    ['In all your hand kept about 2.5 points more than the best choices would have left.']
    """
    lost = counted.lost
    if not lost.get("expected_sum"):
        return []
    sentence = translator(lang).gettext(
        "In all your hand kept about %(sum)s points more than the best choices would have left."
    )
    return [sentence % {"sum": amount(lost["expected_sum"], lang)}]

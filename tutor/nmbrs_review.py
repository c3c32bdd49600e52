"""Nmbrs!'s review in words: one reviewed turn next to the best lay, and the totals of a review.

:mod:`tutor.review` puts a review of any game into words through each game's
entry (:data:`tutor.games.TUTORS`); Nmbrs!'s entry points here.  Its
sentences are in the ``tutor`` catalogs, with those of every game's review;
the moves are said in :mod:`tutor.nmbrs`'s words.  The best lay is the
greedy bot's from the same hand: a child reads "the best lay".

>>> from solver.review import Mark
>>> turn = TurnReview(2, (3, 4, 5), ("decline", "draw", "discard 95"), ("decline", "draw", "discard 95"),
...                   {"points": 0, "cards": 0}, {"points": 0, "cards": 0}, Mark.BEST, {"points": 0}, {})
>>> explain_turn_review(turn, "en")
'Well done: no lay from your hand could score this turn.'
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.nmbrs.state import Action
from solver.review import Mark, ReviewTotals, TurnReview
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.text import not_compared, shared_mark_label, with_better_turn

PLAYS = ("lay", "insert", "swap")
"""The moves that lay cards, which the better turn shows (its draw is the turn's own, its discard a guess)."""


def explain_turn_review(turn: TurnReview, lang: str = DEFAULT_LANGUAGE) -> str:
    """One reviewed turn in ``lang``: :func:`turn_judgement`, then the best lay in words when it scored more."""
    best = _moves(best_plays(turn.best), lang)
    return with_better_turn(turn_judgement(turn, lang), turn, best, translator(lang))


def best_plays(actions: Sequence[str]) -> list[str]:
    """The moves of a turn that lay cards.

    >>> best_plays(["take", "lay 47@0,0 J=60@0,1 73@0,2", "discard 95"])
    ['lay 47@0,0 J=60@0,1 73@0,2']
    """
    return [action for action in actions if action.split()[0] in PLAYS]


def turn_label(turn: TurnReview, lang: str = DEFAULT_LANGUAGE) -> str:
    """What a reviewed turn's heading says of it, in ``lang``: praise for the best and the good only.

    >>> turn_label(TurnReview(1, (1,), ("take",), (), {}, {}, Mark.LOST_POINTS, {}, {}), "en")
    'You scored fewer points than you could have'
    """
    translations = translator(lang)
    if turn.mark is Mark.LOST_POINTS:
        return translations.gettext("You scored fewer points than you could have")
    return shared_mark_label(turn.mark, translations) or turn.mark.value


def turn_judgement(turn: TurnReview, lang: str = DEFAULT_LANGUAGE) -> str:
    """One reviewed turn judged in ``lang``: the points its cards scored next to the best lay's."""
    translations = translator(lang)
    _, ngettext = translations.gettext, translations.ngettext
    if turn.mark is Mark.UNREVIEWED:
        return not_compared(translations)
    points, best_points = int(turn.measures["points"]), int(turn.best_measures["points"])
    fields = {"points": points, "best_points": best_points}
    if turn.mark is Mark.LOST_POINTS:
        sentence = ngettext(
            "Your cards scored %(points)d point; the best lay scored %(best_points)d.",
            "Your cards scored %(points)d points; the best lay scored %(best_points)d.",
            points,
        )
    elif points == 0:
        sentence = _("Well done: no lay from your hand could score this turn.")
    elif best_plays(turn.played) == best_plays(turn.best):
        sentence = ngettext(
            "Well done: that was the best lay, for %(points)d point.",
            "Well done: that was the best lay, for %(points)d points.",
            points,
        )
    else:
        sentence = ngettext(
            "Well done: your cards scored %(points)d point, as many as the best lay or more.",
            "Well done: your cards scored %(points)d points, as many as the best lay or more.",
            points,
        )
    return sentence % fields


def mark_clause(mark: Mark, count: int, lang: str = DEFAULT_LANGUAGE) -> str | None:
    """Nmbrs!'s own marks counted, for a review's summary; ``None`` for a mark every game shares.

    >>> mark_clause(Mark.LOST_POINTS, 3, "en")
    '3 scored fewer points than they could have'
    """
    if mark is not Mark.LOST_POINTS:
        return None
    # TRANSLATORS: counts turns, in "You played 8 turns: 5 were the best turn, 3 scored fewer points …".
    return translator(lang).ngettext(
        "%(count)d scored fewer points than it could have", "%(count)d scored fewer points than they could have", count
    ) % {"count": count}


def _moves(actions: Sequence[str], lang: str) -> str:
    """Moves in notation said in words of ``lang``, one after another; :mod:`tutor.nmbrs` says them."""
    from tutor.nmbrs import action_words  # noqa: PLC0415 - tutor.nmbrs imports this module

    return "; ".join(action_words(Action.parse(action), lang) for action in actions)


def totals_sentences(counted: ReviewTotals, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """What a review's turns lost in all, in ``lang``: the points fewer than the greedy bot's lays.

    >>> totals_sentences(ReviewTotals(4, 3, {}, {"points": 6}), "it")
    ['In tutto hai fatto 6 punti in meno delle calate migliori.']
    """
    count = int(counted.lost.get("points", 0))
    if not count:
        return []
    sentence = translator(lang).ngettext(
        "In all you scored %(count)d point fewer than the best lays.",
        "In all you scored %(count)d points fewer than the best lays.",
        count,
    )
    return [sentence % {"count": count}]

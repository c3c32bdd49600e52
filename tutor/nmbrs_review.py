"""Nmbrs!'s review in words: one reviewed turn next to the greedy bot's lay, and the totals of a review.

:mod:`tutor.review` puts a review of any game into words through each game's
entry (:data:`tutor.games.TUTORS`); Nmbrs!'s entry points here.  Its
sentences are in the ``tutor`` catalogs, with those of every game's review;
the moves are said in :mod:`tutor.nmbrs`'s words.

>>> from solver.review import Mark
>>> turn = TurnReview(2, (3, 4, 5), ("decline", "draw", "discard 95"), ("decline", "draw", "discard 95"),
...                   {"points": 0, "cards": 0}, {"points": 0, "cards": 0}, Mark.BEST, {"points": 0}, {})
>>> explain_turn_review(turn, "en")
"No lay from your hand scored this turn, nor would the greedy bot's."
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.nmbrs.state import Action
from solver.review import Mark, ReviewTotals, TurnReview
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.text import not_compared


def explain_turn_review(turn: TurnReview, lang: str = DEFAULT_LANGUAGE) -> str:
    """One reviewed turn in ``lang``: the points the lay scored next to the greedy bot's lay."""
    translations = translator(lang)
    _, ngettext = translations.gettext, translations.ngettext
    if turn.mark is Mark.UNREVIEWED:
        return not_compared(_moves(turn.played, lang), translations)
    points, best_points = int(turn.measures["points"]), int(turn.best_measures["points"])
    plays = [action for action in turn.best if action.split()[0] in ("lay", "insert", "swap")]
    fields = {"points": points, "best_points": best_points, "best": _moves(plays, lang)}
    if turn.mark is Mark.LOST_POINTS:
        sentence = ngettext(
            "Your lay scored %(points)d point; the greedy bot's lay, %(best)s, scores %(best_points)d.",
            "Your lay scored %(points)d points; the greedy bot's lay, %(best)s, scores %(best_points)d.",
            points,
        )
    elif points == 0:
        sentence = _("No lay from your hand scored this turn, nor would the greedy bot's.")
    else:
        sentence = ngettext(
            "Your lay scored %(points)d point, as many as the greedy bot's lay or more.",
            "Your lay scored %(points)d points, as many as the greedy bot's lay or more.",
            points,
        )
    return sentence % fields


def _moves(actions: Sequence[str], lang: str) -> str:
    """Moves in notation said in words of ``lang``, one after another; :mod:`tutor.nmbrs` says them."""
    from tutor.nmbrs import action_words  # noqa: PLC0415 - tutor.nmbrs imports this module

    return "; ".join(action_words(Action.parse(action), lang) for action in actions)


def totals_sentences(counted: ReviewTotals, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """What a review's turns lost in all, in ``lang``: the points fewer than the greedy bot's lays.

    >>> totals_sentences(ReviewTotals(4, 3, {}, {"points": 6}), "it")
    ['In tutto hai fatto 6 punti in meno delle calate del bot avido.']
    """
    count = int(counted.lost.get("points", 0))
    if not count:
        return []
    sentence = translator(lang).ngettext(
        "In all you scored %(count)d point fewer than the greedy bot's lays.",
        "In all you scored %(count)d points fewer than the greedy bot's lays.",
        count,
    )
    return [sentence % {"count": count}]

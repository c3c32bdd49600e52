"""Quando's review in words: one reviewed turn next to the hint's choice, and the totals of a review.

:mod:`tutor.review` puts a review of any game into words through each game's
entry (:data:`tutor.games.TUTORS`); Quando's entry points here.  Its
sentences are in the ``tutor`` catalogs, with those of every game's review;
a turn is said as a clause (``You played 3 4 5 and took the hidden side``),
the hint's choice in the imperative.

>>> from solver.review import Mark
>>> turn = TurnReview(4, (7,), ("knock",), ("play 2 3 4", "take visible"), {"expected_sum": 9.0},
...                   {"expected_sum": 5.0}, Mark.HIGHER_SUM, {"expected_sum": 4.0}, {})
>>> print(explain_turn_review(turn, "en"))
You knocked: an expected hand sum of 9; the hint's choice (lay down 2 3 4 and take the visible side) expects 5.
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence

from solver.quando.state import Action, ActionKind, Side
from solver.review import Mark, ReviewTotals, TurnReview
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.text import not_compared


def explain_turn_review(turn: TurnReview, lang: str = DEFAULT_LANGUAGE) -> str:
    """One reviewed turn in ``lang``: the choice made next to the hint's, and the hand sum each expects."""
    translations = translator(lang)
    _ = translations.gettext
    if turn.mark is Mark.UNREVIEWED:
        return not_compared(_moves(turn.played, lang), translations)
    fields = {
        "played": _played(turn.played, translations),
        "best": _best(turn.best, translations),
        "sum": _amount(turn.measures["expected_sum"]),
        "best_sum": _amount(turn.best_measures["expected_sum"]),
    }
    mark = turn.mark
    if mark is Mark.BEST and tuple(turn.played) == tuple(turn.best):
        # TRANSLATORS: "played" is a whole clause, such as "You played 3 4 5 and took the hidden side".
        sentence = _("%(played)s, as the hint suggests: an expected hand sum of %(sum)s.")
    elif mark is Mark.BEST:
        # TRANSLATORS: "best" is the hint's choice in the imperative, such as "play 3 4 5 and take the hidden side".
        sentence = _("%(played)s: an expected hand sum of %(sum)s, no higher than the hint's choice (%(best)s).")
    elif mark is Mark.GOOD:
        sentence = _(
            "%(played)s: an expected hand sum of %(sum)s, a little above the hint's choice (%(best)s, %(best_sum)s)."
        )
    else:
        sentence = _("%(played)s: an expected hand sum of %(sum)s; the hint's choice (%(best)s) expects %(best_sum)s.")
    return sentence % fields


def _moves(actions: Sequence[str], lang: str) -> str:
    """Moves in notation said in words of ``lang``, one after another; :mod:`tutor.quando` says them."""
    from tutor.quando import action_words  # noqa: PLC0415 - tutor.quando imports this module

    return "; ".join(action_words(Action.parse(action), lang) for action in actions)


def _played(actions: Sequence[str], translations: gettext.NullTranslations) -> str:
    """The turn as a clause with the player as its subject: "You played 3 4 5 and took the hidden side"."""
    _ = translations.gettext
    opening = Action.parse(actions[0])
    if opening.kind is ActionKind.KNOCK:
        return _("You knocked")
    numbers = {"numbers": " ".join(map(str, opening.numbers))}
    if Action.parse(actions[1]).side is Side.VISIBLE:
        return _("You played %(numbers)s and took the visible side") % numbers
    return _("You played %(numbers)s and took the hidden side") % numbers


def _best(actions: Sequence[str], translations: gettext.NullTranslations) -> str:
    """The hint's choice in the imperative: "lay down 3 4 5 and take the hidden side"."""
    _ = translations.gettext
    opening = Action.parse(actions[0])
    if opening.kind is ActionKind.KNOCK:
        # TRANSLATORS: the hint's choice, in the imperative.
        return _("knock")
    numbers = {"numbers": " ".join(map(str, opening.numbers))}
    if Action.parse(actions[1]).side is Side.VISIBLE:
        return _("lay down %(numbers)s and take the visible side") % numbers
    return _("lay down %(numbers)s and take the hidden side") % numbers


def _amount(value: float) -> str:
    """A sum for a sentence: whole numbers without decimals, others with up to two, as the hints write them."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def totals_sentences(counted: ReviewTotals, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """What a review's turns lost in all, in ``lang``: how much higher a hand sum the choices expected.

    >>> totals_sentences(ReviewTotals(2, 1, {}, {"expected_sum": 2.5}), "fr")
    ["Au total, tes choix laissaient attendre une somme en main supérieure de 2.5 à celle de l'indice."]
    """
    lost = counted.lost
    if not lost.get("expected_sum"):
        return []
    sentence = translator(lang).gettext("In all your choices expected a hand sum %(sum)s higher than the hint's.")
    return [sentence % {"sum": _amount(lost["expected_sum"])}]

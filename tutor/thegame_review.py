"""The Game's review in words: one reviewed turn next to the strong bot's, and the totals of a review.

:mod:`tutor.review` puts a review of any game into words through each game's
entry (:data:`tutor.games.TUTORS`); The Game's entry points here.  Its
sentences are in the ``tutor`` catalogs, with those of every game's review;
placements are said in :mod:`tutor.thegame`'s words.

>>> from solver.review import Mark
>>> turn = TurnReview(1, (1, 2), ("20>asc1", "end"), ("20>asc1", "end"), {"cards": 1, "gap": 2},
...                   {"cards": 1, "gap": 2}, Mark.BEST, {"cards": 0, "gap": 0}, {})
>>> explain_turn_review(turn, "en")
'You laid 20 on the first rising pile, as the strong bot would.'
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.review import Mark, Measure, ReviewTotals, TurnReview
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.text import not_compared


def explain_turn_review(turn: TurnReview, lang: str = DEFAULT_LANGUAGE) -> str:
    """One reviewed turn in ``lang``: the cards laid next to the strong bot's turn, and the gap each leaves."""
    translations = translator(lang)
    _, ngettext = translations.gettext, translations.ngettext
    if turn.mark is Mark.UNREVIEWED:
        return not_compared(_placements(turn.played, lang), translations)
    gap, best_gap = _cards_shut_out(turn.measures["gap"]), _cards_shut_out(turn.best_measures["gap"])
    fields = {
        "played": _placements(turn.played, lang),
        "best": _placements(turn.best, lang),
        "gap": gap,
        "best_gap": best_gap,
        "cards": turn.measures["cards"],
        "best_cards": turn.best_measures["cards"],
    }
    mark = turn.mark
    ending = turn.details.get("ending")
    if mark is Mark.BEST and tuple(turn.played) == tuple(turn.best):
        sentence = _("You laid %(played)s, as the strong bot would.")
    elif mark is Mark.BEST or (mark in (Mark.GOOD, Mark.WIDER_GAP) and gap <= best_gap):
        sentence = _(
            "You laid %(played)s, leaving a gap of %(gap)d, no wider than the strong bot's turn, "
            "%(best)s (%(best_gap)d)."
        )
    elif mark is Mark.GOOD:
        sentence = _(
            "You laid %(played)s, leaving a gap of %(gap)d, a little wider than the strong bot's turn, "
            "%(best)s (%(best_gap)d)."
        )
    elif mark is Mark.WIDER_GAP:
        # TRANSLATORS: the gap counts the cards still to play that the piles can no longer take.
        sentence = _(
            "You laid %(played)s, leaving a gap of %(gap)d; the strong bot's turn, %(best)s, leaves %(best_gap)d "
            "(the gap counts the cards still to play that the piles can no longer take)."
        )
    elif turn.details.get("lost_game") and ending == "fire-uncovered":
        sentence = _(
            "Your turn, %(played)s, left a fire card uncovered and lost the game; the strong bot's turn was %(best)s."
        )
    elif turn.details.get("lost_game"):
        sentence = _(
            "Your turn, %(played)s, got stuck below the minimum and lost the game; the strong bot's turn was %(best)s."
        )
    else:
        sentence = ngettext(
            "With the draw pile empty every card counts: you laid %(played)s, %(cards)d card; the strong bot's turn, "
            "%(best)s, lays %(best_cards)d.",
            "With the draw pile empty every card counts: you laid %(played)s, %(cards)d cards; the strong bot's turn, "
            "%(best)s, lays %(best_cards)d.",
            int(turn.measures["cards"]),
        )
    return sentence % fields


def _cards_shut_out(gap: Measure) -> int:
    """A turn's gap as the cards it shuts out, never fewer than none.

    A move ten back opens cards again, so the measure may be negative (the
    turn opened more cards than it shut out); in words that is a gap of 0.

    >>> _cards_shut_out(-11), _cards_shut_out(3)
    (0, 3)
    """
    return max(0, int(gap))


def _placements(actions: Sequence[str], lang: str) -> str:
    """The cards laid, in words; :mod:`tutor.thegame`, which lists this module's words, says them."""
    from tutor.thegame import placements_words  # noqa: PLC0415 - tutor.thegame imports this module

    return placements_words(actions, lang)


def totals_sentences(counted: ReviewTotals, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """What a review's turns lost in all, in ``lang``: how much wider the gaps were, and the cards not laid.

    >>> totals_sentences(ReviewTotals(2, 1, {}, {"gap": 3, "cards": 0}), "de")
    ['Insgesamt waren deine Lücken um 3 Karten größer als die des starken Bots.']
    """
    ngettext = translator(lang).ngettext
    sentences = []
    gap, cards = int(counted.lost.get("gap", 0)), int(counted.lost.get("cards", 0))
    if gap:
        sentences.append(
            ngettext(
                "In all your gaps were %(count)d card wider than the strong bot's.",
                "In all your gaps were %(count)d cards wider than the strong bot's.",
                gap,
            )
            % {"count": gap}
        )
    if cards:
        sentences.append(
            ngettext(
                "Where every card counted you laid %(count)d card fewer than the strong bot.",
                "Where every card counted you laid %(count)d cards fewer than the strong bot.",
                cards,
            )
            % {"count": cards}
        )
    return sentences

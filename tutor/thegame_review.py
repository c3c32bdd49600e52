"""The Game's review in words: one reviewed turn next to the best turn, and the totals of a review.

:mod:`tutor.review` puts a review of any game into words through each game's
entry (:data:`tutor.games.TUTORS`); The Game's entry points here.  Its
sentences are in the ``tutor`` catalogs, with those of every game's review;
placements are said in :mod:`tutor.thegame`'s words.  The best turn is the
strong bot's from the same view; a child reads "the best turn", and a gap
is the cards still to play that the piles can no longer take.

>>> from solver.review import Mark
>>> turn = TurnReview(1, (1, 2), ("20>asc1", "end"), ("20>asc1", "end"), {"cards": 1, "gap": 2},
...                   {"cards": 1, "gap": 2}, Mark.BEST, {"cards": 0, "gap": 0}, {})
>>> explain_turn_review(turn, "en")
'Well done: that was the best turn.'
>>> wider = TurnReview(1, (1, 2), ("99>asc2", "end"), ("20>asc1", "end"), {"cards": 1, "gap": 12},
...                    {"cards": 1, "gap": 4}, Mark.WIDER_GAP, {"cards": 0, "gap": 8}, {})
>>> print(explain_turn_review(wider, "en"))
Your cards left a gap of 12 on the piles; the best turn left 4 (the gap counts the cards still to play that \
the piles can no longer take). The best turn: 20 on the first rising pile.
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.review import Mark, Measure, ReviewTotals, TurnReview
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.text import not_compared, shared_mark_label, with_better_turn


def explain_turn_review(turn: TurnReview, lang: str = DEFAULT_LANGUAGE) -> str:
    """One reviewed turn in ``lang``: :func:`turn_judgement`, then the best turn's cards in words when it was better."""
    return with_better_turn(turn_judgement(turn, lang), turn, _placements(turn.best, lang), translator(lang))


def turn_label(turn: TurnReview, lang: str = DEFAULT_LANGUAGE) -> str:
    """What a reviewed turn's heading says of it, in ``lang``: praise for the best and the good only.

    >>> turn_label(TurnReview(1, (1,), ("99>asc2",), (), {}, {}, Mark.WIDER_GAP, {}, {}), "en")
    'Your cards left wider gaps than they had to'
    """
    translations = translator(lang)
    _ = translations.gettext
    if turn.mark is Mark.LOST_CARDS and turn.details.get("lost_game"):
        return _("This turn lost the game")
    own = {
        Mark.LOST_CARDS: _("You laid fewer cards than you could have"),
        Mark.WIDER_GAP: _("Your cards left wider gaps than they had to"),
    }
    return own.get(turn.mark) or shared_mark_label(turn.mark, translations) or turn.mark.value


def turn_judgement(turn: TurnReview, lang: str = DEFAULT_LANGUAGE) -> str:
    """One reviewed turn judged in ``lang`` in a sentence a child follows: the gap its cards left on the piles."""
    translations = translator(lang)
    _, ngettext = translations.gettext, translations.ngettext
    if turn.mark is Mark.UNREVIEWED:
        return not_compared(translations)
    gap, best_gap = _cards_shut_out(turn.measures["gap"]), _cards_shut_out(turn.best_measures["gap"])
    fields = {
        "gap": gap,
        "best_gap": best_gap,
        "cards": turn.measures["cards"],
        "best_cards": turn.best_measures["cards"],
    }
    mark = turn.mark
    ending = turn.details.get("ending")
    if mark is Mark.BEST and tuple(turn.played) == tuple(turn.best):
        sentence = _("Well done: that was the best turn.")
    elif mark is Mark.BEST:
        sentence = _("Well done: your cards left a gap of %(gap)d on the piles, no wider than the best turn's.")
    elif mark in (Mark.GOOD, Mark.WIDER_GAP) and gap <= best_gap:
        # A turn that opened cards again: its gap and the best's are both said as 0.
        sentence = _("Your cards left a gap of %(gap)d on the piles, no wider than the best turn's.")
    elif mark is Mark.GOOD:
        sentence = _("Good: your cards left a gap of %(gap)d on the piles; the best turn left %(best_gap)d.")
    elif mark is Mark.WIDER_GAP:
        # TRANSLATORS: the gap counts the cards still to play that the piles can no longer take.
        sentence = _(
            "Your cards left a gap of %(gap)d on the piles; the best turn left %(best_gap)d "
            "(the gap counts the cards still to play that the piles can no longer take)."
        )
    elif turn.details.get("lost_game") and ending == "fire-uncovered":
        sentence = _("Your turn left a fire card uncovered, and that lost the game.")
    elif turn.details.get("lost_game"):
        sentence = _("Your turn got stuck before laying the cards it needed, and that lost the game.")
    else:
        sentence = ngettext(
            "With the draw pile empty every card counts: you laid %(cards)d card; the best turn laid %(best_cards)d.",
            "With the draw pile empty every card counts: you laid %(cards)d cards; the best turn laid %(best_cards)d.",
            int(turn.measures["cards"]),
        )
    return sentence % fields


def mark_clause(mark: Mark, count: int, lang: str = DEFAULT_LANGUAGE) -> str | None:
    """The Game's own marks counted, for a review's summary; ``None`` for a mark every game shares.

    >>> mark_clause(Mark.WIDER_GAP, 1, "en")
    '1 left wider gaps on the piles'
    """
    ngettext = translator(lang).ngettext
    if mark is Mark.LOST_CARDS:
        # TRANSLATORS: counts turns, in "You played 8 turns: 5 were the best turn, 1 laid fewer cards …".
        return ngettext(
            "%(count)d laid fewer cards than it could have, or lost the game",
            "%(count)d laid fewer cards than they could have, or lost the game",
            count,
        ) % {"count": count}
    if mark is Mark.WIDER_GAP:
        return ngettext("%(count)d left wider gaps on the piles", "%(count)d left wider gaps on the piles", count) % {
            "count": count
        }
    return None


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
    ['Insgesamt waren deine Lücken um 3 Karten größer als die der besten Züge.']
    """
    ngettext = translator(lang).ngettext
    sentences = []
    gap, cards = int(counted.lost.get("gap", 0)), int(counted.lost.get("cards", 0))
    if gap:
        sentences.append(
            ngettext(
                "In all your gaps were %(count)d card wider than the best turns'.",
                "In all your gaps were %(count)d cards wider than the best turns'.",
                gap,
            )
            % {"count": gap}
        )
    if cards:
        sentences.append(
            ngettext(
                "Where every card counted you laid %(count)d card fewer than the best turns.",
                "Where every card counted you laid %(count)d cards fewer than the best turns.",
                cards,
            )
            % {"count": cards}
        )
    return sentences

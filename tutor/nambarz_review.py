"""Nambarz's review in words: one reviewed turn next to the best turn, and the totals of a review.

:mod:`tutor.review` puts a review of any game into words through each game's
entry (:data:`tutor.games.TUTORS`); Nambarz's entry points here.  Plays are
said as the reader reads them, cards and jokers named in the reader's
language and signs as at school (:func:`tutor.rendering.render_words`), a
calculation with its result; draws are said in words, and a penalty by the
rule it broke, never by code.  The best turn is the turn planner's; a child
reads "the best turn".

>>> from solver.review import Mark
>>> turn = TurnReview(1, (1, 2), ("8", "pass"), ("2owl + 6dragonfly", "pass"), {"cards": 1, "master_points": 0,
...                   "answers": 9}, {"cards": 2, "master_points": 0, "answers": 9}, Mark.LOST_CARDS, {"cards": 1},
...                   {"top_after": "8", "violations": [], "after_draw": False})
>>> print(explain_turn_review(turn, "it"))
Hai scartato 1 carta; il turno migliore ne scartava 2. Il turno migliore: 2 gufo + 6 libellula = 8.
>>> turn_label(turn, "en"), turn_judgement(turn, "en")
('You shed fewer cards than you could have', 'You shed 1 card; the best turn shed 2.')
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from solver.nambarz.notation import Chain, parse_play
from solver.nambarz.referee import PENALTY_DRAW
from solver.nambarz.violations import ViolationCode
from solver.review import Mark, ReviewTotals, TurnReview
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.rendering import render_words
from tutor.text import listed, not_compared, shared_mark_label, with_better_turn


def explain_turn_review(turn: TurnReview, lang: str = DEFAULT_LANGUAGE) -> str:
    """One reviewed turn in ``lang``: :func:`turn_judgement`, then the best turn in words when it was better."""
    translations = translator(lang)
    best = _in_words(turn.best, translations, lang, skip_opening_draw=bool(turn.details.get("after_draw")))
    return with_better_turn(turn_judgement(turn, lang), turn, best, translations)


def turn_label(turn: TurnReview, lang: str = DEFAULT_LANGUAGE) -> str:
    """What a reviewed turn's heading says of it, in ``lang``: praise for the best and the good only.

    >>> turn_label(TurnReview(1, (1,), ("8",), (), {}, {}, Mark.PENALISED, {}, {}), "de")
    'Eine Strafe'
    """
    translations = translator(lang)
    _ = translations.gettext
    own = {
        Mark.LOST_CARDS: _("You shed fewer cards than you could have"),
        Mark.LOST_POINTS: _("You won fewer master-stroke points than you could have"),
        Mark.PENALISED: _("A penalty"),
    }
    return own.get(turn.mark) or shared_mark_label(turn.mark, translations) or turn.mark.value


def turn_judgement(turn: TurnReview, lang: str = DEFAULT_LANGUAGE) -> str:
    """One reviewed turn judged in ``lang`` in a sentence or two a child follows, the best turn's plays left out."""
    translations = translator(lang)
    _, ngettext = translations.gettext, translations.ngettext
    lead = [_("Nothing was playable, so you drew a card first.")] if turn.details.get("after_draw") else []
    if turn.mark is Mark.UNREVIEWED:
        return " ".join([*lead, not_compared(translations)])
    cards, best_cards = int(turn.measures["cards"]), int(turn.best_measures.get("cards", 0))
    points, best_points = int(turn.measures["master_points"]), int(turn.best_measures.get("master_points", 0))
    fields: dict[str, Any] = {"cards": cards, "best_cards": best_cards, "points": points, "best_points": best_points}
    mark = turn.mark
    passed = all(action in ("draw", "pass") for action in turn.played)
    if mark is Mark.BEST and passed:
        sentence = _("Well done: the card drawn could not be played either, so passing was right.")
    elif mark is Mark.BEST and tuple(turn.played) == tuple(turn.best):
        sentence = _("Well done: that was the best turn.")
    elif mark is Mark.BEST:
        sentence = _("Well done: as good as the best turn.")
    elif mark is Mark.GOOD:
        sentence = ngettext(
            "Good: you shed %(cards)d card, as many as the best turn, but the card you left on top is easier for "
            "the next player to cover.",
            "Good: you shed %(cards)d cards, as many as the best turn, but the card you left on top is easier for "
            "the next player to cover.",
            cards,
        )
    elif mark is Mark.LOST_CARDS and passed:
        sentence = _("You passed without playing; the best turn shed %(best_cards)d.")
    elif mark is Mark.LOST_CARDS and cards > 0:
        sentence = ngettext(
            "You shed %(cards)d card; the best turn shed %(best_cards)d.",
            "You shed %(cards)d cards; the best turn shed %(best_cards)d.",
            cards,
        )
    elif mark is Mark.LOST_CARDS and cards < 0:
        fields["grew"] = -cards
        # TRANSLATORS: a turn that ended with more cards in hand than it began with (a draw after a replay joker).
        sentence = ngettext(
            "Your hand grew by %(grew)d card; the best turn shed %(best_cards)d.",
            "Your hand grew by %(grew)d cards; the best turn shed %(best_cards)d.",
            -cards,
        )
    elif mark is Mark.LOST_CARDS:
        sentence = _("You shed no card; the best turn shed %(best_cards)d.")
    elif mark is Mark.LOST_POINTS:
        sentence = ngettext(
            "You shed as many cards as the best turn, but won %(points)d master-stroke point; the best turn won "
            "%(best_points)d.",
            "You shed as many cards as the best turn, but won %(points)d master-stroke points; the best turn won "
            "%(best_points)d.",
            points,
        )
    else:
        fields["rules"] = listed(
            [_(ViolationCode(code).reference.summary) for code in dict.fromkeys(turn.details.get("violations", []))],
            translations,
        )
        fields["drawn"] = PENALTY_DRAW
        # TRANSLATORS: "rules" are the rules the penalised play broke, each in words ("a calculation uses …").
        sentence = ngettext(
            "Your play was not legal: you drew %(drawn)d card, because %(rules)s.",
            "Your play was not legal: you drew %(drawn)d cards, because %(rules)s.",
            PENALTY_DRAW,
        )
    return " ".join([*lead, sentence % fields])


def mark_clause(mark: Mark, count: int, lang: str = DEFAULT_LANGUAGE) -> str | None:
    """Nambarz's own marks counted, for a review's summary; ``None`` for a mark every game shares.

    >>> mark_clause(Mark.PENALISED, 2, "en"), mark_clause(Mark.BEST, 2, "en")
    ('2 had a penalty', None)
    """
    ngettext = translator(lang).ngettext
    if mark is Mark.LOST_CARDS:
        # TRANSLATORS: counts turns, in "You played 8 turns: 5 were the best turn, 2 shed fewer cards …".
        return ngettext(
            "%(count)d shed fewer cards than it could have", "%(count)d shed fewer cards than they could have", count
        ) % {"count": count}
    if mark is Mark.LOST_POINTS:
        return ngettext(
            "%(count)d won fewer master-stroke points than it could have",
            "%(count)d won fewer master-stroke points than they could have",
            count,
        ) % {"count": count}
    if mark is Mark.PENALISED:
        return ngettext("%(count)d had a penalty", "%(count)d had a penalty", count) % {"count": count}
    return None


def _in_words(
    actions: Sequence[str], translations: gettext.NullTranslations, lang: str, *, skip_opening_draw: bool
) -> str:
    """A turn's actions as one line, plays as :func:`tutor.rendering.render_words` says them, draws in words."""
    _ = translations.gettext
    parts = []
    for number, text in enumerate(actions):
        if text == "pass" or (text == "draw" and number == 0 and skip_opening_draw):
            continue
        # TRANSLATORS: drawing a card, as one step of a turn ("replay joker ; draw").
        parts.append(_("draw") if text == "draw" else play_words(text, lang))
    # TRANSLATORS: a planned turn that plays nothing.
    return " ; ".join(parts) or _("pass")


def play_words(text: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A play in words of ``lang``, a calculation with its result when that is a whole number.

    >>> play_words("6bee / 2fish + 5", "en"), play_words("7owl", "it"), play_words("7 / 2", "de")
    ('6 bee ÷ 2 fish + 5 = 8', '7 gufo', '7 ÷ 2')
    """
    play = parse_play(text)
    said = render_words(play, lang)
    result = play.value_as_written() if isinstance(play, Chain) and play.is_calculation else None
    if result is None or Fraction(result).denominator != 1:
        return said
    return f"{said} = {int(result)}"


def totals_sentences(counted: ReviewTotals, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """What a review's turns lost in all, in ``lang``: cards and master-stroke points.

    >>> totals_sentences(ReviewTotals(3, 1, {Mark.PENALISED: 1}, {"cards": 2}), "en")
    ['In all you shed 2 cards fewer than the best turns.']
    """
    ngettext = translator(lang).ngettext
    sentences = []
    cards, points = int(counted.lost.get("cards", 0)), int(counted.lost.get("master_points", 0))
    if cards:
        sentences.append(
            ngettext(
                "In all you shed %(count)d card fewer than the best turns.",
                "In all you shed %(count)d cards fewer than the best turns.",
                cards,
            )
            % {"count": cards}
        )
    if points:
        sentences.append(
            ngettext("You missed %(count)d master-stroke point.", "You missed %(count)d master-stroke points.", points)
            % {"count": points}
        )
    return sentences

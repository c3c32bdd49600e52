"""Nambarz's review in words: one reviewed turn next to the planner's best, and the totals of a review.

:mod:`tutor.review` puts a review of any game into words through each game's
entry (:data:`tutor.games.TUTORS`); Nambarz's entry points here.  Plays are
said as the reader reads them, cards and jokers named in the reader's
language and signs as at school (:func:`tutor.rendering.render_words`);
draws are said in words, and a penalty by the rule it broke, never by code.

>>> from solver.review import Mark
>>> turn = TurnReview(1, (1, 2), ("8", "pass"), ("2owl + 6dragonfly", "pass"), {"cards": 1, "master_points": 0,
...                   "answers": 9}, {"cards": 2, "master_points": 0, "answers": 9}, Mark.LOST_CARDS, {"cards": 1},
...                   {"top_after": "8", "violations": [], "after_draw": False})
>>> print(explain_turn_review(turn, "it"))
Hai giocato 8 e scartato 1 carta; il turno migliore del pianificatore, 2 gufo + 6 libellula, ne scarta 2.
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from typing import Any

from solver.nambarz.cards import Card
from solver.nambarz.notation import parse_play
from solver.nambarz.violations import ViolationCode
from solver.review import Mark, ReviewTotals, TurnReview
from tutor.i18n import DEFAULT_LANGUAGE, translator
from tutor.rendering import card_name, render_words
from tutor.text import listed


def explain_turn_review(turn: TurnReview, lang: str = DEFAULT_LANGUAGE) -> str:
    """One reviewed turn in ``lang``: what was played next to the planner's best, and what it lost."""
    translations = translator(lang)
    _, ngettext = translations.gettext, translations.ngettext
    after_draw = bool(turn.details.get("after_draw"))
    if turn.mark is Mark.UNREVIEWED:
        played = _in_words(turn.played, translations, lang, skip_opening_draw=after_draw)
        return _("You played %(played)s; the planner ran past its limit on this hand, so the turn is not compared.") % {
            "played": played
        }
    fields: dict[str, Any] = {
        "played": _in_words(turn.played, translations, lang, skip_opening_draw=after_draw),
        "best": _in_words(turn.best, translations, lang, skip_opening_draw=after_draw),
        "cards": turn.measures["cards"],
        "points": turn.measures["master_points"],
        "answers": turn.measures["answers"],
        "top": card_name(Card.parse(turn.details["top_after"]), lang),
    }
    for measure in ("cards", "master_points", "answers"):
        fields[f"best_{measure}"] = turn.best_measures.get(measure)
    fields["best_points"] = fields["best_master_points"]
    lead = [_("Nothing was playable, so you drew a card first.")] if after_draw else []
    mark = turn.mark
    passed = all(action in ("draw", "pass") for action in turn.played)
    if passed and mark is Mark.BEST:
        sentence = _("The card drawn could not be played either, so you passed, as the planner would.")
    elif passed and mark is Mark.LOST_CARDS:
        sentence = _("You passed without playing; the planner's best turn, %(best)s, sheds %(best_cards)d.")
    elif mark is Mark.BEST and tuple(turn.played) == tuple(turn.best):
        sentence = _("You played %(played)s, the planner's best turn.")
    elif mark is Mark.BEST:
        sentence = _("You played %(played)s, as good as the planner's best turn, %(best)s.")
    elif mark is Mark.GOOD:
        # TRANSLATORS: "answers" counts the ways the deck offers to cover the card left on top; fewer is harder.
        sentence = _(
            "You played %(played)s: as many cards and points as the planner's best turn, %(best)s, but it leaves "
            "%(top)s on top, which is easier to cover (%(answers)d ways against %(best_answers)d)."
        )
    elif mark is Mark.LOST_CARDS:
        sentence = ngettext(
            "You played %(played)s and shed %(cards)d card; the planner's best turn, %(best)s, sheds %(best_cards)d.",
            "You played %(played)s and shed %(cards)d cards; the planner's best turn, %(best)s, sheds %(best_cards)d.",
            int(turn.measures["cards"]),
        )
    elif mark is Mark.LOST_POINTS:
        sentence = _(
            "You played %(played)s for %(points)d master-stroke points; the planner's best turn, %(best)s, "
            "sheds as many cards and earns %(best_points)d."
        )
    else:
        fields["rules"] = listed(
            [_(ViolationCode(code).reference.summary) for code in dict.fromkeys(turn.details["violations"])],
            translations,
        )
        # TRANSLATORS: "rules" are the rules the penalised plays broke, each in words ("a calculation uses …").
        sentence = _(
            "You played %(played)s and were penalised, because %(rules)s. The planner's best turn was %(best)s."
        )
    return " ".join([*lead, sentence % fields])


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
        parts.append(_("draw") if text == "draw" else render_words(parse_play(text), lang))
    # TRANSLATORS: a planned turn that plays nothing.
    return " ; ".join(parts) or _("pass")


def totals_sentences(counted: ReviewTotals, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """What a review's turns lost in all, in ``lang``: cards, master-stroke points, penalised turns.

    >>> from solver.review import Mark
    >>> totals_sentences(ReviewTotals(3, 1, {Mark.PENALISED: 1}, {"cards": 2}), "it")[1]
    '1 turno è stato penalizzato.'
    """
    ngettext = translator(lang).ngettext
    sentences = []
    cards, points = int(counted.lost.get("cards", 0)), int(counted.lost.get("master_points", 0))
    if cards:
        sentences.append(
            ngettext(
                "In all you shed %(count)d card fewer than the planner's best turns.",
                "In all you shed %(count)d cards fewer than the planner's best turns.",
                cards,
            )
            % {"count": cards}
        )
    if points:
        sentences.append(
            ngettext("You missed %(count)d master-stroke point.", "You missed %(count)d master-stroke points.", points)
            % {"count": points}
        )
    penalised = counted.marks.get(Mark.PENALISED, 0)
    if penalised:
        sentences.append(
            ngettext("%(count)d turn was penalised.", "%(count)d turns were penalised.", penalised)
            % {"count": penalised}
        )
    return sentences

"""Quando's answers: the verdict on a play or a knock, the turn hint, a round's score, the deck, the reference tables.

>>> from solver.quando.state import Action
>>> answer = check_answer([3, 4, 5, 9, 0, 0, 7], Action.play([3, 4, 5]), plays_made=1, last_round=False, lang="en")
>>> answer["kind"], answer["explanation"].splitlines()[0]
('straight', 'You lay down three in a row: 3 4 5; now draw a card.')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from services.answers.common import reference_document
from solver.quando.cards import DECK, NUMBERS
from solver.quando.hint import hint
from solver.quando.referee import check
from solver.quando.rulings import RULINGS
from solver.quando.scoring import score_round
from solver.quando.state import Action
from solver.quando.violations import ViolationCode
from tutor.quando import explain_hint, explain_round_score, explain_verdict, violation_reasons
from tutor.text import told_violations


def check_answer(
    hand: Sequence[int], action: Action, *, plays_made: int, last_round: bool, lang: str
) -> dict[str, Any]:
    """The referee's verdict on ``action`` (a play or a knock) from ``hand``, with its explanation in ``lang``.

    Each violation's ``message`` is in ``lang`` too, and ``message_en`` keeps the referee's English.
    """
    verdict = check(hand, action, plays_made=plays_made, last_round=last_round)
    document = verdict.to_dict()
    reasons = violation_reasons(verdict, lang)
    document["violations"] = told_violations(document["violations"], reasons)
    return {**document, "explanation": explain_verdict(verdict, lang)}


def hint_answer(
    hand: Sequence[int],
    *,
    plays_made: int,
    draw_visible: int,
    out_of_game: Sequence[int],
    last_round: bool,
    lang: str,
) -> dict[str, Any]:
    """The play and draw that leave the lowest expected sum, every candidate ranked, explained in ``lang``."""
    advice = hint(
        hand, plays_made=plays_made, draw_visible=draw_visible, out_of_game=out_of_game, last_round=last_round
    )
    return {**advice.to_dict(), "explanation": explain_hint(advice, lang)}


def score_answer(sums: Mapping[str, int], knocker: str | None, *, lang: str) -> dict[str, Any]:
    """A finished round's points from each player's sum and who knocked, with the score table in ``lang``."""
    score = score_round(sums, knocker)
    return {**score.to_dict(), "explanation": explain_round_score(score, lang)}


def deck_answer() -> dict[str, Any]:
    """The deck: every two-sided card (``low/high``) with its number of copies, the numbers, and its size.

    >>> answer = deck_answer()
    >>> answer["size"], list(answer["cards"].items())[:2], answer["numbers"][-1]
    (55, [('0/1', 1), ('0/2', 1)], 10)
    """
    copies: dict[str, int] = {}
    for card in DECK:
        copies[str(card)] = copies.get(str(card), 0) + 1
    return {"name": "Quando", "cards": copies, "numbers": list(NUMBERS), "size": len(DECK)}


def reference_answer(lang: str) -> dict[str, Any]:
    """Every violation code with its rulebook section, and every ruling a verdict may name, summarised in ``lang``."""
    return reference_document(ViolationCode, RULINGS, domain="quando", lang=lang)

"""Answering practice that adapts as a pupil does, for the page tests and the browser tests: right, or wrong by a rule.

The exercise a page serves is named by its ``item`` field; its answer key
comes from the item bank, so a test answers right (or wrong on purpose)
whatever exercise the practice chose.
"""

from __future__ import annotations

import itertools
import re

from services.practice.judging import LEGAL, NOT_LEGAL, judge
from tutor.item_bank import bank, exercise


def served_item(page_text: str) -> str:
    """The id of the exercise a practice page serves, from its answer form."""
    found = re.search(r'name="item" value="([^"]+)"', page_text)
    assert found is not None, "the page serves no exercise"
    return found.group(1)


def right_answer(item_id: str) -> str:
    """What a pupil sends to answer ``item_id`` right: a calculation, a card, or whether the play is legal.

    >>> right_answer("cover-2-17"), right_answer("missing-card-2-0")
    ('5 * 2', '2')
    """
    item = bank()[item_id]
    key = exercise(item).answers[0]
    if item.kind == "cover":
        return key.expression
    if item.kind == "missing-card":
        return str(key.cards[0])
    assert key.verdict is not None
    return LEGAL if key.verdict.legal else NOT_LEGAL


def wrong_answer(item_id: str) -> str:
    """An answer to ``item_id`` that the referee judges wrong, breaking a rule when the exercise lets it.

    >>> wrong_answer("cover-2-17")
    '2 + 5'
    """
    item = bank()[item_id]
    drawn = exercise(item)
    if item.kind == "referee":
        return NOT_LEGAL if right_answer(item_id) == LEGAL else LEGAL
    if item.kind == "missing-card":
        candidates = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    else:
        candidates = [f"{first} + {second}" for first, second in itertools.permutations(drawn.hand, 2)]
    for candidate in candidates:
        if not judge(drawn, candidate, None, "en").correct:
            return candidate
    raise AssertionError(f"no wrong answer found for {item_id}")

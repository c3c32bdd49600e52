"""Answering practice that adapts as a pupil does, for the page tests and the browser tests: right, or wrong.

The exercise a page serves is named by its ``item`` field; the answers come
from the item bank's exercise (:func:`services.practice.judging.key_answer`
and :func:`~services.practice.judging.wrong_answer`), so a test answers as it
means to whatever exercise the practice chose.
"""

from __future__ import annotations

import re

from services.practice import judging
from tutor.item_bank import bank, exercise


def served_item(page_text: str) -> str:
    """The id of the exercise a practice page serves, from its answer form."""
    found = re.search(r'name="item" value="([^"]+)"', page_text)
    assert found is not None, "the page serves no exercise"
    return found.group(1)


def right_answer(item_id: str) -> str:
    """What a pupil sends to answer ``item_id`` right.

    >>> right_answer("cover-2-17")
    '5 * 2'
    """
    return judging.key_answer(exercise(bank()[item_id]))


def wrong_answer(item_id: str) -> str:
    """What a pupil sends to answer ``item_id`` wrong.

    >>> wrong_answer("cover-2-17")
    '2 + 5'
    """
    return judging.wrong_answer(exercise(bank()[item_id]))

"""Practice that adapts: what is served, what an answer changes, and the progress document."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.adaptive import (
    RECENT_ITEMS,
    RUN_LENGTH,
    Progress,
    ProgressError,
    Recorded,
    record,
    serve,
    take_hint,
)
from tutor.item_bank import OPERATOR_SETS, SKILLS, Item, bank
from tutor.ratings import Rating


@dataclass
class Session:
    """A pupil practising: their progress, the items' ratings, and every item served and answer recorded."""

    operators: str
    rng: random.Random
    progress: Progress
    ratings: dict[str, Rating]
    now: float = 0.0

    def serve(self) -> Item:
        self.progress, item = serve(
            self.progress, operators=self.operators, ratings=self.ratings, now=self.now, rng=self.rng
        )
        return item

    def answer(self, item: Item, *, correct: bool, seconds: float = 8.0) -> Recorded:
        self.now += seconds
        recorded = record(
            self.progress,
            item,
            correct=correct,
            seconds=seconds,
            now=self.now,
            item_rating=self.ratings.get(item.id),
            operators=self.operators,
            ratings=self.ratings,
        )
        self.progress = recorded.progress
        if recorded.counted:
            self.ratings[item.id] = recorded.item_rating
        return recorded


def session(operators: str = "+-*/", seed: int = 0) -> Session:
    return Session(operators, random.Random(seed), Progress.start(), {})


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(OPERATOR_SETS), st.integers(0, 2**32), st.lists(st.booleans(), min_size=1, max_size=80))
def test_a_served_item_is_never_one_of_the_last_served_and_uses_only_the_operators_allowed(
    operators: str, seed: int, rights: list[bool]
) -> None:
    practice = session(operators, seed)
    served: list[str] = []
    for correct in rights:
        item = practice.serve()
        assert item.id not in served[-RECENT_ITEMS:]
        assert set(item.operators) <= set(operators)
        served.append(item.id)
        practice.answer(item, correct=correct)


@pytest.mark.parametrize("operators", OPERATOR_SETS)
def test_a_skill_with_few_items_rests_rather_than_repeat_one(operators: str) -> None:
    practice = session(operators, seed=7)
    served: list[str] = []
    for _ in range(150):
        item = practice.serve()
        assert item.id not in served[-RECENT_ITEMS:]
        served.append(item.id)
        practice.answer(item, correct=True, seconds=3.0)
    assert len(practice.progress.skills) > 1


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.booleans(), st.booleans())
def test_only_the_first_answer_to_the_served_item_counts(seed: int, first: bool, second: bool) -> None:
    practice = session(seed=seed)
    item = practice.serve()
    assert practice.serve() == item, "the item being answered stays until it is answered"
    counted = practice.answer(item, correct=first)
    assert counted.counted and counted.update is not None
    after_first = practice.progress
    again = practice.answer(item, correct=second)
    assert not again.counted and again.progress == after_first


def test_an_answer_to_an_item_not_served_does_not_count() -> None:
    practice = session()
    served = practice.serve()
    other = next(item for item in bank().values() if item.id != served.id and item.skill == served.skill)
    assert not practice.answer(other, correct=True).counted
    assert practice.progress.answers == 0
    assert not record(Progress.start(), served, correct=True, seconds=3.0, now=1.0).counted


def test_hints_lower_the_credit_of_the_answer_they_helped() -> None:
    progress, item = serve(Progress.start(), operators="+-", now=0.0, rng=random.Random(3))
    helped = take_hint(take_hint(progress, item), item)
    alone = record(progress, item, correct=True, seconds=4.0, now=4.0)
    with_hints = record(helped, item, correct=True, seconds=4.0, now=4.0)
    assert alone.update is not None and with_hints.update is not None
    assert with_hints.update.score < alone.update.score
    assert with_hints.progress.skills[item.skill].value < alone.progress.skills[item.skill].value


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.booleans(), min_size=RUN_LENGTH, max_size=3 * RUN_LENGTH))
def test_every_run_of_ten_answers_ends_with_its_summary(seed: int, rights: list[bool]) -> None:
    practice = session(seed=seed)
    summaries = []
    for index, correct in enumerate(rights, start=1):
        recorded = practice.answer(practice.serve(), correct=correct)
        if index % RUN_LENGTH:
            assert recorded.summary is None
            continue
        assert recorded.summary is not None
        assert recorded.summary.answers == RUN_LENGTH
        assert recorded.summary.right == sum(rights[index - RUN_LENGTH : index])
        assert practice.progress.run == ()
        summaries.append(recorded.summary)
    assert len(summaries) == len(rights) // RUN_LENGTH


def test_quick_right_answers_open_the_skills_one_after_another() -> None:
    practice = session(seed=5)
    opened: list[str] = []
    for _ in range(200):
        opened.extend(practice.answer(practice.serve(), correct=True, seconds=2.0).opened)
    assert set(opened) == set(SKILLS) - {"add-subtract"}
    assert opened.index("multiply") < opened.index("divide") < opened.index("master-stroke")
    assert list(practice.progress.skills) == list(SKILLS)


def test_skills_the_operators_exclude_never_open() -> None:
    practice = session("+-", seed=5)
    for _ in range(120):
        practice.answer(practice.serve(), correct=True, seconds=2.0)
    assert set(practice.progress.skills) == {"add-subtract", "missing-card", "referee"}


def test_wrong_answers_open_nothing() -> None:
    practice = session(seed=2)
    for _ in range(40):
        assert practice.answer(practice.serve(), correct=False).opened == ()
    assert list(practice.progress.skills) == ["add-subtract"]


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(OPERATOR_SETS), st.integers(0, 2**32), st.lists(st.booleans(), max_size=40), st.booleans())
def test_progress_survives_its_json_form(operators: str, seed: int, rights: list[bool], serve_last: bool) -> None:
    practice = session(operators, seed)
    for correct in rights:
        item = practice.serve()
        practice.progress = take_hint(practice.progress, item) if correct and seed % 3 == 0 else practice.progress
        practice.answer(item, correct=correct)
    if serve_last:
        practice.serve()
    document = json.loads(json.dumps(practice.progress.to_dict()))
    reread = Progress.from_dict(document)
    assert reread.to_dict() == document, "the compact form (values to six places) is read back as written"
    assert reread.current == practice.progress.current and reread.recent == practice.progress.recent
    for skill, rating in practice.progress.skills.items():
        assert reread.skills[skill].value == pytest.approx(rating.value, abs=1e-6)


GOOD = Progress.start().to_dict()


@pytest.mark.parametrize(
    "document",
    [
        {},
        {"skills": {}},
        {"skills": []},
        {"skills": {"juggling": [0.0, 1.0, 0, None]}},
        {"skills": {"add-subtract": [0.0, 1.0, 0]}},
        {"skills": {"add-subtract": ["high", 1.0, 0, None]}},
        {"skills": {"add-subtract": [0.0, 0.0, 0, None]}},
        {"skills": {"add-subtract": [0.0, 50.0, 0, None]}},
        {**GOOD, "current": ["cover-1-0"]},
        {**GOOD, "current": "cover-1-0"},
        {**GOOD, "run": [["add-subtract"]]},
        {**GOOD, "answers": "many"},
        {**GOOD, "steer": "left"},
        {**GOOD, "run_start": ["add-subtract"]},
    ],
)
def test_a_document_that_is_not_a_progress_is_refused(document: dict[str, Any]) -> None:
    with pytest.raises(ProgressError, match="not one this server wrote"):
        Progress.from_dict(document)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4),
    max_leaves=12,
)


@given(st.dictionaries(st.sampled_from([*GOOD, "other"]), json_values, max_size=9))
def test_any_json_document_is_read_as_a_progress_or_refused(document: dict[str, Any]) -> None:
    try:
        progress = Progress.from_dict(document)
    except ProgressError:
        return
    assert Progress.from_dict(progress.to_dict()) == progress

"""The Quando referee, hint and scoring against tables of hand-worked cases (``data/quando_*.json``).

Every row was worked out by hand from the rules digest, the rulebook and
``docs/quando.md``, not by running the engine; its ``why`` says how.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from solver.errors import NambarzError
from solver.quando import KNOCK, RULINGS, Action, check, hint, score_round
from tests.paths import DATA


def load(name: str) -> list[dict[str, Any]]:
    """The rows of one case table, in file order."""
    rows: list[dict[str, Any]] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return rows


CHECK_CASES = load("quando_check_cases.json")
HINT_CASES = load("quando_hint_cases.json")
SCORE_CASES = load("quando_score_cases.json")


def by_id(rows: list[dict[str, Any]]) -> list[Any]:
    return [pytest.param(row, id=row["id"]) for row in rows]


@pytest.mark.parametrize("case", by_id(CHECK_CASES))
def test_the_referee_answers_each_check_case_as_worked_by_hand(case: dict[str, Any]) -> None:
    action = KNOCK if case.get("knock") else Action.play(case["play"])
    verdict = check(case["hand"], action, plays_made=case["plays_made"], last_round=case.get("last_round", False))
    answer = verdict.to_dict()
    assert answer["legal"] is case["legal"]
    assert [violation["code"] for violation in answer["violations"]] == case["codes"]
    assert answer["kind"] == case["kind"]
    assert answer["triple"] is (case["kind"] == "triple")
    assert answer["hand_after"] == case["hand_after"]
    assert answer["rulings"] == case["rulings"]


@pytest.mark.parametrize("case", by_id(HINT_CASES))
def test_the_hint_answers_each_hint_case_as_worked_by_hand(case: dict[str, Any]) -> None:
    advice = hint(
        case["hand"],
        plays_made=case["plays_made"],
        draw_visible=case["draw_visible"],
        out_of_game=case.get("out_of_game", []),
        last_round=case.get("last_round", False),
    ).to_dict()
    suggestion = advice["suggestion"]
    expected = case["suggestion"]
    assert (suggestion["action"], suggestion["draw"]) == (expected["action"], expected["draw"])
    assert suggestion["expected_sum"] == pytest.approx(expected["expected_sum"])
    assert suggestion["only_zeros_chance"] == pytest.approx(expected["only_zeros_chance"])
    if "possible" in case:
        assert advice["hidden_side"]["possible"] == case["possible"]
    if "candidates" in case:
        ranked = [[one["action"], one["draw"], one["expected_sum"]] for one in advice["candidates"]]
        assert ranked[: len(case["candidates"])] == case["candidates"]


@pytest.mark.parametrize("case", by_id(SCORE_CASES))
def test_round_scoring_answers_each_score_case_as_worked_by_hand(case: dict[str, Any]) -> None:
    score = score_round(case["sums"], case["knocker"])
    assert score.points == case["points"]
    assert list(score.points) == list(case["sums"]), "points are listed in seat order"
    assert score.knocker_penalized is case["knocker_penalized"]


def test_every_table_row_has_a_unique_id_a_reason_and_known_rulings() -> None:
    for rows in (CHECK_CASES, HINT_CASES, SCORE_CASES):
        ids = [row["id"] for row in rows]
        assert len(set(ids)) == len(ids)
        assert all(row["why"] for row in rows)
    assert {ruling for row in CHECK_CASES for ruling in row["rulings"]} <= set(RULINGS)


@pytest.mark.parametrize(
    ("judge", "message"),
    [
        (lambda: check([3, 11], KNOCK, plays_made=2), "hand \\[3, 11\\]: 11 is not a number of the game"),
        (lambda: check([3, True], KNOCK, plays_made=2), "True is not a number of the game"),
        (lambda: check([5] * 11, KNOCK, plays_made=2), "no 55-card deck has different cards showing these"),
        (lambda: check([5], KNOCK, plays_made=-1), "plays_made must be a whole number from 0, not -1"),
        (lambda: hint([], plays_made=0, draw_visible=3), "a hint needs a hand of at least one card"),
        (lambda: hint([3], plays_made=0, draw_visible=11), "draw_visible \\[11\\]: 11 is not a number"),
        (lambda: hint([3] * 10, plays_made=0, draw_visible=3), "draw_visible: no 55-card deck"),
        (lambda: hint([3], plays_made=0, draw_visible=4, out_of_game=[3] * 10), "out_of_game: no 55-card deck"),
        (lambda: score_round({"A": 1}), "2 to 6 players, not 1"),
        (lambda: score_round({"A": 1, "B": 386}), "B's sum must be a whole number from 0 to 385, not 386"),
        (lambda: score_round({"A": 1, "B": 2}, knocker="C"), "the knocker 'C' is not one of the players A, B"),
    ],
)
def test_input_that_cannot_be_judged_is_refused_naming_it(judge: Any, message: str) -> None:
    with pytest.raises(NambarzError, match=message):
        judge()

"""Exercise generation: levels, kinds, answer keys checked against the solver and the referee, and the API."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from api.app import create_app
from solver.errors import GameError
from solver.hand_solver import solve
from solver.referee import check
from solver.rules import Domain, Operator, Rules
from tutor.difficulty import Difficulty, calculations_needing
from tutor.exercises import KINDS, LEVELS, MAX_COUNT, Exercise, generate

SEEDS = range(8)


def all_kinds(level: int, seed: int) -> list[Exercise]:
    return generate(level, count=6, seed=seed, kinds=KINDS)


def operators_of(exercise: Exercise) -> set[Operator]:
    if exercise.kind == "cover":
        return {operator for answer in exercise.answers for operator in _chain_of(answer.expression)}
    chain = exercise.play if exercise.play is not None else exercise.puzzle
    assert chain is not None
    return set(chain.operators)


def _chain_of(expression: str) -> tuple[Operator, ...]:
    return tuple(Operator(token) for token in expression.split() if token in "+-*/")


def test_the_same_seed_gives_the_same_exercises() -> None:
    first = generate(5, count=9, seed=42)
    again = generate(5, count=9, seed=42)
    assert first == again
    assert [exercise.to_dict() for exercise in first] == [exercise.to_dict() for exercise in again]


def test_different_seeds_give_different_exercises() -> None:
    assert generate(3, count=5, seed=1) != generate(3, count=5, seed=2)


def test_kinds_come_in_rotation() -> None:
    exercises = generate(2, count=5, seed=0, kinds=["referee", "cover"])
    assert [exercise.kind for exercise in exercises] == ["referee", "cover", "referee", "cover", "referee"]


@pytest.mark.parametrize("seed", SEEDS)
def test_level_1_uses_only_plus_and_minus_with_two_or_three_cards(seed: int) -> None:
    for exercise in all_kinds(1, seed):
        assert exercise.ops == "+-"
        assert operators_of(exercise) <= {Operator.ADD, Operator.SUBTRACT}
        assert all(2 <= len(answer.cards) <= 3 for answer in exercise.answers if exercise.kind != "missing-card")
        assert exercise.difficulty.cards in (2, 3)


@pytest.mark.parametrize("seed", SEEDS)
def test_level_2_adds_multiplication_and_needs_it(seed: int) -> None:
    for exercise in all_kinds(2, seed):
        assert exercise.ops == "+-*"
        assert exercise.difficulty.cards in (2, 3)
        if exercise.kind == "cover":
            assert calculations_needing(solve(exercise.top, exercise.hand, exercise.rules), Operator.MULTIPLY)
        else:
            assert Operator.MULTIPLY in operators_of(exercise)


@pytest.mark.parametrize("seed", SEEDS)
def test_level_3_needs_division(seed: int) -> None:
    for exercise in all_kinds(3, seed):
        assert exercise.ops == "+-*/"
        assert exercise.difficulty.needs_division
        assert exercise.difficulty.cards in (2, 3)
        if exercise.kind == "cover":
            assert calculations_needing(solve(exercise.top, exercise.hand, exercise.rules), Operator.DIVIDE)


@pytest.mark.parametrize("seed", SEEDS)
def test_level_4_shows_master_strokes(seed: int) -> None:
    for exercise in all_kinds(4, seed):
        assert exercise.difficulty.cards >= 4
        if exercise.kind == "referee":
            assert exercise.play is not None and len(exercise.play) >= 4
        if exercise.kind == "missing-card":
            assert exercise.puzzle is not None and len(exercise.puzzle.known) >= 4


@pytest.mark.parametrize("seed", SEEDS)
def test_level_5_referee_exercises_are_traps_that_reach_the_top_card(seed: int) -> None:
    for exercise in generate(5, count=4, seed=seed, kinds=["referee"]):
        (answer,) = exercise.answers
        assert answer.verdict is not None
        assert answer.verdict.value == exercise.top.value
        assert answer.verdict.codes in (["not-minimal"], ["matching-card-in-calculation"])


@pytest.mark.parametrize("level", LEVELS)
def test_cover_answer_keys_are_the_solvers_complete_set(level: int) -> None:
    for exercise in generate(level, count=6, seed=level, kinds=["cover"]):
        solution = solve(exercise.top, exercise.hand, exercise.rules)
        expected = Counter(tuple(sorted(calculation.cards)) for calculation in solution.calculations)
        assert Counter(tuple(sorted(answer.cards)) for answer in exercise.answers) == expected
        assert exercise.difficulty == Difficulty.of_solution(solution)


@pytest.mark.parametrize("level", LEVELS)
def test_missing_card_answers_are_legal_for_the_referee(level: int) -> None:
    for exercise in generate(level, count=6, seed=level, kinds=["missing-card"]):
        assert exercise.puzzle is not None and exercise.answers
        for answer in exercise.answers:
            (card,) = answer.cards
            filled = exercise.puzzle.filled(card)
            assert str(filled) == answer.expression
            assert check(exercise.top, filled, exercise.rules).legal


@pytest.mark.parametrize("level", LEVELS)
def test_referee_answers_are_the_referees_verdict(level: int) -> None:
    for exercise in generate(level, count=6, seed=level, kinds=["referee"]):
        assert exercise.play is not None
        (answer,) = exercise.answers
        assert answer.verdict == check(exercise.top, exercise.play, exercise.rules)


def test_exercise_json_has_the_documented_fields() -> None:
    cover, puzzle, referee = (exercise.to_dict() for exercise in generate(3, count=3, seed=7))
    assert list(cover) == ["kind", "level", "top", "hand", "ops", "domain", "prompt", "answers", "difficulty"]
    assert set(cover["answers"][0]) == {"cards", "expression"}
    assert set(cover["difficulty"]) == {"solutions", "needs_division", "largest_intermediate", "cards", "score"}
    assert "?" in puzzle["puzzle"]
    assert referee["answers"][0]["verdict"]["game"] == "nambarz"


def test_the_difficulty_score_adds_one_point_per_feature_step() -> None:
    assert Difficulty(solutions=1, needs_division=False, largest_intermediate=9, cards=2).score == 1
    assert Difficulty(solutions=9, needs_division=True, largest_intermediate=40, cards=5).score == 4 + 2 + 4 + 3


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"level": 0}, "level must be one of 1, 2, 3, 4, 5, not 0"),
        ({"count": 0}, f"count must be a whole number from 1 to {MAX_COUNT}, not 0"),
        ({"count": MAX_COUNT + 1}, f"count must be a whole number from 1 to {MAX_COUNT}"),
        ({"seed": "7"}, "seed must be a whole number, not '7'"),
        ({"kinds": []}, "kinds must be a non-empty list"),
        ({"kinds": ["cover", "quiz"]}, "unknown exercise kind 'quiz'"),
        ({"level": 3, "rules": Rules.parse("natural", "+-")}, "level 3 needs the operators '+-*/'"),
    ],
)
def test_bad_arguments_are_refused_naming_the_argument(arguments: dict[str, Any], message: str) -> None:
    call: dict[str, Any] = {"level": 1, "count": 1, "seed": 0} | arguments
    with pytest.raises(GameError, match=message.replace("(", r"\(").replace("+", r"\+").replace("*", r"\*")):
        generate(**call)


def test_the_rules_set_the_domain() -> None:
    (exercise,) = generate(1, count=1, seed=3, kinds=["cover"], rules=Rules.parse("integer"))
    assert exercise.rules == Rules(Domain.INTEGER, "+-")
    assert exercise.to_dict()["domain"] == "integer"


@settings(max_examples=25, deadline=None)
@given(level=st.sampled_from(LEVELS), seed=st.integers(0, 2**32), kind=st.sampled_from(KINDS))
def test_every_generated_exercise_is_verified_and_reproducible(level: int, seed: int, kind: str) -> None:
    (exercise,) = generate(level, count=1, seed=seed, kinds=[kind])
    assert exercise.answers
    assert set(exercise.ops) <= set("+-*/")
    assert operators_of(exercise) <= {Operator(sign) for sign in exercise.ops}
    assert exercise.difficulty.score >= 1
    assert generate(level, count=1, seed=seed, kinds=[kind]) == [exercise]


@pytest.fixture
def client() -> FlaskClient:
    return create_app({"TESTING": True}).test_client()


def test_the_api_answers_the_generated_exercises(client: FlaskClient) -> None:
    body = {"count": 12, "level": 3, "seed": 7, "rules": "natural", "kinds": ["cover"], "lang": "en"}
    response = client.post("/api/v1/tutor/exercises", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    exercises = response.get_json()["exercises"]
    expected = [exercise.to_dict() for exercise in generate(3, count=12, seed=7, kinds=["cover"])]
    assert exercises == expected
    assert all(exercise["ops"] == "+-*/" and exercise["answers"] for exercise in exercises)


def test_the_api_defaults_to_every_kind_in_english(client: FlaskClient) -> None:
    response = client.post("/api/v1/tutor/exercises", json={"count": 3})
    assert response.status_code == 200
    assert [exercise["kind"] for exercise in response.get_json()["exercises"]] == list(KINDS)


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"lang": "it"}, "lang", "supported languages: en"),
        ({"count": 0}, "count", "expected a count from 1 to 50"),
        ({"count": 51}, "count", "expected a count from 1 to 50"),
        ({"level": 6}, "level", "expected a level from 1 to 5"),
        ({"seed": "7"}, "seed", "Not a valid integer"),
        ({"rules": "real"}, "rules", "unknown arithmetic domain 'real'"),
        ({"kinds": ["quiz"]}, "kinds", "expected one of cover, missing-card, referee"),
        ({"kinds": []}, "kinds", "expected at least one kind"),
    ],
)
def test_the_api_refuses_bad_input_with_422_naming_the_field(
    client: FlaskClient, body: dict[str, Any], field: str, message: str
) -> None:
    response = client.post("/api/v1/tutor/exercises", json=body)
    assert response.status_code == 422, response.get_data(as_text=True)
    errors = response.get_json()["errors"]["json"]
    assert field in errors
    assert message in str(errors[field])

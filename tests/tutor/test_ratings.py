"""The rating update: the directions, orders and bounds it promises, and a naive reference it agrees with."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.ratings import (
    BOUNDS,
    EXERCISE_VARIANCE_FLOOR,
    HINT_CREDIT,
    PUPIL_VARIANCE_FLOOR,
    START_VARIANCE,
    VARIANCE_PER_DAY,
    Rating,
    Update,
    answer_score,
    expected_chance,
    expected_score,
    information,
    success_chance,
    update,
)

values = st.floats(*BOUNDS)
days = st.floats(0.0, 1000.0)
time_limits = st.floats(1.0, 120.0)
hints = st.integers(0, 5)
answered_seconds = st.floats(0.0, 240.0)


@st.composite
def pupils(draw: st.DrawFn) -> Rating:
    day = draw(st.none() | days)
    return Rating(draw(values), draw(st.floats(PUPIL_VARIANCE_FLOOR, START_VARIANCE)), draw(st.integers(0, 500)), day)


@st.composite
def exercises(draw: st.DrawFn) -> Rating:
    return Rating(draw(values), draw(st.floats(EXERCISE_VARIANCE_FLOOR, START_VARIANCE)), draw(st.integers(0, 500)))


@dataclass(frozen=True)
class Answer:
    """An answer to rate: right or wrong, after how long, within what limit, after how many hints and days away."""

    correct: bool
    seconds: float
    time_limit: float
    hints: int
    days_away: float

    def rate(self, pupil: Rating, exercise: Rating) -> Update:
        day = (pupil.day or 0.0) + self.days_away
        return update(
            pupil,
            exercise,
            correct=self.correct,
            seconds=self.seconds,
            time_limit=self.time_limit,
            day=day,
            hints=self.hints,
        )


answers = st.builds(Answer, st.booleans(), answered_seconds, time_limits, hints, days)


@given(pupils(), exercises(), answers)
def test_a_right_answer_never_lowers_the_pupil_nor_raises_the_exercise(
    pupil: Rating, exercise: Rating, answer: Answer
) -> None:
    after = replace(answer, correct=True).rate(pupil, exercise)
    assert after.pupil.value >= pupil.value
    assert after.exercise.value <= exercise.value


@given(pupils(), exercises(), answers)
def test_a_wrong_answer_never_raises_the_pupil_nor_lowers_the_exercise(
    pupil: Rating, exercise: Rating, answer: Answer
) -> None:
    after = replace(answer, correct=False).rate(pupil, exercise)
    assert after.pupil.value <= pupil.value
    assert after.exercise.value >= exercise.value


@given(pupils(), exercises(), answers, answered_seconds)
def test_a_faster_right_answer_never_earns_less(
    pupil: Rating, exercise: Rating, answer: Answer, other_seconds: float
) -> None:
    quick, slow = sorted((answer.seconds, other_seconds))
    quicker = replace(answer, correct=True, seconds=quick).rate(pupil, exercise)
    slower = replace(answer, correct=True, seconds=slow).rate(pupil, exercise)
    assert quicker.pupil.value >= slower.pupil.value
    assert quicker.exercise.value <= slower.exercise.value


@given(pupils(), exercises(), answers, answered_seconds)
def test_a_faster_wrong_answer_never_costs_less(
    pupil: Rating, exercise: Rating, answer: Answer, other_seconds: float
) -> None:
    quick, slow = sorted((answer.seconds, other_seconds))
    quicker = replace(answer, correct=False, seconds=quick).rate(pupil, exercise)
    slower = replace(answer, correct=False, seconds=slow).rate(pupil, exercise)
    assert quicker.pupil.value <= slower.pupil.value
    assert quicker.exercise.value >= slower.exercise.value


@given(pupils(), exercises(), answers, hints)
def test_more_hints_never_earn_more(pupil: Rating, exercise: Rating, answer: Answer, other_hints: int) -> None:
    fewer, more = sorted((answer.hints, other_hints))
    helped_less = replace(answer, correct=True, hints=fewer).rate(pupil, exercise)
    helped_more = replace(answer, correct=True, hints=more).rate(pupil, exercise)
    assert helped_less.pupil.value >= helped_more.pupil.value


@given(pupils(), exercises(), answers)
def test_ratings_stay_within_the_bounds_and_variances_within_their_floors_and_the_start(
    pupil: Rating, exercise: Rating, answer: Answer
) -> None:
    after = answer.rate(pupil, exercise)
    low, high = BOUNDS
    assert low <= after.pupil.value <= high and low <= after.exercise.value <= high
    assert PUPIL_VARIANCE_FLOOR <= after.pupil.variance <= START_VARIANCE
    assert EXERCISE_VARIANCE_FLOOR <= after.exercise.variance <= START_VARIANCE
    assert after.pupil.answers == pupil.answers + 1 and after.exercise.answers == exercise.answers + 1


@given(pupils(), exercises(), answers)
def test_an_answer_never_makes_a_rating_less_sure(pupil: Rating, exercise: Rating, answer: Answer) -> None:
    after = replace(answer, days_away=0.0).rate(pupil, exercise)
    assert after.pupil.variance <= pupil.variance
    assert after.exercise.variance <= exercise.variance


@given(pupils(), days, days)
def test_days_away_grow_the_variance_up_to_the_start(pupil: Rating, first: float, second: float) -> None:
    start = pupil.day or 0.0
    sooner, later = sorted((first, second))
    soon, late = pupil.aged(start + sooner), pupil.aged(start + later)
    assert pupil.variance <= soon.variance <= late.variance <= START_VARIANCE
    assert late.value == pupil.value


@given(pupils(), exercises(), answers, days)
def test_an_answer_after_more_days_away_leaves_the_pupil_less_sure(
    pupil: Rating, exercise: Rating, answer: Answer, other_days: float
) -> None:
    sooner, later = sorted((answer.days_away, other_days))
    soon = replace(answer, days_away=sooner).rate(pupil, exercise)
    late = replace(answer, days_away=later).rate(pupil, exercise)
    assert late.pupil.variance >= soon.pupil.variance


def test_a_month_away_brings_a_settled_pupil_back_towards_the_start() -> None:
    settled = Rating(1.0, PUPIL_VARIANCE_FLOOR, 200, day=100.0)
    assert settled.aged(130.0).variance == pytest.approx(PUPIL_VARIANCE_FLOOR + 30 * VARIANCE_PER_DAY)
    assert settled.aged(1000.0).variance == START_VARIANCE


@pytest.mark.parametrize("limit", [0.0, -5.0])
def test_a_time_limit_that_is_not_positive_is_refused(limit: float) -> None:
    with pytest.raises(ValueError, match="time limit must be positive"):
        answer_score(correct=True, seconds=1.0, time_limit=limit)


# A naive reference, written from the module documentation alone.  Under "high speed, high
# stakes" the score s of an answer has density proportional to exp(Δ·s) on [-1, 1]; the expected
# score and the information are that density's mean and variance, found here by summing the
# density over a fine grid rather than by the closed forms the module uses.

GRID = 4000


def naive_moments(delta: float) -> tuple[float, float]:
    """The mean and variance of the score of a pupil ``delta`` above an exercise, by the midpoint rule."""
    points = [-1.0 + (index + 0.5) * 2.0 / GRID for index in range(GRID)]
    weights = [math.exp(delta * point) for point in points]
    total = sum(weights)
    mean = sum(weight * point for weight, point in zip(weights, points, strict=True)) / total
    variance = sum(weight * (point - mean) ** 2 for weight, point in zip(weights, points, strict=True)) / total
    return mean, variance


def naive_update(pupil: Rating, exercise: Rating, answer: Answer) -> tuple[float, float, float, float]:
    day = (pupil.day or 0.0) + answer.days_away
    pupil_variance = pupil.variance
    if pupil.day is not None and day > pupil.day:
        pupil_variance = min(START_VARIANCE, pupil_variance + VARIANCE_PER_DAY * (day - pupil.day))
    share_left = 1.0 - min(max(answer.seconds, 0.0), answer.time_limit) / answer.time_limit
    score = HINT_CREDIT[min(answer.hints, 3)] * share_left if answer.correct else -share_left
    expected, info = naive_moments(pupil.value - exercise.value)
    surprise = score - expected
    if (answer.correct and surprise < 0) or (not answer.correct and surprise > 0):
        surprise = 0.0
    shared = 1.0 + info * (pupil_variance + exercise.variance)
    pupil_after = pupil.value + pupil_variance / shared * surprise
    exercise_after = exercise.value - exercise.variance / shared * surprise
    low, high = BOUNDS
    return (
        min(max(pupil_after, low), high),
        max(PUPIL_VARIANCE_FLOOR, pupil_variance - info * pupil_variance**2 / shared),
        min(max(exercise_after, low), high),
        max(EXERCISE_VARIANCE_FLOOR, exercise.variance - info * exercise.variance**2 / shared),
    )


def as_tuple(after: Update) -> tuple[float, float, float, float]:
    return after.pupil.value, after.pupil.variance, after.exercise.value, after.exercise.variance


@given(pupils(), exercises(), answers)
def test_the_update_agrees_with_a_naive_reference(pupil: Rating, exercise: Rating, answer: Answer) -> None:
    assert as_tuple(answer.rate(pupil, exercise)) == pytest.approx(naive_update(pupil, exercise, answer), abs=1e-5)


@given(st.floats(-12.0, 12.0))
def test_the_expected_score_and_the_information_are_the_moments_of_the_score(delta: float) -> None:
    mean, variance = naive_moments(delta)
    assert expected_score(delta) == pytest.approx(mean, abs=1e-6)
    assert information(delta) == pytest.approx(variance, abs=1e-6)


@given(st.floats(-12.0, 12.0))
def test_the_chance_of_a_right_answer_is_the_chance_of_a_positive_score(delta: float) -> None:
    points = [-1.0 + (index + 0.5) * 2.0 / GRID for index in range(GRID)]
    weights = [math.exp(delta * point) for point in points]
    positive = sum(weight for weight, point in zip(weights, points, strict=True) if point > 0)
    assert success_chance(delta) == pytest.approx(positive / sum(weights), abs=1e-9)


@given(values, values, st.floats(0.0, START_VARIANCE), st.floats(0.0, START_VARIANCE))
def test_uncertainty_draws_the_expected_chance_towards_one_in_two(
    pupil: float, exercise: float, first: float, second: float
) -> None:
    sure = expected_chance(Rating(pupil, 0.0), Rating(exercise, 0.0))
    unsure = expected_chance(Rating(pupil, first), Rating(exercise, second))
    assert sure == pytest.approx(success_chance(pupil - exercise))
    assert abs(unsure - 0.5) <= abs(sure - 0.5) + 1e-12
    assert (unsure - 0.5) * (sure - 0.5) >= 0

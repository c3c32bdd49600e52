"""Ratings of pupils and exercises on one scale, updated after every answer: speed and accuracy together.

A pupil's skill and an exercise's difficulty are numbers on the same
logistic scale: a pupil ``Δ = skill − difficulty`` above an exercise answers
it right with chance ``1 / (1 + e^−Δ)`` (:func:`success_chance`), so a pupil
level with an exercise has one chance in two, and one ``ln 3 ≈ 1.1`` above it
three in four.

**The score of an answer** (:func:`answer_score`) is "high speed, high
stakes", as in the rating systems of adaptive school programs: within the
exercise's time limit, a right answer scores its share of the time left
(quick and right is worth nearly 1, right at the last second nearly 0), a
wrong answer the same share negated (a quick wrong guess costs most), and an
answer after the limit scores 0.  Hints lower the credit of a right answer
(:data:`HINT_CREDIT`); they never soften a wrong one.

Under this scoring rule the score is a sufficient statistic of skill, its
expected value at ``Δ`` is ``coth Δ − 1/Δ`` (:func:`expected_score`) and its
variance, the information an answer carries, the derivative of that
(:func:`information`).  So each :class:`Rating` carries a variance as well
as a value, as Glicko does, and an answer is a measurement of the gap
``Δ`` between two uncertain ratings (a Kalman step on the pair).  With ``I``
the information, ``Vp`` and ``Ve`` the variances of pupil and exercise and
``shared = 1 + I·(Vp + Ve)``:

* the pupil moves by ``Vp / shared`` times the surprise (score minus expected
  score), the exercise by ``Ve / shared`` the other way;
* the pupil's variance becomes ``Vp·(1 − I·Vp / shared)``, the exercise's
  ``Ve·(1 − I·Ve / shared)``.

So the surer of the two moves less, and an answer against an exercise (or a
pupil) nothing is known of yet teaches little about the other: a new pupil,
rated at the middle of the scale, does not drag the exercises they meet
first, and an exercise answered by pupils known well settles quickly.  The
variance shrinks as answers come (to a floor, so that a pupil who learns is
followed) and grows again with days away (:meth:`Rating.aged`).  The chance
of a right answer between two uncertain ratings is flatter than between two
known ones (:func:`expected_chance`), which the choice of the next exercise
uses.

Two choices keep the ratings readable to the people they describe:

* a right answer never lowers the pupil's rating (a slow right answer of a
  strong pupil would, under the plain rule: it counts as no surprise), and a
  wrong one never raises it; the exercise mirrors this;
* ratings stay within :data:`BOUNDS`.

>>> pupil, exercise = Rating(), Rating(value=-1.0)
>>> round(success_chance(pupil.value - exercise.value), 2)
0.73
>>> quick = update(pupil, exercise, correct=True, seconds=4, time_limit=20, day=0)
>>> slow = update(pupil, exercise, correct=True, seconds=16, time_limit=20, day=0)
>>> quick.pupil.value > slow.pupil.value >= pupil.value, quick.exercise.value < exercise.value
(True, True)
>>> wrong = update(pupil, exercise, correct=False, seconds=4, time_limit=20, day=0)
>>> wrong.pupil.value < pupil.value, wrong.exercise.value > exercise.value
(True, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

BOUNDS = (-6.0, 6.0)
"""The lowest and highest rating, for pupils and exercises alike."""

START_VARIANCE = 1.0
"""The variance of a rating nothing is known of yet (one unit of the scale either way)."""

PUPIL_VARIANCE_FLOOR = 0.05
"""The least variance of a pupil's rating: however many answers came, the next still moves it, since pupils learn."""

EXERCISE_VARIANCE_FLOOR = 0.01
"""The least variance of an exercise's rating: an exercise does not change, so its rating may settle further."""

VARIANCE_PER_DAY = 0.02
"""How much a pupil's variance grows for each day without an answer, up to :data:`START_VARIANCE`."""

HINT_CREDIT = (1.0, 0.6, 0.3, 0.0)
"""The credit of a right answer after 0, 1, 2 or 3 hints: the third hint gives the answer away."""

SECONDS_PER_DAY = 86_400.0


@dataclass(frozen=True)
class Rating:
    """A skill or a difficulty on the logistic scale, with its variance, the answers it rests on, and the day
    (counted from the Unix epoch, with fractions) of the last of them.

    >>> Rating().to_dict()
    {'value': 0.0, 'variance': 1.0, 'answers': 0, 'day': None}
    >>> Rating.from_dict(Rating(0.5, 0.2, 3, 20000.25).to_dict())
    Rating(value=0.5, variance=0.2, answers=3, day=20000.25)
    """

    value: float = 0.0
    variance: float = START_VARIANCE
    answers: int = 0
    day: float | None = None

    def aged(self, day: float) -> Rating:
        """This rating on ``day``: its variance grown by :data:`VARIANCE_PER_DAY` for each day since its last answer.

        >>> Rating(0.0, 0.1, 40, day=100.0).aged(110.0).variance
        0.3
        >>> Rating(0.0, 0.1, 40, day=100.0).aged(500.0).variance == START_VARIANCE
        True
        """
        if self.day is None or day <= self.day:
            return self
        grown = round(self.variance + VARIANCE_PER_DAY * (day - self.day), 12)
        return replace(self, variance=min(START_VARIANCE, max(self.variance, grown)))

    def to_dict(self) -> dict[str, float | int | None]:
        """The JSON form."""
        return {"value": self.value, "variance": self.variance, "answers": self.answers, "day": self.day}

    @classmethod
    def from_dict(cls, document: dict[str, float | int | None]) -> Rating:
        """The rating written by :meth:`to_dict`."""
        day = document.get("day")
        return cls(
            float(document["value"] or 0.0),
            float(document["variance"] or START_VARIANCE),
            int(document["answers"] or 0),
            None if day is None else float(day),
        )


@dataclass(frozen=True)
class Update:
    """The ratings after an answer, and the score and the expected score that moved them."""

    pupil: Rating
    exercise: Rating
    score: float
    expected: float


def success_chance(delta: float) -> float:
    """The chance that a pupil ``delta`` above an exercise answers it right.

    >>> success_chance(0.0), round(success_chance(math.log(3)), 6)
    (0.5, 0.75)
    """
    return 1.0 / (1.0 + math.exp(-delta))


def expected_chance(pupil: Rating, exercise: Rating) -> float:
    """The chance that ``pupil`` answers ``exercise`` right, averaged over what is not known of either rating.

    The logistic curve averaged over a normal ``Δ`` of variance ``V`` is
    close to the curve at ``Δ / √(1 + πV/8)`` (the probit approximation), so
    an exercise whose difficulty is uncertain is a less sure success.

    >>> round(expected_chance(Rating(math.log(3), 0.0), Rating(0.0, 0.0)), 3)
    0.75
    >>> round(expected_chance(Rating(math.log(3), 0.5), Rating(0.0, 0.5)), 3)
    0.717
    """
    spread = math.sqrt(1.0 + math.pi * (pupil.variance + exercise.variance) / 8.0)
    return success_chance((pupil.value - exercise.value) / spread)


def answer_score(*, correct: bool, seconds: float, time_limit: float, hints: int = 0) -> float:
    """The score of an answer given after ``seconds`` to an exercise with ``time_limit``, after ``hints`` hints.

    >>> answer_score(correct=True, seconds=5, time_limit=20), answer_score(correct=False, seconds=5, time_limit=20)
    (0.75, -0.75)
    >>> round(answer_score(correct=True, seconds=5, time_limit=20, hints=1), 6)
    0.45
    >>> answer_score(correct=True, seconds=30, time_limit=20)
    0.0
    """
    if time_limit <= 0:
        raise ValueError(f"the time limit must be positive, not {time_limit}")
    left = 1.0 - min(max(seconds, 0.0), time_limit) / time_limit
    if not correct:
        return -left
    return HINT_CREDIT[min(max(hints, 0), len(HINT_CREDIT) - 1)] * left


def expected_score(delta: float) -> float:
    """The expected :func:`answer_score` (no hints) of a pupil ``delta`` above an exercise: ``coth Δ − 1/Δ``.

    >>> expected_score(0.0), round(expected_score(math.log(3)), 3), round(expected_score(-math.log(3)), 3)
    (0.0, 0.34, -0.34)
    """
    if abs(delta) < 1e-3:
        return delta / 3.0
    return 1.0 / math.tanh(delta) - 1.0 / delta


def information(delta: float) -> float:
    """What one answer tells of ``delta``: the variance of the score, ``1/Δ² − 1/sinh² Δ``; ``1/3`` at ``Δ = 0``.

    >>> round(information(0.0), 4), round(information(math.log(3)), 4), information(3.0) < information(1.0)
    (0.3333, 0.266, True)
    """
    if abs(delta) < 1e-3:
        return 1.0 / 3.0 - delta * delta / 15.0
    return 1.0 / (delta * delta) - 1.0 / math.sinh(delta) ** 2


def update(
    pupil: Rating,
    exercise: Rating,
    *,
    correct: bool,
    seconds: float,
    time_limit: float,
    day: float,
    hints: int = 0,
) -> Update:
    """The ratings of ``pupil`` and ``exercise`` after an answer on ``day`` (see the module documentation).

    >>> after = update(Rating(), Rating(), correct=True, seconds=0, time_limit=20, day=1.0)
    >>> round(after.pupil.value, 3), round(after.exercise.value, 3), after.pupil.answers, after.pupil.day
    (0.6, -0.6, 1, 1.0)
    """
    pupil = pupil.aged(day)
    delta = pupil.value - exercise.value
    score = answer_score(correct=correct, seconds=seconds, time_limit=time_limit, hints=hints)
    expected = expected_score(delta)
    surprise = max(score - expected, 0.0) if correct else min(score - expected, 0.0)
    info = information(delta)
    shared = 1.0 + info * (pupil.variance + exercise.variance)
    pupil_step = pupil.variance / shared
    exercise_step = exercise.variance / shared
    pupil_variance = max(PUPIL_VARIANCE_FLOOR, pupil.variance * (1.0 - info * pupil_step))
    exercise_variance = max(EXERCISE_VARIANCE_FLOOR, exercise.variance * (1.0 - info * exercise_step))
    return Update(
        Rating(_bounded(pupil.value + pupil_step * surprise), pupil_variance, pupil.answers + 1, day),
        Rating(_bounded(exercise.value - exercise_step * surprise), exercise_variance, exercise.answers + 1, day),
        score,
        expected,
    )


def _bounded(value: float) -> float:
    low, high = BOUNDS
    return min(max(value, low), high)

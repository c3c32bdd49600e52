"""Practice that adapts: a pupil's progress per skill, the next exercise to give, and what an answer changes.

A pupil's :class:`Progress` holds a rating per skill they have opened
(:mod:`tutor.ratings`), the items served lately, the item being answered,
and the current run of :data:`RUN_LENGTH` answers.  It is a plain value with
a compact JSON form, so the same progress is kept in a browser's cookie, in
an API client's token or in a class's database row.

**The next exercise** (:func:`serve`) comes from the skills the pupil has
opened and the operators allowed: a skill is drawn among those with items
not served lately (a newly opened skill more often, the last one less often,
so practice moves between skills; a skill whose few items were all served
lately rests until the oldest leaves the recent ones), then,
among that skill's items not served in the last :data:`RECENT_ITEMS`, the
:data:`CLOSEST` whose chance of a right answer is nearest the target (0.75 by
default: three in four right), and of these the one whose difficulty is
least known.  The chance counts what is not yet known of the pupil's rating
and the item's (:func:`tutor.ratings.expected_chance`): an uncertain item is
a less sure success, so a new pupil meets easier items than the bare
ratings say and still gets the target share right.  Preferring the least
known of items that fit equally well spreads answers over the bank, so every
item's difficulty is learnt, not just those of a few favourites; the
calibration benchmark (``benchmarks/practice_calibration.py``) shows both.
The aim is steered by the
pupil's own answers (:data:`STEER_STEP`): up a little after each right
answer, down after each wrong one, by amounts that balance when the pupil
gets the target share right.  So the target holds even where the ratings'
chances are off, say for a pupil much quicker or slower than most, or one
below the easiest items.

**An answer** (:func:`record`) counts only if it is the first to the item
being served: it updates the pupil's skill and the item's difficulty, may
open the next skills (:data:`OPENS`) and, at the tenth answer of a run,
closes the run with a :class:`RunSummary`.

>>> import random
>>> from tutor.item_bank import bank
>>> progress = Progress.start()
>>> progress, item = serve(progress, operators="+-", now=0.0, rng=random.Random(1))
>>> item.skill, progress.current.item == item.id
('add-subtract', True)
>>> recorded = record(progress, item, correct=True, seconds=6.0, now=8.0)
>>> recorded.counted, recorded.progress.skills["add-subtract"].value > 0
(True, True)
>>> record(recorded.progress, item, correct=True, seconds=6.0, now=9.0).counted
False
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from solver.errors import NambarzError
from tutor.i18n import translator
from tutor.item_bank import OPERATOR_SETS, SKILLS, Item, bank, items_for
from tutor.ratings import (
    HINT_CREDIT,
    SECONDS_PER_DAY,
    Rating,
    Update,
    expected_chance,
    success_chance,
    update,
)

DEFAULT_TARGET = 0.75
"""The chance of a right answer the next exercise aims at, unless a teacher chose another."""

TARGET_RANGE = (0.6, 0.9)
"""The targets a teacher may choose from."""

RECENT_ITEMS = 30
"""An item is not served again while it is among the pupil's last this many: fewer than the first skill's items,
which every pupil has, so some skill always has an item not served lately."""

CLOSEST = 4
"""The next item is the least known of this many of the skill's items whose chance is nearest the target.

Many items share a starting difficulty (the feature score is a whole
number), so the few nearest the target are about as near as each other: the
choice costs little precision and gives each item its share of answers,
which is how a class's answers learn every item's difficulty."""

RUN_LENGTH = 10
"""Answers in a run; its end brings a summary."""

FIRST_SKILL = "add-subtract"
"""The skill every pupil starts with."""

OPENS: dict[str, tuple[str, float]] = {
    "missing-card": ("add-subtract", 0.55),
    "referee": ("add-subtract", 0.55),
    "multiply": ("add-subtract", 0.7),
    "divide": ("multiply", 0.7),
    "master-stroke": ("divide", 0.7),
}
"""Each skill after the first, with the skill that opens it and the mastery needed there (see :func:`mastery`)."""

ANSWERS_TO_OPEN = 5
"""The answers in a skill before it may open the next."""

OPENED_VARIANCE = 0.6
"""The variance of a newly opened skill, which starts at the rating of the skill that opened it."""

LEVEL_STEPS = (0.3, 0.5, 0.7, 0.85)
"""The masteries at which a skill's level, from 1 to 5, goes up a step."""

STEER_STEP = 0.1
"""How far each answer moves the aim: up after a right answer, down after a wrong one, so that on the whole the
pupil gets the target share right even where the ratings' chances are off (see :func:`serve`)."""

STEER_LIMIT = 1.5
"""The furthest the aim is steered from where the ratings put it."""

_FRESH_WEIGHT, _LAST_WEIGHT = 3.0, 0.35
"""How much more often a skill opened but not yet practised is drawn; how much less often the last one."""

_ITEM_KEYS = ("item", "at", "hints", "answered")


@dataclass(frozen=True)
class Served:
    """The item being answered: its id, when it was served (Unix seconds), hints taken, whether it was answered."""

    item: str
    at: float
    hints: int = 0
    answered: bool = False


@dataclass(frozen=True)
class RunAnswer:
    """One answer of the current run: its skill and whether it was right."""

    skill: str
    correct: bool


@dataclass(frozen=True)
class RunSummary:
    """The end of a run: the answers right out of :data:`RUN_LENGTH`, the skills that rose and those opened."""

    right: int
    answers: int
    improved: tuple[str, ...]
    opened: tuple[str, ...]


@dataclass(frozen=True)
class Progress:
    """A pupil's ratings per opened skill, recent items, the item being answered, the current run.

    >>> progress = Progress.start()
    >>> Progress.from_dict(progress.to_dict()) == progress
    True
    """

    skills: Mapping[str, Rating]
    recent: tuple[str, ...] = ()
    current: Served | None = None
    run: tuple[RunAnswer, ...] = ()
    run_start: Mapping[str, float] = field(default_factory=dict)
    opened_in_run: tuple[str, ...] = ()
    fresh: tuple[str, ...] = ()
    answers: int = 0
    steer: float = 0.0

    @classmethod
    def start(cls) -> Progress:
        """The progress of a pupil who has not answered yet: the first skill, at the middle of the scale."""
        return cls({FIRST_SKILL: Rating()}, run_start={FIRST_SKILL: 0.0})

    def ability(self) -> float:
        """One number for the pupil across skills: the skills' ratings weighted by how surely each is known.

        >>> Progress({"add-subtract": Rating(1.0, 0.1), "multiply": Rating(-1.0, 0.9)}).ability()
        0.8
        """
        weights = {skill: 1.0 / rating.variance for skill, rating in self.skills.items()}
        total = sum(weights.values())
        return round(sum(self.skills[skill].value * weight for skill, weight in weights.items()) / total, 12)

    def to_dict(self) -> dict[str, Any]:
        """The compact JSON form, for a cookie, a token or a database row."""
        return {
            "skills": {skill: _rating_list(rating) for skill, rating in self.skills.items()},
            "recent": list(self.recent),
            "current": None if self.current is None else [getattr(self.current, key) for key in _ITEM_KEYS],
            "run": [[answer.skill, answer.correct] for answer in self.run],
            "run_start": dict(self.run_start),
            "opened_in_run": list(self.opened_in_run),
            "fresh": list(self.fresh),
            "answers": self.answers,
            "steer": round(self.steer, 6),
        }

    @classmethod
    def from_dict(cls, document: Mapping[str, Any]) -> Progress:
        """The progress written by :meth:`to_dict`; :class:`ProgressError` if it is not one."""
        try:
            skills = {str(skill): _rating_from_list(values) for skill, values in document["skills"].items()}
            current = document.get("current")
            progress = cls(
                skills,
                tuple(str(item) for item in document.get("recent", ()))[-RECENT_ITEMS:],
                None
                if current is None
                else Served(str(current[0]), float(current[1]), int(current[2]), bool(current[3])),
                tuple(RunAnswer(str(skill), bool(correct)) for skill, correct in document.get("run", ()))[:RUN_LENGTH],
                {str(skill): float(value) for skill, value in document.get("run_start", {}).items()},
                tuple(str(skill) for skill in document.get("opened_in_run", ())),
                tuple(str(skill) for skill in document.get("fresh", ())),
                int(document.get("answers", 0)),
                _steer(float(document.get("steer", 0.0))),
            )
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise ProgressError(f"the progress is not one this server wrote: {error}") from error
        if not skills or not set(skills) <= set(SKILLS) or (current is not None and progress.current is None):
            raise ProgressError("the progress is not one this server wrote: unknown skills")
        return progress


class ProgressError(NambarzError):
    """A progress document that cannot be read."""

    code = "bad-progress"


@dataclass(frozen=True)
class Recorded:
    """What an answer changed: the pupil's progress, the item's rating, whether the answer counted, the skills
    it opened and the run's summary if it closed one; ``update`` has the score and the expected score."""

    progress: Progress
    item_rating: Rating
    counted: bool
    opened: tuple[str, ...] = ()
    summary: RunSummary | None = None
    update: Update | None = None


@dataclass(frozen=True)
class SkillView:
    """A skill as a pupil or a teacher sees it: its name, a level from 1 to 5 in words, the share of the skill's
    items the pupil is expected to answer right (for the length of a bar), answers given, and whether it is new."""

    skill: str
    name: str
    level: int
    level_words: str
    mastery: float
    answers: int
    new: bool

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "skill": self.skill,
            "name": self.name,
            "level": self.level,
            "level_words": self.level_words,
            "mastery": round(self.mastery, 3),
            "answers": self.answers,
            "new": self.new,
        }


def check_target(target: float) -> float:
    """``target`` if a teacher may choose it (see :data:`TARGET_RANGE`), else :class:`~solver.errors.NambarzError`.

    >>> check_target(0.8)
    0.8
    """
    low, high = TARGET_RANGE
    if not low <= target <= high:
        raise NambarzError(f"the target chance of success must be from {low} to {high}, not {target}")
    return target


def serve(
    progress: Progress,
    *,
    operators: str = "+-*/",
    target: float = DEFAULT_TARGET,
    ratings: Mapping[str, Rating] | None = None,
    now: float,
    rng: random.Random,
) -> tuple[Progress, Item]:
    """The item to answer now and the progress that serves it.

    The item being answered stays until it is answered; a new one is drawn
    as the module documentation says.  ``ratings`` are the items' current
    difficulties (their starting ones if not given).
    """
    items = bank()
    if progress.current is not None and not progress.current.answered and progress.current.item in items:
        current = items[progress.current.item]
        if set(current.operators) <= set(operators):
            return progress, current
    skill = _draw_skill(progress, operators, rng)
    item = _closest_item(
        progress, skill, operators=operators, target=check_target(target), ratings=ratings or {}, rng=rng
    )
    served = replace(
        progress,
        current=Served(item.id, now),
        recent=(*[seen for seen in progress.recent if seen != item.id], item.id)[-RECENT_ITEMS:],
        fresh=tuple(fresh for fresh in progress.fresh if fresh != skill),
    )
    return served, item


def take_hint(progress: Progress, item: Item) -> Progress:
    """``progress`` after a hint on ``item``: counted against the answer's credit while it is unanswered.

    >>> import random
    >>> progress, item = serve(Progress.start(), operators="+-", now=0.0, rng=random.Random(1))
    >>> take_hint(take_hint(progress, item), item).current.hints
    2
    """
    current = progress.current
    if current is None or current.item != item.id or current.answered:
        return progress
    return replace(progress, current=replace(current, hints=min(current.hints + 1, len(HINT_CREDIT) - 1)))


def record(
    progress: Progress,
    item: Item,
    *,
    correct: bool,
    seconds: float,
    now: float,
    item_rating: Rating | None = None,
    operators: str = "+-*/",
    target: float = DEFAULT_TARGET,
    ratings: Mapping[str, Rating] | None = None,
) -> Recorded:
    """What the answer to ``item`` after ``seconds`` changes (see the module documentation).

    ``item_rating`` is the item's difficulty before the answer (its starting
    one if not given); ``ratings`` those of every item, for the mastery that
    opens skills.
    """
    before = item_rating or item.start
    current = progress.current
    if current is None or current.item != item.id or current.answered or item.skill not in progress.skills:
        return Recorded(progress, before, counted=False)
    changed = update(
        progress.skills[item.skill],
        before,
        correct=correct,
        seconds=seconds,
        time_limit=item.seconds,
        day=now / SECONDS_PER_DAY,
        hints=current.hints,
    )
    skills = {**progress.skills, item.skill: changed.pupil}
    opened = _newly_opened(skills, operators, ratings or {})
    for skill in opened:
        skills[skill] = Rating(value=skills[OPENS[skill][0]].value, variance=OPENED_VARIANCE)
    ordered = {skill: skills[skill] for skill in SKILLS if skill in skills}
    run = (*progress.run, RunAnswer(item.skill, correct))
    after = replace(
        progress,
        skills=ordered,
        current=replace(current, answered=True),
        run=run,
        opened_in_run=(*progress.opened_in_run, *opened),
        fresh=(*progress.fresh, *opened),
        answers=progress.answers + 1,
        steer=_steer(progress.steer + STEER_STEP * (float(correct) - target)),
    )
    summary = None
    if len(run) >= RUN_LENGTH:
        summary = _summary(after)
        after = replace(
            after, run=(), opened_in_run=(), run_start={skill: rating.value for skill, rating in ordered.items()}
        )
    return Recorded(after, changed.exercise, True, opened, summary, changed)


def mastery(rating: Rating, skill: str, operators: str, ratings: Mapping[str, Rating]) -> float:
    """The share of ``skill``'s items (with ``operators``) a pupil with ``rating`` is expected to answer right.

    >>> round(mastery(Rating(0.0), "add-subtract", "+-", {}), 2)
    0.71
    """
    chances = [
        success_chance(rating.value - ratings.get(item.id, item.start).value)
        for item in items_for(operators)
        if item.skill == skill
    ]
    return sum(chances) / len(chances) if chances else 0.0


def level_of(share: float) -> int:
    """The level, from 1 to 5, of a skill whose :func:`mastery` is ``share``.

    >>> level_of(0.1), level_of(0.6), level_of(0.9)
    (1, 3, 5)
    """
    return 1 + sum(share >= step for step in LEVEL_STEPS)


def level_reached(rating: Rating, skill: str, operators: str, ratings: Mapping[str, Rating]) -> tuple[float, int]:
    """The :func:`mastery` a pupil with ``rating`` in ``skill`` has surely reached, and its level: the mastery one
    standard deviation below their rating, so that a level is shown only once the answers make it sure.

    >>> share, level = level_reached(Rating(0.0, 1.0), "add-subtract", "+-", {})
    >>> round(share, 3), level, level_reached(Rating(0.0, 0.05), "add-subtract", "+-", {})[1]
    (0.488, 2, 3)
    """
    share = mastery(replace(rating, value=rating.value - math.sqrt(rating.variance)), skill, operators, ratings)
    return share, level_of(share)


def skill_views(progress: Progress, operators: str, ratings: Mapping[str, Rating], lang: str) -> list[SkillView]:
    """The pupil's opened skills that ``operators`` allow, as :class:`SkillView` in ``lang``, in the order met.

    The level shown is the one the pupil has surely reached: their mastery
    one standard deviation below their rating.  So a new pupil starts low and
    climbs as their answers make their rating sure, even before it rises.

    >>> [view.to_dict() for view in skill_views(Progress.start(), "+-", {}, "it")]  # doctest: +NORMALIZE_WHITESPACE
    [{'skill': 'add-subtract', 'name': 'Più e meno', 'level': 2, 'level_words': 'in cammino',
      'mastery': 0.488, 'answers': 0, 'new': False}]
    """
    allowed = {item.skill for item in items_for(operators)}
    views = []
    for skill, rating in progress.skills.items():
        if skill not in allowed:
            continue
        share, level = level_reached(rating, skill, operators, ratings)
        views.append(
            SkillView(
                skill,
                skill_name(skill, lang),
                level,
                level_words(level, lang),
                share,
                rating.answers,
                skill in progress.fresh,
            )
        )
    return views


def skill_name(skill: str, lang: str) -> str:
    """The name of ``skill`` for a pupil, in ``lang``.

    >>> skill_name("divide", "de"), skill_name("referee", "fr")
    ('Teilen', 'Être l’arbitre')
    """
    _ = translator(lang).gettext
    names = {
        "add-subtract": _("Plus and minus"),
        "multiply": _("Multiplication"),
        "divide": _("Division"),
        "master-stroke": _("Master strokes"),
        "missing-card": _("The missing card"),
        "referee": _("Being the referee"),
    }
    return names[skill]


def level_words(level: int, lang: str) -> str:
    """How a skill at ``level`` (1 to 5) stands, in words for a pupil, in ``lang``.

    >>> level_words(1, "en"), level_words(5, "en")
    ('just starting', 'excellent')
    """
    _ = translator(lang).gettext
    words = (_("just starting"), _("learning"), _("getting there"), _("good at it"), _("excellent"))
    return words[level - 1]


def summary_sentences(summary: RunSummary, lang: str) -> list[str]:
    """The end of a run in sentences for the pupil, in ``lang``.

    >>> summary_sentences(RunSummary(8, 10, ("multiply",), ("divide",)), "en")
    ['You got 8 of 10 right.', 'You got better at: Multiplication.', 'New: Division!']
    """
    t = translator(lang)
    sentences = [
        t.gettext("You got %(right)d of %(answers)d right.") % {"right": summary.right, "answers": summary.answers}
    ]
    if summary.improved:
        names = ", ".join(skill_name(skill, lang) for skill in summary.improved)
        sentences.append(t.gettext("You got better at: %(skills)s.") % {"skills": names})
    sentences.extend(new_skill_sentence(skill, lang) for skill in summary.opened)
    return sentences


def new_skill_sentence(skill: str, lang: str) -> str:
    """The announcement of a newly opened skill, in ``lang``.

    >>> new_skill_sentence("divide", "fr")
    'Nouveau\\xa0: Division\\xa0!'
    """
    return translator(lang).gettext("New: %(skill)s!") % {"skill": skill_name(skill, lang)}


def _draw_skill(progress: Progress, operators: str, rng: random.Random) -> str:
    recent = set(progress.recent)
    unseen = {item.skill for item in items_for(operators) if item.id not in recent}
    skills = [skill for skill in progress.skills if skill in unseen] or [FIRST_SKILL]
    last = bank()[progress.recent[-1]].skill if progress.recent and progress.recent[-1] in bank() else None
    weights = [
        _FRESH_WEIGHT if skill in progress.fresh else _LAST_WEIGHT if skill == last and len(skills) > 1 else 1.0
        for skill in skills
    ]
    return rng.choices(skills, weights)[0]


def _closest_item(
    progress: Progress, skill: str, *, operators: str, target: float, ratings: Mapping[str, Rating], rng: random.Random
) -> Item:
    rating = progress.skills.get(skill, Rating())
    pool = [item for item in items_for(operators) if item.skill == skill]
    recent = set(progress.recent)
    fresh = [item for item in pool if item.id not in recent]
    if not fresh:
        order = {item: position for position, item in enumerate(progress.recent)}
        fresh = sorted(pool, key=lambda item: order.get(item.id, -1))[: max(1, len(pool) // 2)]
    aimed = replace(rating, value=rating.value + progress.steer)
    fresh.sort(key=lambda item: abs(expected_chance(aimed, ratings.get(item.id, item.start)) - target))
    nearest = fresh[:CLOSEST]
    least_known = max(ratings.get(item.id, item.start).variance for item in nearest)
    return rng.choice([item for item in nearest if ratings.get(item.id, item.start).variance >= least_known])


def _newly_opened(skills: Mapping[str, Rating], operators: str, ratings: Mapping[str, Rating]) -> tuple[str, ...]:
    allowed = {item.skill for item in items_for(operators)}
    opened = []
    for skill, (opener, needed) in OPENS.items():
        if skill in skills or skill not in allowed or opener not in skills:
            continue
        if skills[opener].answers >= ANSWERS_TO_OPEN and mastery(skills[opener], opener, operators, ratings) >= needed:
            opened.append(skill)
    return tuple(opened)


def _summary(progress: Progress) -> RunSummary:
    improved = tuple(
        skill
        for skill, rating in progress.skills.items()
        if skill in progress.run_start
        and rating.value > progress.run_start[skill] + 0.05
        and any(answer.skill == skill for answer in progress.run)
    )
    right = sum(answer.correct for answer in progress.run)
    return RunSummary(right, len(progress.run), improved, progress.opened_in_run)


def _steer(value: float) -> float:
    return min(max(value, -STEER_LIMIT), STEER_LIMIT)


def _rating_list(rating: Rating) -> list[float | int | None]:
    return [round(rating.value, 6), round(rating.variance, 6), rating.answers, rating.day]


def _rating_from_list(values: Sequence[Any]) -> Rating:
    value, variance, answers, day = values
    if not 0 < float(variance) <= 10:
        raise ValueError(f"variance {variance} out of range")
    return Rating(float(value), float(variance), int(answers), None if day is None else float(day))


__all__ = [
    "DEFAULT_TARGET",
    "OPERATOR_SETS",
    "Progress",
    "ProgressError",
    "Recorded",
    "RunSummary",
    "Served",
    "SkillView",
    "check_target",
    "level_of",
    "level_reached",
    "level_words",
    "mastery",
    "new_skill_sentence",
    "record",
    "serve",
    "skill_name",
    "skill_views",
    "summary_sentences",
    "take_hint",
]

"""The practice item bank: the tutor's exercises kept with an id, a skill, their features and a starting difficulty.

Each item is one exercise of :mod:`tutor.exercises`, named by how it is
made: its kind, its level and its seed (``cover-2-17`` is
``generate(2, 1, 17, kinds=("cover",))``), so the bank keeps no cards, only
the recipe, and any item can be drawn again in any language
(:func:`exercise`).  The bank lives in ``tutor/data/practice_items.json``,
written by :func:`build_bank` (``python tools/build_item_bank.py``); a test
makes sure the file and the recipe agree.

Items belong to one **skill** each (:data:`SKILLS`):

* ``add-subtract``: cover a card with ``+`` and ``−`` (level 1);
* ``multiply``: cover a card where ``×`` is needed (level 2);
* ``divide``: cover a card where ``÷`` is needed (level 3);
* ``master-stroke``: cover a card with four cards or more (level 4);
* ``missing-card``: find the card missing from a calculation (levels 1 to 4);
* ``referee``: say whether a laid play is legal, and why not (levels 1 to 5).

An item's **starting difficulty** is read from its features
(:class:`tutor.difficulty.Difficulty`): :data:`PRIOR_SLOPE` points of the
rating scale per point of the feature score around :data:`PRIOR_CENTRE`, and
a referee item, with one chance in two to guess, :data:`REFEREE_OFFSET`
lower.  Answers refine it from there (:mod:`tutor.ratings`).  Its **time
limit** grows with the same score (:func:`time_limit`).

>>> item = bank()["cover-2-17"]
>>> item.skill, item.kind, item.level, item.operators
('multiply', 'cover', 2, '+-*')
>>> exercise(item).kind, exercise(item, "de").top == exercise(item).top
('cover', True)
>>> len(items_for("+-")) < len(items_for("+-*")) < len(items_for("+-*/")) == len(bank())
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from solver.errors import NambarzError
from tutor.exercises import Exercise, generate, in_language
from tutor.i18n import DEFAULT_LANGUAGE
from tutor.ratings import Rating

BANK_PATH = Path(__file__).with_name("data") / "practice_items.json"
"""Where the bank is kept."""

SKILLS = ("add-subtract", "multiply", "divide", "master-stroke", "missing-card", "referee")
"""The skills, in the order a pupil meets them (see :mod:`tutor.adaptive`)."""

OPERATOR_SETS = ("+-", "+-*", "+-*/")
"""The operators a class may allow: adding and taking away, then with ×, then with ÷ as well."""

RECIPES: dict[str, tuple[str, tuple[int, ...], int]] = {
    "add-subtract": ("cover", (1,), 36),
    "multiply": ("cover", (2,), 30),
    "divide": ("cover", (3,), 30),
    "master-stroke": ("cover", (4,), 24),
    "missing-card": ("missing-card", (1, 2, 3, 4), 8),
    "referee": ("referee", (1, 2, 3, 4, 5), 6),
}
"""How each skill's items are made: the kind, the levels, and how many different exercises of each level.

About thirty items a skill: enough that a pupil meets none again within
:data:`tutor.adaptive.RECENT_ITEMS` answers (the first skill, which every
pupil has, holds more than that), few enough that a class's first three
thousand answers give each item about sixteen, which learns its difficulty
well.  With forty a skill, thirty pupils' hundred answers each left the
items' difficulties correlating 0.91 with the truth on average, short of the
goal of 0.9 in four of thirty classes simulated in process; with thirty,
0.92, short in none (the calibration benchmark,
``benchmarks/practice_calibration.py``, where runs over HTTP vary more)."""

PRIOR_SLOPE = 0.4
"""Points of the rating scale per point of the difficulty score."""

PRIOR_CENTRE = 4
"""The difficulty score of an item that starts at 0 on the rating scale."""

PRIOR_VARIANCE = 0.64
"""The variance of an item's starting difficulty: how far the features may be off, ``0.8`` either way (two points
of the feature score).

The features say nothing of a card's look, a tempting wrong answer or a
familiar product, so an item may well be a point of the scale off.  Yet
the features do tell something, so an item nobody has answered is surer than
a pupil nobody knows (:data:`tutor.ratings.START_VARIANCE`): its first
answers move it as much as they teach, no more.  The calibration benchmark
draws the true difficulties with this error."""

REFEREE_OFFSET = -0.3
"""How much easier a referee item starts than its score says: legal or not is a choice of two."""

BASE_SECONDS, SECONDS_PER_POINT, MOST_SECONDS = 20, 5, 60
"""An item's time limit: :data:`BASE_SECONDS` plus :data:`SECONDS_PER_POINT` per point of score, at most
:data:`MOST_SECONDS`."""

_SEEDS_PER_EXERCISE = 20
"""How many seeds past the ones used are tried for a level before its items are declared too few."""


@dataclass(frozen=True)
class Item:
    """One exercise of the bank: its id (kind, level and seed), skill, operators, feature score and starting
    difficulty, and its time limit in seconds."""

    id: str
    skill: str
    kind: str
    level: int
    seed: int
    operators: str
    score: int
    prior: float
    seconds: int

    @property
    def start(self) -> Rating:
        """The item's rating before any answer: its starting difficulty, as uncertain as :data:`PRIOR_VARIANCE`."""
        return Rating(value=self.prior, variance=PRIOR_VARIANCE)


def item_id(kind: str, level: int, seed: int) -> str:
    """The id of the exercise ``generate(level, 1, seed, kinds=(kind,))``.

    >>> item_id("missing-card", 3, 12)
    'missing-card-3-12'
    """
    return f"{kind}-{level}-{seed}"


def prior_difficulty(kind: str, score: int) -> float:
    """The starting difficulty of an item of ``kind`` whose features score ``score``.

    >>> prior_difficulty("cover", 4), prior_difficulty("referee", 4), prior_difficulty("cover", 9)
    (0.0, -0.3, 2.0)
    """
    offset = REFEREE_OFFSET if kind == "referee" else 0.0
    return round(PRIOR_SLOPE * (score - PRIOR_CENTRE) + offset, 6)


def time_limit(score: int) -> int:
    """The seconds an item whose features score ``score`` allows before an answer scores nothing.

    >>> time_limit(1), time_limit(6), time_limit(20)
    (25, 50, 60)
    """
    return min(BASE_SECONDS + SECONDS_PER_POINT * score, MOST_SECONDS)


def build_bank() -> list[Item]:
    """Every item of :data:`RECIPES`, made from the smallest seeds that give exercises unlike those before.

    Slow (a few seconds): it makes every exercise.  The bank file holds its result.
    """
    items: list[Item] = []
    for skill, (kind, levels, count) in RECIPES.items():
        for level in levels:
            items.extend(_level_items(skill, kind, level, count))
    return items


def _level_items(skill: str, kind: str, level: int, count: int) -> Iterator[Item]:
    seen = set()
    made = 0
    for seed in range(count * _SEEDS_PER_EXERCISE):
        drawn = generate(level, 1, seed, kinds=(kind,))[0]
        if drawn.identity in seen:
            continue
        seen.add(drawn.identity)
        score = drawn.difficulty.score
        yield Item(
            item_id(kind, level, seed),
            skill,
            kind,
            level,
            seed,
            drawn.ops,
            score,
            prior_difficulty(kind, score),
            time_limit(score),
        )
        made += 1
        if made == count:
            return
    raise NambarzError(f"only {made} different {kind} exercises of level {level}, not {count}")


def write_bank(items: list[Item], path: Path = BANK_PATH) -> None:
    """Write ``items`` as the bank file, one item per line, for diffs that show what changed."""
    lines = ",\n".join(json.dumps(asdict(item), sort_keys=True) for item in items)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"[\n{lines}\n]\n", encoding="utf-8")


@cache
def bank() -> Mapping[str, Item]:
    """The bank, read once from its file: every item by id, in the file's order."""
    documents: list[dict[str, Any]] = json.loads(BANK_PATH.read_text(encoding="utf-8"))
    return {document["id"]: Item(**document) for document in documents}


@cache
def items_for(operators: str) -> tuple[Item, ...]:
    """The items whose exercises use only ``operators`` (one of :data:`OPERATOR_SETS`)."""
    if operators not in OPERATOR_SETS:
        raise NambarzError(f"operators must be one of {', '.join(OPERATOR_SETS)}, not {operators!r}")
    return tuple(item for item in bank().values() if set(item.operators) <= set(operators))


@lru_cache(maxsize=4096)
def exercise(item: Item, lang: str = DEFAULT_LANGUAGE) -> Exercise:
    """The exercise ``item`` names, its prompt in ``lang``: the same cards in every language, drawn once."""
    if lang == DEFAULT_LANGUAGE:
        return generate(item.level, 1, item.seed, kinds=(item.kind,))[0]
    return in_language(exercise(item), lang)

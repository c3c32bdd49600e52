"""Calibrate adaptive practice: simulated pupils of known ability answer, and their ratings are set against the truth.

**The simulated world.**  Every item of the bank gets a true difficulty: its
starting difficulty (read from its features) plus a normal error of
:data:`ITEM_ERROR` (0.8 points of the scale, as far as the features may be
off, :data:`tutor.item_bank.PRIOR_VARIANCE`), so the features alone
correlate only about 0.75–0.8 with the truth and the answers must do the
rest.  Every pupil gets a true ability, the same in every skill, drawn from a
normal population that matches the bank (:func:`population`): centred
``ln 3`` above the bank's items, where a pupil answers three in four of them
right, and as spread out as the items' true difficulties, so that every item
is right for some pupil and the class is as varied as a real one.

**A simulated answer** (:meth:`SimulatedPupil.respond`) follows the logistic
model the ratings assume: right with chance ``1 / (1 + e^−(ability −
difficulty))``.  Its time comes from a lognormal distribution, not from the
ratings' model: the median is :data:`RELATIVE_TIME` of the item's time limit
for a pupil level with the item, a third shorter for each point the pupil
stands above it (:data:`TIME_SLOPE`), spread by a factor ``e^±0.4``
(:data:`TIME_SPREAD`) as one pupil's times are.  So the scoring rule meets
times it was not built for, as it will with children.

**Two ways to answer.**  ``--in-process`` calls :mod:`tutor.adaptive` directly
(fast, for tuning and for the test suite).  Without it, the script starts
``nambarz serve`` (the default server: its default workers, rate limits off,
a fresh database) on a free loopback port, a teacher opens a class through
``POST /api/v1/classes`` and each pupil joins it with a nickname and then, in
a thread of their own, practises through ``/api/v1/practice``: the server
serves an exercise, the pupil decides to be right or wrong, works out an
answer that is right (any legal calculation from
:func:`solver.nambarz.hand_solver.solve`, a card from
:func:`tutor.puzzles.missing_cards`, the referee's verdict) or one that is
wrong, and sends it with the simulated time.  The pupils practise all at
the same time: served an exercise, a pupil thinks for their simulated time
divided by ``--pace`` (:data:`PACE`; 0: no thinking at all, a stress test),
then answers.  At the end the ratings are read from the server's database,
and the seconds the server spent on each answer from its access log.

**Figures and goals** (after ``--answers`` answers from each of ``--pupils``
pupils, 100 and 30 by default): the pupils' ratings have a Spearman rank
correlation of at least 0.9 with their true abilities; the share of right
answers is 0.75 ± 0.05; the items' difficulties correlate (Pearson) at least
0.9 with the true ones, printed beside the starting difficulties' own
correlation, which is what the answers improved on, and beside what the
same answers tell at best: the difficulties the ratings' model draws from
them had it known every pupil's true ability
(:func:`known_ability_estimate`); over HTTP, the 99th
percentile of the time an answer takes to come back is at most 300 ms (the
server's own time, from its access log, is printed beside it), no request
fails and the server judges every answer as the pupil meant it.
``--plot FILE`` draws the ratings converging (PNG, with matplotlib; in process,
where the ratings are read every few rounds).

Run it from the repository root::

    python benchmarks/practice_calibration.py --in-process --plot docs/practice-calibration.png
    python benchmarks/practice_calibration.py              # the same over HTTP, 30 pupils at once
    python benchmarks/practice_calibration.py --pace 0     # over HTTP, nobody thinking: the server's queue
    python benchmarks/practice_calibration.py --in-process --pupils 6 --answers 20   # a smoke test

The exit status is 1 when a request failed (even once) or an answer was
judged otherwise than the pupil meant, 2 when the server could not be
started; a missed goal is only reported.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from http.client import HTTPConnection, HTTPException
from pathlib import Path
from typing import Any, Protocol

BENCHMARKS = Path(__file__).resolve().parent
REPOSITORY_ROOT = BENCHMARKS.parent
for _folder in (REPOSITORY_ROOT, BENCHMARKS):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

from api_load import HOST, ServerError, free_port, start_server, stop_server, wait_until_healthy  # noqa: E402
from matplotlib import colormaps  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from sqlalchemy import select  # noqa: E402

from api.server import DEFAULT_WORKERS, HEADER_TIMEOUT  # noqa: E402
from services.play.store import GameStore, PupilRow, default_database_url  # noqa: E402
from services.practice.service import item_ratings  # noqa: E402
from solver.nambarz.cards import Card  # noqa: E402
from solver.nambarz.hand_solver import solve  # noqa: E402
from solver.nambarz.notation import Chain  # noqa: E402
from solver.nambarz.referee import check  # noqa: E402
from solver.nambarz.rules import Rules  # noqa: E402
from tutor.adaptive import DEFAULT_TARGET, Progress, record, serve  # noqa: E402
from tutor.exercises import Exercise  # noqa: E402
from tutor.item_bank import PRIOR_VARIANCE, Item, bank, items_for  # noqa: E402
from tutor.puzzles import BlankChain, missing_cards  # noqa: E402
from tutor.ratings import Rating, answer_score, expected_score, information, success_chance  # noqa: E402

ITEM_ERROR = 0.8
"""The standard deviation of an item's true difficulty around its starting one."""

RELATIVE_TIME = 0.35
"""A pupil level with an item answers, in the median, after this share of its time limit."""

TIME_SLOPE = 0.4
"""How much quicker a pupil one point above an item is: the median time is multiplied by ``e^−0.4 ≈ 0.67``."""

TIME_SPREAD = 0.4
"""The standard deviation of the logarithm of a pupil's time around the median."""

NEWTON_STEPS = 8
"""Newton's steps towards an item's most likely difficulty (:func:`known_ability_estimate`); four already settle
it to a thousandth."""

PUPILS, ANSWERS = 30, 100
"""The class and the answers each pupil gives, as the goals name them."""

OPERATORS = "+-*/"
"""The operators the class allows: every item of the bank."""

RANK_GOAL, SUCCESS_GOAL, ITEM_GOAL, P99_GOAL_MS = 0.9, (0.70, 0.80), 0.9, 300.0
"""The goals: pupils' rank correlation, share of right answers, items' correlation, 99th percentile answer time."""

REQUEST_TIMEOUT = 60.0
"""Seconds one request may take before it counts as failed."""

KEEP_ALIVE_MARGIN = 1.0
"""Seconds before the server's keep-alive runs out that a pupil's connection counts as closed."""

ATTEMPTS, RETRY_PAUSE = 3, 0.5
"""How often a pupil sends a request that failed, and the seconds they wait between attempts."""

PACE = 10.0
"""Over HTTP, how many times quicker than their simulated time the pupils think before answering: ten times a real
class's pace, so a run takes minutes, not a lesson."""

PROBLEMS_SHOWN = 10
"""How many failed requests and misjudged answers are printed under the table."""

SNAPSHOTS = 20
"""How many times along the run the ratings are read for the convergence plot."""


# ----------------------------------------------------------------------------------------------- the truth


@dataclass(frozen=True)
class SimulatedPupil:
    """A pupil of known ``ability`` on the ratings' scale, with a random generator of their own."""

    ability: float
    rng: random.Random

    def respond(self, difficulty: float, time_limit: float) -> tuple[bool, float]:
        """Whether this pupil answers an item of true ``difficulty`` right, and after how many seconds.

        >>> pupil = SimulatedPupil(1.0, random.Random(4))
        >>> answers = [pupil.respond(1.0 - math.log(3), 30) for _ in range(2000)]
        >>> round(sum(right for right, _ in answers) / 2000, 2), round(statistics.median(s for _, s in answers))
        (0.74, 7)
        """
        delta = self.ability - difficulty
        correct = self.rng.random() < success_chance(delta)
        median = time_limit * RELATIVE_TIME * math.exp(-TIME_SLOPE * delta)
        return correct, median * self.rng.lognormvariate(0.0, TIME_SPREAD)


@dataclass(frozen=True)
class World:
    """The true abilities of the pupils and the true difficulties of the items."""

    abilities: tuple[float, ...]
    difficulties: Mapping[str, float]

    @classmethod
    def make(cls, pupils: int, seed: int, operators: str = OPERATORS) -> World:
        """A class of ``pupils`` and the bank's items with ``operators``, drawn from ``seed``.

        >>> world = World.make(3, seed=1)
        >>> len(world.abilities), len(world.difficulties) == len(bank())
        (3, True)
        """
        rng = random.Random(seed)
        items = items_for(operators)
        difficulties = {item.id: item.prior + rng.gauss(0.0, ITEM_ERROR) for item in items}
        centre, spread = population(items)
        return cls(tuple(rng.gauss(centre, spread) for _ in range(pupils)), difficulties)


def population(items: Sequence[Item]) -> tuple[float, float]:
    """The centre and spread of the pupils' abilities for a bank of ``items``: ``ln 3`` above the items' mean
    starting difficulty, and the spread of their true difficulties.

    >>> centre, spread = population(items_for("+-*/"))
    >>> round(centre, 2), round(spread, 2)
    (1.02, 1.28)
    """
    priors = [item.prior for item in items]
    return statistics.fmean(priors) + math.log(3), math.sqrt(statistics.pvariance(priors) + ITEM_ERROR**2)


# ----------------------------------------------------------------------------------------------- answers


@dataclass(frozen=True)
class Shown:
    """What a pupil is shown of an exercise: its kind, the top card, the rules, and the hand, the puzzle or the play.

    Bank exercises are all played on natural numbers; the operators vary.
    """

    kind: str
    top: Card
    rules: Rules
    hand: tuple[Card, ...] = ()
    puzzle: BlankChain | None = None
    play: Chain | None = None

    @classmethod
    def of(cls, exercise: Exercise) -> Shown:
        """What ``exercise`` shows (its answer key left aside)."""
        return cls(exercise.kind, exercise.top, exercise.rules, exercise.hand, exercise.puzzle, exercise.play)

    @classmethod
    def from_document(cls, document: Mapping[str, Any]) -> Shown:
        """What the HTTP API shows of an exercise (``exercise`` in the answer of ``POST /api/v1/practice/next``)."""
        return cls(
            document["kind"],
            Card.parse(document["top"]),
            Rules.parse("natural", document["operators"]),
            tuple(Card.parse(card) for card in document.get("hand") or ()),
            None if document.get("puzzle") is None else BlankChain.parse(document["puzzle"]),
            None if document.get("play") is None else Chain.parse(document["play"]),
        )


@cache
def right_answer(shown: Shown) -> str:
    """An answer the referee accepts, worked out from what the exercise shows (once per exercise: the pupils'
    threads should spend their time waiting for the server, not solving).

    >>> from tutor.item_bank import exercise
    >>> right_answer(Shown.of(exercise(bank()["cover-2-17"]))), right_answer(Shown.of(exercise(bank()["referee-1-0"])))
    ('5 * 2', 'not-legal')
    """
    if shown.kind == "cover":
        solution = solve(shown.top, shown.hand, shown.rules)
        return str(next(found.example for found in solution.calculations if found.example.is_calculation))
    if shown.kind == "missing-card":
        return str(missing_cards(_puzzle(shown), shown.top, shown.rules)[0])
    return "legal" if check(shown.top, _play(shown), shown.rules).legal else "not-legal"


@cache
def wrong_answer(shown: Shown) -> str:
    """An answer the referee turns down, made of what the exercise shows: two cards of the hand that do not make
    the top card, a card that does not fit the blank, the verdict the play does not deserve.

    >>> from tutor.item_bank import exercise
    >>> wrong_answer(Shown.of(exercise(bank()["cover-2-17"]))), wrong_answer(Shown.of(exercise(bank()["referee-1-0"])))
    ('2 + 5', 'legal')
    """
    if shown.kind == "cover":
        return str(_wrong_chain(shown.top, shown.hand, shown.rules))
    if shown.kind == "missing-card":
        puzzle = _puzzle(shown)
        fitting = set(missing_cards(puzzle, shown.top, shown.rules))
        candidates = [*puzzle.known_cards, *(Card.parse(str(number)) for number in range(1, 11))]
        return str(next(card for card in candidates if card not in fitting))
    return "not-legal" if check(shown.top, _play(shown), shown.rules).legal else "legal"


def _wrong_chain(top: Card, hand: Sequence[Card], rules: Rules) -> Chain:
    for first, card in enumerate(hand):
        for other in hand[first + 1 :]:
            for operator in rules.operators:
                chain = Chain.parse(f"{card} {operator} {other}")
                if not check(top, chain, rules).legal:
                    return chain
    raise ValueError(f"every pair of cards of {' '.join(map(str, hand))} covers {top}: no wrong answer to give")


def _puzzle(shown: Shown) -> BlankChain:
    if shown.puzzle is None:
        raise ValueError(f"a missing-card exercise on {shown.top} without its puzzle")
    return shown.puzzle


def _play(shown: Shown) -> Chain:
    if shown.play is None:
        raise ValueError(f"a referee exercise on {shown.top} without its play")
    return shown.play


# ----------------------------------------------------------------------------------------------- classrooms


class Classroom(Protocol):
    """Where the pupils practise: in this process, or through a server's HTTP API."""

    def next_item(self, pupil: int) -> Item:
        """Serve ``pupil`` their next item."""

    def answer(self, pupil: int, item: Item, *, correct: bool, seconds: float) -> None:
        """Give ``pupil``'s answer to ``item``: right or wrong, after ``seconds``."""

    def abilities(self) -> list[float]:
        """Each pupil's rating, one number across skills (:meth:`tutor.adaptive.Progress.ability`)."""

    def difficulties(self) -> dict[str, Rating]:
        """The rating of every item answered so far."""


@dataclass
class InProcessClassroom:
    """Pupils practising through :mod:`tutor.adaptive` itself, on a clock of their own answering times."""

    pupils: int
    seed: int
    operators: str = OPERATORS
    target: float = DEFAULT_TARGET
    progress: list[Progress] = field(init=False)
    ratings: dict[str, Rating] = field(init=False, default_factory=dict)
    now: float = field(init=False, default=0.0)
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.progress = [Progress.start() for _ in range(self.pupils)]
        self.rng = random.Random(self.seed)

    def next_item(self, pupil: int) -> Item:
        """Serve ``pupil`` as :func:`tutor.adaptive.serve` chooses."""
        self.progress[pupil], item = serve(
            self.progress[pupil],
            operators=self.operators,
            target=self.target,
            ratings=self.ratings,
            now=self.now,
            rng=self.rng,
        )
        return item

    def answer(self, pupil: int, item: Item, *, correct: bool, seconds: float) -> None:
        """Record the answer as :func:`tutor.adaptive.record` does."""
        self.now += seconds
        recorded = record(
            self.progress[pupil],
            item,
            correct=correct,
            seconds=seconds,
            now=self.now,
            item_rating=self.ratings.get(item.id),
            operators=self.operators,
            target=self.target,
            ratings=self.ratings,
        )
        self.progress[pupil] = recorded.progress
        if recorded.counted:
            self.ratings[item.id] = recorded.item_rating

    def abilities(self) -> list[float]:
        """Each pupil's rating across skills."""
        return [progress.ability() for progress in self.progress]

    def difficulties(self) -> dict[str, Rating]:
        """The items' ratings."""
        return dict(self.ratings)


class HttpClassroom:
    """Pupils of one class practising through the HTTP API of a server on ``port``, whose database is ``store``.

    A teacher opens the class, each pupil joins it and keeps a connection of
    their own; ratings are read from the database the server writes.
    """

    def __init__(self, port: int, pupils: int, store: GameStore) -> None:
        self.store = store
        self.connections = [HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT) for _ in range(pupils)]
        self.shown: list[Shown | None] = [None] * pupils
        self.latencies: list[float] = []
        self.last_seconds = [0.0] * pupils
        self.last_used = [0.0] * pupils
        self.failures: list[str] = []
        self.misjudged: list[str] = []
        settings = {"name": "Calibration", "lang": "en", "operators": OPERATORS, "target": DEFAULT_TARGET}
        made = self._request(0, "/api/v1/classes", settings, expected=201)
        self.class_id = made["id"]
        self.tokens = [
            self._request(
                index, "/api/v1/classes/join", {"code": made["code"], "nickname": _nickname(index)}, expected=201
            )["pupil_token"]
            for index in range(pupils)
        ]
        self.nicknames = {_nickname(index): index for index in range(pupils)}

    def next_item(self, pupil: int) -> Item:
        """``POST /api/v1/practice/next`` as the pupil: the exercise the server chose."""
        served = self._request(pupil, "/api/v1/practice/next", {}, token=self.tokens[pupil])
        self.shown[pupil] = Shown.from_document(served["exercise"])
        return bank()[served["exercise"]["item"]]

    def answer(self, pupil: int, item: Item, *, correct: bool, seconds: float) -> None:
        """``POST /api/v1/practice/answer`` with a right or a wrong answer worked out from the exercise shown."""
        shown = self.shown[pupil]
        if shown is None:
            raise ValueError(f"pupil {pupil} answers {item.id} before it was served")
        text = right_answer(shown) if correct else wrong_answer(shown)
        body = {"item": item.id, "answer": text, "seconds": round(seconds, 3)}
        answered = self._request(pupil, "/api/v1/practice/answer", body, token=self.tokens[pupil])
        self.latencies.append(self.last_seconds[pupil])
        if answered["correct"] is not correct or not answered["counted"]:
            meant = "right" if correct else "wrong"
            self.misjudged.append(f"{item.id}: {text!r}, meant {meant}, was judged {answered['message']!r}")

    def abilities(self) -> list[float]:
        """Each pupil's rating across skills, from the progress the database keeps."""
        with self.store.reading() as session:
            rows = session.execute(
                select(PupilRow.nickname, PupilRow.progress).where(PupilRow.class_id == self.class_id)
            ).all()
        abilities = [0.0] * len(self.tokens)
        for nickname, progress in rows:
            abilities[self.nicknames[nickname]] = Progress.from_dict(progress).ability()
        return abilities

    def difficulties(self) -> dict[str, Rating]:
        """The items' ratings the database keeps."""
        return item_ratings(self.store)

    def _request(
        self, pupil: int, path: str, body: Mapping[str, Any], *, token: str | None = None, expected: int = 200
    ) -> dict[str, Any]:
        """POST ``body`` to ``path``; a failure is counted and the request sent again, as a pupil taps again, up to
        :data:`ATTEMPTS` times in all.  The time of the last attempt is kept."""
        headers = {"Content-Type": "application/json"}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        connection = self.connections[pupil]
        if time.monotonic() - self.last_used[pupil] > HEADER_TIMEOUT - KEEP_ALIVE_MARGIN:
            connection.close()  # the server lets an idle connection go: a pupil who thought long opens a new one
        for attempt in range(1, ATTEMPTS + 1):
            started = time.perf_counter()
            try:
                connection.request("POST", path, body=json.dumps(body), headers=headers)
                response = connection.getresponse()
                status, document = response.status, json.loads(response.read() or b"null")
            except (OSError, HTTPException) as error:
                connection.close()
                problem = f"POST {path}: {type(error).__name__}: {error}"
            else:
                self.last_used[pupil] = time.monotonic()
                if status == expected:
                    self.last_seconds[pupil] = time.perf_counter() - started
                    result: dict[str, Any] = document
                    return result
                problem = f"POST {path}: {status} {document.get('message') if isinstance(document, dict) else ''}"
            self.failures.append(problem)
            if attempt < ATTEMPTS:
                time.sleep(RETRY_PAUSE)
        raise RequestFailedError(f"{problem} ({ATTEMPTS} attempts)")


class RequestFailedError(Exception):
    """A request to the server that did not get the answer it should have."""


def _nickname(index: int) -> str:
    return f"Pupil {index + 1:02d}"


# ----------------------------------------------------------------------------------------------- the run


@dataclass(frozen=True)
class Snapshot:
    """The ratings after ``answers`` answers from each pupil."""

    answers: int
    abilities: tuple[float, ...]
    difficulties: Mapping[str, Rating]


@dataclass
class Run:
    """What a simulation gave: every answer's outcome per pupil, the snapshots, and the answer times it measured."""

    world: World
    outcomes: list[list[bool]]
    scores: dict[str, list[tuple[int, float]]] = field(default_factory=dict)
    """By item, each answer's pupil and score (:func:`tutor.ratings.answer_score`)."""
    snapshots: list[Snapshot] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    server_latencies: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    misjudged: list[str] = field(default_factory=list)


def simulate(classroom: Classroom, world: World, answers: int, *, seed: int, pace: float | None = None) -> Run:
    """Let every pupil of ``world`` answer ``answers`` items in ``classroom``.

    Without ``pace``, the pupils take turns, one answer each a round, and the
    ratings are read every few rounds.  With ``pace``, each pupil practises
    in a thread of their own, all at the same time: served an item, they think
    for their simulated time divided by ``pace`` (not at all for 0), then
    answer; the ratings are read at the start and at the end.

    >>> world = World.make(4, seed=2)
    >>> run = simulate(InProcessClassroom(4, seed=2), world, 10, seed=2)
    >>> [len(outcomes) for outcomes in run.outcomes], run.snapshots[-1].answers
    ([10, 10, 10, 10], 10)
    """
    pupils = [
        SimulatedPupil(ability, random.Random(f"{seed}-{index}")) for index, ability in enumerate(world.abilities)
    ]
    run = Run(world, [[] for _ in pupils])

    def read(after: int) -> None:
        run.snapshots.append(Snapshot(after, tuple(classroom.abilities()), classroom.difficulties()))

    def answer_one(index: int) -> None:
        item = classroom.next_item(index)
        correct, seconds = pupils[index].respond(world.difficulties[item.id], item.seconds)
        if pace:
            time.sleep(seconds / pace)
        classroom.answer(index, item, correct=correct, seconds=seconds)
        run.outcomes[index].append(correct)
        score = answer_score(correct=correct, seconds=seconds, time_limit=item.seconds)
        run.scores.setdefault(item.id, []).append((index, score))

    def practise(index: int) -> None:
        for _ in range(answers):
            answer_one(index)

    read(0)
    if pace is None:
        every = max(1, answers // SNAPSHOTS)
        for round_number in range(1, answers + 1):
            for index in range(len(pupils)):
                answer_one(index)
            if round_number % every == 0 or round_number == answers:
                read(round_number)
        return run
    with ThreadPoolExecutor(max_workers=len(pupils)) as pool:
        for finished in [pool.submit(practise, index) for index in range(len(pupils))]:
            finished.result()
    read(answers)
    return run


# ----------------------------------------------------------------------------------------------- figures


def ranks(values: Sequence[float]) -> list[float]:
    """The rank of each value from 1, ties sharing their mean rank.

    >>> ranks([0.5, 0.1, 0.5, 0.9])
    [2.5, 1.0, 2.5, 4.0]
    """
    order = sorted(range(len(values)), key=values.__getitem__)
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            result[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return result


def spearman(first: Sequence[float], second: Sequence[float]) -> float:
    """The Spearman rank correlation of two sequences: the Pearson correlation of their ranks.

    >>> spearman([1, 2, 3, 4], [10, 30, 20, 40])
    0.8
    """
    return pearson(ranks(first), ranks(second))


def pearson(first: Sequence[float], second: Sequence[float]) -> float:
    """The Pearson correlation of two sequences, ``nan`` when either does not vary."""
    try:
        return statistics.correlation(first, second)
    except statistics.StatisticsError:
        return math.nan


@dataclass(frozen=True)
class Figures:
    """The benchmark's figures after a run."""

    pupils: int
    answers: int
    pupil_rank: float
    success: float
    late_success: float
    pupil_success: tuple[float, float]
    items: int
    items_answered: int
    answers_per_item: float
    item_learned: float
    item_prior: float
    answered_learned: float
    answered_prior: float
    item_ceiling: float
    p50_ms: float
    p99_ms: float
    server_p50_ms: float
    server_p99_ms: float
    failed_requests: int
    misjudged: int


def figures(run: Run) -> Figures:
    """The figures of ``run``: correlations with the truth, shares of right answers, answer times."""
    last = run.snapshots[-1]
    items = bank()
    ids = sorted(run.world.difficulties)
    truth = [run.world.difficulties[item] for item in ids]
    learned = [last.difficulties.get(item, items[item].start).value for item in ids]
    priors = [items[item].prior for item in ids]
    answered = [index for index, item in enumerate(ids) if item in last.difficulties]
    counts = [last.difficulties[ids[index]].answers for index in answered]
    all_outcomes = [outcome for outcomes in run.outcomes for outcome in outcomes]
    late = [outcome for outcomes in run.outcomes for outcome in outcomes[len(outcomes) // 2 :]]
    shares = [statistics.fmean(outcomes) for outcomes in run.outcomes]
    times = sorted(run.latencies)
    known = [known_ability_estimate(items[item].prior, run.scores.get(item, ()), run.world.abilities) for item in ids]
    return Figures(
        len(run.outcomes),
        len(run.outcomes[0]),
        spearman(last.abilities, run.world.abilities),
        statistics.fmean(all_outcomes),
        statistics.fmean(late),
        (min(shares), max(shares)),
        len(ids),
        len(answered),
        statistics.fmean(counts) if counts else 0.0,
        pearson(learned, truth),
        pearson(priors, truth),
        pearson([learned[index] for index in answered], [truth[index] for index in answered]),
        pearson([priors[index] for index in answered], [truth[index] for index in answered]),
        pearson(known, truth),
        _percentile(times, 50) * 1000,
        _percentile(times, 99) * 1000,
        _percentile(sorted(run.server_latencies), 50) * 1000,
        _percentile(sorted(run.server_latencies), 99) * 1000,
        len(run.failures),
        len(run.misjudged),
    )


def known_ability_estimate(prior: float, answers: Sequence[tuple[int, float]], abilities: Sequence[float]) -> float:
    """An item's difficulty from its starting one and its ``answers`` (each a pupil and a score), as the ratings'
    model puts them together had it known every pupil's true ability (``abilities``): the most likely difficulty.

    What the answers could tell of the item at best, against which the
    ratings' own estimate, made while the pupils' abilities were still being
    found out, is set.

    >>> known_ability_estimate(0.5, [], [1.0]), known_ability_estimate(0.0, [(0, 0.9)] * 20, [1.0]) < 0.0
    (0.5, True)
    """
    difficulty = prior
    for _ in range(NEWTON_STEPS):
        gaps = [(abilities[pupil] - difficulty, score) for pupil, score in answers]
        slope = (difficulty - prior) / PRIOR_VARIANCE + sum(score - expected_score(gap) for gap, score in gaps)
        curvature = 1 / PRIOR_VARIANCE + sum(information(gap) for gap, _ in gaps)
        difficulty -= slope / curvature
    return difficulty


def _percentile(ordered: Sequence[float], percent: float) -> float:
    if not ordered:
        return math.nan
    return ordered[min(len(ordered) - 1, math.ceil(percent / 100 * len(ordered)) - 1)]


def report(found: Figures, *, mode: str, seed: int, seconds: float) -> None:
    """Print the header, the figures with their goals, and the notes."""
    print("# Practice calibration benchmark\n")
    print(
        f"{datetime.date.today().isoformat()}; load average {os.getloadavg()[0]:.2f} at the end; "
        f"Python {platform.python_version()} "
        f"({platform.python_implementation()}) on {platform.system()} {platform.machine()}, {os.cpu_count()} CPUs; "
        f"{mode}; {found.pupils} pupils × {found.answers} answers; seed {seed}; {seconds:.1f} s\n"
    )
    low, high = SUCCESS_GOAL
    rows = [
        (
            f"pupils' ratings vs true abilities, Spearman, after {found.answers} answers",
            f"{found.pupil_rank:.3f}",
            f"≥ {RANK_GOAL}",
            found.pupil_rank >= RANK_GOAL,
        ),
        (
            "share of right answers, all answers",
            f"{found.success:.3f}",
            f"{low:.2f}–{high:.2f}",
            low <= found.success <= high,
        ),
        (
            f"items' difficulties vs true ones, Pearson, all {found.items} items",
            f"{found.item_learned:.3f} (starting difficulties alone: {found.item_prior:.3f})",
            f"≥ {ITEM_GOAL}",
            found.item_learned >= ITEM_GOAL,
        ),
        (
            "the same from the same answers, had the ratings known every pupil's true ability",
            f"{found.item_ceiling:.3f}",
            "none (what the answers tell at best)",
            None,
        ),
    ]
    if not math.isnan(found.p99_ms):
        rows.append(
            (
                f"answer time, 99th percentile, {found.pupils} pupils at once",
                f"{found.p99_ms:.0f} ms (median {found.p50_ms:.0f} ms)",
                f"≤ {P99_GOAL_MS:.0f} ms",
                found.p99_ms <= P99_GOAL_MS,
            )
        )
        rows.append(
            (
                "the same as the server's access log counts it (from the request read to the answer sent)",
                f"{found.server_p99_ms:.0f} ms (median {found.server_p50_ms:.0f} ms)",
                "none (for the reader)",
                None,
            )
        )
        rows.append(
            ("requests that failed (each sent again)", str(found.failed_requests), "0", not found.failed_requests)
        )
        rows.append(
            ("answers the server judged otherwise than the pupil meant", str(found.misjudged), "0", not found.misjudged)
        )
    print("| Figure | Measured | Goal | Result |")
    print("|---|---|---|---|")
    for name, measured, goal, met in rows:
        print(f"| {name} | {measured} | {goal} | {'info' if met is None else 'pass' if met else 'FAIL'} |")
    print(
        f"\nShare of right answers in each pupil's second half: {found.late_success:.3f}; per pupil, "
        f"{found.pupil_success[0]:.2f} to {found.pupil_success[1]:.2f}.  Items answered: {found.items_answered} of "
        f"{found.items}, {found.answers_per_item:.1f} answers each on average; over those items alone the "
        f"difficulties correlate {found.answered_learned:.3f} with the truth (starting ones: "
        f"{found.answered_prior:.3f})."
    )


def plot(run: Run, path: Path) -> None:
    """Draw the pupils' ratings converging on their true abilities, and the correlations along the run."""
    figure = Figure(figsize=(11, 4.5))
    ratings_axes, correlation_axes = figure.subplots(1, 2)
    steps = [snapshot.answers for snapshot in run.snapshots]
    colours = colormaps["viridis"]
    low, high = min(run.world.abilities), max(run.world.abilities)
    for pupil, ability in enumerate(run.world.abilities):
        colour = colours((ability - low) / (high - low or 1.0))
        ratings_axes.plot(steps, [snapshot.abilities[pupil] for snapshot in run.snapshots], color=colour, lw=1)
        ratings_axes.plot([steps[-1] * 1.03], [ability], marker="<", color=colour, ms=5)
    ratings_axes.set(xlabel="answers per pupil", ylabel="rating (triangles: true ability)", title="Pupils' ratings")
    items = bank()
    truth = run.world.difficulties
    ids = sorted(truth)
    prior = pearson([items[item].prior for item in ids], [truth[item] for item in ids])
    pupil_rank = [spearman(snapshot.abilities, run.world.abilities) for snapshot in run.snapshots[1:]]
    true_difficulties = [truth[item] for item in ids]
    item_correlation = [
        pearson([snapshot.difficulties.get(item, items[item].start).value for item in ids], true_difficulties)
        for snapshot in run.snapshots[1:]
    ]
    correlation_axes.plot(steps[1:], pupil_rank, label="pupils: rank correlation with true ability")
    correlation_axes.plot(steps[1:], item_correlation, label="items: correlation with true difficulty")
    correlation_axes.axhline(prior, color="grey", ls=":", label="items: starting difficulties alone")
    correlation_axes.axhline(RANK_GOAL, color="black", lw=0.8, ls="--", label="goal")
    correlation_axes.set(xlabel="answers per pupil", ylim=(0.0, 1.0), title="Correlation with the truth")
    correlation_axes.legend(loc="lower right", fontsize="small")
    figure.tight_layout()
    figure.savefig(path, dpi=96)


# ----------------------------------------------------------------------------------------------- command line


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark as the module documentation says."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--in-process", action="store_true", help="practise through tutor.adaptive, no server")
    parser.add_argument("--pupils", type=int, default=PUPILS, help=f"pupils in the class (default {PUPILS})")
    parser.add_argument("--answers", type=int, default=ANSWERS, help=f"answers from each pupil (default {ANSWERS})")
    parser.add_argument("--seed", type=int, default=1, help="seed of the simulated world and pupils (default 1)")
    parser.add_argument("--plot", type=Path, help="write the convergence plot to this PNG file")
    parser.add_argument(
        "--pace",
        type=float,
        default=PACE,
        help=f"over HTTP: how many times quicker than simulated the pupils think; 0: not at all (default {PACE:g})",
    )
    parser.add_argument(
        "--worlds", type=int, default=0, help="with --in-process: also run this many other worlds, for the spread"
    )
    arguments = parser.parse_args(argv)
    if arguments.pupils < 2 or arguments.answers < 1 or arguments.worlds < 0 or not arguments.pace >= 0:
        parser.error("--pupils must be at least 2, --answers at least 1, --worlds and --pace not negative")
    if (arguments.worlds or arguments.plot) and not arguments.in_process:
        parser.error("--worlds and --plot need --in-process")
    world = World.make(arguments.pupils, arguments.seed)
    started = time.perf_counter()
    if arguments.in_process:
        run = simulate(
            InProcessClassroom(arguments.pupils, arguments.seed), world, arguments.answers, seed=arguments.seed
        )
        mode = "in process (tutor.adaptive)"
    else:
        try:
            run = run_over_http(world, arguments.answers, arguments.seed, arguments.pace)
        except ServerError as error:
            print(f"the server could not be started: {error}", file=sys.stderr)
            return 2
        except RequestFailedError as error:
            print(f"a request failed: {error}", file=sys.stderr)
            return 1
        thinking = (
            f"each thinking {arguments.pace:g} times quicker than simulated" if arguments.pace else "none thinking"
        )
        mode = (
            f"over HTTP: nambarz serve, {DEFAULT_WORKERS} workers, SQLite; every pupil at once in a thread, {thinking}"
        )
    report(figures(run), mode=mode, seed=arguments.seed, seconds=time.perf_counter() - started)
    for problem in [*run.failures, *run.misjudged][:PROBLEMS_SHOWN]:
        print(f"- {problem}")
    if arguments.worlds:
        spread(arguments.pupils, arguments.answers, range(arguments.seed + 1, arguments.seed + 1 + arguments.worlds))
    if arguments.plot:
        plot(run, arguments.plot)
        print(f"\nThe convergence plot: {arguments.plot}")
    return 1 if run.failures or run.misjudged else 0


def run_over_http(world: World, answers: int, seed: int, pace: float) -> Run:
    """Start the default server on a fresh data folder and let ``world``'s class practise through its API."""
    with tempfile.TemporaryDirectory() as folder, (Path(folder) / "server.log").open("w+b") as log:
        os.environ["XDG_DATA_HOME"] = folder  # a fresh database and secret key, in the default places
        port = free_port()
        server = start_server(port, DEFAULT_WORKERS, log)
        store = GameStore(default_database_url())
        try:
            wait_until_healthy(server, port, log)
            classroom = HttpClassroom(port, len(world.abilities), store)
            run = simulate(classroom, world, answers, seed=seed, pace=pace)
        finally:
            stop_server(server)
            store.dispose()
        log.seek(0)
        run.server_latencies = server_times(log.read().decode(errors="replace"))
    run.latencies, run.failures, run.misjudged = classroom.latencies, classroom.failures, classroom.misjudged
    return run


ANSWER_LOGGED = re.compile(r'"POST /api/v1/practice/answer [^"]*" 200 \S+ ([0-9.]+)s')
"""An answer in the server's access log, with the seconds the server took over it."""


def server_times(log: str) -> list[float]:
    """The seconds the server took over each answer, from its access log.

    >>> server_times('127.0.0.1 [26/Nov/2026:16:00:00 +0000] "POST /api/v1/practice/answer HTTP/1.1" 200 812 0.012345s')
    [0.012345]
    """
    return [float(seconds) for seconds in ANSWER_LOGGED.findall(log)]


def spread(pupils: int, answers: int, seeds: Sequence[int]) -> None:
    """Print the lowest, mean and highest of each figure over the worlds of ``seeds``, in process."""
    found = [
        figures(simulate(InProcessClassroom(pupils, seed), World.make(pupils, seed), answers, seed=seed))
        for seed in seeds
    ]
    low, high = SUCCESS_GOAL
    print(f"\nOver {len(found)} other worlds (seeds {seeds[0]} to {seeds[-1]}), in process:\n")
    print("| Figure | Lowest | Mean | Highest | Worlds short of the goal |")
    print("|---|---|---|---|---|")
    rows = [
        ("pupils' rank correlation", [one.pupil_rank for one in found], lambda value: value < RANK_GOAL),
        ("share of right answers", [one.success for one in found], lambda value: not low <= value <= high),
        ("items' correlation", [one.item_learned for one in found], lambda value: value < ITEM_GOAL),
        ("items' correlation, starting difficulties alone", [one.item_prior for one in found], None),
        ("items' correlation, had the true abilities been known", [one.item_ceiling for one in found], None),
    ]
    for name, values, short in rows:
        missed = "–" if short is None else str(sum(map(short, values)))
        print(f"| {name} | {min(values):.3f} | {statistics.fmean(values):.3f} | {max(values):.3f} | {missed} |")


if __name__ == "__main__":
    sys.exit(main())

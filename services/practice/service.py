"""Practice that adapts, for a pupil on their own or in a class, and the classes teachers follow: the operations
the pages and the HTTP API share.

**On one's own**, a pupil's :class:`~tutor.adaptive.Progress` travels with
them: the pages keep it in a long-lived cookie, an API client in a string it
sends back each time.  Either way it is signed with the server's secret key
(:class:`ProgressSeal`), so it cannot be forged; the server keeps none of it,
only a digest of the progress that served each exercise answered, so that an
answer counts once.

**In a class**, a teacher opens the class (:func:`create_class`: name,
language, operators, target chance of success) and gets a secret teacher
token and a short code; pupils join with the code and a nickname only
(:func:`join_class`) and get a secret token of their own.  Their progress is
kept in the database (``practice_pupils``), each first answer too
(``practice_answers``), for the teacher's page (:func:`class_overview`).
Secrets are kept only as their SHA-256 hashes; whoever has a class's teacher
token sees and changes the class, whoever has a pupil's token practises as
that pupil, and nothing of a class shows without one of them.

Either way, **an answer** (:func:`answer_progress`, :func:`answer_pupil`)
is judged first (:func:`services.practice.judging.judge`), outside any
transaction; then, in one transaction, only if the item is still the one
served and unanswered, the pupil's skill and the item's difficulty
(``practice_items``, shared by everybody) are updated.  The pupil's row and
the item's are locked for it, and for a pupil on their own, whose progress
the server does not keep, a digest of the progress that served the item is
kept (``practice_answered``): so only the first answer to an item counts,
even from two tabs at once, even for the same progress sent twice.

**The time** an answer took is what the client says (``seconds``, measured
on the pupil's device), but never less than the server saw pass since the
item was served, less :data:`NETWORK_ALLOWANCE`; without a figure from the
client, the server's.

>>> import random, tempfile
>>> from services.play.store import GameStore
>>> folder = tempfile.TemporaryDirectory()
>>> store = GameStore(f"sqlite:///{folder.name}/games.sqlite3")
>>> made = create_class(store, ClassSettings("4B", "en", "+-", 0.75), now=0.0)
>>> joined = join_class(store, made.info.code, "Sam", now=1.0)
>>> served = serve_pupil(store, joined.token, lang="en", now=2.0, rng=random.Random(3))
>>> served.item.skill, served.exercise.kind
('add-subtract', 'cover')
>>> key = served.exercise.answers[0].expression
>>> answered = answer_pupil(store, joined.token, item_id=served.item.id, answer=key, now=9.0)
>>> answered.judgement.correct, answered.counted, answered.seconds
(True, True, 7.0)
>>> answer_pupil(store, joined.token, item_id=served.item.id, answer=key, now=10.0).counted
False
>>> overview = class_overview(store, made.teacher_token, lang="en", now=10.0)
>>> [(pupil.nickname, pupil.answers_week, pupil.right_week) for pupil in overview.pupils]
[('Sam', 1, 1)]
>>> delete_class(store, made.teacher_token)
>>> class_overview(store, made.teacher_token, lang="en", now=11.0)
Traceback (most recent call last):
...
services.practice.service.ClassNotFoundError: no class has this teacher link: it was deleted, or the link is wrong
>>> store.dispose()
>>> folder.cleanup()
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import random
import secrets
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta
from typing import Any, TypeVar

from babel.numbers import get_decimal_symbol
from itsdangerous import BadSignature, URLSafeSerializer
from sqlalchemy import delete, insert, select, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from services.play.store import AnsweredRow, AnswerRow, ClassRow, GameStore, ItemRatingRow, PupilRow, new_game_id
from services.practice.judging import Judgement, exercise_hints, judge, work_out_hints
from solver.nambarz.minimal_calculations import DEFAULT_TIME_LIMIT
from solver.nambarz.violations import ViolationCode
from tutor.adaptive import (
    DEFAULT_TARGET,
    Progress,
    ProgressError,
    Recorded,
    RunSummary,
    SkillView,
    check_target,
    level_of,
    level_reached,
    mastery,
    record,
    serve,
    skill_views,
    take_hint,
)
from tutor.exercises import Exercise
from tutor.i18n import DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, translator
from tutor.item_bank import OPERATOR_SETS, SKILLS, Item, bank, exercise, items_for
from tutor.ratings import Rating

NETWORK_ALLOWANCE = 2.0
"""Seconds the server allows for the network between serving an item and the answer coming back."""

MAX_SECONDS = 3600.0
"""The longest time an answer is counted as having taken (a tab left open overnight counts as an hour)."""

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The characters of a class code: capitals and digits, without those easily mistaken (I, O, 0, 1)."""

CODE_LENGTH = 6
"""The characters of a class code: 32⁶, about a billion codes, read out to a class in one breath."""

BYTE_ORDER_MARK = "\ufeff"
"""What a class's CSV starts with, so that spreadsheets read it as UTF-8."""

MAX_NAME = 60
"""The longest class name."""

MAX_NICKNAME = 24
"""The longest nickname."""

TREND_DAYS = 28
"""The days of the teacher's trend chart, today included."""

WEEK_DAYS = 7
"""The days counted as "this week" on the teacher's page, today included."""

MOST_BROKEN = 3
"""The rules a pupil broke most that the teacher's page names."""

TEACHER_PAGE = "/teach/{token}"
"""The path of a class's teacher page, made from the teacher's token (the pages serve it, the API links to it)."""

JOIN_PAGE = "/join?code={code}"
"""The path of the page where pupils join the class with ``code`` (the code filled in)."""

WORKSHEET_OF_SKILL: dict[str, tuple[int, str]] = {
    "add-subtract": (1, "cover"),
    "multiply": (2, "cover"),
    "divide": (3, "cover"),
    "master-stroke": (4, "cover"),
    "missing-card": (2, "missing-card"),
    "referee": (3, "referee"),
}
"""The worksheet level and kind of exercise that practise each skill on paper."""

_SEAL_SALT = "nambarz practice progress"

_Changed = TypeVar("_Changed")


# ----------------------------------------------------------------------------------------------- errors


class PracticeError(Exception):
    """A request about practice or a class that cannot be carried out: ``status`` is its HTTP status and ``field``
    the input at fault."""

    status = 422
    field: str | None = None

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        if field is not None:
            self.field = field


class ClassNotFoundError(PracticeError):
    """No class has this teacher token or this code (it was deleted, or never was)."""

    status = 404


class PupilNotFoundError(PracticeError):
    """No pupil has this token (their class was deleted, or the token is wrong)."""

    status = 404


class NicknameTakenError(PracticeError):
    """A pupil of the class already has this nickname."""

    status = 409
    field = "nickname"


class ItemNotServedError(PracticeError):
    """An answer or a hint for an exercise the progress does not know."""

    status = 409
    field = "item"


# ----------------------------------------------------------------------------------------------- values


@dataclass(frozen=True)
class ClassSettings:
    """What a teacher chooses for a class: its name, the language of its pages, the operators, the target chance."""

    name: str
    language: str
    operators: str = "+-*/"
    target: float = DEFAULT_TARGET

    def checked(self) -> ClassSettings:
        """These settings, the name tidied, or :class:`PracticeError` naming the one that is not allowed.

        >>> ClassSettings("  4B ", "it", "+-*", 0.8).checked()
        ClassSettings(name='4B', language='it', operators='+-*', target=0.8)
        >>> ClassSettings("4B", "es").checked()
        Traceback (most recent call last):
        ...
        services.practice.service.PracticeError: expected one of en, it, de, fr, not 'es'
        """
        name = _tidy(self.name)
        if not 1 <= len(name) <= MAX_NAME:
            raise PracticeError(f"expected a name of 1 to {MAX_NAME} characters", "name")
        if self.language not in SUPPORTED_LANGUAGES:
            raise PracticeError(f"expected one of {', '.join(SUPPORTED_LANGUAGES)}, not {self.language!r}", "language")
        if self.operators not in OPERATOR_SETS:
            raise PracticeError(f"expected one of {', '.join(OPERATOR_SETS)}, not {self.operators!r}", "operators")
        try:
            check_target(self.target)
        except ProgressError as error:
            raise PracticeError(str(error), "target") from error
        except ValueError as error:
            raise PracticeError(str(error), "target") from error
        return ClassSettings(name, self.language, self.operators, self.target)


@dataclass(frozen=True)
class ClassInfo:
    """A class as its pupils and teacher see it: its id, code and settings, and when it was opened."""

    id: str
    code: str
    settings: ClassSettings
    created: datetime


@dataclass(frozen=True)
class NewClass:
    """A class just opened, and its teacher's token: shown this once, never kept in the clear."""

    info: ClassInfo
    teacher_token: str


@dataclass(frozen=True)
class Joined:
    """A pupil who just joined a class, and their token: shown this once, never kept in the clear."""

    pupil_id: str
    nickname: str
    token: str
    info: ClassInfo


@dataclass(frozen=True)
class ServedExercise:
    """The exercise to answer now: the item, the exercise in the pupil's language, the hints taken on it, the
    pupil's skills and the progress after serving it."""

    progress: Progress
    item: Item
    exercise: Exercise
    hints: tuple[str, ...]
    skills: tuple[SkillView, ...]
    class_info: ClassInfo | None = None


@dataclass(frozen=True)
class Answered:
    """The judgement of an answer; whether it counted (the first to the item served); the seconds counted; the
    skills it opened; the run's summary if it closed one; the pupil's skills and progress after it; the language
    of its words."""

    judgement: Judgement
    counted: bool
    seconds: float
    opened: tuple[str, ...]
    summary: RunSummary | None
    skills: tuple[SkillView, ...]
    progress: Progress
    language: str = DEFAULT_LANGUAGE


@dataclass(frozen=True)
class Day:
    """One day of a trend: the answers given, those right, and the level (1 to 5) in each skill at the day's end:
    the mean of the pupils' levels in it, over those who had practised it by then."""

    day: date
    answers: int
    right: int
    levels: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class PupilOverview:
    """A pupil as the teacher's page shows them: their id and nickname, their skills, this week's answers, right
    answers and seconds practised, the rules they broke most (code, words, times), when they last answered, and
    their days."""

    id: str
    nickname: str
    skills: tuple[SkillView, ...]
    answers: int
    answers_week: int
    right_week: int
    seconds_week: float
    broken: tuple[tuple[str, str, int], ...]
    last_answer: datetime | None
    days: tuple[Day, ...]

    def weakest_skills(self, count: int = 2) -> tuple[str, ...]:
        """The pupil's ``count`` practised skills at the lowest level (the worksheet for them practises these)."""
        practised = [view for view in self.skills if view.answers]
        return tuple(view.skill for view in sorted(practised, key=lambda view: view.mastery)[:count])


@dataclass(frozen=True)
class ClassOverview:
    """A class as its teacher's page shows it: its settings, each pupil, and the whole class's days."""

    info: ClassInfo
    pupils: tuple[PupilOverview, ...]
    days: tuple[Day, ...]


# ----------------------------------------------------------------------------------------------- progress on one's own


class ProgressSeal:
    """Signs a pupil's progress into a string and reads it back, with the server's secret key.

    >>> seal = ProgressSeal("a secret key of the server")
    >>> sealed = seal.dumps(Progress.start())
    >>> seal.loads(sealed) == Progress.start(), seal.loads(None) == Progress.start()
    (True, True)
    >>> seal.loads(sealed[:-2] + "xx")
    Traceback (most recent call last):
    ...
    services.practice.service.PracticeError: expected the progress this server gave, unchanged
    """

    def __init__(self, secret_key: str | bytes) -> None:
        self._serializer = URLSafeSerializer(secret_key, salt=_SEAL_SALT)

    def dumps(self, progress: Progress) -> str:
        """``progress`` signed, as URL-safe text (compressed when that makes it shorter)."""
        return str(self._serializer.dumps(progress.to_dict()))

    def loads(self, sealed: str | None) -> Progress:
        """The progress ``sealed`` holds; a new pupil's for ``None`` or ``""``; :class:`PracticeError` if forged."""
        if not sealed:
            return Progress.start()
        try:
            return Progress.from_dict(self._serializer.loads(sealed))
        except (BadSignature, ProgressError) as error:
            raise PracticeError("expected the progress this server gave, unchanged", "progress") from error


def serve_progress(
    store: GameStore,
    progress: Progress,
    *,
    operators: str = "+-*/",
    target: float = DEFAULT_TARGET,
    lang: str,
    now: float,
    rng: random.Random,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> ServedExercise:
    """The exercise a pupil on their own answers now: the one served, until answered; else a new one."""
    ratings = item_ratings(store)
    served, item = serve(progress, operators=operators, target=target, ratings=ratings, now=now, rng=rng)
    return _served(served, item, operators=operators, ratings=ratings, lang=lang, time_limit=time_limit)


def hint_progress(
    store: GameStore,
    progress: Progress,
    *,
    item_id: str,
    operators: str = "+-*/",
    lang: str,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> ServedExercise:
    """``progress`` after one more hint on the item served (three at most): the exercise with its hints so far."""
    item = _served_item(progress, item_id)
    work_out_hints(exercise(item), time_limit=time_limit)
    ratings = item_ratings(store)
    return _served(
        take_hint(progress, item), item, operators=operators, ratings=ratings, lang=lang, time_limit=time_limit
    )


def answer_progress(
    store: GameStore,
    progress: Progress,
    *,
    item_id: str,
    answer: str,
    reason: str | None = None,
    seconds: float | None = None,
    operators: str = "+-*/",
    target: float = DEFAULT_TARGET,
    lang: str,
    now: float,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Answered:
    """Judge a pupil's answer on their own and, if it is the first to the item served, count it (see the module
    documentation); raises what :func:`~services.practice.judging.judge` raises for an answer it cannot judge."""
    item = _served_item(progress, item_id)
    judgement = judge(exercise(item, lang), answer, reason, lang, time_limit=time_limit)
    counted_seconds = _seconds(progress, seconds, now)
    with store.writing() as session:
        if _first_answer_on_own(session, progress, now=now):
            recorded, _ratings = _record(
                session,
                progress,
                item,
                judgement=judgement,
                seconds=counted_seconds,
                operators=operators,
                target=target,
                now=now,
            )
        else:
            recorded = Recorded(_marked_answered(progress), item.start, counted=False)
    return _answered(
        judgement, recorded, seconds=counted_seconds, operators=operators, ratings=item_ratings(store), lang=lang
    )


# ----------------------------------------------------------------------------------------------- classes


def create_class(store: GameStore, settings: ClassSettings, *, now: float) -> NewClass:
    """Open a class with ``settings``: a new id, a class code no other class has, and a teacher token."""
    settings = settings.checked()
    token = secrets.token_urlsafe(16)
    moment = _moment(now)
    for _attempt in range(10):
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        with store.writing() as session:
            if session.scalar(select(ClassRow.id).where(ClassRow.code == code)) is not None:
                continue
            class_id = new_game_id()
            session.execute(
                insert(ClassRow).values(
                    id=class_id,
                    code=code,
                    teacher_hash=_hash(token),
                    name=settings.name,
                    language=settings.language,
                    operators=settings.operators,
                    target=settings.target,
                    created=moment,
                    updated=moment,
                )
            )
            return NewClass(ClassInfo(class_id, code, settings, moment), token)
    raise PracticeError("no free class code was found: try again")  # pragma: no cover - 10 draws of a billion


def find_class(store: GameStore, teacher_token: str) -> ClassInfo:
    """The class whose teacher token is ``teacher_token``, or :class:`ClassNotFoundError`."""
    with store.reading() as session:
        row = session.scalar(select(ClassRow).where(ClassRow.teacher_hash == _hash(teacher_token)))
        if row is None:
            raise ClassNotFoundError("no class has this teacher link: it was deleted, or the link is wrong")
        return _info(row)


def class_by_code(store: GameStore, code: str) -> ClassInfo:
    """The class whose code is ``code`` (spaces, dashes and case do not matter), or :class:`ClassNotFoundError`.

    The code is not a secret to the pupils of the class: it shows the class's name and settings, never a pupil.
    """
    with store.reading() as session:
        row = session.scalar(select(ClassRow).where(ClassRow.code == normal_code(code)))
        if row is None:
            raise ClassNotFoundError("expected the code of a class: no class has this one", "code")
        return _info(row)


def change_class(store: GameStore, teacher_token: str, settings: ClassSettings, *, now: float) -> ClassInfo:
    """Change the class's settings (its name, language, operators and target), as its teacher."""
    settings = settings.checked()
    info = find_class(store, teacher_token)
    with store.writing() as session:
        session.execute(
            update(ClassRow)
            .where(ClassRow.id == info.id)
            .values(
                name=settings.name,
                language=settings.language,
                operators=settings.operators,
                target=settings.target,
                updated=_moment(now),
            )
        )
    return ClassInfo(info.id, info.code, settings, info.created)


def delete_class(store: GameStore, teacher_token: str) -> None:
    """Delete the class, as its teacher, with all its pupils and their answers: nothing of it stays."""
    info = find_class(store, teacher_token)
    with store.writing() as session:
        session.execute(delete(AnswerRow).where(AnswerRow.class_id == info.id))
        session.execute(delete(PupilRow).where(PupilRow.class_id == info.id))
        session.execute(delete(ClassRow).where(ClassRow.id == info.id))


def remove_pupil(store: GameStore, teacher_token: str, pupil_id: str) -> str:
    """Remove the pupil ``pupil_id`` from the class, as its teacher, with their progress and all their answers, and
    give their nickname (free again).  Their device's next visit says they are no longer in the class.

    Raises :class:`ClassNotFoundError` for a teacher token no class has and :class:`PupilNotFoundError` for a pupil
    the class does not have (removed already, say).
    """
    info = find_class(store, teacher_token)
    with store.writing() as session:
        row = session.scalar(select(PupilRow).where(PupilRow.id == pupil_id, PupilRow.class_id == info.id))
        if row is None:
            raise PupilNotFoundError("the class has no such pupil: they were removed already, or the id is wrong")
        session.execute(delete(AnswerRow).where(AnswerRow.pupil_id == row.id))
        session.execute(delete(PupilRow).where(PupilRow.id == row.id))
        return row.nickname


def join_class(store: GameStore, code: str, nickname: str, *, now: float) -> Joined:
    """Join the class ``code`` as ``nickname`` (a name the class knows the pupil by, nothing else): the pupil's
    token, or :class:`NicknameTakenError` if a classmate has that nickname."""
    nickname = _tidy(nickname)
    if not 1 <= len(nickname) <= MAX_NICKNAME:
        raise PracticeError(f"expected a nickname of 1 to {MAX_NICKNAME} characters", "nickname")
    info = class_by_code(store, code)
    token = secrets.token_urlsafe(16)
    moment = _moment(now)
    taken_error = NicknameTakenError(f"a pupil of this class is already called {nickname!r}: choose another nickname")
    try:
        pupil_id = _insert_pupil(store, info, nickname, token, moment)
    except IntegrityError as error:  # two classmates joining as one nickname at the same moment
        raise taken_error from error
    if pupil_id is None:
        raise taken_error
    return Joined(pupil_id, nickname, token, info)


def _insert_pupil(store: GameStore, info: ClassInfo, nickname: str, token: str, moment: datetime) -> str | None:
    """Add the pupil to the class and give their id, unless a classmate's nickname is the same but for capitals
    and accents' composition (compared in Python: SQLite's ``lower`` knows only ASCII letters)."""
    with store.writing() as session:
        names = session.scalars(select(PupilRow.nickname).where(PupilRow.class_id == info.id))
        if any(name.casefold() == nickname.casefold() for name in names):
            return None
        pupil_id = new_game_id()
        session.execute(
            insert(PupilRow).values(
                id=pupil_id,
                class_id=info.id,
                nickname=nickname,
                token_hash=_hash(token),
                progress=Progress.start().to_dict(),
                version=0,
                created=moment,
                updated=moment,
            )
        )
        session.execute(update(ClassRow).where(ClassRow.id == info.id).values(updated=moment))
    return pupil_id


def pupil_class(store: GameStore, pupil_token: str) -> tuple[str, ClassInfo]:
    """The nickname of the pupil with ``pupil_token`` and their class, or :class:`PupilNotFoundError`."""
    with store.reading() as session:
        row = _pupil_row(session, pupil_token)
        info = _info(session.get_one(ClassRow, row.class_id))
        return row.nickname, info


def serve_pupil(
    store: GameStore,
    pupil_token: str,
    *,
    lang: str | None = None,
    now: float,
    rng: random.Random,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> ServedExercise:
    """The exercise the pupil with ``pupil_token`` answers now, by their class's settings; in ``lang``, or the
    class's language."""
    ratings = item_ratings(store)

    def change(progress: Progress, info: ClassInfo) -> tuple[Progress, Item]:
        settings = info.settings
        return serve(progress, operators=settings.operators, target=settings.target, ratings=ratings, now=now, rng=rng)

    progress, item, info = _change_pupil(store, pupil_token, change)
    return _served(
        progress,
        item,
        operators=info.settings.operators,
        ratings=ratings,
        lang=lang or info.settings.language,
        info=info,
        time_limit=time_limit,
    )


def hint_pupil(
    store: GameStore, pupil_token: str, *, item_id: str, lang: str | None = None, time_limit: float = DEFAULT_TIME_LIMIT
) -> ServedExercise:
    """One more hint on the item served to the pupil with ``pupil_token`` (three at most)."""

    def change(progress: Progress, _info: ClassInfo) -> tuple[Progress, Item]:
        item = _served_item(progress, item_id)
        work_out_hints(exercise(item), time_limit=time_limit)  # out of time, the hint is refused, not counted
        return take_hint(progress, item), item

    progress, item, info = _change_pupil(store, pupil_token, change)
    return _served(
        progress,
        item,
        operators=info.settings.operators,
        ratings=item_ratings(store),
        lang=lang or info.settings.language,
        info=info,
        time_limit=time_limit,
    )


def answer_pupil(
    store: GameStore,
    pupil_token: str,
    *,
    item_id: str,
    answer: str,
    reason: str | None = None,
    seconds: float | None = None,
    lang: str | None = None,
    now: float,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Answered:
    """Judge the answer of the pupil with ``pupil_token`` and, if it is their first to the item served, count it
    and keep it for the teacher's page."""
    with store.reading() as session:
        row = _pupil_row(session, pupil_token)
        progress = Progress.from_dict(row.progress)
        info = _info(session.get_one(ClassRow, row.class_id))
    language = lang or info.settings.language
    item = _served_item(progress, item_id)
    judgement = judge(exercise(item, language), answer, reason, language, time_limit=time_limit)
    settings = info.settings
    with store.writing() as session:
        row = _pupil_row(session, pupil_token, lock=True)
        progress = Progress.from_dict(row.progress)
        counted_seconds = _seconds(progress, seconds, now)
        recorded, ratings = _record(
            session,
            progress,
            item,
            judgement=judgement,
            seconds=counted_seconds,
            operators=settings.operators,
            target=settings.target,
            now=now,
        )
        if recorded.counted:
            moment, skill_rating = _moment(now), recorded.progress.skills[item.skill]
            session.execute(
                update(PupilRow)
                .where(PupilRow.id == row.id)
                .values(progress=recorded.progress.to_dict(), version=row.version + 1, updated=moment)
            )
            session.execute(
                insert(AnswerRow).values(
                    class_id=row.class_id,
                    pupil_id=row.id,
                    item=item.id,
                    skill=item.skill,
                    correct=judgement.correct,
                    seconds=counted_seconds,
                    hints=progress.current.hints if progress.current else 0,
                    codes=[] if item.kind == "referee" else list(judgement.codes),  # a referee judges another's play
                    rating=skill_rating.value,
                    level=level_reached(skill_rating, item.skill, settings.operators, ratings)[1],
                    answered=moment,
                )
            )
            session.execute(update(ClassRow).where(ClassRow.id == row.class_id).values(updated=moment))
    return _answered(
        judgement,
        recorded,
        seconds=counted_seconds,
        operators=settings.operators,
        ratings=item_ratings(store),
        lang=language,
    )


def class_overview(store: GameStore, teacher_token: str, *, lang: str, now: float) -> ClassOverview:
    """The class of ``teacher_token`` as its teacher's page shows it, in ``lang``, on the day of ``now``."""
    info = find_class(store, teacher_token)
    today = _moment(now).date()
    first_day = today - timedelta(days=TREND_DAYS - 1)
    week_start = today - timedelta(days=WEEK_DAYS - 1)
    ratings = item_ratings(store)
    with store.reading() as session:
        pupils = session.scalars(select(PupilRow).where(PupilRow.class_id == info.id).order_by(PupilRow.created)).all()
        answers = session.scalars(select(AnswerRow).where(AnswerRow.class_id == info.id)).all()
    by_pupil: dict[str, list[AnswerRow]] = {pupil.id: [] for pupil in pupils}
    for row in answers:
        by_pupil[row.pupil_id].append(row)
    overviews = []
    for pupil in pupils:
        mine = by_pupil[pupil.id]
        week = [row for row in mine if row.answered.date() >= week_start]
        broken = Counter(code for row in mine if not row.correct for code in row.codes)
        overviews.append(
            PupilOverview(
                pupil.id,
                pupil.nickname,
                tuple(skill_views(Progress.from_dict(pupil.progress), info.settings.operators, ratings, lang)),
                len(mine),
                len(week),
                sum(row.correct for row in week),
                sum(row.seconds for row in week),
                tuple((code, rule_words(code, lang), times) for code, times in broken.most_common(MOST_BROKEN)),
                max((row.answered for row in mine), default=None),
                _days(mine, first_day, today, info.settings.operators, ratings),
            )
        )
    return ClassOverview(info, tuple(overviews), _days(answers, first_day, today, info.settings.operators, ratings))


def class_csv(overview: ClassOverview, lang: str) -> str:
    """The teacher's page as CSV, one row per pupil and skill, headed in ``lang``, for a spreadsheet.

    It is written as the spreadsheets of the language's countries read it
    when opened with a double click: it starts with a byte order mark (so
    that accents and signs come out right), and where a decimal comma is
    used, its cells are separated by semicolons and its decimals written
    with the comma.

    >>> info = ClassInfo("c", "ABC234", ClassSettings("4B", "en"), datetime(2026, 1, 1, tzinfo=UTC))
    >>> class_csv(ClassOverview(info, (), ()), "en").removeprefix(BYTE_ORDER_MARK).split(",")[:4]
    ['nickname', 'skill', 'level', 'level in words']
    >>> class_csv(ClassOverview(info, (), ()), "de").removeprefix(BYTE_ORDER_MARK).split(";")[:2]
    ['Spitzname', 'Fähigkeit']
    """
    t = translator(lang, "web")
    decimal = get_decimal_symbol(lang)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";" if decimal == "," else ",", lineterminator="\n")
    writer.writerow(
        [
            t.gettext("nickname"),
            t.gettext("skill"),
            t.gettext("level"),
            t.gettext("level in words"),
            t.gettext("answers in the skill"),
            t.gettext("answers this week"),
            t.gettext("right this week"),
            t.gettext("minutes this week"),
            t.gettext("rules broken most"),
        ]
    )
    for pupil in overview.pupils:
        broken = "; ".join(words for _code, words, _times in pupil.broken)
        minutes = f"{pupil.seconds_week / 60:.1f}".replace(".", decimal)
        week = [pupil.answers_week, pupil.right_week, minutes, broken]
        for view in pupil.skills or ():
            writer.writerow(
                [_spreadsheet_safe(pupil.nickname), view.name, view.level, view.level_words, view.answers, *week]
            )
        if not pupil.skills:
            writer.writerow([_spreadsheet_safe(pupil.nickname), "", "", "", 0, *week])
    return BYTE_ORDER_MARK + out.getvalue()


def rule_words(code: str, lang: str) -> str:
    """The rule broken by a play with violation ``code``, in words for a teacher, in ``lang``.

    >>> rule_words("not-minimal", "en")
    'a calculation uses the fewest cards: no part of it may reach the target by itself'
    """
    try:
        summary = ViolationCode(code).reference.summary
    except ValueError:
        return code
    return translator(lang).gettext(summary)


def item_ratings(store: GameStore) -> dict[str, Rating]:
    """The difficulty of every item that has been answered, as the answers have refined it."""
    with store.reading() as session:
        return _item_ratings(session)


def _item_ratings(session: Session) -> dict[str, Rating]:
    rows = session.execute(
        select(ItemRatingRow.item, ItemRatingRow.value, ItemRatingRow.variance, ItemRatingRow.answers)
    )
    return {item: Rating(value, variance, answers) for item, value, variance, answers in rows}


def normal_code(code: str) -> str:
    """A class code as typed, made comparable: capitals, no spaces or dashes.

    >>> normal_code(" abc-234 ")
    'ABC234'
    """
    return "".join(character for character in code.upper() if character not in " -")


# ----------------------------------------------------------------------------------------------- inside


def _served(
    progress: Progress,
    item: Item,
    *,
    operators: str,
    ratings: dict[str, Rating],
    lang: str,
    info: ClassInfo | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> ServedExercise:
    hints = progress.current.hints if progress.current and progress.current.item == item.id else 0
    shown = exercise(item, lang)
    words = tuple(exercise_hints(shown, hints, lang, time_limit=time_limit))
    return ServedExercise(progress, item, shown, words, tuple(skill_views(progress, operators, ratings, lang)), info)


def _answered(
    judgement: Judgement,
    recorded: Recorded,
    *,
    seconds: float,
    operators: str,
    ratings: dict[str, Rating],
    lang: str,
) -> Answered:
    views = tuple(skill_views(recorded.progress, operators, ratings, lang))
    return Answered(
        judgement, recorded.counted, seconds, recorded.opened, recorded.summary, views, recorded.progress, lang
    )


def _served_item(progress: Progress, item_id: str) -> Item:
    current = progress.current
    if current is None or current.item != item_id or item_id not in bank():
        raise ItemNotServedError(f"expected the id of the exercise being answered, not {item_id!r}")
    return bank()[item_id]


def _record(
    session: Session,
    progress: Progress,
    item: Item,
    *,
    judgement: Judgement,
    seconds: float,
    operators: str,
    target: float,
    now: float,
) -> tuple[Recorded, dict[str, Rating]]:
    """Record the answer on ``progress`` and, if it counts, the item's new difficulty, in ``session``; whether the
    answer opens a skill is read from the items' difficulties as the answers have refined them, which are returned
    as they are after the answer."""
    before = _locked_item_rating(session, item, now=now)
    ratings = _item_ratings(session)
    recorded = record(
        progress,
        item,
        correct=judgement.correct,
        seconds=seconds,
        now=now,
        item_rating=before,
        operators=operators,
        target=target,
        ratings=ratings,
    )
    if recorded.counted:
        after = recorded.item_rating
        values = {"value": after.value, "variance": after.variance, "answers": after.answers, "updated": _moment(now)}
        session.execute(update(ItemRatingRow).where(ItemRatingRow.item == item.id).values(**values))
        ratings[item.id] = Rating(after.value, after.variance, after.answers)
    return recorded, ratings


def _locked_item_rating(session: Session, item: Item, *, now: float) -> Rating:
    """The difficulty of ``item``, its row locked until ``session`` ends (made first, at the item's start, if it has
    none yet), so that of two answers to one item at once the second waits for the first's update."""
    start = item.start
    row = {"item": item.id, "value": start.value, "variance": start.variance, "answers": start.answers}
    session.execute(_insert_unless_there(session, ItemRatingRow).values(**row, updated=_moment(now)))
    locked = session.execute(select(ItemRatingRow).where(ItemRatingRow.item == item.id).with_for_update()).scalar_one()
    return Rating(locked.value, locked.variance, locked.answers)


def _first_answer_on_own(session: Session, progress: Progress, *, now: float) -> bool:
    """Whether an answer to the item ``progress`` serves is the first, for a pupil on their own: remembered (by a
    digest of the progress that served it, hints aside) in ``session``, so a progress sent twice counts once."""
    current = progress.current
    if current is None or current.answered:
        return True  # nothing served, or answered already: the progress itself says the answer does not count
    serving = replace(progress, current=replace(current, hints=0)).to_dict()
    digest = hashlib.sha256(json.dumps(serving, sort_keys=True).encode("utf-8")).hexdigest()
    marking = _insert_unless_there(session, AnsweredRow).values(digest=digest, answered=_moment(now))
    return session.execute(marking.returning(AnsweredRow.digest)).scalar_one_or_none() is not None


def _insert_unless_there(session: Session, table: type[ItemRatingRow] | type[AnsweredRow]) -> Any:
    """An ``INSERT`` into ``table`` that does nothing where a row with its key is there already (on SQLite and
    PostgreSQL alike); waiting, if another transaction is inserting that key, for it to end."""
    dialect = session.get_bind().dialect.name
    insert_into = postgresql_insert if dialect == "postgresql" else sqlite_insert
    return insert_into(table).on_conflict_do_nothing()


def _marked_answered(progress: Progress) -> Progress:
    """``progress`` with its item marked answered: what it became when its first answer was given elsewhere."""
    current = progress.current
    return progress if current is None else replace(progress, current=replace(current, answered=True))


def _change_pupil(
    store: GameStore, pupil_token: str, change: Callable[[Progress, ClassInfo], tuple[Progress, _Changed]]
) -> tuple[Progress, _Changed, ClassInfo]:
    """Apply ``change`` to the progress of the pupil with ``pupil_token`` and save it, in one transaction."""
    with store.writing() as session:
        row = _pupil_row(session, pupil_token, lock=True)
        info = _info(session.get_one(ClassRow, row.class_id))
        before = Progress.from_dict(row.progress)
        progress, result = change(before, info)
        if progress != before:
            session.execute(
                update(PupilRow)
                .where(PupilRow.id == row.id)
                .values(progress=progress.to_dict(), version=row.version + 1)
            )
        return progress, result, info


def _pupil_row(session: Session, pupil_token: str, *, lock: bool = False) -> PupilRow:
    """The pupil with ``pupil_token``; with ``lock``, their row locked until ``session`` ends, so that two changes
    of one pupil's progress at once are made one after the other."""
    chosen = select(PupilRow).where(PupilRow.token_hash == _hash(pupil_token))
    row = session.scalar(chosen.with_for_update() if lock else chosen)
    if row is None:
        raise PupilNotFoundError("no pupil has this token: their class was deleted, or the token is wrong")
    return row


def _seconds(progress: Progress, reported: float | None, now: float) -> float:
    """The seconds an answer counts as having taken (see the module documentation)."""
    served_at = progress.current.at if progress.current else now
    seen = max(now - served_at, 0.0)
    taken = seen if reported is None else max(reported, seen - NETWORK_ALLOWANCE, 0.0)
    return round(min(taken, MAX_SECONDS), 3)


def _days(
    rows: Sequence[AnswerRow], first: date, last: date, operators: str, ratings: Mapping[str, Rating]
) -> tuple[Day, ...]:
    """The days from ``first`` to ``last`` of the answers ``rows`` (all of them, for the levels before ``first``)."""
    answers: Counter[date] = Counter()
    right: Counter[date] = Counter()
    for row in rows:
        day = row.answered.date()
        answers[day] += 1
        right[day] += row.correct
    allowed = {item.skill for item in items_for(operators)}
    ordered = sorted((row for row in rows if row.skill in allowed), key=lambda row: row.answered)
    latest: dict[tuple[str, str], int] = {}  # each pupil's level in each skill, as their last answer left it
    days, read = [], 0
    for offset in range((last - first).days + 1):
        day = first + timedelta(days=offset)
        while read < len(ordered) and ordered[read].answered.date() <= day:
            row = ordered[read]
            latest[row.pupil_id, row.skill] = _level_after(row, operators, ratings)
            read += 1
        by_skill: defaultdict[str, list[int]] = defaultdict(list)
        for (_pupil, skill), level in latest.items():
            by_skill[skill].append(level)
        levels = {skill: round(sum(by_skill[skill]) / len(by_skill[skill]), 2) for skill in SKILLS if by_skill[skill]}
        days.append(Day(day, answers[day], right[day], levels))
    return tuple(days)


def _level_after(row: AnswerRow, operators: str, ratings: Mapping[str, Rating]) -> int:
    """The level the answer ``row`` left its pupil at in its skill; for an answer kept before levels were, the level
    of the rating kept beside it."""
    if row.level is not None:
        return row.level
    return level_of(mastery(Rating(row.rating), row.skill, operators, ratings))


def _info(row: ClassRow) -> ClassInfo:
    return ClassInfo(row.id, row.code, ClassSettings(row.name, row.language, row.operators, row.target), row.created)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _moment(now: float) -> datetime:
    return datetime.fromtimestamp(now, UTC)


def _tidy(text: str) -> str:
    """``text`` in Unicode's composed form, without control characters, its spaces collapsed."""
    composed = unicodedata.normalize("NFC", text)
    printable = "".join(character for character in composed if unicodedata.category(character)[0] != "C")
    return " ".join(printable.split())


def _spreadsheet_safe(text: str) -> str:
    """``text`` as a spreadsheet cell that is never read as a formula."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@") else text


__all__ = [
    "JOIN_PAGE",
    "TEACHER_PAGE",
    "WORKSHEET_OF_SKILL",
    "Answered",
    "ClassInfo",
    "ClassNotFoundError",
    "ClassOverview",
    "ClassSettings",
    "Day",
    "ItemNotServedError",
    "Joined",
    "NewClass",
    "NicknameTakenError",
    "PracticeError",
    "ProgressSeal",
    "PupilNotFoundError",
    "PupilOverview",
    "ServedExercise",
    "answer_progress",
    "answer_pupil",
    "change_class",
    "class_by_code",
    "class_csv",
    "class_overview",
    "create_class",
    "delete_class",
    "find_class",
    "hint_progress",
    "hint_pupil",
    "item_ratings",
    "join_class",
    "normal_code",
    "pupil_class",
    "remove_pupil",
    "rule_words",
    "serve_progress",
    "serve_pupil",
]

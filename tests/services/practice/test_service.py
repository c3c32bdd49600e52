"""The practice operations against a real database, SQLite then PostgreSQL: classes, pupils, first answers, deletion.

Races are real: two stores on one database (as two workers of a server
have), two threads released together by a barrier; no test waits for a
given time.
"""

from __future__ import annotations

import csv
import hashlib
import io
import random
import threading
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, inspect, select, text, update

from services.play.store import AnsweredRow, AnswerRow, ClassRow, GameStore, ItemRatingRow, PupilRow
from services.practice.service import (
    BYTE_ORDER_MARK,
    Answered,
    ClassNotFoundError,
    ClassSettings,
    ItemNotServedError,
    NicknameTakenError,
    PracticeError,
    ProgressSeal,
    PupilNotFoundError,
    answer_progress,
    answer_pupil,
    class_csv,
    class_overview,
    create_class,
    delete_class,
    hint_progress,
    hint_pupil,
    item_ratings,
    join_class,
    serve_progress,
    serve_pupil,
)
from solver.errors import SearchLimitError
from tests.api.practice_helpers import right_answer as right_answer_to
from tests.api.practice_helpers import wrong_answer_to
from tutor.adaptive import Progress, Served, level_of, mastery
from tutor.item_bank import Item, bank
from tutor.ratings import Rating

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC).timestamp()

Result = TypeVar("Result")


@pytest.fixture
def store(database_url: str) -> Iterator[GameStore]:
    with GameStore(database_url) as opened:
        yield opened


def right_answer(item: Item) -> str:
    """An accepted answer to ``item``."""
    return right_answer_to(item.id)


def hash_of(token: str) -> str:
    """How the database keeps a secret: its SHA-256."""
    return hashlib.sha256(token.encode()).hexdigest()


def at_once(first: Callable[[], Result], second: Callable[[], Result]) -> list[Result]:
    """Run ``first`` and ``second`` in two threads released together; their results, in that order."""
    barrier = threading.Barrier(2)
    results: list[Result | None] = [None, None]
    errors: list[BaseException] = []

    def run(position: int, work: Callable[[], Result]) -> None:
        barrier.wait()
        try:
            results[position] = work()
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=run, args=(position, work)) for position, work in enumerate((first, second))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    return [result for result in results if result is not None]


def rows_of(url: str, *needles: str) -> dict[str, int]:
    """How many rows of every table of the database hold one of ``needles`` in any column, by table and column."""
    engine = create_engine(url)
    try:
        found = {}
        with engine.connect() as connection:
            for table in inspect(connection).get_table_names():
                for column in inspect(connection).get_columns(table):
                    name = column["name"]
                    for needle in needles:
                        query = text(f"SELECT COUNT(*) FROM {table} WHERE CAST({name} AS TEXT) LIKE :needle")
                        count = connection.execute(query, {"needle": f"%{needle}%"}).scalar_one()
                        if count:
                            found[f"{table}.{name}"] = found.get(f"{table}.{name}", 0) + count
        return found
    finally:
        engine.dispose()


# ----------------------------------------------------------------- on one's own


def test_the_same_progress_answered_twice_counts_once(store: GameStore) -> None:
    served = serve_progress(store, Progress.start(), operators="+-", lang="en", now=NOW, rng=random.Random(2))
    answer = right_answer(served.item)
    first = answer_progress(store, served.progress, item_id=served.item.id, answer=answer, lang="en", now=NOW + 5)
    again = answer_progress(store, served.progress, item_id=served.item.id, answer=answer, lang="en", now=NOW + 6)
    assert (first.counted, again.counted) == (True, False)
    assert again.judgement.correct  # judged all the same
    assert again.progress.current is not None and again.progress.current.answered  # the next request moves on
    assert again.progress.skills == served.progress.skills
    with store.reading() as session:
        assert session.get_one(ItemRatingRow, served.item.id).answers == 1


def test_hints_are_not_part_of_what_makes_an_answer_the_first(store: GameStore) -> None:
    served = serve_progress(store, Progress.start(), operators="+-", lang="en", now=NOW, rng=random.Random(4))
    hinted = hint_progress(store, served.progress, item_id=served.item.id, lang="en")
    assert len(hinted.hints) == 1
    answer = right_answer(served.item)
    assert answer_progress(store, hinted.progress, item_id=served.item.id, answer=answer, lang="en", now=NOW).counted
    assert not answer_progress(
        store, served.progress, item_id=served.item.id, answer=answer, lang="en", now=NOW
    ).counted


def test_a_hint_whose_search_runs_out_of_time_is_refused_and_not_counted(store: GameStore) -> None:
    made = create_class(store, ClassSettings("4B", "en", "+-", 0.75), now=NOW)
    token = join_class(store, made.info.code, "Sam", now=NOW).token
    served = serve_pupil(store, token, now=NOW, rng=random.Random(6))
    assert served.exercise.kind == "cover"
    with pytest.raises(SearchLimitError):
        hint_pupil(store, token, item_id=served.item.id, time_limit=0)
    with pytest.raises(SearchLimitError):
        hint_progress(store, served.progress, item_id=served.item.id, lang="en", time_limit=0)
    assert serve_pupil(store, token, now=NOW, rng=random.Random(6)).progress.current.hints == 0
    assert len(hint_pupil(store, token, item_id=served.item.id).hints) == 1


def test_a_wrong_verdict_on_a_referee_exercise_counts_no_rule_as_broken_by_the_pupil(store: GameStore) -> None:
    made = create_class(store, ClassSettings("4B", "en", "+-", 0.75), now=NOW)
    token = join_class(store, made.info.code, "Sam", now=NOW).token
    referee = next(item for item in bank().values() if item.kind == "referee" and set(item.operators) <= set("+-"))
    cover = next(item for item in bank().values() if item.skill == "add-subtract")
    for item in (referee, cover):
        progress = Progress({item.skill: Rating()}, current=Served(item.id, NOW))
        with store.writing() as session:
            session.execute(update(PupilRow).values(progress=progress.to_dict()))
        answer_pupil(store, token, item_id=item.id, answer=wrong_answer_to(item.id), lang="en", now=NOW + 5)
    with store.reading() as session:
        codes = dict(session.execute(select(AnswerRow.item, AnswerRow.codes)).all())
    assert codes[referee.id] == [] and codes[cover.id], codes


def test_the_class_s_days_carry_each_skill_s_level_from_the_first_answer_on(store: GameStore) -> None:
    made = create_class(store, ClassSettings("4B", "en", "+-", 0.75), now=NOW)
    tokens = [join_class(store, made.info.code, name, now=NOW).token for name in ("Ann", "Ben")]
    day = 86_400.0
    for token, when in ((tokens[0], NOW), (tokens[1], NOW + 2 * day)):
        served = serve_pupil(store, token, now=when, rng=random.Random(3))
        answer_pupil(store, token, item_id=served.item.id, answer=right_answer(served.item), now=when + 5)
    first_day = datetime.fromtimestamp(NOW, UTC)
    with store.writing() as session:  # Ann's answer kept before levels were: her level is read from its rating
        session.execute(update(AnswerRow).where(AnswerRow.answered < first_day + timedelta(days=1)).values(level=None))
        ann = session.scalars(select(AnswerRow.rating).where(AnswerRow.level.is_(None))).one()
    overview = class_overview(store, made.teacher_token, lang="en", now=NOW + 3 * day)
    by_day = {day.day: day.levels for day in overview.days}
    first = first_day.date()
    ann_level = level_of(mastery(Rating(ann), "add-subtract", "+-", item_ratings(store)))
    ben_level = overview.pupils[1].skills[0].level
    assert by_day[first - timedelta(days=1)] == {}
    assert by_day[first] == {"add-subtract": ann_level} == by_day[first + timedelta(days=1)]
    assert by_day[first + timedelta(days=3)] == {"add-subtract": (ann_level + ben_level) / 2}


def test_two_answers_at_once_with_one_progress_count_once(database_url: str) -> None:
    with GameStore(database_url) as first, GameStore(database_url) as second:
        served = serve_progress(first, Progress.start(), operators="+-", lang="en", now=NOW, rng=random.Random(5))
        answer = right_answer(served.item)

        def answering(store: GameStore) -> Callable[[], Answered]:
            return lambda: answer_progress(
                store, served.progress, item_id=served.item.id, answer=answer, lang="en", now=NOW + 3
            )

        results = at_once(answering(first), answering(second))
        assert sorted(result.counted for result in results) == [False, True]
        with first.reading() as session:
            assert session.get_one(ItemRatingRow, served.item.id).answers == 1
            assert len(session.scalars(select(AnsweredRow)).all()) == 1


def test_a_progress_sealed_with_another_key_is_refused_naming_the_progress() -> None:
    sealed = ProgressSeal("another server's key, long enough").dumps(Progress.start())
    with pytest.raises(PracticeError) as refused:
        ProgressSeal("this server's key, long enough too").loads(sealed)
    assert refused.value.field == "progress"


def test_an_answer_to_an_item_not_being_answered_is_a_conflict_naming_the_item(store: GameStore) -> None:
    with pytest.raises(ItemNotServedError) as refused:
        answer_progress(store, Progress.start(), item_id="cover-1-0", answer="1 + 2", lang="en", now=NOW)
    assert (refused.value.status, refused.value.field) == (409, "item")


# ----------------------------------------------------------------- classes


def test_two_answers_at_once_from_one_pupil_count_once(database_url: str) -> None:
    with GameStore(database_url) as first, GameStore(database_url) as second:
        made = create_class(first, ClassSettings("4B", "en", "+-"), now=NOW)
        token = join_class(first, made.info.code, "Sam", now=NOW).token
        served = serve_pupil(first, token, now=NOW, rng=random.Random(6))
        answer = right_answer(served.item)

        def answering(store: GameStore) -> Callable[[], Answered]:
            return lambda: answer_pupil(store, token, item_id=served.item.id, answer=answer, now=NOW + 4)

        results = at_once(answering(first), answering(second))
        assert sorted(result.counted for result in results) == [False, True]
        overview = class_overview(first, made.teacher_token, lang="en", now=NOW + 5)
        assert [(pupil.answers, pupil.answers_week, pupil.right_week) for pupil in overview.pupils] == [(1, 1, 1)]
        with first.reading() as session:
            assert session.get_one(ItemRatingRow, served.item.id).answers == 1


def test_two_pupils_answering_one_new_item_at_once_both_count(database_url: str) -> None:
    """The item's row is made by the first answer: two at once wait for each other instead of failing."""
    with GameStore(database_url) as first, GameStore(database_url) as second:
        made = create_class(first, ClassSettings("4B", "en", "+-"), now=NOW)
        tokens = [join_class(first, made.info.code, name, now=NOW).token for name in ("Ann", "Ben")]
        served = [serve_pupil(first, token, now=NOW, rng=random.Random(8)) for token in tokens]
        assert served[0].item == served[1].item

        def answering(store: GameStore, token: str) -> Callable[[], Answered]:
            item = served[0].item
            return lambda: answer_pupil(store, token, item_id=item.id, answer=right_answer(item), now=NOW + 4)

        results = at_once(answering(first, tokens[0]), answering(second, tokens[1]))
        assert [result.counted for result in results] == [True, True]
        with first.reading() as session:
            assert session.get_one(ItemRatingRow, served[0].item.id).answers == 2


def test_nicknames_are_unique_in_a_class_whatever_their_case_and_spaces(store: GameStore) -> None:
    made = create_class(store, ClassSettings("4B", "en"), now=NOW)
    join_class(store, made.info.code, "Sam", now=NOW)
    with pytest.raises(NicknameTakenError) as refused:
        join_class(store, made.info.code.lower(), "  sAM ", now=NOW)
    assert (refused.value.status, refused.value.field) == (409, "nickname")
    other = create_class(store, ClassSettings("4C", "en"), now=NOW)
    assert join_class(store, other.info.code, "Sam", now=NOW).nickname == "Sam"


@pytest.mark.parametrize(("first", "second"), [("Émile", "Émile"), ("Émile", "ÉMILE"), ("Straße", "STRASSE")])
def test_a_nickname_with_letters_beyond_ascii_is_refused_again_in_any_case(
    store: GameStore, first: str, second: str
) -> None:
    made = create_class(store, ClassSettings("4B", "fr"), now=NOW)
    join_class(store, made.info.code, first, now=NOW)
    with pytest.raises(NicknameTakenError):
        join_class(store, made.info.code, second, now=NOW)


def test_deleting_a_class_leaves_no_row_of_it_in_any_table(database_url: str) -> None:
    with GameStore(database_url) as store:
        made = create_class(store, ClassSettings("Zanzibar", "en", "+-"), now=NOW)
        kept = create_class(store, ClassSettings("Kept", "en", "+-"), now=NOW)
        pupils = [
            join_class(store, made.info.code, "Quirinus", now=NOW),
            join_class(store, kept.info.code, "Ann", now=NOW),
        ]
        for pupil in pupils:
            served = serve_pupil(store, pupil.token, now=NOW, rng=random.Random(1))
            answer_pupil(store, pupil.token, item_id=served.item.id, answer=right_answer(served.item), now=NOW + 2)
        gone = (made.info.id, made.info.code, "Zanzibar", "Quirinus", pupils[0].pupil_id, hash_of(made.teacher_token))
        assert len(rows_of(database_url, *gone)) >= 4
        delete_class(store, made.teacher_token)
        assert rows_of(database_url, *gone, hash_of(pupils[0].token)) == {}
        assert rows_of(database_url, kept.info.id, "Ann", pupils[1].pupil_id) != {}
        with pytest.raises(PupilNotFoundError):
            serve_pupil(store, pupils[0].token, now=NOW, rng=random.Random(1))
        with pytest.raises(ClassNotFoundError):
            join_class(store, made.info.code, "Ann", now=NOW)


def test_purge_removes_the_idle_classes_with_their_pupils_and_answers_and_old_marks(database_url: str) -> None:
    with GameStore(database_url) as store:
        idle = create_class(store, ClassSettings("4B", "en", "+-"), now=NOW)
        active = create_class(store, ClassSettings("4C", "en", "+-"), now=NOW)
        pupil = join_class(store, idle.info.code, "Sam", now=NOW)
        served = serve_pupil(store, pupil.token, now=NOW, rng=random.Random(1))
        answer_pupil(store, pupil.token, item_id=served.item.id, answer=right_answer(served.item), now=NOW + 2)
        alone = serve_progress(store, Progress.start(), operators="+-", lang="en", now=NOW, rng=random.Random(1))
        answer = right_answer(alone.item)
        answer_progress(store, alone.progress, item_id=alone.item.id, answer=answer, lang="en", now=NOW + 2)
        later = datetime.fromtimestamp(NOW, UTC) + timedelta(days=100)
        with store.writing() as session:
            session.execute(update(ClassRow).where(ClassRow.id == active.info.id).values(updated=later))
        assert store.purge(classes_idle_before=later - timedelta(days=90)) == 1
        assert rows_of(database_url, idle.info.id, pupil.pupil_id) == {}
        assert rows_of(database_url, active.info.id) != {}
        with store.reading() as session:
            assert session.scalars(select(AnsweredRow)).all() == []


def test_the_csv_never_starts_a_cell_with_what_a_spreadsheet_reads_as_a_formula(store: GameStore) -> None:
    made = create_class(store, ClassSettings("4B", "en"), now=NOW)
    nicknames = ["=1+2", "+SUM(A1)", "-3", "@cmd", "Sam"]
    for order, nickname in enumerate(nicknames):
        join_class(store, made.info.code, nickname, now=NOW + order)
    sheet = class_csv(class_overview(store, made.teacher_token, lang="en", now=NOW), "en")
    rows = list(csv.reader(io.StringIO(sheet.removeprefix(BYTE_ORDER_MARK))))
    cells = [cell for row in rows[1:] for cell in row]
    assert [row[0] for row in rows[1:]] == ["'=1+2", "'+SUM(A1)", "'-3", "'@cmd", "Sam"]
    assert all(cell[:1] not in ("=", "+", "-", "@", "\t", "\r") for cell in cells)


ACTIONS = st.lists(
    st.sampled_from(["next", "hint", "right", "wrong", "again", "old"]) | st.floats(0, 120), min_size=1, max_size=25
)
"""A pupil's requests on their own: the next exercise, a hint, a right or wrong answer, the last answer sent again
with the progress it was sent with, the next exercise asked with an old progress; a number is the seconds the next
answer reports."""


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=ACTIONS)
def test_whatever_a_pupil_on_their_own_sends_each_serving_counts_at_most_once(
    tmp_path: Path, actions: list[str | float]
) -> None:
    with GameStore(f"sqlite:///{tmp_path / f'{uuid.uuid4().hex}.sqlite3'}") as store:
        progress, older, last_sent = Progress.start(), Progress.start(), Progress.start()
        now, seconds = NOW, None
        servings: set[tuple[str, float]] = set()
        counted_servings: set[tuple[str, float]] = set()
        for action in actions:
            now += 1
            if isinstance(action, float):
                seconds = action
                continue
            if action in ("next", "old"):
                served = serve_progress(
                    store,
                    older if action == "old" else progress,
                    operators="+-",
                    lang="en",
                    now=now,
                    rng=random.Random(int(now)),
                )
                older, progress = progress, served.progress
                assert served.progress.current is not None
                servings.add((served.item.id, served.progress.current.at))
                continue
            current = progress.current
            if current is None:
                continue
            item = bank()[current.item]
            if action == "hint":
                progress = hint_progress(store, progress, item_id=item.id, lang="en").progress
                continue
            sent = last_sent if action == "again" else progress
            if sent.current is None or sent.current.item != item.id:
                continue
            answer = right_answer(item) if action != "wrong" else wrong_answer_to(item.id)
            answered = answer_progress(store, sent, item_id=item.id, answer=answer, seconds=seconds, lang="en", now=now)
            if answered.counted:
                serving = (item.id, sent.current.at)
                assert serving not in counted_servings
                counted_servings.add(serving)
            last_sent, progress = sent, answered.progress
        counted = len(counted_servings)
        assert counted_servings <= servings
        with store.reading() as session:
            assert sum(row.answers for row in session.scalars(select(ItemRatingRow))) == counted
            assert len(session.scalars(select(AnsweredRow)).all()) == counted

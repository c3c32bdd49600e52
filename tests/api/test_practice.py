"""``/api/v1/practice``: exercises, hints and answers for a pupil on their own and for a pupil of a class.

Each test has an app on a new database; those about races and deletion run
on SQLite and on PostgreSQL.  Answers right or wrong come from the item
bank's own answer key, which the API never sends.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from services.practice.judging import REASONS
from services.practice.service import ProgressSeal
from tests.api.practice_helpers import at_once, bearer, join, keys_anywhere, new_class, practice_app, right_answer
from tutor.adaptive import RUN_LENGTH, Progress, RunSummary, summary_sentences
from tutor.item_bank import bank, exercise
from tutor.nambarz import play_verdict_words
from tutor.ratings import Rating

NEXT, HINT, ANSWER = "/api/v1/practice/next", "/api/v1/practice/hint", "/api/v1/practice/answer"

SERVED_KEYS = {"exercise", "hints", "skills", "progress", "class"}
EXERCISE_KEYS = {
    *("item", "skill", "skill_name", "kind", "level", "operators", "time_limit", "prompt"),
    *("top", "hand", "puzzle", "play", "reasons"),
}
ANSWERED_KEYS = {
    *("item", "answer", "correct", "message", "note", "codes", "counted", "seconds"),
    *("opened", "summary", "skills", "progress"),
}
KEY_FIELDS = {"answers", "verdict", "legal", "violations", "expression", "key", "stays", "returned", "value"}
"""Fields of an answer key or a verdict: none may appear in what a pupil is shown before answering."""


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    with practice_app(f"sqlite:///{tmp_path / 'games.sqlite3'}") as made:
        yield made


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def sealed(app: Flask, progress: Progress) -> str:
    return ProgressSeal(app.secret_key or "").dumps(progress)


def post(client: FlaskClient, path: str, body: dict[str, Any], status: int = 200, **headers: str) -> dict[str, Any]:
    answer = client.post(path, json=body, headers=headers)
    assert answer.status_code == status, answer.text
    document: dict[str, Any] = answer.get_json()
    return document


def refused(
    client: FlaskClient, path: str, body: dict[str, Any], status: int, field: str | None, **headers: str
) -> str:
    """Post, expect the error ``status`` in the API's shape, naming ``field``; the message."""
    error = post(client, path, body, status, **headers)
    assert (error["code"], set(error) - {"errors"}) == (status, {"code", "status", "message"})
    if field is not None:
        assert list(error["errors"]["json"]) == [field], error
    return str(error["message"])


# ----------------------------------------------------------------- on one's own


def test_a_new_pupil_gets_an_exercise_their_skills_and_a_sealed_progress(client: FlaskClient) -> None:
    served = post(client, NEXT, {"operators": "+-", "lang": "de"})
    assert set(served) == SERVED_KEYS
    assert set(served["exercise"]) == EXERCISE_KEYS
    shown = served["exercise"]
    item = bank()[shown["item"]]
    assert (shown["skill"], shown["kind"], shown["level"], shown["time_limit"]) == (
        "add-subtract",
        "cover",
        item.level,
        item.seconds,
    )
    assert shown["prompt"].startswith("Die oberste Karte")
    assert shown["hand"] == [str(card) for card in exercise(item).hand]
    assert (shown["puzzle"], shown["play"], shown["reasons"]) == (None, None, None)
    assert served["hints"] == []
    assert [skill["skill"] for skill in served["skills"]] == ["add-subtract"]
    assert served["skills"][0]["name"] == "Plus und minus"
    assert served["class"] is None and served["progress"]


def test_the_exercise_stays_the_same_until_it_is_answered(client: FlaskClient) -> None:
    first = post(client, NEXT, {"operators": "+-"})
    again = post(client, NEXT, {"operators": "+-", "progress": first["progress"]})
    assert again["exercise"] == first["exercise"]
    item = first["exercise"]["item"]
    answered = post(client, ANSWER, {"progress": first["progress"], "item": item, "answer": right_answer(item)})
    following = post(client, NEXT, {"operators": "+-", "progress": answered["progress"]})
    assert following["exercise"]["item"] != item


@pytest.mark.parametrize("skill", ["add-subtract", "missing-card", "referee"])
def test_the_answer_key_is_never_in_an_exercise_or_its_hints(app: Flask, client: FlaskClient, skill: str) -> None:
    progress = sealed(app, Progress({skill: Rating()}, run_start={skill: 0.0}))
    served = post(client, NEXT, {"progress": progress, "lang": "en"})
    item = bank()[served["exercise"]["item"]]
    drawn = exercise(item, "en")
    assert (item.skill, served["exercise"]["kind"]) == (skill, drawn.kind)
    shown_text = json.dumps(served, ensure_ascii=False)
    for accepted in drawn.answers:
        if drawn.kind != "referee":  # a referee exercise shows the play its verdict is about
            assert accepted.expression not in shown_text
        if drawn.kind == "missing-card":  # the box stays a box: the card that goes in it is not shown
            assert drawn.puzzle is not None
            assert served["exercise"]["puzzle"] == str(drawn.puzzle) != str(drawn.puzzle.filled(accepted.cards[0]))
            assert "?" in served["exercise"]["puzzle"]
        if accepted.verdict is not None:
            words = play_verdict_words(accepted.verdict, "en")
            assert words.fault is None or words.fault not in shown_text  # a legal play has no fault to give away
            assert all(violation.reason not in shown_text for violation in words.violations)
    assert keys_anywhere(served["exercise"]) & KEY_FIELDS == set()
    if drawn.kind == "referee":
        assert served["exercise"]["play"] == str(drawn.play)
        assert [reason["code"] for reason in served["exercise"]["reasons"]] == [code.value for code in REASONS]
    hinted = served
    for count in (1, 2, 3, 3):
        hinted = post(client, HINT, {"progress": hinted["progress"], "item": item.id, "lang": "en"})
        assert len(hinted["hints"]) == count
        assert set(hinted) == SERVED_KEYS and set(hinted["exercise"]) == EXERCISE_KEYS
        assert keys_anywhere(hinted["exercise"]) & KEY_FIELDS == set()
        assert hinted["exercise"] == served["exercise"]


def test_the_reasons_of_a_referee_exercise_are_the_same_whatever_its_verdict(app: Flask, client: FlaskClient) -> None:
    """What a referee exercise shows besides its play and top card is the same for a legal play and an illegal one."""
    shown: dict[bool, dict[str, Any]] = {}
    progress = sealed(app, Progress({"referee": Rating()}, run_start={"referee": 0.0}))
    for _ in range(30):
        served = post(client, NEXT, {"progress": progress, "lang": "en"})
        verdict = exercise(bank()[served["exercise"]["item"]]).answers[0].verdict
        assert verdict is not None
        shown.setdefault(verdict.legal, served["exercise"])
        item = served["exercise"]["item"]
        progress = post(client, ANSWER, {"progress": served["progress"], "item": item, "answer": "legal"})["progress"]
        if len(shown) == 2:
            break
    legal, illegal = shown[True], shown[False]
    unlike = {"item", "level", "operators", "time_limit", "prompt", "top", "play"}
    assert {key: value for key, value in legal.items() if key not in unlike} == {
        key: value for key, value in illegal.items() if key not in unlike
    }


def test_an_answer_is_judged_and_only_the_first_counts(client: FlaskClient) -> None:
    served = post(client, NEXT, {"operators": "+-", "lang": "fr"})
    item = served["exercise"]["item"]
    body = {"progress": served["progress"], "item": item, "answer": right_answer(item), "seconds": 6.5, "lang": "fr"}
    answered = post(client, ANSWER, body)
    assert set(answered) == ANSWERED_KEYS
    assert (answered["correct"], answered["counted"], answered["seconds"], answered["codes"]) == (True, True, 6.5, [])
    assert answered["message"].startswith("Bravo")
    assert answered["summary"] is None and answered["opened"] == []
    assert answered["skills"][0]["answers"] == 1
    again = post(client, ANSWER, body)  # the same progress sent again
    assert (again["correct"], again["counted"]) == (True, False)
    after = post(client, ANSWER, {**body, "progress": answered["progress"]})  # the progress after the answer
    assert after["counted"] is False
    assert post(client, NEXT, {"operators": "+-", "progress": again["progress"]})["exercise"]["item"] != item


def test_a_wrong_answer_says_what_is_wrong_and_counts(app: Flask, client: FlaskClient) -> None:
    progress = sealed(app, Progress({"referee": Rating()}, run_start={"referee": 0.0}))
    served = post(client, NEXT, {"progress": progress, "lang": "en"})
    item = served["exercise"]["item"]
    wrong = "not-legal" if right_answer(item) == "legal" else "legal"
    answered = post(client, ANSWER, {"progress": served["progress"], "item": item, "answer": wrong, "seconds": 3})
    assert (answered["correct"], answered["counted"]) == (False, True)
    assert answered["message"].startswith("Not right")


def test_two_answers_racing_with_one_progress_count_once(tmp_path: Path, database_url: str) -> None:
    with practice_app(database_url) as app:
        served = post(app.test_client(), NEXT, {"operators": "+-"})
        item = served["exercise"]["item"]
        body = {"progress": served["progress"], "item": item, "answer": right_answer(item), "seconds": 4}
        clients = [app.test_client(), app.test_client()]
        answers = at_once(*(lambda client=client: post(client, ANSWER, body) for client in clients))
        assert sorted(answer["counted"] for answer in answers) == [False, True]
        assert all(answer["correct"] for answer in answers)


def test_ten_answers_close_a_run_with_its_summary_in_words(client: FlaskClient) -> None:
    progress: dict[str, str] = {}
    answered: dict[str, Any] = {}
    for _ in range(RUN_LENGTH):
        served = post(client, NEXT, {"operators": "+-", **progress, "lang": "it"})
        item = served["exercise"]["item"]
        body = {"progress": served["progress"], "item": item, "answer": right_answer(item), "seconds": 2, "lang": "it"}
        answered = post(client, ANSWER, body)
        assert answered["counted"]
        progress = {"progress": answered["progress"]}
    summary = answered["summary"]
    assert (summary["right"], summary["answers"]) == (RUN_LENGTH, RUN_LENGTH)
    expected = RunSummary(RUN_LENGTH, RUN_LENGTH, (), tuple(opened["skill"] for opened in answered["opened"]))
    assert summary["sentences"][0] == summary_sentences(expected, "it")[0]
    assert summary["sentences"][-len(answered["opened"]) or len(summary["sentences"]) :] == [
        opened["words"] for opened in answered["opened"]
    ]


def test_the_seconds_counted_are_the_clients_unless_the_server_saw_more(client: FlaskClient) -> None:
    served = post(client, NEXT, {"operators": "+-"})
    item = served["exercise"]["item"]
    body = {"progress": served["progress"], "item": item, "answer": right_answer(item)}
    assert post(client, ANSWER, {**body, "seconds": 0})["seconds"] == 0.0
    served = post(client, NEXT, {"operators": "+-", "progress": post(client, ANSWER, body)["progress"]})
    item = served["exercise"]["item"]
    without = post(client, ANSWER, {"progress": served["progress"], "item": item, "answer": right_answer(item)})
    assert 0 <= without["seconds"] < 3600


def test_a_forged_progress_is_refused_naming_the_progress(app: Flask, client: FlaskClient) -> None:
    served = post(client, NEXT, {"operators": "+-"})
    genuine = served["progress"]
    better = Progress({"add-subtract": Rating(5.0, 0.05, 400)}, run_start={"add-subtract": 0.0})
    forged = [
        genuine[:-3] + ("AAA" if genuine[-3:] != "AAA" else "BBB"),
        ProgressSeal("another server's secret key, long enough").dumps(better),
        "not a progress at all",
    ]
    for progress in forged:
        message = refused(client, NEXT, {"progress": progress}, 422, "progress")
        assert message == "expected the progress this server gave, unchanged"
        item = served["exercise"]["item"]
        refused(client, ANSWER, {"progress": progress, "item": item, "answer": "1"}, 422, "progress")
        refused(client, HINT, {"progress": progress, "item": item}, 422, "progress")


def test_every_bad_input_is_refused_naming_the_field(app: Flask, client: FlaskClient) -> None:
    served = post(client, NEXT, {"operators": "+-"})
    item, progress = served["exercise"]["item"], served["progress"]
    hand = served["exercise"]["hand"]
    base = {"progress": progress, "item": item}
    refused(client, NEXT, {"operators": "+-x"}, 422, "operators")
    refused(client, NEXT, {"target": 0.95}, 422, "target")
    refused(client, NEXT, {"target": "high"}, 422, "target")
    refused(client, NEXT, {"lang": "es"}, 422, "lang")
    refused(client, NEXT, {"progress": 7}, 422, "progress")
    refused(client, NEXT, {"colour": "red"}, 422, "colour")
    refused(client, NEXT, {"progress": "x" * 9000}, 422, "progress")
    refused(client, HINT, {"item": item}, 422, "progress")
    refused(client, HINT, {"progress": progress}, 422, "item")
    refused(client, HINT, {**base, "item": "cover-1-99999"}, 409, "item")
    refused(client, ANSWER, {**base, "answer": ""}, 422, "answer")
    refused(client, ANSWER, {**base, "answer": "5 + + 2"}, 422, "answer")
    refused(client, ANSWER, {**base, "answer": "9monkey"}, 422, "answer")
    refused(client, ANSWER, {**base, "answer": f"{hand[0]} + {hand[0]}"}, 422, "answer")
    refused(client, ANSWER, {**base, "answer": hand[0], "seconds": -1}, 422, "seconds")
    refused(client, ANSWER, {**base, "answer": hand[0], "seconds": "slow"}, 422, "seconds")
    refused(client, ANSWER, {**base, "answer": hand[0], "reason": "not-minimal"}, 422, "reason")
    refused(client, ANSWER, {**base, "answer": hand[0], "reason": "because"}, 422, "reason")
    refused(client, ANSWER, {"item": item, "answer": hand[0]}, 422, "progress")
    referee = sealed(app, Progress({"referee": Rating()}, run_start={"referee": 0.0}))
    shown = post(client, NEXT, {"progress": referee})
    on_referee = {"progress": shown["progress"], "item": shown["exercise"]["item"]}
    assert "Legal" in refused(client, ANSWER, {**on_referee, "answer": "maybe"}, 422, "answer")
    refused(client, ANSWER, {**on_referee, "answer": "legal", "reason": "not-minimal"}, 422, "reason")


def test_a_pupil_token_that_no_pupil_has_is_not_found(client: FlaskClient) -> None:
    message = refused(client, NEXT, {}, 404, None, **bearer("no-such-token"))
    assert "no pupil has this token" in message
    refused(client, ANSWER, {"item": "cover-1-0", "answer": "1"}, 404, None, **bearer("no-such-token"))


# ----------------------------------------------------------------- in a class


def test_a_class_pupil_practises_by_the_class_settings_and_the_teacher_sees_it(client: FlaskClient) -> None:
    made = new_class(client, lang="it", operators="+-", target=0.8)
    pupil = bearer(join(client, made["code"], "Sam"))
    served = post(client, NEXT, {}, **pupil)
    assert served["progress"] is None
    assert served["class"] == {"name": "4B", "language": "it", "operators": "+-", "target": 0.8}
    assert served["exercise"]["prompt"].startswith("La carta in cima")
    assert set(served["exercise"]["operators"]) <= set("+-")
    in_german = post(client, NEXT, {"lang": "de"}, **pupil)
    assert in_german["exercise"]["item"] == served["exercise"]["item"]
    assert in_german["exercise"]["prompt"].startswith("Die oberste Karte")
    item = served["exercise"]["item"]
    hinted = post(client, HINT, {"item": item}, **pupil)
    assert len(hinted["hints"]) == 1
    body = {"item": item, "answer": right_answer(item), "seconds": 5}
    answered = post(client, ANSWER, body, **pupil)
    assert (answered["correct"], answered["counted"], answered["progress"]) == (True, True, None)
    assert answered["message"].startswith("Giusto")
    assert post(client, ANSWER, body, **pupil)["counted"] is False
    overview = client.get(f"/api/v1/classes/{made['id']}", headers=bearer(made["teacher_token"])).get_json()
    assert [(pupil["nickname"], pupil["answers"], pupil["right_week"]) for pupil in overview["pupils"]] == [
        ("Sam", 1, 1)
    ]


def test_a_class_pupil_sends_no_progress_operators_or_target(client: FlaskClient) -> None:
    pupil = bearer(join(client, new_class(client)["code"], "Sam"))
    for field, value in (("progress", "x"), ("operators", "+-"), ("target", 0.7)):
        message = refused(client, NEXT, {field: value}, 422, field, **pupil)
        assert "the class keeps the progress" in message


def test_two_answers_racing_from_one_class_pupil_count_once(database_url: str) -> None:
    with practice_app(database_url) as app:
        client = app.test_client()
        pupil = bearer(join(client, new_class(client)["code"], "Sam"))
        item = post(client, NEXT, {}, **pupil)["exercise"]["item"]
        body = {"item": item, "answer": right_answer(item), "seconds": 4}
        clients = [app.test_client(), app.test_client()]
        answers = at_once(*(lambda client=client: post(client, ANSWER, body, **pupil) for client in clients))
        assert sorted(answer["counted"] for answer in answers) == [False, True]


def test_a_deleted_class_pupil_can_no_longer_practise(client: FlaskClient) -> None:
    made = new_class(client)
    pupil = bearer(join(client, made["code"], "Sam"))
    item = post(client, NEXT, {}, **pupil)["exercise"]["item"]
    assert client.delete(f"/api/v1/classes/{made['id']}", headers=bearer(made["teacher_token"])).status_code == 204
    refused(client, NEXT, {}, 404, None, **pupil)
    refused(client, HINT, {"item": item}, 404, None, **pupil)
    refused(client, ANSWER, {"item": item, "answer": right_answer(item)}, 404, None, **pupil)


def test_answers_are_never_kept_by_a_cache(client: FlaskClient) -> None:
    assert client.post(NEXT, json={}).headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize("path", [NEXT, HINT, ANSWER, "/api/v1/classes", "/api/v1/classes/join"])
def test_a_body_that_is_not_json_or_too_large_is_refused_in_the_error_shape(client: FlaskClient, path: str) -> None:
    not_json = client.post(path, data="progress=x", content_type="application/x-www-form-urlencoded")
    assert (not_json.status_code, not_json.get_json()["code"]) == (415, 415)
    broken = client.post(path, data="{", content_type="application/json")
    assert (broken.status_code, broken.get_json()["code"]) == (400, 400)
    huge = client.post(path, json={"progress": "x" * 70_000})
    assert (huge.status_code, huge.get_json()["code"]) == (413, 413)

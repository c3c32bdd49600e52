"""``/api/v1/classes``: a teacher opens a class, pupils join with its code, the teacher follows, changes, deletes it.

Each test has an app on a new database; deleting a class is checked in the
real database, on SQLite and on PostgreSQL, table by table.
"""

from __future__ import annotations

import csv
import hashlib
import io
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, inspect, text, update

from services.play.store import ClassRow, GameStore
from services.practice.service import BYTE_ORDER_MARK, JOIN_PAGE, TEACHER_PAGE
from tests.api.practice_helpers import bearer, join, new_class, practice_app, right_answer, wrong_answer_to
from tests.conftest import Cli

CLASSES = "/api/v1/classes"
NEXT, ANSWER = "/api/v1/practice/next", "/api/v1/practice/answer"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    with practice_app(f"sqlite:///{tmp_path / 'games.sqlite3'}") as made:
        yield made


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def error_of(answer: Any, status: int, field: str | None = None) -> str:
    """The message of the error ``answer``, after checking its status, its shape and the field it names."""
    assert answer.status_code == status, answer.text
    error = answer.get_json()
    assert (error["code"], set(error) - {"errors"}) == (status, {"code", "status", "message"})
    if field is not None:
        assert list(error["errors"]["json"]) == [field], error
    return str(error["message"])


def practise(client: FlaskClient, pupil: dict[str, str], *, right: bool, seconds: float = 5) -> dict[str, Any]:
    """One exercise answered by the pupil: right, or with a play that breaks a rule."""
    shown = client.post(NEXT, json={}, headers=pupil).get_json()["exercise"]
    answer = right_answer(shown["item"]) if right else wrong_answer_to(shown["item"])
    answered = client.post(ANSWER, json={"item": shown["item"], "answer": answer, "seconds": seconds}, headers=pupil)
    assert answered.status_code == 200, answered.text
    document: dict[str, Any] = answered.get_json()
    return document


def rows_holding(url: str, *needles: str) -> dict[str, int]:
    """How many rows of every table of the database hold one of ``needles`` in any column, by table and column."""
    engine = create_engine(url)
    found: dict[str, int] = {}
    try:
        with engine.connect() as connection:
            for table in inspect(connection).get_table_names():
                for column in inspect(connection).get_columns(table):
                    for needle in needles:
                        query = text(f"SELECT COUNT(*) FROM {table} WHERE CAST({column['name']} AS TEXT) LIKE :needle")
                        count = connection.execute(query, {"needle": f"%{needle}%"}).scalar_one()
                        if count:
                            found[f"{table}.{column['name']}"] = found.get(f"{table}.{column['name']}", 0) + count
    finally:
        engine.dispose()
    return found


# ----------------------------------------------------------------- opening and joining


def test_a_new_class_has_a_code_a_teacher_token_and_links_to_its_pages(client: FlaskClient) -> None:
    answer = client.post(CLASSES, json={"name": "  4B  ", "lang": "de", "operators": "+-*", "target": 0.8})
    assert answer.status_code == 201
    made = answer.get_json()
    assert set(made) == {
        *("id", "code", "name", "language", "operators", "target", "created"),
        *("join_link", "teacher_token", "teacher_link"),
    }
    assert (made["name"], made["language"], made["operators"], made["target"]) == ("4B", "de", "+-*", 0.8)
    assert len(made["code"]) == 6 and made["code"].isalnum() and made["code"].isupper()
    assert made["teacher_link"] == "http://localhost" + TEACHER_PAGE.format(token=made["teacher_token"])
    assert made["join_link"] == "http://localhost" + JOIN_PAGE.format(code=made["code"])
    assert answer.headers["Cache-Control"] == "no-store"


def test_a_class_without_settings_takes_the_readers_language_and_every_operator(client: FlaskClient) -> None:
    made = client.post(CLASSES, json={"name": "4B"}, headers={"Accept-Language": "fr-CH, fr;q=0.9"}).get_json()
    assert (made["language"], made["operators"], made["target"]) == ("fr", "+-*/", 0.75)


def test_pupils_join_with_the_code_as_typed_and_a_nickname_only(client: FlaskClient) -> None:
    made = new_class(client, lang="it")
    code = made["code"]
    answer = client.post(f"{CLASSES}/join", json={"code": f" {code[:3].lower()}-{code[3:]} ", "nickname": "  Sam  "})
    assert answer.status_code == 201
    joined = answer.get_json()
    assert set(joined) == {"pupil_token", "nickname", "class"}
    assert joined["nickname"] == "Sam"
    assert joined["class"] == {"name": "4B", "language": "it", "operators": "+-", "target": 0.75}
    error_of(client.post(f"{CLASSES}/join", json={"code": code, "nickname": "sam"}), 409, "nickname")
    error_of(client.post(f"{CLASSES}/join", json={"code": "ZZZZZZ", "nickname": "Ann"}), 404, "code")


def test_bad_settings_and_joins_are_refused_naming_the_field(client: FlaskClient) -> None:
    made = new_class(client)
    refusals = [
        (CLASSES, {"lang": "en"}, "name"),
        (CLASSES, {"name": "   "}, "name"),
        (CLASSES, {"name": "x" * 61}, "name"),
        (CLASSES, {"name": "4B", "lang": "es"}, "lang"),
        (CLASSES, {"name": "4B", "operators": "*"}, "operators"),
        (CLASSES, {"name": "4B", "target": 0.5}, "target"),
        (CLASSES, {"name": "4B", "pupils": 30}, "pupils"),
        (f"{CLASSES}/join", {"code": made["code"]}, "nickname"),
        (f"{CLASSES}/join", {"code": made["code"], "nickname": "\u200b\u0007"}, "nickname"),
        (f"{CLASSES}/join", {"code": made["code"], "nickname": "n" * 25}, "nickname"),
        (f"{CLASSES}/join", {"nickname": "Sam"}, "code"),
        (f"{CLASSES}/join", {"code": 123456, "nickname": "Sam"}, "code"),
    ]
    for path, body, field in refusals:
        error_of(client.post(path, json=body), 422, field)


# ----------------------------------------------------------------- the teacher


def test_the_teacher_sees_each_pupil_their_skills_week_rules_and_days(client: FlaskClient) -> None:
    made = new_class(client, lang="de")
    teacher = bearer(made["teacher_token"])
    sam = bearer(join(client, made["code"], "Sam"))
    join(client, made["code"], "Ann")  # joins, and does not practise
    practise(client, sam, right=True, seconds=30)
    wrong = practise(client, sam, right=False, seconds=30)
    assert wrong["correct"] is False and wrong["codes"]
    answer = client.get(f"{CLASSES}/{made['id']}", headers=teacher)
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    overview = answer.get_json()
    assert (overview["id"], overview["code"], overview["language"]) == (made["id"], made["code"], "de")
    assert "teacher_token" not in overview
    pupils = {pupil["nickname"]: pupil for pupil in overview["pupils"]}
    assert list(pupils) == ["Sam", "Ann"]
    assert (pupils["Sam"]["answers_week"], pupils["Sam"]["right_week"], pupils["Sam"]["seconds_week"]) == (2, 1, 60)
    assert pupils["Sam"]["skills"][0]["name"] == "Plus und minus"
    broken = pupils["Sam"]["broken"]
    assert [rule["code"] for rule in broken] == wrong["codes"][:3]
    assert all(rule["words"] and rule["words"] != rule["code"] and rule["times"] == 1 for rule in broken)
    assert pupils["Sam"]["weakest_skills"] == ["add-subtract"]
    assert len(pupils["Sam"]["days"]) == 28 and pupils["Sam"]["days"][-1]["answers"] == 2
    assert (pupils["Ann"]["answers"], pupils["Ann"]["last_answer"], pupils["Ann"]["weakest_skills"]) == (0, None, [])
    level = pupils["Sam"]["skills"][0]["level"]  # the class's level is Sam's: Ann has not answered
    today = {"day": datetime.now(UTC).date().isoformat(), "answers": 2, "right": 1, "levels": {"add-subtract": level}}
    assert overview["days"][-1] == today
    in_english = client.get(f"{CLASSES}/{made['id']}?lang=en", headers=teacher).get_json()
    assert in_english["pupils"][0]["skills"][0]["name"] == "Plus and minus"


def test_without_the_teacher_token_nothing_of_a_class_shows(client: FlaskClient) -> None:
    made, other = new_class(client), new_class(client, name="4C")
    pupil = join(client, made["code"], "Sam")
    addresses = [f"{CLASSES}/{made['id']}", f"{CLASSES}/{made['id']}/export.csv"]
    for address in addresses:
        answer = client.get(address)
        assert "teacher token" in error_of(answer, 401)
        assert answer.headers["WWW-Authenticate"] == "Bearer"
        unknown = error_of(client.get(address.replace(made["id"], "no-such-class"), headers=bearer("x")), 404)
        for token in (other["teacher_token"], pupil, "made-up-token"):
            assert error_of(client.get(address, headers=bearer(token)), 404) == unknown
    for token in (other["teacher_token"], pupil):
        error_of(client.patch(f"{CLASSES}/{made['id']}", json={"name": "Mine"}, headers=bearer(token)), 404)
        error_of(client.delete(f"{CLASSES}/{made['id']}", headers=bearer(token)), 404)
    error_of(client.delete(f"{CLASSES}/{made['id']}"), 401)
    assert client.get(f"{CLASSES}/{made['id']}", headers=bearer(made["teacher_token"])).status_code == 200


def test_the_teacher_changes_the_settings_and_the_pupils_practise_by_them(client: FlaskClient) -> None:
    made = new_class(client)
    teacher, pupil = bearer(made["teacher_token"]), bearer(join(client, made["code"], "Sam"))
    answer = client.patch(f"{CLASSES}/{made['id']}", json={"lang": "fr", "target": 0.9}, headers=teacher)
    assert answer.status_code == 200
    changed = answer.get_json()
    assert (changed["name"], changed["language"], changed["operators"], changed["target"]) == ("4B", "fr", "+-", 0.9)
    assert client.post(NEXT, json={}, headers=pupil).get_json()["class"]["language"] == "fr"
    for body, field in (({"target": 1}, "target"), ({"name": " "}, "name"), ({"operators": "+"}, "operators")):
        error_of(client.patch(f"{CLASSES}/{made['id']}", json=body, headers=teacher), 422, field)


def test_the_csv_export_is_an_attachment_no_spreadsheet_reads_as_formulas(client: FlaskClient) -> None:
    made = new_class(client)
    teacher = bearer(made["teacher_token"])
    nicknames = ['=HYPERLINK("http://x")', "+1", "-1", "@SUM(A1)", "Sam"]
    for nickname in nicknames:
        practise(client, bearer(join(client, made["code"], nickname)), right=True)
    answer = client.get(f"{CLASSES}/{made['id']}/export.csv?lang=it", headers=teacher)
    assert answer.status_code == 200
    assert answer.mimetype == "text/csv"
    assert answer.headers["Content-Disposition"] == f'attachment; filename="class-{made["code"]}.csv"'
    assert answer.text.startswith(BYTE_ORDER_MARK), "spreadsheets read it as UTF-8"
    rows = list(csv.reader(io.StringIO(answer.text.removeprefix(BYTE_ORDER_MARK)), delimiter=";"))  # as in Italy
    assert rows[0][0] == "soprannome" and all(len(row) == len(rows[0]) for row in rows)
    assert all("," in row[7] and "." not in row[7] for row in rows[1:]), "minutes with a decimal comma"
    assert sorted(row[0] for row in rows[1:]) == sorted(f"'{name}" if name[0] in "=+-@" else name for name in nicknames)
    assert all(cell[:1] not in ("=", "+", "-", "@", "\t", "\r") for row in rows for cell in row)


def test_deleting_a_class_leaves_no_row_of_it_in_any_table(database_url: str) -> None:
    with practice_app(database_url) as app:
        client = app.test_client()
        made, kept = new_class(client, name="Zanzibar"), new_class(client, name="Kept")
        pupil = join(client, made["code"], "Quirinus")
        practise(client, bearer(pupil), right=True)
        practise(client, bearer(pupil), right=False)
        practise(client, bearer(join(client, kept["code"], "Ann")), right=True)
        hashes = [hashlib.sha256(token.encode()).hexdigest() for token in (made["teacher_token"], pupil)]
        needles = (made["id"], made["code"], "Zanzibar", "Quirinus", *hashes)
        assert len(rows_holding(database_url, *needles)) >= 5
        answer = client.delete(f"{CLASSES}/{made['id']}", headers=bearer(made["teacher_token"]))
        assert (answer.status_code, answer.data) == (204, b"")
        assert rows_holding(database_url, *needles) == {}
        assert rows_holding(database_url, kept["id"], "Ann") != {}
        error_of(client.get(f"{CLASSES}/{made['id']}", headers=bearer(made["teacher_token"])), 404)
        error_of(client.post(f"{CLASSES}/join", json={"code": made["code"], "nickname": "Ann"}), 404, "code")


def test_removing_a_pupil_leaves_no_row_of_them_and_frees_their_nickname(database_url: str) -> None:
    with practice_app(database_url) as app:
        client = app.test_client()
        made = new_class(client, name="4B")
        teacher = bearer(made["teacher_token"])
        pupil, kept = join(client, made["code"], "Quirinus"), join(client, made["code"], "Ann")
        practise(client, bearer(pupil), right=True)
        practise(client, bearer(kept), right=False)
        pupils = {
            each["nickname"]: each["id"]
            for each in client.get(f"{CLASSES}/{made['id']}", headers=teacher).get_json()["pupils"]
        }
        needles = ("Quirinus", hashlib.sha256(pupil.encode()).hexdigest(), pupils["Quirinus"])
        assert rows_holding(database_url, *needles) != {}
        removing = f"{CLASSES}/{made['id']}/pupils/{pupils['Quirinus']}"
        error_of(client.delete(removing), 401)
        error_of(client.delete(removing, headers=bearer(new_class(client)["teacher_token"])), 404)
        answer = client.delete(removing, headers=teacher)
        assert (answer.status_code, answer.data) == (204, b"")
        assert rows_holding(database_url, *needles) == {}
        error_of(client.delete(removing, headers=teacher), 404)
        error_of(client.post(NEXT, json={}, headers=bearer(pupil)), 404)
        left = client.get(f"{CLASSES}/{made['id']}", headers=teacher).get_json()["pupils"]
        assert [(each["nickname"], each["answers"]) for each in left] == [("Ann", 1)]
        assert client.post(f"{CLASSES}/join", json={"code": made["code"], "nickname": "Quirinus"}).status_code == 201


def test_purge_removes_the_classes_idle_for_the_days_given_with_their_pupils(cli: Cli, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with practice_app(url) as app:
        client = app.test_client()
        idle, active = new_class(client, name="Idle"), new_class(client, name="Active")
        practise(client, bearer(join(client, idle["code"], "Quirinus")), right=True)
        practise(client, bearer(join(client, active["code"], "Ann")), right=True)
    with GameStore(url) as store, store.writing() as session:
        long_ago = datetime.now(UTC) - timedelta(days=91)
        session.execute(update(ClassRow).where(ClassRow.id == idle["id"]).values(updated=long_ago))
    result = cli("games", "purge", "--classes-idle-for", "90", "--database", url)
    assert (result.exit_code, result.stdout.startswith("Removed 1 ")) == (0, True), result.stdout
    assert rows_holding(url, idle["id"], "Quirinus") == {}
    assert rows_holding(url, active["id"], "Ann") != {}


# ----------------------------------------------------------------- guessing codes


def test_an_address_trying_codes_is_stopped_before_it_finds_a_class(tmp_path: Path) -> None:
    settings = {"NAMBARZ_RATE_LIMIT": "1000 per minute", "NAMBARZ_CLASS_RATE_LIMIT": "3 per hour"}
    with practice_app(f"sqlite:///{tmp_path / 'games.sqlite3'}", **settings) as app:
        client = app.test_client()
        made = new_class(client)  # a class opened counts too
        pupil = {"code": made["code"], "nickname": "Sam"}
        assert client.post(f"{CLASSES}/join", json=pupil).status_code == 201  # a right code does not count
        guesses = [
            client.post(f"{CLASSES}/join", json={"code": code, "nickname": "Eve"}) for code in ("AAAAAA", "BBBBBB")
        ]
        assert [guess.status_code for guess in guesses] == [404, 404]
        refused = client.post(f"{CLASSES}/join", json={**pupil, "nickname": "Ann"})
        message = error_of(refused, 429)
        assert message.startswith("rate limit of 3 per 1 hour reached; retry after ")
        assert int(refused.headers["Retry-After"]) >= 1
        error_of(client.post(CLASSES, json={"name": "4C"}), 429)
        other = client.post(
            f"{CLASSES}/join", json=pupil | {"nickname": "Bo"}, environ_base={"REMOTE_ADDR": "192.0.2.9"}
        )
        assert other.status_code == 201  # another address keeps its own budget


def test_the_openapi_document_describes_every_endpoint_of_classes_and_practice(client: FlaskClient) -> None:
    document = client.get("/api/openapi.json").get_json()
    paths = {
        path: operations for path, operations in document["paths"].items() if "/classes" in path or "/practice/" in path
    }
    assert set(paths) == {
        *("/api/v1/practice/next", "/api/v1/practice/hint", "/api/v1/practice/answer"),
        *(CLASSES, f"{CLASSES}/join", f"{CLASSES}/{{class_id}}", f"{CLASSES}/{{class_id}}/export.csv"),
        f"{CLASSES}/{{class_id}}/pupils/{{pupil_id}}",
    }
    teacher = [paths[f"{CLASSES}/{{class_id}}"][method] for method in ("get", "patch", "delete")]
    teacher.append(paths[f"{CLASSES}/{{class_id}}/export.csv"]["get"])
    teacher.append(paths[f"{CLASSES}/{{class_id}}/pupils/{{pupil_id}}"]["delete"])
    for operation in teacher:
        assert operation["security"] == [{"bearer": []}]
        assert {"401", "404", "429"} <= set(operation["responses"])
    assert "text/csv" in paths[f"{CLASSES}/{{class_id}}/export.csv"]["get"]["responses"]["200"]["content"]
    assert "class codes" in paths[f"{CLASSES}/join"]["post"]["responses"]["429"]["description"]
    assert {"404", "409", "422"} <= set(paths[f"{CLASSES}/join"]["post"]["responses"])
    assert document["components"]["securitySchemes"]["bearer"]["scheme"] == "bearer"
    exercise = document["components"]["schemas"]["PracticeExercise"]["properties"]
    assert not {"answers", "verdict", "key"} & set(exercise)

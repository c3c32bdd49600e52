"""A class in Chromium: a teacher opens it, two pupils join on phones and practise, the teacher's page shows them both,
and deleting the class leaves nothing of it in the database file the server writes."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import ACTION_TIMEOUT_MS, SIZES, Browse
from tests.web.practising import right_answer, served_item, wrong_answer
from tutor.item_bank import bank

PUPILS = {"Sam": [True, False, True], "Ada": [True, True, False, True]}
"""Each pupil's answers, right or wrong, in order."""

CLASS_TABLES = {"practice_classes": "id", "practice_pupils": "class_id", "practice_answers": "class_id"}
"""The tables that keep a class, and the column that names the class in each."""


def server_database() -> Path:
    """The SQLite file the test server writes its games and classes to (the suite's setting, which it inherits)."""
    url = os.environ["NAMBARZ_DATABASE_URL"]
    assert url.startswith("sqlite:///"), url
    return Path(url.removeprefix("sqlite:///"))


def answer_as_a_pupil(page: Any, correct: bool) -> None:
    """Answer the exercise on ``page`` as a pupil does, by tapping (a calculation is written in its field)."""
    item = served_item(page.content())
    text = right_answer(item) if correct else wrong_answer(item)
    kind = bank()[item].kind
    with page.expect_navigation():
        if kind == "cover":
            page.fill("#answer", text)
            page.locator("form.practice-answer button[type=submit]").click()
        else:
            page.locator(f'form.practice-answer button[name="answer"][value="{text}"]').click()
    page.locator("#verdict").wait_for()


def rows_of_class(database: Path, class_id: str) -> dict[str, int]:
    with sqlite3.connect(database) as connection:
        return {
            table: connection.execute(f"SELECT COUNT(*) FROM {table} WHERE {column} = ?", (class_id,)).fetchone()[0]
            for table, column in CLASS_TABLES.items()
        }


@pytest.mark.parametrize("size", ["desktop"])
def test_a_teacher_follows_two_pupils_who_joined_on_phones_removes_one_then_deletes_the_class(
    browse: Browse, browser: Any, size: str
) -> None:
    database = server_database()
    teacher = browse.open("/classes/new?lang=en")
    teacher.fill("#name", "4B")
    teacher.locator('input[name="operators"][value="+-"]').check()
    with teacher.expect_navigation():
        teacher.locator("form.class-form button[type=submit]").click()
    assert "/teach/" in teacher.url
    assert teacher.locator(".teacher-link .notice").is_visible()
    teacher.locator(".class-qr svg").wait_for()
    browse.assert_fits_width()
    browse.assert_accessible()
    code = teacher.locator(".class-code").get_attribute("data-code")
    join_address = teacher.locator("#join-address").input_value()
    assert code is not None and join_address.endswith(f"/join?code={code}&lang=en")
    teacher_address = teacher.url

    for nickname, answers in PUPILS.items():
        phone = browser.new_context(viewport=SIZES["phone"], locale="en-GB")
        phone.set_default_timeout(ACTION_TIMEOUT_MS)
        try:
            page = phone.new_page()
            page.goto(join_address)
            assert page.locator("#code").input_value() == code
            page.fill("#nickname", nickname)
            with page.expect_navigation():
                page.locator("form.join-form button[type=submit]").click()
            assert f"you practise as {nickname}" in page.locator(".class-line").inner_text()
            for correct in answers:
                answer_as_a_pupil(page, correct)
                if page.locator("#next-exercise, #verdict a.button.primary").count():
                    with page.expect_navigation():
                        page.locator("#next-exercise, #verdict a.button.primary").first.click()
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0
            assert page.locator(".practice-progress .skill").count() >= 1
        finally:
            phone.close()

    teacher.goto(teacher_address)
    pupils = teacher.locator("article.pupil")
    assert pupils.count() == 2
    assert [pupils.nth(index).locator("h3").inner_text() for index in range(2)] == ["Sam", "Ada"]
    assert "This week: 3 answers, 2 right" in pupils.nth(0).inner_text()
    assert "This week: 4 answers, 3 right" in pupils.nth(1).inner_text()
    assert teacher.locator("svg.trend rect.activity").count() == 1, "one day with answers"
    assert teacher.locator("svg.trend polyline.skill-line").count() == 1, "one skill practised"
    assert teacher.locator(".trend-legend li").all_inner_texts() == ["Plus and minus"]
    browse.assert_accessible()

    with sqlite3.connect(database) as connection:
        (class_id,) = connection.execute("SELECT id FROM practice_classes WHERE code = ?", (code,)).fetchone()
    assert rows_of_class(database, class_id) == {"practice_classes": 1, "practice_pupils": 2, "practice_answers": 7}
    with teacher.expect_navigation():
        pupils.nth(1).locator(".pupil-remove a").click()
    assert teacher.locator("h1").inner_text() == "Remove Ada from the class?"
    browse.assert_fits_width()
    browse.assert_accessible()
    with teacher.expect_navigation():
        teacher.locator("form button.danger").click()
    assert teacher.locator("article.pupil h3").all_inner_texts() == ["Sam"]
    assert rows_of_class(database, class_id) == {"practice_classes": 1, "practice_pupils": 1, "practice_answers": 3}
    with teacher.expect_navigation():
        teacher.locator(".class-delete a.button").click()
    browse.assert_accessible()
    with teacher.expect_navigation():
        teacher.locator("form button.danger").click()
    assert "The class 4B is deleted" in teacher.locator("h1").inner_text()
    assert rows_of_class(database, class_id) == {"practice_classes": 0, "practice_pupils": 0, "practice_answers": 0}
    assert teacher.goto(teacher_address).status == 404


TOUCH_TARGET_PX = 44
"""The smallest height a finger can hit reliably."""

CONTROLS = "main :is(button, .button, summary, label.check, input[type=text], select):visible"
"""Everything a person taps on the pages of practice and classes."""


def assert_finger_sized(page: Any) -> None:
    heights = page.locator(CONTROLS).evaluate_all("elements => elements.map(e => e.getBoundingClientRect().height)")
    assert heights and min(heights) >= TOUCH_TARGET_PX - 0.5, heights


def test_a_class_and_its_practice_work_on_phones_without_javascript(browser: Any, server_url: str) -> None:
    contexts = [
        browser.new_context(viewport=SIZES["phone"], locale="en-GB", java_script_enabled=False) for _ in range(2)
    ]
    try:
        teacher, pupil = (context.new_page() for context in contexts)
        for context in contexts:
            context.set_default_timeout(ACTION_TIMEOUT_MS)
        teacher.goto(f"{server_url}/classes/new?lang=it")
        assert_finger_sized(teacher)
        teacher.fill("#name", "5A")
        with teacher.expect_navigation():
            teacher.locator("form.class-form button[type=submit]").click()
        assert_finger_sized(teacher)
        pupil.goto(teacher.locator("#join-address").input_value())
        assert_finger_sized(pupil)
        pupil.fill("#nickname", "Lia")
        with pupil.expect_navigation():
            pupil.locator("form.join-form button[type=submit]").click()
        assert_finger_sized(pupil)
        item = served_item(pupil.content())
        with pupil.expect_navigation():
            pupil.locator("#next-hint").click()
        assert pupil.locator(".hint-list li").count() == 1 and served_item(pupil.content()) == item
        answer_as_a_pupil(pupil, correct=True)
        assert pupil.locator("#verdict").get_attribute("data-correct") == "true"
        assert_finger_sized(pupil)
        teacher.reload()
        assert "Lia" in teacher.locator("article.pupil h3").all_inner_texts()
        assert_finger_sized(teacher)
    finally:
        for context in contexts:
            context.close()

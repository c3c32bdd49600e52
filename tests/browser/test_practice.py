"""The practice page in a real browser: a pupil answers wrongly, takes a hint, answers rightly, and keeps a score."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Browse
from web.practice import practice_exercise

COVER = "/practice?level=2&seed=7&lang=it"
"""Exercise 1 of this run: cover 8bee with 2 4 5 10bear and + − ×; 4 × 2 is the answer, 5 + 2 is wrong."""


def tap(page: Any, *keys: str) -> None:
    """Tap the practice keyboard's keys of ``keys`` (cards and signs in the notation), in order."""
    for key in keys:
        page.locator(f'.practice-keyboard button[data-notation="{key}"]').click()


def submit(page: Any, button: str) -> None:
    """Press ``button`` (a selector) and wait for the page it leads to."""
    with page.expect_navigation():
        page.locator(button).click()


def score(page: Any) -> dict[str, str]:
    """The score panel's figures: right answers, attempts, hints used."""
    return {name: page.locator(f'#score [data-score="{name}"]').inner_text() for name in ("right", "attempts", "hints")}


def test_a_pupil_answers_wrongly_takes_a_hint_then_answers_rightly(browse: Browse) -> None:
    exercise = practice_exercise(2, 7, 1)
    assert (exercise.kind, str(exercise.top), [str(card) for card in exercise.hand]) == (
        "cover",
        "8bee",
        ["2", "4", "5", "10bear"],
    )
    page = browse.open(COVER)
    assert page.locator("#score").is_visible()
    assert score(page) == {"right": "0", "attempts": "0", "hints": "0"}
    browse.assert_fits_width()
    browse.assert_accessible()

    tap(page, "5")
    assert page.locator('.practice-keyboard button[data-notation="5"]').get_attribute("aria-disabled") == "true"
    assert page.locator('.practice-keyboard button[data-notation="4"]').get_attribute("aria-disabled") == "true"
    tap(page, "+", "2")
    assert page.input_value("#answer") == "5 + 2"
    submit(page, "form.practice-answer button[type=submit]")
    verdict = page.locator("#verdict")
    assert verdict.get_attribute("data-correct") == "false"
    assert verdict.get_attribute("data-legal") == "false"
    assert verdict.get_attribute("data-codes") == "wrong-result"
    assert "Non ancora. 5 + 2 fa 7, non 8. Riprova." in verdict.inner_text()
    assert score(page) == {"right": "0", "attempts": "1", "hints": "0"}
    browse.assert_accessible()

    submit(page, "#next-hint")
    assert page.locator(".hint-list li").count() == 1
    assert page.locator("#verdict").count() == 0
    assert score(page) == {"right": "0", "attempts": "1", "hints": "1"}
    browse.assert_accessible()

    tap(page, "4", "*", "2")
    submit(page, "form.practice-answer button[type=submit]")
    verdict = page.locator("#verdict")
    assert verdict.get_attribute("data-correct") == "true"
    assert verdict.get_attribute("data-codes") == ""
    assert "Giusto! 4 × 2 fa 8." in verdict.inner_text()
    assert page.locator(".hint-list li").count() == 1
    assert score(page) == {"right": "1", "attempts": "2", "hints": "1"}
    browse.assert_fits_width()
    browse.assert_accessible()


def test_a_pupil_referees_a_play_fills_a_box_and_resets_the_score(browse: Browse) -> None:
    page = browse.open("/practice?level=2&seed=5&number=3&lang=fr")
    page.locator('input[name="reason"][value="not-minimal"]').check()
    submit(page, 'button[value="not-legal"]')
    verdict = page.locator("#verdict")
    assert verdict.get_attribute("data-correct") == "true"
    assert verdict.get_attribute("data-codes") == "not-minimal wrong-result"
    browse.assert_fits_width()
    browse.assert_accessible()

    page = browse.open("/practice?level=2&seed=2&number=2&lang=fr")
    submit(page, '.card-choices button[value="2"]')
    assert page.locator("#verdict").get_attribute("data-correct") == "true"
    assert score(page) == {"right": "2", "attempts": "2", "hints": "0"}
    browse.assert_fits_width()
    browse.assert_accessible()

    page.locator('[data-action="reset-score"]').click()
    assert score(page) == {"right": "0", "attempts": "0", "hints": "0"}

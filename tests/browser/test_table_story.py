"""The table tells the story in a real browser: the bots' turns told after a move on a phone, and another person's
move shown in place on a second device, the page staying where it was scrolled to."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import ACTION_TIMEOUT_MS, SIZES, Browse
from tests.browser.test_content_security_policy import RECORD_VIOLATIONS
from tests.browser.test_play import at_table, policy_violations, start_game

SEEN_WITHIN_MS = 20_000
"""How long another device's page may take to show a move (the script asks every second)."""

NOTATION = re.compile(r"asc\d|desc\d|@\d|\bJ(?:both|number|figure|replay)\b|\bplay \d|\bP\d\b")


@pytest.mark.parametrize("size", ["phone"])
def test_after_a_move_on_a_phone_the_strip_tells_the_bots_turns_in_words(browse: Browse, size: str) -> None:
    browse.page.context.add_init_script(RECORD_VIOLATIONS)
    page = start_game(browse, [("human", "Ann"), ("planner", "Bea"), ("planner", "Cid"), ("planner", "Dan")])
    page.locator("a[data-join]").click()
    for _ in range(40):
        table = at_table(page)
        plays = page.locator("form.listed-moves button[data-action]")
        if plays.count():
            page.locator("details.legal-moves summary").click()
            with page.expect_navigation():
                plays.first.click()
        else:
            with page.expect_navigation():
                page.locator("form.word-moves button").first.click()
        others = page.locator(".story-lines li.other")
        if others.count():
            break
    else:
        pytest.fail("no bot's turn was ever told")
    told = others.all_inner_texts()
    assert all(line.startswith(("Bea", "Cid", "Dan")) for line in told), told
    assert not any(NOTATION.search(line) for line in told), told
    assert page.locator(".story h2").inner_text() == "Since your last move"
    scrolled = page.evaluate("window.scrollY")
    assert scrolled > 0, "after a move the page shows the story and the verdict, not the top of the page"
    box = page.locator(".story").bounding_box()
    assert box is not None and 0 <= box["y"] < SIZES[size]["height"], "the story is in view"
    browse.assert_fits_width()
    browse.assert_accessible()
    assert table.get_attribute("data-version") is not None
    assert policy_violations(page) == []


@pytest.mark.parametrize("size", ["phone"])
def test_another_persons_move_shows_in_place_with_its_story_and_marks(browse: Browse, browser: Any, size: str) -> None:
    page = start_game(browse, [("human", "Ann"), ("human", "Bob")], game="quando", seed=None)
    link = page.input_value("#link1")
    page.locator("a[data-join]").first.click()
    at_table(page)
    second = browser.new_context(viewport=SIZES[size], locale="en-GB")
    second.set_default_timeout(ACTION_TIMEOUT_MS)
    second.add_init_script(RECORD_VIOLATIONS)
    try:
        other = second.new_page()
        other.goto(link)
        at_table(other)
        assert other.locator(".play-table").get_attribute("data-your-turn") == "false"
        other.evaluate("window.keptPage = true; window.scrollTo(0, document.body.scrollHeight)")
        scrolled = other.evaluate("window.scrollY")
        assert scrolled > 0, "the page is longer than a phone's screen"
        page.locator("details.legal-moves summary").click()
        with page.expect_navigation():
            page.locator("form.listed-moves button[data-action]").first.click()
        with page.expect_navigation():  # the side to draw: Ann's turn ends
            page.locator("form.word-moves button").first.click()
        other.locator('.play-table[data-your-turn="true"]').wait_for(timeout=SEEN_WITHIN_MS)
        told = other.locator(".story-lines li.other")
        assert told.first.inner_text().startswith("Ann played")
        assert other.evaluate("window.keptPage") is True, "the table changed in place, without loading the page again"
        assert other.evaluate("window.scrollY") > 0, "the page did not jump back to the top"
        assert other.locator(".play-table").get_attribute("data-your-turn") == "true"
        assert other.locator(".changed").count() > 0, "what Ann's move changed is marked"
        assert other.locator('.story [aria-live="polite"]').count() == 1
        assert policy_violations(other) == []
    finally:
        second.close()

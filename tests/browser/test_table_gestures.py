"""Nmbrs! and Quando played by tapping in Chromium at a phone's size: cards of the hand onto the grid's places, and the
knock explained when it becomes possible.

Each test audits its pages with axe-core, checks that nothing scrolls
sideways, records every Content-Security-Policy violation (none may
happen) and fails if any request leaves the server.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from solver.nmbrs.state import Action, Game
from tests.browser.conftest import Browse
from tests.browser.gestures import tap_quando_play
from tests.browser.test_content_security_policy import RECORD_VIOLATIONS
from tests.browser.test_play import at_table, policy_violations, start_game

NMBRS_SEED = 8
"""A deal whose first hand, once it takes the top discard, lays 2 6 10 as its first sequence."""


@pytest.fixture
def audited(browse: Browse) -> Iterator[Browse]:
    """``browse``, with every Content-Security-Policy violation of its pages recorded, and none allowed."""
    browse.page.context.add_init_script(RECORD_VIOLATIONS)
    yield browse
    assert policy_violations(browse.page) == []


def first_sequence(seed: int) -> list[str]:
    """The cards of the first new sequence the seat at 0 may lay after taking the top discard, lowest first."""
    state = Game(players=2, seed=seed).new_state()
    state.apply(Action.parse("take"))
    lay = next(
        action.play
        for action in state.legal_actions()
        if action.play is not None and not any(card.is_joker for card in action.play.cards)
    )
    return [str(card) for card in lay.cards]


def check_page(browse: Browse) -> None:
    browse.assert_fits_width()
    browse.assert_accessible()


@pytest.mark.parametrize("size", ["phone"])
def test_a_person_lays_an_nmbrs_sequence_by_tapping_cards_then_places(audited: Browse, size: str) -> None:
    page = start_game(audited, [("human", "Ann"), ("greedy", "Bot")], game="nmbrs", seed=NMBRS_SEED)
    page.locator("a[data-join]").click()
    at_table(page)
    with page.expect_navigation():
        page.locator('form.word-moves button[value="take"]').click()
    form = page.locator("form.nmbrs-lay")
    plan = form.locator("[data-lay-plan]")
    cards = first_sequence(NMBRS_SEED)
    assert cards == ["2", "6", "10"]
    check_page(audited)
    places = form.locator(".new-sequence label.place")
    form.locator('.hand-choice label[data-card="2"]').click()
    places.nth(0).click()
    assert form.locator(".new-sequence label.place.planned svg").count() == 1, "the card is drawn in its place"
    form.locator('button[type="reset"]').click()
    # The script redraws the plan once the browser has cleared the fields, just after the reset: wait for it.
    form.locator("label.planned").first.wait_for(state="detached", timeout=20_000)
    assert form.locator("input:checked").count() == 0
    for card in cards:
        form.locator(f'.hand-choice label[data-card="{card}"]').click()
    assert "Now tap a place for 2" in plan.inner_text()
    assert form.locator(".hand-choice label[data-order]").count() == 3, "each card chosen shows its order"
    for index in range(len(cards)):
        places.nth(index).click()
    assert "Ready to lay" in plan.inner_text() and "new row, column 3" in plan.inner_text()
    assert form.locator(".new-sequence label.planned").count() == 3
    assert form.locator("[data-lay-action]").input_value() == "lay 2@0,0 6@0,1 10@0,2"
    check_page(audited)
    with page.expect_navigation():
        form.locator('button[name="lay"]').click()
    verdict = page.locator("#verdict")
    assert verdict.get_attribute("data-legal") == "true" and verdict.get_attribute("data-accepted") == "true"
    assert "2, 6 and 10" in verdict.inner_text() and "row 1, columns 1 to 3" in verdict.inner_text()
    grid = page.locator("table.nmbrs-grid")
    laid = grid.locator("td.grid-card")
    assert [laid.nth(index).get_attribute("data-card") for index in range(laid.count())] == cards
    for index in range(laid.count()):
        colour = laid.nth(index).get_attribute("data-colour")
        drawing = laid.nth(index).locator("svg")
        assert colour in ("red", "green", "blue", "orange")
        assert f"colour-{colour}" in (drawing.get_attribute("class") or "")
        assert drawing.evaluate("svg => getComputedStyle(svg).color") != "rgb(34, 34, 34)", "drawn in its colour"
    assert grid.locator("th[scope=col]").all_inner_texts() == ["1", "2", "3"]
    box = page.locator(".grid-box")
    assert box.evaluate("box => getComputedStyle(box).overflowX") == "auto", "a wide table scrolls in its box"
    check_page(audited)


@pytest.mark.parametrize("size", ["phone"])
def test_a_person_plays_quando_by_tapping_and_reads_the_knock_explained(audited: Browse, size: str) -> None:
    page = start_game(audited, [("human", "Ann"), ("strong", "Bot")], game="quando", seed=5)
    page.locator("a[data-join]").click()
    for _ in range(40):
        table = at_table(page)
        if page.locator("#knock-note").count():
            break
        plays = page.locator("form.listed-moves button[data-action^='play ']")
        if plays.count():
            button = tap_quando_play(page, plays.last.get_attribute("data-action"))
        else:
            button = page.locator("form.word-moves button").first
        assert button is not None and table.get_attribute("data-your-turn") == "true"
        with page.expect_navigation():
            button.click()
        assert page.locator("#verdict").get_attribute("data-legal") == "true"
    note = page.locator("#knock-note")
    assert note.get_attribute("data-knock") == "new" and note.is_visible()
    assert "everyone else plays one more turn" in note.inner_text()
    knock = page.locator('form.word-moves button[value="knock"]')
    assert "then the round is scored" in knock.inner_text()
    check_page(audited)

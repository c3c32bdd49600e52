"""The scoresheet of a game with the real cards in Chromium at phone size: a three-round game ending in a tie, its
tie-break round entered on a second phone that opened the same link, and the first phone following it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.companion import THREE, TIE_BREAK, TIED_GAME, enter_round, open_scoresheet
from tests.browser.conftest import ACTION_TIMEOUT_MS, SIZES, Browse

WAIT_MS = 60_000
"""How long a phone may take to learn of another phone's round (it asks every few seconds)."""


def standings(page: Any) -> list[tuple[str, str, str]]:
    """The table of totals as a person reads it: place, player, points."""
    rows = page.locator(".companion-totals tbody tr")
    return [tuple(rows.nth(index).locator("td").all_inner_texts()) for index in range(rows.count())]


@pytest.mark.parametrize("size", ["phone"])
def test_a_three_round_game_ending_in_a_tie_is_kept_and_its_tie_break_entered_on_another_phone(
    browse: Browse, browser: Any, size: str
) -> None:
    page = browse.page
    open_scoresheet(page, browse.server_url, "en")
    assert "The player left of the dealer starts." in page.locator(".companion-status").inner_text()
    counter = page.locator("#strokes0-5")
    page.locator("details.stroke-player:has(#strokes0-5) summary").click()
    page.locator('button[data-target="strokes0-5"][data-step="1"]').click()
    page.locator('button[data-target="strokes0-5"][data-step="1"]').click()
    page.locator('button[data-target="strokes0-5"][data-step="-1"]').click()
    assert counter.input_value() == "1"  # counted in place: the page did not reload
    counter.fill("0")
    for number, (order, strokes) in enumerate(TIED_GAME, start=1):
        enter_round(page, order, strokes)
        browse.assert_fits_width()
        if number == 1:
            assert "Next to start: Anna." in page.locator(".companion-status").inner_text()
    status = page.locator(".companion-status").inner_text()
    assert "Tie-break round for places 2 and 3" in status
    assert "Anna and Ben have 97 points each" in status
    assert standings(page) == [("1", "Carla", "104"), ("2", "Anna", "97"), ("2", "Ben", "97")]
    assert page.locator(".companion-totals tr.contested").count() == 2
    assert page.locator("form.companion-round select").count() == 1  # two play: one place to choose
    assert page.locator(".companion-qr svg").is_visible()
    browse.assert_accessible()

    link = page.locator("#sheet-link").input_value()
    other = browser.new_context(viewport=SIZES["phone"], locale="de-DE")
    other.set_default_timeout(ACTION_TIMEOUT_MS)
    try:
        second = other.new_page()
        second.goto(link)
        assert standings(second) == standings(page)
        assert [option for option in second.locator("#place1 option").all_inner_texts() if option in THREE] == [
            "Anna",
            "Ben",
        ]
        enter_round(second, TIE_BREAK)
        assert "Carla" in second.locator(".companion-status").inner_text()
        final = standings(second)
    finally:
        other.close()
    assert final == [("1", "Carla", "104"), ("2", "Ben", "97"), ("3", "Anna", "97")]
    page.get_by_text("First place: Carla.").wait_for(timeout=WAIT_MS)
    assert standings(page) == final
    assert page.locator("form.companion-round").count() == 0
    browse.assert_fits_width()
    browse.assert_accessible()

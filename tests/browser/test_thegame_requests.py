"""The Game on two phones: one person asks the others not to play on a pile, the other reads it beside that pile.

Two browser contexts at 360 px are two people's phones.  The first person
taps "Please don't play here" under a pile on their turn, lays their cards
and ends the turn; the second person's table, updated by its polling, shows
"<name> asks: please don't play here" beside that pile.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import ACTION_TIMEOUT_MS, SIZES, Browse
from tests.browser.test_content_security_policy import RECORD_VIOLATIONS
from tests.browser.test_play import at_table, policy_violations, start_game

POLL_WAIT_MS = 20_000
"""How long the second phone may take to show the first person's request (its script asks every two seconds)."""


@pytest.fixture
def phones(browser: Any, server_url: str) -> Iterator[tuple[Browse, Browse]]:
    """Two phones, each a browser context of its own at 360 px, neither sending a request outside the server."""
    contexts = [browser.new_context(viewport=SIZES["phone"], locale=locale) for locale in ("en-GB", "en-GB")]
    tabs = []
    for context in contexts:
        context.set_default_timeout(ACTION_TIMEOUT_MS)
        context.add_init_script(RECORD_VIOLATIONS)
        tab = Browse(context.new_page(), server_url)
        tab.page.on(
            "request",
            lambda request, tab=tab: (
                None if request.url.startswith((server_url, "data:")) else tab.foreign_requests.append(request.url)
            ),
        )
        tabs.append(tab)
    yield tabs[0], tabs[1]
    for tab in tabs:
        assert policy_violations(tab.page) == []
        assert not tab.foreign_requests, f"requests left the server: {tab.foreign_requests}"
    for context in contexts:
        context.close()


def test_a_request_made_on_one_phone_is_read_beside_its_pile_on_the_other(phones: tuple[Browse, Browse]) -> None:
    ann, bob = phones
    page = start_game(ann, [("human", "Ann"), ("human", "Bob")], game="thegame", seed=None)
    link = page.input_value("#link1")
    page.locator("a[data-join]").first.click()
    at_table(page)
    bob.page.goto(link)
    at_table(bob.page)
    assert bob.page.locator(".play-table").get_attribute("data-your-turn") == "false"
    assert bob.page.locator('li[data-pile="asc2"] .pile-wishes').count() == 0

    pile = page.locator('li.wish-pile[data-pile="asc2"]')
    with page.expect_navigation():
        pile.get_by_role("button", name="Please don't play here").click()
    assert page.locator("#verdict").get_attribute("data-legal") == "true"
    assert "You ask: please don't play here" in page.locator('li[data-pile="asc2"] .pile-wishes').inner_text()
    ann.assert_fits_width()
    ann.assert_accessible()
    while page.locator("form.word-moves button[value='end']").count() == 0:
        page.locator("details.legal-moves summary").click()
        with page.expect_navigation():
            page.locator("form.listed-moves button[data-action]").first.click()
        assert page.locator("#verdict").get_attribute("data-legal") == "true"
    with page.expect_navigation():
        page.locator("form.word-moves button[value='end']").click()

    bob.page.locator('.play-table[data-your-turn="true"]').wait_for(timeout=POLL_WAIT_MS)
    assert "Ann asks: please don't play here" in bob.page.locator('li[data-pile="asc2"] .pile-wishes').inner_text()
    assert bob.page.locator('li[data-pile="asc1"] .pile-wishes').count() == 0
    assert bob.page.locator('li.wish-pile[data-pile="asc2"] form.wish-move button').count() == 2, "Bob may ask too"
    bob.assert_fits_width()
    bob.assert_accessible()

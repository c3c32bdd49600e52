"""Phone first: on a 360 × 740 screen the site menu folds into a button, and each game's table shows what matters.

The menu is a ``<details>``, so it opens without JavaScript; the tests open it
in a browser that runs none.  At each game's table, started with one person
and a bot, the top card (or the piles, or the table's first facts) and the
first row of the hand are inside the first screen, nothing scrolls sideways
and every button of the table is at least 44 px tall.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import ACTION_TIMEOUT_MS, SIZES

LANGUAGES = ("it", "de", "en", "fr")

PHONE = SIZES["phone"]

TOUCH_TARGET_PX = 44
"""The smallest height a finger can hit reliably."""

TABLE_TOP = {
    "nambarz": ".game-table .top-card",
    "thegame": ".game-table .piles",
    "quando": ".game-table .facts dd >> nth=1",
    "nmbrs": ".game-table .facts dd >> nth=0",
}
"""What a player must see first at each game's table: the top card, the four piles, the discards, the top discard."""

FIRST_HAND_CARD = ".hand :is(.hand-keys .card-key, .card-option, .hand-cards li):visible >> nth=0"
"""The hand's first card as the table shows it: a key to tap, a card to choose, or a card shown."""

TABLE_CONTROLS = ".play-table :is(.button, .key, .card-option, summary):visible"
"""Everything a player taps at the table."""


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A fresh tab at phone size that runs JavaScript."""
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    context.set_default_timeout(ACTION_TIMEOUT_MS)
    yield context.new_page()
    context.close()


@pytest.fixture
def phone_without_script(browser: Any) -> Iterator[Any]:
    """A fresh tab at phone size that runs no JavaScript at all."""
    context = browser.new_context(viewport=PHONE, locale="en-GB", java_script_enabled=False)
    context.set_default_timeout(ACTION_TIMEOUT_MS)
    yield context.new_page()
    context.close()


def fits_width(page: Any) -> bool:
    overflow: int = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    return overflow <= 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_on_a_phone_the_menu_is_one_short_line_and_opens_without_javascript(
    phone_without_script: Any, server_url: str, lang: str
) -> None:
    page = phone_without_script
    page.goto(f"{server_url}/nambarz/check?lang={lang}")
    assert page.locator(".site-header").bounding_box()["height"] <= 2 * TOUCH_TARGET_PX
    links = page.locator(".site-header nav a")
    assert links.count() > 4
    assert not any(link.is_visible() for link in links.all()), "the menu starts folded"
    page.locator(".site-menu > summary").click()
    for link in links.all():
        assert link.is_visible(), link.inner_text()
        assert link.bounding_box()["height"] >= TOUCH_TARGET_PX, link.inner_text()
    assert fits_width(page)
    with page.expect_navigation():
        links.first.click()
    assert page.locator(".site-header nav a").first.is_hidden(), "the next page starts with the menu folded"


def test_on_a_wide_screen_the_menu_is_open_without_a_button(browser: Any, server_url: str) -> None:
    context = browser.new_context(viewport=SIZES["desktop"], java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{server_url}/?lang=de")
        assert page.locator(".site-menu > summary").is_hidden()
        assert all(link.is_visible() for link in page.locator(".site-header nav a").all())
    finally:
        context.close()


def start_alone_with_a_bot(page: Any, server_url: str, game: str, lang: str) -> str:
    """Start ``game`` in ``lang`` for one person (the first seat, who plays first) and a bot, and sit at the table.

    Returns the person's link to the seat, which another browser may open instead.
    """
    page.goto(f"{server_url}/play?lang={lang}")
    for field, value in (("#game", game), ("#players", "2")):
        if page.input_value(field) != value:
            with page.expect_navigation():
                page.select_option(field, value)
    page.select_option("#kind0", "human")
    page.fill("#name0", "Ann")
    page.select_option("#kind1", page.locator("#kind1 option").nth(1).get_attribute("value"))
    page.fill("#name1", "Bot")
    page.locator("details.more-options summary").click()
    page.fill("#seed", "5")
    with page.expect_navigation():
        page.locator("form.play-setup button.primary").click()
    link: str = page.locator("a[data-join]").first.get_attribute("href")
    with page.expect_navigation():  # waits for the page's load, style sheet included, before anything is measured
        page.locator("a[data-join]").first.click()
    page.locator(".play-table").wait_for()
    return link


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(TABLE_TOP))
def test_on_a_phone_the_table_shows_its_top_and_the_first_row_of_the_hand_without_scrolling(
    phone: Any, server_url: str, game: str, lang: str
) -> None:
    page = phone
    start_alone_with_a_bot(page, server_url, game, lang)
    assert page.locator(".play-table").get_attribute("data-your-turn") == "true"
    for what, selector in (("the table's top", TABLE_TOP[game]), ("the hand's first card", FIRST_HAND_CARD)):
        box = page.locator(selector).bounding_box()
        assert box is not None, what
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], f"{what} is below the first screen: {box}"
    assert fits_width(page)
    for control in page.locator(TABLE_CONTROLS).all():
        height = control.bounding_box()["height"]
        assert height >= TOUCH_TARGET_PX - 0.5, f"{control.inner_text()!r} is {height} px tall"


@pytest.mark.parametrize("game", ["nambarz", "thegame"])
def test_without_javascript_the_table_still_shows_its_top_and_the_hand_in_the_first_screen(
    phone: Any, phone_without_script: Any, server_url: str, game: str
) -> None:
    link = start_alone_with_a_bot(phone, server_url, game, "it")
    page = phone_without_script
    page.goto(link if link.startswith("http") else server_url + link)
    page.locator(".play-table").wait_for()
    for selector in (TABLE_TOP[game], FIRST_HAND_CARD):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], selector
    assert fits_width(page)

"""The end of a game in a real browser, at a phone's size: a child's whole game, its results, and play again.

The page is audited with axe-core, must not scroll sideways, and records
every Content-Security-Policy violation (none may happen).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import ACTION_TIMEOUT_MS, Browse
from tests.browser.test_content_security_policy import RECORD_VIOLATIONS
from tests.browser.test_play import at_table, choose, policy_violations

MAX_MOVES = 600
"""More of a person's moves than a beginners' game against three bots takes."""

GENTLE_BOTS = ("beginner", "random")
"""The bots a child plays against: the start form's own choice where it offers a beginner bot, else the random one."""


@pytest.fixture
def audited(browse: Browse) -> Iterator[Browse]:
    """``browse``, with every Content-Security-Policy violation of its pages recorded, and none allowed."""
    browse.page.context.add_init_script(RECORD_VIOLATIONS)
    yield browse
    assert policy_violations(browse.page) == []


def seat_names(page: Any) -> list[str]:
    """The players' names, as the players' table lists them."""
    rows = page.locator("table.seats tbody th").all_inner_texts()
    return [row.replace("▶", "").strip().split("\n")[0].split(" (")[0].split(" — ")[0].strip() for row in rows]


def game_id(url: str) -> str:
    found = re.search(r"/play/([^/]+)/seat/", url)
    assert found is not None, url
    return found.group(1)


@pytest.mark.parametrize("size", ["phone"])
def test_a_child_plays_a_whole_beginners_game_against_three_bots_then_plays_again(audited: Browse, size: str) -> None:
    page = audited.open("/play?lang=en")
    choose(page, "#game", "nambarz")
    choose(page, "#variant", "beginners")
    choose(page, "#players", "4")
    page.fill("#name0", "Mia")
    for seat in (1, 2, 3):
        offered = page.locator(f"#kind{seat} option").evaluate_all("options => options.map(option => option.value)")
        if page.input_value(f"#kind{seat}") not in GENTLE_BOTS:
            page.select_option(f"#kind{seat}", next(kind for kind in GENTLE_BOTS if kind in offered))
    with page.expect_navigation():
        page.locator("form.play-setup button.primary").click()
    page.locator("a[data-join]").click()
    table = at_table(page)
    first_game = game_id(page.url)
    seats = seat_names(page)
    assert seats[0] == "Mia" and len(seats) == 4
    for _ in range(MAX_MOVES):
        table = at_table(page)
        if table.get_attribute("data-over") == "true":
            break
        if table.get_attribute("data-your-turn") != "true":
            page.wait_for_url(re.compile(r"/seat/0"), timeout=ACTION_TIMEOUT_MS)  # the poll reloads
            page.reload()
            continue
        plays = page.locator("form.listed-moves button[data-action]")
        if plays.count():
            page.locator("details.legal-moves summary").click()
            with page.expect_navigation():
                plays.first.click()
        else:
            with page.expect_navigation():
                page.locator("form.word-moves button").first.click()
    else:
        pytest.fail(f"the game did not end within {MAX_MOVES} moves")
    results = page.locator("#results")
    results.wait_for()
    assert results.locator(".results-headline").inner_text().endswith("wins the game!")
    assert results.locator("table.standings tbody tr").count() == 4
    assert results.locator("[data-results-review]").is_visible()
    box = results.bounding_box()
    assert box is not None and box["y"] < page.locator(".table-columns").bounding_box()["y"], "the results come first"
    audited.assert_fits_width()
    audited.assert_accessible()
    with page.expect_navigation():
        results.locator("button[data-play-again]").click()
    table = at_table(page)
    assert table.get_attribute("data-over") == "false"
    assert game_id(page.url) != first_game and page.url.split("?")[0].endswith("/seat/0")
    assert seat_names(page) == seats, "the same seats"
    assert page.locator("#results").count() == 0
    audited.assert_fits_width()

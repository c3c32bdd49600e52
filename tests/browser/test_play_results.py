"""The end of a game in a real browser: a child's whole game at a phone's size, its results, and play again;
another device that learns of the next game by polling.

The page is audited with axe-core, must not scroll sideways, and records
every Content-Security-Policy violation (none may happen).
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import ACTION_TIMEOUT_MS, SIZES, Browse
from tests.browser.test_content_security_policy import RECORD_VIOLATIONS
from tests.browser.test_play import at_table, choose, policy_violations, start_game

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


def api(server_url: str, path: str, token: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """An answer of the server's API for the seat of ``token``: a GET, or a POST of ``body``."""
    request = urllib.request.Request(
        server_url + path,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=120) as answer:
        document: dict[str, Any] = json.load(answer)
        return document


def test_another_device_learns_of_the_next_game_by_polling_and_follows(
    audited: Browse, browser: Any, size: str
) -> None:
    page = start_game(audited, [("human", "Ann"), ("human", "Bob")], game="quando", seed=None)
    links = [page.input_value(f"#link{seat}") for seat in (0, 1)]
    game = re.search(r"/play/([^/]+)/join/", links[0])
    assert game is not None
    tokens = [link.rsplit("/", 1)[1] for link in links]
    path = f"/api/v1/games/{game.group(1)}"
    for _ in range(5000):
        view = api(audited.server_url, path, tokens[0])
        if view["is_over"]:
            break
        mover = tokens[view["to_move"]]
        mine = api(audited.server_url, path, mover)
        api(
            audited.server_url,
            f"{path}/actions",
            mover,
            {"action": mine["legal_actions"][-1], "version": mine["version"]},
        )
    second = browser.new_context(viewport=SIZES[size], locale="fr-FR")
    second.set_default_timeout(ACTION_TIMEOUT_MS)
    second.add_init_script(RECORD_VIOLATIONS)
    try:
        other = second.new_page()
        other.goto(links[1])
        at_table(other).wait_for()
        assert other.locator("#results [data-play-again]").is_visible()
        page.goto(links[0])
        with page.expect_navigation():
            page.locator("#results button[data-play-again]").click()
        next_game = game_id(page.url)
        other.locator("#results a[data-next-game]").wait_for(timeout=ACTION_TIMEOUT_MS)  # the poll reloads the page
        with other.expect_navigation():
            other.locator("#results a[data-next-game]").click()
        at_table(other)
        assert game_id(other.url) == next_game and other.url.split("?")[0].endswith("/seat/1")
        assert policy_violations(other) == []
    finally:
        second.close()

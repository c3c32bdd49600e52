"""Games in a real browser: a whole Nambarz round against three bots, tapped through to the review, and two devices.

Each test runs at a phone size and a desktop size, audits its pages with
axe-core, records every Content-Security-Policy violation (none may
happen) and fails if any request leaves the server.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from solver.nambarz.notation import parse_play
from tests.browser.conftest import ACTION_TIMEOUT_MS, SIZES, Browse
from tests.browser.test_content_security_policy import RECORD_VIOLATIONS

MAX_MOVES = 400
"""More of a person's moves than a Nambarz round against three bots takes."""

POLL_WAIT_MS = ACTION_TIMEOUT_MS
"""How long a table may take to show another device's move (the script asks every second)."""


@pytest.fixture
def audited(browse: Browse) -> Iterator[Browse]:
    """``browse``, with every Content-Security-Policy violation of its pages recorded, and none allowed."""
    browse.page.context.add_init_script(RECORD_VIOLATIONS)
    yield browse
    assert policy_violations(browse.page) == []


def policy_violations(page: Any) -> list[str]:
    violations: list[str] = page.evaluate("window.policyViolations || []")
    return violations


def start_game(browse: Browse, seats: list[tuple[str, str]], game: str = "nambarz", seed: int | None = 5) -> Any:
    """Fill the start form (the game, each seat's kind and name, a seed if any) and start; the seats' links' page.

    Only a game with one person at the table may be given a seed.
    """
    page = browse.open("/play?lang=en")
    browse.assert_accessible()
    choose(page, "#game", game)
    choose(page, "#players", str(len(seats)))
    for number, (kind, name) in enumerate(seats):
        page.select_option(f"#kind{number}", kind)
        page.fill(f"#name{number}", name)
    if seed is not None:
        page.locator("details.more-options summary").click()
        page.fill("#seed", str(seed))
    page.locator("form.play-setup button.primary").click()
    page.locator(".seat-links").wait_for()
    return page


def choose(page: Any, field: str, value: str) -> None:
    """Choose ``value`` in a field of the start form, which the script redraws (a new page) when it changes."""
    if page.input_value(field) != value:
        with page.expect_navigation():
            page.select_option(field, value)
        assert "csrf_token" not in page.url, "a redraw keeps the form's token out of the address"


def at_table(page: Any) -> Any:
    """The table, once its page has loaded whole: a table found while the page is still parsed may lack its hand."""
    table = page.locator(".play-table")
    table.wait_for()
    page.wait_for_load_state("load")
    return table


def tap_move(page: Any, move: str) -> None:
    """Lay a Nambarz move by tapping its cards and operators on the hand's keys, then Play.

    The keys write the cards in words ("7 owl − 2 fish"), which read as the move does.
    """
    keyboard = page.locator(".hand-keyboard")
    for token in move.split():
        keyboard.locator(f'button[data-notation="{token}"]:not([aria-disabled="true"])').first.click()
    assert parse_play(page.input_value("#action")) == parse_play(move), "the keys write the move in words"
    with page.expect_navigation():
        page.locator("form.build-move button.primary").click()


def test_a_whole_nambarz_round_against_three_bots_is_tapped_through_to_the_review(audited: Browse, size: str) -> None:
    page = start_game(audited, [("human", "Ann"), ("planner", "Bea"), ("planner", "Cid"), ("planner", "Dan")])
    audited.assert_fits_width()
    audited.assert_accessible()
    page.locator("a[data-join]").click()
    table = at_table(page)
    assert "/join/" not in page.url, "the token leaves the address bar"
    audited.assert_fits_width()
    audited.assert_accessible()
    tapped = chosen = 0
    for _ in range(MAX_MOVES):
        table = at_table(page)
        if table.get_attribute("data-over") == "true":
            break
        if table.get_attribute("data-your-turn") != "true":
            # The bots were cut short: the script shows the table again, in place, once they have moved.
            page.locator('.play-table[data-your-turn="true"], .play-table[data-over="true"]').wait_for(
                timeout=POLL_WAIT_MS
            )
            continue
        plays = page.locator("form.listed-moves button[data-action]")
        if plays.count():
            move = plays.first.get_attribute("data-action")
            if tapped <= chosen:
                tap_move(page, move)
                tapped += 1
            else:
                page.locator("details.legal-moves summary").click()
                with page.expect_navigation():
                    plays.first.click()
                chosen += 1
            assert page.locator("#verdict").get_attribute("data-legal") == "true", move
        else:
            with page.expect_navigation():
                page.locator("form.word-moves button").first.click()
    else:
        pytest.fail(f"the round did not end within {MAX_MOVES} moves")
    assert tapped and chosen
    assert page.locator("#turn-status").inner_text() == "The game is over."
    audited.assert_fits_width()
    audited.assert_accessible()
    page.locator("a[data-review]").click()
    page.locator(".review-summary").wait_for()
    assert int(page.locator(".review-summary").get_attribute("data-review-turns")) > 0
    assert page.locator("li.review-turn").count() > 0
    audited.assert_fits_width()
    audited.assert_accessible()


def test_a_second_device_joins_by_its_link_and_sees_the_first_move_after_polling(
    audited: Browse, browser: Any, size: str
) -> None:
    page = start_game(audited, [("human", "Ann"), ("human", "Bob")], game="quando", seed=None)
    link = page.input_value("#link1")
    assert "/join/" in link
    page.locator("a[data-join]").first.click()
    at_table(page)
    second = browser.new_context(viewport=SIZES[size], locale="de-DE")
    second.set_default_timeout(ACTION_TIMEOUT_MS)
    second.add_init_script(RECORD_VIOLATIONS)
    foreign: list[str] = []
    other = second.new_page()
    other.on(
        "request", lambda request: None if request.url.startswith(audited.server_url) else foreign.append(request.url)
    )
    try:
        other.goto(link)
        at_table(other)
        assert other.url.endswith("/seat/1"), other.url
        assert other.locator(".play-table").get_attribute("data-your-turn") == "false"
        assert other.locator(".recent .log-lines li").count() == 0
        page.locator("details.legal-moves summary").click()
        with page.expect_navigation():
            page.locator("form.listed-moves button[data-action]").first.click()
        assert page.locator("#verdict").get_attribute("data-legal") == "true"
        other.locator(".recent .log-lines li").first.wait_for(timeout=POLL_WAIT_MS)
        assert "Ann" in other.locator(".recent .log-lines li").first.inner_text()
        assert other.locator("html").get_attribute("lang") == "en", "the seat's language, whatever the browser's"
        assert policy_violations(other) == []
    finally:
        second.close()
    assert not foreign, f"requests left the server: {foreign}"


def test_the_log_steps_through_the_game_in_the_browser(audited: Browse) -> None:
    page = start_game(audited, [("human", "Ann"), ("strong", "Bot")], game="thegame", seed=2)
    page.locator("a[data-join]").click()
    at_table(page)
    page.locator(".card-option").first.click()
    with page.expect_navigation():
        page.locator("button.pile-button").first.click()
    assert page.locator("#verdict").get_attribute("data-legal") == "true"
    page.get_by_role("link", name="The whole game, step by step").click()
    page.locator("[data-step-shown]").wait_for()
    assert page.locator("[data-step-shown]").get_attribute("data-step-shown") == "1"
    page.locator('a[data-step="0"]').first.click()
    assert page.locator("[data-step-shown]").get_attribute("data-step-shown") == "0"
    audited.assert_fits_width()
    audited.assert_accessible()

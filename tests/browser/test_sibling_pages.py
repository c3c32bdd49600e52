"""The check pages of The Game, Quando and Nmbrs! in a real browser: a player fills the form by tapping and typing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Browse

PAGE_WEIGHT_LIMIT = 150 * 1024
"""A page's HTML, CSS and JavaScript together stay under 150 KB."""


def tap(pad: Any, *keys: str) -> None:
    """Tap a pad's keys: digits, cards and jokers by their text, piles by their id as ``>asc1``, ``next``, ``undo``,
    ``clear``."""
    for key in keys:
        if key.startswith(">"):
            pad.locator(f'button[data-pile="{key[1:]}"]').click()
        elif key in ("next", "undo", "clear"):
            pad.locator(f'button[data-action="{key}"]').click()
        else:
            pad.locator(f'button[data-digit="{key}"], button[data-token="{key}"]').click()


def verdict(page: Any) -> tuple[str | None, str | None]:
    shown = page.locator("#verdict")
    return shown.get_attribute("data-legal"), shown.get_attribute("data-codes")


def test_the_game_a_player_taps_a_hand_and_a_play(browse: Browse) -> None:
    page = browse.open("/thegame/check?lang=en")
    browse.assert_fits_width()
    browse.assert_accessible()
    page.fill("#asc1", "47")
    page.fill("#desc1", "65")
    tap(page.locator('.number-pad[data-target="hand"]'), "3", "7", "next", "7", "5", "next", "1", "2")
    assert page.input_value("#hand").strip() == "37 75 12"
    page.fill("#draw_pile", "50")
    play_pad = page.locator('.number-pad[data-target="play"]')
    tap(play_pad, ">asc1")
    assert play_pad.locator(".pad-status").inner_text() != ""
    tap(play_pad, "3", "7", ">asc1", "1", "2", ">asc1", "undo", "7", "5", ">desc1")
    assert (page.input_value("#card1"), page.input_value("#pile1")) == ("37", "asc1")
    assert (page.input_value("#card2"), page.input_value("#pile2")) == ("75", "desc1")
    assert (page.input_value("#card3"), page.input_value("#pile3")) == ("", "")
    page.locator("form.sibling-form button[type=submit]").click()
    assert verdict(page) == ("true", "")
    assert page.locator(".pile-tops li").count() == 4
    browse.assert_fits_width()
    browse.assert_accessible()


def test_quando_a_player_taps_the_fronts_and_knocks_too_early_in_german(browse: Browse) -> None:
    page = browse.open("/quando/check?lang=de")
    tap(page.locator('.number-pad[data-target="hand"]'), "3", "4", "5", "9", "0", "0", "7")
    assert page.input_value("#hand").strip() == "3 4 5 9 0 0 7"
    page.fill("#plays_made", "1")
    tap(page.locator('.number-pad[data-target="play"]'), "3", "4")
    page.locator('input[name="knock"][value="true"]').check()
    assert page.locator("#play").is_disabled()
    page.locator("form.sibling-form button[type=submit]").click()
    assert verdict(page) == ("false", "knock-too-early")
    assert "knock=true" in page.url and "play=" not in page.url
    browse.assert_fits_width()
    browse.assert_accessible()


def test_nmbrs_a_player_builds_a_sequence_with_a_joker_in_french(browse: Browse) -> None:
    page = browse.open("/nmbrs/check?lang=fr")
    browse.assert_accessible()
    tap(page.locator('.number-pad[data-target="sequence"]'), "1", "0", "J", "3", "0", "next", "4", "0")
    assert page.input_value("#sequence").strip() == "10 J 30 40"
    page.locator("form.sibling-form button[type=submit]").click()
    assert verdict(page) == ("true", "")
    assert page.locator(".sequence-cards svg.card-art.nmbrs.joker text").text_content() == "= 20"
    browse.assert_fits_width()
    browse.assert_accessible()


def test_the_pad_keys_work_from_the_keyboard(browse: Browse) -> None:
    page = browse.open("/nmbrs/check?lang=en")
    pad = page.locator('.number-pad[data-target="sequence"]')
    pad.locator('button[data-digit="7"]').focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    assert page.input_value("#sequence").strip() == "79"


@pytest.mark.parametrize(
    "path",
    [
        "/thegame/check?asc1=47&asc2=1&desc1=65&desc2=100&hand=37+75+12&draw_pile=50&play=37>asc1+12>asc1+75>desc1",
        "/quando/check?hand=3+4+5+9+0+0+7&plays_made=1&knock=true&last_round=true",
        "/nmbrs/check?sequence=14+20+26&rules=advanced",
    ],
)
def test_an_illegal_verdict_permalink_is_accessible_and_light(browse: Browse, path: str) -> None:
    loaded: list[int] = []
    browse.page.on("response", lambda response: loaded.append(len(response.body())) if response.ok else None)
    page = browse.open(path)
    page.wait_for_load_state("networkidle")
    assert verdict(page)[0] == "false"
    assert sum(loaded) < PAGE_WEIGHT_LIMIT
    browse.assert_fits_width()
    browse.assert_accessible()

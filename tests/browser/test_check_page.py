"""The check page in a real browser: a player taps a play, a referee opens a turn's permalink."""

from __future__ import annotations

from tests.browser.conftest import Browse


def test_a_player_taps_a_play_in_italian_and_sees_the_not_minimal_verdict(browse: Browse) -> None:
    page = browse.open("/nambarz/check?lang=it")
    page.select_option("#top", "3bee")
    keyboard = page.locator(".card-keyboard")
    for key in ["6", "+", "5", "+", "2", "-", "10"]:
        keyboard.locator(f'button[data-notation="{key}"]').click()
    assert page.input_value("#notation") == "6 + 5 + 2 − 10"
    page.get_by_role("button", name="Giudica").click()
    verdict = page.locator("#verdict")
    assert verdict.get_attribute("data-legal") == "false"
    assert verdict.get_attribute("data-codes") == "not-minimal"
    assert verdict.locator(".short").inner_text().startswith("Bastavano meno carte: 6 ÷ 2.")
    assert "III.2" not in verdict.inner_text(), "the rule waits behind “Perché?”"
    verdict.locator("details.why summary").click()
    assert "Regola III.2" in verdict.inner_text()
    browse.assert_fits_width()
    browse.assert_accessible()


def test_a_referee_opens_a_turn_permalink(browse: Browse) -> None:
    page = browse.open("/nambarz/check?top=3bee&turn=Jboth+Jnumber+4+%3B+1+%2B+2&lang=en")
    verdict = page.locator("#verdict")
    assert verdict.get_attribute("data-legal") == "false"
    assert verdict.get_attribute("data-codes") == "joker-after-joker"
    plays = verdict.locator("article.play-verdict")
    assert plays.count() == 2
    assert "ended the turn" in plays.nth(1).inner_text()
    browse.assert_fits_width()
    browse.assert_accessible()

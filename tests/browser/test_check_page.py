"""The check page in a real browser: a player taps a play, a referee opens a turn's permalink."""

from __future__ import annotations

import io
from datetime import date
from urllib.parse import urlencode

import pytest
from babel.dates import format_date

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


FOUR_PLAYS = "7fish - 4hen ; Jreplay ; 8bee - 5 + 1 - 1 ; 4"
"""A turn of four plays whose verdict says the most: a legal calculation, a replay, a play with three faults, a skip."""


AND = {"it": "e", "de": "und", "en": "and", "fr": "et"}
"""The word before a list's last name."""


@pytest.mark.parametrize("lang", ["it", "de", "en", "fr"])
def test_a_ruling_of_four_plays_prints_on_one_a4_page_with_names_date_and_qr_code(browse: Browse, lang: str) -> None:
    from pypdf import PdfReader  # noqa: PLC0415 - only when a browser test runs

    query = urlencode(
        {"top": "3bee", "turn": FOUR_PLAYS, "player": "Ann", "players": "Ann, Bea, Cid, Dan", "lang": lang}
    )
    page = browse.open(f"/nambarz/check?{query}")
    assert page.locator(".ruling-print").is_hidden(), "the ruling's print block is for paper only"
    pdf = PdfReader(io.BytesIO(page.pdf(format="A4")))
    assert len(pdf.pages) == 1
    printed = pdf.pages[0].extract_text()
    assert f"Ann, Bea, Cid {AND[lang]} Dan" in printed
    assert format_date(date.today(), format="long", locale=lang) in printed
    assert "turn=" not in printed and "/nambarz/check" not in printed and "Jreplay ; " not in printed
    page.emulate_media(media="print")
    qr_code = page.locator(".ruling-print svg.permalink-qr")
    assert qr_code.is_visible()
    assert 90 < qr_code.bounding_box()["width"] < 150, "about 3 cm wide, big enough to scan"

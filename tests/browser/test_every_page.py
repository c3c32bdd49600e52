"""Every page of the web tutor, empty and with an answer, passes the accessibility audit and fits a phone."""

from __future__ import annotations

import pytest

from tests.browser.conftest import Browse

ADDRESSES = [
    "/?lang=it",
    "/nambarz/check?lang=de",
    "/nambarz/check?top=3bee&play=8bee+-+5+%2B+1&lang=fr",
    "/nambarz/check?top=3bee&turn=Jreplay+%3B+6+%2B+5+%2B+2+-+10&lang=en",
    "/nambarz/check?top=3zz&play=1&lang=it",
    "/solve?lang=fr",
    "/solve?top=3bee&hand=10+4+2+7+9&lang=it",
    "/practice?level=3&seed=5&lang=de",
    "/practice?lang=it",
    "/join?code=ABC234&lang=fr",
    "/classes/new?lang=de",
    "/teach/no-such-class?lang=en",
    "/worksheet?level=4&count=12&seed=3&lang=fr",
    "/worksheet?level=9&lang=it",
    "/thegame/check?lang=it",
    "/quando/check?lang=fr",
    "/nmbrs/check?lang=de",
    "/nambarz/how-to-play?lang=it",
    "/thegame/how-to-play?lang=de",
    "/quando/how-to-play?lang=fr",
    "/nmbrs/how-to-play?lang=en",
    "/no-such-page?lang=en",
    "/companion?players=12&lang=de",
    "/companion/no-such-scoresheet?lang=fr",
]
"""Each page, in several languages, with and without an answer, and a page with bad input."""


@pytest.mark.parametrize("address", ADDRESSES)
def test_the_page_passes_the_audit_and_fits_the_screen(browse: Browse, address: str) -> None:
    page = browse.page
    page.goto(browse.server_url + address)
    browse.assert_fits_width()
    browse.assert_accessible()


def test_a_how_to_play_page_prints_without_its_contents_and_keeps_each_example_whole(browse: Browse) -> None:
    page = browse.open("/nambarz/how-to-play?lang=en")
    page.emulate_media(media="print")
    assert not page.locator(".howto-contents").is_visible()
    assert not page.locator(".site-header").is_visible()
    kept = page.locator(".howto-example").evaluate_all("figures => figures.map(f => getComputedStyle(f).breakInside)")
    assert kept and set(kept) == {"avoid"}


def test_the_api_documentation_loads_everything_from_the_server(browse: Browse) -> None:
    page = browse.open("/api/docs")
    page.wait_for_selector(".swagger-ui .info", state="visible")
    assert "Nambarz API" in page.inner_text(".swagger-ui .info")

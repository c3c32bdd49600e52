"""Rate limits on the pages that search or draw exercises: a 429 page in the reader's language, with ``Retry-After``.

Each test builds its own app with a limit of one request a minute (the
suite's apps have none, see ``tests/conftest.py``), so every request of a test
falls within the first window, however slow the machine.
"""

from __future__ import annotations

import html

import pytest
from flask.testing import FlaskClient

from api.app import create_app
from tutor.i18n import SUPPORTED_LANGUAGES, translator

LIMITED_PAGES = (
    "/check?top=3bee&play=1+%2B+2&hand=1+2+4",
    "/solve?top=3bee&hand=1+2",
    "/practice?level=1&seed=7&number=1",
    "/worksheet?level=1&count=1&seed=7",
)
"""A question to each page that runs the solver or draws exercises."""

CHEAP_PAGES = (
    "/",
    "/thegame/check?asc1=47&asc2=1&desc1=65&desc2=100&hand=37+75+12&draw_pile=50&play=37%3Easc1",
    "/quando/check",
    "/nmbrs/check",
    "/static/style.css",
)
"""Pages and files that are never limited."""

HEADINGS = {"en": "Too many requests", "it": "Troppe richieste", "de": "Zu viele Anfragen", "fr": "Trop de demandes"}
"""The 429 page's heading in each language."""

WAIT_ONE = "Wait %(num)d second, then try again."
"""The 429 page's advice, in English, for a wait of one second: the message's singular."""

WAIT = {
    "en": "Wait %(num)d seconds, then try again.",
    "it": "Aspetta %(num)d secondi, poi riprova.",
    "de": "Warte %(num)d Sekunden, dann versuch es noch einmal.",
    "fr": "Attends %(num)d secondes, puis réessaie.",
}
"""The 429 page's advice in each language, for a wait of several seconds."""


def limited_client() -> FlaskClient:
    """A test client of an app of its own that answers one expensive request a minute per client."""
    return create_app({"TESTING": True, "NAMBARZ_RATE_LIMIT": "1 per minute"}).test_client()


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_refused_page_says_in_the_reader_language_how_long_to_wait(lang: str) -> None:
    client = limited_client()
    assert client.get(f"/solve?top=3bee&hand=1+2&lang={lang}").status_code == 200
    page = client.get(f"/solve?top=3bee&hand=1+2&lang={lang}")
    assert page.status_code == 429
    assert page.mimetype == "text/html"
    seconds = int(page.headers["Retry-After"])
    assert 1 <= seconds <= 60
    text = html.unescape(page.text)
    assert f'<html lang="{lang}">' in text
    assert f"<h1>{HEADINGS[lang]}</h1>" in text
    assert translator(lang, "web").ngettext(WAIT_ONE, WAIT["en"], seconds) % {"num": seconds} in text
    assert translator(lang, "web").ngettext(WAIT_ONE, WAIT["en"], 2) == WAIT[lang]
    assert 'href="/solve?top=3bee&amp;hand=1+2&amp;lang=' + lang + '"' in page.text  # try again: the same question


def test_the_language_of_a_refused_page_also_comes_from_the_browser() -> None:
    client = limited_client()
    client.get("/worksheet?level=1&count=1&seed=7")
    page = client.get("/worksheet?level=1&count=1&seed=7", headers={"Accept-Language": "de"})
    assert page.status_code == 429
    assert '<html lang="de">' in page.text
    assert "<h1>Zu viele Anfragen</h1>" in page.text


@pytest.mark.parametrize("path", LIMITED_PAGES)
def test_every_page_that_searches_is_limited(path: str) -> None:
    client = limited_client()
    assert client.get(path).status_code == 200
    page = client.get(path)
    assert page.status_code == 429
    assert "Retry-After" in page.headers
    assert "<h1>Too many requests</h1>" in page.text


def test_the_pages_and_the_api_share_one_budget() -> None:
    client = limited_client()
    assert client.post("/api/v1/nambarz/solve", json={"top": "3bee", "hand": ["1", "2"]}).status_code == 200
    assert client.get("/practice?level=1&seed=7&number=1&lang=it").status_code == 429


def test_pages_that_search_nothing_are_never_limited() -> None:
    client = limited_client()
    assert client.get("/solve?top=3bee&hand=1+2").status_code == 200
    assert client.get("/solve?top=3bee&hand=1+2").status_code == 429
    for _ in range(3):
        for path in CHEAP_PAGES:
            page = client.get(path)
            assert page.status_code == 200, path
            assert "X-RateLimit-Limit" not in page.headers


def test_another_reader_is_not_refused() -> None:
    client = limited_client()
    client.get("/solve?top=3bee&hand=1+2")
    assert client.get("/solve?top=3bee&hand=1+2").status_code == 429
    assert client.get("/solve?top=3bee&hand=1+2", environ_base={"REMOTE_ADDR": "203.0.113.9"}).status_code == 200


def test_without_limits_no_page_is_refused() -> None:
    client = create_app({"TESTING": True, "NAMBARZ_RATE_LIMIT": "off"}).test_client()
    for _ in range(3):
        for path in LIMITED_PAGES:
            assert client.get(path).status_code == 200, path

"""Rate limits on the pages that search or draw exercises: per browser, under an address's ceiling, and a 429 page.

A browser is a test client that keeps its cookies and has opened the home
page, which gives it its session's id; a script that keeps no cookies is a
client that does not (``use_cookies=False``).  Each test builds its own app
with limits of its own (the suite's apps have none, see
``tests/conftest.py``), counted per minute or per hour, so every request of a
test falls within the first window, however slow the machine: no test
depends on how fast it runs.
"""

from __future__ import annotations

import html
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from services.rate_limits import DEFAULT_ADDRESS_RATE_LIMIT, DEFAULT_RATE_LIMIT
from services.sessions import COOKIE_NAME
from tutor.i18n import SUPPORTED_LANGUAGES, translator
from web.practice import practice_exercise

LIMITED_PAGES = (
    "/nambarz/check?top=3bee&play=1+%2B+2&hand=1+2+4",
    "/solve?top=3bee&hand=1+2",
    "/practice?level=1&seed=7&number=1",
    "/practice",
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


def limited_app(limit: str = "1 per minute", ceiling: str = DEFAULT_ADDRESS_RATE_LIMIT) -> Flask:
    """An app of its own that answers ``limit`` expensive requests per browser, under ``ceiling`` per address."""
    return create_app({"TESTING": True, "NAMBARZ_RATE_LIMIT": limit, "NAMBARZ_ADDRESS_RATE_LIMIT": ceiling})


def browser(app: Flask, address: str = "127.0.0.1") -> FlaskClient:
    """A browser at ``address`` that has opened the home page: it holds its session cookie, with its id."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    assert client.get("/").status_code == 200
    assert client.get_cookie(COOKIE_NAME) is not None
    return client


def limited_client() -> FlaskClient:
    """A browser, with an app of its own that answers it one expensive request a minute."""
    return browser(limited_app())


def answered(level: int, seed: int, number: int) -> str:
    """The address of practice exercise ``number`` (of cover exercises only), answered with its first answer."""
    answer = practice_exercise(level, seed, number, kinds=("cover",)).answers[0].expression
    query = {"level": level, "seed": seed, "number": number, "kinds": "cover", "answer": answer, "lang": "en"}
    return f"/practice?{urlencode(query)}"


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


def test_a_browser_pages_and_its_api_requests_share_its_budget() -> None:
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


def test_another_browser_of_the_same_address_is_not_refused() -> None:
    app = limited_app()
    client = browser(app)
    client.get("/solve?top=3bee&hand=1+2")
    assert client.get("/solve?top=3bee&hand=1+2").status_code == 429
    assert browser(app).get("/solve?top=3bee&hand=1+2").status_code == 200
    assert browser(app, "203.0.113.9").get("/solve?top=3bee&hand=1+2").status_code == 200


def test_without_limits_no_page_is_refused() -> None:
    client = create_app({"TESTING": True, "NAMBARZ_RATE_LIMIT": "off"}).test_client()
    for _ in range(3):
        for path in LIMITED_PAGES:
            assert client.get(path).status_code == 200, path


# ----------------------------------------------------------------------------------------------- a class


def test_thirty_browsers_behind_one_address_each_answer_four_exercises_without_a_429() -> None:
    app = limited_app(DEFAULT_RATE_LIMIT, DEFAULT_ADDRESS_RATE_LIMIT)
    pupils = [browser(app, "198.51.100.30") for _ in range(30)]
    statuses = [pupil.get(answered(2, 7, number)).status_code for number in (1, 2, 3, 4) for pupil in pupils]
    assert statuses == [200] * 120


def test_one_browser_hammering_still_meets_its_limit() -> None:
    app = limited_app("30 per hour; 5 per second", DEFAULT_ADDRESS_RATE_LIMIT)
    hammer, pupil = browser(app, "198.51.100.31"), browser(app, "198.51.100.31")
    statuses = [hammer.get("/solve?top=3bee&hand=1+2").status_code for _ in range(31)]
    assert statuses[0] == 200 and 429 in statuses
    assert pupil.get("/solve?top=3bee&hand=1+2").status_code == 200  # the same address, another browser


def test_requests_without_the_cookie_share_one_budget_per_address() -> None:
    app = limited_app("2 per hour")
    scripts = [app.test_client(use_cookies=False) for _ in range(2)]
    statuses = [script.get("/solve?top=3bee&hand=1+2").status_code for script in scripts for _ in range(2)]
    assert statuses == [200, 200, 429, 429]
    assert browser(app).get("/solve?top=3bee&hand=1+2").status_code == 200


def test_a_forged_session_cookie_counts_as_none() -> None:
    app = limited_app("1 per hour")
    first, second = app.test_client(use_cookies=False), app.test_client(use_cookies=False)
    forged = {"Cookie": f"{COOKIE_NAME}=eyJicm93c2VyIjoiZm9yZ2VkIn0.forged.signature"}
    assert first.get("/solve?top=3bee&hand=1+2", headers=forged).status_code == 200
    assert second.get("/solve?top=3bee&hand=1+2", headers=forged).status_code == 429


def test_the_address_ceiling_holds_whatever_the_browsers() -> None:
    app = limited_app("30 per hour", "3 per hour")
    pupils = [browser(app, "198.51.100.32") for _ in range(4)]
    assert [pupil.get("/solve?top=3bee&hand=1+2").status_code for pupil in pupils] == [200, 200, 200, 429]
    refused = pupils[0].get("/solve?top=3bee&hand=1+2")
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) > 60  # the hour's ceiling, not a second's
    assert browser(app, "198.51.100.33").get("/solve?top=3bee&hand=1+2").status_code == 200


def test_a_browser_refused_on_its_first_page_gets_its_cookie_and_may_try_again_at_once() -> None:
    app = limited_app("1 per hour")
    assert app.test_client(use_cookies=False).get("/solve?top=3bee&hand=1+2").status_code == 200
    arriving = app.test_client()
    refused = arriving.get("/solve?top=3bee&hand=1+2")
    assert refused.status_code == 429
    assert refused.headers["Retry-After"] == "1"
    assert translator("en", "web").ngettext(WAIT_ONE, WAIT["en"], 1) % {"num": 1} in html.unescape(refused.text)
    assert arriving.get_cookie(COOKIE_NAME) is not None
    assert arriving.get("/solve?top=3bee&hand=1+2").status_code == 200


def test_a_class_arriving_at_once_all_reach_their_exercise_within_two_tries() -> None:
    app = limited_app(DEFAULT_RATE_LIMIT, DEFAULT_ADDRESS_RATE_LIMIT)
    pupils = [app.test_client() for _ in range(30)]
    for pupil in pupils:
        pupil.environ_base["REMOTE_ADDR"] = "198.51.100.34"
    first = [pupil.get("/practice?level=2&lang=en") for pupil in pupils]
    again = [
        answer if answer.status_code == 302 else pupil.get("/practice?level=2&lang=en")
        for pupil, answer in zip(pupils, first, strict=True)
    ]
    assert {answer.status_code for answer in again} == {302}
    exercises = [pupil.get(answer.headers["Location"]) for pupil, answer in zip(pupils, again, strict=True)]
    assert {exercise.status_code for exercise in exercises} == {200}

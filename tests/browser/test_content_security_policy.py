"""No page breaks under its Content-Security-Policy: Chromium reports no violation on any of them.

A script, style or picture the policy refuses is not an error the page
shows: it is left out, and the browser says so only on its console and in
a ``securitypolicyviolation`` event.  Each page here is opened with both
recorded, its scripts left to run, and neither may report anything.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import pytest

from api.app import create_app
from tests.browser.conftest import ACTION_TIMEOUT_MS, SIZES
from web.site import every_page

PAGE_ADDRESSES = (
    "/?lang=it",
    "/nambarz/check?top=3bee&play=6+%2B+5+%2B+2+-+10&rules=natural&ops=%2B-*/&lang=it",
    "/nambarz/check?top=3bee&turn=Jboth+Jnumber+4+%3B+1+%2B+2&lang=en",
    "/solve?top=3bee&hand=10+4+2+7&lang=de",
    "/worksheet?level=2&count=12&seed=7&kinds=cover&lang=it",
    "/practice?level=2&lang=it",
    "/practice?lang=fr",
    "/join?code=ABC234&lang=de",
    "/classes/new?lang=en",
    "/thegame/check?asc1=47&asc2=1&desc1=65&desc2=100&hand=37+75+12&draw_pile=50&play=37%3Easc1+75%3Edesc1",
    "/quando/check?hand=3+4+5+9+0+0+7&plays_made=1&play=3+4+5",
    "/nmbrs/check?sequence=10+J+30+40&rules=basic",
    "/play?game=thegame&players=3&lang=de",
    "/nambarz/how-to-play?lang=fr",
    "/thegame/how-to-play?lang=it",
    "/quando/how-to-play?lang=de",
    "/nmbrs/how-to-play?lang=en",
    "/companion?players=5&lang=fr",
    "/no-such-page",
)
"""Every page, as the players' page's table shows it (figures, verdicts and scripts included), and an error page."""

RECORD_VIOLATIONS = """
window.policyViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.policyViolations.push(`${event.effectiveDirective} refused ${event.blockedURI || "inline"}`);
});
"""
"""Run before any script of the page: keeps every Content-Security-Policy violation event."""


@dataclass
class Watched:
    """A tab whose console messages about security policies are kept, with the page's violation events."""

    page: Any
    messages: list[str] = field(default_factory=list)

    def violations(self) -> list[str]:
        """Every violation reported so far, by event or on the console."""
        self.page.wait_for_load_state("networkidle")
        return [*self.page.evaluate("window.policyViolations"), *self.messages]


@pytest.fixture
def watched(browser: Any) -> Iterator[Watched]:
    context = browser.new_context(viewport=SIZES["desktop"], locale="en-GB")
    context.set_default_timeout(ACTION_TIMEOUT_MS)
    context.add_init_script(RECORD_VIOLATIONS)
    tab = Watched(context.new_page())

    def keep(message: Any) -> None:
        if "Content Security Policy" in message.text or "Permissions-Policy" in message.text:
            tab.messages.append(message.text)

    tab.page.on("console", keep)
    yield tab
    context.close()


def test_the_addresses_cover_every_page() -> None:
    assert {page.path for page in every_page()} <= {urlsplit(address).path for address in PAGE_ADDRESSES}


@pytest.mark.parametrize("address", PAGE_ADDRESSES)
def test_a_page_runs_under_its_policy(watched: Watched, server_url: str, address: str) -> None:
    watched.page.goto(server_url + address)
    assert watched.page.locator("main").count() == 1
    assert watched.violations() == []


def test_the_pages_script_runs(watched: Watched, server_url: str) -> None:
    """The check page's script shows the card keyboard and types with it; a refused script would not."""
    watched.page.goto(server_url + "/nambarz/check?top=3bee&lang=en")
    keyboard = watched.page.locator(".card-keyboard").first
    keyboard.wait_for(state="visible")
    keyboard.locator("button[data-insert]").first.click()
    assert watched.page.locator("#" + keyboard.get_attribute("data-target")).input_value() != ""
    assert watched.violations() == []


def test_a_class_s_page_for_its_teacher_runs_under_its_policy(watched: Watched, server_url: str) -> None:
    """A class opened by its form: its page, with the code's picture and the trend chart drawn on the server."""
    watched.page.goto(server_url + "/classes/new?lang=en")
    watched.page.fill("#name", "4B")
    with watched.page.expect_navigation():
        watched.page.locator("form.class-form button[type=submit]").click()
    assert "/teach/" in watched.page.url
    watched.page.locator("svg.trend").wait_for()
    assert watched.violations() == []


def test_the_api_documentation_runs_under_its_policy(watched: Watched, server_url: str) -> None:
    watched.page.goto(server_url + "/api/docs")
    watched.page.locator(".opblock").first.wait_for()  # Swagger UI has read the OpenAPI document
    assert watched.violations() == []


def test_a_worksheet_of_the_api_shows_under_its_policy(watched: Watched, server_url: str) -> None:
    """The API's printable worksheet, opened as a document of its own with the answer's headers."""
    patient = create_app({"TESTING": True, "NAMBARZ_TIME_LIMIT": 60})  # a first draw may be slow: a generous time limit
    answer = patient.test_client().post("/api/v1/tutor/worksheet", json={"level": 1, "count": 2, "seed": 7})
    assert answer.status_code == 200
    address = server_url + "/worksheet-of-the-api"
    watched.page.route(
        address, lambda route: route.fulfill(status=200, headers=dict(answer.headers), body=answer.get_data())
    )
    watched.page.goto(address)
    assert watched.page.locator(".exercise").count() == 2
    assert watched.violations() == []

"""What the browser tests share: a real ``nambarz serve`` process, Debian's Chromium driven by Playwright, and an audit.

The server is started once per test process on a free loopback port, as
the README's first command starts it.  Each test gets a fresh browser
context at a phone size (360 × 740) or a desktop size (1280 × 900) and a
``Browse`` object that opens pages, records every request that leaves the
server's origin (none may) and runs the axe-core accessibility audit.

Without Chromium at :data:`CHROMIUM`, every test here is skipped with a
message saying how to install it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.serving import running_server

CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium, which the README's test command installs (package ``chromium``)."""

CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Headless Chromium on a machine with a closed network: nothing starts a connection of its own."""

SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 900}}
"""The viewports every page is tested at."""

SERIOUS = ("serious", "critical")
"""The axe-core impacts that fail a page."""

ACTION_TIMEOUT_MS = 120_000
"""How long a click or a page load may take on a busy machine (Playwright's own default is 30 s)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if not CHROMIUM.exists():
        reason = f"Chromium is not installed at {CHROMIUM}: install Debian's package with `apt-get install chromium`"
        for item in items:
            if "tests/browser/" in str(item.path).replace(os.sep, "/"):
                item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    """The address of a ``nambarz serve`` process started for this test session, stopped after it."""
    with running_server() as served:
        yield served.url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium, shared by the tests of one process."""
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 - only when a browser test runs

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS, headless=True)
        yield chromium
        chromium.close()


@dataclass
class Browse:
    """A browser tab on the test server: open pages, audit them, and watch where requests go."""

    page: Any
    server_url: str
    foreign_requests: list[str] = field(default_factory=list)

    def open(self, path: str) -> Any:
        """Open ``path`` of the server; fail on an HTTP error status."""
        response = self.page.goto(self.server_url + path)
        assert response is not None and response.status < 400, f"{path}: HTTP {response and response.status}"
        return self.page

    def audit(self) -> list[dict[str, Any]]:
        """The axe-core violations of the page shown, serious or critical only."""
        from axe_playwright_python.sync_playwright import Axe  # noqa: PLC0415

        results = Axe().run(self.page)
        return [violation for violation in results.response["violations"] if violation["impact"] in SERIOUS]

    def assert_accessible(self) -> None:
        """Fail with axe-core's report when the page shown has a serious or critical violation."""
        violations = self.audit()
        assert not violations, "\n".join(
            f"{violation['id']} ({violation['impact']}): {violation['help']} — "
            + "; ".join(node["target"][0] for node in violation["nodes"][:5])
            for violation in violations
        )

    def assert_fits_width(self) -> None:
        """Fail when the page scrolls sideways."""
        overflow = self.page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the page is {overflow} px wider than the screen"


@pytest.fixture(params=sorted(SIZES))
def size(request: pytest.FixtureRequest) -> str:
    """Each test that takes it runs at a phone size and at a desktop size."""
    return str(request.param)


@pytest.fixture
def browse(browser: Any, server_url: str, size: str) -> Iterator[Browse]:
    """A fresh tab at ``size``; after the test, no request may have left the server's origin."""
    context = browser.new_context(viewport=SIZES[size], locale="en-GB")
    context.set_default_timeout(ACTION_TIMEOUT_MS)
    tab = Browse(context.new_page(), server_url)

    def watch(request: Any) -> None:
        if not request.url.startswith((server_url, "data:")):
            tab.foreign_requests.append(request.url)

    tab.page.on("request", watch)
    yield tab
    context.close()
    assert not tab.foreign_requests, f"requests left the server: {tab.foreign_requests}"

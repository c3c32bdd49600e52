"""Save screenshots of the web tutor's main pages, at a phone size and a desktop size, for the documentation.

It starts ``nambarz serve`` on a free loopback port, opens each page of
:data:`SHOTS` in Debian's headless Chromium (through Playwright, from the
test extra) and writes ``<name>-<size>.png`` into ``docs/screenshots``: what
the screen shows once the page has loaded (a verdict scrolls itself into
view)::

    .venv/bin/python tools/screenshots.py            # every page
    .venv/bin/python tools/screenshots.py check      # only the pages named
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"]
OUTPUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}

SHOTS = {
    "home": "/?lang=en",
    "check": "/nambarz/check?top=3bee&play=6+%2B+5+%2B+2+-+10&lang=it",
    "referee": "/nambarz/check?top=3bee&turn=Jboth+Jnumber+4+%3B+1+%2B+2&lang=en",
    "hints": "/solve?top=3bee&hand=10+4+2+7+9&lang=de",
    "worksheet": "/worksheet?level=2&count=12&seed=7&kinds=cover&lang=it",
    "practice": "/practice?level=2&seed=3&lang=fr",
    "thegame": "/thegame/check?lang=en",
}
"""Each screenshot's name and the page it shows."""

SCROLL_TO = {"worksheet": ".sheet"}
"""Pages whose screenshot shows a part further down, by CSS selector (a worksheet's sheet, below its form)."""


def start_server() -> tuple[subprocess.Popen[bytes], str]:
    """A ``nambarz serve`` process on a free port, and its address, once it answers."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "api", "serve", "--port", str(port)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            urllib.request.urlopen(f"{url}/api/v1/health", timeout=5).close()
            return server, url
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("nambarz serve did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", choices=[[], *SHOTS], metavar="NAME", help=f"among {', '.join(SHOTS)}")
    names = parser.parse_args().names or list(SHOTS)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    server, url = start_server()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for name in names:
                for size, viewport in SIZES.items():
                    context = browser.new_context(viewport=viewport)
                    page = context.new_page()
                    page.goto(url + SHOTS[name])
                    if name in SCROLL_TO:
                        page.locator(SCROLL_TO[name]).evaluate("element => element.scrollIntoView()")
                    path = OUTPUT / f"{name}-{size}.png"
                    page.screenshot(path=str(path))
                    context.close()
                    print(path.relative_to(OUTPUT.parent.parent))
            browser.close()
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()

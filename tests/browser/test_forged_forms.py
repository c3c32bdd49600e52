"""A page of another origin cannot make a seated player's browser move, while the player's own table still can.

A real server (:mod:`tests.serving`) and a second, hostile one on another
port of 127.0.0.1: another origin of the same site, so that SameSite=Lax
alone would let the player's cookies go with its form.  The player starts a
game and takes seat 0 in Chromium; the hostile page, opened in the same
browser, posts a legal move to the seat's address as soon as it loads.  The
game must not move (its version, read through the API with the seat's
token, stays), and the move then made from the table is played.
"""

from __future__ import annotations

import html
import json
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.browser.conftest import ACTION_TIMEOUT_MS, SIZES, Browse
from tests.browser.test_play import at_table, start_game

PATIENCE = 120
"""Seconds a request of the test may take on a busy machine."""

HOSTILE_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Free cards</title></head>
<body>
<form method="post" action="{action}">
<input type="hidden" name="version" value="{version}">
<input type="hidden" name="action" value="{move}">
</form>
<script>document.forms[0].submit();</script>
</body></html>
"""
"""A page that, as it loads, posts a move to a seat's table, as the seat's own form would but without its token."""


@contextmanager
def hostile_server(page: str) -> Iterator[str]:
    """A tiny HTTP server on a free port of 127.0.0.1 serving ``page`` at ``/``, until the end of the block."""
    body = page.encode("utf-8")

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=PATIENCE)


def seat_view(server_url: str, game_id: str, token: str) -> dict[str, Any]:
    """The seat's view of the game, through the API, with the seat's token."""
    request = urllib.request.Request(
        f"{server_url}/api/v1/games/{game_id}?lang=en", headers={"Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request, timeout=PATIENCE) as answer:
        view: dict[str, Any] = json.load(answer)
    return view


def test_a_page_of_another_origin_cannot_move_for_a_seated_player_whose_table_still_can(
    browser: Any, server_url: str, size: str
) -> None:
    context = browser.new_context(viewport=SIZES[size], locale="en-GB")
    context.set_default_timeout(ACTION_TIMEOUT_MS)
    try:
        table = Browse(context.new_page(), server_url)
        page = start_game(table, [("human", "Ann"), ("strong", "Bot")], game="quando", seed=3)
        link = page.input_value("#link0")
        game_id, token = link.split("/play/")[1].split("/join/")
        page.locator("a[data-join]").first.click()
        at_table(page)
        view = seat_view(server_url, game_id, token)
        assert view["your_turn"] and view["legal_actions"]

        seat_address = f"{server_url}/play/{game_id}/seat/0?lang=en"
        forged = HOSTILE_PAGE.format(
            action=html.escape(seat_address), version=view["version"], move=html.escape(view["legal_actions"][-1])
        )
        with hostile_server(forged) as hostile_url:
            assert not hostile_url.startswith(server_url)  # the same host, another port: another origin
            attacker = context.new_page()
            attacker.goto(hostile_url)
            attacker.wait_for_url(f"{server_url}/play/{game_id}/seat/0*")
            attacker.wait_for_load_state()
            assert seat_view(server_url, game_id, token)["version"] == view["version"], "the forged move was played"
            assert attacker.locator("#refused-form").get_attribute("data-reason") == "elsewhere"
            hostile = Browse(attacker, server_url)
            hostile.assert_fits_width()
            hostile.assert_accessible()

        page.locator("details.legal-moves summary").click()
        with page.expect_navigation():
            page.locator("form.listed-moves button[data-action]").first.click()
        assert page.locator("#verdict").get_attribute("data-legal") == "true"
        assert seat_view(server_url, game_id, token)["version"] > view["version"]
    finally:
        context.close()

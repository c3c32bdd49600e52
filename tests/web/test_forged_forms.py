"""Forms that change something are taken only from the app's own pages, with their token (:mod:`web.csrf`).

The test client is the browser: it keeps the session and seat cookies,
and each request says where it comes from as a browser would
(``Sec-Fetch-Site``, ``Origin``).  The server's own origin here is
``http://localhost``.
"""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.web.pages import form_token
from tests.web.test_play_pages import Seat, engine_state, listed_moves, seated, version_of
from tutor.i18n import SUPPORTED_LANGUAGES, translator

OWN = {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"}
"""What a browser says of a form sent from one of the server's own pages."""

START = {"game": "quando", "players": "2", "kind0": "human", "name0": "Ann", "kind1": "strong", "name1": "Bot"}
"""The start form, filled in."""

HEADINGS = {
    "out-of-date": "This page was out of date",
    "elsewhere": "This form came from elsewhere",
}
"""The refusal page's heading, in English, by its reason."""


def refusal(page: TestResponse, lang: str = "en") -> str:
    """The reason a refusal page gives (``out-of-date`` or ``elsewhere``), after checking its heading's words."""
    found = re.search(r'<h1 id="refused-form" data-reason="([a-z-]+)">([^<]*)</h1>', page.text)
    assert found is not None, page.text
    reason = found.group(1)
    assert html.unescape(found.group(2)) == translator(lang, "web").gettext(HEADINGS[reason])
    assert f'<html lang="{lang}">' in page.text
    return reason


def back_link(page: TestResponse) -> str:
    found = re.search(r'<a class="button primary" href="([^"]*)">', page.text)
    assert found is not None, "the refusal offers no way back"
    return html.unescape(found.group(1))


def move(client: FlaskClient, seat: Seat, headers: dict[str, str], *, token: bool = True) -> TestResponse:
    """Send the first legal move of ``seat``'s table, with the form's token or without it, and ``headers``."""
    page = seat.page()
    form = {"version": str(version_of(page)), "action": listed_moves(page)[-1]}
    if token:
        form["csrf_token"] = form_token(client)
    return client.post(f"{seat.table}?lang=en", data=form, headers=headers)


# ----------------------------------------------------------------------------------------------- the token


def test_a_game_started_without_the_form_token_is_refused_as_out_of_date(client: FlaskClient) -> None:
    page = client.post("/play?lang=en", data=START, headers=OWN)
    assert page.status_code == 400
    assert refusal(page) == "out-of-date"
    assert back_link(page) == "/play?lang=en"
    assert "Location" not in page.headers


def test_a_move_without_the_form_token_is_refused_and_the_game_does_not_move(client: FlaskClient, app: Flask) -> None:
    seat = seated(client, "quando")
    before = engine_state(app, seat.game_id).to_dict()
    page = move(client, seat, OWN, token=False)
    assert page.status_code == 400
    assert refusal(page) == "out-of-date"
    assert back_link(page) == f"{seat.table}?lang=en"
    assert engine_state(app, seat.game_id).to_dict() == before


def test_the_token_of_another_browser_is_refused(app: Flask) -> None:
    player, stranger = app.test_client(), app.test_client()
    seat = seated(player, "quando")
    page = seat.page()
    form = {"version": str(version_of(page)), "action": listed_moves(page)[-1], "csrf_token": form_token(stranger)}
    answer = player.post(seat.table, data=form, headers=OWN)
    assert answer.status_code == 400
    assert refusal(answer) == "out-of-date"


# ----------------------------------------------------------------------------------------------- where it comes from


@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "same-site", "Origin": "http://localhost:8000"},
        {"Sec-Fetch-Site": "cross-site", "Origin": "https://elsewhere.example"},
        {"Origin": "http://localhost:8000"},
        {"Origin": "null"},
    ],
    ids=["another-origin-of-the-site", "another-site", "another-origin-without-fetch-site", "opaque-origin"],
)
def test_a_move_from_another_origin_is_refused_even_with_the_token(
    client: FlaskClient, app: Flask, headers: dict[str, str]
) -> None:
    seat = seated(client, "quando")
    before = engine_state(app, seat.game_id).to_dict()
    page = move(client, seat, headers)
    assert page.status_code == 403
    assert refusal(page) == "elsewhere"
    assert back_link(page) == f"{seat.table}?lang=en"
    assert engine_state(app, seat.game_id).to_dict() == before


def test_a_game_started_from_another_origin_is_refused(client: FlaskClient) -> None:
    form = {**START, "csrf_token": form_token(client)}
    page = client.post("/play?lang=en", data=form, headers={"Sec-Fetch-Site": "same-site"})
    assert page.status_code == 403
    assert refusal(page) == "elsewhere"


@pytest.mark.parametrize(
    "headers",
    [OWN, {"Origin": "http://localhost"}, {"Sec-Fetch-Site": "same-origin"}, {}],
    ids=["same-origin", "own-origin-without-fetch-site", "same-origin-without-origin", "neither"],
)
def test_a_move_from_the_server_own_page_with_its_token_is_played(client: FlaskClient, headers: dict[str, str]) -> None:
    seat = seated(client, "quando")
    version = version_of(seat.page())
    page = move(client, seat, headers)
    assert page.status_code == 200, page.text
    assert version_of(page) > version


def test_a_game_started_from_the_server_own_page_with_its_token_opens(client: FlaskClient) -> None:
    started = client.post("/play?lang=en", data={**START, "csrf_token": form_token(client)}, headers=OWN)
    assert started.status_code == 303
    assert client.get(started.headers["Location"]).status_code == 200


def test_a_page_opened_from_another_site_is_shown_as_ever(client: FlaskClient) -> None:
    assert client.get("/play?lang=en", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 200
    page = client.get("/nambarz/check?top=3bee&play=6+%2F+2", headers={"Sec-Fetch-Site": "cross-site"})
    assert page.status_code == 200


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_the_refusal_speaks_the_reader_language(client: FlaskClient, lang: str) -> None:
    page = client.post(f"/play?lang={lang}", data=START, headers={"Sec-Fetch-Site": "cross-site"})
    assert page.status_code == 403
    assert refusal(page, lang) == "elsewhere"
    assert translator(lang, "web").gettext("Back to the form") in html.unescape(page.text)


# ----------------------------------------------------------------------------------------------- the API


def test_the_api_takes_its_json_without_a_form_token_from_anywhere(client: FlaskClient) -> None:
    seats = [{"name": "Ann"}, {"name": "Bot", "kind": "strong"}]
    created = client.post(
        "/api/v1/games", json={"game": "quando", "seats": seats}, headers={"Sec-Fetch-Site": "cross-site"}
    )
    assert created.status_code == 201
    answer = client.post(
        "/api/v1/nambarz/check", json={"top": "3", "play": "1 + 2"}, headers={"Origin": "https://elsewhere.example"}
    )
    assert answer.status_code == 200
    assert "Set-Cookie" not in answer.headers


def test_an_address_that_takes_no_form_still_says_so(client: FlaskClient) -> None:
    assert client.post("/no-such-page", data={}, headers={"Sec-Fetch-Site": "cross-site"}).status_code == 404
    assert client.post("/nambarz/check", data={}, headers={"Sec-Fetch-Site": "cross-site"}).status_code == 405

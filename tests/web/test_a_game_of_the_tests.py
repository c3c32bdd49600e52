"""A game that lives only in the tests gets its check page and a playable table from its entries alone.

The game is Quando under another name: its entries in the solver's, the tutor's and the services'
registries are Quando's, renamed; its JSON endpoints are an empty blueprint at its address,
here; its pages are its own, a check page and a table template kept beside
this module, found through its entry's ``templates``.  No shared module of the pages names it.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, render_template, request
from flask.testing import FlaskClient
from flask_smorest import Blueprint

from api.app import create_app
from api.endpoints import ENDPOINTS, GameEndpoints
from services.answers import ANSWERS
from solver.errors import GameError
from solver.games import GAMES, find_game
from tests.web.pages import form_token
from tutor.games import TUTORS
from web.entry import GamePages, Labels, TableLook
from web.games import PAGES

blueprint = Blueprint("tiny", __name__, url_prefix="/api/v1/tiny", description="A game of the tests")
"""The tiny game's JSON endpoints: none, but at its address."""


def tiny_check_page() -> str:
    """The tiny game's check page: it shows the hand it is given."""
    return render_template("tiny/check.html", hand=request.args.get("hand", ""))


def tiny_table(view: Any, names: Any, lang: str) -> dict[str, Any]:
    return {"fronts": view["hand"]}


TINY = GamePages(
    name="tiny",
    check_page=tiny_check_page,
    table=TableLook(template="play/_tiny.html", context=tiny_table, words={"knock": "Knock"}, move_example="knock"),
    labels=Labels(variants={"standard": "Standard"}, bots={"strong": "Bot: strong", "random": "Bot: plays at random"}),
    templates=Path(__file__).parent / "tiny_templates",
)


@contextmanager
def tiny_below_the_pages() -> Iterator[None]:
    """The tiny game registered in every layer below the pages."""
    with (
        GAMES.registered(replace(find_game("quando"), name="tiny", title="Tiny")),
        TUTORS.registered(replace(TUTORS.find("quando"), name="tiny")),
        ANSWERS.registered(replace(ANSWERS.find("quando"), name="tiny")),
        ENDPOINTS.registered(GameEndpoints(name="tiny", module=__name__)),
    ):
        yield


@pytest.fixture
def tiny_app() -> Iterator[Flask]:
    """The app, built while the tiny game is registered in every layer."""
    with tiny_below_the_pages(), PAGES.registered(TINY):
        yield create_app({"TESTING": True})


def test_the_app_refuses_to_start_with_a_game_that_has_no_pages() -> None:
    with tiny_below_the_pages(), pytest.raises(GameError, match="the pages of tiny are missing"):
        create_app({"TESTING": True})


def test_the_tiny_game_has_its_check_page_and_its_links(tiny_app: Flask) -> None:
    client = tiny_app.test_client()
    page = client.get("/tiny/check?hand=1+2&lang=en")
    assert page.status_code == 200
    assert '<p id="verdict">1 2</p>' in page.text
    home = client.get("/?lang=en").text
    assert 'href="/tiny/check?lang=en"' in home
    assert "Check a move in Tiny" in html.unescape(home)


def test_the_tiny_game_is_played_at_its_table(tiny_app: Flask) -> None:
    client: FlaskClient = tiny_app.test_client()
    form = {"game": "tiny", "players": "2", "kind0": "human", "name0": "Ann", "kind1": "strong", "name1": "Bot"}
    started = client.post("/play?lang=en", data={**form, "seed": "3", "csrf_token": form_token(client)})
    assert started.status_code == 303, started.text
    links = client.get(started.headers["Location"]).text
    assert "Bot: strong" in links
    join = html.unescape(re.findall(r'href="http://localhost(/play/[^"]+/join/[^"]+)"', links)[0])
    table_address = client.get(join).headers["Location"]
    table = client.get(table_address)
    assert table.status_code == 200
    assert "Tiny hand" in table.text and "Tiny: Ann" in html.unescape(table.text)
    version = re.search(r'data-version="(\d+)"', table.text)
    move = re.search(r'<button type="submit" name="action" value="([^"]*)"', table.text)
    assert version is not None and move is not None
    data = {"action": html.unescape(move.group(1)), "version": version.group(1), "csrf_token": form_token(client)}
    played = client.post(table_address, data=data)
    assert played.status_code == 200, played.text
    assert 'data-legal="true"' in played.text
    assert client.get(table_address.split("?")[0] + "/log?lang=en").status_code == 200


def test_without_the_tiny_game_its_pages_are_not_found(client: FlaskClient) -> None:
    assert "tiny" not in PAGES
    assert client.get("/tiny/check").status_code == 404

"""Tally, a game of the tests, registered in every layer, is played through the API, the command line and the pages.

No shared module names Tally: each layer's registry gets one entry (the
``with`` block of :func:`registered`), which is all a new game adds to the
shared code, and the game has its endpoints, its commands, its check page and
a playable table with a review.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from api.cli import GAME_COMMANDS
from api.endpoints import ENDPOINTS
from services.answers import ANSWERS
from solver.errors import GameError
from solver.games import GAMES
from solver.registry import Registry
from tests.conftest import Cli
from tests.tally import answers, commands, endpoints, entry, pages, words
from tests.web.pages import form_token
from tutor.games import TUTORS
from web.games import PAGES

ENTRIES: tuple[tuple[Registry[Any], Any], ...] = (
    (GAMES, entry.ENTRY),
    (TUTORS, words.WORDS),
    (ANSWERS, answers.ANSWERS),
    (ENDPOINTS, endpoints.ENDPOINTS),
    (GAME_COMMANDS, commands.COMMANDS),
    (PAGES, pages.PAGES),
)
"""Tally's entry in each layer's registry: all that a new game adds to the shared code."""


@contextmanager
def registered(*, leaving_out: Registry[Any] | None = None) -> Iterator[None]:
    """Tally in every layer's registry (but ``leaving_out``), for the ``with`` block."""
    with ExitStack() as stack:
        for registry, game_entry in ENTRIES:
            if registry is not leaving_out:
                stack.enter_context(registry.registered(game_entry))
        yield


@pytest.fixture
def tally_app(tmp_path: Path) -> Iterator[Flask]:
    with registered():
        yield create_app({"TESTING": True, "NAMBARZ_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}"})


@pytest.fixture
def tally_client(tally_app: Flask) -> FlaskClient:
    return tally_app.test_client()


def test_tally_has_the_verbs_of_every_game_under_its_address(tally_client: FlaskClient) -> None:
    judged = tally_client.post("/api/v1/tally/check", json={"total": 9, "action": "2"}).get_json()
    assert (judged["game"], judged["legal"], judged["violations"][0]["code"]) == ("tally", False, "past-target")
    assert tally_client.post("/api/v1/tally/hint", json={"total": 5}).get_json()["step"] == 1
    assert tally_client.get("/api/v1/tally/reference").get_json()["violations"][0]["code"] == "too-many"
    assert tally_client.get("/api/v1/tally/deck").get_json() == {"steps": [1, 2, 3], "target": 10}
    refused = tally_client.post("/api/v1/tally/check", json={"total": "nine", "action": "2"})
    assert refused.status_code == 422 and "total" in refused.get_json()["errors"]["json"]


def test_tally_is_in_the_openapi_document(tally_client: FlaskClient) -> None:
    paths = tally_client.get("/api/openapi.json").get_json()["paths"]
    assert {"/api/v1/tally/check", "/api/v1/tally/hint", "/api/v1/tally/reference", "/api/v1/tally/deck"} <= set(paths)


def test_tally_has_its_commands(cli: Cli) -> None:
    with registered():
        listed = cli("--help")
        judged = cli("tally", "check", "3", "2")
        hinted = cli("tally", "hint", "0")
    assert "tally" in listed.stdout
    assert judged.exit_code == 0 and json.loads(judged.stdout)["legal"] is True
    assert json.loads(hinted.stdout)["step"] == 2


def test_tally_has_its_check_page_and_a_link_to_it(tally_client: FlaskClient) -> None:
    page = tally_client.get("/tally/check?total=3&action=2&lang=en")
    assert page.status_code == 200
    assert 'data-legal="true"' in page.text and "which makes 5" in page.text
    assert 'href="/tally/check?lang=en"' in tally_client.get("/?lang=en").text


def test_tally_is_played_over_the_api_to_its_end_and_reviewed(tally_client: FlaskClient) -> None:
    seats = [{"name": "Ann"}, {"name": "Bot", "kind": "perfect"}]
    created = tally_client.post("/api/v1/games", json={"game": "tally", "seats": seats})
    assert created.status_code == 201, created.get_data(as_text=True)
    game = created.get_json()
    address, bearer = f"/api/v1/games/{game['id']}", {"Authorization": f"Bearer {game['seats'][0]['token']}"}
    for _ in range(10):
        view = tally_client.get(address, headers=bearer).get_json()
        if view["is_over"]:
            break
        answer = tally_client.post(
            f"{address}/actions", json={"action": "1", "version": view["version"]}, headers=bearer
        )
        assert answer.status_code == 200, answer.get_data(as_text=True)
    view = tally_client.get(address, headers=bearer).get_json()
    assert view["is_over"] and view["table"]["total"] == 10
    review = tally_client.get(f"{address}/review", headers=bearer).get_json()
    assert review["turns"] and all("perfect bot" in turn["explanation"] for turn in review["turns"])


def test_tally_is_played_at_its_table_with_a_hint(tally_client: FlaskClient) -> None:
    form = {"game": "tally", "players": "2", "kind0": "human", "name0": "Ann", "kind1": "perfect", "name1": "Bot"}
    started = tally_client.post("/play?lang=en", data={**form, "csrf_token": form_token(tally_client)})
    assert started.status_code == 303, started.text
    links = tally_client.get(started.headers["Location"]).text
    join = html.unescape(re.findall(r'href="http://localhost(/play/[^"]+/join/[^"]+)"', links)[0])
    table_address = tally_client.get(join).headers["Location"]
    table = tally_client.get(table_address)
    assert table.status_code == 200 and 'id="tally-total">0 of 10' in table.text
    version = re.search(r'data-version="(\d+)"', table.text)
    assert version is not None
    data = {"action": "3", "version": version.group(1), "csrf_token": form_token(tally_client)}
    played = tally_client.post(table_address, data=data)
    assert played.status_code == 200 and 'data-legal="true"' in played.text
    seat = table_address.split("?")[0]
    assert "Add " in tally_client.get(f"{seat}/hint?level=1&lang=en").text
    assert tally_client.get(f"{seat}/log?lang=en").status_code == 200


@pytest.mark.parametrize("layer", [TUTORS, ANSWERS, ENDPOINTS, PAGES], ids=lambda registry: registry.layer)
def test_the_app_refuses_to_start_while_tally_lacks_an_entry(layer: Registry[Any]) -> None:
    with registered(leaving_out=layer), pytest.raises(GameError, match=f"the {layer.layer} of tally are missing"):
        create_app({"TESTING": True})


def test_without_tally_registered_it_has_no_address(client: FlaskClient) -> None:
    assert client.get("/tally/check").status_code == 404
    assert client.post("/api/v1/tally/check", json={"total": 3, "action": "2"}).status_code == 404
    refused = client.post("/api/v1/games", json={"game": "tally", "seats": [{"name": "Ann"}]})
    assert refused.status_code == 422 and "game" in refused.get_json()["errors"]["json"]

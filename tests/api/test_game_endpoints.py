"""Every game's endpoints under ``/api/v1/<game>`` with the same verbs, and the old addresses that still answer.

The verbs every game answers: ``POST check``, ``POST hint``, ``GET
reference``, ``GET deck``.  The endpoints each game gained to have them all
(Nambarz's hint, The Game's and Quando's decks, Nmbrs!'s hint) are tested
here; each game's own test file tests the rest.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api.endpoints import ENDPOINTS
from api.openapi import generate
from tests.conftest import Cli

VERBS = {"check": "POST", "hint": "POST", "reference": "GET", "deck": "GET"}
"""What every game answers, and how it is asked."""

OLD_ADDRESSES = {"/api/v1/tutor/hint": "/api/v1/nambarz/hint"}
"""Each old address that still answers, with the address that replaces it."""


def field_errors(response: TestResponse) -> dict[str, list[str]]:
    """The field errors of a 422 answer in the API's one error shape."""
    assert response.status_code == 422, response.get_data(as_text=True)
    body = response.get_json()
    assert body["code"] == 422 and body["message"]
    errors: dict[str, list[str]] = body["errors"]["json"]
    return errors


@pytest.mark.parametrize("game", ENDPOINTS.names)
@pytest.mark.parametrize(("verb", "method"), VERBS.items())
def test_every_game_answers_the_same_verbs_under_its_own_address(app: Flask, game: str, verb: str, method: str) -> None:
    rules = {rule.rule: rule.methods or set() for rule in app.url_map.iter_rules()}
    assert method in rules.get(f"/api/v1/{game}/{verb}", set())


def test_the_openapi_document_marks_each_old_address_deprecated_and_says_it_is_old() -> None:
    paths = generate()["paths"]
    for old, new in OLD_ADDRESSES.items():
        old_operation, new_operation = paths[old]["post"], paths[new]["post"]
        assert old_operation["deprecated"] is True
        assert "old address" in old_operation["summary"] and new in old_operation["summary"]
        assert "deprecated" not in new_operation
        assert old_operation["requestBody"] == new_operation["requestBody"]
        assert old_operation["responses"] == new_operation["responses"]
    deprecated = {
        path for path, operations in paths.items() for operation in operations.values() if "deprecated" in operation
    }
    assert deprecated == set(OLD_ADDRESSES)


# ----------------------------------------------------------------- Nambarz's hint


@pytest.mark.parametrize(
    "body",
    [
        pytest.param({"top": "3bee", "hand": ["10", "4", "2", "7"], "level": 3, "lang": "it"}, id="best-turn"),
        pytest.param({"top": "3bee", "hand": ["8"]}, id="must-draw"),
    ],
)
def test_nambarzs_hint_answers_at_its_address_and_at_the_old_one_alike(
    client: FlaskClient, cli: Cli, body: dict[str, Any]
) -> None:
    response = client.post("/api/v1/nambarz/hint", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json() == client.post("/api/v1/tutor/hint", json=body).get_json()
    assert response.get_json() == cli.json("nambarz", "hint", "--request", json.dumps(body))


def test_nambarzs_hint_of_the_best_turn_names_it(client: FlaskClient) -> None:
    answer = client.post("/api/v1/nambarz/hint", json={"top": "3bee", "hand": ["10", "4", "2", "7"], "level": 3})
    assert answer.get_json()["text"] == "Play (10 + 2) ÷ 4: it sheds 3 cards and leaves 4 on top."


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({"top": "3", "hand": ["1", "2"], "level": 4}, "level", id="level-too-high"),
        pytest.param({"top": "3", "hand": ["1", "77"]}, "hand", id="card-not-in-deck"),
        pytest.param({"top": "Jnumber", "hand": ["1", "2"]}, "top", id="joker-on-top"),
        pytest.param({"top": "3", "hand": ["1"], "lang": "xx"}, "lang", id="unknown-language"),
    ],
)
@pytest.mark.parametrize("address", ["/api/v1/nambarz/hint", "/api/v1/tutor/hint"])
def test_nambarzs_hint_refuses_bad_input_with_a_422_naming_the_field(
    client: FlaskClient, address: str, body: dict[str, Any], field: str
) -> None:
    assert field in field_errors(client.post(address, json=body))


# ----------------------------------------------------------------- The Game's and Quando's decks


def test_the_games_deck_holds_one_card_of_each_number_from_2_to_99(client: FlaskClient) -> None:
    response = client.get("/api/v1/thegame/deck")
    assert response.status_code == 200
    deck = response.get_json()
    assert list(deck) == ["name", "cards", "fire_cards", "size"]
    assert deck["cards"] == {str(number): 1 for number in range(2, 100)}
    assert deck["size"] == 98 == sum(deck["cards"].values())
    assert deck["fire_cards"] == [22, 33, 44, 55, 66, 77]


def test_quandos_deck_holds_one_card_for_every_pair_of_different_numbers(client: FlaskClient) -> None:
    response = client.get("/api/v1/quando/deck")
    assert response.status_code == 200
    deck = response.get_json()
    assert list(deck) == ["name", "cards", "numbers", "size"]
    pairs = {f"{low}/{high}" for low in range(11) for high in range(low + 1, 11)}
    assert set(deck["cards"]) == pairs and set(deck["cards"].values()) == {1}
    assert deck["size"] == 55 == sum(deck["cards"].values())
    assert deck["numbers"] == list(range(11))


@pytest.mark.parametrize("game", ["thegame", "quando"])
def test_a_deck_is_what_the_command_line_prints_with_json(client: FlaskClient, cli: Cli, game: str) -> None:
    assert client.get(f"/api/v1/{game}/deck").get_json() == cli.json(game, "deck")


@pytest.mark.parametrize("game", ["thegame", "quando"])
def test_a_deck_is_only_read(client: FlaskClient, game: str) -> None:
    assert client.post(f"/api/v1/{game}/deck", json={}).status_code == 405


# ----------------------------------------------------------------- Nmbrs!'s hint

NMBRS_POSITION = {
    "table": [
        {"row": 0, "column": 0, "card": 10},
        {"row": 0, "column": 1, "card": "J", "value": 20},
        {"row": 0, "column": 2, "card": 30},
    ],
    "hand": [40, 5],
    "opened": True,
}


def test_nmbrs_hint_is_the_play_worth_most_points_which_lay_then_accepts(client: FlaskClient) -> None:
    response = client.post("/api/v1/nmbrs/hint", json={**NMBRS_POSITION, "lang": "fr"})
    assert response.status_code == 200, response.get_data(as_text=True)
    answer = response.get_json()
    assert list(answer) == ["game", "play", "verdict", "explanation"]
    assert answer["play"] == {"kind": "lay", "cards": [{"row": 0, "column": 3, "card": "40"}]}
    assert answer["explanation"].startswith("Suggestion\u00a0: poser 40 en ligne 1, colonne 4, pour 2 points.")
    laid = client.post("/api/v1/nmbrs/lay", json={**NMBRS_POSITION, "plays": [answer["play"]], "lang": "fr"})
    assert laid.get_json() == answer["verdict"]
    assert answer["verdict"]["legal"] is True and answer["verdict"]["score"] == 2


def test_nmbrs_hint_without_a_scoring_play_says_to_end_the_turn(client: FlaskClient) -> None:
    answer = client.post("/api/v1/nmbrs/hint", json={"hand": [5, 90]}).get_json()
    assert (answer["play"], answer["verdict"]) == (None, None)
    assert answer["explanation"] == "No play from your hand scores on this table: end your turn."


def test_nmbrs_hint_is_what_the_command_line_prints_with_json(client: FlaskClient, cli: Cli) -> None:
    body = {**NMBRS_POSITION, "lang": "de"}
    answer = client.post("/api/v1/nmbrs/hint", json=body).get_json()
    assert answer == cli.json("nmbrs", "hint", "--request", json.dumps(body))
    options = ["--table", "10@0,0 J=20@0,1 30@0,2", "--hand", "40 5", "--opened", "--lang", "de"]
    assert answer == cli.json("nmbrs", "hint", *options)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({"hand": [40, 101]}, "hand", id="no-such-card"),
        pytest.param({"hand": [40, 40]}, "hand", id="a-card-twice"),
        pytest.param({**NMBRS_POSITION, "hand": [30]}, "hand", id="on-table-and-in-hand"),
        pytest.param({"table": [{"row": 0, "column": 0, "card": 40}], "hand": [5]}, "table", id="table-not-valid"),
        pytest.param({"table": []}, "hand", id="missing-hand"),
        pytest.param({"hand": [5], "rules": "chess"}, "rules", id="unknown-rules"),
        pytest.param({"hand": [5], "plays": []}, "plays", id="unknown-field"),
    ],
)
def test_nmbrs_hint_refuses_bad_input_with_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, Any], field: str
) -> None:
    assert field in field_errors(client.post("/api/v1/nmbrs/hint", json=body))

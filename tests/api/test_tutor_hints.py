"""``POST /api/v1/nambarz/hint`` and ``nambarz hint``: the same hint, the same JSON, the same refusals.

The old address, ``/api/v1/tutor/hint``, answers the same (``test_game_endpoints.py``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.conftest import Cli


def post(client: FlaskClient, body: Any) -> TestResponse:
    return client.post("/api/v1/nambarz/hint", json=body)


def field_errors(response: TestResponse) -> dict[str, list[str]]:
    """The field errors of a 422 answer."""
    assert response.status_code == 422, response.get_data(as_text=True)
    body = response.get_json()
    assert body["code"] == 422 and body["message"]
    errors: dict[str, list[str]] = body["errors"]["json"]
    return errors


SAME_AS_CLI = [
    pytest.param(
        {"top": "3bee", "hand": ["10", "4", "2", "7"], "level": 1},
        ["--top", "3bee", "--hand", "10 4 2 7", "--level", "1"],
        id="level-1",
    ),
    pytest.param(
        {"top": "3bee", "hand": ["10", "4", "2", "7"], "level": 2},
        ["--position", "3bee / 10 4 2 7", "--level", "2"],
        id="level-2-position",
    ),
    pytest.param(
        {"top": "3", "hand": ["1", "2", "6", "9", "4", "Jreplay"], "rules": "integer", "ops": "+-", "level": 3},
        ["--top", "3", "--hand", "1 2 6 9 4 Jreplay", "--rules", "integer", "--ops", "+-", "--level", "3"],
        id="level-3-joker-rules",
    ),
    pytest.param({"top": "3bee", "hand": ["8"]}, ["--top", "3bee", "--hand", "8"], id="must-draw-default-level"),
]


@pytest.mark.parametrize(("body", "argv"), SAME_AS_CLI)
def test_the_api_answers_with_the_same_json_as_the_command_line(
    client: FlaskClient, cli: Cli, body: dict[str, Any], argv: list[str]
) -> None:
    response = post(client, body)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json() == cli.json("hint", *argv)
    assert response.get_json() == cli.json("hint", "--request", json.dumps(body))


def test_the_api_keeps_the_documented_key_order(client: FlaskClient) -> None:
    response = post(client, {"top": "3bee", "hand": ["10", "4", "2", "7"], "level": 3})
    keys = list(json.loads(response.get_data(as_text=True)))
    assert keys[:5] == ["level", "top", "hand", "rules", "text"]
    assert keys[5:] == [
        "matching_cards",
        "calculation_sizes",
        "master_stroke",
        "must_draw",
        "first_card",
        "first_operator",
        "turn",
    ]


def test_the_command_line_prints_the_hint_text(cli: Cli) -> None:
    result = cli("hint", "3bee", "10 4 2 7", "--level", "3")
    assert (result.exit_code, result.stdout) == (0, "Play (10 + 2) ÷ 4: it sheds 3 cards and leaves 4 on top.\n")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({"top": "3", "hand": ["1", "2"], "level": 4}, "level", id="level-too-high"),
        pytest.param({"top": "3", "hand": ["1", "2"], "level": 0}, "level", id="level-too-low"),
        pytest.param({"top": "3", "hand": ["1", "2"], "level": "2"}, "level", id="level-as-text"),
        pytest.param({"top": "3", "hand": ["1", "2"], "level": True}, "level", id="level-as-boolean"),
        pytest.param({"top": "3xyz", "hand": ["1", "2"]}, "top", id="unknown-top"),
        pytest.param({"top": "3", "hand": ["1", "77"]}, "hand", id="card-not-in-deck"),
        pytest.param({"top": "3", "hand": ["1", "2"], "ops": "%"}, "ops", id="unknown-operator"),
        pytest.param({"top": "Jnumber", "hand": ["1", "2"]}, "top", id="joker-on-top"),
        pytest.param({"hand": ["1", "2"]}, "top", id="missing-top"),
    ],
)
def test_bad_input_is_a_422_naming_the_field(client: FlaskClient, body: dict[str, Any], field: str) -> None:
    assert field in field_errors(post(client, body))


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["--top", "3", "--hand", "1 2", "--level", "4"], id="level-too-high"),
        pytest.param(["--top", "3", "--hand", "1 2", "--level", "two"], id="level-not-a-number"),
        pytest.param(["--top", "3xyz", "--hand", "1 2"], id="unknown-top"),
        pytest.param(["--top", "Jnumber", "--hand", "1 2"], id="joker-on-top"),
        pytest.param(["--top", "3"], id="missing-hand"),
        pytest.param(["--position", "3 / 1 2", "--top", "3"], id="position-and-top"),
    ],
)
def test_bad_command_line_input_exits_2_with_one_line(cli: Cli, argv: list[str]) -> None:
    result = cli("hint", *argv)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("nambarz: error: ")

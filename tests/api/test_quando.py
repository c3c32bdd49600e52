"""The Quando endpoints of the HTTP API: answers, the same JSON as the command line, and 422s naming the field."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.http import HTTP_STATUS_CODES
from werkzeug.test import TestResponse

from api.openapi import generate
from solver.quando import RULINGS, VIOLATIONS
from tests.conftest import Cli

HAND = [3, 4, 5, 9, 0, 0, 7]
VERDICT_KEYS = ["game", "legal", "violations", "action", "kind", "triple", "hand_after", "rulings", "explanation"]


def post(client: FlaskClient, endpoint: str, body: Any) -> TestResponse:
    return client.post(f"/api/v1/quando/{endpoint}", json=body)


def answer(response: TestResponse) -> Any:
    """The JSON of a 200 answer, its objects as lists of pairs so that key order is compared too."""
    assert response.status_code == 200, response.get_data(as_text=True)
    return json.loads(response.get_data(as_text=True), object_pairs_hook=list)


def field_errors(response: TestResponse) -> dict[str, Any]:
    """The field errors of a 422 answer, checked against the one error shape."""
    assert response.status_code == 422, response.get_data(as_text=True)
    body: dict[str, Any] = response.get_json()
    assert {"code", "status", "message", "errors"} == set(body)
    assert (body["code"], body["status"]) == (422, HTTP_STATUS_CODES[422])
    errors: dict[str, Any] = body["errors"]["json"]
    return errors


def cli_answer(cli: Cli, *argv: str) -> Any:
    """The command line's ``--json`` output, parsed like :func:`answer`."""
    result = cli(*argv, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout, object_pairs_hook=list)


# ----------------------------------------------------------------- check


def test_a_straight_is_judged_legal_with_what_it_leaves_in_hand(client: FlaskClient) -> None:
    verdict = post(client, "check", {"hand": HAND, "plays_made": 1, "play": [3, 4, 5]}).get_json()
    assert verdict == {
        "game": "quando",
        "legal": True,
        "violations": [],
        "action": "play 3 4 5",
        "kind": "straight",
        "triple": False,
        "hand_after": [9, 0, 0, 7],
        "rulings": [],
        "explanation": "You lay down three in a row: 3 4 5; now draw a card.\n"
        "  Left in your hand before the draw: 9 0 0 7 (sum 16).",
    }


def test_a_verdict_lists_the_shared_fields_first_then_its_rulings_and_explanation(client: FlaskClient) -> None:
    verdict = answer(post(client, "check", {"hand": HAND, "plays_made": 1, "play": [9]}))
    assert [key for key, _ in verdict] == VERDICT_KEYS


def test_a_triple_is_flagged(client: FlaskClient) -> None:
    verdict = post(client, "check", {"hand": [8, 8, 8, 2], "plays_made": 0, "play": [8, 8, 8]}).get_json()
    assert (verdict["kind"], verdict["triple"], verdict["rulings"]) == ("triple", True, ["triple-exactly-three"])


def test_an_early_knock_is_a_200_with_its_violation_and_rule(client: FlaskClient) -> None:
    verdict = post(client, "check", {"hand": HAND, "plays_made": 1, "knock": True}).get_json()
    assert verdict["legal"] is False
    assert verdict["violations"] == [
        {
            "code": "knock-too-early",
            "rule": "Fine del turno",
            "message": "the player has played once this round; knocking needs 2 plays",
            "message_en": "the player has played once this round; knocking needs 2 plays",
        }
    ]


def test_a_knock_in_the_last_round_is_refused_by_the_referee(client: FlaskClient) -> None:
    body = {"hand": HAND, "plays_made": 2, "knock": True, "last_round": True}
    verdict = post(client, "check", body).get_json()
    assert [violation["code"] for violation in verdict["violations"]] == ["already-knocked"]


def test_a_play_with_knock_false_is_a_play(client: FlaskClient) -> None:
    verdict = post(client, "check", {"hand": HAND, "plays_made": 0, "play": [7], "knock": False}).get_json()
    assert verdict["action"] == "play 7" and verdict["legal"]


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        pytest.param({"hand": [3, 11], "plays_made": 0, "play": [3]}, "hand", "from 0 to 10, not 11", id="above-10"),
        pytest.param({"hand": [3, -1], "plays_made": 0, "play": [3]}, "hand", "from 0 to 10, not -1", id="below-0"),
        pytest.param({"hand": [3], "plays_made": 0, "play": [3, 12]}, "play", "not 12", id="play-above-10"),
        pytest.param({"hand": [3], "plays_made": 0, "play": [3], "knock": True}, "knock", "not both", id="both"),
        pytest.param({"hand": [3], "plays_made": 0}, "play", "give play", id="neither"),
        pytest.param({"hand": [3], "plays_made": 0, "knock": False}, "play", "give play", id="knock-false-alone"),
        pytest.param({"hand": [0] * 56, "plays_made": 0, "play": [0]}, "hand", "at most 55", id="56-cards"),
        pytest.param({"hand": [3] * 11, "plays_made": 0, "play": [3]}, "hand", "no 55-card deck", id="eleven-3s"),
        pytest.param({"hand": [3], "plays_made": -1, "play": [3]}, "plays_made", "not -1", id="negative-plays"),
        pytest.param({"hand": [3], "plays_made": 1.5, "play": [3]}, "plays_made", "", id="fractional-plays"),
        pytest.param({"hand": [3], "play": [3]}, "plays_made", "", id="missing-plays"),
        pytest.param({"hand": [3], "plays_made": 0, "play": [3], "pass": True}, "pass", "Unknown", id="unknown"),
        pytest.param({"hand": [True], "plays_made": 0, "play": [1]}, "hand", "", id="boolean-as-number"),
        pytest.param({"hand": ["3"], "plays_made": 0, "play": [3]}, "hand", "", id="text-as-number"),
        pytest.param({"hand": [3], "plays_made": 0, "knock": "yes"}, "knock", "true or false", id="text-knock"),
        pytest.param({"hand": [3], "plays_made": 0, "knock": 1}, "knock", "true or false", id="number-knock"),
        pytest.param({"hand": 3, "plays_made": 0, "play": [3]}, "hand", "", id="number-as-hand"),
    ],
)
def test_malformed_check_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, Any], field: str, message: str
) -> None:
    errors = field_errors(post(client, "check", body))
    assert list(errors) == [field]
    assert message in json.dumps(errors[field])


# ----------------------------------------------------------------- hint


def test_the_hint_suggests_the_play_and_side_with_the_lowest_expected_sum(client: FlaskClient) -> None:
    advice = post(client, "hint", {"hand": HAND, "plays_made": 1, "draw_visible": 2}).get_json()
    assert advice["suggestion"] == {
        "action": "play 3 4 5",
        "draw": "visible",
        "kind": "straight",
        "expected_sum": 18.0,
        "only_zeros_chance": 0.0,
    }
    assert advice["hidden_side"] == {
        "visible": 2,
        "possible": [0, 1, 3, 4, 5, 6, 7, 8, 9, 10],
        "ruled_out": [],
        "expected": 5.3,
    }
    assert advice["knock"] == {"allowed": False, "expected_sum": 28}
    assert advice["reasoning"][-1] == "Knocking is not allowed yet: 1 play made this round, 2 needed."
    assert len(advice["candidates"]) == 16


def test_the_hint_suggests_knocking_with_a_low_sum(client: FlaskClient) -> None:
    advice = post(client, "hint", {"hand": [1, 2, 0], "plays_made": 2, "draw_visible": 8}).get_json()
    assert advice["suggestion"]["action"] == "knock" and advice["suggestion"]["draw"] is None


def test_numbers_out_of_the_game_rule_out_hidden_sides(client: FlaskClient) -> None:
    body = {"hand": [1, 7], "plays_made": 0, "draw_visible": 4, "out_of_game": [7] * 9}
    assert post(client, "hint", body).get_json()["hidden_side"]["ruled_out"] == [7]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({"hand": [], "plays_made": 0, "draw_visible": 3}, "hand", id="empty-hand"),
        pytest.param({"hand": [3], "plays_made": 0, "draw_visible": 11}, "draw_visible", id="visible-above-10"),
        pytest.param({"hand": [3], "plays_made": 0}, "draw_visible", id="no-visible"),
        pytest.param({"hand": [3] * 10, "plays_made": 0, "draw_visible": 3}, "draw_visible", id="an-eleventh-3"),
        pytest.param(
            {"hand": [3], "plays_made": 0, "draw_visible": 4, "out_of_game": [3] * 10}, "out_of_game", id="eleven-3s"
        ),
        pytest.param(
            {"hand": [3], "plays_made": 0, "draw_visible": 4, "out_of_game": [0] * 55}, "out_of_game", id="55"
        ),
        pytest.param({"hand": [3], "plays_made": -2, "draw_visible": 4}, "plays_made", id="negative-plays"),
        pytest.param({"hand": [3], "plays_made": 0, "draw_visible": 4, "play": [3]}, "play", id="unknown-field"),
    ],
)
def test_malformed_hint_input_is_a_422_naming_the_field(client: FlaskClient, body: dict[str, Any], field: str) -> None:
    assert list(field_errors(post(client, "hint", body))) == [field]


# ----------------------------------------------------------------- score and reference


def test_a_round_is_scored_with_the_knockers_penalty(client: FlaskClient) -> None:
    body = {"sums": {"Sarah": 4, "Maria": 12, "Linus": 7, "Tim": 4}, "knocker": "Sarah"}
    score = post(client, "score", body).get_json()
    assert score["points"] == {"Sarah": 9, "Maria": 12, "Linus": 7, "Tim": 0}
    assert (score["lowest"], score["knocker_penalized"]) == (["Sarah", "Tim"], True)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({"sums": {"A": 3}}, "sums", id="one-player"),
        pytest.param({"sums": {f"P{seat}": 1 for seat in range(7)}}, "sums", id="seven-players"),
        pytest.param({"sums": {"A": 3, "B": -1}}, "sums", id="negative-sum"),
        pytest.param({"sums": {"A": 3, "B": 386}}, "sums", id="sum-above-385"),
        pytest.param({"sums": {"A": 3, "B": 1}, "knocker": "C"}, "knocker", id="unknown-knocker"),
        pytest.param({"sums": {"A": 3, "": 1}}, "sums", id="empty-name"),
    ],
)
def test_malformed_score_input_is_a_422_naming_the_field(client: FlaskClient, body: dict[str, Any], field: str) -> None:
    assert list(field_errors(post(client, "score", body))) == [field]


def test_the_reference_lists_every_violation_code_and_ruling(client: FlaskClient) -> None:
    reference = client.get("/api/v1/quando/reference").get_json()
    assert [row["code"] for row in reference["violations"]] == [code.value for code in VIOLATIONS]
    assert {row["rule"] for row in reference["violations"]} <= {
        "Svolgimento del gioco",
        "Possibilità B: Giocare numeri uguali",
        "Azione speciale: terna di numeri",
        "Fine del turno",
    }
    assert [row["id"] for row in reference["rulings"]] == list(RULINGS)


# ----------------------------------------------------------------- the same JSON as the command line


@pytest.mark.parametrize(
    ("endpoint", "body", "argv"),
    [
        pytest.param(
            "check",
            {"hand": HAND, "plays_made": 1, "play": [3, 4, 5]},
            ["--hand", "3,4,5,9,0,0,7", "--plays-made", "1", "--play", "3,4,5"],
            id="check-play",
        ),
        pytest.param(
            "check",
            {"hand": HAND, "plays_made": 1, "knock": True, "last_round": True},
            ["--hand", "3,4,5,9,0,0,7", "--plays-made", "1", "--knock", "--last-round"],
            id="check-knock",
        ),
        pytest.param(
            "hint",
            {"hand": [1, 7], "plays_made": 2, "draw_visible": 4, "out_of_game": [7] * 9},
            ["--hand", "1,7", "--plays-made", "2", "--draw-visible", "4", "--out-of-game", "7,7,7,7,7,7,7,7,7"],
            id="hint",
        ),
        pytest.param(
            "score",
            {"sums": {"Linus": 2, "Tim": 11, "Sarah": 6, "Maria": 4}, "knocker": "Linus"},
            ["--sums", "Linus=2,Tim=11,Sarah=6,Maria=4", "--knocker", "Linus"],
            id="score",
        ),
    ],
)
def test_the_api_answers_exactly_what_the_command_line_prints_with_json(
    client: FlaskClient, cli: Cli, endpoint: str, body: dict[str, Any], argv: list[str]
) -> None:
    api_answer = answer(post(client, endpoint, body))
    assert api_answer == cli_answer(cli, "quando", endpoint, *argv)
    assert api_answer == cli_answer(cli, "quando", endpoint, "--request", json.dumps(body))


def test_the_reference_is_what_the_command_line_prints_with_json(client: FlaskClient, cli: Cli) -> None:
    assert answer(client.get("/api/v1/quando/reference")) == cli_answer(cli, "quando", "reference")


def test_the_openapi_document_describes_the_quando_endpoints() -> None:
    paths = generate()["paths"]
    for endpoint in ("check", "hint", "score"):
        responses = paths[f"/api/v1/quando/{endpoint}"]["post"]["responses"]
        assert {"200", "400", "413", "415", "422"} <= set(responses)
    assert "get" in paths["/api/v1/quando/reference"]

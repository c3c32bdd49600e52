"""The HTTP API of The Game: the referee's answers, the same JSON as the command line, field errors, the reference."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api.openapi import generate
from solver.thegame.rulings import RULINGS
from solver.thegame.violations import ViolationCode
from solver.verdicts import code_table
from tests.conftest import Cli
from tests.paths import DATA

CASES = json.loads((DATA / "thegame_referee_cases.json").read_text(encoding="utf-8"))

VERDICT_FIELDS = [
    "game",
    "legal",
    "violations",
    "variant",
    "on_fire",
    "piles",
    "hand",
    "draw_pile",
    "fire_due",
    "placements",
    "minimum",
    "minimum_reachable",
    "laid",
    "backwards",
    "piles_after",
    "hand_after",
    "draw",
    "fire_pending",
    "rulings",
    "explanation",
]

PILES = {"asc1": 47, "asc2": 1, "desc1": 65, "desc2": 100}
BODY: dict[str, Any] = {
    "piles": PILES,
    "hand": [37, 75, 12],
    "draw_pile": 50,
    "play": [{"card": 37, "pile": "asc1"}, {"card": 75, "pile": "desc1"}],
}


def check(client: FlaskClient, body: Any) -> TestResponse:
    return client.post("/api/v1/thegame/check", json=body)


def answer(response: TestResponse) -> Any:
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    return response.get_json()


def field_errors(response: TestResponse) -> dict[str, Any]:
    assert response.status_code == 422, response.get_data(as_text=True)
    document = response.get_json()
    assert set(document) == {"code", "status", "message", "errors"}
    errors: dict[str, Any] = document["errors"]["json"]
    return errors


# ----------------------------------------------------------------- answers


def test_a_legal_play_is_answered_with_every_field_in_the_command_lines_order(client: FlaskClient) -> None:
    document = answer(check(client, BODY))
    assert list(document) == VERDICT_FIELDS
    assert document["game"] == "thegame" and document["legal"] is True
    assert document["placements"] == [
        {"card": 37, "pile": "asc1", "covers": 47, "legal": True, "backwards": True},
        {"card": 75, "pile": "desc1", "covers": 65, "legal": True, "backwards": True},
    ]
    assert document["piles_after"] == {"asc1": 37, "asc2": 1, "desc1": 75, "desc2": 100}
    assert (document["draw"], document["backwards"], document["hand_after"]) == (2, [1, 2], [12])


def test_an_illegal_play_is_a_200_whose_violations_name_their_placements(client: FlaskClient) -> None:
    body = {**BODY, "play": [{"card": 12, "pile": "asc1"}, {"card": 75, "pile": "desc1"}]}
    document = answer(check(client, body))
    assert document["legal"] is False
    assert document["violations"][0]["placement"] == 1
    assert document["violations"][0]["code"] == "wrong-direction"
    assert document["violations"][0]["rule"] == "I mucchietti: regole per calare carte"
    assert "placement" not in document["violations"][1]
    assert document["violations"][1]["code"] == "too-few-cards"


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_the_api_judges_every_case_of_the_referee_table(client: FlaskClient, case: dict[str, Any]) -> None:
    document = answer(check(client, case["request"]))
    faults = [[violation.get("placement"), violation["code"]] for violation in document["violations"]]
    assert faults == case["expect"]["faults"]
    for key, value in case["expect"].items():
        if key != "faults":
            assert document[key] == value, key


@pytest.mark.parametrize("case", CASES[::4], ids=[case["id"] for case in CASES[::4]])
def test_the_api_answers_with_the_same_json_as_the_command_line(
    client: FlaskClient, cli: Cli, case: dict[str, Any]
) -> None:
    request = case["request"]
    from_request = cli.json("thegame", "check", "--request", json.dumps(request))
    assert answer(check(client, request)) == from_request
    flags = [
        "--piles",
        ",".join(f"{name}={top}" for name, top in request["piles"].items()),
        "--hand",
        ",".join(map(str, request["hand"])),
        "--draw-pile",
        str(request["draw_pile"]),
        "--play",
        ",".join(f"{placement['card']}>{placement['pile']}" for placement in request["play"]),
    ]
    if "variant" in request:
        flags += ["--variant", request["variant"]]
    if request.get("on_fire"):
        flags += ["--on-fire"]
    if request.get("fire_due"):
        flags += ["--fire-due", ",".join(request["fire_due"])]
    assert cli.json("thegame", "check", *flags) == from_request


# ----------------------------------------------------------------- 422: field errors


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        pytest.param({"table": 1}, "table", "Unknown field", id="unknown-field"),
        pytest.param({"hand": [37, 100]}, "hand", "greater than or equal to 2", id="card-above-99-in-hand"),
        pytest.param({"hand": [1, 37]}, "hand", "greater than or equal to 2", id="card-below-2-in-hand"),
        pytest.param(
            {"play": [{"card": 100, "pile": "asc1"}]}, "play", "greater than or equal to 2", id="card-above-99-in-play"
        ),
        pytest.param({"piles": {**PILES, "asc1": 100}}, "piles", "less than or equal to 99", id="ascending-top-100"),
        pytest.param({"piles": {**PILES, "desc2": 1}}, "piles", "greater than or equal to 2", id="descending-top-1"),
        pytest.param({"piles": {**PILES, "asc3": 5}}, "piles", "Unknown field", id="unknown-pile-in-piles"),
        pytest.param({"piles": {"asc1": 47}}, "piles", "Missing data", id="missing-pile"),
        pytest.param({"piles": {**PILES, "asc2": 65}}, "piles", "two piles show 65", id="two-piles-show-one-card"),
        pytest.param({"hand": [37, 37]}, "hand", "holds 37 twice", id="duplicate-card-in-hand"),
        pytest.param({"hand": [47, 37]}, "hand", "which a pile already shows", id="hand-card-on-a-pile"),
        pytest.param({"hand": list(range(10, 19))}, "hand", "Length must be between 1 and 8", id="hand-of-nine"),
        pytest.param(
            {"hand": list(range(10, 18)), "variant": "pro"}, "hand", "1 to 7 cards in the pro game", id="pro-hand-of-8"
        ),
        pytest.param({"hand": []}, "hand", "Length must be between 1 and 8", id="empty-hand"),
        pytest.param({"draw_pile": -1}, "draw_pile", "greater than or equal to 0", id="negative-draw-pile"),
        pytest.param({"draw_pile": 94}, "draw_pile", "0 to 93", id="draw-pile-larger-than-the-cards-left"),
        pytest.param({"variant": "expert"}, "variant", "Must be one of", id="unknown-variant"),
        pytest.param(
            {"fire_due": ["desc1"]},
            "fire_due",
            "only with the On Fire expansion: turn on on_fire",
            id="fire-due-without-on-fire",
        ),
        pytest.param(
            {"on_fire": True, "fire_due": ["desc1"]},
            "fire_due",
            "desc1 shows 65, not a fire card",
            id="fire-due-no-fire-card",
        ),
        pytest.param(
            {"piles": {**PILES, "asc1": 44}, "on_fire": True, "fire_due": ["asc1", "asc1"]},
            "fire_due",
            "asc1 is named twice",
            id="fire-due-named-twice",
        ),
        pytest.param({"on_fire": True, "fire_due": ["up"]}, "fire_due", "Must be one of", id="fire-due-unknown-pile"),
        pytest.param({"hand": "37,75"}, "hand", "Not a valid list", id="text-as-hand"),
        pytest.param({"hand": [37.5]}, "hand", "Not a valid integer", id="fraction-in-hand"),
        pytest.param({"hand": ["37"]}, "hand", "Not a valid integer", id="text-card-in-hand"),
        pytest.param({"draw_pile": True}, "draw_pile", "Not a valid integer", id="boolean-draw-pile"),
        pytest.param({"play": [{"card": 37, "pile": " "}]}, "play", "names its pile", id="blank-pile-in-play"),
        pytest.param({"play": [{"card": 37}]}, "play", "Missing data", id="placement-without-pile"),
        pytest.param({"play": ["37>asc1"]}, "play", "Invalid input type", id="notation-as-placement"),
        pytest.param({"play": [{"card": 37, "pile": "asc1"}] * 99}, "play", "between 0 and 98", id="play-of-99"),
    ],
)
def test_malformed_input_is_a_422_naming_the_field(
    client: FlaskClient, change: dict[str, Any], field: str, message: str
) -> None:
    errors = field_errors(check(client, {**BODY, **change}))
    assert list(errors) == [field]
    assert message in json.dumps(errors[field])


@pytest.mark.parametrize("missing", ["piles", "hand", "draw_pile", "play"])
def test_a_missing_field_is_a_422_naming_it(client: FlaskClient, missing: str) -> None:
    body = {key: value for key, value in BODY.items() if key != missing}
    assert field_errors(check(client, body)) == {missing: ["Missing data for required field."]}


def test_a_body_that_is_not_an_object_is_a_422(client: FlaskClient) -> None:
    assert "_schema" in field_errors(check(client, [BODY]))


def test_a_body_that_is_not_json_is_refused(client: FlaskClient) -> None:
    response = client.post("/api/v1/thegame/check", data="{", content_type="application/json")
    assert response.status_code == 400
    response = client.post("/api/v1/thegame/check", data="piles", content_type="text/plain")
    assert response.status_code == 415


# ----------------------------------------------------------------- reference and documentation


def test_the_reference_lists_every_violation_code_and_ruling(client: FlaskClient) -> None:
    response = client.get("/api/v1/thegame/reference")
    document = answer(response)
    assert document["violations"] == code_table(ViolationCode)
    assert [ruling["id"] for ruling in document["rulings"]] == list(RULINGS)
    assert all(ruling["source"] in ("rules digest", "project decision") for ruling in document["rulings"])


def test_the_openapi_document_describes_the_game_endpoints_and_their_errors() -> None:
    paths = generate()["paths"]
    check_responses = paths["/api/v1/thegame/check"]["post"]["responses"]
    assert {"200", "400", "413", "415", "422", "default"} <= set(check_responses)
    assert "get" in paths["/api/v1/thegame/reference"]

"""``/api/v1/nmbrs``: verdicts as 200s, malformed input as 422s naming the field, the deck and the reference."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api.app import create_app
from solver.errors import DeckError
from solver.nmbrs import RULINGS, NmbrsDeck, ViolationCode
from tests.conftest import Cli

ROW = [
    {"row": 0, "column": 0, "card": 10},
    {"row": 0, "column": 1, "card": "J", "value": 20},
    {"row": 0, "column": 2, "card": 30},
]
SWAP_AND_LAY = {
    "table": ROW,
    "hand": [20, "40", 5],
    "opened": True,
    "plays": [
        {"kind": "swap", "cards": [{"row": 0, "column": 1, "card": 20}]},
        {"kind": "lay", "cards": [{"row": 0, "column": 3, "card": 40}, {"row": 0, "column": 4, "card": "J"}]},
    ],
}
LAY_FIELDS = [
    *("game", "legal", "violations", "rules", "table", "hand", "opened", "plays", "score"),
    *("table_after", "hand_after", "opened_after", "placeholders", "rulings", "explanation"),
]


def post(client: FlaskClient, endpoint: str, body: Any) -> TestResponse:
    return client.post(f"/api/v1/nmbrs/{endpoint}", json=body)


def answer(response: TestResponse) -> Any:
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def field_errors(response: TestResponse) -> dict[str, Any]:
    """The field errors of a 422 answer in the one error shape."""
    assert response.status_code == 422, response.get_data(as_text=True)
    body = response.get_json()
    assert set(body) == {"code", "status", "message", "errors"}
    assert body["code"] == 422
    errors: dict[str, Any] = body["errors"]["json"]
    return errors


# ----------------------------------------------------------------- check


def test_check_answers_step_direction_and_the_jokers_numbers(client: FlaskClient, cli: Cli) -> None:
    verdict = answer(post(client, "check", {"sequence": [10, "J", 30, 40], "rules": "advanced"}))
    assert verdict == {
        "game": "nmbrs",
        "legal": True,
        "violations": [],
        "sequence": ["10", "J", "30", "40"],
        "rules": "advanced",
        "step": 10,
        "direction": "ascending",
        "values": [10, 20, 30, 40],
        "jokers": [{"place": 2, "value": 20}],
        "rulings": [],
        "explanation": "A sequence under the advanced rules: 10 joker 30 40.\n"
        "  Step +10, ascending: 10, 20, 30, 40.\n"
        "  The joker at place 2 stands for 20.\n"
        "  Counting back from 10 by 10 ends on 0.",
    }
    assert list(verdict) == list(cli.json("nmbrs", "check", "--sequence", "10,J,30,40", "--rules", "advanced"))


def test_an_illegal_sequence_is_a_200_with_its_violations(client: FlaskClient) -> None:
    verdict = answer(post(client, "check", {"sequence": ["14", 20, 26], "rules": "advanced"}))
    assert verdict["legal"] is False
    assert verdict["violations"] == [
        {
            "code": "bad-start",
            "rule": "Regolamento avanzato 1–2",
            "message": "counting back from 14 by 6 ends on 2, not on 0 or 1",
            "message_en": "counting back from 14 by 6 ends on 2, not on 0 or 1",
        }
    ]


def test_check_defaults_to_the_basic_rules_and_reads_named_jokers(client: FlaskClient) -> None:
    verdict = answer(post(client, "check", {"sequence": ["J=5", 10, "J"]}))
    assert (verdict["rules"], verdict["values"]) == ("basic", [5, 10, 15])


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({}, "sequence", "Missing data"),
        ({"sequence": []}, "sequence", "Length must be between 1 and 104"),
        ({"sequence": [10, "Q"]}, "sequence", "'Q' is not an Nmbrs! card"),
        ({"sequence": [10, 2.5]}, "sequence", "2.5 is not an Nmbrs! card"),
        ({"sequence": [10, "J=0"]}, "sequence", "a joker stands for a number from 1 to 100"),
        ({"sequence": [10, 20], "rules": "expert"}, "rules", "'expert' is not an Nmbrs! rule set"),
        ({"sequence": [10, 20], "rules": 3}, "rules", "expected basic, advanced or simplified"),
        ({"sequence": [25, 50, 75], "rules": "simplified"}, "sequence", "75 is not in play in the simplified"),
        ({"sequence": [10, 10, 10]}, "sequence", "10 appears 3 times"),
        ({"sequence": [10], "extra": 1}, "extra", "Unknown field"),
    ],
)
def test_a_malformed_check_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, Any], field: str, message: str
) -> None:
    errors = field_errors(post(client, "check", body))
    assert field in errors
    assert message in json.dumps(errors[field])


def test_a_body_that_is_not_json_is_refused(client: FlaskClient) -> None:
    response = client.post("/api/v1/nmbrs/check", data="sequence", content_type="text/plain")
    assert response.status_code == 415


# ----------------------------------------------------------------- lay


def test_lay_judges_and_scores_every_play_and_shows_the_position_after(client: FlaskClient) -> None:
    verdict = answer(post(client, "lay", SWAP_AND_LAY))
    assert list(verdict) == LAY_FIELDS
    assert (verdict["legal"], verdict["score"], verdict["placeholders"]) == (True, 2, True)
    swap, laid = verdict["plays"]
    assert swap["score"] == {"cards": ["20"], "base": 0, "doubling": None, "score": 0}
    assert laid["lines"] == [
        {
            "axis": "row",
            "start": "0,0",
            "sequence": ["10", "20", "30", "40", "J=50"],
            "step": 10,
            "direction": "ascending",
            "legal": True,
        }
    ]
    assert laid["score"] == {"cards": ["40", "J"], "base": 1, "doubling": "one colour", "score": 2}
    assert verdict["table_after"][-1] == {"row": 0, "column": 4, "card": "J", "value": 50}
    assert verdict["hand_after"] == ["5"]
    assert "placeholder-deck" in verdict["rulings"]


def test_an_illegal_lay_is_a_200_and_its_violations_name_their_play(client: FlaskClient) -> None:
    body = {**SWAP_AND_LAY, "plays": [{"kind": "lay", "cards": [{"row": 1, "column": 2, "card": 40}]}]}
    verdict = answer(post(client, "lay", body))
    assert verdict["legal"] is False
    assert verdict["violations"] == [
        {
            "play": 1,
            "code": "too-short",
            "rule": "9",
            "message": "column from 0,2: 30 40: 2 cards in a line; a sequence has at least 3",
            "message_en": "column from 0,2: 30 40: 2 cards in a line; a sequence has at least 3",
        }
    ]
    assert verdict["table_after"] == verdict["table"]
    assert verdict["plays"][0]["score"] is None


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"table": ROW[:2]}, "table", "2 cards in a line"),
        ({"table": [*ROW[:1], {**ROW[1], "value": None}, *ROW[2:]]}, "table", "the joker at 0,1 stands for no number"),
        ({"table": [*ROW, {"row": 0, "column": 0, "card": 50}]}, "table", "cell 0,0 is given twice"),
        ({"table": [{**ROW[0], "value": 10}, *ROW[1:]]}, "table", "only a joker is given the number"),
        ({"hand": [30]}, "hand", "30 appears 2 times"),
        ({"opened": "yes"}, "opened", "expected true or false"),
        ({"hand": ["J", "J", "J", "J"]}, "hand", "5 jokers"),
        ({"plays": []}, "plays", "Length must be between 1 and 20"),
        ({"plays": [{"kind": "jump", "cards": [{"row": 0, "column": 3, "card": 40}]}]}, "plays", "Must be one of"),
        ({"plays": [{"kind": "insert", "cards": [{"row": 0, "column": 3, "card": 40}]}]}, "plays", "axis"),
        ({"plays": [{"kind": "lay", "cards": [{"row": 0, "column": 1000, "card": 40}]}]}, "plays", "-999"),
        ({"plays": [{"kind": "lay", "cards": [{"row": "0", "column": 3, "card": 40}]}]}, "plays", "integer"),
        ({"plays": [{"kind": "swap", "cards": [{"row": 0, "column": 1, "card": "J"}]}]}, "plays", "one number card"),
        ({"rules": "simplified", "hand": [75]}, "hand", "75 is not in play"),
    ],
)
def test_a_malformed_lay_is_a_422_naming_the_field(
    client: FlaskClient, change: dict[str, Any], field: str, message: str
) -> None:
    errors = field_errors(post(client, "lay", {**SWAP_AND_LAY, **change}))
    assert field in errors
    assert message in json.dumps(errors[field])


def test_lay_answers_as_the_command_line_does(client: FlaskClient, cli: Cli, tmp_path: Path) -> None:
    request = tmp_path / "lay.json"
    request.write_text(json.dumps(SWAP_AND_LAY), encoding="utf-8")
    api = answer(post(client, "lay", SWAP_AND_LAY))
    from_cli = cli.json("nmbrs", "lay", "--request", f"@{request}")
    assert api == from_cli
    assert list(api) == list(from_cli)


def test_check_answers_as_the_command_line_does(client: FlaskClient, cli: Cli) -> None:
    for sequence, rules in ((["J", 25, "J"], "basic"), ([14, 20, 26], "advanced"), ([10, 20], "simplified")):
        api = answer(post(client, "check", {"sequence": sequence, "rules": rules}))
        assert api == cli.json("nmbrs", "check", "--sequence", ",".join(map(str, sequence)), "--rules", rules)


# ----------------------------------------------------------------- deck and reference


def test_the_deck_lists_every_card_and_says_it_is_a_placeholder(client: FlaskClient, cli: Cli) -> None:
    deck = answer(client.get("/api/v1/nmbrs/deck"))
    assert list(deck) == ["name", "placeholder", "note", "jokers", "cards", "size", "explanation"]
    assert (deck["size"], deck["jokers"], deck["placeholder"]) == (104, 4, True)
    assert deck["cards"]["97"] == {"colour": "red", "points": 3}
    assert deck == cli.json("nmbrs", "deck")


def test_a_deck_file_replaces_the_placeholder_deck(cli: Cli, tmp_path: Path) -> None:
    document = {**NmbrsDeck.default().to_dict(), "placeholder": False, "name": "printed deck"}
    document["cards"]["40"] = {"colour": "blue", "points": 3}
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    client = create_app({"TESTING": True, "NMBRS_DECK": str(path)}).test_client()
    assert answer(client.get("/api/v1/nmbrs/deck"))["name"] == "printed deck"
    verdict = answer(post(client, "lay", SWAP_AND_LAY))
    assert verdict["placeholders"] is False
    assert verdict["plays"][1]["score"] == {"cards": ["40", "J"], "base": 3, "doubling": "one colour", "score": 6}
    assert "placeholder-deck" not in verdict["rulings"]
    assert cli.json("nmbrs", "lay", "--request", json.dumps(SWAP_AND_LAY), "--deck", str(path)) == verdict


def test_a_bad_deck_file_stops_the_app_from_starting(tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    path.write_text('{"cards": {}}', encoding="utf-8")
    with pytest.raises(DeckError, match="has no card 1"):
        create_app({"TESTING": True, "NMBRS_DECK": str(path)})


def test_the_reference_lists_every_code_and_ruling(client: FlaskClient) -> None:
    reference = answer(client.get("/api/v1/nmbrs/reference"))
    assert [row["code"] for row in reference["violations"]] == [code.value for code in ViolationCode]
    assert [row["id"] for row in reference["rulings"]] == list(RULINGS)


def test_the_openapi_document_describes_the_nmbrs_endpoints(client: FlaskClient) -> None:
    document = answer(client.get("/api/openapi.json"))
    paths = {path for path in document["paths"] if path.startswith("/api/v1/nmbrs")}
    assert paths == {
        "/api/v1/nmbrs/check",
        "/api/v1/nmbrs/lay",
        "/api/v1/nmbrs/hint",
        "/api/v1/nmbrs/deck",
        "/api/v1/nmbrs/reference",
    }
    for path in ("/api/v1/nmbrs/check", "/api/v1/nmbrs/lay", "/api/v1/nmbrs/hint"):
        assert {"200", "400", "413", "415", "422"} <= set(document["paths"][path]["post"]["responses"])

"""Scoresheets of games with the real cards over HTTP, on SQLite and PostgreSQL: open, enter rounds, undo, refusals."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

THREE = ["Anna", "Ben", "Carla"]


def opened(client: FlaskClient, **settings: Any) -> dict[str, Any]:
    answer = client.post("/api/v1/companions", json={"players": THREE, "rounds": 3, **settings})
    assert answer.status_code == 201, answer.get_json()
    sheet: dict[str, Any] = answer.get_json()
    return sheet


def entered(client: FlaskClient, sheet: dict[str, Any], order: list[str], **strokes: list[int]) -> dict[str, Any]:
    body = {"version": sheet["version"], "order": order, "strokes": strokes}
    answer = client.post(f"/api/v1/companions/{sheet['id']}/rounds", json=body)
    assert answer.status_code == 200, answer.get_json()
    after: dict[str, Any] = answer.get_json()
    return after


def refused(client: FlaskClient, path: str, body: dict[str, Any], status: int = 422) -> dict[str, Any]:
    answer = client.post(path, json=body)
    assert answer.status_code == status, answer.get_json()
    error: dict[str, Any] = answer.get_json()
    assert set(error) >= {"code", "status", "message"}
    return error


def test_a_scoresheet_opens_with_an_unguessable_id_and_a_link_to_its_page(client: FlaskClient) -> None:
    sheet = opened(client)
    assert len(sheet["id"]) >= 22  # 128 random bits, URL-safe
    assert sheet["link"].endswith(f"/companion/{sheet['id']}")
    assert (sheet["version"], sheet["played"], sheet["is_over"]) == (0, [], False)
    assert sheet["next_round"] == {
        "number": 1,
        "tie_break": False,
        "players": THREE,
        "starter": None,
        "places": [],
        "total": None,
    }
    assert client.get(f"/api/v1/companions/{sheet['id']}").get_json() == sheet
    assert client.get(f"/api/v1/companions/{sheet['id']}").headers["Cache-Control"] == "no-store"


def test_three_rounds_ending_in_a_tie_are_settled_by_a_tie_break_round_and_the_last_can_be_undone(
    client: FlaskClient,
) -> None:
    sheet = opened(client)
    sheet = entered(client, sheet, ["Anna", "Ben"])
    assert sheet["played"][0]["points"] == {"Anna": 40, "Ben": 32, "Carla": 25}
    assert sheet["next_round"]["starter"] == "Anna"
    sheet = entered(client, sheet, ["Ben", "Carla"])
    sheet = entered(client, sheet, ["Carla", "Anna"], Carla=[4])
    assert sheet["played"][2]["master_points"]["Carla"] == 7
    assert sheet["totals"] == {"Anna": 97, "Ben": 97, "Carla": 104}
    assert sheet["next_round"] == {
        "number": 4,
        "tie_break": True,
        "players": ["Anna", "Ben"],
        "starter": "Anna",
        "places": [2, 3],
        "total": 97,
    }
    assert [standing["place"] for standing in sheet["standings"]] == [1, 2, 2]
    sheet = entered(client, sheet, ["Ben"])
    assert sheet["is_over"] and sheet["next_round"] is None and sheet["totals"]["Ben"] == 97
    assert [(standing["members"], standing["place"]) for standing in sheet["standings"]] == [
        (["Carla"], 1),
        (["Ben"], 2),
        (["Anna"], 3),
    ]
    undone = client.post(f"/api/v1/companions/{sheet['id']}/undo", json={"version": sheet["version"]})
    assert undone.status_code == 200
    assert undone.get_json()["next_round"]["tie_break"] is True and len(undone.get_json()["played"]) == 3


def test_teams_score_the_sum_of_their_members(client: FlaskClient) -> None:
    sheet = opened(client, players=["A", "B", "C", "D"], teams=[["A", "B"], ["C", "D"]], rounds=1)
    sheet = entered(client, sheet, ["C", "D", "B", "A"])
    assert sheet["played"][0]["team_points"] == {"A+B": 44, "C+D": 72}
    assert sheet["standings"][0] == {"members": ["C", "D"], "total": 72, "place": 1}


@pytest.mark.parametrize(
    ("order", "strokes", "field", "said"),
    [
        (["Dora", "Anna"], {}, "order", "'Dora' does not play"),
        (["Anna", "Anna"], {}, "order", "listed twice"),
        (["Anna"], {}, "order", "not over"),
        (["Anna", "Ben"], {"Carla": [3]}, "strokes", "expected 4 to 20 cards"),
        (["Anna", "Ben"], {"Carla": [4] * 21}, "strokes", "at most 20"),
        (["Anna", "Ben"], {"Dora": [4]}, "strokes", "'Dora' does not play"),
        ([], {}, "order", "expected 1 to 12 names"),
    ],
)
def test_a_round_the_rules_refuse_is_a_422_naming_the_input(
    client: FlaskClient, order: list[str], strokes: dict[str, list[int]], field: str, said: str
) -> None:
    sheet = opened(client)
    body = {"version": 0, "order": order, "strokes": strokes}
    error = refused(client, f"/api/v1/companions/{sheet['id']}/rounds", body)
    assert said in str(error["errors"]["json"][field])


@pytest.mark.parametrize(
    ("settings", "field"),
    [
        ({"players": ["Anna"]}, "players"),
        ({"players": ["Anna", "Anna"]}, "players"),
        ({"players": ["A", "B", "C", "D"], "teams": [["A", "C"], ["B", "D"]]}, "teams"),
        ({"players": THREE, "rounds": 2}, "rounds"),
        ({"players": THREE, "variant": "easy"}, "variant"),
    ],
)
def test_settings_the_rules_refuse_are_a_422_naming_the_input(
    client: FlaskClient, settings: dict[str, Any], field: str
) -> None:
    assert field in refused(client, "/api/v1/companions", settings)["errors"]["json"]


def test_a_stale_version_a_round_after_the_end_and_an_undo_of_nothing_are_409(client: FlaskClient) -> None:
    sheet = opened(client, rounds=1)
    rounds = f"/api/v1/companions/{sheet['id']}/rounds"
    refused(client, f"/api/v1/companions/{sheet['id']}/undo", {"version": 0}, 409)
    entered(client, sheet, ["Anna", "Ben"])
    stale = refused(client, rounds, {"version": 0, "order": ["Ben", "Anna"]}, 409)
    assert "changed meanwhile" in stale["message"]
    over = refused(client, rounds, {"version": 1, "order": ["Ben", "Anna"]}, 409)
    assert "the game is over" in over["message"]
    assert client.get(f"/api/v1/companions/{sheet['id']}").get_json()["played"][0]["order"] == ["Anna", "Ben"]


def test_an_unknown_scoresheet_is_a_404(client: FlaskClient) -> None:
    assert client.get("/api/v1/companions/no-such-sheet").status_code == 404
    refused(client, "/api/v1/companions/no-such-sheet/rounds", {"version": 0, "order": ["Anna"]}, 404)
    refused(client, "/api/v1/companions/no-such-sheet/undo", {"version": 0}, 404)

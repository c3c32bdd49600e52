"""The HTTP API: every endpoint's answer, the same JSON as the command line, one error shape, the limits."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.http import HTTP_STATUS_CODES
from werkzeug.test import TestResponse

from api.app import MAX_BODY_BYTES, MAX_HAND_CARDS, create_app
from services.version import version
from solver.nambarz.deck import Deck
from solver.nambarz.rulings import RULINGS
from solver.nambarz.violations import VIOLATIONS, ViolationCode
from tests.conftest import Cli
from tests.violation_cases import LATER_PLAY_VIOLATIONS, PLAY_VIOLATIONS, TURN_VIOLATIONS

CHECK_PLAY_FIELDS = {
    "game",
    "top",
    "play",
    "rules",
    "legal",
    "violations",
    "value",
    "master_points",
    "penalty_draw",
    "stays",
    "returned",
    "recombination",
    "smaller",
    "rulings",
    "explanation",
}
CHECK_TURN_FIELDS = {
    "top",
    "turn",
    "rules",
    "legal",
    "violations",
    "plays",
    "master_points",
    "penalty_draw",
    "top_after",
    "rulings",
    "explanation",
}
JUDGED_PLAY_FIELDS = CHECK_PLAY_FIELDS - {"game", "top", "rules", "explanation"} | {"covers"}
SKIPPED_PLAY_FIELDS = {"play", "covers", "skipped", "reason"}
SOLUTION_FIELDS = {"top", "hand", "rules", "matches", "calculations", "explanation"}
CALCULATION_FIELDS = {"cards", "expression", "value", "master_points", "chains", "last_cards"}
PLAN_FIELDS = {"position", "rules", "ranking", "turns", "explanation"}
PLANNED_TURN_FIELDS = {"turn", "ending", "shed", "master_points", "top_after", "answers"}
SCORE_FIELDS = {"players", "finished", "ranking", "rank_points", "master_points", "points", "rulings", "explanation"}

FIGURE_9 = "9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1"
THIRTY_SIX_SYMBOLS = ["1", "2", "4", "5", "6", "7", "8", "9", "10"] * 4
"""Every symbol card but the 3s: no card matches a top 3, so everything is left to the search."""


def post(client: FlaskClient, endpoint: str, body: Any) -> TestResponse:
    return client.post(f"/api/v1/nambarz/{endpoint}", json=body)


def answer(response: TestResponse) -> Any:
    """The JSON of a 200 answer."""
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    return response.get_json()


def error(response: TestResponse, status: int) -> dict[str, Any]:
    """The body of an error answer, checked against the one error shape."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    body: dict[str, Any] = response.get_json()
    assert {"code", "status", "message"} <= set(body) <= {"code", "status", "message", "errors"}
    assert body["code"] == status
    assert body["status"] == HTTP_STATUS_CODES[status]
    assert isinstance(body["message"], str)
    assert body["message"]
    return body


def field_errors(response: TestResponse) -> dict[str, Any]:
    """The field errors of a 422 answer."""
    errors: dict[str, Any] = error(response, 422)["errors"]["json"]
    return errors


def cards(text: str) -> list[str]:
    """A hand written as in the command line: cards separated by spaces."""
    return text.split()


# --------------------------------------------------------------------------- health and deck


def test_health_reports_ok_with_the_package_version(client: FlaskClient) -> None:
    assert answer(client.get("/api/v1/health")) == {"status": "ok", "version": version()}


def test_the_deck_has_92_cards_and_names_the_owl_as_a_placeholder(client: FlaskClient) -> None:
    deck = answer(client.get("/api/v1/nambarz/deck"))
    assert set(deck) == {"name", "size", "placeholders", "cards"}
    assert deck["size"] == 92
    assert sum(deck["cards"].values()) == 92
    assert deck["placeholders"] == ["owl"]
    assert deck == {**Deck.default().to_dict(), "size": 92}


# --------------------------------------------------------------------------- check: one play


def test_a_legal_play_is_judged_with_every_field(client: FlaskClient) -> None:
    verdict = answer(post(client, "check", {"top": "3", "play": "10 - 4 / 2"}))
    assert verdict == {
        "game": "nambarz",
        "top": "3",
        "play": "10 - 4 / 2",
        "rules": {"domain": "natural", "ops": "+-*/"},
        "legal": True,
        "violations": [],
        "value": "3",
        "master_points": 0,
        "penalty_draw": 0,
        "stays": ["10", "4", "2"],
        "returned": [],
        "recombination": None,
        "smaller": None,
        "rulings": ["arithmetic-domain", "minimality-on-played-cards"],
        "explanation": "Well done: (10 − 4) ÷ 2 makes 3.\n  Steps: 10 − 4 = 6, 6 ÷ 2 = 3.\n"
        "  Why: read left to right it gives 3, the number of 3, and no fewer of its cards do.\n"
        "  The next play covers 2.\n"
        "  Rules: natural numbers, operations + − × ÷.",
    }


def test_an_illegal_play_is_still_a_200_with_the_verdict(client: FlaskClient) -> None:
    verdict = answer(post(client, "check", {"top": "3", "play": "6 + 5 + 2 - 10"}))
    assert set(verdict) == CHECK_PLAY_FIELDS
    assert verdict["legal"] is False
    assert [violation["code"] for violation in verdict["violations"]] == ["not-minimal"]
    assert verdict["penalty_draw"] == 3
    assert verdict["stays"] == ["6", "2"]
    assert verdict["returned"] == ["5", "10"]
    assert verdict["smaller"] == "6 / 2"


def test_the_shared_cases_reach_every_violation_code_there_is() -> None:
    reached = {case.values[3] for case in PLAY_VIOLATIONS} | {case.values[2] for case in TURN_VIOLATIONS}
    reached |= {case.values[3] for case in LATER_PLAY_VIOLATIONS}
    assert reached == set(ViolationCode)


@pytest.mark.parametrize(("top", "play", "ops", "code"), PLAY_VIOLATIONS)
def test_every_violation_a_single_play_can_break_comes_back_with_its_rule_and_penalty(
    client: FlaskClient, top: str, play: str, ops: str, code: ViolationCode
) -> None:
    verdict = answer(post(client, "check", {"top": top, "play": play, "ops": ops}))
    assert set(verdict) == CHECK_PLAY_FIELDS
    assert verdict["legal"] is False
    violation = next(violation for violation in verdict["violations"] if violation["code"] == code.value)
    assert set(violation) == {"code", "rule", "penalty", "message", "message_en"}
    assert violation["message"] == violation["message_en"]
    assert (violation["rule"], violation["penalty"]) == (VIOLATIONS[code].rule, VIOLATIONS[code].penalty)


# --------------------------------------------------------------------------- check: a whole turn


def test_a_legal_turn_is_judged_play_by_play(client: FlaskClient) -> None:
    verdict = answer(post(client, "check", {"top": "1", "turn": FIGURE_9}))
    assert set(verdict) == CHECK_TURN_FIELDS
    assert verdict["legal"] is True
    assert verdict["turn"] == FIGURE_9
    assert verdict["top_after"] == "1"
    assert [play["play"] for play in verdict["plays"]] == ["9hen - 6dragonfly / 3hippo", "Jreplay", "10 - 6 - 1"]
    assert [play["covers"] for play in verdict["plays"]] == ["1", "3hippo", "3hippo"]
    assert all(set(play) == JUDGED_PLAY_FIELDS for play in verdict["plays"])


def test_a_turn_may_start_on_a_change_joker_left_by_the_previous_player(client: FlaskClient) -> None:
    verdict = answer(post(client, "check", {"top": "Jnumber", "turn": "4"}))
    assert set(verdict) == CHECK_TURN_FIELDS
    assert (verdict["top"], verdict["legal"], verdict["top_after"]) == ("Jnumber", True, "4")
    assert verdict["plays"][0]["covers"] == "Jnumber"
    assert verdict["rulings"] == ["card-after-joker-from-previous-player"]


def test_plays_after_a_penalty_are_listed_as_skipped(client: FlaskClient) -> None:
    verdict = answer(post(client, "check", {"top": "3", "turn": "7 ; Jreplay ; 3"}))
    assert verdict["legal"] is False
    assert verdict["violations"][0]["play"] == 1
    skipped = verdict["plays"][1:]
    assert all(set(play) == SKIPPED_PLAY_FIELDS and play["skipped"] is True for play in skipped)


@pytest.mark.parametrize(("top", "turn", "code"), TURN_VIOLATIONS)
def test_every_joker_violation_comes_back_with_its_play_number_rule_and_penalty(
    client: FlaskClient, top: str, turn: str, code: ViolationCode
) -> None:
    verdict = answer(post(client, "check", {"top": top, "turn": turn}))
    assert set(verdict) == CHECK_TURN_FIELDS
    assert verdict["legal"] is False
    violation = next(violation for violation in verdict["violations"] if violation["code"] == code.value)
    assert set(violation) == {"play", "code", "rule", "penalty", "message", "message_en"}
    assert violation["message"] == violation["message_en"]
    assert violation["play"] == 1
    assert (violation["rule"], violation["penalty"]) == (VIOLATIONS[code].rule, VIOLATIONS[code].penalty)


# --------------------------------------------------------------------------- solve, plan, score


def test_a_solution_lists_matches_and_calculations_with_every_field(client: FlaskClient) -> None:
    solution = answer(post(client, "solve", {"top": "3bee", "hand": ["1", "2", "4", "7fish"]}))
    assert solution == {
        "top": "3bee",
        "hand": ["1", "2", "4", "7fish"],
        "rules": {"domain": "natural", "ops": "+-*/"},
        "matches": [],
        "calculations": [
            {
                "cards": ["2", "1"],
                "expression": "2 + 1",
                "value": "3",
                "master_points": 0,
                "chains": 2,
                "last_cards": ["1", "2"],
            },
            {
                "cards": ["4", "1"],
                "expression": "4 - 1",
                "value": "3",
                "master_points": 0,
                "chains": 1,
                "last_cards": ["1"],
            },
        ],
        "explanation": "Top card 3 bee, hand 1 2 4 7 fish.\n"
        "Rules: natural numbers, operations + − × ÷.\n"
        "No card can be played alone.\n"
        "2 legal calculations:\n"
        "  cards  calculation  as laid  chains  last card  master\n"
        "  2      2 + 1        2 + 1    2       1 2\n"
        "  2      4 − 1        4 − 1    1       1",
    }


def test_a_solution_follows_the_rules_and_operators_asked_for(client: FlaskClient) -> None:
    body = {"top": "3", "hand": ["1", "2", "4", "6", "3bee"], "rules": "rational", "ops": "+-"}
    solution = answer(post(client, "solve", body))
    assert set(solution) == SOLUTION_FIELDS
    assert solution["rules"] == {"domain": "rational", "ops": "+-"}
    assert solution["matches"] == ["3bee"]
    assert all(set(calculation) == CALCULATION_FIELDS for calculation in solution["calculations"])
    assert not any(sign in calculation["expression"] for calculation in solution["calculations"] for sign in "*/")


@pytest.mark.parametrize("count", [1, 2, 3])
def test_a_plan_lists_at_most_count_turns_with_every_field(client: FlaskClient, count: int) -> None:
    body = {"top": "3", "hand": ["1", "2", "4", "6", "Jreplay", "Jnumber"], "count": count}
    plan = answer(post(client, "plan", body))
    assert set(plan) == PLAN_FIELDS
    assert plan["position"] == "3 / 1 2 4 6 Jreplay Jnumber / natural +-×÷"
    assert 1 <= len(plan["turns"]) <= count
    assert all(set(turn) == PLANNED_TURN_FIELDS for turn in plan["turns"])
    assert plan["turns"][0]["ending"] == "out"


def test_a_plan_without_count_lists_five_turns_at_most(client: FlaskClient) -> None:
    plan = answer(post(client, "plan", {"top": "3", "hand": ["1", "2", "4", "6", "8", "9"]}))
    assert 1 <= len(plan["turns"]) <= 5


def test_a_round_is_scored_with_master_points(client: FlaskClient) -> None:
    body = {"players": ["A", "B", "C", "D"], "finished": ["C", "A", "D"], "master": {"A": 7}}
    score = answer(post(client, "score", body))
    assert score == {
        "players": ["A", "B", "C", "D"],
        "finished": ["C", "A", "D"],
        "ranking": ["C", "A", "D", "B"],
        "rank_points": {"C": 40, "A": 32, "D": 25, "B": 19},
        "master_points": {"C": 0, "A": 7, "D": 0, "B": 0},
        "points": {"C": 40, "A": 39, "D": 25, "B": 19},
        "rulings": [],
        "explanation": "Round score, 4 players:\n"
        "  rank  player  rank points  master points  total\n"
        "     1  C                40              0     40\n"
        "     2  A                32              7     39\n"
        "     3  D                25              0     25\n"
        "     4  B                19              0     19\n"
        "  Still holding cards: B.",
    }


def test_a_team_round_is_scored_with_team_points_and_cards_left(client: FlaskClient) -> None:
    body = {
        "players": ["A", "B", "C", "D"],
        "finished": ["C", "D"],
        "master": {"A": 7, "C": 14},
        "teams": [["A", "B"], ["C", "D"]],
        "left": {"A": 1, "B": 3},
    }
    score = answer(post(client, "score", body))
    assert set(score) == SCORE_FIELDS | {"teams"}
    assert score["ranking"] == ["C", "D", "A", "B"]
    assert score["teams"] == {"A+B": 51, "C+D": 86}
    assert score["rulings"] == ["round-ends-at-first-condition", "remaining-by-fewest-cards"]


# --------------------------------------------------------------------------- the same JSON as the command line

SAME_AS_CLI = [
    pytest.param("check", {"top": "3bee", "play": "9 / 3"}, ["check", "--top", "3bee", "--play", "9 / 3"], id="play"),
    pytest.param(
        "check",
        {"top": "8", "play": "2 * 4", "rules": "integer", "ops": "+-"},
        ["check", "--top", "8", "--play", "2 * 4", "--rules", "integer", "--ops", "+-"],
        id="play-with-rules",
    ),
    pytest.param("check", {"top": "1", "turn": FIGURE_9}, ["check", "--top", "1", "--turn", FIGURE_9], id="turn"),
    pytest.param(
        "check",
        {"top": "3", "turn": "7 ; Jreplay ; 3"},
        ["check", "--top", "3", "--turn", "7 ; Jreplay ; 3"],
        id="turn-with-skipped-plays",
    ),
    pytest.param(
        "check", {"top": "Jnumber", "turn": "4"}, ["check", "--top", "Jnumber", "--turn", "4"], id="turn-on-a-joker"
    ),
    pytest.param(
        "solve",
        {"top": "3", "hand": ["1", "2", "4", "6", "3bee"], "rules": "rational", "ops": "+-"},
        ["solve", "--top", "3", "--hand", "1 2 4 6 3bee", "--rules", "rational", "--ops", "+-"],
        id="solve",
    ),
    pytest.param(
        "plan",
        {"top": "3", "hand": ["1", "2", "4", "6", "Jreplay", "Jnumber"], "count": 3},
        ["plan", "--top", "3", "--hand", "1 2 4 6 Jreplay Jnumber", "--count", "3"],
        id="plan",
    ),
    pytest.param(
        "score",
        {"players": ["A", "B", "C", "D"], "finished": ["C", "A", "D"], "master": {"A": 7}},
        ["score", "--players", "A,B,C,D", "--finished", "C,A,D", "--master", "A=7"],
        id="score",
    ),
    pytest.param(
        "score",
        {
            "players": ["A", "B", "C", "D"],
            "finished": ["C", "D"],
            "master": {"A": 7, "C": 14},
            "teams": [["A", "B"], ["C", "D"]],
            "left": {"A": 1, "B": 3},
        },
        [
            "score",
            "--players",
            "A,B,C,D",
            "--finished",
            "C,D",
            "--master",
            "A=7",
            "C=14",
            "--teams",
            "A,B;C,D",
            "--left",
            "A=1",
            "B=3",
        ],
        id="score-teams",
    ),
]


@pytest.mark.parametrize(("endpoint", "body", "argv"), SAME_AS_CLI)
def test_the_api_answers_with_the_same_json_as_the_command_line(
    client: FlaskClient, cli: Cli, endpoint: str, body: dict[str, Any], argv: list[str]
) -> None:
    api_answer = answer(post(client, endpoint, body))
    assert api_answer == cli.json(*argv)
    assert api_answer == cli.json(endpoint, "--request", json.dumps(body))


# --------------------------------------------------------------------------- 422: field errors


def test_an_unknown_top_card_is_a_field_error_on_top(client: FlaskClient) -> None:
    errors = field_errors(post(client, "check", {"top": "3xyz", "play": "9 / 3"}))
    assert list(errors) == ["top"]
    assert "3xyz" in errors["top"][0]


def test_an_unknown_card_in_a_hand_is_a_field_error_on_its_position(client: FlaskClient) -> None:
    errors = field_errors(post(client, "solve", {"top": "3", "hand": ["1", "xyz"]}))
    assert list(errors) == ["hand"]
    assert list(errors["hand"]) == ["1"]
    assert "'xyz' is not a card" in errors["hand"]["1"][0]


def test_a_card_the_deck_does_not_have_is_a_field_error_naming_the_card(client: FlaskClient) -> None:
    errors = field_errors(post(client, "solve", {"top": "3", "hand": ["1", "3fish"]}))
    assert list(errors) == ["hand"]
    assert "3fish is not in the deck" in errors["hand"][0]


def test_a_bad_calculation_is_a_field_error_with_the_position_of_its_fault(client: FlaskClient) -> None:
    errors = field_errors(post(client, "check", {"top": "3", "play": "9 / ) 3"}))
    assert list(errors) == ["play"]
    assert "position 5" in errors["play"][0]


def test_a_bad_turn_is_a_field_error_on_turn(client: FlaskClient) -> None:
    errors = field_errors(post(client, "check", {"top": "3", "turn": "9 / 3x ; Jreplay"}))
    assert list(errors) == ["turn"]


def test_an_unknown_rules_value_is_a_field_error_on_rules(client: FlaskClient) -> None:
    errors = field_errors(post(client, "solve", {"top": "3", "hand": ["1", "2"], "rules": "complex"}))
    assert list(errors) == ["rules"]
    assert "complex" in errors["rules"][0]


@pytest.mark.parametrize("ops", ["+^", "", "plus"])
def test_a_bad_operator_subset_is_a_field_error_on_ops(client: FlaskClient, ops: str) -> None:
    errors = field_errors(post(client, "check", {"top": "3", "play": "1 + 2", "ops": ops}))
    assert list(errors) == ["ops"]


@pytest.mark.parametrize(
    ("endpoint", "body", "field"),
    [
        pytest.param("check", {"top": 3, "play": "1 + 2"}, "top", id="number-as-card"),
        pytest.param("check", {"top": "3", "play": ["1", "+", "2"]}, "play", id="list-as-play"),
        pytest.param("solve", {"top": "3", "hand": "1 2"}, "hand", id="text-as-hand"),
        pytest.param("solve", {"top": "3", "hand": [1, 2]}, "hand", id="numbers-in-hand"),
        pytest.param("solve", {"top": "3", "hand": ["1", "2"], "rules": None}, "rules", id="null-rules"),
        pytest.param("plan", {"top": "3", "hand": ["1", "2"], "count": "five"}, "count", id="text-as-count"),
        pytest.param("plan", {"top": "3", "hand": ["1", "2"], "count": 0}, "count", id="count-below-one"),
        pytest.param("plan", {"top": "3", "hand": ["1", "2"], "count": 21}, "count", id="count-above-twenty"),
        pytest.param("score", {"players": "A,B", "finished": ["B"]}, "players", id="text-as-players"),
        pytest.param(
            "score", {"players": ["A", "B"], "finished": ["B"], "master": {"A": "many"}}, "master", id="master"
        ),
    ],
)
def test_a_value_of_the_wrong_type_is_a_field_error_on_its_field(
    client: FlaskClient, endpoint: str, body: dict[str, Any], field: str
) -> None:
    assert field in field_errors(post(client, endpoint, body))


def test_a_body_that_is_not_an_object_is_a_422(client: FlaskClient) -> None:
    assert "_schema" in field_errors(post(client, "solve", ["3", "1"]))


def test_an_unknown_field_is_a_field_error(client: FlaskClient) -> None:
    errors = field_errors(post(client, "solve", {"top": "3", "hand": ["1", "2"], "deck": "mine"}))
    assert errors == {"deck": ["Unknown field."]}


@pytest.mark.parametrize(
    ("endpoint", "body", "missing"),
    [
        pytest.param("check", {"play": "1 + 2"}, "top", id="check-top"),
        pytest.param("solve", {"top": "3"}, "hand", id="solve-hand"),
        pytest.param("plan", {"hand": ["1"]}, "top", id="plan-top"),
        pytest.param("score", {"players": ["A", "B"]}, "finished", id="score-finished"),
    ],
)
def test_a_missing_field_is_a_field_error(
    client: FlaskClient, endpoint: str, body: dict[str, Any], missing: str
) -> None:
    assert field_errors(post(client, endpoint, body))[missing] == ["Missing data for required field."]


@pytest.mark.parametrize(
    "body",
    [
        pytest.param({"top": "3", "play": "1 + 2", "turn": "1 + 2"}, id="both"),
        pytest.param({"top": "3"}, id="neither"),
    ],
)
def test_a_check_needs_exactly_one_of_play_and_turn(client: FlaskClient, body: dict[str, Any]) -> None:
    errors = field_errors(post(client, "check", body))
    assert errors == {"play": ["give exactly one of 'play' and 'turn'"]}


def test_a_joker_in_a_calculation_is_a_field_error_on_play(client: FlaskClient) -> None:
    errors = field_errors(post(client, "check", {"top": "3", "play": "9 - Jreplay"}))
    assert list(errors) == ["play"]
    assert "Jreplay" in errors["play"][0]


def test_a_joker_on_top_of_a_single_play_is_a_field_error(client: FlaskClient) -> None:
    assert field_errors(post(client, "check", {"top": "Jnumber", "play": "4"}))


@pytest.mark.parametrize(
    ("endpoint", "body", "field"),
    [
        pytest.param("check", {"top": "5", "play": "1 + 1 + 1 + 1 + 1"}, "play", id="play"),
        pytest.param("check", {"top": "5", "turn": "1 + 4 ; Jreplay ; 1 + 1 + 1 + 1 + 1"}, "turn", id="turn"),
        pytest.param("solve", {"top": "3", "hand": ["1"] * 5}, "hand", id="solve"),
        pytest.param("plan", {"top": "3bee", "hand": ["3bee", "3bee"]}, "hand", id="plan-with-the-top-card"),
    ],
)
def test_more_copies_of_a_card_than_the_deck_has_is_a_field_error(
    client: FlaskClient, endpoint: str, body: dict[str, Any], field: str
) -> None:
    errors = field_errors(post(client, endpoint, body))
    assert list(errors) == [field]
    assert "but the deck has only" in errors[field][0]


def test_a_hand_over_the_limit_is_a_field_error(client: FlaskClient) -> None:
    hand = [*THIRTY_SIX_SYMBOLS, "1dragonfly", "1turtle", "2fish", "4hen", "5cat"]
    assert len(hand) == MAX_HAND_CARDS + 1
    errors = field_errors(post(client, "solve", {"top": "3", "hand": hand}))
    assert errors == {"hand": [f"at most {MAX_HAND_CARDS} cards, not {MAX_HAND_CARDS + 1}"]}


@pytest.mark.parametrize(
    ("endpoint", "body", "field"),
    [
        pytest.param("solve", {"top": "3", "hand": ["1", "2", "4", "5"]}, "hand", id="solve"),
        pytest.param("plan", {"top": "3", "hand": ["1", "2", "4", "5"]}, "hand", id="plan"),
        pytest.param("check", {"top": "3", "play": "1 + 2 + 4 - 4"}, "play", id="play"),
        pytest.param("check", {"top": "3", "turn": "1 + 2 ; Jreplay ; 1 + 2"}, "turn", id="turn"),
    ],
)
def test_the_configured_hand_limit_counts_the_cards_of_a_hand_a_play_or_a_turn(
    endpoint: str, body: dict[str, Any], field: str
) -> None:
    small = create_app({"TESTING": True, "NAMBARZ_MAX_HAND": 3}).test_client()
    errors = field_errors(post(small, endpoint, body))
    assert list(errors) == [field]
    assert errors[field][0].startswith("at most 3 cards")


def test_a_round_that_is_not_over_is_a_422(client: FlaskClient) -> None:
    body = error(post(client, "score", {"players": ["A", "B", "C", "D"], "finished": ["C"]}), 422)
    assert "not over" in body["message"]


# --------------------------------------------------------------------------- 400, 413, 415, 404, 405


def test_invalid_json_is_a_400(client: FlaskClient) -> None:
    response = client.post("/api/v1/nambarz/solve", data='{"top": "3", ', content_type="application/json")
    error(response, 400)


@pytest.mark.parametrize(
    "body",
    [
        pytest.param('{"top": "3", "hand": ' + "[" * 3000 + "]" * 3000 + "}", id="nested-3000-deep"),
        pytest.param('{"top": "3", "hand": [], "count": 1' + "0" * 5000 + "}", id="a-5001-digit-number"),
    ],
)
def test_json_too_deep_or_with_numbers_too_long_to_read_is_refused_as_bad_input(client: FlaskClient, body: str) -> None:
    response = client.post("/api/v1/nambarz/plan", data=body, content_type="application/json")
    assert response.status_code in (400, 422)
    error(response, response.status_code)


@pytest.mark.parametrize(
    "content_type",
    [
        pytest.param("text/plain", id="text"),
        pytest.param("application/x-www-form-urlencoded", id="form"),
        pytest.param(None, id="none"),
    ],
)
def test_a_body_that_is_not_declared_json_is_a_415(client: FlaskClient, content_type: str | None) -> None:
    response = client.post("/api/v1/nambarz/solve", data='{"top": "3", "hand": ["1"]}', content_type=content_type)
    body = error(response, 415)
    assert "application/json" in body["message"]


def test_a_body_over_the_size_limit_is_a_413(client: FlaskClient) -> None:
    padding = "x" * MAX_BODY_BYTES
    response = client.post("/api/v1/nambarz/solve", json={"top": "3", "hand": ["1"], "padding": padding})
    error(response, 413)


def test_the_configured_body_size_limit_is_used() -> None:
    small = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 64}).test_client()
    hand = ["1", "2", "4", "5", "6", "7", "8", "9", "10", "1dragonfly"]
    error(post(small, "solve", {"top": "3", "hand": hand}), 413)
    answer(post(small, "solve", {"top": "3", "hand": ["1", "2"]}))


@pytest.mark.parametrize("path", ["/api", "/api/v1/nope", "/api/v2/nambarz/solve", "/api/v1/nambarz/solve/extra"])
def test_an_unknown_path_is_a_404(client: FlaskClient, path: str) -> None:
    error(client.get(path), 404)
    error(client.post(path, json={}), 404)


def test_an_unknown_path_is_a_404_even_without_a_json_body(client: FlaskClient) -> None:
    error(client.post("/api/v1/nope"), 404)


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/v1/nambarz/solve"),
        ("DELETE", "/api/v1/nambarz/check"),
        ("POST", "/api/v1/health"),
        ("PUT", "/api/v1/nambarz/deck"),
    ],
)
def test_a_wrong_method_is_a_405(client: FlaskClient, method: str, path: str) -> None:
    error(client.open(path, method=method, json={}), 405)


@pytest.mark.parametrize(("method", "path"), [("POST", "/api/v1/health"), ("PUT", "/api/v1/nambarz/deck")])
def test_a_wrong_method_is_a_405_even_without_a_json_body(client: FlaskClient, method: str, path: str) -> None:
    error(client.open(path, method=method), 405)


def test_a_405_names_the_allowed_methods(client: FlaskClient) -> None:
    response = client.delete("/api/v1/nambarz/solve")
    error(response, 405)
    assert "POST" in response.headers.get("Allow", "")


# --------------------------------------------------------------------------- time limit

REFUSED_WITH_A_TINY_LIMIT = [
    pytest.param("solve", {"top": "3", "hand": THIRTY_SIX_SYMBOLS, "rules": "rational"}, "hand", id="solve"),
    pytest.param("plan", {"top": "3", "hand": THIRTY_SIX_SYMBOLS, "rules": "rational"}, "hand", id="plan"),
    pytest.param(
        "check", {"top": "3", "play": " + ".join(THIRTY_SIX_SYMBOLS), "rules": "rational"}, "play", id="check-play"
    ),
    pytest.param(
        "check", {"top": "3", "turn": " + ".join(THIRTY_SIX_SYMBOLS), "rules": "rational"}, "turn", id="check-turn"
    ),
]


@pytest.mark.parametrize(("endpoint", "body", "field"), REFUSED_WITH_A_TINY_LIMIT)
def test_a_search_past_the_configured_time_limit_is_a_422_naming_the_field(
    endpoint: str, body: dict[str, Any], field: str
) -> None:
    hurried = create_app({"TESTING": True, "NAMBARZ_TIME_LIMIT": 1e-6}).test_client()
    refusal = error(post(hurried, endpoint, body), 422)
    assert "time limit" in refusal["message"]
    assert refusal["errors"]["json"][field] == [refusal["message"]]


@pytest.mark.parametrize(("endpoint", "body", "field"), REFUSED_WITH_A_TINY_LIMIT)
def test_a_refused_search_names_the_configured_time_limit(endpoint: str, body: dict[str, Any], field: str) -> None:
    hurried = create_app({"TESTING": True, "NAMBARZ_TIME_LIMIT": 1e-6}).test_client()
    assert "time limit of 1e-06 s" in error(post(hurried, endpoint, body), 422)["message"]


HEAVY_REQUESTS = [
    pytest.param(
        "plan",
        {
            "top": "10",
            "rules": "rational",
            "hand": cards(
                "3 6 6 9 7owl Jreplay Jfigure 9 Jnumber Jreplay 5bear 1dragonfly 6turtle 6dragonfly 4 1 3bee "
                "1turtle 4hen 7 9 4 Jboth 7fish 7 4duck 1 10cat 1 7 3 10bear 2owl 3 8 2fish Jboth 9hen 7"
            ),
        },
        id="plan-40-cards-with-jokers",
    ),
    pytest.param(
        "solve",
        {"top": "8", "hand": cards("5 4 1 7 7 7 2 9 2 5 2"), "rules": "rational", "ops": "-/"},
        id="solve-rational-minus-divide",
    ),
    pytest.param(
        "check",
        {"top": "8", "play": "5 - 4 - 1 - 7 / 7 / 7 - 2 - 9 / 2 - 5 / 2", "rules": "rational", "ops": "-/"},
        id="check-rational-minus-divide",
    ),
]


@pytest.mark.parametrize(("endpoint", "body"), HEAVY_REQUESTS)
def test_a_heavy_request_is_answered_or_refused_for_a_search_limit_never_a_server_error(
    client: FlaskClient, endpoint: str, body: dict[str, Any]
) -> None:
    # How long such requests take is measured by benchmarks/request_budget.py, not here: CI machines vary too much.
    # The suite's time budget is generous (tests/conftest.py), so a search may reach its own limit first:
    # its time limit, or the planner's limit on in-turn states.
    response = post(client, endpoint, body)
    if response.status_code != 200:
        assert error(response, 422)["message"].endswith(("smaller hand", "or a larger limit", "allow more time"))


# --------------------------------------------------------------------------- configuration and documentation


def test_a_configured_deck_file_replaces_the_default_deck(tmp_path: Path) -> None:
    composition = Deck.default().to_dict()
    cards = dict(composition["cards"])
    cards["3fish"] = cards.pop("2owl")
    deck_file = tmp_path / "deck.json"
    deck_file.write_text(json.dumps({"name": "test deck", "placeholders": [], "cards": cards}), encoding="utf-8")
    custom = create_app({"TESTING": True, "NAMBARZ_DECK": str(deck_file)}).test_client()

    deck = answer(custom.get("/api/v1/nambarz/deck"))
    assert (deck["name"], deck["size"], deck["placeholders"]) == ("test deck", 92, [])
    assert "3fish" in deck["cards"]
    assert "2owl" not in deck["cards"]
    assert answer(post(custom, "solve", {"top": "3", "hand": ["3fish", "1"]}))["matches"] == ["3fish"]
    assert "2owl is not in the deck" in field_errors(post(custom, "solve", {"top": "3", "hand": ["2owl"]}))["hand"][0]
    assert answer(post(custom, "check", {"top": "3fish", "play": "3"}))["legal"] is True


def test_the_openapi_document_is_served(client: FlaskClient) -> None:
    document = answer(client.get("/api/openapi.json"))
    assert document["info"]["x-package-version"] == version()
    assert {"/api/v1/health", "/api/v1/nambarz/check", "/api/v1/nambarz/deck"} <= set(document["paths"])


def test_the_documentation_page_is_served(client: FlaskClient) -> None:
    response = client.get("/api/docs")
    assert response.status_code == 200
    assert response.mimetype == "text/html"


def test_the_reference_lists_every_violation_code_and_ruling(client: FlaskClient) -> None:
    response = client.get("/api/v1/nambarz/reference")
    assert response.status_code == 200
    document = response.get_json()
    assert [entry["code"] for entry in document["violations"]] == [code.value for code in VIOLATIONS]
    assert {entry["id"] for entry in document["rulings"]} == set(RULINGS)
    assert document["violations"][0] == {
        "code": "no-match",
        "rule": "III.1",
        "penalty": "V.4",
        "summary": VIOLATIONS[next(iter(VIOLATIONS))].summary,
    }


@pytest.mark.parametrize(
    ("path", "argv"),
    [
        ("/api/v1/nambarz/reference?lang=de", ["reference", "--lang", "de"]),
        ("/api/v1/nambarz/deck", ["deck"]),
        ("/api/v1/thegame/reference?lang=fr", ["thegame", "reference", "--lang", "fr"]),
        ("/api/v1/nmbrs/reference?lang=it", ["nmbrs", "reference", "--lang", "it"]),
    ],
)
def test_the_reference_and_deck_commands_print_the_apis_answer_with_json(
    client: FlaskClient, cli: Cli, path: str, argv: list[str]
) -> None:
    assert cli.json(*argv) == answer(client.get(path))


def test_the_deck_command_reads_the_deck_file_the_app_is_given(tmp_path: Path, cli: Cli) -> None:
    document = json.loads(json.dumps(Deck.default().to_dict()))
    document["cards"]["2fish"] += document["cards"].pop("2owl")
    document["cards"]["7fish"] += document["cards"].pop("7owl")
    document["placeholders"] = []
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    custom = create_app({"TESTING": True, "NAMBARZ_DECK": str(path)}).test_client()
    assert cli.json("deck", "--deck", str(path)) == answer(custom.get("/api/v1/nambarz/deck"))

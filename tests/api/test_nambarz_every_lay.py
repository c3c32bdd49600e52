"""``POST /api/v1/nambarz/check``: every lay a player can make is answered 200 with the verdict, never 422.

Only text that does not write cards and operators is a field error; the
lays below were 422s before the lay notation (docs/rulings.md).
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from solver.nambarz.violations import VIOLATIONS, ViolationCode

JOKER_ON_JOKER = ViolationCode.JOKER_AFTER_JOKER.value
WRONG_JOKER = ViolationCode.WRONG_JOKER.value
JOKER_IN_CALCULATION = ViolationCode.JOKER_IN_CALCULATION.value
WITHOUT_REPLAY = ViolationCode.PLAY_WITHOUT_REPLAY.value

# Turn on a top 5, the plays it reads as, and the [play, code] pairs of its violations.
LAYS = [
    pytest.param("Jboth Jnumber 4", ["Jboth Jnumber 4"], [[1, JOKER_ON_JOKER]], id="joker-on-joker"),
    pytest.param("1 + 2 ; 4 - 2", ["1 + 2", "4 - 2"], [[1, "wrong-result"]], id="two-plays-first-wrong"),
    pytest.param("5 ; 4 - 2", ["5", "4 - 2"], [[2, WITHOUT_REPLAY]], id="second-play-without-replay"),
    pytest.param("3 + Jboth", ["3 + Jboth"], [[1, JOKER_IN_CALCULATION]], id="joker-in-a-calculation"),
    pytest.param("Jreplay 5", ["Jreplay", "5"], [], id="replay-then-a-card"),
    pytest.param("5 Jreplay", ["5", "Jreplay"], [], id="card-then-replay"),
    pytest.param("Jboth 3 + 4", ["Jboth 3 + 4"], [[1, WRONG_JOKER]], id="calculation-after-a-change-joker"),
    pytest.param("Jnumber ; 4", ["Jnumber", "4"], [[2, WITHOUT_REPLAY]], id="card-after-a-lone-joker"),
    pytest.param("3 + Jreplay", ["3 + Jreplay"], [[1, JOKER_IN_CALCULATION]], id="replay-in-a-calculation"),
    pytest.param("Jboth 3 + 4 = 7", ["Jboth 3 + 4"], [[1, WRONG_JOKER]], id="announced-result"),
]


def check(client: FlaskClient, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/api/v1/nambarz/check", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    document: dict[str, Any] = response.get_json()
    return document


@pytest.mark.parametrize(("turn", "plays", "violations"), LAYS)
def test_a_lay_is_answered_with_a_verdict_per_play_as_the_lay_notation_reads_it(
    client: FlaskClient, turn: str, plays: list[str], violations: list[list[Any]]
) -> None:
    verdict = check(client, {"top": "5", "turn": turn})
    assert [play["play"] for play in verdict["plays"]] == plays
    assert [[violation["play"], violation["code"]] for violation in verdict["violations"]] == violations
    assert verdict["legal"] is (not violations)
    assert verdict["penalty_draw"] == (3 if violations else 0)


@pytest.mark.parametrize("code", [JOKER_ON_JOKER, JOKER_IN_CALCULATION, WITHOUT_REPLAY])
def test_a_new_code_comes_back_with_its_rule_and_penalty_and_is_explained(client: FlaskClient, code: str) -> None:
    turn = next(lay.values[0] for lay in LAYS if [1, code] in lay.values[2] or [2, code] in lay.values[2])
    verdict = check(client, {"top": "5", "turn": turn, "lang": "de"})
    violation = next(violation for violation in verdict["violations"] if violation["code"] == code)
    reference = VIOLATIONS[ViolationCode(code)]
    assert (violation["rule"], violation["penalty"]) == (reference.rule, reference.penalty)
    assert f"Regel {reference.rule}, Strafe {reference.penalty}: " in verdict["explanation"]
    assert code not in verdict["explanation"], "the words name the rule, never its code"
    assert "3 Karten" in verdict["explanation"]


def test_a_change_joker_laid_on_another_leaves_the_first_one_waiting_for_the_next_player(client: FlaskClient) -> None:
    verdict = check(client, {"top": "5", "turn": "Jboth Jnumber 4"})
    (play,) = verdict["plays"]
    assert (play["stays"], play["returned"], verdict["top_after"]) == (["Jboth"], ["Jnumber", "4"], None)
    assert verdict["rulings"] == ["first-change-joker-stays"]


def test_figure_cards_may_be_written_with_a_hyphen_or_a_space(client: FlaskClient) -> None:
    verdict = check(client, {"top": "1", "turn": "(9 Huhn - 6-Libelle) / 3 ippopotamo = 1"})
    assert verdict["legal"] is True
    assert verdict["turn"] == "9hen - 6dragonfly / 3hippo"


@pytest.mark.parametrize("turn", ["3 5", "Jboth 5 6", "3 +", "3 ; ; 5", "1 + 3fsh"])
def test_text_that_does_not_write_cards_and_operators_is_still_a_field_error_on_turn(
    client: FlaskClient, turn: str
) -> None:
    response = client.post("/api/v1/nambarz/check", json={"top": "5", "turn": turn})
    assert response.status_code == 422, response.get_data(as_text=True)
    assert list(response.get_json()["errors"]["json"]) == ["turn"]

"""The referee against a table of hand-worked verdicts (``data/referee_cases.json``).

Every row was worked out by hand from the rules digest and the rulings, not
by running the referee.  A row gives the top card, the play, optionally the
arithmetic domain and the operator subset, and the expected verdict fields.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from solver.nambarz import Card, Chain, Rules, Verdict, ViolationCode, check
from solver.nambarz.rulings import RULINGS
from tests.paths import DATA

CASES_FILE = DATA / "referee_cases.json"

VERDICT_FIELDS = (
    "legal",
    "codes",
    "value",
    "penalty_draw",
    "stays",
    "returned",
    "recombination",
    "smaller",
    "master_points",
)

# Rule and penalty sections for each code, as RULES.md states them.
RULE_AND_PENALTY = {
    "no-match": ("III.1", "V.4"),
    "mixed-kinds": ("III.2", "V.3"),
    "matching-card-in-calculation": ("III.2", "V.2"),
    "not-minimal": ("III.2", "V.1"),
    "wrong-result": ("III.2", "V.4"),
    "operation-not-allowed": ("VII", "V.4"),
}


def load_cases() -> list[dict[str, Any]]:
    """The rows of the case table, in file order."""
    cases: list[dict[str, Any]] = json.loads(CASES_FILE.read_text(encoding="utf-8"))
    return cases


CASES = load_cases()


def rules_of(case: dict[str, Any]) -> Rules:
    """The rules setting a row asks for (natural and ``+-*/`` unless stated)."""
    return Rules.parse(case.get("domain", "natural"), case.get("ops", "+-*/"))


def judge(case: dict[str, Any]) -> Verdict:
    """The referee's verdict on one row."""
    return check(Card.parse(case["top"]), Chain.parse(case["play"]), rules_of(case))


def observed(verdict: Verdict) -> dict[str, Any]:
    """The verdict fields the table pins, in their JSON form."""
    as_json = verdict.to_dict()
    fields = {name: as_json[name] for name in VERDICT_FIELDS if name != "codes"}
    fields["codes"] = verdict.codes
    return fields


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_the_referee_gives_the_hand_worked_verdict(case: dict[str, Any]) -> None:
    expected = {name: case[name] for name in VERDICT_FIELDS}
    assert observed(judge(case)) == expected


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_every_card_played_either_stays_or_returns(case: dict[str, Any]) -> None:
    verdict = judge(case)
    assert Counter(verdict.stays) + Counter(verdict.returned) == Counter(verdict.play.cards)


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_a_verdict_draws_three_cards_exactly_when_the_play_is_illegal(case: dict[str, Any]) -> None:
    verdict = judge(case)
    assert verdict.legal is (not verdict.violations)
    assert verdict.penalty_draw == (0 if verdict.legal else 3)
    if not verdict.legal:
        assert verdict.master_points == 0


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_each_violation_cites_the_rule_and_the_penalty_section(case: dict[str, Any]) -> None:
    for violation in judge(case).to_dict()["violations"]:
        assert (violation["rule"], violation["penalty"]) == RULE_AND_PENALTY[violation["code"]]
        assert violation["message"]


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_a_verdict_states_its_rules_setting_and_only_known_rulings(case: dict[str, Any]) -> None:
    verdict = judge(case)
    assert verdict.to_dict()["rules"] == rules_of(case).to_dict()
    assert set(verdict.rulings) <= set(RULINGS)
    assert set(case.get("rulings_include", [])) <= set(verdict.rulings)


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_a_verdict_survives_a_json_round_trip(case: dict[str, Any]) -> None:
    as_json = judge(case).to_dict()
    assert json.loads(json.dumps(as_json)) == as_json


# Codes only a turn's plays can get: joker plays, jokers in calculations, plays without a replay.
TURN_CODES = {
    "wrong-joker",
    "matching-card-after-joker",
    "joker-after-joker",
    "joker-in-calculation",
    "play-without-replay",
}


def test_the_case_table_covers_every_code_a_single_play_can_get() -> None:
    covered = {code for case in CASES for code in case["codes"]}
    assert covered == {code.value for code in ViolationCode} - TURN_CODES


def test_the_case_table_has_unique_ids_and_about_forty_rows() -> None:
    ids = [case["id"] for case in CASES]
    assert len(ids) == len(set(ids))
    assert len(ids) >= 40


def test_the_case_table_covers_every_domain_and_several_operator_subsets() -> None:
    assert {case.get("domain", "natural") for case in CASES} == {"natural", "integer", "rational"}
    assert len({case.get("ops", "+-*/") for case in CASES}) >= 3


def test_the_case_table_uses_italian_and_german_figure_names() -> None:
    notation = " ".join(case["top"] + " " + case["play"] for case in CASES)
    for name in ("ape", "ippopotamo", "gatto", "pesce", "gallina", "Biene", "Bär", "Libelle", "Schildkröte", "Ente"):
        assert name in notation

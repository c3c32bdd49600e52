"""The Nmbrs! referee against tables of hand-worked verdicts (``data/nmbrs_*_cases.json``).

Every row was worked out by hand from the rulebook, the rules digest, the
rulings in ``docs/nmbrs.md`` and the placeholder deck (colours cycle red,
green, blue, orange from 1; 1 point for 1–10 and multiples of 5, 3 for the
primes above 30, 2 otherwise), not by running the referee.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from solver.nmbrs import RULINGS, VIOLATIONS, Play, Position, RuleSet, Table, judge_lay, judge_sequence
from solver.nmbrs.cards import parse_cards
from solver.nmbrs.sequences import parse_sequence
from tests.paths import DATA, REPOSITORY


def load(name: str) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return cases


SEQUENCE_CASES = load("nmbrs_sequence_cases.json")
LAY_CASES = load("nmbrs_lay_cases.json")


@pytest.mark.parametrize("case", SEQUENCE_CASES, ids=[case["id"] for case in SEQUENCE_CASES])
def test_a_sequence_gets_its_hand_worked_verdict(case: dict[str, Any]) -> None:
    verdict = judge_sequence(parse_sequence(case["sequence"]), RuleSet(case["rules"]))
    assert verdict.legal == case["legal"], case["why"]
    assert verdict.codes == case["codes"], case["why"]
    assert verdict.step == case["step"]
    assert list(verdict.values) == case["values"]


@pytest.mark.parametrize("case", LAY_CASES, ids=[case["id"] for case in LAY_CASES])
def test_a_lay_gets_its_hand_worked_verdict(case: dict[str, Any]) -> None:
    position = Position(
        Table.parse(case["table"]), tuple(parse_cards(case["hand"])), case["opened"], RuleSet(case["rules"])
    )
    position.require_valid()
    verdict = judge_lay(position, [Play.parse(play) for play in case["plays"]])
    assert verdict.legal == case["legal"], case["why"]
    assert [violation.code.value for violation in verdict.violations] == case["codes"], case["why"]
    assert verdict.score == case["score"], case["why"]
    assert str(verdict.after.table) == case["table_after"]
    assert [str(card) for card in verdict.after.hand] == case["hand_after"]
    for violation in verdict.violations:
        assert violation.reference == VIOLATIONS[violation.code]
    assert set(verdict.rulings) <= set(RULINGS)


def test_the_case_tables_cover_every_sequence_and_lay_code() -> None:
    codes = {code for case in [*SEQUENCE_CASES, *LAY_CASES] for code in case["codes"]}
    lay_codes = {
        *("too-short", "zero-step", "not-arithmetic", "out-of-range", "bad-start", "joker-undetermined"),
        *("no-sequence-yet", "cell-taken", "cannot-insert", "not-one-line", "bad-replacement", "no-discard"),
    }
    assert lay_codes <= codes


def test_the_rules_notes_list_every_code_with_its_rule_and_every_ruling_with_its_source() -> None:
    notes = (REPOSITORY / "docs" / "nmbrs.md").read_text(encoding="utf-8")
    codes = dict(re.findall(r"^\| `([a-z-]+)` \| ([^|`]+?) \| ", notes, re.MULTILINE))
    for code, reference in VIOLATIONS.items():
        assert codes.get(code.value) == reference.rule, code
    rulings = dict(re.findall(r"^\| `([a-z-]+)` \| (digest|project) \|", notes, re.MULTILINE))
    assert set(rulings) == set(RULINGS)
    for ruling_id, source in rulings.items():
        assert RULINGS[ruling_id].source.startswith("rules digest" if source == "digest" else "project")

"""Perft-style table for the solver: hand + top card -> how many legal calculations, chains and last cards.

The expected numbers in ``tests/data/solve_perft.json`` were counted by the brute
force in ``tests/nambarz/reference.py`` (see ``tests/data/generate_solve_perft.py``).  On a
mismatch the test recomputes the case with the reference and prints which
multisets are missing, extra or counted differently.  Run this module as a
script to print the whole table:

    python -m tests.nambarz.test_solve_perft
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from solver.nambarz import Card, Rules, solve
from tests.nambarz.reference import ReferenceCalculation, reference_calculations, reference_matches
from tests.nambarz.strategies import face_table, table_differences
from tests.paths import DATA

TABLE = DATA / "solve_perft.json"
COUNTED = ("matches", "calculations", "chains", "last_cards", "longest")
REFERENCE_RECHECK_LIMIT = 6
"""Cases with at most this many number cards are recounted by the reference on every run."""


@dataclass(frozen=True)
class PerftCase:
    """One row of the table."""

    name: str
    top: Card
    hand: tuple[Card, ...]
    rules: Rules
    expected: dict[str, int]

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> PerftCase:
        return cls(
            row["name"],
            Card.parse(row["top"]),
            tuple(Card.parse(card) for card in row["hand"]),
            Rules.parse(row["domain"], row["ops"]),
            {key: row[key] for key in COUNTED},
        )

    def __str__(self) -> str:
        hand = " ".join(str(card) for card in self.hand)
        return f"{self.name}: {self.top} <- {hand} ({self.rules})"

    @property
    def number_cards(self) -> int:
        return sum(not card.is_joker for card in self.hand)

    def reference(self) -> dict[tuple[Card, ...], ReferenceCalculation]:
        return reference_calculations(self.top, self.hand, self.rules.domain.value, self.rules.operators)


def load_cases() -> list[PerftCase]:
    return [PerftCase.from_row(row) for row in json.loads(TABLE.read_text(encoding="utf-8"))["cases"]]


CASES = load_cases()


def totals(calculations: Mapping[tuple[Card, ...], ReferenceCalculation], matches: int) -> dict[str, int]:
    """The counted columns for a table of legal calculations."""
    return {
        "matches": matches,
        "calculations": len(calculations),
        "chains": sum(calculation.chains for calculation in calculations.values()),
        "last_cards": sum(len(calculation.last_cards) for calculation in calculations.values()),
        "longest": max((len(faces) for faces in calculations), default=0),
    }


def solver_totals(case: PerftCase) -> dict[str, int]:
    """The solver's counts for a case."""
    solution = solve(case.top, case.hand, case.rules)
    return totals(face_table(solution.calculations), len(solution.matches))


def breakdown(case: PerftCase) -> str:
    """What differs between the solver, the table and the reference on one case (slow on seven or eight cards)."""
    solution = solve(case.top, case.hand, case.rules)
    table = face_table(solution.calculations)
    counted = totals(table, len(solution.matches))
    lines = [str(case)]
    lines += [
        f"  {key}: solver {counted[key]}, table {case.expected[key]}"
        for key in COUNTED
        if counted[key] != case.expected[key]
    ]
    want_matches = reference_matches(case.top, case.hand)
    if list(solution.matches) != want_matches:
        got = " ".join(map(str, solution.matches))
        lines.append(f"  matches: solver [{got}], reference [{' '.join(map(str, want_matches))}]")
    differences = table_differences(case.reference(), table)
    lines += [f"  {line}" for line in differences] or ["  the reference agrees with the solver: is the table stale?"]
    return "\n".join(lines)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_solver_counts_agree_with_the_perft_table(case: PerftCase) -> None:
    if solver_totals(case) != case.expected:
        message = breakdown(case)
        print(message)
        pytest.fail(message, pytrace=False)


@pytest.mark.parametrize(
    "case", [case for case in CASES if case.number_cards <= REFERENCE_RECHECK_LIMIT], ids=lambda case: case.name
)
def test_perft_table_rows_are_what_the_reference_counts(case: PerftCase) -> None:
    matches = len(reference_matches(case.top, case.hand))
    assert totals(case.reference(), matches) == case.expected, "regenerate with tests/data/generate_solve_perft.py"


def test_perft_table_covers_every_domain_operator_subsets_both_kinds_and_long_hands() -> None:
    assert {case.rules.domain.value for case in CASES} == {"natural", "integer", "rational"}
    assert len({case.rules.operators for case in CASES}) >= 6
    assert any(case.top.figure is not None and case.expected["calculations"] for case in CASES)
    assert any(all(card.figure is not None for card in case.hand) for case in CASES)
    assert any(case.expected["matches"] and any(card.is_joker for card in case.hand) for case in CASES)
    assert any(case.number_cards >= 8 for case in CASES)
    assert any(case.expected["longest"] >= 5 for case in CASES)
    assert len({case.name for case in CASES}) == len(CASES)


def main() -> int:
    """Print every case with the solver's counts; print the breakdown of each mismatch."""
    failures = 0
    for case in CASES:
        counted = solver_totals(case)
        status = "ok" if counted == case.expected else "MISMATCH"
        columns = " ".join(f"{key}={counted[key]}" for key in COUNTED)
        print(f"{status:8} {case.name:45} {columns}")
        if counted != case.expected:
            failures += 1
            print(breakdown(case))
    print(f"{len(CASES) - failures} of {len(CASES)} cases agree")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())

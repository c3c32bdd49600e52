"""Regenerate ``solve_perft.json``: hand + top card -> legal calculations and chains, counted by the reference.

The counts come from the naive brute force in ``tests/nambarz/reference.py``, never
from the solver under test.  Hands of seven or eight cards take the reference
a few seconds each; run this once after changing the cases below:

    python tests/data/generate_solve_perft.py

Each case is ``(name, top, hand, domain, ops)``; the name says why it is there.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from solver.nambarz import Card, Deck, parse_cards

TABLE = Path(__file__).with_name("solve_perft.json")

CASES: list[tuple[str, str, str, str, str]] = [
    # natural numbers, all four operations
    ("solver-docstring", "3bee", "1 2 4 10 7fish 4hen 3", "natural", "+-*/"),
    ("search-docstring", "3", "1 2 4 6 10", "natural", "+-*/"),
    ("ten-from-one-to-six", "10", "1 2 3 4 5 6", "natural", "+-*/"),
    ("seven-no-seven", "7", "2 3 4 5 6 8", "natural", "+-*/"),
    ("one-from-two-to-seven", "1", "2 3 4 5 6 7", "natural", "+-*/"),
    ("ten-from-large-cards", "10", "9 9 9 8 8 7", "natural", "+-*/"),
    ("repeated-small-cards", "10", "1 1 2 2 3 3 4", "natural", "+-*/"),
    # matching cards and jokers in the hand
    ("symbol-top-matches-by-number-only", "5", "5 5bear 10cat 1 2 4 Jboth Jreplay", "natural", "+-*/"),
    ("figure-top-matches-by-number-and-figure", "4hen", "9hen 4duck 4 1 3 2 Jfigure", "natural", "+-*/"),
    ("matching-figures-left-out", "2owl", "7owl 2fish 4hen 4duck 9hen 9duck 6turtle", "natural", "+-*/"),
    ("only-jokers", "3", "Jboth Jreplay Jnumber", "natural", "+-*/"),
    ("both-kinds-with-jokers", "6", "1 2 3 4 1dragonfly 2fish 3bee 4hen Jboth Jreplay", "natural", "+-*/"),
    ("figure-top-with-own-figure", "1turtle", "6turtle 1 2 3 2owl 3hippo 4duck Jnumber", "natural", "+-*/"),
    # figure hands with several faces of one number
    ("threes-of-two-figures", "5cat", "3bee 3hippo 2fish 2owl 1dragonfly 1turtle", "natural", "+-*/"),
    ("bees-and-hippos", "6dragonfly", "3bee 3bee 3hippo 3hippo 2fish 8bee", "natural", "+-*/"),
    ("dragonflies-and-turtles", "8hippo", "1dragonfly 1turtle 1dragonfly 1turtle 7fish 7owl", "natural", "+-*/"),
    ("pairs-of-figures", "10bear", "5cat 2fish 2owl 7fish 7owl 3bee 8hippo", "natural", "+-*/"),
    ("figure-pairs-by-number", "9duck", "3bee 3hippo 8bee 8hippo 1dragonfly 2fish", "natural", "+-*"),
    # integers
    ("integer-one", "1", "2 3 4 5 6", "integer", "+-*/"),
    ("integer-add-subtract", "9", "2 3 5 7 8 10", "integer", "+-"),
    ("integer-figures", "3hippo", "4hen 4duck 9hen 1turtle 6dragonfly 7fish", "integer", "+-*/"),
    ("integer-subtract-divide", "3", "1 2 4 6 8 10", "integer", "-/"),
    ("integer-subtract-multiply-figures", "7owl", "2fish 4hen 9duck 3bee 1dragonfly 5cat", "integer", "-*"),
    # rationals
    ("rational-seven", "7", "2 3 4 5 6 8", "rational", "+-*/"),
    ("rational-multiply-divide-none", "10", "3 4 6 8 9", "rational", "*/"),
    ("natural-multiply-divide", "3", "2 9 6 4 8", "natural", "*/"),
    ("rational-multiply-divide-more-orders", "3", "2 9 6 4 8", "rational", "*/"),
    ("rational-figures", "6turtle", "4hen 9duck 2fish 7owl 3bee 10cat", "rational", "+-*/"),
    ("rational-add-divide", "5", "1 2 3 4 6 7", "rational", "+/"),
    # single operators and small subsets
    ("add-only-long", "10", "1 1 2 2 2 2 3", "natural", "+"),
    ("add-only-master-stroke", "8", "1 1 1 1 2 2 2", "natural", "+"),
    ("add-only-five-six-and-seven-cards", "10", "1 1 1 1 2 2 2 3", "natural", "+"),
    ("multiply-only", "8", "2 2 2 4 1 1", "natural", "*"),
    ("subtract-only", "1", "10 9 8 7 6", "natural", "-"),
    ("divide-only", "2", "8 4 1 10 5", "natural", "/"),
    ("multiply-divide", "4", "1 2 3 5 6 8", "natural", "*/"),
    # seven and eight cards
    ("seven-cards-add-subtract", "9", "1 2 3 4 5 6 7", "natural", "+-"),
    ("seven-cards-rational-none", "7", "1 2 3 4 5 6 8", "rational", "*/"),
    ("eight-symbols", "10", "1 2 3 4 6 7 8 9", "natural", "+-*/"),
    ("eight-figures", "5cat", "1dragonfly 1turtle 6dragonfly 6turtle 3bee 3hippo 8bee 8hippo", "natural", "+-*/"),
    ("eight-figures-integer", "4duck", "1dragonfly 1turtle 2fish 2owl 3bee 3hippo 5cat 5bear", "integer", "+-"),
]


def count(top: Card, hand: tuple[Card, ...], domain: str, ops: str) -> dict[str, int]:
    """The reference's totals for one case."""
    from tests.nambarz.reference import reference_calculations, reference_matches  # noqa: PLC0415 (path set in main)

    calculations = reference_calculations(top, hand, domain, ops)
    return {
        "matches": len(reference_matches(top, hand)),
        "calculations": len(calculations),
        "chains": sum(calculation.chains for calculation in calculations.values()),
        "last_cards": sum(len(calculation.last_cards) for calculation in calculations.values()),
        "longest": max((len(faces) for faces in calculations), default=0),
    }


def build_row(name: str, top_text: str, hand_text: str, domain: str, ops: str) -> dict[str, Any]:
    top, hand = Card.parse(top_text), parse_cards(hand_text)
    Deck.default().require([top, *hand], what=f"case {name}")
    return {
        "name": name,
        "top": str(top),
        "hand": [str(card) for card in hand],
        "domain": domain,
        "ops": ops,
        **count(top, hand, domain, ops),
    }


def main() -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    rows = []
    for case in CASES:
        started = time.perf_counter()
        rows.append(build_row(*case))
        print(f"{case[0]:45} {time.perf_counter() - started:7.2f} s", file=sys.stderr)
    lines = ",\n".join(f"    {json.dumps(row, ensure_ascii=False)}" for row in rows)
    TABLE.write_text(
        "{\n"
        '  "generator": "tests/data/generate_solve_perft.py",\n'
        '  "source": "counts from the brute force in tests/nambarz/reference.py; regenerate, do not edit",\n'
        '  "cases": [\n'
        f"{lines}\n"
        "  ]\n"
        "}\n",
        encoding="utf-8",
    )
    print(f"wrote {len(rows)} cases to {TABLE.name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

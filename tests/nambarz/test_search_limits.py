"""Searches that once grew without bound now finish; and a limit, when hit, is reported clearly."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from solver.nambarz import Card, Rules, SearchLimitError, parse_cards, solve
from solver.nambarz.deck import Deck
from solver.nambarz.jokers import Cover
from solver.nambarz.minimal_calculations import CalculationSearch
from solver.nambarz.state import legal_plays

TWELVE_FIGURES = parse_cards("4hen 8bee 8hippo 5cat 3hippo 3bee 9duck 2fish 2owl 7owl 4duck 10bear")


def test_a_target_that_addition_and_multiplication_cannot_reach_is_settled_within_the_limit() -> None:
    # Under +* no value ever decreases, so values above the target are dropped; nothing makes 1.
    assert legal_plays(Cover(Card.parse("1")), TWELVE_FIGURES, Rules.parse("natural", "+*")) == []


def test_addition_and_multiplication_still_find_every_calculation_below_the_bound() -> None:
    solution = solve(Card.parse("10"), TWELVE_FIGURES, Rules.parse("natural", "+*"))
    assert solution.calculations
    assert all(len(calculation.cards) >= 2 for calculation in solution.calculations)


@pytest.mark.parametrize("operators", ["*", "+", "+*"])
def test_multisets_already_past_the_target_are_never_expanded(operators: str) -> None:
    # The whole deck but one 10 and the jokers: 72 number cards besides the eight 10s that match.
    available = Counter(card.number for card in Deck.default().cards() if not card.is_joker and card.number != 10)
    search = CalculationSearch(available, 10, Rules.parse("natural", operators), time_limit=math.inf)
    assert search.multisets_explored < 200
    assert search.calculations()


@pytest.mark.parametrize("domain", ["natural", "integer", "rational"])
def test_a_search_past_its_time_limit_says_which_limit_it_hit(domain: str) -> None:
    hand = parse_cards(" ".join(["1", "2", "4", "5", "6", "7", "8", "9", "10"] * 4))
    with pytest.raises(SearchLimitError, match="time limit of 1e-06 s"):
        solve(Card.parse("3bee"), hand, Rules.parse(domain), time_limit=1e-6)

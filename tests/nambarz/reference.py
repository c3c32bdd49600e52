"""Deliberately naive brute-force references for the solver.

Both follow the rules text literally and share no search code with the
solver; they fold chains left to right with their own arithmetic.

* :func:`enumerate_calculations` is the plainest possible reading: every
  ordered selection of hand cards times every tuple of operators, then the
  rules applied as filters.  A six-card hand means 946,680 chains, so it
  serves small hands and the benchmark.
* :func:`reference_calculations` checks each sub-multiset of the hand in
  turn (all orderings times all operator tuples), skipping those the rules
  exclude before enumerating and remembering which number multisets reach
  the target.  It is fast enough for thousands of property-test examples
  on hands of up to six or seven cards.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from solver.nambarz.cards import Card

OPERATOR_SIGNS = "+-*/"


@dataclass(frozen=True)
class ReferenceCalculation:
    """What the reference knows about one legal multiset of faces."""

    chains: int
    last_cards: frozenset[Card]


def fold(numbers: Sequence[int], signs: Sequence[str], domain: str) -> Fraction | None:
    """Left-to-right value, or None as soon as a step leaves the domain."""
    value = Fraction(numbers[0])
    for sign, number in zip(signs, numbers[1:], strict=True):
        if sign == "+":
            value = value + number
        elif sign == "-":
            value = value - number
        elif sign == "*":
            value = value * number
        else:
            value = value / number
        if domain != "rational" and value.denominator != 1:
            return None
        if domain == "natural" and value < 0:
            return None
    return value


def card_matches(card: Card, top: Card) -> bool:
    """Rule III.1, written out again independently of the solver."""
    same_number = card.number == top.number
    same_figure = card.figure is not None and top.figure is not None and card.figure == top.figure
    return not card.is_joker and (same_number or same_figure)


def winning_chains(faces: Sequence[Card], target: int, domain: str, ops: str) -> set[tuple[tuple[Card, ...], str]]:
    """Every distinct (face ordering, operator string) over exactly ``faces`` that makes ``target``."""
    found = set()
    for ordering in set(itertools.permutations(faces)):
        numbers = [card.value for card in ordering]
        for signs in itertools.product(ops, repeat=len(faces) - 1):
            if fold(numbers, signs, domain) == target:
                found.add((ordering, "".join(signs)))
    return found


def reaches(numbers: tuple[int, ...], target: int, domain: str, ops: str) -> bool:
    """True when some ordering and some operators make ``target``."""
    for ordering in set(itertools.permutations(numbers)):
        for signs in itertools.product(ops, repeat=len(numbers) - 1):
            if fold(ordering, signs, domain) == target:
                return True
    return False


def sub_multisets(items: Sequence[Card]) -> set[tuple[Card, ...]]:
    """Every sub-multiset, as a sorted tuple."""
    return {tuple(sorted(chosen)) for size in range(len(items) + 1) for chosen in itertools.combinations(items, size)}


def reference_matches(top: Card, hand: Sequence[Card]) -> list[Card]:
    """Distinct hand faces playable alone, sorted."""
    return sorted({card for card in hand if card_matches(card, top)})


def reference_calculations(
    top: Card, hand: Sequence[Card], domain: str = "natural", ops: str = OPERATOR_SIGNS
) -> dict[tuple[Card, ...], ReferenceCalculation]:
    """Every legal calculation: sorted face multiset -> chain count and possible last cards."""
    target = top.value
    legal: dict[tuple[Card, ...], ReferenceCalculation] = {}
    reach_memo: dict[tuple[int, ...], bool] = {}

    def numbers_reach(faces: tuple[Card, ...]) -> bool:
        numbers = tuple(sorted(card.value for card in faces))
        if numbers not in reach_memo:
            reach_memo[numbers] = reaches(numbers, target, domain, ops)
        return reach_memo[numbers]

    for candidate in sub_multisets([card for card in hand if not card.is_joker]):
        if len(candidate) < 2:
            continue
        if len({card.kind for card in candidate}) != 1:
            continue
        if any(card_matches(card, top) for card in candidate):
            continue
        if not numbers_reach(candidate):
            continue
        proper = [part for part in sub_multisets(candidate) if 2 <= len(part) < len(candidate)]
        if any(numbers_reach(part) for part in proper):
            continue
        chains = winning_chains(candidate, target, domain, ops)
        legal[candidate] = ReferenceCalculation(len(chains), frozenset(ordering[-1] for ordering, _ in chains))
    return legal


def enumerate_calculations(
    top: Card, hand: Sequence[Card], domain: str = "natural", ops: str = OPERATOR_SIGNS
) -> dict[tuple[Card, ...], ReferenceCalculation]:
    """Every legal calculation, found by enumerating every chain the hand's cards can form."""
    cards = [card for card in hand if not card.is_joker]
    reached: defaultdict[tuple[Card, ...], set[tuple[tuple[Card, ...], str]]] = defaultdict(set)
    for size in range(2, len(cards) + 1):
        for ordering in itertools.permutations(cards, size):
            numbers = [card.value for card in ordering]
            for signs in itertools.product(ops, repeat=size - 1):
                if fold(numbers, signs, domain) == top.value:
                    reached[tuple(sorted(ordering))].add((ordering, "".join(signs)))
    legal = {}
    for faces, chains in reached.items():
        one_kind = len({card.kind for card in faces}) == 1
        matching = any(card_matches(card, top) for card in faces)
        smaller = any(2 <= len(part) < len(faces) and part in reached for part in sub_multisets(faces))
        if one_kind and not matching and not smaller:
            legal[faces] = ReferenceCalculation(len(chains), frozenset(ordering[-1] for ordering, _ in chains))
    return legal

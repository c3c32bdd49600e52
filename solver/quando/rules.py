"""What a turn can be: a straight of three, cards of one number (a triple when exactly three), or a knock.

These rules look only at the numbers played, never at a position.

>>> classify([5, 3, 4]), classify([6] * 5), classify([8, 8, 8]), classify([3, 4, 6])
(<TurnKind.STRAIGHT: 'straight'>, <TurnKind.EQUAL_NUMBERS: 'equal-numbers'>, <TurnKind.TRIPLE: 'triple'>, None)
>>> legal_plays([4, 0, 4, 5, 3])
[(3, 4, 5), (0,), (3,), (4,), (4, 4), (5,)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import Enum

from solver.quando.cards import HIGHEST, LOWEST

STRAIGHT_LENGTH = 3
"""A straight is exactly this many consecutive numbers, never more or fewer."""

TRIPLE_SIZE = 3
"""Exactly this many cards of one number make a triple."""

KNOCK_AFTER_PLAYS = 2
"""Plays a player must have made this round before knocking."""


class TurnKind(Enum):
    """The kinds of turn: possibility A, possibility B (a triple when three cards), or knocking."""

    STRAIGHT = "straight"
    EQUAL_NUMBERS = "equal-numbers"
    TRIPLE = "triple"
    KNOCK = "knock"

    @property
    def is_play(self) -> bool:
        """True for the kinds that lay cards (and so are followed by a draw)."""
        return self is not TurnKind.KNOCK


def is_straight(numbers: Sequence[int]) -> bool:
    """True for exactly three consecutive numbers, in any order.

    >>> is_straight([10, 8, 9]), is_straight([3, 4, 5, 6]), is_straight([2, 3, 3])
    (True, False, False)
    """
    ordered = sorted(numbers)
    return len(ordered) == STRAIGHT_LENGTH and ordered == list(range(ordered[0], ordered[0] + STRAIGHT_LENGTH))


def classify(numbers: Sequence[int]) -> TurnKind | None:
    """The kind of play ``numbers`` make, or ``None`` when they are neither a straight nor one number."""
    if not numbers:
        return None
    if is_straight(numbers):
        return TurnKind.STRAIGHT
    if len(set(numbers)) == 1:
        return TurnKind.TRIPLE if len(numbers) == TRIPLE_SIZE else TurnKind.EQUAL_NUMBERS
    return None


def legal_plays(fronts: Sequence[int]) -> list[tuple[int, ...]]:
    """Every play a hand showing ``fronts`` can make: straights by their lowest number, then one number
    at a time, from one card up to all the cards showing it.

    >>> legal_plays([9, 9, 9, 0])
    [(0,), (9,), (9, 9), (9, 9, 9)]
    """
    counts = Counter(fronts)
    straights = [
        tuple(range(low, low + STRAIGHT_LENGTH))
        for low in range(LOWEST, HIGHEST - STRAIGHT_LENGTH + 2)
        if all(counts[number] for number in range(low, low + STRAIGHT_LENGTH))
    ]
    equal = [(number,) * size for number in sorted(counts) for size in range(1, counts[number] + 1)]
    return straights + equal


def remove_played(fronts: Sequence[int], numbers: Sequence[int]) -> tuple[int, ...]:
    """``fronts`` without one entry for each played number, taking the earliest entries first.

    >>> remove_played([4, 7, 4, 5], [4, 5])
    (7, 4)
    """
    left = list(fronts)
    for number in numbers:
        left.remove(number)
    return tuple(left)

"""Quando's 55 two-sided cards: one for every pair of different numbers from 0 to 10.

A :class:`Card` is written ``front/back``.  Which side is the front depends
on where the card lies, always the side that counts there: in a hand, the
side facing its holder (the only one that counts, the back is never looked
at); on the draw pile, the side facing up; on the discard pile, the number
it was played as.  Flipping a card swaps its sides.

>>> card = Card.parse("0/7")
>>> card.front, card.back, str(card.flipped()), card.pair
(0, 7, '7/0', (0, 7))
>>> len(DECK), can_show([3] * 10), can_show([3] * 11)
(55, True, False)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeGuard

from solver.errors import CardNotationError, GameError, quoted

LOWEST = 0
HIGHEST = 10
NUMBERS = tuple(range(LOWEST, HIGHEST + 1))
"""The numbers printed on the cards."""

_CARD_PATTERN = re.compile(r"\s*(?P<front>[0-9]{1,2})\s*/\s*(?P<back>[0-9]{1,2})\s*")

MAX_HAND_SUM = sum(number * number for number in NUMBERS)
"""The largest sum a hand can show: all 55 cards, each with its higher number in front (385)."""


def is_number(value: object) -> TypeGuard[int]:
    """True for a whole number from 0 to 10 (``True`` and ``False`` are not numbers here).

    >>> is_number(10), is_number(11), is_number(True), is_number(3.0)
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool) and LOWEST <= value <= HIGHEST


def require_numbers(numbers: Iterable[object], what: str) -> tuple[int, ...]:
    """``numbers`` as a tuple, or a :class:`~solver.errors.GameError` naming ``what`` and the bad value.

    >>> require_numbers([3, 0, 10], "hand")
    (3, 0, 10)
    >>> require_numbers([3, 11], "hand")
    Traceback (most recent call last):
    ...
    solver.errors.GameError: hand [3, 11]: 11 is not a number of the game (0 to 10)
    """
    values = list(numbers)
    checked: list[int] = []
    for value in values:
        if not is_number(value):
            raise GameError(f"{what} {values}: {value!r} is not a number of the game ({LOWEST} to {HIGHEST})")
        checked.append(value)
    return tuple(checked)


@dataclass(frozen=True, order=True)
class Card:
    """One two-sided card: the side that counts where it lies (``front``) and the other side (``back``).

    >>> Card(3, 7), Card.parse(" 10 / 0 ")
    (Card.parse('3/7'), Card.parse('10/0'))
    """

    front: int
    back: int

    def __post_init__(self) -> None:
        for side in (self.front, self.back):
            if not is_number(side):
                raise CardNotationError(f"a card's sides are numbers from {LOWEST} to {HIGHEST}, not {side!r}")
        if self.front == self.back:
            raise CardNotationError(f"a card shows two different numbers, not {self.front} on both sides")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``front/back``, e.g. ``3/7``.

        >>> Card.parse("3-7")
        Traceback (most recent call last):
        ...
        solver.errors.CardNotationError: '3-7' is not a card: expected front/back such as 3/7
        """
        written = _CARD_PATTERN.fullmatch(text)
        if written is None:
            raise CardNotationError(f"{quoted(text)} is not a card: expected front/back such as 3/7", text=text)
        return cls(int(written["front"]), int(written["back"]))

    @property
    def pair(self) -> tuple[int, int]:
        """The card's two numbers, lower first: what makes it this card whichever side is up."""
        return (min(self.front, self.back), max(self.front, self.back))

    def flipped(self) -> Card:
        """The same card turned over."""
        return Card(self.back, self.front)

    def __str__(self) -> str:
        return f"{self.front}/{self.back}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


DECK: tuple[Card, ...] = tuple(Card(low, high) for low in NUMBERS for high in NUMBERS if low < high)
"""The 55 cards, lower number in front, in order of their pairs."""

DECK_SIZE = len(DECK)


def can_show(numbers: Sequence[int], *, without: Iterable[tuple[int, int]] = ()) -> bool:
    """True when different cards of the deck can show ``numbers`` at the same time.

    Each number needs a card of its own that carries it; cards whose pairs
    are in ``without`` are not available.  This is a matching of numbers to
    cards, found by augmenting paths over at most 55 cards, so it is fast.

    >>> can_show([0, 0, 1]), can_show([0, 1], without=[(0, 1)]), can_show([5] * 10, without=[(5, 9)])
    (True, True, False)
    """
    excluded = set(without)
    if len(numbers) > DECK_SIZE - len(excluded):
        return False
    holder: dict[tuple[int, int], int] = {}

    def place(index: int, tried: set[tuple[int, int]]) -> bool:
        number = numbers[index]
        for partner in NUMBERS:
            pair = (min(number, partner), max(number, partner))
            if partner == number or pair in excluded or pair in tried:
                continue
            tried.add(pair)
            if pair not in holder or place(holder[pair], tried):
                holder[pair] = index
                return True
        return False

    return all(place(index, set()) for index in range(len(numbers)))


def possible_backs(front: int, elsewhere: Sequence[int]) -> tuple[int, ...]:
    """The numbers that can be on the other side of a card showing ``front``.

    ``elsewhere`` are numbers seen on other cards (a hand's fronts, the
    discards).  A partner is ruled out when the cards seen elsewhere could
    not all be shown without the card pairing it with ``front``.

    >>> possible_backs(4, [])
    (0, 1, 2, 3, 5, 6, 7, 8, 9, 10)
    >>> possible_backs(4, [7] * 10)  # every card with a 7 is elsewhere, 4/7 among them
    (0, 1, 2, 3, 5, 6, 8, 9, 10)
    """
    return tuple(
        partner
        for partner in NUMBERS
        if partner != front and can_show(elsewhere, without=[(min(front, partner), max(front, partner))])
    )

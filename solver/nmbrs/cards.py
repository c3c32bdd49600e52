"""Nmbrs! cards and their notation (rule 1).

A number card is written as its number, ``1`` to ``100``; a joker as ``J``.
Every number exists once, so a number names one card; the four jokers are
alike.  A card's colour and point value are printed on it but not listed in
the rulebook: they come from the deck in use (:mod:`solver.nmbrs.deck`).

>>> Card.parse("17"), Card.parse("j")
(Card.parse('17'), Card.parse('J'))
>>> Card.parse(" 100 ").number, Card.parse("J").is_joker
(100, True)
>>> sorted([Card.parse("J"), Card.parse("40"), Card.parse("5")], key=Card.sort_key)
[Card.parse('5'), Card.parse('40'), Card.parse('J')]
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from solver.errors import CardNotationError, quoted

LOWEST_NUMBER = 1
HIGHEST_NUMBER = 100
JOKER_COUNT = 4
JOKER_SYMBOL = "J"


class Colour(Enum):
    """The four colours of the cards."""

    RED = "red"
    GREEN = "green"
    BLUE = "blue"
    ORANGE = "orange"


@dataclass(frozen=True)
class Card:
    """A number card (``number`` 1–100) or a joker (``number`` is ``None``)."""

    number: int | None

    def __post_init__(self) -> None:
        if self.number is not None and not LOWEST_NUMBER <= self.number <= HIGHEST_NUMBER:
            raise CardNotationError(
                f"{self.number} is not an Nmbrs! card: numbers run from {LOWEST_NUMBER} to {HIGHEST_NUMBER}"
            )

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``17`` or ``J`` (any case, surrounding spaces ignored).

        >>> Card.parse("0")
        Traceback (most recent call last):
        ...
        solver.errors.CardNotationError: '0' is not an Nmbrs! card: expected a number from 1 to 100 or J
        """
        word = text.strip()
        if word.upper() == JOKER_SYMBOL:
            return JOKER
        if word.isascii() and word.isdigit():
            number = int(word)
            if LOWEST_NUMBER <= number <= HIGHEST_NUMBER:
                return cls(number)
        raise CardNotationError(
            f"{quoted(text)} is not an Nmbrs! card: expected a number from {LOWEST_NUMBER} to {HIGHEST_NUMBER} or J",
            text=text,
        )

    @classmethod
    def read(cls, value: object) -> Card:
        """A card from JSON: a whole number, or text in card notation.

        >>> Card.read(30), Card.read("J")
        (Card.parse('30'), Card.parse('J'))
        >>> Card.read(2.5)
        Traceback (most recent call last):
        ...
        solver.errors.CardNotationError: 2.5 is not an Nmbrs! card: expected a number from 1 to 100 or "J"
        """
        if isinstance(value, str):
            return cls.parse(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return cls.parse(str(value))
        raise CardNotationError(
            f'{value!r} is not an Nmbrs! card: expected a number from {LOWEST_NUMBER} to {HIGHEST_NUMBER} or "J"',
            text=str(value),
        )

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.number is None

    def sort_key(self) -> tuple[int, int]:
        """Number cards by number, then the jokers."""
        return (1, 0) if self.number is None else (0, self.number)

    def __str__(self) -> str:
        return JOKER_SYMBOL if self.number is None else str(self.number)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


JOKER = Card(None)


def parse_cards(text: str) -> list[Card]:
    """Cards separated by spaces or commas.

    >>> parse_cards("10, J 30")
    [Card.parse('10'), Card.parse('J'), Card.parse('30')]
    """
    return [Card.parse(word) for word in text.replace(",", " ").split()]

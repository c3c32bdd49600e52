"""The cards of The Game: the 98 numbers 2 to 99, the fire cards of On Fire, and how a card is checked and read.

A card is its number, a plain ``int``: the game has one card of each.

>>> len(CARDS), CARDS[0], CARDS[-1], sorted(FIRE_CARDS)[:2]
(98, 2, 99, [22, 33])
>>> is_card(37), is_card(100), is_card(True)
(True, False, False)
>>> parse_card(" 37 ")
37
"""

from __future__ import annotations

from solver.errors import NotationError, quoted

LOWEST_CARD = 2
HIGHEST_CARD = 99
CARDS = tuple(range(LOWEST_CARD, HIGHEST_CARD + 1))
"""The 98 number cards."""

FIRE_CARDS = frozenset({22, 33, 44, 55, 66, 77})
"""With the On Fire expansion these numbers are fire cards."""


def is_card(value: object) -> bool:
    """True when ``value`` is a card of the game: a whole number from 2 to 99 (``True`` is not one).

    >>> is_card(2), is_card(1), is_card(37.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool) and LOWEST_CARD <= value <= HIGHEST_CARD


def parse_card(text: str, *, opening: str | None = None) -> int:
    """Read a card written as its number, with or without spaces around it.

    ``opening`` is the longer text that ``text`` opens, such as the
    placement ``37>asc1``: messages then quote it, and positions count in it.
    Raises :class:`~solver.errors.NotationError` for anything but the
    digits of a card from 2 to 99.

    >>> parse_card("100")
    Traceback (most recent call last):
    ...
    solver.errors.NotationError: card 100 does not exist: the cards are 2 to 99
    >>> parse_card("1", opening="1>asc1")
    Traceback (most recent call last):
    ...
    solver.errors.NotationError: card 1 in '1>asc1' does not exist: the cards are 2 to 99
    """
    token = text.strip()
    position = len(text) - len(text.lstrip()) + 1
    where = "" if opening is None else f" in {quoted(opening)}"
    if not (token.isascii() and token.isdigit()):
        raise NotationError(
            f"expected a card number from {LOWEST_CARD} to {HIGHEST_CARD}{where}, not {quoted(token)}",
            text=opening or text,
            token=token,
            position=position,
        )
    card = int(token)
    if not is_card(card):
        raise NotationError(
            f"card {card}{where} does not exist: the cards are {LOWEST_CARD} to {HIGHEST_CARD}",
            text=opening or text,
            token=token,
            position=position,
        )
    return card

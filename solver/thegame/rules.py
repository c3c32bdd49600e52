"""The rules of The Game that need no position: piles, directions, hand sizes, minimum plays.

The cards themselves are in :mod:`solver.thegame.cards`; ``CARDS`` and
``FIRE_CARDS`` stay importable from here for the interfaces that read them so.

>>> can_play(37, Pile.ASC1, 47), can_play(75, Pile.DESC1, 65), can_play(46, Pile.ASC1, 47)
(True, True, False)
>>> hand_size(3, Variant.PRO), minimum_cards(Variant.PRO, draw_pile=12), minimum_cards(Variant.PRO, draw_pile=0)
(5, 3, 1)
"""

from __future__ import annotations

from enum import Enum

from solver.errors import GameError, NotationError
from solver.thegame.cards import CARDS, FIRE_CARDS, HIGHEST_CARD, LOWEST_CARD

ASCENDING_START = 1
DESCENDING_START = 100
BACKWARDS_STEP = 10
"""The one move against a pile's direction: exactly this much back."""

EXCELLENT_BELOW = 10
"""Fewer cards than this left at the end is an excellent result."""

MIN_PLAYERS = 1
MAX_PLAYERS = 5


class Pile(Enum):
    """The four piles, two going up from 1 and two going down from 100."""

    ASC1 = "asc1"
    ASC2 = "asc2"
    DESC1 = "desc1"
    DESC2 = "desc2"

    @property
    def ascending(self) -> bool:
        """True for the piles that go up."""
        return self in (Pile.ASC1, Pile.ASC2)

    @property
    def start(self) -> int:
        """The number under the pile before any card is laid: 1 going up, 100 going down."""
        return ASCENDING_START if self.ascending else DESCENDING_START

    @classmethod
    def parse(cls, text: str) -> Pile:
        """Read a pile's name in any case: ``asc1``, ``asc2``, ``desc1`` or ``desc2``.

        >>> Pile.parse(" DESC1 ")
        <Pile.DESC1: 'desc1'>
        """
        name = text.strip().casefold()
        for pile in cls:
            if pile.value == name:
                return pile
        raise NotationError(
            f"unknown pile {text!r}; expected asc1, asc2, desc1 or desc2", text=text, token=text, position=1
        )


PILES = tuple(Pile)


class Wish(Enum):
    """What a player may ask of the others about one pile: never a number, as the rules allow.

    >>> Wish.parse(" DONT "), Wish.GOOD.value
    (<Wish.DONT: 'dont'>, 'good')
    """

    NONE = "none"
    """No wish: the player takes back what they asked about the pile."""
    DONT = "dont"
    """ "Please don't play on this pile." """
    GOOD = "good"
    """ "I can play well here": a card of theirs fits the pile very closely, or turns it back ten."""

    @classmethod
    def parse(cls, text: str) -> Wish:
        """Read a wish's word in any case: ``dont``, ``good`` or ``none``."""
        name = text.strip().casefold()
        for wish in cls:
            if wish.value == name:
                return wish
        raise NotationError(f"unknown wish {text!r}; expected dont, good or none", text=text, token=text, position=1)


"""The piles in their fixed order: asc1, asc2, desc1, desc2 (legal actions are listed in this order)."""


class Variant(Enum):
    """Standard rules, or the pro version: one card fewer in hand and three cards a turn."""

    STANDARD = "standard"
    PRO = "pro"


def can_play(card: int, pile: Pile, top: int) -> bool:
    """True when ``card`` may be laid on ``pile`` whose top number is ``top``.

    Going up a card must be higher, or exactly ten lower; going down, lower
    or exactly ten higher.

    >>> can_play(57, Pile.ASC2, 47), can_play(57, Pile.DESC2, 47), can_play(57, Pile.DESC2, 58)
    (True, True, True)
    """
    if pile.ascending:
        return card > top or card == top - BACKWARDS_STEP
    return card < top or card == top + BACKWARDS_STEP


def possible_tops(pile: Pile) -> range:
    """The numbers ``pile`` can show: its start, or any card laid on it.

    >>> possible_tops(Pile.ASC1), possible_tops(Pile.DESC2)
    (range(1, 100), range(2, 101))
    """
    if pile.ascending:
        return range(ASCENDING_START, HIGHEST_CARD + 1)
    return range(LOWEST_CARD, DESCENDING_START + 1)


def is_backwards(card: int, pile: Pile, top: int) -> bool:
    """True when laying ``card`` on ``top`` is the ten-back move that turns a pile back.

    >>> is_backwards(37, Pile.ASC1, 47), is_backwards(48, Pile.ASC1, 47)
    (True, False)
    """
    step = top - card if pile.ascending else card - top
    return step == BACKWARDS_STEP


def hand_size(players: int, variant: Variant = Variant.STANDARD) -> int:
    """Cards in each hand: 8 solo, 7 for two players, 6 for three to five; one fewer in the pro version.

    >>> [hand_size(players) for players in range(1, 6)]
    [8, 7, 6, 6, 6]
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise GameError(f"The Game is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    size = {1: 8, 2: 7}.get(players, 6)
    return size - 1 if variant is Variant.PRO else size


def minimum_cards(variant: Variant, *, draw_pile: int) -> int:
    """Cards a turn must lay: 2 (pro: 3) while the draw pile lasts, 1 once it is empty.

    >>> minimum_cards(Variant.STANDARD, draw_pile=1), minimum_cards(Variant.STANDARD, draw_pile=0)
    (2, 1)
    """
    if draw_pile == 0:
        return 1
    return 3 if variant is Variant.PRO else 2


__all__ = [
    "ASCENDING_START",
    "BACKWARDS_STEP",
    "CARDS",
    "DESCENDING_START",
    "EXCELLENT_BELOW",
    "FIRE_CARDS",
    "HIGHEST_CARD",
    "LOWEST_CARD",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PILES",
    "Pile",
    "Variant",
    "can_play",
    "hand_size",
    "is_backwards",
    "minimum_cards",
    "possible_tops",
]

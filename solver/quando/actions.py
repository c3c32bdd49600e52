"""The actions of a Quando game and their notation.

A turn opens with ``play`` and the numbers laid (``play 3 4 5``, ``play 8 8 8``),
``knock``, or ``pass`` (only with no cards).  After a play the same player
draws: ``take visible`` or ``take hidden``, chosen before looking.  After a
triple every other player in turn either flips a zero (``flip 2``: the card
at hand position 2, counting from 1 for the card held longest) or, holding
no zero, draws with ``take visible`` or ``take hidden``.

>>> Action.parse("Play 5, 3, 4"), Action.parse("take hidden"), Action.parse("flip 2")
(Action.parse('play 3 4 5'), Action.parse('take hidden'), Action.parse('flip 2'))
>>> str(Action.play([8, 8, 8])), Action.parse("knock") == KNOCK
('play 8 8 8', True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from solver.errors import GameError, NotationError, quoted
from solver.quando.cards import DECK_SIZE, HIGHEST, LOWEST, is_number

_TOKEN = re.compile(r"[^\s,]+")
EXPECTED = "expected 'play' and numbers, 'knock', 'take visible', 'take hidden', 'flip' and a position, or 'pass'"


class ActionKind(Enum):
    """What an action does."""

    PLAY = "play"
    KNOCK = "knock"
    TAKE = "take"
    FLIP = "flip"
    PASS = "pass"


class Side(Enum):
    """Which side of the draw pile's top card goes into the hand facing its holder."""

    VISIBLE = "visible"
    HIDDEN = "hidden"


@dataclass(frozen=True)
class Action:
    """One action: its kind and, as the kind needs, the numbers played, the side taken or the hand position.

    The numbers of a play are kept in ascending order, so two ways of writing
    the same play are the same action.
    """

    kind: ActionKind
    numbers: tuple[int, ...] = ()
    side: Side | None = None
    position: int | None = None

    def __post_init__(self) -> None:
        if self.numbers and self.kind is not ActionKind.PLAY:
            raise GameError(f"only a play lays numbers, not {self.kind.value}")
        if (self.side is not None) != (self.kind is ActionKind.TAKE):
            raise GameError("a take names the side taken (visible or hidden), and only a take does")
        if (self.position is not None) != (self.kind is ActionKind.FLIP):
            raise GameError("a flip names a hand position, and only a flip does")
        for number in self.numbers:
            if not is_number(number):
                raise GameError(f"{number!r} is not a number of the game ({LOWEST} to {HIGHEST})")
        if len(self.numbers) > DECK_SIZE:
            raise GameError(f"a play lays at most {DECK_SIZE} cards, not {len(self.numbers)}")
        if self.position is not None and (isinstance(self.position, bool) or self.position < 1):
            raise GameError(f"hand positions count from 1, not {self.position!r}")
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    @classmethod
    def play(cls, numbers: Iterable[int]) -> Action:
        """Lay cards showing ``numbers`` (possibility A or B)."""
        return cls(ActionKind.PLAY, tuple(numbers))

    @classmethod
    def take(cls, side: Side) -> Action:
        """Draw the top card of the draw pile, keeping ``side`` towards oneself."""
        return cls(ActionKind.TAKE, side=side)

    @classmethod
    def flip(cls, position: int) -> Action:
        """Flip the zero at hand ``position`` (from 1), after another player's triple."""
        return cls(ActionKind.FLIP, position=position)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action; words may be in any case and numbers separated by spaces or commas.

        >>> Action.parse("play 3 x")
        Traceback (most recent call last):
        ...
        solver.errors.NotationError: 'x' at position 8 of 'play 3 x' is not a number from 0 to 10
        """
        tokens = [(found.group(), found.start() + 1) for found in _TOKEN.finditer(text)]
        if not tokens:
            raise NotationError(f"empty action: {EXPECTED}", text=text, token="", position=1)
        word, _ = tokens[0]
        try:
            kind = ActionKind(word.casefold())
        except ValueError:
            raise NotationError(
                f"{quoted(word)} at position 1 of {quoted(text)} is not an action: {EXPECTED}",
                text=text,
                token=word,
                position=1,
            ) from None
        arguments = tokens[1:]
        if kind is ActionKind.PLAY:
            if len(arguments) > DECK_SIZE:
                token, position = arguments[DECK_SIZE]
                raise NotationError(
                    f"a play lays at most {DECK_SIZE} cards; {quoted(token)} at position {position} is one too many",
                    text=text,
                    token=token,
                    position=position,
                )
            return cls.play(_number(text, token, position) for token, position in arguments)
        if kind is ActionKind.TAKE:
            _expect_count(text, arguments, 1, "'take' is followed by 'visible' or 'hidden'")
            token, position = arguments[0]
            try:
                return cls.take(Side(token.casefold()))
            except ValueError:
                raise NotationError(
                    f"{quoted(token)} at position {position} of {quoted(text)} is not a side: "
                    "expected 'visible' or 'hidden'",
                    text=text,
                    token=token,
                    position=position,
                ) from None
        if kind is ActionKind.FLIP:
            _expect_count(text, arguments, 1, "'flip' is followed by the hand position of a zero, e.g. 'flip 2'")
            token, position = arguments[0]
            if not token.isascii() or not token.isdecimal() or int(token) < 1:
                raise NotationError(
                    f"{quoted(token)} at position {position} of {quoted(text)} is not a hand position: "
                    "expected a whole number from 1",
                    text=text,
                    token=token,
                    position=position,
                )
            return cls.flip(int(token))
        _expect_count(text, arguments, 0, f"'{kind.value}' stands alone")
        return KNOCK if kind is ActionKind.KNOCK else PASS

    def __str__(self) -> str:
        if self.kind is ActionKind.PLAY:
            return " ".join(["play", *map(str, self.numbers)])
        if self.side is not None:
            return f"take {self.side.value}"
        if self.position is not None:
            return f"flip {self.position}"
        return str(self.kind.value)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


def _number(text: str, token: str, position: int) -> int:
    if token.isascii() and token.isdecimal() and LOWEST <= int(token) <= HIGHEST:
        return int(token)
    raise NotationError(
        f"{quoted(token)} at position {position} of {quoted(text)} is not a number from {LOWEST} to {HIGHEST}",
        text=text,
        token=token,
        position=position,
    )


def _expect_count(text: str, arguments: list[tuple[str, int]], count: int, expected: str) -> None:
    if len(arguments) == count:
        return
    if len(arguments) > count:
        token, position = arguments[count]
        message = f"unexpected {quoted(token)} at position {position} of {quoted(text)}: {expected}"
    else:
        token, position = "", len(text) + 1
        message = f"{quoted(text)} is incomplete: {expected}"
    raise NotationError(message, text=text, token=token, position=position)


KNOCK = Action(ActionKind.KNOCK)
PASS = Action(ActionKind.PASS)
TAKE_VISIBLE = Action.take(Side.VISIBLE)
TAKE_HIDDEN = Action.take(Side.HIDDEN)

"""Plays and their notation: laying cards, inserting them into a line, replacing a joker (rules 8–12).

A turn's lay is one or more plays.  Each play is written as a word and its
placements (``card@row,column``), with the coordinates the cards have on
the table *after* the play:

* ``lay 10@0,0 20@0,1 30@0,2`` lays cards on empty cells: a new sequence,
  cards added at the ends of a line, a line crossing another, or cards that
  join two lines;
* ``insert row 15@0,1 25@0,3`` (or ``insert column …``) puts cards between
  touching cards of a line: the cards beyond each gap slide one place along
  (ruling ``insert-slides``); it may also lay cards at the line's ends;
* ``swap 20@0,1`` replaces the joker on ``0,1`` by the card it stands for;
  the joker goes back to the hand (rule 12).

A joker may carry the number it stands for (``J=40@0,3``); it must when no
line fixes it.

>>> Play.parse("lay 10@0,0 J=20@0,1 30@0,2").cards
(Card.parse('10'), Card.parse('J'), Card.parse('30'))
>>> Play.parse("insert column 15@1,0"), Play.parse("swap 20@0,1").kind
(Play.parse('insert column 15@1,0'), <PlayKind.SWAP: 'swap'>)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from solver.errors import GameError, NambarzError, NotationError, quoted
from solver.nmbrs.cards import Card
from solver.nmbrs.table import Axis, Placement


class PlayKind(Enum):
    """What a play does to the table."""

    LAY = "lay"
    INSERT = "insert"
    SWAP = "swap"


@dataclass(frozen=True)
class Play:
    """One play: its kind, its placements and, for an insertion, the axis of the line."""

    kind: PlayKind
    placements: tuple[Placement, ...]
    axis: Axis | None = None

    def __post_init__(self) -> None:
        if not self.placements:
            raise GameError(f"a {self.kind.value} play needs at least one card")
        cells = [placement.cell for placement in self.placements]
        repeated = next((cell for index, cell in enumerate(cells) if cell in cells[:index]), None)
        if repeated is not None:
            raise GameError(f"cell {repeated} is given twice in one play")
        if (self.axis is not None) != (self.kind is PlayKind.INSERT):
            raise GameError(f"{self.kind.value}: an axis (row or column) is given for an insertion, and only there")
        if self.kind is PlayKind.SWAP:
            (placement, *others) = self.placements
            if others or placement.term.card.is_joker:
                raise GameError("a swap puts one number card in a joker's place")

    @classmethod
    def parse(cls, text: str) -> Play:
        """Read a play in notation.

        >>> Play.parse("lay")
        Traceback (most recent call last):
        ...
        solver.errors.NotationError: 'lay' has no cards: expected placements such as 'lay 10@0,0 20@0,1 30@0,2'
        >>> Play.parse("insert 15@0,1")
        Traceback (most recent call last):
        ...
        solver.errors.NotationError: 'insert 15@0,1': name the line first, 'insert row …' or 'insert column …'
        """
        words = text.split()
        kinds = ", ".join(kind.value for kind in PlayKind)
        if not words:
            raise NotationError(f"an empty play: expected {kinds}", text=text, token="", position=1)
        try:
            kind = PlayKind(words[0].casefold())
        except ValueError:
            raise NotationError(
                f"{quoted(words[0])} is not a play: expected {kinds}", text=text, token=words[0], position=1
            ) from None
        axis = None
        rest = words[1:]
        if kind is PlayKind.INSERT:
            try:
                axis = Axis(rest[0].casefold()) if rest else None
            except ValueError:
                axis = None
            if axis is None:
                raise NotationError(
                    f"{quoted(text)}: name the line first, 'insert row …' or 'insert column …'",
                    text=text,
                    token=rest[0] if rest else "",
                    position=text.find(rest[0]) + 1 if rest else len(text),
                )
            rest = rest[1:]
        if not rest:
            raise NotationError(
                f"{quoted(text)} has no cards: expected placements such as 'lay 10@0,0 20@0,1 30@0,2'",
                text=text,
                token=text,
                position=1,
            )
        try:
            return cls(kind, tuple(Placement.parse(word) for word in rest), axis)
        except NambarzError as error:
            raise NotationError(f"{quoted(text)}: {error}", text=text, token=text, position=1) from None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards laid from the hand, in the order written."""
        return tuple(placement.term.card for placement in self.placements)

    def to_dict(self) -> dict[str, Any]:
        """JSON form, as the HTTP API reads it: ``kind``, ``axis`` for an insertion, and ``cards``.

        >>> Play.parse("insert row 15@0,1").to_dict()
        {'kind': 'insert', 'axis': 'row', 'cards': [{'row': 0, 'column': 1, 'card': '15'}]}
        """
        document: dict[str, Any] = {"kind": self.kind.value}
        if self.axis is not None:
            document["axis"] = self.axis.value
        document["cards"] = [placement.to_dict() for placement in self.placements]
        return document

    def __str__(self) -> str:
        head = self.kind.value if self.axis is None else f"{self.kind.value} {self.axis.value}"
        return " ".join([head, *(str(placement) for placement in self.placements)])

    def __repr__(self) -> str:
        return f"Play.parse({str(self)!r})"

"""The table: a grid of cards whose rows and columns are sequences (rule 9, ruling ``grid-table``).

A card lies on a *cell* (``row,column``; rows grow downwards, columns to
the right, negative numbers allowed).  A *line* is a run of two or more
touching cards in a row, read left to right, or in a column, read top to
bottom; lines cross where they share a card.  On a valid table every line is
a sequence of at least three cards, no card stands alone, and every joker
stands for a known number (ruling ``joker-value-fixed``).

A table is written as its placements, ``card@row,column``, separated by
spaces; a joker carries its number (``J=20@0,1``).

>>> table = Table.parse("10@0,0 J=20@0,1 30@0,2 15@-1,1 25@1,1")
>>> [str(line) for line in table.lines()]
['row from 0,0: 10 J=20 30', 'column from -1,1: 15 J=20 25']
>>> table.problems(RuleSet.BASIC)
[]
>>> [v.message for v in Table.parse("10@0,0 20@0,1 30@0,2 40@1,2").problems(RuleSet.BASIC)]
['column from 0,2: 30 40: 2 cards in a line; a sequence has at least 3']
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from solver.errors import GameError, NotationError, quoted
from solver.nmbrs.cards import Card
from solver.nmbrs.rules import RuleSet
from solver.nmbrs.sequences import Fit, Term, fit_values
from solver.nmbrs.violations import ViolationCode
from solver.verdicts import Violation

MAX_COORDINATE = 999
"""Rows and columns run from -999 to 999: far more room than 104 cards need."""


class Axis(Enum):
    """The two directions of a line: a row is read left to right, a column top to bottom."""

    ROW = "row"
    COLUMN = "column"

    @property
    def across(self) -> Axis:
        """The other axis."""
        return Axis.COLUMN if self is Axis.ROW else Axis.ROW


@dataclass(frozen=True, order=True)
class Cell:
    """A place on the table."""

    row: int
    column: int

    @classmethod
    def checked(cls, row: int, column: int) -> Cell:
        """The cell at ``row``, ``column``, refused when it is off the table (beyond ``MAX_COORDINATE``).

        >>> Cell.checked(0, 1000)
        Traceback (most recent call last):
        ...
        solver.errors.GameError: column 1000 is off the table: expected -999 to 999
        """
        for name, value in (("row", row), ("column", column)):
            if not is_on_table(value):
                raise GameError(f"{name} {value} is off the table: expected -{MAX_COORDINATE} to {MAX_COORDINATE}")
        return cls(row, column)

    @classmethod
    def parse(cls, text: str) -> Cell:
        """Read ``row,column``.

        >>> Cell.parse("-1,3")
        Cell(row=-1, column=3)
        >>> Cell.parse("1;3")
        Traceback (most recent call last):
        ...
        solver.errors.NotationError: '1;3' is not a cell: expected row,column such as 0,2
        """
        row, comma, column = text.partition(",")
        if comma and _is_integer(row) and _is_integer(column):
            return cls.checked(int(row), int(column))
        raise NotationError(
            f"{quoted(text)} is not a cell: expected row,column such as 0,2", text=text, token=text, position=1
        )

    @property
    def on_table(self) -> bool:
        """True when both coordinates are within ``MAX_COORDINATE``."""
        return is_on_table(self.row) and is_on_table(self.column)

    def step(self, axis: Axis, count: int = 1) -> Cell:
        """The cell ``count`` places further along ``axis`` (right along a row, down a column)."""
        if axis is Axis.ROW:
            return Cell(self.row, self.column + count)
        return Cell(self.row + count, self.column)

    def along(self, axis: Axis) -> int:
        """This cell's position along ``axis``: its column in a row, its row in a column."""
        return self.column if axis is Axis.ROW else self.row

    def neighbours(self) -> list[Cell]:
        """The four cells that touch this one, in reading order."""
        return [self.step(Axis.COLUMN, -1), self.step(Axis.ROW, -1), self.step(Axis.ROW), self.step(Axis.COLUMN)]

    def __str__(self) -> str:
        return f"{self.row},{self.column}"


def is_on_table(coordinate: int) -> bool:
    """True for a row or column number within ``MAX_COORDINATE``."""
    return -MAX_COORDINATE <= coordinate <= MAX_COORDINATE


def _is_integer(text: str) -> bool:
    digits = text.strip().removeprefix("-")
    return digits.isascii() and digits.isdigit()


@dataclass(frozen=True)
class Placement:
    """A card laid on a cell, written ``card@row,column`` (``J=20@0,1`` for a joker and its number)."""

    term: Term
    cell: Cell

    @classmethod
    def parse(cls, text: str) -> Placement:
        """Read ``17@0,2``, ``J@0,2`` or ``J=20@0,2``.

        >>> Placement.parse("J=20@0,1")
        Placement.parse('J=20@0,1')
        """
        term, at, cell = text.partition("@")
        if not at:
            raise NotationError(
                f"{quoted(text)} is not a placement: expected card@row,column such as 17@0,2",
                text=text,
                token=text,
                position=1,
            )
        return cls(Term.parse(term), Cell.parse(cell))

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``row``, ``column``, ``card`` and, for a joker with its number, ``value``.

        >>> Placement.parse("J=20@0,1").to_dict()
        {'row': 0, 'column': 1, 'card': 'J', 'value': 20}
        """
        document: dict[str, Any] = {"row": self.cell.row, "column": self.cell.column, "card": str(self.term.card)}
        if self.term.declared is not None:
            document["value"] = self.term.declared
        return document

    def __str__(self) -> str:
        return f"{self.term}@{self.cell}"

    def __repr__(self) -> str:
        return f"Placement.parse({str(self)!r})"


@dataclass(frozen=True)
class Line:
    """A run of two or more touching cards along one axis, in reading order."""

    axis: Axis
    cells: tuple[Cell, ...]
    terms: tuple[Term, ...]

    @property
    def values(self) -> tuple[int | None, ...]:
        """The number each card stands for."""
        return tuple(term.value for term in self.terms)

    def fit(self, rules: RuleSet) -> Fit:
        """How the line fits one progression under ``rules``."""
        return fit_values(self.values, rules)

    def __str__(self) -> str:
        return f"{self.axis.value} from {self.cells[0]}: {' '.join(str(term) for term in self.terms)}"


def run_through(occupied: Collection[Cell], cell: Cell, axis: Axis) -> tuple[Cell, ...]:
    """The cells of the run of occupied cells along ``axis`` that holds ``cell``, in reading order."""
    start = cell
    while start.step(axis, -1) in occupied:
        start = start.step(axis, -1)
    run = []
    current = start
    while current in occupied:
        run.append(current)
        current = current.step(axis)
    return tuple(run)


@dataclass(frozen=True)
class Table:
    """The cards on the table, each on its cell; a joker carries the number it stands for."""

    placements: tuple[Placement, ...] = ()
    _terms: dict[Cell, Term] = field(init=False, repr=False, compare=False)
    _lines: list[Line] | None = field(init=False, repr=False, compare=False, default=None)

    def __post_init__(self) -> None:
        terms: dict[Cell, Term] = {}
        for placement in self.placements:
            if placement.cell in terms:
                raise GameError(
                    f"table: cell {placement.cell} is given twice ({terms[placement.cell]} and {placement.term})"
                )
            terms[placement.cell] = placement.term
        object.__setattr__(self, "_terms", terms)

    @classmethod
    def of(cls, terms: Mapping[Cell, Term]) -> Table:
        """The table holding ``terms``, placements kept in cell order.

        >>> str(Table.of({Cell(0, 1): Term.parse("20"), Cell(0, 0): Term.parse("10")}))
        '10@0,0 20@0,1'
        """
        return cls(tuple(Placement(term, cell) for cell, term in sorted(terms.items())))

    @classmethod
    def parse(cls, text: str) -> Table:
        """Read placements separated by spaces; an empty text is the empty table."""
        return cls.from_placements(Placement.parse(word) for word in text.split())

    @classmethod
    def from_placements(cls, placements: Iterable[Placement]) -> Table:
        """The table holding ``placements``; two cards on one cell are refused.

        >>> Table.from_placements([Placement.parse("10@0,0"), Placement.parse("20@0,0")])
        Traceback (most recent call last):
        ...
        solver.errors.GameError: table: cell 0,0 is given twice (10 and 20)
        """
        return cls(tuple(sorted(placements, key=lambda placement: placement.cell)))

    def __contains__(self, cell: object) -> bool:
        return cell in self._terms

    def __len__(self) -> int:
        return len(self._terms)

    def __iter__(self) -> Iterator[Placement]:
        return iter(self.placements)

    def term(self, cell: Cell) -> Term | None:
        """The card on ``cell``, or ``None``."""
        return self._terms.get(cell)

    @property
    def terms(self) -> Mapping[Cell, Term]:
        """Every card by cell."""
        return self._terms

    def cards(self) -> list[Card]:
        """The cards on the table, in cell order."""
        return [placement.term.card for placement in self.placements]

    def line(self, cells: tuple[Cell, ...], axis: Axis) -> Line:
        """The line made of ``cells`` along ``axis``."""
        return Line(axis, cells, tuple(self._terms[cell] for cell in cells))

    def lines(self) -> list[Line]:
        """Every line: the rows from top to bottom, then the columns from left to right."""
        if self._lines is None:
            object.__setattr__(self, "_lines", self._find_lines())
        assert self._lines is not None
        return list(self._lines)

    def _find_lines(self) -> list[Line]:
        found = []
        for axis in (Axis.ROW, Axis.COLUMN):
            starts = [
                cell
                for cell in self._terms
                if cell.step(axis, -1) not in self._terms and cell.step(axis) in self._terms
            ]
            for start in sorted(starts, key=lambda cell: (cell.along(axis.across), cell.along(axis))):
                found.append(self.line(run_through(self._terms, start, axis), axis))
        return found

    def lines_through(self, cell: Cell) -> list[Line]:
        """The row line and the column line holding ``cell``, where they have two cards or more."""
        runs = [(axis, run_through(self._terms, cell, axis)) for axis in (Axis.ROW, Axis.COLUMN)]
        return [self.line(run, axis) for axis, run in runs if len(run) >= 2]

    def problems(self, rules: RuleSet) -> list[Violation]:
        """Every way this table breaks the rules: lines that are not sequences, lone cards, open jokers."""
        problems = []
        for cell, term in self._terms.items():
            if not any(neighbour in self._terms for neighbour in cell.neighbours()):
                problems.append(
                    Violation(ViolationCode.TOO_SHORT, f"{term} at {cell} stands alone; it must be in a sequence")
                )
            if term.value is None:
                problems.append(
                    Violation(ViolationCode.JOKER_UNDETERMINED, f"the joker at {cell} stands for no number")
                )
        for line in self.lines():
            problems += [Violation(v.code, f"{line}: {v.message}") for v in line.fit(rules).violations]
        return problems

    def require_valid(self, rules: RuleSet, *, what: str = "table") -> None:
        """Raise :class:`~solver.errors.GameError` naming the first problem of a table given as input.

        >>> Table.parse("10@0,0 20@0,1 35@0,2").require_valid(RuleSet.BASIC)
        Traceback (most recent call last):
        ...
        solver.errors.GameError: table: row from 0,0: 10 20 35: going from 10 by +10, place 3 would be 30, not 35
        """
        rules.require_cards(self.cards(), what=what)
        problems = self.problems(rules)
        if problems:
            raise GameError(f"{what}: {problems[0].message}")

    def bounds(self) -> tuple[int, int, int, int]:
        """The first and last row and column holding a card; ``(0, -1, 0, -1)`` for the empty table."""
        if not self._terms:
            return 0, -1, 0, -1
        rows = [cell.row for cell in self._terms]
        columns = [cell.column for cell in self._terms]
        return min(rows), max(rows), min(columns), max(columns)

    def to_list(self) -> list[dict[str, Any]]:
        """JSON form: one object per card with ``row``, ``column``, ``card`` and, for a joker, ``value``."""
        return [placement.to_dict() for placement in self.placements]

    def __str__(self) -> str:
        return " ".join(str(placement) for placement in self.placements)

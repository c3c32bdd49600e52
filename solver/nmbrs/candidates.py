"""The plays a game state offers: a documented, finite selection of the legal plays of a position.

The table is unbounded and a joker laid alone may be given any number, so
the legal plays cannot all be listed.  :func:`legal_plays` lists these, in
this order, each judged legal by :func:`~solver.nmbrs.referee.judge_play`:

1. after a first sequence: every joker on the table replaced by its number
   from the hand;
2. after a first sequence: cards added at either end of every line, one or
   more, continuing its step;
3. after a first sequence: three-card lines crossing a table card that is
   in no line across, with the card first, in the middle or last, whose two
   new cards touch no other card;
4. after a first sequence: the same number of cards inserted into every gap
   of a line, dividing its step;
5. every new sequence of the hand whose first and last cards are number
   cards (jokers fill places between, or follow when two numbers are not
   enough), laid left to right, ascending, two rows below the table from its
   first column.

Jokers are always written with their number.  At most ``MAX_LISTED_PLAYS``
plays are listed.

>>> from solver.nmbrs.cards import parse_cards
>>> from solver.nmbrs.table import Table
>>> position = Position(Table.parse("10@0,0 20@0,1 30@0,2"), tuple(parse_cards("40 15 25 50")), opened=True)
>>> [str(play) for play in legal_plays(position)]  # doctest: +NORMALIZE_WHITESPACE
['lay 40@0,3', 'lay 40@0,3 50@0,4', 'lay 25@1,0 40@2,0', 'lay 40@-2,0 25@-1,0',
 'lay 25@-1,1 15@1,1', 'lay 15@-1,1 25@1,1', 'lay 40@1,2 50@2,2', 'lay 50@-2,2 40@-1,2',
 'insert row 15@0,1 25@0,3']
>>> [str(play) for play in legal_plays(Position(Table(), tuple(parse_cards("15 25 J 7"))))][:3]
['lay 7@0,0 15@0,1 J=23@0,2', 'lay 7@0,0 J=11@0,1 15@0,2', 'lay 7@0,0 25@0,1 J=43@0,2']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from solver.nmbrs.cards import JOKER, LOWEST_NUMBER, Card
from solver.nmbrs.plays import Play, PlayKind
from solver.nmbrs.referee import Position, judge_play
from solver.nmbrs.sequences import MIN_SEQUENCE, Term
from solver.nmbrs.table import Axis, Cell, Line, Placement, Table, run_through

MAX_LISTED_PLAYS = 400
"""The most plays :func:`legal_plays` lists; it stops there."""

NEW_SEQUENCE_GAP = 2
"""New sequences go this many rows below the table's last row, so they touch nothing."""

CROSSING_PATTERNS = ((1, 2), (-1, 1), (-2, -1))
"""Where the two new cards of a crossing line go, counted from the table card along the crossing axis."""


def legal_plays(position: Position) -> list[Play]:
    """The legal plays of ``position`` described in the module documentation, without repeats."""
    listed: dict[str, Play] = {}
    for play in _candidates(position):
        if str(play) not in listed and judge_play(position, play).legal:
            listed[str(play)] = play
            if len(listed) == MAX_LISTED_PLAYS:
                break
    return list(listed.values())


def _candidates(position: Position) -> Iterator[Play]:
    stock = _Stock(position)
    table = position.table
    if position.opened:
        lines = table.lines()
        yield from _swaps(table, stock)
        for line in lines:
            yield from _additions(table, line, stock)
        yield from _crossings(table, stock)
        for line in lines:
            yield from _insertions(line, stock)
    yield from _new_sequences(table, stock)


class _Stock:
    """The hand's numbers and jokers, to pick the cards for a list of numbers."""

    def __init__(self, position: Position) -> None:
        self.numbers = sorted({card.number for card in position.hand if card.number is not None})
        self.held = set(self.numbers)
        self.jokers = Counter(position.hand)[JOKER]
        self.highest = position.rules.highest_number

    @property
    def size(self) -> int:
        """How many cards the hand holds."""
        return len(self.numbers) + self.jokers

    def terms(self, values: Sequence[int]) -> list[Term] | None:
        """Cards standing for ``values``: the number card where held, else a joker; ``None`` if impossible."""
        terms = []
        jokers = self.jokers
        for value in values:
            if value in self.held:
                terms.append(Term(Card(value)))
            elif jokers and LOWEST_NUMBER <= value <= self.highest:
                jokers -= 1
                terms.append(Term(JOKER, value))
            else:
                return None
        return terms


def _lay(cells: Sequence[Cell], terms: Sequence[Term]) -> Play:
    return Play(PlayKind.LAY, tuple(Placement(term, cell) for term, cell in zip(terms, cells, strict=True)))


def _swaps(table: Table, stock: _Stock) -> Iterator[Play]:
    for placement in table:
        value = placement.term.value
        if placement.term.card.is_joker and value in stock.held:
            yield Play(PlayKind.SWAP, (Placement(Term(Card(value)), placement.cell),))


def _additions(table: Table, line: Line, stock: _Stock) -> Iterator[Play]:
    values = [value for value in line.values if value is not None]
    step = values[1] - values[0]
    for direction, edge, edge_value in ((1, line.cells[-1], values[-1]), (-1, line.cells[0], values[0])):
        cells: list[Cell] = []
        numbers: list[int] = []
        for count in range(1, stock.size + 1):
            cell = edge.step(line.axis, direction * count)
            if cell in table:
                break
            cells.append(cell)
            numbers.append(edge_value + direction * step * count)
            terms = stock.terms(numbers)
            if terms is None:
                break
            yield _lay(cells, terms)


def _crossings(table: Table, stock: _Stock) -> Iterator[Play]:
    for placement in table:
        value = placement.term.value
        assert value is not None
        for axis in (Axis.ROW, Axis.COLUMN):
            if len(run_through(table.terms, placement.cell, axis)) > 1:
                continue
            for offsets in CROSSING_PATTERNS:
                steps = sorted(
                    {
                        (number - value) // offset
                        for number in stock.numbers
                        for offset in offsets
                        if number != value and (number - value) % offset == 0
                    }
                )
                cells = [placement.cell.step(axis, offset) for offset in offsets]
                if not _clear_around(table, cells, placement.cell):
                    continue
                for step in steps:
                    terms = stock.terms([value + step * offset for offset in offsets])
                    if terms is not None:
                        yield _lay(cells, terms)


def _clear_around(table: Table, cells: Sequence[Cell], crossed: Cell) -> bool:
    """True when ``cells`` are empty and touch no card of ``table`` but ``crossed``."""
    touched = {neighbour for cell in cells for neighbour in (cell, *cell.neighbours())} - {crossed}
    return not any(cell in table for cell in touched)


def _insertions(line: Line, stock: _Stock) -> Iterator[Play]:
    values = [value for value in line.values if value is not None]
    step = values[1] - values[0]
    gaps = len(values) - 1
    per_gap = 1
    while gaps * per_gap <= stock.size:
        if step % (per_gap + 1) == 0:
            small = step // (per_gap + 1)
            numbers = [values[gap] + small * place for gap in range(gaps) for place in range(1, per_gap + 1)]
            terms = stock.terms(numbers)
            if terms is not None:
                cells = [
                    line.cells[0].step(line.axis, gap * (per_gap + 1) + place)
                    for gap in range(gaps)
                    for place in range(1, per_gap + 1)
                ]
                placements = tuple(Placement(term, cell) for term, cell in zip(terms, cells, strict=True))
                yield Play(PlayKind.INSERT, placements, line.axis)
        per_gap += 1


def _new_sequences(table: Table, stock: _Stock) -> Iterator[Play]:
    _, last_row, first_column, _ = table.bounds()
    row = last_row + NEW_SEQUENCE_GAP if len(table) else 0
    start = Cell(row, first_column)
    for first_index, first in enumerate(stock.numbers):
        for last in stock.numbers[first_index + 1 :]:
            for places in range(1, min(last - first, stock.size) + 1):
                if (last - first) % places:
                    continue
                step = (last - first) // places
                numbers = [first + step * place for place in range(places + 1)]
                while len(numbers) < MIN_SEQUENCE:
                    numbers.append(numbers[-1] + step)
                terms = stock.terms(numbers)
                if terms is not None:
                    yield _lay([start.step(Axis.ROW, index) for index in range(len(terms))], terms)

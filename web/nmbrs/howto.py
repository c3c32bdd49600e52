"""How to play Nmbrs!: the cards to draw and the worked examples, each a play judged by the referee.

Every example is a table (the sequences already laid), a hand and a play
in the notation, with what the page says of it (allowed or not);
:func:`examples` judges each with :func:`~solver.nmbrs.referee.judge_play`
and draws the table after it, the cards it lays marked.  The points of
each play, doubled or not by its colours, are the referee's, from the
colours and points of the deck in play.

>>> from api.app import create_app
>>> from web.language import choose_language
>>> with create_app({"TESTING": True}).test_request_context("/?lang=en"):
...     _ = choose_language()
...     found = examples("en")
>>> found["sequence"].legal, found["two_cards"].legal, found["joker"].facts["stands_for"]
(True, False, [10])
>>> [found[name].facts["doubling"] for name in ("one_colour", "all_colours", "mixed_colours")]
['one colour', 'all different colours', None]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.nmbrs.cards import Card, Colour, parse_cards
from solver.nmbrs.deck import NmbrsDeck
from solver.nmbrs.plays import Play
from solver.nmbrs.referee import PlayVerdict, Position, judge_play
from solver.nmbrs.rules import WINNING_SCORE, RuleSet
from solver.nmbrs.sequences import Term
from solver.nmbrs.table import Cell, Table
from web.howto import Example, HowToPlay, Piece
from web.language import page_translations
from web.nmbrs.table import COLOUR_NAMES, drawn_card


@dataclass(frozen=True)
class Worked:
    """A play before it is judged: the table, the hand, whether the player has laid a sequence, the play in the
    notation, and what the page says of it."""

    table: str
    hand: str
    play: str
    said_legal: bool
    opened: bool = False
    rules: RuleSet = RuleSet.BASIC


ROW = "10@0,0 20@0,1 30@0,2"
"""A sequence on the table, for the examples that add to one."""

WORKED = {
    "sequence": Worked("", "10 20 30 47 81 5 62", "lay 10@0,0 20@0,1 30@0,2", True),
    "any_step": Worked("", "14 20 26 47 81 5 62", "lay 26@0,0 20@0,1 14@0,2", True),
    "not_a_step": Worked("", "10 20 35 47 81 5 62", "lay 10@0,0 20@0,1 35@0,2", False),
    "two_cards": Worked("", "10 20 47 81 5 62", "lay 10@0,0 20@0,1", False),
    "add_end": Worked(ROW, "40 15 25 71 8", "lay 40@0,3", True, opened=True),
    "add_inside": Worked(ROW, "40 15 25 71 8", "insert row 15@0,1 25@0,3", True, opened=True),
    "not_opened": Worked(ROW, "40 15 25 71 8", "lay 40@0,3", False),
    "crossing": Worked(ROW, "16 24 71 8 55", "lay 16@-1,1 24@1,1", True, opened=True),
    "joker": Worked("", "5 J 15 47 81 62", "lay 5@0,0 J@0,1 15@0,2", True),
    "one_colour": Worked("", "4 8 12 47 81 62", "lay 4@0,0 8@0,1 12@0,2", True),
    "all_colours": Worked("", "1 2 3 47 81 62", "lay 1@0,0 2@0,1 3@0,2", True),
    "mixed_colours": Worked("", "10 20 30 47 81 62", "lay 10@0,0 20@0,1 30@0,2", True),
    "advanced_zero": Worked("", "10 20 30 47 81 62", "lay 10@0,0 20@0,1 30@0,2", True, rules=RuleSet.ADVANCED),
    "advanced_two": Worked("", "14 20 26 47 81 62", "lay 14@0,0 20@0,1 26@0,2", False, rules=RuleSet.ADVANCED),
}
"""The page's worked examples, by the name its template uses."""

SHOWN_POINTS = (1, 2, 3, 2)
"""The points of the cards drawn where the page shows the deck, one of each colour in turn."""


def examples(lang: str) -> dict[str, Any]:
    """The cards the page draws and its worked examples judged, in ``lang``."""
    deck = NmbrsDeck.default()
    found: dict[str, Any] = {name: _judged(worked, deck) for name, worked in WORKED.items()}
    found["cards"] = [_drawn(card, deck) for card in _one_of_each_colour(deck)] + [_drawn(Card.parse("J"), deck)]
    found["winning_score"] = WINNING_SCORE
    return found


def _one_of_each_colour(deck: NmbrsDeck) -> list[Card]:
    """A card of each colour, from the deck in play, with the points of :data:`SHOWN_POINTS` where it has them.

    >>> [str(card) for card in _one_of_each_colour(NmbrsDeck.default())]
    ['25', '14', '31', '12']
    """
    cards = []
    for colour, points in zip(Colour, SHOWN_POINTS, strict=True):
        of_colour = [card for card in map(Card.parse, map(str, range(10, 101))) if deck.colour(card) is colour]
        worth = [card for card in of_colour if (face := deck.face(card)) is not None and face.points == points]
        cards.append((worth or of_colour)[0])
    return cards


def _drawn(card: Card, deck: NmbrsDeck, *, new: bool = False, stands_for: int | None = None) -> Piece:
    face = deck.face(card)
    shown = None if face is None else {"colour": face.colour.value, "points": face.points}
    return Piece(art=drawn_card(str(card), shown or {}, stands_for).art, new=new)


def _judged(worked: Worked, deck: NmbrsDeck) -> Example:
    table = Table.parse(worked.table) if worked.table else Table(())
    position = Position(table, tuple(parse_cards(worked.hand)), opened=worked.opened, rules=worked.rules)
    play = Play.parse(worked.play)
    verdict = judge_play(position, play)
    laid_cells = {placement.cell for placement in play.placements}
    shown = verdict.after.table if verdict.legal else table
    terms = {placement.cell: placement.term for placement in shown}
    if not verdict.legal:
        terms.update({placement.cell: placement.term for placement in play.placements})
    stands_for = _jokers_stand_for(verdict)
    t = page_translations()
    cards = [placement.term.card for placement in play.placements]
    colours = [deck.colour(card) for card in cards]
    facts: dict[str, Any] = {
        "cards": [str(card) for card in cards],
        "points": verdict.points,
        "base": None if verdict.score is None else verdict.score.base,
        "doubling": None if verdict.score is None or verdict.score.doubling is None else verdict.score.doubling.value,
        "colours": [t.gettext(COLOUR_NAMES[colour.value]) for colour in colours if colour is not None],
        "stands_for": list(stands_for.values()),
    }
    return Example(
        said_legal=worked.said_legal,
        legal=verdict.legal,
        grid=_grid(terms, laid_cells, deck, stands_for),
        facts=facts,
    )


def _jokers_stand_for(verdict: PlayVerdict) -> dict[Cell, int]:
    """The number each joker of the play's lines stands for, by its place, as the referee worked them out."""
    found = {}
    for judged in verdict.lines:
        for cell, term, value in zip(judged.line.cells, judged.line.terms, judged.fit.values, strict=True):
            if term.card.is_joker and value is not None:
                found[cell] = value
    return found


def _grid(
    terms: dict[Cell, Term], laid: set[Cell], deck: NmbrsDeck, stands_for: dict[Cell, int]
) -> tuple[tuple[Piece | None, ...], ...]:
    """The cards in rows and columns, from the top row, the laid ones marked; ``None`` where no card lies."""
    if not terms:
        return ()
    rows = range(min(cell.row for cell in terms), max(cell.row for cell in terms) + 1)
    columns = range(min(cell.column for cell in terms), max(cell.column for cell in terms) + 1)
    grid = []
    for row in rows:
        places: list[Piece | None] = []
        for column in columns:
            cell = Cell(row, column)
            term = terms.get(cell)
            if term is None:
                places.append(None)
                continue
            value = term.declared if term.declared is not None else stands_for.get(cell)
            places.append(_drawn(term.card, deck, new=cell in laid, stands_for=value))
        grid.append(tuple(places))
    return tuple(grid)


HOW_TO_PLAY = HowToPlay("howto/nmbrs.html", examples)
"""Nmbrs!'s "How to play" page."""

"""The solver: every legal play from a hand onto a top card.

``solve`` lists the cards that may be played alone and every distinct
multiset of card faces that forms a legal calculation, of either kind.
Jokers in the hand are ignored here.  Figure cards with the same number
but different figures are different faces, so one multiset of numbers may
give several entries.

>>> from solver.nambarz.cards import parse_cards
>>> solution = solve(Card.parse("3bee"), parse_cards("1 2 4 10 7fish 4hen 3"))
>>> [str(card) for card in solution.matches]
['3']
>>> [(c.expression, c.chains, [str(card) for card in c.last_cards]) for c in solution.calculations]
[('10 - 4 / 2', 3, ['2', '4']), ('2 + 1', 2, ['1', '2']), ('4 - 1', 1, ['1']), ('7fish - 4hen', 1, ['4hen'])]
"""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from solver.budget import check_budget, current_budget
from solver.errors import PlayError
from solver.nambarz.cards import Card, Kind, card_order
from solver.nambarz.deck import Deck
from solver.nambarz.matching import matches
from solver.nambarz.minimal_calculations import (
    DEFAULT_TIME_LIMIT,
    CalculationSearch,
    NumberCalculation,
    search_deadline,
)
from solver.nambarz.minimal_calculations import Chain as NumberChain
from solver.nambarz.notation import Chain
from solver.nambarz.rules import Operator, Rules
from solver.nambarz.scoring import master_stroke_points

MAX_REMEMBERED_SEARCHES = 4096
"""How many searches over the cards of one kind :func:`solve` remembers; past that it forgets them all and starts
again, so that a long-running process keeps a bounded memory."""


@dataclass(frozen=True)
class Calculation:
    """A legal calculation: example chains and facts about all chains over the same cards.

    ``endings`` (filled on request) holds one chain for each of the
    ``last_cards``, in the same order: which card ends on top is the one
    choice that matters to the game.
    """

    example: Chain
    chains: int
    last_cards: tuple[Card, ...]
    endings: tuple[Chain, ...] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in the order of the example chain."""
        return self.example.cards

    @property
    def expression(self) -> str:
        """The example chain in calculation notation."""
        return str(self.example)

    @property
    def master_points(self) -> int:
        """Master-stroke points this calculation earns (rule X)."""
        return master_stroke_points(len(self.cards))

    def to_dict(self, target: int) -> dict[str, Any]:
        """JSON form: cards, expression, value, master points, chain count and last cards."""
        return {
            "cards": [str(card) for card in self.cards],
            "expression": self.expression,
            "value": str(target),
            "master_points": self.master_points,
            "chains": self.chains,
            "last_cards": [str(card) for card in self.last_cards],
        }


@dataclass(frozen=True)
class Solution:
    """Every legal play from ``hand`` onto ``top`` under ``rules``."""

    top: Card
    hand: tuple[Card, ...]
    rules: Rules
    matches: tuple[Card, ...]
    calculations: tuple[Calculation, ...]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form shared by the CLI and the HTTP API."""
        return {
            "top": str(self.top),
            "hand": [str(card) for card in self.hand],
            "rules": self.rules.to_dict(),
            "matches": [str(card) for card in self.matches],
            "calculations": [calculation.to_dict(self.top.value) for calculation in self.calculations],
        }


def solve(
    top: Card,
    hand: Sequence[Card],
    rules: Rules | None = None,
    *,
    deck: Deck | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    endings: bool = False,
) -> Solution:
    """Every legal play from ``hand`` onto ``top``.

    With ``endings``, each calculation also carries one chain per card that
    can end it (the game engine lists these as separate plays).

    Calculations come most cards first, then symbol before figure, then by
    their cards.  Raises :class:`~solver.errors.UnknownCardError` for cards
    the deck does not have (top card and hand counted together) and
    :class:`~solver.errors.SearchLimitError` past ``time_limit`` seconds.
    """
    rules = rules or Rules()
    found = legal_calculations(top, hand, rules, deck=deck, time_limit=time_limit, endings=endings)
    playable = sorted(card for card in set(hand) if matches(card, top))
    return Solution(top, tuple(hand), rules, tuple(playable), found)


def legal_calculations(
    top: Card,
    hand: Sequence[Card],
    rules: Rules,
    *,
    deck: Deck | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    endings: bool = False,
) -> tuple[Calculation, ...]:
    """The calculations of :func:`solve`, in its order, with its checks: for the engine, which needs no more.

    >>> from solver.nambarz.cards import parse_cards
    >>> [c.expression for c in legal_calculations(Card.parse("3bee"), parse_cards("1 2 4 10 7fish 4hen 3"), Rules())]
    ['10 - 4 / 2', '2 + 1', '4 - 1', '7fish - 4hen']
    """
    deck = deck or Deck.default()
    if top.is_joker:
        raise PlayError(f"top card {top} is a joker; the solver needs a number card on top")
    deck.require([top, *hand], what="top card and hand")
    started = time.perf_counter()
    symbols: list[Card] = []
    figures: list[Card] = []
    for card in sorted(hand, key=card_order):
        if card.joker is None and not matches(card, top):
            (symbols if card.figure is None else figures).append(card)
    of_symbols = _calculations_of_kind(tuple(symbols), top.value, rules, time_limit, started, endings=endings)
    of_figures = _calculations_of_kind(tuple(figures), top.value, rules, time_limit, started, endings=endings)
    if not of_symbols or not of_figures:
        return of_symbols or of_figures
    # Each kind's come in the solver's order already: a stable sort by size alone, symbols first, interleaves them.
    return tuple(sorted((*of_symbols, *of_figures), key=_fewest_cards_last))


_SearchKey = tuple[tuple[Card, ...], int, Rules, bool]
_remembered_searches: dict[_SearchKey, tuple[Calculation, ...]] = {}
"""The calculations found over each multiset of faces (of one kind), for a target, rules and ``endings``."""


def _calculations_of_kind(
    faces: tuple[Card, ...], target: int, rules: Rules, time_limit: float, started: float, *, endings: bool
) -> tuple[Calculation, ...]:
    """The calculations over ``faces`` (sorted), all of one kind and none matching: searched once, then remembered.

    They come in the solver's order (:func:`_solver_order`), sorted once when searched.

    Self-play and the planner ask about the same few cards again and
    again.  A remembered answer needs no search, but stops as the search
    would have when its time is already up; a search that runs out of time
    raises and is not remembered.
    """
    if len(faces) < 2:
        return ()
    key = (faces, target, rules, endings)
    remembered = _remembered_searches.get(key)
    if remembered is not None:
        # Outside a request's budget only the search's own limit can have passed: the deadline that says so
        # is built only then (or under a budget), not for every answer remembered.
        if current_budget() is not None or time.perf_counter() > started + time_limit:
            search_deadline(target, len(faces), time_limit, started).check()
        return remembered
    found = tuple(
        sorted(
            _search_calculations(Counter(faces), target, rules, time_limit, started, endings=endings), key=_solver_order
        )
    )
    if len(_remembered_searches) >= MAX_REMEMBERED_SEARCHES:
        _remembered_searches.clear()
    _remembered_searches[key] = found
    return found


def _solver_order(calculation: Calculation) -> tuple[int, bool, list[Card]]:
    """Most cards first, then symbol before figure, then by their cards: the order :func:`solve` lists them in."""
    cards = calculation.cards
    return -len(cards), cards[0].kind is Kind.FIGURE, sorted(cards)


def _fewest_cards_last(calculation: Calculation) -> int:
    return -len(calculation.cards)


def _search_calculations(
    faces: Counter[Card], target: int, rules: Rules, time_limit: float, started: float, *, endings: bool
) -> list[Calculation]:
    faces_of_number: dict[int, list[Card]] = {}
    copies_of_number: dict[int, int] = {}
    for face in sorted(faces):
        faces_of_number.setdefault(face.value, []).append(face)
        copies_of_number[face.value] = copies_of_number.get(face.value, 0) + faces[face]
    search = CalculationSearch(copies_of_number, target, rules, time_limit=time_limit, started=started)
    results = []
    for calculation in search.calculations():
        order, operators = search.example_chain(calculation.numbers)
        ending_orders: dict[int, NumberChain] = {}
        if endings:
            for number in calculation.last_numbers:
                ending_orders[number] = search.example_chain(calculation.numbers, last=number)
        for chosen in _face_choices(calculation, faces, faces_of_number):
            check_budget("the laying of figure cards' faces")
            results.append(_with_faces(calculation, order, operators, chosen, ending_orders))
    return results


def _face_choices(
    calculation: NumberCalculation, faces: Counter[Card], faces_of_number: dict[int, list[Card]]
) -> Iterator[dict[Card, int]]:
    """Every multiset of faces (face -> copies) whose numbers are exactly the calculation's numbers."""
    needed: dict[int, int] = {}
    single_faces = True  # each number on one face only: one choice, the usual case
    for number in calculation.numbers:
        needed[number] = needed.get(number, 0) + 1
        single_faces = single_faces and len(faces_of_number[number]) == 1
    if single_faces:
        yield {faces_of_number[number][0]: copies for number, copies in needed.items()}
        return
    per_number = []
    for number, copies in sorted(needed.items()):
        options = []
        for combination in itertools.combinations_with_replacement(faces_of_number[number], copies):
            chosen = Counter(combination)
            if all(count <= faces[face] for face, count in chosen.items()):
                options.append(chosen)
        per_number.append(options)
    for product in itertools.product(*per_number):
        yield {face: count for part in product for face, count in part.items()}


def _with_faces(
    calculation: NumberCalculation,
    order: Sequence[int],
    operators: Sequence[Operator],
    chosen: dict[Card, int],
    ending_orders: dict[int, NumberChain],
) -> Calculation:
    faces = sorted(face for face, count in chosen.items() for _ in range(count))
    # Faces sharing a number can swap places in any chain: multiply by the ways to do so.
    arrangements = 1
    numbers = set(calculation.numbers)
    if len(chosen) > len(numbers):  # else each number is on one face alone
        for number in numbers:
            copies = [count for face, count in chosen.items() if face.value == number]
            if len(copies) > 1:
                arrangements *= math.factorial(sum(copies)) // math.prod(math.factorial(count) for count in copies)
    last_cards = tuple(sorted(face for face in chosen if face.value in calculation.last_numbers))
    endings = tuple(_lay(faces, *ending_orders[card.value], last=card) for card in last_cards if ending_orders)
    return Calculation(_lay(faces, order, operators), calculation.chains * arrangements, last_cards, endings)


def _lay(
    faces: Sequence[Card], order: Sequence[int], operators: Sequence[Operator], *, last: Card | None = None
) -> Chain:
    """The chain laying ``faces`` in the numeric ``order``, with ``last`` (if given) as the final card.

    >>> faces = [Card.parse("2"), Card.parse("4bee"), Card.parse("4hen")]
    >>> operators = (Operator.ADD, Operator.DIVIDE)
    >>> str(_lay(faces, (4, 4, 2), operators)), str(_lay(faces, (4, 2, 4), operators, last=Card.parse("4bee")))
    ('4bee + 4hen / 2', '4hen + 2 / 4bee')
    """
    remaining = list(faces)
    if last is not None:
        remaining.remove(last)
        order = order[:-1]
    laid = []
    for number in order:
        for card in remaining:  # the first card left with this number (number cards: read without the property)
            if card.number == number:
                remaining.remove(card)
                laid.append(card)
                break
    if last is not None:
        laid.append(last)
    return Chain(tuple(laid), tuple(operators))

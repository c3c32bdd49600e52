"""Nambarz: cards, notation, the referee, the solver, whole games and their bots.

One module per concern, found by its name: :mod:`~solver.nambarz.cards` and
:mod:`~solver.nambarz.deck` (rule I), :mod:`~solver.nambarz.rules` (the
arithmetic domain and operators), :mod:`~solver.nambarz.arithmetic` (exact
values, left to right), :mod:`~solver.nambarz.notation`,
:mod:`~solver.nambarz.matching` (III.1),
:mod:`~solver.nambarz.minimal_calculations` (III.2, V.1: the minimum-card
rule and the search), :mod:`~solver.nambarz.referee` (one play) and
:mod:`~solver.nambarz.turn` (a whole turn), :mod:`~solver.nambarz.jokers`
(IV), :mod:`~solver.nambarz.violations` and :mod:`~solver.nambarz.rulings`,
:mod:`~solver.nambarz.hand_solver` and :mod:`~solver.nambarz.planner`,
:mod:`~solver.nambarz.position` (a position in one line),
:mod:`~solver.nambarz.hint` (what a hint reveals),
:mod:`~solver.nambarz.scoring` (VIII–X), :mod:`~solver.nambarz.state` (whole
games), :mod:`~solver.nambarz.bots` and :mod:`~solver.nambarz.simulate`.

>>> from solver.nambarz import Card, Chain, check, solve
>>> check(Card.parse("3bee"), Chain.parse("9 / 3")).codes
['matching-card-in-calculation']
>>> solve(Card.parse("3"), [Card.parse("1"), Card.parse("2")]).calculations[0].expression
'2 + 1'
"""

from solver.errors import (
    CardNotationError,
    DeckError,
    GameError,
    NambarzError,
    NotationError,
    PlayError,
    RulesError,
    ScoringError,
    SearchLimitError,
    UnknownCardError,
)
from solver.nambarz.arithmetic import Value
from solver.nambarz.cards import Card, Figure, JokerType, Kind, UnknownFigureError, parse_cards
from solver.nambarz.deck import Deck
from solver.nambarz.hand_solver import Calculation, Solution, solve
from solver.nambarz.matching import matches
from solver.nambarz.minimal_calculations import DEFAULT_TIME_LIMIT
from solver.nambarz.notation import Chain
from solver.nambarz.referee import Verdict, check
from solver.nambarz.rules import Domain, Operator, Rules
from solver.nambarz.violations import VIOLATIONS, Violation, ViolationCode

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "VIOLATIONS",
    "Calculation",
    "Card",
    "CardNotationError",
    "Chain",
    "Deck",
    "DeckError",
    "Domain",
    "Figure",
    "GameError",
    "JokerType",
    "Kind",
    "NambarzError",
    "NotationError",
    "Operator",
    "PlayError",
    "Rules",
    "RulesError",
    "ScoringError",
    "SearchLimitError",
    "Solution",
    "UnknownCardError",
    "UnknownFigureError",
    "Value",
    "Verdict",
    "Violation",
    "ViolationCode",
    "check",
    "matches",
    "parse_cards",
    "solve",
]

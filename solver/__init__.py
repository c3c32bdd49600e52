"""Rules and search for Nambarz: cards, notation, the referee and the solver.

The sibling games have packages of their own (:mod:`solver.thegame`,
:mod:`solver.quando`, :mod:`solver.nmbrs`); every game's verdicts share the
model of :mod:`solver.verdicts`.

>>> from solver import Card, Chain, check, solve
>>> check(Card.parse("3bee"), Chain.parse("9 / 3")).codes
['matching-card-in-calculation']
>>> solve(Card.parse("3"), [Card.parse("1"), Card.parse("2")]).calculations[0].expression
'2 + 1'
"""

from solver.arithmetic import Value
from solver.cards import Card, Figure, JokerType, Kind, parse_cards
from solver.deck import Deck
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
from solver.hand_solver import Calculation, Solution, solve
from solver.matching import matches
from solver.minimal_calculations import DEFAULT_TIME_LIMIT
from solver.notation import Chain
from solver.referee import Verdict, check
from solver.rules import Domain, Operator, Rules
from solver.violations import VIOLATIONS, Violation, ViolationCode

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
    "Value",
    "Verdict",
    "Violation",
    "ViolationCode",
    "check",
    "matches",
    "parse_cards",
    "solve",
]

"""Quando (Walter & Staupe): cards, plays, the referee, whole games, scoring and hints.

>>> from solver.quando import Action, check, hint, score_round
>>> check([3, 4, 5, 9, 0, 0, 7], Action.parse("play 3 4 5"), plays_made=1).legal
True
>>> str(hint([3, 4, 5, 9, 0, 0, 7], plays_made=1, draw_visible=2).suggestion.action)
'play 3 4 5'
>>> score_round({"Ann": 4, "Bob": 4}, knocker="Ann").points
{'Ann': 9, 'Bob': 0}
"""

from solver.quando.cards import DECK, Card, can_show, possible_backs
from solver.quando.hint import KNOCK_AT_OR_BELOW, Candidate, HiddenSide, Hint, hidden_side, hint
from solver.quando.referee import Verdict, check
from solver.quando.rules import TurnKind, classify, legal_plays
from solver.quando.rulings import RULINGS
from solver.quando.scoring import DEFAULT_TARGET, TWO_PLAYER_TARGET, RoundScore, game_over, score_round, winners
from solver.quando.state import (
    KNOCK,
    PASS,
    TAKE_HIDDEN,
    TAKE_VISIBLE,
    Action,
    ActionKind,
    Game,
    RoundResult,
    Side,
    State,
    Step,
    replay,
)
from solver.quando.violations import VIOLATIONS, ViolationCode

__all__ = [
    "DECK",
    "DEFAULT_TARGET",
    "KNOCK",
    "KNOCK_AT_OR_BELOW",
    "PASS",
    "RULINGS",
    "TAKE_HIDDEN",
    "TAKE_VISIBLE",
    "TWO_PLAYER_TARGET",
    "VIOLATIONS",
    "Action",
    "ActionKind",
    "Candidate",
    "Card",
    "Game",
    "HiddenSide",
    "Hint",
    "RoundResult",
    "RoundScore",
    "Side",
    "State",
    "Step",
    "TurnKind",
    "Verdict",
    "ViolationCode",
    "can_show",
    "check",
    "classify",
    "game_over",
    "hidden_side",
    "hint",
    "legal_plays",
    "possible_backs",
    "replay",
    "score_round",
    "winners",
]

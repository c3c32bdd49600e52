"""The Game (Steffen Benndorf): the rules, whole games and the referee of a player's turn.

Everyone plays together, laying the 98 cards 2–99 on two piles going up
from 1 and two going down from 100.

>>> from solver.thegame import Game, Pile, Placement, Position, can_play, check_play
>>> can_play(37, Pile.ASC1, 47)
True
>>> state = Game(players=2, seed=1).new_state()
>>> len(state.hands[0]), len(state.draw_pile), state.to_move
(7, 84, 0)
>>> state.apply(state.legal_actions()[0]).legal
True
>>> position = Position({Pile.ASC1: 47, Pile.ASC2: 1, Pile.DESC1: 65, Pile.DESC2: 100}, (37, 75), draw_pile=50)
>>> check_play(position, [Placement.parse("37>asc1"), Placement.parse("75>desc2")]).legal
True
"""

from solver.thegame.cards import CARDS, FIRE_CARDS, is_card, parse_card
from solver.thegame.referee import Placement, PlayVerdict, Position, check_play, position_error
from solver.thegame.rules import (
    EXCELLENT_BELOW,
    PILES,
    Pile,
    Variant,
    can_play,
    hand_size,
    is_backwards,
    minimum_cards,
)
from solver.thegame.rulings import RULINGS
from solver.thegame.state import END_TURN, Action, ActionVerdict, Ending, Game, State, can_lay, replay
from solver.thegame.violations import VIOLATIONS, ViolationCode

__all__ = [
    "CARDS",
    "END_TURN",
    "EXCELLENT_BELOW",
    "FIRE_CARDS",
    "PILES",
    "RULINGS",
    "VIOLATIONS",
    "Action",
    "ActionVerdict",
    "Ending",
    "Game",
    "Pile",
    "Placement",
    "PlayVerdict",
    "Position",
    "State",
    "Variant",
    "ViolationCode",
    "can_lay",
    "can_play",
    "check_play",
    "hand_size",
    "is_backwards",
    "is_card",
    "minimum_cards",
    "parse_card",
    "position_error",
    "replay",
]

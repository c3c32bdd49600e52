"""What the bots of the games share: the seat they play for, and the bot that picks any legal action.

>>> from solver.games import find_game
>>> state = find_game("quando").new_game(players=2, seed=1)
>>> action = RandomBot(seed=3).choose(state)
>>> action in state.legal_actions(), seat_to_move(state)
(True, 0)
"""

from __future__ import annotations

import random
from typing import Any

from solver.contract import ActionT, GameState
from solver.errors import GameError


def seat_to_move(state: GameState[Any]) -> int:
    """The seat a bot is asked to play for: the one to move; :class:`GameError` once the game is over."""
    seat = state.to_move
    if seat is None:
        raise GameError("the game is over: no player is to move")
    return seat


class RandomBot:
    """Uniform among the legal actions, from a seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState[ActionT]) -> ActionT:
        seat_to_move(state)
        return self.rng.choice(state.legal_actions())

"""How a game of The Game ended: the whole table wins or loses together, by the cards left.

Every card laid beats the game; fewer than 10 left is excellent; a fire card
left uncovered loses at once (the On Fire expansion).

>>> from solver.thegame.state import Game
>>> results = game_results(Game(players=2, seed=1).new_state())
>>> results.cooperative, results.won, results.cards_left, results.winners
(True, False, 98, ())
"""

from __future__ import annotations

from solver.results import GameResults
from solver.thegame.state import State


def game_results(state: State) -> GameResults:
    """The results of ``state``'s game: whether the table beat it, and how many cards were left."""
    return GameResults(
        winners=tuple(range(state.game.players)) if state.won else (),
        cooperative=True,
        won=state.won,
        cards_left=state.cards_left,
        excellent=state.excellent,
        ending=None if state.ending is None else state.ending.value,
    )

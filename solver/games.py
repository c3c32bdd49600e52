"""The sibling games by name, each started from a seed, behind the one state contract.

Nambarz has its own engine (:mod:`solver.nambarz.state`), whose rule V penalises
faulty plays instead of refusing them; the three sibling games keep
:class:`~solver.contract.GameState` exactly, and this is where that is
checked by the type checker and where callers find them by name.

>>> state = new_game(GameName.QUANDO, players=3, seed=1)
>>> state.to_move, state.is_over, len(state.legal_actions()) > 0
(0, False, True)
"""

from __future__ import annotations

from typing import Any

from solver.contract import GameState
from solver.errors import GameError
from solver.nmbrs.state import Game as NmbrsGame
from solver.quando.state import Game as QuandoGame
from solver.thegame.state import Game as TheGameGame
from solver.verdicts import GameName

SIBLING_GAMES = (GameName.THE_GAME, GameName.QUANDO, GameName.NMBRS)
"""The games whose states keep the contract, in the order the API lists them."""


def new_game(name: GameName, *, players: int, seed: int = 0) -> GameState[Any]:
    """A fresh, seeded game of ``name`` for ``players`` players (named ``P1``, ``P2``… where names are needed).

    Raises :class:`~solver.errors.GameError` for Nambarz, which has its own
    engine, and for a number of players the game does not allow.

    >>> new_game(GameName.THE_GAME, players=1, seed=7).hands[0][:3]
    [8, 11, 14]
    """
    if name is GameName.THE_GAME:
        return TheGameGame(players=players, seed=seed).new_state()
    if name is GameName.QUANDO:
        return QuandoGame(tuple(f"P{seat}" for seat in range(1, players + 1)), seed=seed).new_state()
    if name is GameName.NMBRS:
        return NmbrsGame(players=players, seed=seed).new_state()
    raise GameError(f"{name.value} has its own engine (solver.nambarz.state), not the sibling games' state contract")

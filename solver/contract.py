"""The contract every game's state keeps, so one conformance test can play them all.

Modelled on OpenSpiel: a frozen *Game* holds the settings (players,
variant, seed) and makes a fresh *State*; the state lists its legal
actions in a fixed order, judges an action without changing anything
(``check``), applies a legal one (``apply``, which raises
:class:`~solver.errors.IllegalMoveError` with the verdict for an illegal
one), says when it is over, and survives a JSON round trip.  Chance
(shuffling, drawing) comes from a seeded generator kept in the state.

The sibling games (The Game, Quando, Nmbrs!) keep this contract exactly.
Nambarz's own :class:`solver.nambarz.state.State` differs in one deliberate way:
its rule V punishes a faulty play instead of refusing it, so applying an
illegal play is a legal action there and returns the penalised verdict.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, Self, TypeVar

from solver.verdicts import GameVerdict

ActionT = TypeVar("ActionT")


class GameState(Protocol[ActionT]):
    """What the conformance tests, the bots and the CLI need from a game state."""

    @property
    def is_over(self) -> bool:
        """True once the game has ended; then there are no legal actions."""

    @property
    def to_move(self) -> int | None:
        """The seat (0-based) of the player who acts next, ``None`` once the game is over."""

    def legal_actions(self) -> Sequence[ActionT]:
        """Every legal action of the player to move, in a fixed order."""

    def check(self, action: ActionT) -> GameVerdict:
        """The referee's verdict on ``action``; the state does not change."""

    def apply(self, action: ActionT) -> GameVerdict:
        """Apply a legal ``action`` and return its verdict; raise ``IllegalMoveError`` otherwise."""

    def to_dict(self) -> dict[str, Any]:
        """Everything needed to continue the game exactly, as JSON-ready data."""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Rebuild a state from :meth:`to_dict` output."""

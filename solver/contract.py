"""The contract every game's state keeps, so one conformance test can play them all.

Modelled on OpenSpiel: a frozen *Game* holds the settings (players,
variant, seed) and makes a fresh *State*; the state lists its legal
actions in a fixed order, judges any action without changing anything
(``check``), applies one (``apply``), says when it is over, gives each
seat's outcome (``returns``) and survives a JSON round trip.  Chance
(shuffling, drawing) draws on generators derived from the seed
(:mod:`solver.chance`), so the same settings and actions always give the
same game: each game's ``replay`` plays a list of actions from the deal.
A state keeps no transcript and no generator, so its size does not grow
with the game's length.

Players are seats 0, 1, … in the order the game lists them; ``to_move``
is a seat, never a name.

**Returns.**  ``returns()`` gives one number per seat, and a higher number
is always better, so that every game reads alike:

* Nambarz: each player's total points (rank and master-stroke points;
  tie-break rounds score nothing);
* The Game (cooperative): the same number for every seat, minus the cards
  left in the hands and the draw pile, so 0 beats the game; a game lost
  to an uncovered fire card counts all 98 cards;
* Quando: each player's total, negated, since the lowest total wins;
* Nmbrs!: each player's score.

Before the end it is the same measure so far (OpenSpiel's "returns so
far"), which only the end makes final.

**The one documented difference: rule V.**  The Game, Quando and Nmbrs!
refuse an illegal action: ``apply`` raises
:class:`~solver.errors.IllegalMoveError` with the verdict and changes
nothing.  Nambarz's rule V punishes a faulty play instead of refusing it,
so there ``apply`` carries out an illegal *play* with its penalty (the
cards the resolution leaves, three cards drawn, the turn ended) and
returns the verdict, whose ``legal`` is false; ``check`` gives that same
verdict without changing anything.  A Nambarz action that is not a lay
(drawing while holding a playable card, passing before playing, cards not
held) is refused with :class:`~solver.errors.GameError` by both.
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
        """Every legal action of the player to move, in a fixed order; none once the game is over."""

    def check(self, action: ActionT) -> GameVerdict:
        """The verdict ``apply`` would give ``action``; the state does not change."""

    def apply(self, action: ActionT) -> GameVerdict:
        """Apply ``action`` and return its verdict (see the module's documentation for an illegal one)."""

    def returns(self) -> list[int]:
        """One number per seat, higher is better: the outcome once the game is over, the same measure so far before."""

    def to_dict(self) -> dict[str, Any]:
        """Everything needed to continue the game exactly, as JSON-ready data."""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Rebuild a state from :meth:`to_dict` output."""

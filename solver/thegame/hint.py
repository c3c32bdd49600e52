"""A hint for the player to move: the turn the strong bot would lay, judged by the referee.

The hint knows what the player may know and nothing more: the position
(piles, hand, draw pile, variant, fire cards due), the cards already laid
(by default only those showing on the piles), what teammates asked about
the piles ("please don't play on this pile", never a number) and whether
the player is alone.  It suggests the placements of the turn in order, the
referee's verdict on them, and what the player may then ask of the others
about each pile.

>>> from solver.thegame.referee import Position
>>> from solver.thegame.rules import Pile
>>> tops = {Pile.ASC1: 47, Pile.ASC2: 60, Pile.DESC1: 30, Pile.DESC2: 52}
>>> advice = hint(Position(tops, (37, 61, 95, 98, 99), draw_pile=40))
>>> [str(placement) for placement in advice.play], advice.verdict.legal, advice.verdict.draw
(['37>asc1', '61>asc2'], True, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from solver.errors import GameError
from solver.thegame.referee import Placement, PlayVerdict, Position, check_play
from solver.thegame.rules import PILES, Pile
from solver.thegame.strategy import PlayerView, Request, choose_turn, pile_requests

REQUEST_NAMES = {Request.PLEASE_DONT: "please-dont", Request.REALLY_NEED: "really-need"}
"""How a pile request is written in JSON: what a player may say about a pile, never a number."""


def parse_request(text: str) -> Request:
    """Read a pile request written as in :data:`REQUEST_NAMES`.

    >>> parse_request("really-need")
    <Request.REALLY_NEED: 2>
    """
    for request, name in REQUEST_NAMES.items():
        if text == name:
            return request
    raise GameError(f"a pile request is {' or '.join(map(repr, REQUEST_NAMES.values()))}, not {text!r}")


@dataclass(frozen=True)
class TurnHint:
    """The suggested turn, the referee's verdict on it, and what to ask of the others afterwards."""

    position: Position
    play: tuple[Placement, ...]
    verdict: PlayVerdict
    requests_after: Mapping[Pile, Request]

    @property
    def game(self) -> str:
        """The Game: the hint's game in the shared model."""
        return "thegame"

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``game``, ``play`` (placements in order), ``verdict`` and ``requests_after``."""
        return {
            "game": self.game,
            "play": [{"card": placement.card, "pile": placement.pile} for placement in self.play],
            "verdict": self.verdict.to_dict(),
            "requests_after": {pile.value: REQUEST_NAMES[request] for pile, request in self.requests_after.items()},
        }


def hint(
    position: Position,
    *,
    played: Iterable[int] | None = None,
    requests: Sequence[Mapping[Pile, Request]] = (),
    alone: bool = False,
) -> TurnHint:
    """The turn the strong bot would lay from ``position``.

    ``played`` lists every card already laid; without it only the cards
    showing on the piles count as laid.  ``requests`` are the teammates'
    pile requests, nearest seat after the player first.  ``alone`` says no
    teammate holds cards: with the draw pile empty the turn is then solved
    exactly.  When no order lays the minimum the play is empty and the
    verdict says the game ends (``too-few-cards``).

    Raises :class:`~solver.errors.GameError` when ``played`` contradicts the
    position (a card both laid and in hand, a top that was never laid).
    """
    laid = frozenset(played) if played is not None else _cards_on_top(position.piles)
    view = PlayerView(
        hand=position.hand,
        tops=position.piles,
        played=laid,
        draw_pile=position.draw_pile,
        minimum=position.minimum,
        requests=tuple(requests),
        fire_cards=position.on_fire,
        must_cover=frozenset(position.fire_due),
        alone=alone,
    )
    play = tuple(
        Placement(action.card, action.pile.value)
        for action in choose_turn(view)
        if action.card is not None and action.pile is not None
    )
    verdict = check_play(position, play)
    laid_after = laid | {placement.card for placement in play}
    return TurnHint(position, play, verdict, pile_requests(verdict.hand_after, verdict.piles_after, laid_after))


def _cards_on_top(piles: Mapping[Pile, int]) -> frozenset[int]:
    return frozenset(piles[pile] for pile in PILES if piles[pile] != pile.start)

"""How a game ended, the same way for every game: places, points, the winners, and who won each round.

Each game works its results out from its state (``solver/<game>/results.py``)
into a :class:`GameResults`; its registry entry gives them
(:meth:`GameEntry.results <solver.entry.GameEntry.results>`).  Seats are
numbers (0, 1, …), never names.  Places count from 1, and equal places are
ties (two players first, the next one third).  Everything here lies in sight
of every seat once the game is over; a game still going has standings so
far, which is what a game stopped at its longest keeps.

>>> results = ranked_by_returns([30, 52, 30])
>>> results.places, results.winners
((2, 1, 2), (1,))
>>> results.to_dict()["places"]
[2, 1, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


def places_of(scores: Sequence[int], *, lowest_first: bool = False) -> tuple[int, ...]:
    """Each seat's place by ``scores`` (higher first, or lower with ``lowest_first``); equal scores share a place.

    >>> places_of([40, 72, 40, 19]), places_of([12, 3, 12], lowest_first=True)
    ((2, 1, 2, 4), (2, 1, 2))
    """
    sign = -1 if lowest_first else 1
    return tuple(1 + sum(sign * other > sign * score for other in scores) for score in scores)


@dataclass(frozen=True)
class RoundOutcome:
    """One finished round: who won it, what each seat scored in it (``None``: sat it out), and for Nambarz the
    master strokes each played and the place a tie-break round decided (``None`` for a regular round)."""

    number: int
    winners: tuple[int, ...]
    points: tuple[int | None, ...]
    master_strokes: tuple[int | None, ...] | None = None
    contested_place: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON form.

        >>> RoundOutcome(1, (0,), (40, 32)).to_dict()
        {'number': 1, 'winners': [0], 'points': [40, 32], 'master_strokes': None, 'contested_place': None}
        """
        return {
            "number": self.number,
            "winners": list(self.winners),
            "points": list(self.points),
            "master_strokes": None if self.master_strokes is None else list(self.master_strokes),
            "contested_place": self.contested_place,
        }


@dataclass(frozen=True)
class TieBreak:
    """Players (or teams) who ended level on ``points`` and played one more round for the ``place`` they shared,
    and how that round ranked them (best first)."""

    seats: tuple[int, ...]
    place: int
    points: int
    ranking: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"seats": list(self.seats), "place": self.place, "points": self.points, "ranking": list(self.ranking)}


@dataclass(frozen=True)
class GameResults:
    """How a game ended.

    ``places`` and ``points`` are per seat (``points`` is the game's own
    score: Quando's totals, where ``lowest_wins``); a cooperative game (The
    Game) has no places, and says whether the table ``won``, how many
    ``cards_left`` and whether that is ``excellent``, and its ``ending``.
    ``rounds`` are the finished rounds kept, oldest first, after
    ``earlier_rounds`` rounds no longer kept (a long Quando game).
    """

    winners: tuple[int, ...]
    places: tuple[int, ...] = ()
    points: tuple[int, ...] | None = None
    lowest_wins: bool = False
    rounds: tuple[RoundOutcome, ...] = ()
    earlier_rounds: int = 0
    master_strokes: tuple[int, ...] | None = None
    tie_breaks: tuple[TieBreak, ...] = ()
    cooperative: bool = False
    won: bool | None = None
    cards_left: int | None = None
    excellent: bool | None = None
    ending: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON form, every key always present (``null`` where the game has no such thing)."""
        return {
            "winners": list(self.winners),
            "places": list(self.places),
            "points": None if self.points is None else list(self.points),
            "lowest_wins": self.lowest_wins,
            "rounds": [outcome.to_dict() for outcome in self.rounds],
            "earlier_rounds": self.earlier_rounds,
            "master_strokes": None if self.master_strokes is None else list(self.master_strokes),
            "tie_breaks": [tie.to_dict() for tie in self.tie_breaks],
            "cooperative": self.cooperative,
            "won": self.won,
            "cards_left": self.cards_left,
            "excellent": self.excellent,
            "ending": self.ending,
        }


def ranked_by_returns(returns: Sequence[int]) -> GameResults:
    """The results of a game that says no more than each seat's returns (higher is better): places and points.

    What a game gives whose entry names no results of its own.
    """
    places = places_of(returns)
    return GameResults(
        winners=tuple(seat for seat, place in enumerate(places) if place == 1),
        places=places,
        points=tuple(returns),
    )

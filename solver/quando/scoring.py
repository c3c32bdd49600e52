"""Scoring a round of Quando, and the end of the game.

Each player's round points are the sum of the fronts in their hand; every
player with the lowest sum scores 0 instead, except a knocker who is not
alone with the lowest sum: they score their sum plus 5.

>>> score_round({"Linus": 2, "Tim": 11, "Sarah": 6, "Maria": 4}, knocker="Linus").points
{'Linus': 0, 'Tim': 11, 'Sarah': 6, 'Maria': 4}
>>> score_round({"Sarah": 4, "Maria": 12, "Linus": 7, "Tim": 4}, knocker="Sarah").points
{'Sarah': 9, 'Maria': 12, 'Linus': 7, 'Tim': 0}
>>> game_over({"Ann": 49, "Bob": 50}), winners({"Ann": 49, "Bob": 50, "Cid": 49})
(True, ('Ann', 'Cid'))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solver.errors import ScoringError
from solver.quando.cards import MAX_HAND_SUM

KNOCK_PENALTY = 5
"""Added to the sum of a knocker who is not alone with the lowest sum."""

DEFAULT_TARGET = 50
"""The game ends once a player's total reaches this."""

TWO_PLAYER_TARGET = 40
"""The lower target the rulebook suggests for two players."""

MIN_PLAYERS = 2
MAX_PLAYERS = 6


@dataclass(frozen=True)
class RoundScore:
    """The sums in hand at the end of a round, who knocked, and the points each player scores."""

    sums: dict[str, int]
    knocker: str | None
    points: dict[str, int]

    @property
    def lowest_sum(self) -> int:
        """The lowest sum in hand."""
        return min(self.sums.values())

    @property
    def lowest(self) -> tuple[str, ...]:
        """The players with the lowest sum, in seat order."""
        return tuple(player for player, total in self.sums.items() if total == self.lowest_sum)

    @property
    def knocker_penalized(self) -> bool:
        """True when the knocker is not alone with the lowest sum and adds 5."""
        return self.knocker is not None and self.lowest != (self.knocker,)

    @property
    def rulings(self) -> tuple[str, ...]:
        """The rulings the score relied on."""
        return ("knocker-alone-lowest",) if self.knocker is not None else ()

    def to_dict(self) -> dict[str, Any]:
        """JSON form: sums, knocker, lowest sum and players, penalty, points, rulings."""
        return {
            "game": "quando",
            "sums": dict(self.sums),
            "knocker": self.knocker,
            "lowest_sum": self.lowest_sum,
            "lowest": list(self.lowest),
            "knocker_penalized": self.knocker_penalized,
            "points": dict(self.points),
            "rulings": list(self.rulings),
        }


def score_round(sums: Mapping[str, int], knocker: str | None = None) -> RoundScore:
    """Score a finished round from each player's sum in hand (in seat order) and the knocker, if any.

    Raises :class:`~solver.errors.ScoringError` for fewer than 2 or more
    than 6 players, a sum that is not a whole number from 0 to 385 (the
    largest a hand can show), or a knocker who is not one of the players.

    >>> score_round({"A": 3, "B": 3}).points
    {'A': 0, 'B': 0}
    >>> score_round({"A": 3, "B": 1}, knocker="A").points
    {'A': 8, 'B': 0}
    """
    if not MIN_PLAYERS <= len(sums) <= MAX_PLAYERS:
        raise ScoringError(f"Quando is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(sums)}")
    for player, total in sums.items():
        if not isinstance(player, str) or not player:
            raise ScoringError(f"players are named by non-empty text, not {player!r}")
        if isinstance(total, bool) or not isinstance(total, int) or not 0 <= total <= MAX_HAND_SUM:
            raise ScoringError(f"{player}'s sum must be a whole number from 0 to {MAX_HAND_SUM}, not {total!r}")
    if knocker is not None and knocker not in sums:
        raise ScoringError(f"the knocker {knocker!r} is not one of the players {', '.join(sums)}")
    lowest = min(sums.values())
    alone = list(sums.values()).count(lowest) == 1
    points = {}
    for player, total in sums.items():
        if player == knocker and not (alone and total == lowest):
            points[player] = total + KNOCK_PENALTY
        else:
            points[player] = 0 if total == lowest else total
    return RoundScore(dict(sums), knocker, points)


def _require_totals(totals: Mapping[str, int]) -> None:
    if not totals:
        raise ScoringError("no totals given: expected each player's total points")
    for player, total in totals.items():
        if isinstance(total, bool) or not isinstance(total, int) or total < 0:
            raise ScoringError(f"{player}'s total must be a whole number from 0, not {total!r}")


def game_over(totals: Mapping[str, int], target: int = DEFAULT_TARGET) -> bool:
    """True once some player's total has reached ``target``.

    >>> game_over({"A": 39, "B": 12}, target=40), game_over({"A": 40, "B": 12}, target=40)
    (False, True)
    """
    _require_totals(totals)
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        raise ScoringError(f"the target must be a whole number from 1, not {target!r}")
    return max(totals.values()) >= target


def winners(totals: Mapping[str, int]) -> tuple[str, ...]:
    """The players with the lowest total, who share the win, in seat order."""
    _require_totals(totals)
    lowest = min(totals.values())
    return tuple(player for player, total in totals.items() if total == lowest)

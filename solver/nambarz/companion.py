"""A scoresheet for a game of Nambarz played with the real cards (rules VIII–X), round after round.

A :class:`Companion` holds what the table said at the start (the players in
seat order, their teams, the number of rounds, the variant) and, for each
round played, what the table tells afterwards (a :class:`RoundEntry`): who
went out in which order, and each player's master strokes.  Everything else
is worked out from those, by :mod:`solver.nambarz.scoring`: each round's
ranking and points, the running totals, who starts the next round, the
tie-break rounds at the end and the final places.  A companion is a value:
adding or undoing a round gives a new one.

>>> sheet = Companion(("Anna", "Ben", "Carla"), rounds=1)
>>> sheet = sheet.add_round(RoundEntry(("Ben", "Anna"), {"Carla": (4,)}))
>>> sheet.played[0].score.points
{'Ben': 40, 'Anna': 32, 'Carla': 32}
>>> sheet.next_round.tie_break, sheet.next_round.players, sheet.next_round.places
(True, ('Anna', 'Carla'), (2, 3))
>>> sheet = sheet.add_round(RoundEntry(("Carla",)))
>>> sheet.is_over, [(standing.label, standing.place) for standing in sheet.standings()]
(True, [('Ben', 1), ('Carla', 2), ('Anna', 3)])

The order may stop where the round ended: the players still holding cards
follow in seat order, or in the order given after those who went out (in a
team game, fewest cards first: ruling ``remaining-by-fewest-cards``).  Input
the rules refuse raises :class:`CompanionError`, naming the ``field``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.errors import ScoringError
from solver.nambarz.scoring import (
    RoundScore,
    master_stroke_points,
    next_round_starter,
    round_is_over,
    score_round,
    team_label,
    tied_groups,
)

GAME_LENGTHS = (1, 3, 5)
"""A game has 1, 3 or 5 rounds (VI)."""

VARIANTS = ("beginners", "intermediate", "expert")
"""The variants (XI): the scoresheet only notes which one the table plays."""

MASTER_STROKE_SIZES = range(4, 21)
"""The sizes of calculation a master stroke may have on the scoresheet: from 4 cards to 20."""

MAX_STROKES = 20
"""The most master strokes one player may be credited with in one round."""


class CompanionError(ScoringError):
    """Input the scoresheet refuses; ``field`` names it (``players``, ``teams``, ``rounds``, ``order``, ...)."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


class CompanionStateError(CompanionError):
    """A change the scoresheet cannot take as it stands: a round after the game's end, an undo with no round."""


@dataclass(frozen=True)
class RoundEntry:
    """What the table tells after a round: who went out, in order, and each player's master strokes.

    ``order`` lists the players who went out, first out first; it may go on
    with players still holding cards (fewest cards first).  ``strokes`` gives
    each player's master strokes as the number of cards of each.

    >>> RoundEntry(("Ben", "Anna"), {"Carla": (4, 5)}).to_dict()
    {'order': ['Ben', 'Anna'], 'strokes': {'Carla': [4, 5]}}
    """

    order: tuple[str, ...]
    strokes: Mapping[str, tuple[int, ...]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in the database and answered by the API."""
        return {
            "order": list(self.order),
            "strokes": {player: list(sizes) for player, sizes in self.strokes.items() if sizes},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RoundEntry:
        """The entry of :meth:`to_dict`'s form."""
        return cls(tuple(data["order"]), {player: tuple(sizes) for player, sizes in data.get("strokes", {}).items()})

    def master_points(self, player: str) -> int:
        """The master-stroke points of ``player`` in this round.

        >>> RoundEntry(("Ben",), {"Carla": (4, 6)}).master_points("Carla")
        28
        """
        return sum(master_stroke_points(size) for size in self.strokes.get(player, ()))


@dataclass(frozen=True)
class PlayedRound:
    """A round on the scoresheet: its number, who played it, who started it, the entry and its score."""

    number: int
    tie_break: bool
    players: tuple[str, ...]
    starter: str | None
    entry: RoundEntry
    score: RoundScore


@dataclass(frozen=True)
class NextRound:
    """The round to play next: its number, who plays, who starts (``None``: the player left of the dealer).

    A tie-break round (``tie_break``) is played by the players (or whole
    teams) tied on ``total``, for the ``places`` they contest.
    """

    number: int
    tie_break: bool
    players: tuple[str, ...]
    starter: str | None
    places: tuple[int, ...] = ()
    total: int | None = None


@dataclass(frozen=True)
class Standing:
    """A player (or a team) in the table of totals: its members, label, total and place (shared while tied)."""

    members: tuple[str, ...]
    label: str
    total: int
    place: int


@dataclass(frozen=True)
class Companion:
    """The scoresheet of one game with the real cards: its settings and the rounds entered so far.

    >>> Companion(("Anna",))
    Traceback (most recent call last):
    ...
    solver.nambarz.companion.CompanionError: a round needs 2 to 12 players, not 1
    """

    players: tuple[str, ...]
    teams: tuple[tuple[str, ...], ...] | None = None
    rounds: int = 3
    variant: str = VARIANTS[0]
    entries: tuple[RoundEntry, ...] = ()

    def __post_init__(self) -> None:
        for teams, field_name in ((None, "players"), (self.teams, "teams")):
            try:
                round_is_over(self.players, [], teams)  # checks the names, then the teams
            except ScoringError as error:
                raise CompanionError(str(error), field_name) from None
        if self.rounds not in GAME_LENGTHS:
            raise CompanionError(f"a game has 1, 3 or 5 rounds, not {self.rounds!r}", "rounds")
        if self.variant not in VARIANTS:
            raise CompanionError(f"the variant is one of {', '.join(VARIANTS)}, not {self.variant!r}", "variant")
        _ = self.played  # every entry is checked against the rules

    # ------------------------------------------------------------------ changes

    def add_round(self, entry: RoundEntry) -> Companion:
        """The scoresheet with ``entry`` as the next round; :class:`CompanionStateError` once the game is over."""
        if self.next_round is None:
            raise CompanionStateError("the game is over: no round can be added", "order")
        return Companion(self.players, self.teams, self.rounds, self.variant, (*self.entries, entry))

    def undo(self) -> Companion:
        """The scoresheet without its last round; :class:`CompanionStateError` when no round was entered.

        >>> Companion(("Anna", "Ben")).add_round(RoundEntry(("Ben",))).undo().played
        ()
        """
        if not self.entries:
            raise CompanionStateError("no round has been entered yet: there is nothing to undo", "rounds")
        return Companion(self.players, self.teams, self.rounds, self.variant, self.entries[:-1])

    # ------------------------------------------------------------------ what follows from the entries

    @functools.cached_property
    def played(self) -> tuple[PlayedRound, ...]:
        """Every round entered, scored; an entry the rules refuse raises :class:`CompanionError`."""
        played: list[PlayedRound] = []
        for entry in self.entries:
            upcoming = self._next_after(played)
            if upcoming is None:
                raise CompanionStateError(f"the game was over after round {len(played)}", "order")
            score = _score(upcoming.players, self._teams_among(upcoming.players), entry)
            played.append(
                PlayedRound(upcoming.number, upcoming.tie_break, upcoming.players, upcoming.starter, entry, score)
            )
        return tuple(played)

    @property
    def next_round(self) -> NextRound | None:
        """The round to enter next, or ``None`` once the game (with its tie-break rounds) is over."""
        return self._next_after(list(self.played))

    @property
    def is_over(self) -> bool:
        """Whether every round, tie-break rounds included, has been entered."""
        return self.next_round is None

    @property
    def totals(self) -> dict[str, int]:
        """Each player's points over the regular rounds, in seat order (tie-break rounds add nothing: X)."""
        return _totals(self.players, self.played)

    def standings(self) -> list[Standing]:
        """Players (or teams) by total, best first; tied ones share a place until their tie-break round orders them.

        >>> sheet = Companion(("Anna", "Ben", "Carla"), rounds=1)
        >>> sheet = sheet.add_round(RoundEntry(("Ben", "Anna"), {"Carla": (4,)}))
        >>> [(standing.label, standing.total, standing.place) for standing in sheet.standings()]
        [('Ben', 40, 1), ('Anna', 32, 2), ('Carla', 32, 2)]
        """
        unit_totals = self._unit_totals(self.totals)
        decided = {unit: self._tie_break_order(unit) for unit in unit_totals}
        units = list(unit_totals)

        def ahead_of(other: tuple[str, ...], unit: tuple[str, ...]) -> bool:
            if unit_totals[other] != unit_totals[unit]:
                return unit_totals[other] > unit_totals[unit]
            mine, theirs = decided[unit], decided[other]
            return mine is not None and theirs is not None and theirs < mine

        ordered = sorted(units, key=lambda unit: (-unit_totals[unit], decided[unit] or (0, 0), units.index(unit)))
        return [
            Standing(unit, team_label(unit), unit_totals[unit], 1 + sum(ahead_of(other, unit) for other in units))
            for unit in ordered
        ]

    # ------------------------------------------------------------------ serialisation

    def to_dict(self) -> dict[str, Any]:
        """The settings and entries, as JSON-ready data (what the database keeps).

        >>> sheet = Companion(("Anna", "Ben"), rounds=1).add_round(RoundEntry(("Ben",)))
        >>> Companion.from_dict(sheet.to_dict()) == sheet
        True
        """
        return {
            "players": list(self.players),
            "teams": None if self.teams is None else [list(team) for team in self.teams],
            "rounds": self.rounds,
            "variant": self.variant,
            "entries": [entry.to_dict() for entry in self.entries],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Companion:
        """The scoresheet of :meth:`to_dict`'s form, checked again."""
        teams = data.get("teams")
        return cls(
            tuple(data["players"]),
            None if teams is None else tuple(tuple(team) for team in teams),
            int(data["rounds"]),
            str(data["variant"]),
            tuple(RoundEntry.from_dict(entry) for entry in data.get("entries", ())),
        )

    # ------------------------------------------------------------------ helpers

    def _teams_among(self, players: Sequence[str]) -> list[tuple[str, ...]] | None:
        if self.teams is None:
            return None
        teams = [team for team in self.teams if team[0] in players]
        return teams if len(teams) >= 2 else None

    def _next_after(self, played: Sequence[PlayedRound]) -> NextRound | None:
        regular = [round_ for round_ in played if not round_.tie_break]
        if len(regular) < self.rounds:
            starter = None
            if regular:
                starter = next_round_starter(_totals(self.players, played), self.players, regular[-1].score.ranking)
            return NextRound(len(played) + 1, False, self.players, starter)
        totals = _totals(self.players, played)
        groups = tied_groups(totals, self.players, self.teams)
        tie_breaks_played = len(played) - len(regular)
        if tie_breaks_played >= len(groups):
            return None
        group = groups[tie_breaks_played]
        unit_totals = self._unit_totals(totals)
        contesting = [unit for unit in unit_totals if unit[0] in group]
        total = unit_totals[contesting[0]]
        first = 1 + sum(1 for other in unit_totals.values() if other > total)
        places = tuple(range(first, first + len(contesting)))
        last_ranking = [player for player in regular[-1].score.ranking if player in group]
        starter = next_round_starter({player: totals[player] for player in group}, group, last_ranking)
        return NextRound(len(played) + 1, True, group, starter, places, total)

    def _unit_totals(self, totals: Mapping[str, int]) -> dict[tuple[str, ...], int]:
        """Each player's (or team's) total, in seat order."""
        units = [tuple(team) for team in self.teams] if self.teams else [(player,) for player in self.players]
        return {unit: sum(totals[player] for player in unit) for unit in units}

    def _tie_break_order(self, unit: tuple[str, ...]) -> tuple[int, int] | None:
        """Where ``unit`` came in its tie-break round; ``None`` before it (project decision "tie-break rounds").

        A player's place in that round's ranking decides; a team's points in
        it, then its best member's place.
        """
        for round_ in self.played:
            if round_.tie_break and unit[0] in round_.players:
                points = sum(round_.score.points[player] for player in unit) if self.teams else 0
                return (-points, min(round_.score.ranking.index(player) for player in unit))
        return None


def _totals(players: Sequence[str], played: Sequence[PlayedRound]) -> dict[str, int]:
    totals = dict.fromkeys(players, 0)
    for round_ in played:
        if not round_.tie_break:
            for player, points in round_.score.points.items():
                totals[player] += points
    return totals


def _score(players: tuple[str, ...], teams: list[tuple[str, ...]] | None, entry: RoundEntry) -> RoundScore:
    """Score ``entry`` for a round of ``players``: the order up to the round's end went out, the rest ranks after."""
    order = tuple(entry.order)
    for name in order:
        if name not in players:
            raise CompanionError(f"order: {name!r} does not play this round (players: {', '.join(players)})", "order")
    repeated = next((name for index, name in enumerate(order) if name in order[:index]), None)
    if repeated is not None:
        raise CompanionError(f"order: {repeated!r} is listed twice", "order")
    ended = next((count for count in range(1, len(order) + 1) if round_is_over(players, order[:count], teams)), None)
    if ended is None:
        try:
            score_round(players, order, teams=teams)
        except ScoringError as error:
            raise CompanionError(f"order: {error}", "order") from None
    finished = order[:ended]
    still_in = [*order[ended:], *(player for player in players if player not in order)]
    _check_strokes(players, entry.strokes)
    master = {player: entry.master_points(player) for player in players if entry.master_points(player)}
    cards_left = {player: rank for rank, player in enumerate(still_in, start=1)} if len(still_in) > 1 else None
    return score_round(players, finished, master=master, teams=teams, cards_left=cards_left)


def _check_strokes(players: tuple[str, ...], strokes: Mapping[str, Sequence[int]]) -> None:
    for player, sizes in strokes.items():
        if player not in players:
            raise CompanionError(
                f"strokes: {player!r} does not play this round (players: {', '.join(players)})", "strokes"
            )
        if len(sizes) > MAX_STROKES:
            raise CompanionError(
                f"strokes: at most {MAX_STROKES} master strokes per player, not {len(sizes)}", "strokes"
            )
        for size in sizes:
            if isinstance(size, bool) or not isinstance(size, int) or size not in MASTER_STROKE_SIZES:
                first, last = MASTER_STROKE_SIZES[0], MASTER_STROKE_SIZES[-1]
                raise CompanionError(
                    f"strokes: a master stroke of {player} has {first} to {last} cards, not {size!r}", "strokes"
                )

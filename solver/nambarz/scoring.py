"""Scoring (rulebook sections VIII, IX and X): when a round ends and what each player scores.

A legal calculation of four cards or more is a master stroke: 7 points for
four cards and 7 more for every further card.

>>> [master_stroke_points(cards) for cards in range(2, 8)]
[0, 0, 7, 14, 21, 28]

A round ends when enough players have gone out (VIII), or in a team game
when only one team is left (IX).  Places 1 to 5 score 40, 32, 25, 19 and
14 points; master-stroke points are added (X).

>>> score = score_round(["A", "B", "C", "D"], ["C", "A", "D"], master={"A": 7})
>>> score.ranking, score.points
(('C', 'A', 'D', 'B'), {'C': 40, 'A': 39, 'D': 25, 'B': 19})

Players are names in seat order; a team is a sequence of names.  Input that
cannot be scored raises :class:`~solver.errors.ScoringError`; the rulings
applied are listed in ``RoundScore.rulings`` and explained in
``docs/rulings.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from solver.errors import ScoringError

MASTER_STROKE_MIN_CARDS = 4
MASTER_STROKE_POINTS_PER_CARD = 7

RANK_POINTS = (40, 32, 25, 19, 14)
"""Rank points for places 1 to 5 (rule X); later places score nothing."""

MIN_PLAYERS = 2
MAX_PLAYERS = 12
SMALL_GAME_MAX_PLAYERS = 5
"""Up to this many players, a round ends when all but one have gone out (VIII)."""
LARGE_GAME_PLAYERS_OUT = 5
"""With more players, a round ends when this many have gone out (VIII)."""

TEAM_LABEL_SEPARATOR = "+"
_FORBIDDEN_IN_NAMES = ("+", ",", ";", "=")
"""Characters that separate names in team labels and on the command line."""

Teams = Sequence[Sequence[str]]
"""Teams as sequences of player names; every player is in exactly one team."""


def master_stroke_points(cards: int) -> int:
    """Points for a legal calculation of ``cards`` cards."""
    if cards < MASTER_STROKE_MIN_CARDS:
        return 0
    return MASTER_STROKE_POINTS_PER_CARD * (cards - MASTER_STROKE_MIN_CARDS + 1)


def players_to_go_out(players: int) -> int:
    """How many players must go out to end a round without teams (rule VIII).

    >>> [players_to_go_out(count) for count in (2, 4, 5, 6, 12)]
    [1, 3, 4, 5, 5]
    """
    if players <= SMALL_GAME_MAX_PLAYERS:
        return players - 1
    return LARGE_GAME_PLAYERS_OUT


def team_label(team: Sequence[str]) -> str:
    """A team's label: its members joined with ``+``.

    >>> team_label(["A", "B"])
    'A+B'
    """
    return TEAM_LABEL_SEPARATOR.join(team)


@dataclass(frozen=True)
class RoundScore:
    """The result of one round: the ranking and each player's (and team's) points.

    The mappings are ordered by ranking (``team_points`` by the teams' order).
    """

    players: tuple[str, ...]
    finished: tuple[str, ...]
    ranking: tuple[str, ...]
    rank_points: dict[str, int]
    master_points: dict[str, int]
    points: dict[str, int]
    teams: tuple[tuple[str, ...], ...] | None
    team_points: dict[str, int] | None
    rulings: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form shared by the CLI and the HTTP API.

        >>> score_round(["A", "B"], ["B"]).to_dict()  # doctest: +NORMALIZE_WHITESPACE
        {'players': ['A', 'B'], 'finished': ['B'], 'ranking': ['B', 'A'],
         'rank_points': {'B': 40, 'A': 32}, 'master_points': {'B': 0, 'A': 0},
         'points': {'B': 40, 'A': 32}, 'rulings': []}
        """
        document: dict[str, Any] = {
            "players": list(self.players),
            "finished": list(self.finished),
            "ranking": list(self.ranking),
            "rank_points": dict(self.rank_points),
            "master_points": dict(self.master_points),
            "points": dict(self.points),
        }
        if self.teams is not None and self.team_points is not None:
            document["teams"] = dict(self.team_points)
        document["rulings"] = list(self.rulings)
        return document


def round_is_over(players: Sequence[str], finished: Sequence[str], teams: Teams | None = None) -> bool:
    """Whether the round is over once the players in ``finished`` have gone out.

    With 2 to 5 players a round ends when all but one have gone out; with 6
    to 12 when five have (VIII).  With teams it also ends as soon as only
    members of one team are left (IX), whichever comes first.

    >>> round_is_over(["A", "B", "C", "D"], ["C", "A"])
    False
    >>> round_is_over(["A", "B", "C", "D"], ["C", "A", "D"])
    True
    >>> round_is_over(["A", "B", "C", "D"], ["C", "D"], teams=[["A", "B"], ["C", "D"]])
    True
    """
    seats = _read_players(players)
    team_list = _read_teams(seats, teams)
    out = _read_finished(seats, finished)
    return _end_reason(seats, team_list, out) is not None


def score_round(
    players: Sequence[str],
    finished: Sequence[str],
    *,
    master: Mapping[str, int] | None = None,
    teams: Teams | None = None,
    cards_left: Mapping[str, int] | None = None,
) -> RoundScore:
    """Score a finished round.

    ``finished`` lists the players who went out, in order; the players still
    holding cards follow them in the ranking, by fewest ``cards_left`` (when
    given) and then seat order.  Places 1 to 5 score their rank points (with
    2 to 5 players that is everyone); ``master`` adds each player's
    master-stroke points; with ``teams`` each team scores its members' sum.

    >>> teams = [["A", "B"], ["C", "D"]]
    >>> score = score_round(["A", "B", "C", "D"], ["C", "D"], teams=teams, cards_left={"A": 4, "B": 2})
    >>> score.ranking, score.team_points
    (('C', 'D', 'B', 'A'), {'A+B': 44, 'C+D': 72})
    >>> score_round(["A", "B", "C", "D"], ["C", "A"])
    Traceback (most recent call last):
    ...
    solver.errors.ScoringError: the round is not over: with 4 players it ends when 3 have gone out; 2 have
    """
    seats = _read_players(players)
    team_list = _read_teams(seats, teams)
    out = _read_finished(seats, finished)
    _require_round_over(seats, team_list, out)
    masters = _read_master_points(seats, master or {})
    still_in = [player for player in seats if player not in out]
    counts = _read_cards_left(seats, out, still_in, cards_left)
    if counts:
        still_in.sort(key=lambda player: counts[player])
    ranking = (*out, *still_in)
    rank_points = {player: _rank_points(place) for place, player in enumerate(ranking)}
    master_points = {player: masters.get(player, 0) for player in ranking}
    points = {player: rank_points[player] + master_points[player] for player in ranking}
    team_points = None
    if team_list is not None:
        team_points = {team_label(team): sum(points[member] for member in team) for team in team_list}
    return RoundScore(
        players=seats,
        finished=out,
        ranking=ranking,
        rank_points=rank_points,
        master_points=master_points,
        points=points,
        teams=team_list,
        team_points=team_points,
        rulings=_rulings_applied(seats, team_list, out),
    )


def next_round_starter(totals: Mapping[str, int], players: Sequence[str], last_ranking: Sequence[str]) -> str:
    """The player who starts the next round: the one with the most points (VIII).

    A tie goes to the tied player ranked better in the last round (project
    decision ``next-round-tie-by-last-rank`` in ``docs/rulings.md``).

    >>> seats, ranking = ["A", "B", "C", "D"], ["C", "A", "D", "B"]
    >>> next_round_starter({"A": 39, "B": 19, "C": 40, "D": 25}, seats, ranking)
    'C'
    >>> next_round_starter({"A": 46, "B": 19, "C": 40, "D": 46}, seats, ranking)
    'A'
    """
    seats = _read_players(players)
    if sorted(totals) != sorted(seats):
        _require_known(seats, totals, "points")
        missing = [player for player in seats if player not in totals]
        raise ScoringError(f"points: no total for {', '.join(missing)}; every player needs one")
    ranking = _names(last_ranking, "last ranking")
    if len(ranking) != len(seats) or set(ranking) != set(seats):
        raise ScoringError(
            f"last ranking {', '.join(ranking)} must list every player once (players: {', '.join(seats)})"
        )
    place = {player: index for index, player in enumerate(ranking)}
    return max(seats, key=lambda player: (totals[player], -place[player]))


def tied_groups(totals: Mapping[str, int], players: Sequence[str], teams: Teams | None = None) -> list[tuple[str, ...]]:
    """The players (whole teams, with ``teams``) sharing a total, who play an extra round among themselves (X).

    Each group is listed in seat order, the group of the highest total first
    (project decision "tie-break rounds" in ``docs/rulings.md``: every tie is
    played off, also one on 0 points).

    >>> tied_groups({"A": 65, "B": 65, "C": 57, "D": 51, "E": 51}, list("ABCDE"))
    [('A', 'B'), ('D', 'E')]
    >>> tied_groups({"A": 40, "B": 32, "C": 25, "D": 47}, list("ABCD"), teams=[["A", "B"], ["C", "D"]])
    [('A', 'B', 'C', 'D')]
    """
    seats = _read_players(players)
    units = [tuple(team) for team in _read_teams(seats, teams) or [(player,) for player in seats]]
    by_total: dict[int, list[tuple[str, ...]]] = {}
    for unit in units:
        by_total.setdefault(sum(totals[player] for player in unit), []).append(unit)
    groups = []
    for total in sorted(by_total, reverse=True):
        if len(by_total[total]) > 1:
            members = {player for unit in by_total[total] for player in unit}
            groups.append(tuple(player for player in seats if player in members))
    return groups


def _names(names: Sequence[str], what: str) -> tuple[str, ...]:
    """The names as a tuple; a bare string is refused, since iterating it would split it into letters."""
    if isinstance(names, str):
        raise ScoringError(f"{what}: expected a list of names, not the text {names!r}")
    return tuple(names)


def _rank_points(place: int) -> int:
    return RANK_POINTS[place] if place < len(RANK_POINTS) else 0


def _read_players(players: Sequence[str]) -> tuple[str, ...]:
    seats = _names(players, "players")
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise ScoringError(f"a round needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(seats)}")
    for name in seats:
        if not isinstance(name, str) or not name.strip() or name != name.strip():
            raise ScoringError(f"a player name is non-empty text without surrounding spaces, not {name!r}")
        if any(sign in name for sign in _FORBIDDEN_IN_NAMES):
            raise ScoringError(f"player name {name!r} may not contain + , ; or =, which separate names")
    repeated = _first_repeated(seats)
    if repeated is not None:
        raise ScoringError(f"player {repeated!r} is seated twice; names must be unique")
    return seats


def _read_finished(seats: tuple[str, ...], finished: Sequence[str]) -> tuple[str, ...]:
    out = _names(finished, "players who went out")
    _require_known(seats, out, "players who went out")
    repeated = _first_repeated(out)
    if repeated is not None:
        raise ScoringError(f"{repeated!r} is listed twice among the players who went out")
    return out


def _read_teams(seats: tuple[str, ...], teams: Teams | None) -> tuple[tuple[str, ...], ...] | None:
    if teams is None:
        return None
    team_list = tuple(tuple(team) for team in teams)
    if len(team_list) < 2:
        raise ScoringError(f"a team game needs at least 2 teams, not {len(team_list)}")
    if any(not team for team in team_list):
        raise ScoringError("every team needs at least one player")
    members = [member for team in team_list for member in team]
    _require_known(seats, members, "teams")
    repeated = _first_repeated(members)
    if repeated is not None:
        raise ScoringError(f"teams: {repeated!r} is in more than one team")
    alone = [player for player in seats if player not in members]
    if alone:
        raise ScoringError(f"teams: {', '.join(alone)} {'is' if len(alone) == 1 else 'are'} in no team")
    for team in team_list:
        if not _seated_together(seats, team):
            raise ScoringError(
                f"team {team_label(team)} does not sit together (seats: {', '.join(seats)}); "
                "teammates play one after another (IX)"
            )
    return team_list


def _seated_together(seats: tuple[str, ...], team: tuple[str, ...]) -> bool:
    """Whether the team holds consecutive seats, going round the table if need be."""
    taken = {seats.index(member) for member in team}
    return any({(start + offset) % len(seats) for offset in range(len(team))} == taken for start in range(len(seats)))


def _end_reason(seats: tuple[str, ...], teams: tuple[tuple[str, ...], ...] | None, out: Sequence[str]) -> str | None:
    """Why the round is over once ``out`` have gone out, or None while it goes on."""
    needed = players_to_go_out(len(seats))
    if len(out) >= needed:
        return f"{needed} of {len(seats)} players had gone out"
    if teams is not None:
        left = [team for team in teams if any(member not in out for member in team)]
        if len(left) == 1:
            return f"only team {team_label(left[0])} was left"
    return None


def _require_round_over(seats: tuple[str, ...], teams: tuple[tuple[str, ...], ...] | None, out: Sequence[str]) -> None:
    ended_at = next((count for count in range(len(out) + 1) if _end_reason(seats, teams, out[:count])), None)
    if ended_at is None:
        needed = players_to_go_out(len(seats))
        ending = f"it ends when {needed} {_have(needed)} gone out"
        if teams is not None:
            ending += " or when only one team is left"
        raise ScoringError(f"the round is not over: with {len(seats)} players {ending}; {len(out)} {_have(len(out))}")
    if ended_at < len(out):
        reason = _end_reason(seats, teams, out[:ended_at])
        later = ", ".join(out[ended_at:])
        raise ScoringError(
            f"the round was over when {out[ended_at - 1]} went out ({reason}), so {later} cannot have gone out after"
        )


def _read_master_points(seats: tuple[str, ...], master: Mapping[str, int]) -> dict[str, int]:
    _require_known(seats, master, "master-stroke points")
    for player, points in master.items():
        if not isinstance(points, int) or isinstance(points, bool):
            raise ScoringError(f"master-stroke points of {player} must be a whole number, not {points!r}")
        if points < 0 or points % MASTER_STROKE_POINTS_PER_CARD:
            raise ScoringError(
                f"master-stroke points of {player} must be 0 or a positive multiple of "
                f"{MASTER_STROKE_POINTS_PER_CARD} (X: 7 per card from the fourth), not {points}"
            )
    return dict(master)


def _read_cards_left(
    seats: tuple[str, ...], out: tuple[str, ...], still_in: list[str], cards_left: Mapping[str, int] | None
) -> dict[str, int]:
    if cards_left is None:
        return {}
    _require_known(seats, cards_left, "cards left")
    for player, cards in cards_left.items():
        if player in out:
            raise ScoringError(f"cards left: {player} went out and holds no cards")
        if not isinstance(cards, int) or isinstance(cards, bool) or cards < 1:
            raise ScoringError(f"cards left: {player} is still in the round, so holds at least 1 card, not {cards!r}")
    missing = [player for player in still_in if player not in cards_left]
    if missing:
        raise ScoringError(
            f"cards left: give the count of every player still in the round, or of none; {', '.join(missing)} missing"
        )
    return dict(cards_left)


def _rulings_applied(
    seats: tuple[str, ...], teams: tuple[tuple[str, ...], ...] | None, out: tuple[str, ...]
) -> tuple[str, ...]:
    rulings = []
    still_in = len(seats) - len(out)
    if teams is not None:
        rulings.append("round-ends-at-first-condition")
        if still_in > 1:
            rulings.append("remaining-by-fewest-cards")
        if len(seats) > SMALL_GAME_MAX_PLAYERS and len(out) < LARGE_GAME_PLAYERS_OUT:
            rulings.append("places-left-to-the-last-team")
    elif still_in > 1:
        rulings.append("unscored-players-by-fewest-cards")
    return tuple(rulings)


def _require_known(seats: tuple[str, ...], names: Sequence[str] | Mapping[str, int], what: str) -> None:
    for name in names:
        if name not in seats:
            raise ScoringError(f"{what}: {name!r} is not a player (players: {', '.join(seats)})")


def _first_repeated(names: Sequence[str]) -> str | None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            return name
        seen.add(name)
    return None


def _have(count: int) -> str:
    return "has" if count == 1 else "have"

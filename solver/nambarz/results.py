"""How a Nambarz game ended: places, total points, master strokes, each round's winner and the tie-break rounds.

A round is won by the player who went out first (rule X ranks the others
after them).  Players level on points after the last round play one more
round among themselves for the place they share (rule X); that round scores
nothing, and its ranking orders them.  :func:`contested_place` says which
place a group of tied players plays for, from the totals everybody sees.

>>> from solver.nambarz.state import Game
>>> state = Game(("P1", "P2")).new_state()
>>> results = game_results(state)
>>> results.places, results.points, results.master_strokes, results.rounds
((1, 1), (0, 0), (0, 0), ())
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.nambarz.state import RoundResult, State
from solver.results import GameResults, RoundOutcome, TieBreak


def contested_place(state: State, group: Sequence[str]) -> int:
    """The place the tied players of ``group`` play their tie-break round for: one more than the players (or teams)
    with more points.

    >>> from solver.nambarz.state import Game
    >>> state = Game(("P1", "P2", "P3")).new_state()
    >>> contested_place(state, ["P2", "P3"])
    1
    """
    tied = _unit_total(state, group[0])
    return 1 + sum(total > tied for total in _unit_totals(state).values())


def _unit_totals(state: State) -> dict[tuple[str, ...], int]:
    """The points of each player, or of each team in a team game (its members' sum)."""
    totals = state.totals
    units = [tuple(team) for team in state.game.teams] if state.game.teams else [(p,) for p in state.game.players]
    return {unit: sum(totals[player] for player in unit) for unit in units}


def _unit_total(state: State, player: str) -> int:
    """The points of ``player``, or of their team in a team game."""
    return next(total for unit, total in _unit_totals(state).items() if player in unit)


def game_results(state: State) -> GameResults:
    """The results of ``state``'s game: final once it is over, the standings so far before."""
    players = state.game.players
    totals = state.totals
    tie_rank: dict[str, int] = {}
    for result in state.results:
        if result.tie_break:
            tie_rank.update((player, place) for place, player in enumerate(result.ranking))
    standing = {player: (-totals[player], tie_rank.get(player, 0)) for player in players}
    places = tuple(1 + sum(standing[other] < standing[player] for other in players) for player in players)
    strokes = tuple(sum(result.master_strokes.get(player, 0) for result in state.results) for player in players)
    return GameResults(
        winners=tuple(seat for seat, place in enumerate(places) if place == 1),
        places=places,
        points=tuple(totals[player] for player in players),
        rounds=tuple(_outcome(state, result) for result in state.results),
        master_strokes=strokes,
        tie_breaks=tuple(_tie_break(state, result) for result in state.results if result.tie_break),
    )


def _seat(state: State, player: str) -> int:
    return state.game.players.index(player)


def _outcome(state: State, result: RoundResult) -> RoundOutcome:
    players = state.game.players
    return RoundOutcome(
        number=result.number,
        winners=(_seat(state, result.ranking[0]),),
        points=tuple(result.points.get(player) for player in players),
        master_strokes=tuple(result.master_strokes.get(player) for player in players),
        contested_place=contested_place(state, result.players) if result.tie_break else None,
    )


def _tie_break(state: State, result: RoundResult) -> TieBreak:
    return TieBreak(
        seats=tuple(_seat(state, player) for player in result.players),
        place=contested_place(state, result.players),
        points=_unit_total(state, result.players[0]),
        ranking=tuple(_seat(state, player) for player in result.ranking),
    )

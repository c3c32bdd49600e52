"""How a Quando game ended: places by total (the lowest total wins, ties share), each round's winners.

A round is won by whoever scored least in it (the lowest sum scores 0;
a knocker not alone lowest scores their sum and 5 more).  The state keeps
the latest rounds only (:data:`~solver.quando.state.ROUNDS_KEPT`), so the
results list those, after ``earlier_rounds``.

>>> from solver.quando.state import Game
>>> results = game_results(Game(("Ann", "Bob")).new_state())
>>> results.places, results.points, results.lowest_wins
((1, 1), (0, 0), True)
"""

from __future__ import annotations

from solver.quando.state import RoundResult, State
from solver.results import GameResults, RoundOutcome, places_of


def game_results(state: State) -> GameResults:
    """The results of ``state``'s game: final once it is over, the standings so far before."""
    totals = state.totals
    points = tuple(totals[player] for player in state.players)
    places = places_of(points, lowest_first=True)
    return GameResults(
        winners=tuple(seat for seat, place in enumerate(places) if place == 1),
        places=places,
        points=points,
        lowest_wins=True,
        rounds=tuple(_outcome(state, result) for result in state.results),
        earlier_rounds=state.results[0].number - 1 if state.results else 0,
    )


def _outcome(state: State, result: RoundResult) -> RoundOutcome:
    scored = tuple(result.score.points[player] for player in state.players)
    least = min(scored)
    return RoundOutcome(
        number=result.number,
        winners=tuple(seat for seat, points in enumerate(scored) if points == least),
        points=scored,
    )

"""How an Nmbrs! game ended: places by score (the highest wins, ties share), who went out in each round.

A round is won by the player who laid their last card (a blocked round has
no winner); what each seat's score gained or lost in it is its points.

>>> from solver.nmbrs.state import Game
>>> results = game_results(Game(players=2).new_state())
>>> results.places, results.points, results.rounds
((1, 1), (50, 50), ())
"""

from __future__ import annotations

from solver.nmbrs.state import State
from solver.results import GameResults, RoundOutcome, places_of


def game_results(state: State) -> GameResults:
    """The results of ``state``'s game: final once it is over, the standings so far before."""
    places = places_of(state.scores)
    before = (state.game.rules.starting_score,) * state.game.players
    rounds = []
    for result in state.results:
        rounds.append(
            RoundOutcome(
                number=result.number,
                winners=() if result.winner is None else (result.winner,),
                points=tuple(after - earlier for after, earlier in zip(result.scores, before, strict=True)),
            )
        )
        before = result.scores
    return GameResults(
        winners=tuple(seat for seat, place in enumerate(places) if place == 1),
        places=places,
        points=tuple(state.scores),
        rounds=tuple(rounds),
    )

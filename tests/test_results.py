"""How games end, the same way for every game: places with ties, winners, rounds (``solver/results.py``)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.games import GAMES, find_game
from solver.results import places_of


@given(st.lists(st.integers(-50, 150), min_size=1, max_size=12), st.booleans())
def test_places_count_the_seats_ahead_and_equal_scores_share_a_place(scores: list[int], lowest_first: bool) -> None:
    places = places_of(scores, lowest_first=lowest_first)
    best = min(scores) if lowest_first else max(scores)
    assert {seat for seat, place in enumerate(places) if place == 1} == {
        seat for seat, score in enumerate(scores) if score == best
    }
    for seat, place in enumerate(places):
        ahead = [other for other in scores if (other < scores[seat] if lowest_first else other > scores[seat])]
        assert place == 1 + len(ahead)
        assert places.count(place) == scores.count(scores[seat]), "a tie shares its place"


def finished_game(game: str, seed: int) -> object:
    """A game of ``game`` played to its end by random legal actions (short settings)."""
    entry = find_game(game)
    options = {"quando": {"target": 15}}.get(game, {})
    variant = {"nmbrs": "simplified"}.get(game)
    state = entry.new_game(players=1 if game == "thegame" else 3, variant=variant, seed=seed, options=options)
    chance = random.Random(seed)
    while not state.is_over:
        state.apply(chance.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", GAMES.names)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_finished_game_has_results_that_agree_with_its_returns(game: str, seed: int) -> None:
    state = finished_game(game, seed)
    results = find_game(game).results(state)  # type: ignore[arg-type]
    document = results.to_dict()
    assert json.loads(json.dumps(document)) == document
    returns = state.returns()  # type: ignore[attr-defined]
    if results.cooperative:
        assert results.places == () and results.won == (returns[0] == 0)
        assert results.winners == (tuple(range(len(returns))) if results.won else ())
        return
    assert results.winners == tuple(seat for seat, place in enumerate(results.places) if place == 1)
    assert results.rounds, "a finished game had rounds"
    for outcome in results.rounds:
        assert len(outcome.points) == len(returns) and set(outcome.winners) <= set(range(len(returns)))
    if game != "nambarz":  # Nambarz's equal totals are ordered by their tie-break round
        assert results.places == places_of(returns)


def test_a_long_quando_game_counts_the_rounds_it_no_longer_keeps() -> None:
    entry = find_game("quando")
    data = entry.new_game(players=2, seed=1).to_dict()
    data["results"] = [
        {"number": number, "dealer": 0, "only_zeros": None, "sums": {"P1": 3, "P2": 5}, "knocker": None}
        for number in range(5, 15)
    ]
    results = entry.results(entry.load_state(data))
    assert results.earlier_rounds == 4 and [outcome.number for outcome in results.rounds] == list(range(5, 15))
    assert all(outcome.winners == (0,) for outcome in results.rounds)

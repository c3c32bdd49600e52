"""The bots of the competitive games decide from what their seat may see, never from the other hands or the deck.

Over seeded games played by the bots themselves, at any moment a bot is
asked for a move, a second state that differs only in what the seat to move
cannot see (the other hands and the draw pile exchanged card for card; for
Quando every hidden side too, where the numbers on show allow it:
:mod:`tests.hidden_cards`) gets the very same choice from a bot with the same
seed.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.games import find_game
from tests.hidden_cards import exchange, hidden_places, tidy

EXCHANGES = 300
"""Random exchanges of two hidden cards that make the second world."""

MAX_STEPS = 200
"""The longest stretch of the bots' own game before a choice is compared: past the deal, often past a round."""

KINDS = [
    ("nambarz", "beginner"),
    ("nambarz", "planner"),
    ("quando", "easy"),
    ("quando", "strong"),
    ("nmbrs", "easy"),
]


@pytest.mark.parametrize(("game", "kind"), KINDS, ids=str)
@settings(max_examples=15)
@given(seed=st.integers(0, 2**20), players=st.integers(2, 4), steps=st.integers(0, MAX_STEPS))
def test_a_bot_makes_the_same_choice_in_two_worlds_that_differ_only_in_hidden_cards(
    game: str, kind: str, seed: int, players: int, steps: int
) -> None:
    entry = find_game(game)
    state = entry.new_game(players=players, seed=seed)
    bot = entry.make_bot(kind, seed=seed)
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(bot.choose(state))
    seat = state.to_move
    if seat is None:
        return
    other_world = entry.load_state(state.to_dict())
    places = hidden_places(game, other_world, seat)
    rng = random.Random(seed)
    exchanged = [exchange(*rng.sample(places, 2), rng) for _ in range(EXCHANGES)] if len(places) >= 2 else []
    changed = any(exchanged)
    tidy(game, other_world)
    assert (other_world.to_dict() != state.to_dict()) == changed
    assert entry.make_bot(kind, seed=seed + 1).choose(other_world) == entry.make_bot(kind, seed=seed + 1).choose(state)

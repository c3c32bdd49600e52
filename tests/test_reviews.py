"""Every game's review, whatever was played: every seat's finished turns judged, in words, in every language.

Seeded random playouts of every game, with mistakes (Nambarz lays plays it
has not checked, which rule V penalises, even when nothing was playable and
the seat should have drawn): reviewing every seat never fails, every turn
of a seat is judged once, the words exist in it/de/en/fr, and a turn judged
on its own, from the state it began in, is the turn the whole review judged
(but for a turn whose search ran out of time in one of the two, as it may
on a slow machine: both must then say what was played).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.games import GAMES, GameEntry, find_game
from solver.nambarz.notation import Chain
from solver.nambarz.rules import Operator
from solver.nambarz.state import Action as NambarzAction
from solver.nambarz.state import ActionKind as NambarzActionKind
from solver.nambarz.state import Game as NambarzGame
from solver.nambarz.state import State as NambarzState
from solver.review import Mark, TurnReview, copy_state, review_actions
from tutor.i18n import SUPPORTED_LANGUAGES
from tutor.review import review_document

MAX_STEPS = 100
"""The longest playout: several turns of every seat, in some games a round's end."""

MISTAKE_RATE = 0.15
"""How often a Nambarz seat lays cards of its hand without checking them (each mistake costs three cards)."""


def careless_play(state: NambarzState, rng: random.Random) -> NambarzAction | None:
    """Cards of the hand of the player to move, laid with operators at random; ``None`` without a number card."""
    numbers = [card for card in state.hands[state.turn_player] if not card.is_joker]
    if not numbers:
        return None
    laid = tuple(rng.sample(numbers, rng.randint(1, min(3, len(numbers)))))
    return NambarzAction(NambarzActionKind.PLAY, Chain(laid, tuple(rng.choices(list(Operator), k=len(laid) - 1))))


def playout(game: GameEntry, players: int, seed: int) -> tuple[Any, list[tuple[int, str]]]:
    """The deal of ``seed`` and up to :data:`MAX_STEPS` actions from it: random legal ones, and Nambarz mistakes."""
    initial = game.new_game(players=players, seed=seed)
    state = copy_state(initial)
    rng = random.Random(seed)
    actions: list[tuple[int, str]] = []
    for _ in range(MAX_STEPS):
        if state.is_over:
            break
        seat = state.to_move
        chosen = careless_play(state, rng) if game.name == "nambarz" and rng.random() < MISTAKE_RATE else None
        action = chosen or rng.choice(list(state.legal_actions()))
        state.apply(action)
        actions.append((seat, str(action)))
    return initial, actions


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 3))
def test_every_seat_is_reviewed_whatever_was_played_and_each_turn_judged_alone_as_in_the_whole(
    game: GameEntry, seed: int, players: int
) -> None:
    initial, actions = playout(game, players, seed)
    rules = game.turn_rules()
    for seat in range(players):
        reviews = review_actions(rules, initial, actions, seat)
        assert [review.turn for review in reviews] == sorted({review.turn for review in reviews})
        for language in SUPPORTED_LANGUAGES:
            document = review_document(game.name, reviews, seat, language)
            assert all(turn["explanation"] for turn in document["turns"]) and document["summary"]
        alone = judged_one_at_a_time(game, initial, actions, seat)
        assert [(review.turn, review.actions, review.played) for review in reviews] == [
            (review.turn, review.actions, review.played) for review in alone
        ]
        assert all(a == b or Mark.UNREVIEWED in (a.mark, b.mark) for a, b in zip(reviews, alone, strict=True))


def judged_one_at_a_time(game: GameEntry, initial: Any, actions: list[tuple[int, str]], seat: int) -> list[TurnReview]:
    """The seat's turns, each judged on its own from a copy of the state it began in, as a server judges them."""
    rules = game.turn_rules()
    state, turns, start, turn = copy_state(initial), 0, None, []
    judged = []
    for number, (mover, text) in enumerate(actions, start=1):
        if rules.begins(state):
            turns, start, turn = turns + 1, copy_state(state), []
        state.apply(game.parse_action(text))
        turn.append((number, mover, text))
        if rules.is_over(state) and start is not None:
            review = rules.judge(start, turn, seat, turns)
            judged += [review] if review is not None else []
            start = None
    return judged


def test_a_calculation_laid_where_nothing_was_playable_is_penalised_and_the_best_turn_was_to_draw() -> None:
    draw_only = [NambarzAction.parse("draw")]
    deals = (NambarzGame(("P1", "P2"), seed=seed).new_state() for seed in range(500))
    state = next(deal for deal in deals if deal.legal_actions() == draw_only)
    numbers = [str(card) for card in state.hands["P1"] if not card.is_joker][:2]
    (review,) = review_actions(find_game("nambarz").turn_rules(), state, [(0, " + ".join(numbers))], 0)
    assert review.mark is Mark.PENALISED and review.best == ("draw",)
    assert review.best_measures["cards"] == 0 and review.lost["cards"] == -review.measures["cards"] > 0
    words = review_document("nambarz", [review], 0, "en")["turns"][0]["explanation"]
    assert words.startswith("Your play was not legal: you drew 3 cards") and words.endswith("The best turn: draw.")

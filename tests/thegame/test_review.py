"""The review of The Game's turns against the strong bot's turn from the same view."""

from __future__ import annotations

import pytest

from solver.errors import GameError
from solver.review import Mark, TurnReview
from solver.thegame.bots import make_bot
from solver.thegame.review import WIDER_GAP_AT, review_turns, turn_gap
from solver.thegame.rules import Pile
from solver.thegame.state import Action, Game, State
from solver.thegame.strategy import START_TOPS, PlayerView

TOPS = {Pile.ASC1: 19, Pile.DESC1: 91}


def position(
    hand: list[int], *, other: list[int] | None = None, draw_pile: tuple[int, ...] = (50, 51, 52, 53)
) -> State:
    """Two players, seat 0 to move holding ``hand``; asc1 shows 19 and desc1 91; every other card is laid."""
    return State.from_position(
        Game(players=2), [hand, other or [2, 3, 4, 5, 6, 7, 8]], tops=TOPS, draw_pile=list(draw_pile)
    )


def one_turn(state: State, *placements: str) -> TurnReview:
    (review,) = review_turns(state, [(0, action) for action in (*placements, "end")], seat=0)
    return review


HAND = [20, 30, 45, 60, 81, 90, 99]


def test_a_turn_shutting_many_more_cards_out_than_the_strong_bot_is_marked_with_its_turn_shown() -> None:
    review = one_turn(position(HAND), "99>asc2", "20>asc1")
    assert review.mark is Mark.WIDER_GAP
    assert review.measures["gap"] >= review.best_measures["gap"] + WIDER_GAP_AT
    assert review.best[0] == "20>asc1" and review.best[-1] == "end"
    assert review.lost["gap"] == review.measures["gap"] - review.best_measures["gap"]


def test_a_turn_no_wider_than_the_strong_bots_is_best_and_a_little_wider_is_good() -> None:
    assert one_turn(position(HAND), "20>asc1", "30>asc1").mark is Mark.BEST
    good = one_turn(position(HAND), "30>asc1", "45>asc1")  # 20 is left behind asc1
    assert good.mark is Mark.GOOD and good.measures["gap"] == 1


def test_the_strong_bots_own_turn_is_best() -> None:
    state = Game(players=2, seed=4).new_state()
    bot = make_bot("strong")
    actions = []
    while state.to_move == 0:
        action = bot.choose(state)
        state.apply(action)
        actions.append((0, str(action)))
    (review,) = review_turns(Game(players=2, seed=4).new_state(), actions, seat=0)
    assert review.mark is Mark.BEST and review.played == review.best


def test_with_the_draw_pile_empty_fewer_cards_than_the_strong_bot_lose_cards() -> None:
    state = position([20, 30, 45], other=[2, 3], draw_pile=())
    review = one_turn(state, "20>asc1")
    assert review.mark is Mark.LOST_CARDS
    assert (review.measures["cards"], review.best_measures["cards"], review.lost["cards"]) == (1, 3, 2)
    assert one_turn(state, "20>asc1", "30>asc1", "45>asc1").mark is Mark.BEST


def test_a_turn_that_gets_stuck_below_the_minimum_loses_the_game_and_its_cards() -> None:
    tops = {Pile.ASC1: 19, Pile.ASC2: 99, Pile.DESC1: 2, Pile.DESC2: 3}
    state = State.from_position(Game(players=2), [[20, 25], [40, 41]], tops=tops, draw_pile=[50, 51, 52, 53])
    (review,) = review_turns(state, [(0, "25>asc1")], seat=0)
    assert review.mark is Mark.LOST_CARDS
    assert review.details["lost_game"] and review.details["ending"] == "stuck-below-minimum"
    assert review.best == ("20>asc1", "25>asc1", "end")


def test_an_unfinished_last_turn_is_left_out() -> None:
    assert review_turns(position(HAND), [(0, "20>asc1"), (0, "30>asc1")], seat=0) == []


def test_a_ten_back_move_has_a_negative_gap() -> None:
    tops = {**START_TOPS, Pile.ASC1: 30}
    view = PlayerView(hand=(5, 20), tops=tops, played=frozenset({30}), draw_pile=90, minimum=1)
    assert turn_gap(view, [Action.parse("20>asc1")]) < 0


def test_the_review_reads_neither_the_other_hand_nor_the_draw_pile() -> None:
    game = Game(players=3, seed=8)
    state = game.new_state()
    bot = make_bot("strong")
    actions = []
    while state.to_move == 0:
        action = bot.choose(state)
        state.apply(action)
        actions.append((0, str(action)))
    expected = review_turns(game.new_state(), actions, seat=0)
    start = game.new_state()
    hidden = sorted([*start.hands[1], *start.hands[2], *start.draw_pile])
    for shift in (1, 17):
        fresh = game.new_state()
        hidden = hidden[shift:] + hidden[:shift]
        fresh.hands[1], fresh.hands[2] = sorted(hidden[:6]), sorted(hidden[6:12])
        fresh.draw_pile = hidden[12:]
        assert review_turns(fresh, actions, seat=0) == expected


def test_the_review_does_not_change_the_state_and_refuses_actions_out_of_turn() -> None:
    state = position(HAND)
    document = state.to_dict()
    one_turn(state, "20>asc1", "30>asc1")
    assert state.to_dict() == document
    with pytest.raises(GameError, match="is by seat 1, but seat 0 is to move"):
        review_turns(state, [(1, "2>asc1")], seat=0)


def test_every_turn_of_a_whole_game_is_reviewed_once() -> None:
    game = Game(players=3, seed=9)
    state = game.new_state()
    bot = make_bot("naive")
    actions = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        action = bot.choose(state)
        state.apply(action)
        actions.append((seat, str(action)))
    reviews = [review for seat in range(3) for review in review_turns(game.new_state(), actions, seat)]
    assert sorted(number for review in reviews for number in review.actions) == list(range(1, len(actions) + 1))
    assert sorted(review.turn for review in reviews) == list(range(1, state.turns + 1))

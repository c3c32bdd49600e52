"""The review of Quando turns against the hint's best choice from what the seat could see."""

from __future__ import annotations

import pytest

from solver.errors import GameError
from solver.quando.bots import make_bot
from solver.quando.review import HIGHER_SUM_AT, review_turns
from solver.quando.state import Action, Game, State, Step
from solver.review import Mark, TurnReview


def fresh(seed: int, players: int = 2) -> State:
    return Game(tuple(f"P{seat + 1}" for seat in range(players)), seed=seed).new_state()


def one_turn(state: State, *actions: str) -> TurnReview:
    (review,) = review_turns(state, [(0, action) for action in actions], seat=0)
    return review


def bot_game(seed: int, players: int, until: int | None = None) -> list[tuple[int, str]]:
    """The actions of a game between strong bots, stopped after ``until`` actions."""
    state = fresh(seed, players)
    bot = make_bot("strong")
    actions: list[tuple[int, str]] = []
    while not state.is_over and (until is None or len(actions) < until):
        seat = state.to_move
        assert seat is not None
        action = bot.choose(state)
        state.apply(action)
        actions.append((seat, str(action)))
    return actions


def test_a_choice_with_a_clearly_higher_expected_sum_is_marked_with_the_hints_choice_shown() -> None:
    state = fresh(2)  # 10 0 7 9 2 4 10 4 in hand, a 3 on show
    review = one_turn(state, "play 4 4", "take visible")
    assert review.mark is Mark.HIGHER_SUM
    assert review.best == ("play 10 10", "take visible")
    assert (review.measures["expected_sum"], review.best_measures["expected_sum"]) == (41.0, 29.0)
    assert review.lost == {"expected_sum": 12.0}
    assert review.details["hand"] == [10, 0, 7, 9, 2, 4, 10, 4] and review.details["draw_visible"] == 3


def test_the_hints_choice_is_best_and_a_little_worse_is_good() -> None:
    assert one_turn(fresh(2), "play 10 10", "take visible").mark is Mark.BEST
    state = fresh(3)  # a 4 on show, its hidden side 5.1 on average
    good = one_turn(state, "play 6 7 8", "take hidden")
    assert good.mark is Mark.GOOD
    assert 0 < good.measures["expected_sum"] - good.best_measures["expected_sum"] < HIGHER_SUM_AT


def test_an_equally_good_choice_is_best_even_if_the_hint_names_another() -> None:
    review = one_turn(fresh(1), "play 8 9 10", "take hidden")  # a 5 on show: both sides 5 on average
    assert review.mark is Mark.BEST and review.best == ("play 8 9 10", "take visible")


def test_a_knock_is_a_turn_of_its_own() -> None:
    actions = bot_game(0, 2)
    knock = next(number for number, (seat, action) in enumerate(actions) if action == "knock" and seat == 0)
    reviews = review_turns(fresh(0), actions[: knock + 1], seat=0)
    assert reviews[-1].played == ("knock",) and reviews[-1].actions == (knock + 1,)
    assert reviews[-1].mark is Mark.BEST


def test_answers_to_a_triple_are_not_turns_and_a_play_without_its_draw_is_left_out() -> None:
    actions = bot_game(0, 3, until=14)
    assert actions[-2:] == [(0, "play 3 3 3"), (0, "take hidden")]
    answers = bot_game(0, 3, until=17)[14:]
    reviews = review_turns(fresh(0, 3), [*actions, *answers], seat=1)
    assert all(review.played[0].startswith(("play", "knock")) for review in reviews)
    assert {number for review in reviews for number in review.actions}.isdisjoint(range(15, 18))
    assert review_turns(fresh(0, 3), actions[:-1], seat=0) == review_turns(fresh(0, 3), actions[:-2], seat=0)


def test_the_review_reads_no_other_hand_nor_any_hidden_side() -> None:
    state = fresh(5, 3)
    turn = ["play 4 5 6", "take hidden"]
    expected = one_turn(state, *turn)
    for shift in (1, 7):
        shuffled = State.from_dict(state.to_dict())
        # The cards out of sight (the other hands and the draw pile under its top) change places and sides.
        hidden = [*shuffled.hands[1], *shuffled.hands[2], *shuffled.draw_pile[:-1]]
        hidden = [card.flipped() if index % 2 else card for index, card in enumerate(hidden[shift:] + hidden[:shift])]
        sizes = len(shuffled.hands[1]), len(shuffled.hands[2])
        shuffled.hands[1], shuffled.hands[2] = hidden[: sizes[0]], hidden[sizes[0] : sum(sizes)]
        shuffled.draw_pile[:-1] = hidden[sum(sizes) :]
        assert one_turn(shuffled, *turn) == expected


def test_the_review_does_not_change_the_state_and_refuses_actions_out_of_turn() -> None:
    state = fresh(2)
    document = state.to_dict()
    one_turn(state, "play 4 4", "take visible")
    assert state.to_dict() == document
    with pytest.raises(GameError, match="is by seat 1, but seat 0 is to move"):
        review_turns(state, [(1, "play 3")], seat=0)


def test_every_turn_of_a_whole_game_is_reviewed_and_the_strong_bot_plays_the_hints_choice() -> None:
    actions = bot_game(4, 3)
    reviews = [review for seat in range(3) for review in review_turns(fresh(4, 3), actions, seat)]
    assert reviews and all(review.mark is Mark.BEST for review in reviews)
    turns = sorted(review.turn for review in reviews)
    assert turns == list(range(1, len(turns) + 1))
    reviewed = {number for review in reviews for number in review.actions}
    state = fresh(4, 3)
    for number, (_, action) in enumerate(actions, start=1):
        answering = state.step is Step.TRIPLE_EFFECT
        state.apply(Action.parse(action))
        assert (number in reviewed) != answering

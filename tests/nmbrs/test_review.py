"""The review of Nmbrs! turns against the greedy bot's lay from the same hand."""

from __future__ import annotations

import pytest

from solver.errors import GameError
from solver.nmbrs.bots import make_bot
from solver.nmbrs.review import review_turns
from solver.nmbrs.state import Action, Game, Phase, State
from solver.review import Mark


def fresh(seed: int, players: int = 2) -> State:
    return Game(players, seed=seed).new_state()


def greedy_game(seed: int, players: int, until: int | None = None) -> list[tuple[int, str]]:
    state = fresh(seed, players)
    bot = make_bot("greedy")
    actions: list[tuple[int, str]] = []
    while not state.is_over and (until is None or len(actions) < until):
        seat = state.to_move
        assert seat is not None
        action = bot.choose(state)
        state.apply(action)
        actions.append((seat, str(action)))
    return actions


LESSER_TURN = [(0, "take"), (0, "lay 73@0,0 78@0,1 J=83@0,2"), (0, "discard 86")]
"""Seed 1: J 95 89 24 73 78 28 47 39 in hand, the 86 on the discard pile."""


def test_a_lay_scoring_less_than_the_greedy_lay_is_marked_with_the_greedy_lay_shown() -> None:
    (review,) = review_turns(fresh(1), LESSER_TURN, seat=0)
    assert review.mark is Mark.LOST_POINTS
    assert review.best == ("take", "lay 47@0,0 J=60@0,1 73@0,2 86@0,3", "discard 95")
    assert dict(review.measures) == {"points": 10, "cards": 3}
    assert dict(review.best_measures) == {"points": 16, "cards": 4}
    assert review.lost == {"points": 6}
    assert review.details["hand"][-1] == "86" and review.details["opened"] is False


def test_the_greedy_bots_own_turn_is_best() -> None:
    actions = greedy_game(1, 2, until=3)
    assert [action for _, action in actions][:2] == ["take", "lay 47@0,0 J=60@0,1 73@0,2 86@0,3"]
    (review,) = review_turns(fresh(1), actions, seat=0)
    assert review.mark is Mark.BEST and review.played == review.best


def test_a_turn_without_a_scoring_lay_is_best_when_none_scores() -> None:
    actions = greedy_game(0, 2, until=6)
    reviews = review_turns(fresh(0), actions, seat=0)
    assert reviews and reviews[0].played[0] == "decline"
    assert all(review.mark is Mark.BEST for review in reviews)


def test_an_unfinished_last_turn_is_left_out() -> None:
    assert review_turns(fresh(1), LESSER_TURN[:2], seat=0) == []


def test_claims_in_another_players_turn_are_not_reviewed() -> None:
    state = fresh(2, 3)
    actions = [(0, "decline"), (1, "claim"), (0, "draw")]
    replayed = fresh(2, 3)
    for _, action in actions:
        replayed.apply(Action.parse(action))
    assert replayed.phase is Phase.LAY
    discard = next(str(action) for action in replayed.legal_actions() if str(action).startswith("discard"))
    actions.append((0, discard))
    (turn,) = review_turns(state, actions, seat=0)
    assert turn.actions == (1, 3, 4) and turn.played == ("decline", "draw", discard)
    assert review_turns(state, actions, seat=1) == []


def test_the_review_reads_neither_the_other_hands_nor_the_draw_pile() -> None:
    state = fresh(1)
    expected = review_turns(state, LESSER_TURN, seat=0)
    for shift in (1, 5):
        shuffled = State.from_dict(state.to_dict())
        hidden = [*shuffled.hands[1], *shuffled.draw_pile]
        hidden = hidden[shift:] + hidden[:shift]
        shuffled.hands[1], shuffled.draw_pile = hidden[: len(shuffled.hands[1])], hidden[len(shuffled.hands[1]) :]
        assert review_turns(shuffled, LESSER_TURN, seat=0) == expected


def test_the_review_does_not_change_the_state_and_refuses_actions_out_of_turn() -> None:
    state = fresh(1)
    document = state.to_dict()
    review_turns(state, LESSER_TURN, seat=0)
    assert state.to_dict() == document
    with pytest.raises(GameError, match="is by seat 1, but seat 0 is to move"):
        review_turns(state, [(1, "take")], seat=0)


def test_every_turn_of_a_whole_game_is_reviewed_and_the_greedy_bot_plays_its_best() -> None:
    actions = greedy_game(3, 3)
    reviews = [review for seat in range(3) for review in review_turns(fresh(3, 3), actions, seat)]
    assert reviews and all(review.mark is Mark.BEST for review in reviews)
    turns = sorted(review.turn for review in reviews)
    assert turns == list(range(1, len(turns) + 1))
    claims = {number for number, (_, action) in enumerate(actions, start=1) if action in ("claim", "pass")}
    reviewed = {number for review in reviews for number in review.actions}
    assert reviewed | claims == set(range(1, len(actions) + 1))

"""The review of Nambarz turns against the turn planner, on hand-built positions and on whole games."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from solver.errors import GameError, SearchLimitError
from solver.nambarz.bots import make_bot
from solver.nambarz.cards import Card, parse_cards
from solver.nambarz.jokers import Cover
from solver.nambarz.review import review_turns
from solver.nambarz.state import Game, State
from solver.review import Mark, TurnReview

PLAYERS = ("P1", "P2")


def position(hands: dict[str, str], top: str, *, draws: str = "", seed: int = 0) -> State:
    """A fresh round with these hands and top card, P1 to move; ``draws`` come first off the draw pile.

    Every other card of the deck is in the draw pile, after ``draws``, in an
    order set by ``seed``.
    """
    state = Game(PLAYERS).new_state()
    placed = [card for hand in hands.values() for card in parse_cards(hand)] + [Card.parse(top)]
    drawn_first = list(parse_cards(draws)) if draws else []
    rest = Counter(state.game.cards())
    rest.subtract(Counter(placed + drawn_first))
    assert not -rest, "a card is placed more often than the deck has it"
    others = sorted(rest.elements())
    random.Random(seed).shuffle(others)
    state.hands = {player: list(parse_cards(hand)) for player, hand in hands.items()}
    state.table = [Card.parse(top)]
    state.cover = Cover(Card.parse(top))
    state.draw_pile = [*others, *reversed(drawn_first)]
    return state


def one_turn(state: State, *actions: str) -> TurnReview:
    reviews = review_turns(state, [(0, action) for action in actions], seat=0)
    assert len(reviews) == 1
    return reviews[0]


LOST_POINTS_HAND = {"P1": "7 6 7 2 3 Jreplay", "P2": "1 1 1 4 4 9 9"}


def test_a_turn_shedding_fewer_cards_than_the_plan_is_marked_with_the_better_turn_shown() -> None:
    state = position({"P1": "1 2 6 9 4 Jreplay", "P2": "8 8 8 10 10 7 7"}, "3")
    review = one_turn(state, "2 + 1", "pass")
    assert review.mark is Mark.LOST_CARDS
    assert review.best == ("2 + 1", "Jreplay", "6 + 4 - 9")
    assert review.measures["cards"] == 2 and review.best_measures["cards"] == 6
    assert review.lost == {"cards": 4, "master_points": 0}
    assert review.details["best_ending"] == "out"


def test_a_turn_shedding_as_many_cards_for_fewer_master_points_is_marked_lost_points() -> None:
    review = one_turn(position(LOST_POINTS_HAND, "5"), "7 - 2", "Jreplay", "6 / 3", "pass")
    assert review.mark is Mark.LOST_POINTS
    assert review.best == ("Jreplay", "7 + 7 - 6 - 3", "pass")
    assert (review.measures["cards"], review.measures["master_points"]) == (5, 0)
    assert (review.best_measures["cards"], review.best_measures["master_points"]) == (5, 7)
    assert review.lost == {"cards": 0, "master_points": 7}


def test_the_planners_own_turn_is_marked_best() -> None:
    review = one_turn(position(LOST_POINTS_HAND, "5"), "Jreplay", "7 + 7 - 6 - 3", "pass")
    assert review.mark is Mark.BEST and review.is_best
    assert review.played == review.best == ("Jreplay", "7 + 7 - 6 - 3", "pass")
    assert review.measures == review.best_measures
    assert review.lost == {"cards": 0, "master_points": 0}


def test_as_many_cards_and_points_with_an_easier_top_card_is_good() -> None:
    state = Game(PLAYERS, seed=3).new_state()
    review = one_turn(state, "6dragonfly + 2owl", "pass")
    assert review.mark is Mark.GOOD
    assert review.best == ("2owl + 6dragonfly", "pass")
    assert review.measures["answers"] > review.best_measures["answers"]


def test_a_penalised_play_is_marked_with_its_violation_codes() -> None:
    state = position({"P1": "2 3hippo 1 4 Jreplay", "P2": "8 8 8 10 10 7 7"}, "6")
    review = one_turn(state, "2 * 3hippo")
    assert review.mark is Mark.PENALISED
    assert review.details["violations"] == ["mixed-kinds"]
    assert review.details["ending"] == "penalty"
    assert review.played == ("2 * 3hippo",)
    assert review.measures["cards"] == -3  # both cards come back and three are drawn
    assert review.best[0] != "2 * 3hippo"


def test_a_turn_opened_with_a_draw_is_judged_with_the_card_drawn() -> None:
    state = position({"P1": "8 9", "P2": "1 1 1 4 4 9 9"}, "3", draws="3bee")
    played = one_turn(state, "draw", "3bee", "pass")
    assert played.details["after_draw"] and played.details["hand"] == ["8", "9", "3bee"]
    assert played.mark is Mark.BEST and played.best == ("draw", "3bee", "pass")
    kept = one_turn(state, "draw", "pass")
    assert kept.mark is Mark.LOST_CARDS
    assert kept.measures["cards"] == 0 and kept.best_measures["cards"] == 1
    assert kept.best == ("draw", "3bee", "pass")


def test_a_draw_after_a_replay_joker_counts_against_the_turn() -> None:
    state = position({"P1": "3 Jreplay 10", "P2": "1 1 1 4 4 9 9"}, "3", draws="9")
    review = one_turn(state, "3", "Jreplay", "draw", "pass")
    assert review.measures["cards"] == 1  # 3 and Jreplay laid, one card drawn


def test_an_unfinished_last_turn_is_left_out() -> None:
    state = position({"P1": "1 2 6 9 4 Jreplay", "P2": "8 8 8 10 10 7 7"}, "3")
    assert review_turns(state, [(0, "2 + 1")], seat=0) == []
    assert review_turns(state, [(0, "2 + 1"), (0, "Jreplay")], seat=0) == []


def test_only_the_reviewed_seats_turns_are_reviewed_and_numbered_in_the_game() -> None:
    state = position({"P1": "1 2 6 9 4 5", "P2": "8 8 8 10 10 7 7"}, "3")
    actions = [
        (0, "2 + 1"),
        (0, "pass"),
        (1, "8 - 7"),
        (1, "pass"),
        (0, "9 - 6 + 4"),
        (0, "pass"),
        (1, "10 + 10 - 8 - 8"),
    ]
    first, second = review_turns(state, actions, seat=0)
    assert (first.turn, first.actions, second.turn, second.actions) == (1, (1, 2), 3, (5, 6))
    (other,) = review_turns(state, actions, seat=1)
    assert (other.turn, other.actions) == (2, (3, 4))


def test_the_review_does_not_change_the_state_it_is_given() -> None:
    state = position(LOST_POINTS_HAND, "5")
    document = state.to_dict()
    one_turn(state, "7 - 2", "Jreplay", "6 / 3", "pass")
    assert state.to_dict() == document


def test_the_review_reads_neither_the_other_hands_nor_the_draw_pile() -> None:
    turn = ("7 - 2", "Jreplay", "6 / 3", "pass")
    reviews = []
    for seed in range(3):
        other = " ".join(random.Random(seed).sample(["1", "4", "8", "9", "10", "4hen", "5cat", "Jboth"], 7))
        reviews.append(one_turn(position({"P1": LOST_POINTS_HAND["P1"], "P2": other}, "5", seed=seed), *turn))
    assert reviews[0] == reviews[1] == reviews[2]


def test_actions_out_of_turn_and_unknown_seats_are_refused() -> None:
    state = position(LOST_POINTS_HAND, "5")
    with pytest.raises(GameError, match=r"action 1 .* is by seat 1, but seat 0 is to move"):
        review_turns(state, [(1, "1")], seat=0)
    with pytest.raises(GameError, match="seat 2"):
        review_turns(state, [], seat=2)


def test_every_turn_of_a_whole_game_is_reviewed_and_the_planner_bot_plays_its_best() -> None:
    game = Game(("P1", "P2", "P3"), seed=5)
    state = game.new_state()
    bots = [make_bot("planner", seed=1), make_bot("careless", seed=2), make_bot("random", seed=3)]
    actions = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        action = bots[seat].choose(state)
        state.apply(action)
        actions.append((seat, str(action)))
    planner = review_turns(game.new_state(), actions, seat=0)
    assert planner and all(review.mark is Mark.BEST for review in planner)
    careless = review_turns(game.new_state(), actions, seat=1)
    assert Mark.PENALISED in {review.mark for review in careless}
    covered = sorted(
        number
        for seat in range(3)
        for review in review_turns(game.new_state(), actions, seat)
        for number in review.actions
    )
    assert covered == list(range(1, len(actions) + 1))


def test_a_turn_the_planner_cannot_finish_is_left_unreviewed(monkeypatch: pytest.MonkeyPatch) -> None:
    def too_long(*args: object, **kwargs: object) -> None:
        raise SearchLimitError("the turn planner ran past its time limit")

    monkeypatch.setattr("solver.nambarz.review.plan_turn", too_long)
    review = one_turn(position(LOST_POINTS_HAND, "5"), "7 - 2", "Jreplay", "6 / 3", "pass")
    assert review.mark is Mark.UNREVIEWED
    assert review.best == () and review.best_measures == {} and review.lost == {}
    assert review.measures["cards"] == 5


def test_a_turn_that_goes_out_ends_the_round_and_is_still_reviewed() -> None:
    state = position({"P1": "1 2 6 9 4 Jreplay", "P2": "8 8 8 10 10 7 7"}, "3")
    review = one_turn(state, "2 + 1", "Jreplay", "6 + 4 - 9")
    assert review.mark is Mark.BEST and review.played == review.best
    assert review.details["ending"] == "out" and review.details["top_after"] == "9"
    assert review.measures["cards"] == 6

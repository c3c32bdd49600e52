"""Nmbrs! scoring (rules 10–12, 14–15; Versione semplificata 4): points, doubling, subtraction, winners.

The colours and points are the placeholder deck's: colours cycle red, green,
blue, orange from 1; 1 point for 1–10 and multiples of 5, 3 for primes
above 30, 2 otherwise.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from solver.nmbrs import (
    JOKER,
    Card,
    Doubling,
    NmbrsDeck,
    Play,
    Position,
    RuleSet,
    Table,
    doubling_of,
    hand_penalty,
    judge_play,
    parse_cards,
    score_play,
    winners,
)

DECK = NmbrsDeck.default()


def scored(cards: str, rules: RuleSet = RuleSet.BASIC) -> tuple[int, Doubling | None, int]:
    score = score_play(parse_cards(cards), rules, DECK)
    return score.base, score.doubling, score.total


def test_a_play_scores_the_points_printed_on_its_cards() -> None:
    assert scored("12 14 16") == (6, None, 6)
    assert scored("37 41 43")[0] == 9


def test_a_play_all_of_one_colour_is_doubled() -> None:
    assert scored("5 9 13") == (4, Doubling.ONE_COLOUR, 8)


def test_a_play_all_of_different_colours_is_doubled() -> None:
    assert scored("1 2 3") == (3, Doubling.ALL_DIFFERENT, 6)
    assert scored("1 2 3 4")[1] is Doubling.ALL_DIFFERENT


def test_a_play_of_mixed_colours_is_not_doubled() -> None:
    assert scored("1 2 5") == (3, None, 3)


def test_cards_added_to_a_sequence_are_doubled_too() -> None:
    position = Position(Table.parse("10@0,0 20@0,1 30@0,2"), tuple(parse_cards("40 50 1")), opened=True)
    verdict = judge_play(position, Play.parse("lay 40@0,3 50@0,4"))
    assert verdict.score is not None
    assert (verdict.score.base, verdict.score.doubling, verdict.points) == (2, Doubling.ALL_DIFFERENT, 4)


def test_only_the_cards_laid_score_not_those_already_on_the_table() -> None:
    table = Table.parse("31@0,0 32@0,1 33@0,2 35@0,4 36@0,5 37@0,6")
    verdict = judge_play(Position(table, (Card(34), Card(1)), opened=True), Play.parse("lay 34@0,3"))
    assert verdict.legal
    assert verdict.points == 2 * DECK.points(Card(34))


def test_a_single_card_counts_as_one_colour() -> None:
    score = score_play([Card(97)], RuleSet.BASIC, DECK)
    assert (score.total, score.doubling) == (6, Doubling.ONE_COLOUR)
    assert "single-card-doubles" in score.rulings


def test_jokers_are_worth_nothing_and_have_no_colour() -> None:
    assert scored("1 J 5") == (2, Doubling.ONE_COLOUR, 4)
    assert scored("J J J") == (0, None, 0)
    assert "jokers-colourless" in score_play(parse_cards("1 J 5"), RuleSet.BASIC, DECK).rulings


def test_scores_resting_on_the_placeholder_deck_say_so() -> None:
    assert "placeholder-deck" in score_play(parse_cards("1 2 3"), RuleSet.BASIC, DECK).rulings


def test_the_simplified_version_scores_one_point_per_card_still_doubled() -> None:
    assert scored("12 14 16", RuleSet.SIMPLIFIED) == (3, None, 3)
    assert scored("5 9 13", RuleSet.SIMPLIFIED) == (3, Doubling.ONE_COLOUR, 6)
    assert scored("5 J 13", RuleSet.SIMPLIFIED) == (3, Doubling.ONE_COLOUR, 6)
    assert scored("5 J 15", RuleSet.SIMPLIFIED) == (3, Doubling.ALL_DIFFERENT, 6)


def test_a_joker_replaced_by_its_number_scores_nothing() -> None:
    position = Position(Table.parse("10@0,0 J=20@0,1 30@0,2"), tuple(parse_cards("20 1")), opened=True)
    verdict = judge_play(position, Play.parse("swap 20@0,1"))
    assert verdict.score is not None
    assert (verdict.score.base, verdict.score.doubling, verdict.points) == (0, None, 0)


def test_at_the_end_of_a_round_a_hand_costs_its_points_or_its_cards() -> None:
    hand = parse_cards("97 10 J 12")
    assert hand_penalty(hand, RuleSet.BASIC, DECK) == 3 + 1 + 0 + 2
    assert hand_penalty(hand, RuleSet.SIMPLIFIED, DECK) == 4
    assert hand_penalty([], RuleSet.BASIC, DECK) == 0


def test_a_player_on_100_or_more_wins_the_highest_if_several() -> None:
    assert winners([99, 80, 50]) == ()
    assert winners([100, 80]) == (0,)
    assert winners([104, 120, 101]) == (1,)
    assert winners([120, 120, 20]) == (0, 1)


@given(st.lists(st.sampled_from(DECK.cards(RuleSet.BASIC)), max_size=8), st.randoms())
def test_the_order_of_the_cards_laid_does_not_change_the_score(cards: list[Card], rng: random.Random) -> None:
    shuffled = list(cards)
    rng.shuffle(shuffled)
    for rules in RuleSet:
        first, second = score_play(cards, rules, DECK), score_play(shuffled, rules, DECK)
        assert (first.base, first.doubling, first.total) == (second.base, second.doubling, second.total)
        assert first.total in (first.base, 2 * first.base)
        assert (first.doubling is None) or any(card != JOKER for card in cards)
    assert doubling_of(cards, DECK) == doubling_of(shuffled, DECK)

"""Properties of the Quando engine that hold for every input, checked with hypothesis.

Hands are dealt from the 55 cards without replacement and on random sides,
so every hand here is one that real cards can show.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.quando import (
    DECK,
    KNOCK,
    PASS,
    Action,
    ActionKind,
    Card,
    Game,
    Side,
    State,
    can_show,
    check,
    hint,
    legal_plays,
    possible_backs,
    score_round,
)
from solver.quando.cards import NUMBERS

EXAMPLES = settings(max_examples=150, deadline=None)


@st.composite
def dealt_cards(draw: st.DrawFn, min_size: int = 0, max_size: int = 10) -> list[Card]:
    """Different cards of the deck, each on a random side."""
    indexes = draw(st.lists(st.integers(0, len(DECK) - 1), unique=True, min_size=min_size, max_size=max_size))
    sides = draw(st.lists(st.booleans(), min_size=len(indexes), max_size=len(indexes)))
    return [DECK[index].flipped() if flip else DECK[index] for index, flip in zip(indexes, sides, strict=True)]


def fronts(cards: Sequence[Card]) -> list[int]:
    return [card.front for card in cards]


number_lists = st.lists(st.sampled_from(NUMBERS), max_size=6)
actions = st.one_of(
    number_lists.map(Action.play),
    st.just(KNOCK),
    st.just(PASS),
    st.sampled_from(list(Side)).map(Action.take),
    st.integers(1, 60).map(Action.flip),
)


# ----------------------------------------------------------------- notation


@given(card=st.sampled_from(DECK), flip=st.booleans())
def test_a_card_reads_back_from_its_notation_and_its_repr(card: Card, flip: bool) -> None:
    card = card.flipped() if flip else card
    assert Card.parse(str(card)) == card
    assert eval(repr(card)) == card
    assert card.flipped().flipped() == card and card.flipped().pair == card.pair


@given(action=actions)
def test_an_action_reads_back_from_its_notation_in_any_case_with_spaces_or_commas(action: Action) -> None:
    assert Action.parse(str(action)) == action
    assert Action.parse(str(action).upper().replace(" ", " , ")) == action
    assert eval(repr(action)) == action


# ----------------------------------------------------------------- plays and the referee


@EXAMPLES
@given(hand=dealt_cards())
def test_every_listed_play_is_legal_and_leaves_the_rest_of_the_hand_in_order(hand: list[Card]) -> None:
    held = fronts(hand)
    for numbers in legal_plays(held):
        verdict = check(held, Action.play(numbers), plays_made=0)
        assert verdict.legal, (numbers, verdict.codes)
        assert verdict.hand_after is not None
        assert Counter(verdict.hand_after) + Counter(numbers) == Counter(held)
        remaining = iter(held)
        assert all(number in remaining for number in verdict.hand_after), "hand_after keeps the order held"


@EXAMPLES
@given(hand=dealt_cards(max_size=7))
def test_the_listed_plays_are_exactly_the_legal_ones_among_all_sub_hands(hand: list[Card]) -> None:
    held = fronts(hand)
    counts = Counter(held)
    numbers = sorted(counts)
    every_sub_hand = {
        tuple(number for number, count in zip(numbers, taken, strict=True) for _ in range(count))
        for taken in itertools.product(*(range(counts[number] + 1) for number in numbers))
    }
    legal = {play for play in every_sub_hand if check(held, Action.play(play), plays_made=0).legal}
    assert set(legal_plays(held)) == legal
    assert len(legal_plays(held)) == len(legal), "a play is listed twice"


@EXAMPLES
@given(hand=dealt_cards(), action=actions, plays_made=st.integers(0, 4), last_round=st.booleans())
def test_a_verdict_is_legal_exactly_when_it_lists_no_violation_and_its_json_round_trips(
    hand: list[Card], action: Action, plays_made: int, last_round: bool
) -> None:
    verdict = check(fronts(hand), action, plays_made=plays_made, last_round=last_round)
    assert verdict.legal is (not verdict.violations)
    if action.kind in (ActionKind.PLAY, ActionKind.KNOCK):
        assert (verdict.kind is not None) is verdict.legal, "a legal play or knock says its kind"
    document = verdict.to_dict()
    assert list(document)[:3] == ["game", "legal", "violations"] and list(document)[-1] == "rulings"
    assert json.loads(json.dumps(document)) == document


@EXAMPLES
@given(hand=dealt_cards(), play=number_lists, seed=st.integers(0, 2**32 - 1))
def test_the_order_of_the_hand_does_not_change_a_verdict(hand: list[Card], play: list[int], seed: int) -> None:
    held = fronts(hand)
    shuffled = list(held)
    random.Random(seed).shuffle(shuffled)
    first = check(held, Action.play(play), plays_made=1)
    second = check(shuffled, Action.play(play), plays_made=1)
    assert (first.legal, first.codes, first.kind) == (second.legal, second.codes, second.kind)


# ----------------------------------------------------------------- what cards can show


@EXAMPLES
@given(cards=dealt_cards(max_size=55))
def test_the_fronts_of_different_cards_can_always_be_shown(cards: list[Card]) -> None:
    assert can_show(fronts(cards))


@EXAMPLES
@given(cards=dealt_cards(min_size=1, max_size=55))
def test_the_real_back_of_a_card_is_always_among_its_possible_backs(cards: list[Card]) -> None:
    top, *elsewhere = cards
    assert top.back in possible_backs(top.front, fronts(elsewhere))


# ----------------------------------------------------------------- the hint


@EXAMPLES
@given(cards=dealt_cards(min_size=2, max_size=30), size=st.integers(1, 10), plays_made=st.integers(0, 3))
def test_the_hint_suggests_a_legal_turn_and_ranks_every_candidate_by_its_expected_sum(
    cards: list[Card], size: int, plays_made: int
) -> None:
    top, *rest = cards
    hand, out = fronts(rest[:size]), fronts(rest[size:])
    advice = hint(hand, plays_made=plays_made, draw_visible=top.front, out_of_game=out)
    assert check(hand, advice.suggestion.action, plays_made=plays_made).legal
    assert len(advice.candidates) == 2 * len(legal_plays(hand)) + advice.knock_allowed
    sums = [candidate.expected_sum for candidate in advice.candidates]
    assert sums == sorted(sums)
    hidden = Fraction(sum(advice.hidden.backs), len(advice.hidden.backs))
    for candidate in advice.candidates:
        if candidate.side is None:
            assert candidate.expected_sum == sum(hand)
            continue
        left = sum(hand) - sum(candidate.action.numbers)
        assert candidate.expected_sum == left + (top.front if candidate.side is Side.VISIBLE else hidden)
    best_play = min(candidate.expected_sum for candidate in advice.candidates if candidate.side is not None)
    if advice.suggestion.side is not None:
        assert advice.suggestion.expected_sum == best_play


# ----------------------------------------------------------------- scoring


@EXAMPLES
@given(
    sums=st.lists(st.integers(0, 60), min_size=2, max_size=6),
    knocker=st.none() | st.integers(0, 5),
    seed=st.integers(0, 2**32 - 1),
)
def test_someone_always_scores_0_and_the_seat_order_changes_no_ones_points(
    sums: list[int], knocker: int | None, seed: int
) -> None:
    players = {f"P{seat}": total for seat, total in enumerate(sums)}
    knocker_name = None if knocker is None or knocker >= len(sums) else f"P{knocker}"
    score = score_round(players, knocker_name)
    assert min(score.points.values()) == 0
    for player, total in players.items():
        if player == knocker_name:
            assert score.points[player] in (0, total + 5)
        else:
            assert score.points[player] == (0 if total == min(sums) else total)
    seats = list(players.items())
    random.Random(seed).shuffle(seats)
    assert score_round(dict(seats), knocker_name).points == score.points


# ----------------------------------------------------------------- game states


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 120))
def test_a_game_state_survives_a_json_round_trip_after_any_random_actions(players: int, seed: int, steps: int) -> None:
    state = Game(tuple(f"P{seat}" for seat in range(players)), seed=seed).new_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    document = state.to_dict()
    assert State.from_dict(json.loads(json.dumps(document))).to_dict() == document
    assert Counter(card.pair for pile in (*state.hands, state.draw_pile, state.discard_pile) for card in pile) == (
        Counter(card.pair for card in DECK)
    )

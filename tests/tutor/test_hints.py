"""Progressive hints: level 1 says what exists, level 2 a first step, level 3 the best turn."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings

from solver.nambarz import Card, NambarzError, PlayError, Rules, check, parse_cards, solve
from solver.nambarz.hint import HINT_LEVELS, hint
from solver.nambarz.jokers import Cover
from solver.nambarz.notation import Chain, Turn
from solver.nambarz.planner import plan_turn
from solver.nambarz.turn import check_turn
from tests.nambarz.strategies import Deal, deals
from tutor.nambarz import explain_hint


def hints(top: str, hand: str, rules: Rules | None = None) -> list[dict[str, object]]:
    """The JSON of the three levels for one position."""
    revealed = [hint(Card.parse(top), parse_cards(hand), rules or Rules(), level) for level in HINT_LEVELS]
    return [{**facts.to_dict(), "text": explain_hint(facts)} for facts in revealed]


def test_level_one_counts_matching_cards_and_calculation_sizes_without_naming_a_card() -> None:
    first = hint(Card.parse("3bee"), parse_cards("3 3hippo 10 4 2 7"), Rules(), 1)
    assert (first.matching_cards, first.calculation_sizes, first.master_stroke) == (2, (3, 2), False)
    assert explain_hint(first) == "2 cards in your hand match 3 bee. Calculations of 3 and 2 cards reach 3."
    assert (first.first_card, first.first_operator, first.turn) == (None, None, None)


def test_level_two_names_the_first_card_and_operator_of_the_best_turn() -> None:
    second = hint(Card.parse("3bee"), parse_cards("10 4 2 7"), Rules(), 2)
    assert explain_hint(second) == "Start with 10, then +."
    assert (str(second.first_card), second.first_operator is not None, second.turn) == ("10", True, None)


def test_level_three_shows_the_best_turn_in_mathematical_notation_with_its_points() -> None:
    third = hint(Card.parse("5"), parse_cards("8 8 1 1 9"), Rules(), 3)
    assert (
        explain_hint(third) == "Play 8 + 8 − 1 − 1 − 9: it sheds 5 cards, earns 14 master-stroke points and goes out."
    )
    assert third.turn is not None
    assert third.turn.to_dict()["master_points"] == 14


def test_a_lone_matching_card_is_the_first_step_without_an_operator() -> None:
    second = hint(Card.parse("4"), parse_cards("4hen"), Rules(), 2)
    assert (explain_hint(second), second.first_operator) == ("Start with 4 hen.", None)


def test_a_hand_with_only_a_joker_to_play_says_a_joker_can_be_played() -> None:
    first, second, third = hints("3", "8 Jreplay")
    assert first["text"] == "No card in your hand matches 3. No calculation reaches 3. A joker can still be played."
    assert second["text"] == "Start with the replay joker."
    assert third["turn"] is not None


@pytest.mark.parametrize("hand", ["8", "10 10", "", "7 8"])
def test_every_level_says_to_draw_when_nothing_covers_the_top_card(hand: str) -> None:
    for answer in hints("3bee", hand):
        assert answer["must_draw"] is True
        assert answer["text"] == "Nothing in your hand covers 3 bee: draw a card."
        assert (answer["first_card"], answer["turn"]) == (None, None)


def test_the_fields_revealed_grow_with_the_level() -> None:
    first, second, third = hints("3bee", "10 4 2 7")
    assert [answer["level"] for answer in (first, second, third)] == [1, 2, 3]
    assert first["calculation_sizes"] == second["calculation_sizes"] == third["calculation_sizes"] == [3, 2]
    assert first["first_card"] is None and second["first_card"] == third["first_card"] == "10"
    assert first["turn"] is None and second["turn"] is None and third["turn"] is not None


def test_the_hint_follows_the_rules_setting() -> None:
    only_adding = hint(Card.parse("3bee"), parse_cards("10 4 2 7"), Rules.parse("natural", "+"), 1)
    assert only_adding.calculation_sizes == ()
    assert only_adding.must_draw


@pytest.mark.parametrize("level", [0, 4, -1, True])
def test_a_level_outside_one_to_three_is_refused_naming_the_level(level: int) -> None:
    with pytest.raises(NambarzError, match="hint level must be 1, 2 or 3"):
        hint(Card.parse("3"), parse_cards("1 2"), Rules(), level)


def test_a_joker_on_top_is_refused_as_it_needs_a_number_card() -> None:
    with pytest.raises(PlayError, match="Jnumber is a joker"):
        hint(Card.parse("Jnumber"), parse_cards("1 2"), Rules(), 1)


def test_a_card_the_deck_lacks_is_refused() -> None:
    with pytest.raises(NambarzError, match="77 is not in the deck"):
        hint(Card.parse("3"), parse_cards("1 77"), Rules(), 1)


# --------------------------------------------------------------------------- the rulebook's positions

RULEBOOK_POSITIONS = [
    pytest.param("3ape", "1 2 10 4", (3, 2), False, id="it-III.2-fig4-hand-on-3ape"),
    pytest.param("3", "6 5 2 10", (3, 2), False, id="it-III.2-fig6-six-over-two"),
    pytest.param("3ape", "10bear 1dragonfly 1turtle 9duck", (4,), True, id="it-X-fig5-colpo-da-maestro"),
    pytest.param("5", "8 8 1 1 9", (5,), True, id="it-X-colpo-da-super-maestro"),
    pytest.param("5", "10 10 1 1 1 1", (6,), True, id="it-X-6-carte"),
]


@pytest.mark.parametrize(("top", "hand", "sizes", "master"), RULEBOOK_POSITIONS)
def test_level_one_on_a_rulebook_position_lists_its_calculation_sizes(
    top: str, hand: str, sizes: tuple[int, ...], master: bool
) -> None:
    first = hint(Card.parse(top), parse_cards(hand), Rules(), 1)
    assert (first.calculation_sizes, first.master_stroke) == (sizes, master)
    assert ("A master stroke is possible." in explain_hint(first)) == master


@pytest.mark.parametrize(("top", "hand", "sizes", "master"), RULEBOOK_POSITIONS)
def test_level_three_on_a_rulebook_position_is_a_legal_turn_laying_the_largest_calculation(
    top: str, hand: str, sizes: tuple[int, ...], master: bool
) -> None:
    third = hint(Card.parse(top), parse_cards(hand), Rules(), 3)
    assert third.turn is not None and third.turn.turn is not None
    assert check_turn(Card.parse(top), third.turn.turn).legal
    assert third.turn.shed == sizes[0]
    assert (third.turn.master_points > 0) == master


# --------------------------------------------------------------------------- properties


@settings(max_examples=40, deadline=None)
@given(deals(max_cards=5))
def test_the_first_step_starts_the_best_turn_and_that_turn_is_legal(deal: Deal) -> None:
    plans = plan_turn(Cover(deal.top), deal.hand, Rules(), count=1)
    second = hint(deal.top, deal.hand, Rules(), 2)
    third = hint(deal.top, deal.hand, Rules(), 3)
    assert second.must_draw == third.must_draw == (not plans)
    if not plans:
        return
    assert third.turn == plans[0]
    first_play = plans[0].plays[0]
    assert second.first_card == third.first_card == first_play.cards[0]
    assert third.turn.turn is not None
    assert check_turn(deal.top, third.turn.turn).legal
    if isinstance(first_play, Chain):
        # The first card (and operator) open a legal play: the calculation of the best turn.
        assert check(deal.top, first_play).legal
        if first_play.is_calculation:
            assert first_play.operators[0] == second.first_operator


@settings(max_examples=40, deadline=None)
@given(deals(max_cards=5, jokers=False))
def test_level_one_agrees_with_the_solver_and_round_trips_through_json(deal: Deal) -> None:
    solution = solve(deal.top, deal.hand)
    first = hint(deal.top, deal.hand, Rules(), 1)
    assert first.matching_cards == len(solution.matches)
    assert set(first.calculation_sizes) == {len(calculation.cards) for calculation in solution.calculations}
    assert json.loads(json.dumps(first.to_dict())) == first.to_dict()
    assert first.must_draw == (not solution.matches and not solution.calculations)


def test_a_turn_in_the_hint_parses_back_to_the_same_turn() -> None:
    third = hint(Card.parse("3"), parse_cards("1 2 6 9 4 Jreplay"), Rules(), 3).to_dict()
    assert isinstance(third["turn"], dict)
    assert str(Turn.parse(third["turn"]["turn"])) == third["turn"]["turn"]

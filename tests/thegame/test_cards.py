"""The cards of The Game: the 98 numbers, the fire cards, checking and reading a card."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.errors import NotationError
from solver.thegame.cards import CARDS, FIRE_CARDS, is_card, parse_card
from solver.thegame.rules import CARDS as CARDS_OF_THE_RULES
from solver.thegame.rules import FIRE_CARDS as FIRE_CARDS_OF_THE_RULES


def test_the_game_has_the_98_cards_from_2_to_99_and_six_fire_cards_among_them() -> None:
    assert list(CARDS) == list(range(2, 100))
    assert sorted(FIRE_CARDS) == [22, 33, 44, 55, 66, 77]
    assert FIRE_CARDS.issubset(CARDS)


def test_the_rules_module_still_offers_the_cards_to_the_interfaces_that_import_them_from_there() -> None:
    assert (CARDS_OF_THE_RULES, FIRE_CARDS_OF_THE_RULES) == (CARDS, FIRE_CARDS)


@pytest.mark.parametrize("value", [1, 100, 0, -5, True, 37.0, "37", None])
def test_only_whole_numbers_from_2_to_99_are_cards(value: object) -> None:
    assert not is_card(value)


@given(st.sampled_from(CARDS), st.text(" ", max_size=2), st.text(" ", max_size=2))
def test_every_card_reads_back_from_its_number_with_spaces_around(card: int, before: str, after: str) -> None:
    assert parse_card(f"{before}{card}{after}") == card


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("100", "card 100 does not exist: the cards are 2 to 99"),
        ("x7", "expected a card number from 2 to 99, not 'x7'"),
        ("", "expected a card number from 2 to 99, not ''"),
        ("٣٧", "expected a card number from 2 to 99, not '٣٧'"),
    ],
)
def test_reading_anything_but_a_card_names_the_text(text: str, message: str) -> None:
    with pytest.raises(NotationError) as refusal:
        parse_card(text)
    assert str(refusal.value) == message


def test_a_card_opening_a_placement_is_quoted_with_it_and_located_in_it() -> None:
    with pytest.raises(NotationError) as refusal:
        parse_card(" 1", opening=" 1>asc1")
    assert str(refusal.value) == "card 1 in ' 1>asc1' does not exist: the cards are 2 to 99"
    assert (refusal.value.text, refusal.value.token, refusal.value.position) == (" 1>asc1", "1", 2)

"""The Game's rules that need no game: which card fits on which pile, hand sizes, the minimum of a turn."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.errors import GameError, NambarzError, NotationError
from solver.thegame.rules import (
    CARDS,
    FIRE_CARDS,
    PILES,
    Pile,
    Variant,
    can_play,
    hand_size,
    is_backwards,
    minimum_cards,
    possible_tops,
)

ASCENDING = (Pile.ASC1, Pile.ASC2)
DESCENDING = (Pile.DESC1, Pile.DESC2)

cards = st.sampled_from(CARDS)
piles = st.sampled_from(PILES)


def lays_in_order(pile: Pile, sequence: Sequence[int]) -> bool:
    """Whether ``sequence`` can be laid on ``pile`` one after the other from its start."""
    top = pile.start
    for card in sequence:
        if not can_play(card, pile, top):
            return False
        top = card
    return True


# ----------------------------------------------------------------- the rulebook's examples


@pytest.mark.parametrize("pile", ASCENDING)
def test_rulebook_example_an_ascending_pile_takes_4_then_8_then_13(pile: Pile) -> None:
    assert lays_in_order(pile, [4, 8, 13])


@pytest.mark.parametrize(
    "sequence", [[3, 11, 12, 13, 18, 20, 34, 35, 51], [2, 7, 19, 25, 28, 29, 49]], ids=["from-3", "from-2"]
)
def test_rulebook_example_an_ascending_pile_may_skip_numbers(sequence: list[int]) -> None:
    assert all(lays_in_order(pile, sequence) for pile in ASCENDING)


@pytest.mark.parametrize("sequence", [[94, 90, 78, 61, 60, 57], [98, 97, 88, 83]], ids=["from-94", "from-98"])
def test_rulebook_example_a_descending_pile_may_skip_numbers(sequence: list[int]) -> None:
    assert all(lays_in_order(pile, sequence) for pile in DESCENDING)


def test_the_rulebooks_misprinted_descending_example_85_on_83_is_illegal() -> None:
    # The rulebook lists 98, 97, 88, 83, 85 as a descending pile; 85 is neither lower than 83 nor exactly
    # 93, so the project follows the rule (ruling back-exactly-ten).
    assert not can_play(85, Pile.DESC1, 83)
    assert not lays_in_order(Pile.DESC2, [98, 97, 88, 83, 85])


def test_rulebook_example_giacomo_lays_37_on_the_ascending_pile_showing_47() -> None:
    assert can_play(37, Pile.ASC1, 47)
    assert is_backwards(37, Pile.ASC1, 47)


def test_rulebook_example_susanna_lays_75_on_the_descending_pile_showing_65() -> None:
    assert can_play(75, Pile.DESC2, 65)
    assert is_backwards(75, Pile.DESC2, 65)


def test_rulebook_hand_sizes_are_8_solo_7_for_two_and_6_for_three_to_five() -> None:
    assert [hand_size(players) for players in range(1, 6)] == [8, 7, 6, 6, 6]


def test_rulebook_pro_version_deals_one_card_fewer_and_asks_three_cards_a_turn() -> None:
    assert [hand_size(players, Variant.PRO) for players in range(1, 6)] == [7, 6, 5, 5, 5]
    assert minimum_cards(Variant.PRO, draw_pile=40) == 3


def test_rulebook_a_turn_lays_two_cards_while_the_draw_pile_lasts_and_one_after() -> None:
    assert minimum_cards(Variant.STANDARD, draw_pile=40) == 2
    assert minimum_cards(Variant.STANDARD, draw_pile=0) == 1
    assert minimum_cards(Variant.PRO, draw_pile=0) == 1


def test_the_fire_cards_are_the_six_double_numbers_from_22_to_77() -> None:
    assert sorted(FIRE_CARDS) == [22, 33, 44, 55, 66, 77]


# ----------------------------------------------------------------- edges and errors


def test_the_deck_holds_the_98_cards_from_2_to_99() -> None:
    assert len(CARDS) == 98
    assert (min(CARDS), max(CARDS)) == (2, 99)


@pytest.mark.parametrize("players", [0, 6, -1])
def test_a_game_has_one_to_five_players(players: int) -> None:
    with pytest.raises(GameError, match="1 to 5 players"):
        hand_size(players)


def test_a_pile_is_read_by_its_name_in_any_case() -> None:
    assert [Pile.parse(name) for name in ("asc1", " ASC2", "Desc1 ", "desc2")] == list(PILES)


@pytest.mark.parametrize("name", ["asc3", "", "up", "asc 1"])
def test_an_unknown_pile_name_is_a_notation_error_quoting_it(name: str) -> None:
    with pytest.raises(NotationError, match="unknown pile") as raised:
        Pile.parse(name)
    assert isinstance(raised.value, NambarzError)
    assert repr(name) in str(raised.value)


def test_an_empty_pile_shows_its_start_and_takes_any_card() -> None:
    for pile in PILES:
        assert all(can_play(card, pile, pile.start) for card in CARDS)
        assert pile.start in possible_tops(pile)


def test_a_pile_never_shows_the_start_of_the_other_direction() -> None:
    assert 100 not in possible_tops(Pile.ASC1)
    assert 1 not in possible_tops(Pile.DESC1)


@pytest.mark.parametrize("pile", PILES)
def test_no_card_fits_on_a_pile_showing_itself(pile: Pile) -> None:
    assert not any(can_play(card, pile, card) for card in CARDS)


# ----------------------------------------------------------------- properties


@given(card=cards, pile=piles, top=st.integers(1, 100))
def test_a_card_fits_when_it_goes_the_piles_way_or_exactly_ten_back(card: int, pile: Pile, top: int) -> None:
    forward = card > top if pile.ascending else card < top
    assert can_play(card, pile, top) == (forward or is_backwards(card, pile, top))


@given(card=cards, pile=piles, top=st.integers(1, 100))
def test_the_ten_back_move_goes_against_the_pile_by_exactly_ten(card: int, pile: Pile, top: int) -> None:
    step = card - top if pile.ascending else top - card
    assert is_backwards(card, pile, top) == (step == -10)


@given(card=cards, top=st.integers(2, 99))
def test_the_two_directions_mirror_each_other(card: int, top: int) -> None:
    assert can_play(card, Pile.ASC1, top) == can_play(101 - card, Pile.DESC1, 101 - top)

"""Quando's values: the 55 cards and their notation, actions and theirs, the kinds of play, the code table."""

from __future__ import annotations

import pytest

from solver.errors import CardNotationError, GameError, NotationError
from solver.quando import DECK, KNOCK, PASS, RULINGS, TAKE_HIDDEN, VIOLATIONS, Action, Card, ViolationCode
from solver.quando.cards import MAX_HAND_SUM, can_show, possible_backs
from solver.quando.rules import TurnKind, classify, legal_plays
from solver.rulings import DIGEST, PROJECT
from tests.paths import REPOSITORY

HEADINGS = {
    "Svolgimento del gioco",
    "Possibilità A: Giocare una scala",
    "Possibilità B: Giocare numeri uguali",
    "Azione speciale: terna di numeri",
    "Fine del turno",
}
"""Section headings of the Italian rulebook that the violation codes cite."""


# ----------------------------------------------------------------- cards


def test_the_deck_has_one_card_for_every_pair_of_different_numbers_from_0_to_10() -> None:
    assert len(DECK) == 55
    assert {card.pair for card in DECK} == {(low, high) for low in range(11) for high in range(low + 1, 11)}
    assert all(sum(number in card.pair for card in DECK) == 10 for number in range(11))


def test_the_largest_hand_sum_is_every_card_with_its_higher_number_in_front() -> None:
    assert MAX_HAND_SUM == sum(max(card.pair) for card in DECK) == 385


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3-7", "'3-7' is not a card: expected front/back such as 3/7"),
        ("3/", "is not a card"),
        ("３/7", "is not a card"),
        ("3/11", "numbers from 0 to 10, not 11"),
        ("4/4", "two different numbers, not 4 on both sides"),
    ],
)
def test_a_card_that_cannot_exist_is_refused_with_its_notation(text: str, message: str) -> None:
    with pytest.raises(CardNotationError, match=message):
        Card.parse(text)


def test_the_numbers_ten_cards_can_show_at_once_are_limited_by_the_pairs() -> None:
    assert can_show([7] * 10) and not can_show([7] * 11)
    assert can_show([0, 1]) and not can_show([0, 1], without=[(0, 1), *((0, n) for n in range(2, 11))])
    assert not can_show([0] * 10 + [1] * 10), "0/1 cannot show both its numbers"
    assert can_show([0] * 10 + [1] * 9)


def test_possible_backs_rule_out_a_partner_whose_card_must_be_elsewhere() -> None:
    assert possible_backs(4, []) == (0, 1, 2, 3, 5, 6, 7, 8, 9, 10)
    assert possible_backs(4, [7] * 10) == (0, 1, 2, 3, 5, 6, 8, 9, 10)
    assert possible_backs(4, [7] * 9) == (0, 1, 2, 3, 5, 6, 7, 8, 9, 10)


# ----------------------------------------------------------------- actions


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("play 3 4 5", "play 3 4 5"),
        ("PLAY 5,4,3", "play 3 4 5"),
        ("  play   8 8 8 ", "play 8 8 8"),
        ("play", "play"),
        ("Knock", "knock"),
        ("take Visible", "take visible"),
        ("take hidden", "take hidden"),
        ("flip 2", "flip 2"),
        ("pass", "pass"),
    ],
)
def test_an_action_is_read_in_any_case_and_written_canonically(text: str, written: str) -> None:
    assert str(Action.parse(text)) == written


@pytest.mark.parametrize(
    ("text", "token", "position", "message"),
    [
        ("", "", 1, "empty action"),
        ("draw", "draw", 1, "'draw' at position 1 of 'draw' is not an action"),
        ("play 3 11", "11", 8, "'11' at position 8 of 'play 3 11' is not a number from 0 to 10"),
        ("play 3 -1", "-1", 8, "is not a number from 0 to 10"),
        ("take", "", 5, "'take' is incomplete: 'take' is followed by 'visible' or 'hidden'"),
        ("take both", "both", 6, "'both' at position 6 of 'take both' is not a side"),
        ("flip 0", "0", 6, "is not a hand position: expected a whole number from 1"),
        ("flip 1 2", "2", 8, "unexpected '2' at position 8"),
        ("knock now", "now", 7, "unexpected 'now' at position 7 of 'knock now': 'knock' stands alone"),
        ("play " + "1 " * 56, "1", 116, "a play lays at most 55 cards"),
    ],
)
def test_an_action_that_cannot_be_read_names_the_token_and_its_position(
    text: str, token: str, position: int, message: str
) -> None:
    with pytest.raises(NotationError, match=message) as error:
        Action.parse(text)
    assert (error.value.token, error.value.position) == (token, position)


def test_actions_are_values_whatever_the_order_of_their_numbers() -> None:
    assert Action.play([5, 3, 4]) == Action.parse("play 3 4 5")
    assert (Action.parse("knock"), Action.parse("pass"), Action.parse("take hidden")) == (KNOCK, PASS, TAKE_HIDDEN)
    assert repr(Action.flip(3)) == "Action.parse('flip 3')"


@pytest.mark.parametrize(
    "make",
    [
        lambda: Action.play([11]),
        lambda: Action.flip(0),
        lambda: Action(Action.parse("knock").kind, (3,)),
        lambda: Action(Action.parse("take visible").kind),
    ],
)
def test_an_action_that_makes_no_sense_cannot_be_built(make: object) -> None:
    with pytest.raises(GameError):
        make()  # type: ignore[operator]


# ----------------------------------------------------------------- kinds of play


@pytest.mark.parametrize(
    ("numbers", "kind"),
    [
        ([0, 1, 2], TurnKind.STRAIGHT),
        ([10, 9, 8], TurnKind.STRAIGHT),
        ([7], TurnKind.EQUAL_NUMBERS),
        ([6, 6, 6, 6, 6], TurnKind.EQUAL_NUMBERS),
        ([8, 8, 8], TurnKind.TRIPLE),
        ([3, 4, 5, 6], None),
        ([4, 5], None),
        ([], None),
    ],
)
def test_plays_are_classified_as_the_rulebook_describes(numbers: list[int], kind: TurnKind | None) -> None:
    assert classify(numbers) is kind


def test_legal_plays_lists_straights_first_then_each_count_of_each_number() -> None:
    assert legal_plays([8, 9, 10, 9, 7]) == [(7, 8, 9), (8, 9, 10), (7,), (8,), (9,), (9, 9), (10,)]
    assert legal_plays([]) == []


# ----------------------------------------------------------------- the code table and the rulings


def test_every_violation_code_cites_a_heading_of_the_rulebook_and_says_what_the_rule_is() -> None:
    assert set(VIOLATIONS) == set(ViolationCode)
    for code, reference in VIOLATIONS.items():
        assert code.reference is reference
        assert reference.rule in HEADINGS
        assert reference.summary and reference.penalty is None


def test_every_ruling_comes_from_the_digest_or_is_a_documented_project_decision() -> None:
    assert {ruling.source for ruling in RULINGS.values()} == {DIGEST, PROJECT}
    text = (REPOSITORY / "docs" / "quando.md").read_text(encoding="utf-8")
    assert all(f"`{ruling}`" in text for ruling in RULINGS)
    assert all(f"`{code.value}`" in text for code in ViolationCode)

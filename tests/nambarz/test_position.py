"""The position notation ``TOP / HAND [/ DOMAIN OPERATORS]``: reading, writing and its error messages."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.nambarz import Card, Domain, NambarzError, NotationError, Rules, RulesError, parse_cards
from solver.nambarz.position import Position
from tests.nambarz.strategies import DECK_CARDS, DOMAIN_NAMES, OPERATOR_SUBSETS, card_spellings, casings, rule_settings

CHANGE_JOKERS = tuple(Card.parse(name) for name in ("Jnumber", "Jfigure", "Jboth"))
NUMBER_CARDS = tuple(card for card in DECK_CARDS if not card.is_joker)
HAND_CARDS = tuple(DECK_CARDS)

SIGNS_WITHOUT_SLASH = {"+": ("+",), "-": ("-", "−", "–"), "*": ("*", "×", "x", "·"), "/": ("÷", ":")}
"""Every sign of each operator that can stand in a position's rules part ('/' separates the parts)."""


def examples(count: int) -> settings:
    return settings(
        max_examples=count,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A number card or a change joker on top, up to eight cards of the default deck in hand, any rules or none."""
    top = draw(st.sampled_from(NUMBER_CARDS + CHANGE_JOKERS))
    hand = draw(st.lists(st.sampled_from(HAND_CARDS), max_size=8))
    return Position(top, tuple(hand), draw(st.none() | rule_settings()))


@st.composite
def spellings(draw: st.DrawFn, position: Position) -> str:
    """``position`` written in any accepted way: card aliases, casing, spaces or commas, operator signs."""
    top = draw(card_spellings(position.top))
    separators = [draw(st.sampled_from((" ", "  ", ", ", ","))) for _ in position.hand]
    hand = "".join(
        f"{separator}{draw(card_spellings(card)).strip()}"
        for separator, card in zip(separators, position.hand, strict=True)
    )
    text = f"{top}/{hand} "
    if position.rules is not None:
        domain = draw(casings(position.rules.domain.value))
        signs = "".join(draw(st.sampled_from(SIGNS_WITHOUT_SLASH[sign])) for sign in position.rules.operators)
        text += f"/ {domain} {signs}"
    return text


# ----------------------------------------------------------------- reading and writing


@pytest.mark.parametrize(
    "text",
    [
        "3bee / 1 2 4 6 10 5 7fish Jreplay",
        "10 / 4 6",
        "3 / 1 2 / integer +-",
        "7 / 1 2 3 4 / rational +-×",
        "7 / 1 2 / natural +-×÷",
        "5cat / 9hen 6dragonfly / natural -",
        "Jboth / 3 4fish",
        "Jnumber / 1 / integer +-",
        "Jfigure / 2owl Jreplay Jboth",
        "3 / ",
    ],
)
def test_a_canonical_position_is_written_back_exactly_as_it_was_read(text: str) -> None:
    position = Position.parse(text)
    assert str(position) == text
    assert Position.parse(str(position)) == position


def test_a_position_without_a_rules_part_names_no_rules() -> None:
    position = Position.parse("3bee / 1 2 7fish Jreplay")
    assert position.top == Card.parse("3bee")
    assert position.hand == parse_cards("1 2 7fish Jreplay")
    assert position.rules is None


def test_the_rules_part_sets_domain_and_operators_and_operators_default_to_all_four() -> None:
    assert Position.parse("3 / 1 2 / integer +-").rules == Rules(Domain.INTEGER, "+-")
    assert Position.parse("3 / 1 2 / Rational").rules == Rules(Domain.RATIONAL, "+-*/")
    assert Position.parse("3 / 1 2 / integer ×÷").rules == Rules(Domain.INTEGER, "*/")


def test_rules_written_in_a_position_are_written_back_with_times_and_division_signs() -> None:
    assert str(Position.parse("7 / 1 2 / natural +-*:")) == "7 / 1 2 / natural +-×÷"
    assert str(Position.parse("7 / 1 2 / NATURAL ÷×−+")) == "7 / 1 2 / natural +-×÷"
    assert str(Position.parse("7 / 1 2 / natural +-*/")) == "7 / 1 2 / natural +-×÷"


def test_a_change_joker_may_be_the_top_card() -> None:
    position = Position.parse(" jboth /3 4 ")
    assert position.top == Card.parse("Jboth")
    assert str(position) == "Jboth / 3 4"


def test_figure_aliases_spaces_and_commas_are_read_and_written_canonically() -> None:
    position = Position.parse("  3Biene /1, 10bär,7Fisch   jREPLAY  / INTEGER +−")
    assert position == Position(Card.parse("3bee"), parse_cards("1 10bear 7fish Jreplay"), Rules(Domain.INTEGER, "+-"))
    assert str(position) == "3bee / 1 10bear 7fish Jreplay / integer +-"


def test_a_figure_name_after_a_hyphen_or_a_space_belongs_to_the_card_before_it() -> None:
    position = Position.parse("3 bee / 1 2 3 ape 8-Biene / natural")
    assert position == Position(Card.parse("3bee"), parse_cards("1 2 3bee 8bee"), Rules())
    assert str(position) == "3bee / 1 2 3bee 8bee / natural +-×÷"


def test_the_hand_keeps_its_order_and_its_copies() -> None:
    position = Position.parse("3 / 9 1 9 Jreplay 1")
    assert [str(card) for card in position.hand] == ["9", "1", "9", "Jreplay", "1"]


def test_repr_reads_back_through_parse() -> None:
    position = Position.parse("3bee / 1 2 / integer +-")
    assert repr(position) == "Position.parse('3bee / 1 2 / integer +-')"


def test_a_position_whose_operators_include_division_reads_back_from_its_written_form() -> None:
    # The written form puts the ASCII '/' of the operators into the rules part, where '/'
    # separates the parts: "7 / 1 2 / integer +-*/" has four parts and is refused.
    position = Position.parse("7 / 1 2 / integer +-*÷")
    assert Position.parse(str(position)) == position


@given(data=st.data())
@examples(200)
def test_any_spelling_of_a_position_reads_as_the_cards_and_rules_it_names(data: st.DataObject) -> None:
    position = data.draw(positions())
    text = data.draw(spellings(position))
    assert Position.parse(text) == position


@given(position=positions())
@examples(200)
def test_the_written_form_of_any_position_reads_back_as_the_same_position(position: Position) -> None:
    assert Position.parse(str(position)) == position
    assert str(Position.parse(str(position))) == str(position)


@given(position=positions().filter(lambda position: position.rules is None or "/" not in position.rules.operators))
@examples(200)
def test_the_written_form_of_a_position_without_division_reads_back_as_the_same_position(position: Position) -> None:
    assert Position.parse(str(position)) == position


# ----------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("3 1 2", NotationError, "needs 'TOP / HAND'"),
        ("", NotationError, "needs 'TOP / HAND'"),
        ("3x / 1 2", NotationError, "'3x' is not a card: unknown figure 'x'"),
        ("/ 1 2", NotationError, "empty card"),
        ("3 / 1 2fsh", NotationError, "'2fsh' is not a card: unknown figure 'fsh'"),
        ("3 / 1 Jwild", NotationError, "'Jwild' is not a card: unknown joker"),
        ("3 / 1 0", NotationError, "'0' is not a card: card numbers start at 1"),
        ("3 / 1 2 / ", NotationError, "the rules part is a domain and operators"),
        ("3 / 1 2 / integer +- extra", NotationError, "the rules part is a domain and operators"),
        ("3 / 1 2 / real +-", RulesError, "unknown arithmetic domain 'real'"),
        ("3 / 1 2 / integer +%", RulesError, "unknown operator '%'"),
    ],
)
def test_a_bad_position_is_refused_with_a_message_naming_the_problem(
    text: str, error: type[NambarzError], message: str
) -> None:
    with pytest.raises(error) as raised:
        Position.parse(text)
    assert message in str(raised.value)
    assert "\n" not in str(raised.value)


def test_too_many_parts_are_refused_with_a_message_giving_the_shape_of_a_position() -> None:
    # Either message names the shape; which one depends on whether a '/' after the second
    # separator is read as a fourth part or as part of the rules.
    with pytest.raises(NambarzError) as raised:
        Position.parse("3 / 1 / 2 / 3")
    message = str(raised.value)
    assert "'3 / 1 / 2 / 3'" in message
    assert "DOMAIN OPERATORS" in message or "the rules part is a domain and operators" in message


@pytest.mark.parametrize("text", ["3 1 2", "3x / 1 2", "3 / 1 2fsh", "3 / 1 2 / "])
def test_a_notation_error_quotes_the_whole_position(text: str) -> None:
    with pytest.raises(NotationError) as raised:
        Position.parse(text)
    assert f"position {text!r}" in str(raised.value)
    assert raised.value.text == text


def test_every_domain_and_operator_subset_is_accepted_in_the_rules_part() -> None:
    for domain in DOMAIN_NAMES:
        for operators in OPERATOR_SUBSETS:
            written = operators.replace("/", "÷")
            assert Position.parse(f"3 / 1 2 / {domain} {written}").rules == Rules.parse(domain, operators)

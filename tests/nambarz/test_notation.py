"""Calculation notation and left-to-right arithmetic: accepted forms, round trips and located errors."""

from __future__ import annotations

from fractions import Fraction

import pytest

from solver.nambarz import Card, Chain, NambarzError, NotationError, Operator
from solver.nambarz.arithmetic import apply, evaluate, format_value, in_domain, trace, value_as_written
from solver.nambarz.cards import JOKER_NAMES, JokerType
from solver.nambarz.notation import Turn
from solver.nambarz.rules import Domain

ACCEPTED = [
    pytest.param("1 + 2", "1 + 2", 3, id="spaced"),
    pytest.param("1+2", "1 + 2", 3, id="unspaced"),
    pytest.param("  1\t+\n2  ", "1 + 2", 3, id="any-whitespace"),
    pytest.param("10 - 4 / 2", "10 - 4 / 2", 3, id="no-precedence"),
    pytest.param("1 + 2 * 3", "1 + 2 * 3", 9, id="no-precedence-for-times"),
    pytest.param("(10 - 4) / 2", "10 - 4 / 2", 3, id="brackets-around-a-leading-part"),
    pytest.param("((10-4)/2)", "10 - 4 / 2", 3, id="brackets-around-everything"),
    pytest.param("((10 - 4) / 2) * 3", "10 - 4 / 2 * 3", 9, id="nested-leading-brackets"),
    pytest.param("(1) + 2", "1 + 2", 3, id="brackets-around-the-first-card"),
    pytest.param("10x2", "10 * 2", 20, id="letter-x-for-times"),
    pytest.param("10X2", "10 * 2", 20, id="capital-x-for-times"),
    pytest.param("10 x 2", "10 * 2", 20, id="spaced-letter-x"),
    pytest.param("10 × 2", "10 * 2", 20, id="times-sign"),
    pytest.param("3·2", "3 * 2", 6, id="middle-dot"),
    pytest.param("6÷2", "6 / 2", 3, id="division-sign"),
    pytest.param("6:2", "6 / 2", 3, id="colon"),
    pytest.param("10−4", "10 - 4", 6, id="minus-sign"),
    pytest.param("10–4", "10 - 4", 6, id="en-dash"),
    pytest.param("2x3bee", "2 * 3bee", 6, id="letter-x-before-a-figure-card"),
    pytest.param("3ape+1", "3bee + 1", 4, id="italian-figure"),
    pytest.param("10Bär*1", "10bear * 1", 10, id="german-figure"),
    pytest.param("(9gallina - 6libellula) / 3ippopotamo", "9hen - 6dragonfly / 3hippo", 1, id="italian-figures"),
    pytest.param("(9Huhn - 6Libelle) / 3Nilpferd", "9hen - 6dragonfly / 3hippo", 1, id="german-figures"),
    pytest.param("10Baer + 1Schildkroete", "10bear + 1turtle", 11, id="german-ascii-spellings"),
    pytest.param("2 - 9", "2 - 9", -7, id="negative-value"),
    pytest.param("7 / 2", "7 / 2", Fraction(7, 2), id="fractional-value"),
    pytest.param("3bee", "3bee", 3, id="single-card"),
    pytest.param("3-bee + 4", "3bee + 4", 7, id="figure-after-a-hyphen"),
    pytest.param("8 ape - 5", "8bee - 5", 3, id="figure-after-a-space"),
    pytest.param("8 - ape - 5", "8bee - 5", 3, id="figure-after-a-spaced-hyphen"),
    pytest.param("3 Biene x 2", "3bee * 2", 6, id="german-figure-after-a-space-then-times"),
    pytest.param("10-4", "10 - 4", 6, id="hyphen-between-numbers-is-a-minus"),
    pytest.param("10 -4", "10 - 4", 6, id="hyphen-before-a-number-is-a-minus"),
    pytest.param("3 x 4", "3 * 4", 12, id="one-letter-x-after-a-space-is-times"),
    pytest.param("6+5+2-10 = 3", "6 + 5 + 2 - 10", 3, id="announced-result"),
    pytest.param("6 / 2=3", "6 / 2", 3, id="announced-result-unspaced"),
    pytest.param("1 + 2 = 4", "1 + 2", 3, id="announced-result-that-is-wrong"),
    pytest.param("(10 - 4) / 2 = 3", "10 - 4 / 2", 3, id="announced-result-after-a-bracket"),
    pytest.param("2 - 9 = -7", "2 - 9", -7, id="announced-negative-result"),
    pytest.param("7 / 2 = 7/2", "7 / 2", Fraction(7, 2), id="announced-fraction"),
    pytest.param("3bee = 3", "3bee", 3, id="announced-result-of-one-card"),
]


@pytest.mark.parametrize(("text", "canonical", "value"), ACCEPTED)
def test_an_accepted_form_reads_as_its_canonical_chain(text: str, canonical: str, value: int | Fraction) -> None:
    chain = Chain.parse(text)
    assert str(chain) == canonical
    assert chain.value_as_written() == value


@pytest.mark.parametrize(("text", "canonical", "value"), ACCEPTED)
def test_a_chain_survives_a_str_round_trip(text: str, canonical: str, value: int | Fraction) -> None:
    chain = Chain.parse(text)
    assert Chain.parse(str(chain)) == chain


@pytest.mark.parametrize(("text", "canonical", "value"), ACCEPTED)
def test_the_repr_of_a_chain_evaluates_to_the_same_chain(text: str, canonical: str, value: int | Fraction) -> None:
    chain = Chain.parse(text)
    assert eval(repr(chain), {"Chain": Chain}) == chain


def test_a_chain_keeps_its_cards_and_operators_in_laying_order() -> None:
    chain = Chain.parse("(10 - 4) / 2")
    assert chain.cards == (Card.parse("10"), Card.parse("4"), Card.parse("2"))
    assert chain.operators == (Operator.SUBTRACT, Operator.DIVIDE)
    assert chain.numbers == (10, 4, 2)
    assert list(chain) == list(chain.cards)
    assert len(chain) == 3


def test_one_card_is_a_matching_play_and_two_make_a_calculation() -> None:
    assert not Chain.parse("3bee").is_calculation
    assert Chain.parse("1 + 2").is_calculation


def test_a_chain_built_from_cards_and_operators_equals_the_parsed_one() -> None:
    built = Chain.of(Card.parse("7fish"), Operator.SUBTRACT, Card.parse("4hen"))
    assert built == Chain.parse("7pesce - 4gallina")
    assert Chain.of(Card.parse("3")) == Chain.parse("3")


def test_jokers_can_be_written_in_a_chain_for_the_referee_to_refuse() -> None:
    assert Chain.parse("Jboth + 3").cards[0] == Card.parse("Jboth")


# --------------------------------------------------------------------------- errors

# Text, the offending token, its 1-based position in the text, and a fragment of the message.
BAD_NOTATION = [
    pytest.param("6 / 2 = three", "=", 7, "only the result announced", id="announced-result-not-a-number"),
    pytest.param("6 / 2 =", "=", 7, "only the result announced", id="announced-result-missing"),
    pytest.param("6 / 2 = 3 + 1", "=", 7, "only the result announced", id="announced-result-not-last"),
    pytest.param("1 + 2 = 3 = 3", "=", 7, "only the result announced", id="two-announced-results"),
    pytest.param("= 3", "=", 1, "follows the calculation", id="announced-result-alone"),
    pytest.param("6 / = 3", "=", 5, "follows the calculation", id="announced-result-after-an-operator"),
    pytest.param("Jboth = 3", "=", 7, "follows the calculation", id="announced-result-after-a-joker"),
    pytest.param("3 ! 4", "!", 3, "unexpected '!'", id="unexpected-character"),
    pytest.param("3 & 4", "&", 3, "unexpected '&'", id="unexpected-symbol"),
    pytest.param("3 + ½", "½", 5, "unexpected '½'", id="unexpected-vulgar-fraction"),
    pytest.param("1 + foo", "foo", 5, "a card starts with its number", id="word-without-number"),
    pytest.param("3 + bee", "bee", 5, "a card starts with its number", id="figure-without-a-number"),
    pytest.param("3 fsh", "3 fsh", 1, "unknown figure 'fsh'", id="unknown-figure-after-a-space"),
    pytest.param("3 Jboth", "Jboth", 3, "expected an operator", id="a-joker-after-a-space-is-a-card-of-its-own"),
    pytest.param("1 2", "2", 3, "expected an operator between '1' and '2'", id="two-cards-in-a-row"),
    pytest.param("3bee 5cat", "5cat", 6, "between '3bee' and '5cat'", id="two-figure-cards-in-a-row"),
    pytest.param("1 + * 2", "*", 5, "expected a card after '+'", id="two-operators-in-a-row"),
    pytest.param("1 ++ 2", "+", 4, "expected a card after '+'", id="doubled-operator"),
    pytest.param("10 - -4", "-", 6, "expected a card after '-'", id="negative-card"),
    pytest.param("+ 1", "+", 1, "expected a card", id="leading-operator"),
    pytest.param("1 +", "+", 3, "ends with '+'", id="trailing-operator"),
    pytest.param("1 + 2 ×", "×", 7, "ends with '×'", id="trailing-times-sign"),
    pytest.param("", "", 1, "empty calculation", id="empty"),
    pytest.param("   ", "", 1, "empty calculation", id="blank"),
    pytest.param("10 - (4 / 2)", "(", 6, "left to right", id="brackets-around-a-later-part"),
    pytest.param("1 + (2)", "(", 5, "left to right", id="brackets-around-the-last-card"),
    pytest.param("(1)+(2)", "(", 5, "left to right", id="second-bracket-group"),
    pytest.param("(10 - 4 / 2", "(", 1, "unclosed", id="unclosed-bracket"),
    pytest.param("((10-4)/2", "(", 1, "unclosed", id="one-of-two-brackets-unclosed"),
    pytest.param("10 - 4) / 2", ")", 7, "nothing to close", id="unopened-bracket"),
    pytest.param("1+2)", ")", 4, "nothing to close", id="extra-closing-bracket"),
    pytest.param("()", ")", 2, "a card is missing", id="empty-brackets"),
    pytest.param("(10 - ) 4", ")", 7, "a card is missing", id="operator-before-closing-bracket"),
    pytest.param("(", "(", 1, "expected a card", id="lone-bracket"),
    pytest.param("3fsh + 1", "3fsh", 1, "unknown figure 'fsh'", id="unknown-figure"),
    pytest.param("1 + 3Unicorn", "3Unicorn", 5, "unknown figure 'Unicorn'", id="unknown-figure-later"),
    pytest.param("0 + 3", "0", 1, "card numbers start at 1", id="card-zero"),
    pytest.param("2 * Jfoo", "Jfoo", 5, "unknown joker", id="unknown-joker"),
]


@pytest.mark.parametrize(("text", "token", "position", "fragment"), BAD_NOTATION)
def test_bad_notation_names_the_offending_token_and_its_position(
    text: str, token: str, position: int, fragment: str
) -> None:
    with pytest.raises(NotationError) as caught:
        Chain.parse(text)
    error = caught.value
    assert (error.text, error.token, error.position) == (text, token, position)
    assert fragment in str(error)
    assert repr(text) in str(error)


@pytest.mark.parametrize(("text", "token", "position", "fragment"), BAD_NOTATION)
def test_the_reported_position_points_at_the_reported_token(
    text: str, token: str, position: int, fragment: str
) -> None:
    with pytest.raises(NotationError) as caught:
        Chain.parse(text)
    error = caught.value
    assert error.position >= 1
    assert error.text[error.position - 1 : error.position - 1 + len(error.token)] == error.token


def test_a_calculation_must_be_written_as_text() -> None:
    with pytest.raises(NotationError, match="as text, not NoneType"):
        Chain.parse(None)  # type: ignore[arg-type]


def test_a_chain_needs_a_card() -> None:
    with pytest.raises(NotationError, match="at least one card"):
        Chain(())


def test_a_chain_needs_one_operator_fewer_than_cards() -> None:
    with pytest.raises(ValueError, match="operators"):
        Chain((Card.parse("1"),), (Operator.ADD,))


def test_notation_errors_are_value_errors_with_a_code() -> None:
    with pytest.raises(NotationError) as caught:
        Chain.parse("1 2")
    assert isinstance(caught.value, NambarzError)
    assert isinstance(caught.value, ValueError)
    assert caught.value.code == "invalid-notation"


# --------------------------------------------------------------------------- left-to-right arithmetic


def test_a_step_outside_the_natural_numbers_has_no_result_there() -> None:
    assert apply(2, Operator.SUBTRACT, 5, Domain.NATURAL) is None
    assert apply(2, Operator.SUBTRACT, 5, Domain.INTEGER) == -3
    assert apply(7, Operator.DIVIDE, 2, Domain.INTEGER) is None
    assert apply(7, Operator.DIVIDE, 2, Domain.RATIONAL) == Fraction(7, 2)
    assert apply(0, Operator.DIVIDE, 2, Domain.NATURAL) == 0


def test_a_whole_fraction_is_normalised_to_an_int() -> None:
    half = apply(7, Operator.DIVIDE, 2, Domain.RATIONAL)
    assert half is not None
    whole = apply(half, Operator.MULTIPLY, 2, Domain.RATIONAL)
    assert whole == 7
    assert type(whole) is int


def test_the_domains_admit_what_their_names_say() -> None:
    assert [in_domain(value, Domain.NATURAL) for value in (0, 3, -1, Fraction(1, 2))] == [True, True, False, False]
    assert [in_domain(value, Domain.INTEGER) for value in (0, -1, Fraction(1, 2))] == [True, True, False]
    assert in_domain(Fraction(-1, 2), Domain.RATIONAL)


def test_a_trace_marks_each_step_in_or_out_of_the_domain() -> None:
    steps = Chain.parse("2 - 5 + 6").trace(Domain.NATURAL)
    assert [str(step) for step in steps] == ["2 − 5 = -3", "-3 + 6 = 3"]
    assert [step.in_domain for step in steps] == [False, True]
    assert all(step.in_domain for step in Chain.parse("2 - 5 + 6").trace(Domain.INTEGER))


def test_the_value_as_written_ignores_the_domain_but_evaluate_respects_it() -> None:
    numbers, operators = (2, 5, 6), (Operator.SUBTRACT, Operator.ADD)
    assert value_as_written(numbers, operators) == 3
    assert evaluate(numbers, operators, Domain.NATURAL) is None
    assert evaluate(numbers, operators, Domain.INTEGER) == 3
    assert evaluate((4,), (), Domain.NATURAL) == 4


def test_a_trace_needs_one_operator_fewer_than_numbers() -> None:
    with pytest.raises(ValueError, match="operators"):
        trace((1, 2), (), Domain.NATURAL)


def test_values_are_formatted_as_whole_numbers_or_fractions() -> None:
    assert [format_value(value) for value in (3, -7, Fraction(-7, 2), None)] == ["3", "-7", "-7/2", None]


@pytest.mark.parametrize("joker", list(JokerType))
@pytest.mark.parametrize("lang", ["en", "it", "de", "fr"])
def test_a_joker_may_be_written_by_its_name_in_every_language(joker: JokerType, lang: str) -> None:
    name = JOKER_NAMES[joker][lang]
    held_together = name.replace(" ", "\u00a0")
    written = f"{name.upper()} ; 7 owl" if joker is JokerType.REPLAY else f"{held_together} 5"
    expected = "Jreplay ; 7owl" if joker is JokerType.REPLAY else f"{Card.joker_card(joker)} 5"
    assert Turn.parse(written) == Turn.parse(expected)


def test_a_calculation_written_with_school_signs_and_named_cards_reads_as_its_notation() -> None:
    assert Chain.parse("(9 gallina − 3\u00a0Huhn) × 2") == Chain.parse("(9hen - 3hen) * 2")

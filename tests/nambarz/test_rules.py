"""Rules settings: arithmetic domain and operator subset, as users write them, and their errors."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from solver.nambarz import Domain, NambarzError, Operator, Rules, RulesError
from solver.nambarz.rules import parse_domain, parse_operators


def test_the_default_is_natural_numbers_with_all_four_operations() -> None:
    assert Rules() == Rules(Domain.NATURAL, "+-*/") == Rules.parse()
    assert Rules().to_dict() == {"domain": "natural", "ops": "+-*/"}


@pytest.mark.parametrize(
    ("domain", "ops", "expected"),
    [
        pytest.param("natural", "+-*/", Rules(Domain.NATURAL, "+-*/"), id="canonical"),
        pytest.param(" Integer ", "+-", Rules(Domain.INTEGER, "+-"), id="domain-any-case-and-spaces"),
        pytest.param("RATIONAL", "÷×", Rules(Domain.RATIONAL, "*/"), id="printed-signs-in-any-order"),
        pytest.param("natural", "/ + ", Rules(Domain.NATURAL, "+/"), id="spaces-between-signs"),
        pytest.param("natural", "+,-", Rules(Domain.NATURAL, "+-"), id="commas-between-signs"),
        pytest.param("natural", "x:", Rules(Domain.NATURAL, "*/"), id="letter-x-and-colon"),
        pytest.param("natural", "−–·", Rules(Domain.NATURAL, "-*"), id="minus-sign-dash-and-middle-dot"),
        pytest.param("natural", "+-+-", Rules(Domain.NATURAL, "+-"), id="repeated-signs"),
    ],
)
def test_a_rules_setting_is_read_as_users_write_it(domain: str, ops: str, expected: Rules) -> None:
    assert Rules.parse(domain, ops) == expected


@pytest.mark.parametrize("rules", [Rules(), Rules.parse("integer", "+-"), Rules.parse("rational", "*/")], ids=str)
def test_the_repr_of_a_rules_setting_evaluates_to_the_same_setting(rules: Rules) -> None:
    assert eval(repr(rules), {"Rules": Rules, "Domain": Domain}) == rules


def test_the_reprs_of_domains_and_operators_evaluate_to_themselves() -> None:
    names = {"Domain": Domain, "Operator": Operator}
    for member in [*Domain, *Operator]:
        assert eval(repr(member), names) is member


def test_a_rules_setting_prints_and_serialises_its_domain_and_operators() -> None:
    rules = Rules.parse("integer", "-+")
    assert str(rules) == "integer, +-"
    assert rules.to_dict() == {"domain": "integer", "ops": "+-"}


def test_a_rules_setting_says_which_operators_it_allows() -> None:
    rules = Rules.parse("natural", "+-")
    assert [operator for operator in Operator if rules.allows(operator)] == [Operator.ADD, Operator.SUBTRACT]
    assert not rules.allows(Operator.DIVIDE)


def test_operators_print_with_the_signs_readers_expect() -> None:
    assert [operator.sign for operator in Operator] == ["+", "−", "×", "÷"]
    assert [operator.value for operator in Operator] == ["+", "-", "*", "/"]


def test_the_helpers_read_domains_and_operator_subsets() -> None:
    assert parse_domain("Natural") is Domain.NATURAL
    assert parse_operators("÷ +") == "+/"


# --------------------------------------------------------------------------- errors

BAD_SETTINGS = [
    pytest.param(lambda: Rules.parse("real"), ["'real'", "natural, integer or rational"], id="unknown-domain"),
    pytest.param(lambda: Rules.parse("naturals"), ["'naturals'"], id="domain-with-a-typo"),
    pytest.param(lambda: Rules.parse(""), ["''", "arithmetic domain"], id="empty-domain"),
    pytest.param(lambda: Rules.parse(3), ["3", "arithmetic domain"], id="domain-not-text"),  # type: ignore[arg-type]
    pytest.param(lambda: Rules.parse("natural", "%"), ["'%'", "operator subset '%'"], id="unknown-operator"),
    pytest.param(lambda: Rules.parse("natural", "+-^"), ["'^'", "'+-^'"], id="one-unknown-operator-among-good-ones"),
    pytest.param(lambda: Rules.parse("natural", ""), ["''", "empty"], id="empty-operator-subset"),
    pytest.param(lambda: Rules.parse("natural", " , "), ["' , '", "empty"], id="operator-subset-of-separators-only"),
    pytest.param(lambda: Rules.parse("natural", 3), ["not int"], id="operator-subset-not-text"),  # type: ignore[arg-type]
    pytest.param(lambda: Rules(domain="natural"), ["'natural'", "Domain"], id="domain-as-text-in-the-constructor"),  # type: ignore[arg-type]
    pytest.param(lambda: Rules(operators="-+"), ["'-+'", "order +-*/"], id="operators-out-of-order-in-the-constructor"),
    pytest.param(lambda: Rules(operators=""), ["''", "non-empty"], id="no-operators-in-the-constructor"),
    pytest.param(lambda: Rules(operators="x"), ["'x'"], id="printed-sign-in-the-constructor"),
    pytest.param(lambda: Rules(operators=None), ["None"], id="operators-missing-in-the-constructor"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("make", "fragments"), BAD_SETTINGS)
def test_a_bad_rules_setting_is_an_error_naming_the_bad_part(make: Callable[[], object], fragments: list[str]) -> None:
    with pytest.raises(RulesError) as caught:
        make()
    for fragment in fragments:
        assert fragment in str(caught.value)


def test_rules_errors_are_value_errors_with_a_code() -> None:
    with pytest.raises(RulesError) as caught:
        Rules.parse("real")
    assert isinstance(caught.value, NambarzError)
    assert isinstance(caught.value, ValueError)
    assert caught.value.code == "invalid-rules"

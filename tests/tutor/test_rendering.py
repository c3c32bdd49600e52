"""Rendering of left-to-right calculations (plain text checked against sympy), and the missing-card puzzles."""

from __future__ import annotations

import re
import subprocess
import sys
from fractions import Fraction

import pytest
import sympy  # type: ignore[import-untyped]
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import NotationError, PlayError, UnknownCardError
from solver.nambarz import Card, Chain, Deck, Rules, check
from tests.nambarz.strategies import Deal, chains, deals, operator_tuples, rule_settings
from tutor.nambarz import mathematical
from tutor.puzzles import BlankChain, blank_numbers, missing_cards
from tutor.rendering import notation_from_words, render_latex, render_plain, to_expression

DECK = Deck.default()
FIGURE_NAME = re.compile(r"(?<=\d) [a-z]+")


def as_sympy_value(value: int | Fraction) -> sympy.Rational:
    return sympy.Rational(value.numerator, value.denominator)


def plain_as_python(text: str) -> str:
    """The plain rendering with figure names dropped and the printed signs mapped back to ``- * /``."""
    return FIGURE_NAME.sub("", text).replace("−", "-").replace("×", "*").replace("÷", "/")


def latex_as_python(text: str) -> str:
    for latex, python in (("\\left(", "("), ("\\right)", ")"), ("\\times", "*"), ("\\div", "/")):
        text = text.replace(latex, python)
    return text


@pytest.mark.parametrize(
    ("notation", "plain", "latex"),
    [
        ("7fish", "7 fish", "7"),
        ("1 + 2", "1 + 2", "1 + 2"),
        ("10 - 4 / 2", "(10 − 4) ÷ 2", "\\left(10 - 4\\right) \\div 2"),
        ("6 * 5 / 10", "6 × 5 ÷ 10", "6 \\times 5 \\div 10"),
        ("10 - 6 - 1", "10 − 6 − 1", "10 - 6 - 1"),
        ("6 / 2 * 3", "6 ÷ 2 × 3", "6 \\div 2 \\times 3"),
        ("2 + 3 * 4 - 1 / 5", "((2 + 3) × 4 − 1) ÷ 5", "\\left(\\left(2 + 3\\right) \\times 4 - 1\\right) \\div 5"),
        ("9hen - 6dragonfly / 3hippo", "(9 hen − 6 dragonfly) ÷ 3 hippo", "\\left(9 - 6\\right) \\div 3"),
        ("1 + 1 * 1", "(1 + 1) × 1", "\\left(1 + 1\\right) \\times 1"),
    ],
)
def test_known_calculations_render_as_plain_text_and_latex(notation: str, plain: str, latex: str) -> None:
    chain = Chain.parse(notation)
    assert render_plain(chain) == plain
    assert render_latex(chain) == latex


def test_the_expression_keeps_the_laid_structure_until_it_is_evaluated() -> None:
    expression = to_expression(Chain.parse("10 - 4 / 2"))
    assert isinstance(expression, sympy.Mul)
    assert expression != 3
    assert expression.doit() == 3


def test_only_chains_can_be_turned_into_expressions() -> None:
    for render in (to_expression, render_plain, render_latex):
        with pytest.raises(TypeError, match="needs a Chain, not str"):
            render("10 - 4")  # type: ignore[arg-type]


@given(chain=chains())
def test_the_expression_evaluates_to_the_exact_left_to_right_value(chain: Chain) -> None:
    value = chain.value_as_written()
    # Cards start at 1, so no calculation of cards can divide by zero.
    assert value is not None
    assert to_expression(chain).doit() == as_sympy_value(value)


@given(chain=chains(max_cards=10))
def test_the_plain_rendering_read_with_usual_precedence_gives_the_left_to_right_value(chain: Chain) -> None:
    # sympy is the oracle: it reads the printed text with the usual precedence, in the rational domain.
    value = chain.value_as_written()
    assert value is not None
    assert sympy.sympify(plain_as_python(render_plain(chain))) == as_sympy_value(value)


@given(chain=chains(max_cards=10))
def test_the_plain_rendering_brackets_exactly_where_the_latex_rendering_does(chain: Chain) -> None:
    # The plain text is written without sympy, the LaTeX by sympy's printer: their structure must agree.
    assert plain_as_python(render_plain(chain)) == latex_as_python(render_latex(chain))


def test_the_plain_rendering_needs_no_sympy() -> None:
    program = (
        "import sys\n"
        "from solver.nambarz.notation import Chain\n"
        "from tutor.rendering import render_plain\n"
        "assert render_plain(Chain.parse('2 + 3 * 4 - 1 / 5')) == '((2 + 3) × 4 − 1) ÷ 5'\n"
        "print('sympy' in sys.modules)\n"
    )
    finished = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True, timeout=60)
    assert finished.stdout == "False\n"


@given(chain=chains())
def test_the_latex_rendering_read_with_usual_precedence_gives_the_left_to_right_value(chain: Chain) -> None:
    value = chain.value_as_written()
    assert value is not None
    assert sympy.sympify(latex_as_python(render_latex(chain))) == as_sympy_value(value)


@given(chain=chains())
def test_the_explanations_print_calculations_exactly_as_the_plain_rendering(chain: Chain) -> None:
    assert mathematical(chain) == render_plain(chain)


@pytest.mark.parametrize(
    ("puzzle", "top", "rules", "answers"),
    [
        ("10 - ? / 2", "3bee", "natural", ["4"]),
        ("? - 4 / 3", "2", "natural", ["10"]),
        ("9hen - ? / 3hippo", "1", "natural", ["6dragonfly", "6turtle"]),
        ("8 / ?", "4", "natural", ["2"]),
        ("2 - ? + 9", "8", "natural", []),
        ("2 - ? + 9", "8", "integer", ["3"]),
        # 3 ÷ 6 leaves the natural numbers.
        ("3 / ? * 8", "4", "natural", []),
        ("3 / ? * 8", "4", "rational", ["6"]),
        # Division is not among the allowed operations.
        ("3 / ? * 8", "4", "rational:+-*", []),
        # 7 matches the top card 7owl.
        ("7 / ? * 3", "7owl", "rational", []),
        # 6 − 4 already makes 2, so 6 + 4 ÷ 5 is not minimal.
        ("(6 + ?) / 5", "2", "natural", []),
        ("1 + 2 * ?", "9", "natural", ["3"]),
    ],
)
def test_missing_card_puzzles_have_the_expected_answers(puzzle: str, top: str, rules: str, answers: list[str]) -> None:
    domain, _, operators = rules.partition(":")
    setting = Rules.parse(domain, operators or "+-*/")
    found = missing_cards(BlankChain.parse(puzzle), Card.parse(top), setting)
    assert [str(card) for card in found] == answers


def test_a_blank_that_cancels_out_lets_the_referee_judge_every_face() -> None:
    puzzle = BlankChain.parse("3 - 3 * ? + 5")
    assert blank_numbers(puzzle, 5) is None
    assert blank_numbers(puzzle, 6) == set()
    # Every number makes 5, but 5 itself matches the top card and the others leave a smaller calculation.
    assert missing_cards(puzzle, Card.parse("5"), Rules.parse("natural")) == []


def test_a_blank_as_divisor_is_solved_as_an_equation() -> None:
    assert blank_numbers(BlankChain.parse("9 / ?"), 3) == {3}
    assert blank_numbers(BlankChain.parse("9 / ?"), 2) == set()


def test_puzzle_notation_round_trips_through_text() -> None:
    puzzle = BlankChain.parse("(10−?)÷2")
    assert str(puzzle) == "10 - ? / 2"
    assert BlankChain.parse(str(puzzle)) == puzzle
    assert repr(puzzle) == "BlankChain.parse('10 - ? / 2')"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("10 - 4", "no blank in '10 - 4'"),
        ("? + ?", "second '\\?' at position 5"),
        ("3hen - ?fish", "must stand alone as a card"),
        ("1?", "must stand alone as a card"),
        ("? - 3fsh", "puzzle '\\? - 3fsh'"),
        ("? -", "puzzle '\\? -'"),
    ],
)
def test_bad_puzzle_notation_is_rejected_with_the_position(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        BlankChain.parse(text)


def test_a_puzzle_must_be_text() -> None:
    with pytest.raises(NotationError, match="written as text, not int"):
        BlankChain.parse(3)  # type: ignore[arg-type]


def test_the_missing_card_solver_rejects_tops_and_cards_it_cannot_judge() -> None:
    with pytest.raises(PlayError, match="top card Jboth is a joker"):
        missing_cards(BlankChain.parse("10 - ?"), Card.parse("Jboth"))
    with pytest.raises(PlayError, match="Jnumber"):
        missing_cards(BlankChain.parse("Jnumber - ?"), Card.parse("3"))
    with pytest.raises(UnknownCardError, match="top card and puzzle: 3fish is not in the deck"):
        missing_cards(BlankChain.parse("3fish - ?"), Card.parse("3"))
    with pytest.raises(TypeError, match="needs a BlankChain"):
        missing_cards("10 - ?", Card.parse("3"))  # type: ignore[arg-type]


def test_faces_with_no_copy_left_are_not_offered() -> None:
    # The default deck has four copies of the symbol card 1: the top card and three known cards use them all.
    puzzle = BlankChain.parse("1 * 1 * 1 + ?")
    assert DECK.count(Card.parse("1")) == 4
    assert all(str(card) != "1" for card in missing_cards(puzzle, Card.parse("1"), Rules.parse("natural")))


@st.composite
def puzzles(draw: st.DrawFn) -> tuple[Card, BlankChain]:
    """A top card and a puzzle of two or three cards whose known cards come from the same deck."""
    deal: Deal = draw(deals(min_cards=1, max_cards=2, jokers=False))
    blank = draw(st.integers(0, len(deal.hand)))
    cards = list(deal.hand)
    cards.insert(blank, deal.top)
    chain = Chain(tuple(cards), draw(operator_tuples(len(cards) - 1)))
    return deal.top, BlankChain(chain, blank)


def brute_force_answers(top: Card, puzzle: BlankChain, rules: Rules) -> list[Card]:
    """Every face the deck still has a copy of that the referee accepts in the blank."""
    answers = []
    for face in DECK.faces():
        if face.is_joker:
            continue
        try:
            verdict = check(top, puzzle.filled(face), rules, deck=DECK)
        except UnknownCardError:
            continue
        if verdict.legal:
            answers.append(face)
    return answers


@settings(max_examples=40, deadline=None)
@given(case=puzzles(), rules=rule_settings())
def test_the_missing_cards_are_exactly_the_faces_the_referee_accepts(
    case: tuple[Card, BlankChain], rules: Rules
) -> None:
    top, puzzle = case
    found = missing_cards(puzzle, top, rules)
    for card in found:
        verdict = check(top, puzzle.filled(card), rules)
        assert verdict.legal
        assert verdict.value == top.value
    assert found == brute_force_answers(top, puzzle, rules)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Mixreplay joker", "Mixreplay joker"),
        ("pre-replay joker 4", "pre-replay joker 4"),
        ("7jolly per rigiocare", "7jolly per rigiocare"),
        ("4, replay joker", "4, Jreplay"),
        ("(Jolly doppio cambio 4)", "(Jboth 4)"),
    ],
)
def test_a_joker_s_name_is_read_only_as_a_whole_word(text: str, read: str) -> None:
    assert notation_from_words(text) == read

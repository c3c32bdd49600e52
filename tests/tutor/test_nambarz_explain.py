"""The English explanations printed by the command line."""

from __future__ import annotations

import pytest

from solver.nambarz import Card, Chain, Rules, check, parse_cards, solve
from solver.nambarz.notation import Turn
from solver.nambarz.turn import check_turn
from tutor.nambarz import explain_play_verdict, explain_solution, explain_turn, mathematical


@pytest.mark.parametrize(
    ("notation", "printed"),
    [
        ("1 + 2", "1 + 2"),
        ("10 - 4 / 2", "(10 − 4) ÷ 2"),
        ("6 * 5 / 10", "6 × 5 ÷ 10"),
        ("10 - 6 - 1", "10 − 6 − 1"),
        ("2 + 3 * 4 - 1 / 5", "((2 + 3) × 4 − 1) ÷ 5"),
        ("9hen - 6dragonfly / 3hippo", "(9 hen − 6 dragonfly) ÷ 3 hippo"),
    ],
)
def test_calculations_print_with_brackets_only_where_left_to_right_reading_needs_them(
    notation: str, printed: str
) -> None:
    assert mathematical(Chain.parse(notation)) == printed


def test_a_penalty_explanation_names_the_rule_the_resolution_and_the_ruling() -> None:
    text = explain_play_verdict(check(Card.parse("3bee"), Chain.parse("6 + 5 + 2 - 10")))
    assert text.splitlines()[0] == (
        "Fewer cards would do: 6 ÷ 2. 6 ÷ 2 stays on the table; you take back 5 and 10 and draw 3 cards."
    )
    assert "Rule III.2, penalty V.1" in text
    assert "Rules digest: a non-minimal calculation is cut to a smallest sub-calculation, the rest returns." in text
    assert "not-minimal" not in text


def test_a_void_play_says_every_card_comes_back() -> None:
    text = explain_play_verdict(check(Card.parse("4"), Chain.parse("1 + 3bee")))
    assert "Rule III.2, penalty V.3" in text
    assert (
        text.splitlines()[0] == "You mixed symbol cards and figure cards. You take back 1 and 3 bee and draw 3 cards."
    )


def test_a_recombination_is_shown_in_the_resolution() -> None:
    text = explain_play_verdict(check(Card.parse("3"), Chain.parse("10 - 4 * 2")))
    assert "Your cards stay on the table as (10 − 4) ÷ 2 and you draw 3 cards." in text


def test_a_master_stroke_is_announced_with_its_points() -> None:
    text = explain_play_verdict(check(Card.parse("5"), Chain.parse("8 + 8 - 1 - 1 - 9")))
    assert "Master stroke: 14 points." in text
    assert "The next play covers 9." in text


def test_the_rules_setting_is_stated_in_every_explanation() -> None:
    text = explain_play_verdict(check(Card.parse("3"), Chain.parse("1 + 2"), Rules.parse("integer", "+-")))
    assert "Rules: whole numbers with negatives, operations + −." in text


def test_a_solution_lists_matches_and_a_table_of_calculations() -> None:
    text = explain_solution(solve(Card.parse("3bee"), parse_cards("8bee 1 2 Jboth")))
    assert "Play alone: 8 bee." in text
    assert "1 legal calculation:" in text
    assert "2 + 1" in text


def test_a_hand_with_nothing_to_play_says_so() -> None:
    text = explain_solution(solve(Card.parse("3"), parse_cards("7 9")))
    assert "No card can be played alone." in text
    assert "No legal calculation." in text


def test_a_play_without_a_replay_joker_is_explained_with_its_rules_and_the_penalty_of_rule_v() -> None:
    lines = explain_turn(check_turn(Card.parse("3"), Turn.parse("1 + 2 ; 4 - 1"))).splitlines()
    assert lines[5:7] == [
        "Play 2. To play again, you first lay the replay joker. You take back 4 and 1 and draw 3 cards.",
        "  Rule IV, penalty V: 4 − 1 is a further play of the turn, made without laying the replay joker first.",
    ]
    assert lines[-1] == (
        "  Project decision: a play made without a replay joker before it returns to the hand; draw 3 and the turn "
        "ends."
    )


def test_a_change_joker_laid_on_another_leaves_the_first_joker_waiting() -> None:
    lines = explain_turn(check_turn(Card.parse("5"), Turn.parse("Jboth Jnumber 4"))).splitlines()
    assert lines[1:4] == [
        "Play 1. A change joker never goes on another change joker. The double-change joker stays on the table; "
        "you take back the change-number joker and 4 and draw 3 cards.",
        "  Rule IV, penalty V.5: a change joker is never played directly on another change joker.",
        "A change joker is on top: the next player lays one card of the kind it allows.",
    ]


def test_a_joker_inside_a_calculation_shows_no_steps_since_the_calculation_has_no_value() -> None:
    text = explain_turn(check_turn(Card.parse("5"), Turn.parse("Jboth 3 + Jnumber")))
    assert "Steps:" not in text
    assert "  Rule IV, penalty V.5: this joker cannot be played in this position." in text
    assert (
        "  Rule III.2, penalty V.5: a joker is laid inside the calculation 3 + change-number joker, "
        "which takes number cards only." in text
    )
    assert "You take back the double-change joker, 3 and the change-number joker and draw 3 cards." in text

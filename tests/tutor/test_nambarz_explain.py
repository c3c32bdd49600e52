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
        ("9hen - 6dragonfly / 3hippo", "(9hen − 6dragonfly) ÷ 3hippo"),
    ],
)
def test_calculations_print_with_brackets_only_where_left_to_right_reading_needs_them(
    notation: str, printed: str
) -> None:
    assert mathematical(Chain.parse(notation)) == printed


def test_a_penalty_explanation_names_the_rule_the_resolution_and_the_ruling() -> None:
    text = explain_play_verdict(check(Card.parse("3bee"), Chain.parse("6 + 5 + 2 - 10")))
    assert text.splitlines()[0] == "Not legal: 6 + 5 + 2 − 10 on 3bee."
    assert "not-minimal (rule III.2, penalty V.1)" in text
    assert "Resolution: 6 ÷ 2 stays on the table; take back 5 and 10; draw 3 cards." in text
    assert "Ruling not-minimal-smallest-stays (rules digest)" in text


def test_a_void_play_explains_that_the_turn_passes() -> None:
    text = explain_play_verdict(check(Card.parse("4"), Chain.parse("1 + 3bee")))
    assert "mixed-kinds (rule III.2, penalty V.3)" in text
    assert "Resolution: take back 1 and 3bee; draw 3 cards; the turn passes." in text


def test_a_recombination_is_shown_in_the_resolution() -> None:
    text = explain_play_verdict(check(Card.parse("3"), Chain.parse("10 - 4 * 2")))
    assert "the same cards re-laid as 10 - 4 / 2 stay on the table" in text


def test_a_master_stroke_is_announced_with_its_points() -> None:
    text = explain_play_verdict(check(Card.parse("5"), Chain.parse("8 + 8 - 1 - 1 - 9")))
    assert "Master stroke: 14 points." in text
    assert "The next play covers 9." in text


def test_the_rules_setting_is_stated_in_every_explanation() -> None:
    text = explain_play_verdict(check(Card.parse("3"), Chain.parse("1 + 2"), Rules.parse("integer", "+-")))
    assert "Rules: whole numbers with negatives, operations + −." in text


def test_a_solution_lists_matches_and_a_table_of_calculations() -> None:
    text = explain_solution(solve(Card.parse("3bee"), parse_cards("8bee 1 2 Jboth")))
    assert "Play alone: 8bee." in text
    assert "1 legal calculation:" in text
    assert "2 + 1" in text


def test_a_hand_with_nothing_to_play_says_so() -> None:
    text = explain_solution(solve(Card.parse("3"), parse_cards("7 9")))
    assert "No card can be played alone." in text
    assert "No legal calculation." in text


def test_a_play_without_a_replay_joker_is_explained_with_its_rules_and_the_penalty_of_rule_v() -> None:
    lines = explain_turn(check_turn(Card.parse("3"), Turn.parse("1 + 2 ; 4 - 1"))).splitlines()
    assert lines[5:8] == [
        "Play 2. Not legal: 4 - 1 on 2.",
        "  play-without-replay (rule IV, penalty V): 4 - 1 is another play after this turn's play, "
        "with no Jreplay laid between them.",
        "  Resolution: take back 4 and 1; draw 3 cards; the turn passes.",
    ]
    assert lines[-1] == (
        "  Ruling play-without-replay-returns (project decision): a play made without a replay joker before it "
        "returns to the hand; draw 3 and the turn ends."
    )


def test_a_change_joker_laid_on_another_leaves_the_first_joker_waiting() -> None:
    lines = explain_turn(check_turn(Card.parse("5"), Turn.parse("Jboth Jnumber 4"))).splitlines()
    assert lines[1:5] == [
        "Play 1. Not legal: Jboth Jnumber 4 on 5.",
        "  joker-after-joker (rule IV, penalty V.5): Jnumber cannot be laid directly on the change joker Jboth.",
        "  Resolution: Jboth stays on the table; take back Jnumber and 4; draw 3 cards.",
        "A change joker is on top: the next player lays one card of the kind it allows.",
    ]


def test_a_joker_inside_a_calculation_shows_no_steps_since_the_calculation_has_no_value() -> None:
    text = explain_turn(check_turn(Card.parse("5"), Turn.parse("Jboth 3 + Jnumber")))
    assert "Steps:" not in text
    assert "  wrong-joker (rule IV, penalty V.5): Jboth is followed by one card, a number card, not by the " in text
    assert (
        "  joker-in-calculation (rule III.2, penalty V.5): Jnumber is laid inside the calculation 3 + Jnumber" in text
    )
    assert "  Resolution: take back Jboth, 3 and Jnumber; draw 3 cards; the turn passes." in text

"""The Nmbrs! table and its referee (rules 8–13): lines on a grid, plays, insertions, jokers."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import GameError, NotationError
from solver.nmbrs import (
    JOKER,
    Action,
    Card,
    Cell,
    NmbrsDeck,
    Placement,
    Play,
    PlayVerdict,
    Position,
    RuleSet,
    Table,
    judge_lay,
    judge_play,
    legal_plays,
    parse_cards,
)

ROW = "10@0,0 20@0,1 30@0,2"


def lay(table: str, hand: str, play: str, *, opened: bool = True, rules: RuleSet = RuleSet.BASIC) -> PlayVerdict:
    """Judge ``play`` on ``table`` for a player holding ``hand``."""
    return judge_play(Position(Table.parse(table), tuple(parse_cards(hand)), opened, rules), Play.parse(play))


def after(verdict: PlayVerdict) -> str:
    return str(verdict.after.table)


# ----------------------------------------------------------------- the grid


def test_lines_are_runs_of_touching_cards_read_left_to_right_and_top_to_bottom() -> None:
    table = Table.parse("10@0,0 J=20@0,1 30@0,2 15@-1,1 25@1,1")
    assert [str(line) for line in table.lines()] == ["row from 0,0: 10 J=20 30", "column from -1,1: 15 J=20 25"]
    assert table.problems(RuleSet.BASIC) == []


def test_a_valid_table_has_no_lone_card_no_short_line_and_no_open_joker() -> None:
    problems = Table.parse("10@0,0 20@0,1 30@0,2 40@1,2 77@5,5 J@7,7 J@7,8 J@7,9").problems(RuleSet.BASIC)
    assert [problem.code.value for problem in problems] == [
        "too-short",
        *("joker-undetermined", "joker-undetermined", "joker-undetermined"),
        "too-short",
    ]


def test_a_table_given_as_input_must_be_valid() -> None:
    with pytest.raises(GameError, match="table: row from 0,0: 10 20 35"):
        Table.parse("10@0,0 20@0,1 35@0,2").require_valid(RuleSet.BASIC)
    with pytest.raises(GameError, match="cell 0,0 is given twice"):
        Table.parse("10@0,0 20@0,0")
    with pytest.raises(GameError, match="column 1000 is off the table"):
        Cell.parse("0,1000")
    with pytest.raises(NotationError, match="is not a placement"):
        Placement.parse("10")


# ----------------------------------------------------------------- rule 9: first sequence


def test_a_first_sequence_is_laid_clear_of_the_table() -> None:
    verdict = lay("", "5 10 15 1", "lay 5@0,0 10@0,1 15@0,2", opened=False)
    assert verdict.legal
    assert verdict.after.opened


def test_before_a_first_sequence_a_player_may_not_add_to_the_table() -> None:
    verdict = lay(ROW, "40 1", "lay 40@0,3", opened=False)
    assert verdict.codes == ["no-sequence-yet"]
    assert "may not touch the table (30 at 0,2)" in verdict.violations[0].message


def test_a_first_sequence_needs_three_cards() -> None:
    assert lay("", "5 10 1", "lay 5@0,0 10@0,1", opened=False).codes == ["too-short"]


# ----------------------------------------------------------------- rule 9: adding, inserting, crossing, joining


def test_cards_are_added_at_the_end_of_a_sequence() -> None:
    verdict = lay(ROW, "40 50 1", "lay 40@0,3 50@0,4")
    assert verdict.legal
    assert after(verdict) == "10@0,0 20@0,1 30@0,2 40@0,3 50@0,4"


def test_cards_are_added_at_the_start_of_a_sequence() -> None:
    assert after(lay("20@0,0 30@0,1 40@0,2", "10 1", "lay 10@0,-1")) == "10@0,-1 20@0,0 30@0,1 40@0,2"
    verdict = lay("30@0,0 40@0,1 50@0,2", "20 J 1", "lay J@0,-2 20@0,-1")
    assert after(verdict) == "J=10@0,-2 20@0,-1 30@0,0 40@0,1 50@0,2"
    assert lay(ROW, "J 1", "lay J@0,-1").codes == ["out-of-range"]


def test_inserting_cards_inside_a_sequence_slides_the_cards_beyond_each_gap() -> None:
    verdict = lay(ROW, "15 25 1", "insert row 15@0,1 25@0,3")
    assert verdict.legal
    assert after(verdict) == "10@0,0 15@0,1 20@0,2 25@0,3 30@0,4"
    assert [str(line.line) for line in verdict.lines] == ["row from 0,0: 10 15 20 25 30"]


def test_an_insertion_must_leave_the_whole_line_a_sequence() -> None:
    verdict = lay(ROW, "15 1", "insert row 15@0,1")
    assert verdict.codes == ["not-arithmetic"]


def test_an_inserted_line_carries_the_lines_crossing_it_along() -> None:
    table = "10@0,0 20@0,1 30@0,2 25@-1,2 35@1,2"
    verdict = lay(table, "15 1", "insert row 15@0,1")
    assert verdict.codes == ["not-arithmetic"]
    moved = lay("10@0,0 20@0,1 30@0,2 33@-3,2 32@-2,2 31@-1,2", "15 25 1", "insert row 15@0,1 25@0,3")
    assert moved.legal
    assert after(moved) == "33@-3,4 32@-2,4 31@-1,4 10@0,0 15@0,1 20@0,2 25@0,3 30@0,4"


def test_cards_tied_back_round_a_loop_cannot_slide() -> None:
    ring = "1@0,0 2@0,1 3@0,2 4@1,0 6@1,2 7@2,0 8@2,1 9@2,2"
    assert Table.parse(ring).problems(RuleSet.BASIC) == []
    verdict = lay(ring, "50 60", "insert row 50@0,1")
    assert verdict.codes == ["cannot-insert"]
    assert "also joined to 1 at 0,0" in verdict.violations[0].message


def test_sliding_cards_may_touch_other_lines_which_must_then_stay_sequences() -> None:
    table = "10@0,0 20@0,1 30@0,2 40@1,2 50@2,2 61@3,3 62@4,3 63@5,3"
    verdict = lay(table, "15 1", "insert row 15@0,1")
    assert verdict.codes == ["not-arithmetic", "not-arithmetic"]
    assert [str(line.line) for line in verdict.lines][-1] == "column from 0,3: 30 40 50 61 62 63"


def test_cards_may_not_slide_off_the_table() -> None:
    verdict = lay("10@0,997 20@0,998 30@0,999", "15 1", "insert row 15@0,998")
    assert verdict.codes == ["cannot-insert"]
    assert verdict.violations[0].message == "sliding 30 from 0,999 would push it off the table"


def test_a_play_inserting_where_nothing_precedes_the_card_is_refused() -> None:
    assert lay(ROW, "5 1", "insert row 5@0,0").codes == ["cell-taken"]


def test_a_new_line_may_cross_a_sequence() -> None:
    verdict = lay(ROW, "15 25 1", "lay 15@-1,1 25@1,1")
    assert verdict.legal
    assert [str(line.line) for line in verdict.lines] == ["column from -1,1: 15 20 25"]


def test_a_crossing_line_must_be_a_sequence_too() -> None:
    assert lay(ROW, "15 25 1", "lay 15@-1,0 25@1,0").codes == ["not-arithmetic"]


def test_one_card_joins_two_sequences_into_one() -> None:
    verdict = lay("10@0,0 20@0,1 30@0,2 50@0,4 60@0,5 70@0,6", "40 1", "lay 40@0,3")
    assert verdict.legal
    assert [str(line.line) for line in verdict.lines] == ["row from 0,0: 10 20 30 40 50 60 70"]


def test_sequences_need_three_cards_in_every_direction() -> None:
    verdict = lay(ROW, "40 1", "lay 40@1,2")
    assert verdict.codes == ["too-short"]
    assert verdict.violations[0].message == "column from 0,2: 30 40: 2 cards in a line; a sequence has at least 3"


def test_a_card_in_two_lines_must_fit_both() -> None:
    frame = "10@0,0 13@0,1 16@0,2 40@1,0 46@1,2 70@2,0 73@2,1 76@2,2"
    assert Table.parse(frame).problems(RuleSet.BASIC) == []
    centre = lay(frame, "43 1", "lay 43@1,1")
    assert [str(line.line) for line in centre.lines] == ["row from 1,0: 40 43 46", "column from 0,1: 13 43 73"]
    assert lay(frame, "44 1", "lay 44@1,1").codes == ["not-arithmetic", "not-arithmetic"]
    assert "J=43@1,1" in after(lay(frame, "J 1", "lay J@1,1"))


def test_the_cards_of_one_play_lie_in_one_unbroken_line() -> None:
    assert lay("", "26 20 14 1", "lay 26@0,0 20@1,1 14@2,2", opened=False).codes[0] == "not-one-line"
    assert lay(ROW, "5 40 1", "lay 5@0,-1 40@1,5").codes[0] == "not-one-line"
    assert lay("", "5 10 15 1", "lay 5@0,0 10@0,1 15@0,3").codes[0] == "not-one-line"


def test_cards_are_laid_on_empty_cells_only() -> None:
    assert lay(ROW, "40 1", "lay 40@0,2").codes == ["cell-taken"]


def test_cards_come_from_the_hand() -> None:
    verdict = lay(ROW, "1 2", "lay 40@0,3 50@0,4")
    assert verdict.codes == ["not-in-hand"]
    assert verdict.violations[0].message == "40 50 are not in the hand"


def test_a_play_may_not_use_the_last_card_which_is_kept_to_discard() -> None:
    assert lay(ROW, "40", "lay 40@0,3").codes == ["no-discard"]
    assert lay(ROW, "40", "lay 40@0,3", rules=RuleSet.SIMPLIFIED).legal


# ----------------------------------------------------------------- jokers (rules 1, 12)


def test_a_joker_takes_the_number_its_line_fixes() -> None:
    verdict = lay(ROW, "J 1", "lay J@0,3")
    assert verdict.legal
    assert after(verdict) == "10@0,0 20@0,1 30@0,2 J=40@0,3"


def test_a_joker_crossing_a_line_takes_its_number_through_the_other_line() -> None:
    verdict = lay(ROW, "J 25 1", "lay J@-1,1 25@1,1")
    assert verdict.legal
    assert after(verdict) == "J=15@-1,1 10@0,0 20@0,1 30@0,2 25@1,1"


def test_a_joker_that_nothing_fixes_must_be_named() -> None:
    verdict = lay("", "J 50 J 1", "lay J@0,0 50@0,1 J@0,2", opened=False)
    assert verdict.codes == ["joker-undetermined", "joker-undetermined"]
    named = lay("", "J 50 J 1", "lay J=49@0,0 50@0,1 J=51@0,2", opened=False)
    assert named.legal


def test_a_joker_on_the_table_keeps_its_number() -> None:
    assert lay("10@0,0 J=20@0,1 30@0,2", "J 40 1", "lay 40@0,3").legal
    assert lay("J=5@0,0 J=10@0,1 J=15@0,2", "20 1", "lay 20@0,3").legal
    assert lay("J=5@0,0 J=10@0,1 J=15@0,2", "21 1", "lay 21@0,3").codes == ["not-arithmetic"]


def test_a_joker_replaced_by_its_number_goes_back_to_the_hand_and_scores_nothing() -> None:
    verdict = lay("10@0,0 J=20@0,1 30@0,2", "20 1", "swap 20@0,1")
    assert verdict.legal
    assert verdict.points == 0
    assert verdict.after.hand == (Card(1), JOKER)
    assert after(verdict) == ROW


def test_the_joker_given_back_may_be_laid_again_in_the_same_turn() -> None:
    position = Position(Table.parse("10@0,0 J=20@0,1 30@0,2"), tuple(parse_cards("20 1")), opened=True)
    verdict = judge_lay(position, [Play.parse("swap 20@0,1"), Play.parse("lay J@0,3")])
    assert verdict.legal
    assert str(verdict.after.table) == "10@0,0 20@0,1 30@0,2 J=40@0,3"
    assert verdict.after.hand == (Card(1),)


def test_a_joker_is_replaced_only_by_its_own_number() -> None:
    assert lay("10@0,0 J=20@0,1 30@0,2", "25 1", "swap 25@0,1").codes == ["bad-replacement"]
    assert lay(ROW, "1 2", "swap 1@0,1").codes == ["bad-replacement"]
    assert lay("10@0,0 J=20@0,1 30@0,2", "40 1", "swap 40@0,2").violations[0].message == "0,2 holds 30, not a joker"
    assert lay("10@0,0 J=20@0,1 30@0,2", "40 1", "swap 40@5,5").violations[0].message == "there is no card at 5,5"


def test_replacing_a_joker_needs_a_first_sequence() -> None:
    verdict = lay("10@0,0 J=20@0,1 30@0,2", "20 1", "swap 20@0,1", opened=False)
    assert verdict.codes == ["no-sequence-yet"]
    assert "replacement-needs-first-sequence" in verdict.rulings


# ----------------------------------------------------------------- lays of several plays


def test_plays_after_an_illegal_play_are_skipped() -> None:
    position = Position(Table.parse(ROW), tuple(parse_cards("40 50 5")), opened=True)
    verdict = judge_lay(position, [Play.parse("lay 50@0,3"), Play.parse("lay 40@0,3")])
    assert not verdict.legal
    assert verdict.to_dict()["plays"][1] == {
        "play": "lay 40@0,3",
        "skipped": True,
        "reason": "an earlier play of the lay is illegal",
    }
    assert verdict.to_dict()["violations"][0]["play"] == 1


def test_every_play_of_a_lay_is_scored_on_its_own() -> None:
    position = Position(Table.parse(ROW), tuple(parse_cards("40 50 5")), opened=True)
    verdict = judge_lay(position, [Play.parse("lay 40@0,3"), Play.parse("lay 50@0,4")])
    assert verdict.legal
    assert [play.points for play in verdict.judged] == [2, 2]
    assert verdict.score == 4


def test_a_position_given_as_input_must_hold_cards_that_can_be_in_play_together() -> None:
    with pytest.raises(GameError, match="table: "):
        Position(Table.parse("10@0,0 20@0,1"), ()).require_valid()
    with pytest.raises(ValueError, match="table and hand: 20 appears 2 times"):
        Position(Table.parse(ROW), (Card(20),)).require_valid()


# ----------------------------------------------------------------- properties


@given(st.integers(-999, 999), st.integers(-999, 999), st.one_of(st.integers(1, 100).map(str), st.just("J=7")))
def test_placements_round_trip_through_their_notation(row: int, column: int, card: str) -> None:
    placement = Placement.parse(f"{card}@{row},{column}")
    assert Placement.parse(str(placement)) == placement
    assert eval(repr(placement)) == placement


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A position reached from an empty table by laying listed plays from a random hand."""
    rules = draw(st.sampled_from(list(RuleSet)))
    cards = NmbrsDeck.default().cards(rules)
    hand = draw(st.lists(st.sampled_from(cards), min_size=6, max_size=16, unique_by=lambda card: card.number))
    jokers = draw(st.integers(0, 3))
    position = Position(Table(), (*hand, *([JOKER] * jokers)), False, rules)
    for _ in range(draw(st.integers(0, 4))):
        plays = legal_plays(position)
        if not plays:
            break
        position = judge_play(position, draw(st.sampled_from(plays))).after
    return position


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(positions(), st.data())
def test_every_listed_play_is_legal_keeps_the_cards_and_leaves_a_valid_table(
    position: Position, data: st.DataObject
) -> None:
    plays = legal_plays(position)
    assert len({str(play) for play in plays}) == len(plays)
    for play in plays:
        verdict = judge_play(position, play)
        assert verdict.legal, (str(position.table), position.hand, str(play), verdict.codes)
        before = Counter([*position.table.cards(), *position.hand])
        assert Counter([*verdict.after.table.cards(), *verdict.after.hand]) == before
        assert verdict.after.table.problems(position.rules) == []
        assert verdict.points >= 0
    if plays:
        verdict = judge_play(position, data.draw(st.sampled_from(plays)))
        document = verdict.to_dict()
        assert json.loads(json.dumps(document)) == document
        assert Table.parse(str(verdict.after.table)) == verdict.after.table
        assert Action.parse(f"{verdict.play}").play == verdict.play

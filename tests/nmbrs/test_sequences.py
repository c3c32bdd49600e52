"""Nmbrs! sequences (rule 8, Regolamento avanzato 1–2): the rulebook's examples and the invariants."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import CardNotationError, RulesError, UnknownCardError
from solver.nmbrs import JOKER, Card, RuleSet, Term, judge_sequence, parse_sequence
from solver.nmbrs.sequences import fit_values


def judge(text: str, rules: RuleSet = RuleSet.BASIC) -> list[str]:
    return judge_sequence(parse_sequence(text), rules).codes


# ----------------------------------------------------------------- the rulebook's examples


def test_ten_twenty_thirty_is_a_sequence_and_counts_back_to_zero() -> None:
    verdict = judge_sequence(parse_sequence("10 20 30"), RuleSet.ADVANCED)
    assert verdict.legal
    assert verdict.step == 10
    assert min(value for value in verdict.values if value is not None) % 10 == 0
    assert judge("10 20 30") == []


def test_fourteen_twenty_twenty_six_is_a_basic_sequence_but_counts_back_to_two() -> None:
    assert judge("14 20 26") == []
    verdict = judge_sequence(parse_sequence("14 20 26"), RuleSet.ADVANCED)
    assert verdict.codes == ["bad-start"]
    assert verdict.violations[0].message == "counting back from 14 by 6 ends on 2, not on 0 or 1"
    assert verdict.violations[0].reference.rule == "Regolamento avanzato 1–2"


def test_eleven_sixteen_twenty_one_counts_back_to_one() -> None:
    assert judge("11 16 21", RuleSet.ADVANCED) == []


def test_the_odd_numbers_count_back_to_one() -> None:
    assert judge("1 3 5 7", RuleSet.ADVANCED) == []
    assert judge("7 5 3 1", RuleSet.ADVANCED) == []


def test_multiplication_tables_are_advanced_sequences() -> None:
    for table in range(1, 11):
        assert judge(" ".join(str(table * n) for n in range(1, 6)), RuleSet.ADVANCED) == [], table


# ----------------------------------------------------------------- rule 8


def test_a_sequence_reads_in_either_direction() -> None:
    verdict = judge_sequence(parse_sequence("30 20 10"))
    assert (verdict.legal, verdict.step, verdict.direction) == (True, -10, "descending")


def test_two_cards_are_too_short() -> None:
    verdict = judge_sequence(parse_sequence("10 20"))
    assert verdict.codes == ["too-short"]
    assert verdict.violations[0].reference.rule == "9"


def test_a_broken_step_is_not_arithmetic() -> None:
    verdict = judge_sequence(parse_sequence("10 20 25"))
    assert verdict.codes == ["not-arithmetic"]
    assert verdict.violations[0].message == "going from 10 by +10, place 3 would be 30, not 25"


def test_a_repeated_number_is_a_zero_step() -> None:
    assert judge("J=5 5 J=5") == ["zero-step"]


def test_jokers_take_the_numbers_their_places_ask_for() -> None:
    verdict = judge_sequence(parse_sequence("10 J 30 J"), RuleSet.ADVANCED)
    assert verdict.values == (10, 20, 30, 40)
    assert verdict.to_dict()["jokers"] == [{"place": 2, "value": 20}, {"place": 4, "value": 40}]


def test_no_whole_step_fits_a_joker_between_ten_and_fifteen() -> None:
    assert judge("10 J 15") == ["not-arithmetic"]


def test_a_joker_cannot_stand_for_zero_or_past_the_highest_card() -> None:
    assert judge("J 1 2") == ["out-of-range"]
    assert judge("98 99 J") == []
    assert judge("99 100 J") == ["out-of-range"]
    assert judge("48 49 J", RuleSet.SIMPLIFIED) == []
    assert judge("49 50 J", RuleSet.SIMPLIFIED) == ["out-of-range"]


def test_a_named_joker_must_fit_its_place() -> None:
    assert judge("10 J=20 30") == []
    assert judge("10 J=25 30") == ["not-arithmetic"]


def test_jokers_that_no_two_numbers_fix_stay_open() -> None:
    verdict = judge_sequence(parse_sequence("J 25 J"), RuleSet.ADVANCED)
    assert verdict.legal
    assert (verdict.step, verdict.direction, verdict.values) == (None, None, (None, 25, None))
    assert verdict.rulings == ("open-jokers",)


@pytest.mark.parametrize(
    ("sequence", "rules"),
    [
        ("J,1,J", RuleSet.BASIC),
        ("J,100,J", RuleSet.BASIC),
        ("J,1,J", RuleSet.ADVANCED),
        ("J,J,2,J,J", RuleSet.SIMPLIFIED),
        ("J,50,J", RuleSet.SIMPLIFIED),
    ],
)
def test_open_jokers_that_no_step_keeps_in_range_are_not_a_sequence(sequence: str, rules: RuleSet) -> None:
    verdict = judge_sequence(parse_sequence(sequence), rules)
    assert verdict.codes == ["out-of-range"]
    assert (verdict.step, verdict.values) == (None, tuple(term.value for term in parse_sequence(sequence)))
    assert verdict.violations[0].message.startswith(f"no step keeps every joker within 1 to {rules.highest_number}")


def test_the_reason_names_the_place_each_direction_would_push_out_of_range() -> None:
    verdict = judge_sequence(parse_sequence("J 100 J"))
    assert verdict.violations[0].message == (
        "no step keeps every joker within 1 to 100: going up by 1, place 3 would be 101; "
        "going down by 1, place 1 would be 101"
    )


def test_open_jokers_fit_when_one_direction_stays_in_range() -> None:
    assert judge("J J 1") == []
    assert judge("1 J J", RuleSet.ADVANCED) == []
    assert judge("J J 100 J") == ["out-of-range"]
    assert judge("J J J 100") == []
    assert judge("J J J 50", RuleSet.SIMPLIFIED) == []
    assert judge("J J J J") == []


def test_the_simplified_version_has_no_advanced_start_test() -> None:
    verdict = judge_sequence(parse_sequence("14 20 26"), RuleSet.SIMPLIFIED)
    assert verdict.legal
    assert verdict.rulings == ("rule-sets-exclusive",)


def test_the_verdict_json_starts_with_the_shared_header_and_ends_with_the_rulings() -> None:
    document = judge_sequence(parse_sequence("10 J 30 40"), RuleSet.ADVANCED).to_dict()
    assert list(document) == [
        *("game", "legal", "violations", "sequence", "rules", "step"),
        *("direction", "values", "jokers", "rulings"),
    ]
    assert document["game"] == "nmbrs"


def test_cards_that_cannot_be_in_play_together_are_refused() -> None:
    with pytest.raises(UnknownCardError, match="10 appears 3 times"):
        judge_sequence(parse_sequence("10 10 10"))
    with pytest.raises(UnknownCardError, match="75 is not in play in the simplified version"):
        judge_sequence(parse_sequence("25 50 75"), RuleSet.SIMPLIFIED)
    with pytest.raises(UnknownCardError, match="5 jokers"):
        judge_sequence(parse_sequence("J J J J J"))


def test_bad_notation_names_the_input() -> None:
    with pytest.raises(CardNotationError, match="'101' is not an Nmbrs! card"):
        Term.parse("101")
    with pytest.raises(CardNotationError, match="only a joker"):
        Term.parse("10=10")
    with pytest.raises(CardNotationError, match="a joker stands for a number from 1 to 100"):
        Term.parse("J=0")
    with pytest.raises(RulesError, match="'hard' is not an Nmbrs! rule set"):
        RuleSet.parse("hard")


# ----------------------------------------------------------------- properties


@st.composite
def progressions(draw: st.DrawFn, highest: int = 100) -> list[int]:
    """An arithmetic progression of 3 to 8 distinct numbers within 1..highest, in either direction."""
    length = draw(st.integers(3, 8))
    step = draw(st.integers(1, (highest - 1) // (length - 1)))
    start = draw(st.integers(1, highest - step * (length - 1)))
    numbers = [start + step * place for place in range(length)]
    return numbers[::-1] if draw(st.booleans()) else numbers


@given(progressions())
def test_every_progression_in_range_is_a_basic_sequence(numbers: list[int]) -> None:
    verdict = judge_sequence([Term(Card(number)) for number in numbers])
    assert verdict.legal
    assert verdict.step == numbers[1] - numbers[0]
    assert verdict.values == tuple(numbers)


@given(progressions(), st.data())
def test_jokers_in_place_of_some_numbers_stand_for_those_numbers(numbers: list[int], data: st.DataObject) -> None:
    places = data.draw(st.sets(st.integers(0, len(numbers) - 1), max_size=min(4, len(numbers) - 2)))
    terms = [Term(JOKER) if place in places else Term(Card(number)) for place, number in enumerate(numbers)]
    verdict = judge_sequence(terms)
    assert verdict.legal
    assert verdict.values == tuple(numbers)
    assert [value for _, value in verdict.jokers] == [numbers[place] for place in sorted(places)]


@given(progressions())
def test_the_advanced_rules_accept_exactly_the_progressions_counting_back_to_zero_or_one(numbers: list[int]) -> None:
    step = abs(numbers[1] - numbers[0])
    verdict = judge_sequence([Term(Card(number)) for number in numbers], RuleSet.ADVANCED)
    assert verdict.legal == (min(numbers) % step in (0, 1))
    reach = min(numbers)
    while reach - step >= 0:
        reach -= step
    assert verdict.legal == (reach in (0, 1))


@given(progressions())
def test_reading_a_sequence_backwards_changes_only_the_step_sign(numbers: list[int]) -> None:
    forwards = judge_sequence([Term(Card(number)) for number in numbers], RuleSet.ADVANCED)
    backwards = judge_sequence([Term(Card(number)) for number in reversed(numbers)], RuleSet.ADVANCED)
    assert forwards.codes == backwards.codes
    assert forwards.step == -(backwards.step or 0)


@given(st.lists(st.one_of(st.none(), st.integers(-50, 150)), max_size=8))
def test_a_fit_either_fixes_every_place_or_explains_why_not(known: list[int | None]) -> None:
    fit = fit_values(known, RuleSet.BASIC)
    if fit.step is not None:
        assert all(value is not None for value in fit.values)
        assert [b - a for a, b in zip(fit.values, fit.values[1:], strict=False)] == [fit.step] * (len(known) - 1)
    numbers = [value for value in known if value is not None]
    if fit.step is None and len(numbers) >= 2:
        assert {violation.code.value for violation in fit.violations} & {"not-arithmetic", "zero-step"}


@given(st.one_of(st.integers(1, 100).map(str), st.just("J"), st.integers(1, 100).map(lambda n: f"J={n}")))
def test_terms_round_trip_through_their_notation(text: str) -> None:
    term = Term.parse(text)
    assert str(term) == text
    assert Term.parse(str(term)) == term
    assert eval(repr(term)) == term


@st.composite
def lines_of_terms(draw: st.DrawFn, highest: int) -> list[Term]:
    """3 to 6 terms: distinct numbers within 1..highest and up to four open jokers, often from a progression."""
    if draw(st.booleans()):
        numbers = draw(progressions(highest))[:6]
    else:
        numbers = draw(st.lists(st.integers(1, highest), min_size=3, max_size=6, unique=True))
    open_places = draw(st.sets(st.integers(0, len(numbers) - 1), max_size=min(4, len(numbers))))
    return [Term(JOKER) if place in open_places else Term(Card(number)) for place, number in enumerate(numbers)]


RULE_SETS = st.sampled_from(list(RuleSet))


def fitting_assignments(known: list[int | None], rules: RuleSet) -> list[tuple[int, ...]]:
    """By brute force: every progression with a whole non-zero step that the line's places can stand for."""
    highest = rules.highest_number
    numbered = [(place, number) for place, number in enumerate(known) if number is not None]
    found = []
    for step in (step for step in range(1 - highest, highest) if step):
        # A known number fixes the first place for each step; only a line of jokers tries them all.
        firsts = [numbered[0][1] - step * numbered[0][0]] if numbered else range(1, highest + 1)
        for first in firsts:
            values = tuple(first + step * place for place in range(len(known)))
            if not all(1 <= value <= highest for value in values):
                continue
            if any(number is not None and number != value for number, value in zip(known, values, strict=True)):
                continue
            if rules.requires_start and min(values) % abs(step) not in (0, 1):
                continue
            found.append(values)
    return found


@given(RULE_SETS.flatmap(lambda rules: st.tuples(st.just(rules), lines_of_terms(rules.highest_number))))
def test_every_legal_verdict_puts_its_jokers_in_range_on_a_progression_with_a_non_zero_step(
    case: tuple[RuleSet, list[Term]],
) -> None:
    rules, terms = case
    verdict = judge_sequence(terms, rules)
    if not verdict.legal or verdict.step is None:
        return
    assert verdict.step != 0
    assert all(value is not None and 1 <= value <= rules.highest_number for _, value in verdict.jokers)
    values = [value for value in verdict.values if value is not None]
    assert [b - a for a, b in itertools.pairwise(values)] == [verdict.step] * (len(values) - 1)
    assert all(term.value in (None, value) for term, value in zip(terms, verdict.values, strict=True))


@settings(deadline=None)  # the brute-force reference is slow on a line of jokers; its speed is not under test
@given(RULE_SETS.flatmap(lambda rules: st.tuples(st.just(rules), lines_of_terms(rules.highest_number))))
def test_a_sequence_is_legal_exactly_when_some_whole_step_fits_every_place(case: tuple[RuleSet, list[Term]]) -> None:
    rules, terms = case
    verdict = judge_sequence(terms, rules)
    assignments = fitting_assignments([term.value for term in terms], rules)
    assert verdict.legal == bool(assignments)
    if verdict.legal and verdict.step is not None:
        assert assignments == [verdict.values]

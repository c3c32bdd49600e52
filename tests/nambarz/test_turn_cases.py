"""The whole-turn referee against a table of hand-worked turns (``data/turn_cases.json``).

Every row was worked out by hand from the rules digest and ``docs/rulings.md``
before the referee was run.  A row gives the top card (a number card, or a
change joker the previous player left without its card), the turn, optionally
the arithmetic domain and operator subset, and the expected answer: legality,
the violations as ``[play number, code]`` pairs, the card each play covers
(``null`` for a skipped play), the skipped plays, master-stroke points, the
penalty draw, the top card after the turn (``null`` while a change joker
waits) and what stays and returns in the faulty play.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from solver.errors import PlayError, UnknownCardError
from solver.nambarz import Card, Rules, Verdict, ViolationCode
from solver.nambarz.notation import JokerPlay, Turn
from solver.nambarz.rulings import RULINGS
from solver.nambarz.turn import SkippedPlay, TurnVerdict, check_turn
from tests.paths import DATA

CASES_FILE = DATA / "turn_cases.json"

EXPECTED_FIELDS = (
    "legal",
    "violations",
    "covers",
    "skipped",
    "master_points",
    "penalty_draw",
    "top_after",
    "faulty",
)

# Rule and penalty sections for each code, as RULES.md states them.
RULE_AND_PENALTY = {
    "no-match": ("III.1", "V.4"),
    "mixed-kinds": ("III.2", "V.3"),
    "matching-card-in-calculation": ("III.2", "V.2"),
    "not-minimal": ("III.2", "V.1"),
    "wrong-result": ("III.2", "V.4"),
    "operation-not-allowed": ("VII", "V.4"),
    "wrong-joker": ("IV", "V.5"),
    "matching-card-after-joker": ("IV", "V.1"),
    "joker-after-joker": ("IV", "V.5"),
    "joker-in-calculation": ("III.2", "V.5"),
    "play-without-replay": ("IV", "V"),
}


def load_cases() -> list[dict[str, Any]]:
    """The rows of the case table, in file order."""
    cases: list[dict[str, Any]] = json.loads(CASES_FILE.read_text(encoding="utf-8"))
    return cases


CASES = load_cases()
IDS = [case["id"] for case in CASES]


def rules_of(case: dict[str, Any]) -> Rules:
    """The rules setting a row asks for (natural and ``+-*/`` unless stated)."""
    return Rules.parse(case.get("domain", "natural"), case.get("ops", "+-*/"))


def judge(case: dict[str, Any]) -> TurnVerdict:
    """The referee's verdict on one row."""
    return check_turn(Card.parse(case["top"]), Turn.parse(case["turn"]), rules_of(case))


def names(cards: tuple[Card, ...]) -> list[str]:
    """Canonical notation of each card, in order."""
    return [str(card) for card in cards]


def observed(verdict: TurnVerdict) -> dict[str, Any]:
    """The verdict fields the table pins, in the table's shape."""
    faulty: dict[str, Any] | None = None
    for number, play in enumerate(verdict.plays, start=1):
        if isinstance(play, Verdict) and not play.legal:
            faulty = {"play": number, "stays": names(play.stays), "returned": names(play.returned)}
    return {
        "legal": verdict.legal,
        "violations": [[number, violation.code.value] for number, violation in verdict.violations],
        "covers": [str(play.top) if isinstance(play, Verdict) else None for play in verdict.plays],
        "skipped": [number for number, play in enumerate(verdict.plays, start=1) if isinstance(play, SkippedPlay)],
        "master_points": verdict.master_points,
        "penalty_draw": verdict.penalty_draw,
        "top_after": None if verdict.top_after is None else str(verdict.top_after),
        "faulty": faulty,
    }


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_turn_referee_gives_the_hand_worked_verdict(case: dict[str, Any]) -> None:
    expected = {name: case[name] for name in EXPECTED_FIELDS}
    assert observed(judge(case)) == expected


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_json_form_carries_the_same_answer(case: dict[str, Any]) -> None:
    document = judge(case).to_dict()
    assert json.loads(json.dumps(document)) == document
    assert document["legal"] is case["legal"]
    assert [[violation["play"], violation["code"]] for violation in document["violations"]] == case["violations"]
    assert [play["covers"] for play in document["plays"]] == case["covers"]
    assert document["master_points"] == case["master_points"]
    assert document["penalty_draw"] == case["penalty_draw"]
    assert document["top_after"] == case["top_after"]
    assert document["rules"] == rules_of(case).to_dict()
    assert len(document["plays"]) == len(Turn.parse(case["turn"]).plays)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_every_card_of_a_judged_play_either_stays_or_returns(case: dict[str, Any]) -> None:
    for play in judge(case).judged:
        assert Counter(play.stays) + Counter(play.returned) == Counter(play.play.cards), str(play.play)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_penalty_ends_the_turn_and_every_later_play_is_skipped(case: dict[str, Any]) -> None:
    verdict = judge(case)
    faulty = [
        number for number, play in enumerate(verdict.plays, start=1) if isinstance(play, Verdict) and not play.legal
    ]
    skipped = [number for number, play in enumerate(verdict.plays, start=1) if isinstance(play, SkippedPlay)]
    assert len(faulty) <= 1
    if faulty:
        assert skipped == list(range(faulty[0] + 1, len(verdict.plays) + 1))
        assert "penalty-ends-turn" in verdict.rulings or not skipped
    else:
        assert skipped == []
    assert verdict.legal is (not verdict.violations)
    assert verdict.penalty_draw == 3 * len(faulty)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_each_play_covers_what_the_play_before_it_left(case: dict[str, Any]) -> None:
    verdict = judge(case)
    expected_cover = verdict.top
    for play in verdict.judged:
        assert play.top == expected_cover, str(play.play)
        if isinstance(play.play, JokerPlay) and play.play.is_replay:
            continue
        if play.stays:
            expected_cover = play.stays[-1]
    final = None if expected_cover.is_joker else expected_cover
    assert verdict.top_after == final


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_jreplay_is_always_legal_and_never_becomes_the_card_to_cover(case: dict[str, Any]) -> None:
    verdict = judge(case)
    for play in verdict.judged:
        if isinstance(play.play, JokerPlay) and play.play.is_replay:
            assert play.legal
            assert names(play.stays) == ["Jreplay"]
    assert verdict.top_after is None or verdict.top_after != Card.parse("Jreplay")


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_each_violation_cites_its_rule_and_penalty_section(case: dict[str, Any]) -> None:
    for violation in judge(case).to_dict()["violations"]:
        assert (violation["rule"], violation["penalty"]) == RULE_AND_PENALTY[violation["code"]]
        assert violation["message"]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_turn_verdict_names_only_known_rulings_and_the_ones_the_row_needs(case: dict[str, Any]) -> None:
    verdict = judge(case)
    assert set(verdict.rulings) <= set(RULINGS)
    assert set(case.get("rulings_include", [])) <= set(verdict.rulings)
    assert verdict.to_dict()["rulings"] == verdict.rulings


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_master_points_come_only_from_legal_calculations(case: dict[str, Any]) -> None:
    verdict = judge(case)
    for play in verdict.judged:
        if not play.legal or isinstance(play.play, JokerPlay):
            assert play.master_points == 0
    assert verdict.master_points == sum(play.master_points for play in verdict.judged)


def test_the_case_table_has_unique_ids_and_about_forty_rows() -> None:
    assert len(IDS) == len(set(IDS))
    assert len(IDS) >= 40


def test_the_case_table_covers_every_violation_code() -> None:
    covered = {code for case in CASES for _, code in case["violations"]}
    assert covered == {code.value for code in ViolationCode} == set(RULE_AND_PENALTY)


def test_the_case_table_covers_every_kind_of_top_card_and_turn_ending() -> None:
    tops = {Card.parse(case["top"]) for case in CASES}
    assert {str(top) for top in tops if top.is_joker} == {"Jnumber", "Jfigure", "Jboth"}
    assert any(case["top_after"] is None for case in CASES)
    assert any(case["skipped"] for case in CASES)
    assert {case["master_points"] for case in CASES} >= {0, 7, 14, 21}
    turns = [Turn.parse(case["turn"]) for case in CASES]
    assert any(str(turn.plays[0]) == "Jreplay" for turn in turns)
    assert any(str(turn.plays[-1]) == "Jreplay" and len(turn.plays) > 1 for turn in turns)
    assert any("Jreplay ; Jreplay" in str(turn) for turn in turns)


def test_the_case_table_uses_italian_and_german_figure_names() -> None:
    notation = " ".join(case["top"] + " " + case["turn"] for case in CASES)
    for name in ("ape", "pesce", "gallina", "Biene", "Bär", "Libelle", "Schildkröte", "Ente"):
        assert name in notation


# --------------------------------------------------------------------------- input the referee refuses


def test_jreplay_as_the_top_card_is_refused() -> None:
    with pytest.raises(PlayError, match="Jreplay is never the card to cover"):
        check_turn(Card.parse("Jreplay"), Turn.parse("3"))


def test_a_joker_inside_a_calculation_is_judged_alike_first_and_after_a_replay() -> None:
    first = check_turn(Card.parse("3"), Turn.parse("1 + Jboth"))
    replayed = check_turn(Card.parse("3"), Turn.parse("Jreplay ; 1 + Jboth"))
    assert first.judged[0].codes == replayed.judged[1].codes == ["joker-in-calculation"]
    assert first.judged[0].returned == replayed.judged[1].returned


def test_a_turn_that_uses_more_copies_than_the_deck_holds_is_refused() -> None:
    with pytest.raises(UnknownCardError):
        check_turn(Card.parse("3"), Turn.parse("Jreplay ; Jreplay ; Jreplay ; Jreplay ; 3bee"))


def test_the_top_card_counts_against_the_deck_with_the_turn() -> None:
    with pytest.raises(UnknownCardError):
        check_turn(Card.parse("3bee"), Turn.parse("Jreplay ; 3bee ; Jreplay ; 3bee"))

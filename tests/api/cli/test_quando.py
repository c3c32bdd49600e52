"""``nambarz quando``: explanations in words, ``--request`` input, and one-line errors with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import Cli

HAND = ("--hand", "3,4,5,9,0,0,7")


def test_check_explains_a_legal_straight_and_what_follows(cli: Cli) -> None:
    result = cli("quando", "check", *HAND, "--plays-made", "1", "--play", "3,4,5")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "You lay down three in a row: 3 4 5; now draw a card.",
        "  Left in your hand before the draw: 9 0 0 7 (sum 16).",
    ]


def test_check_explains_a_triple_and_its_effect_on_the_others(cli: Cli) -> None:
    result = cli("quando", "check", "--hand", "8,8,8,1", "--plays-made", "0", "--play", "8,8,8")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "You lay down three 8s, a triple; now draw a card."
    assert "each other player flips a zero or, holding none, draws a card" in result.stdout


def test_an_illegal_play_is_an_answer_with_each_violation_and_its_rule(cli: Cli) -> None:
    result = cli("quando", "check", *HAND, "--plays-made", "1", "--play", "3,4,6")
    assert result.exit_code == 0
    assert result.stdout.startswith("You do not hold all of these numbers: choose another move.\n  Your hand does not")
    assert "3 4 6 are neither 3 numbers in a row nor cards of one number. Rule “How to play”:" in result.stdout


def test_a_knock_before_two_plays_is_explained(cli: Cli) -> None:
    result = cli("quando", "check", *HAND, "--plays-made", "1", "--knock")
    assert result.exit_code == 0
    assert result.stdout.startswith("You cannot knock yet: play twice this round first.")
    assert "From the rules digest: knocking needs two plays" in result.stdout


def test_a_legal_knock_says_the_others_play_one_last_turn(cli: Cli) -> None:
    verdict = cli.json("quando", "check", *HAND, "--plays-made", "2", "--knock")
    assert (verdict["legal"], verdict["kind"], verdict["hand_after"]) == (True, "knock", [3, 4, 5, 9, 0, 0, 7])


def test_an_empty_play_is_judged_not_refused(cli: Cli) -> None:
    assert cli.json("quando", "check", *HAND, "--plays-made", "0", "--play", "")["violations"][0]["code"] == (
        "empty-play"
    )


def test_hint_prints_the_suggestion_its_reasons_and_the_best_candidates(cli: Cli) -> None:
    result = cli("quando", "hint", *HAND, "--plays-made", "1", "--draw-visible", "2")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Suggestion: three in a row: 3 4 5, then take the visible side (sum 18 for sure)."
    assert "Candidates, best first (16 in all):" in lines
    assert lines[-6].split() == ["three", "in", "a", "row:", "3", "4", "5", "visible", "18", "0%"]


def test_score_prints_the_round_as_a_table(cli: Cli) -> None:
    result = cli("quando", "score", "--sums", "Sarah=4,Maria=12,Linus=7,Tim=4", "--knocker", "Sarah")
    assert result.exit_code == 0
    assert "  Sarah     4       9  knocked, not alone with the lowest sum: 4 + 5" in result.stdout.splitlines()


def test_reference_lists_the_violation_codes_with_their_sections_and_the_rulings(cli: Cli) -> None:
    result = cli("quando", "reference")
    assert result.exit_code == 0
    assert (
        "  knock-too-early — Fine del turno: a player knocks only after playing cards at least twice in this"
        in result.stdout
    )
    assert (
        "  one-knock-per-round (project decision): once someone has knocked, nobody else may knock in that"
        in result.stdout
    )
    assert [row["code"] for row in cli.json("quando", "reference")["violations"]][:2] == ["wrong-step", "empty-play"]


def test_a_request_is_read_from_a_file_and_from_standard_input(cli: Cli, tmp_path: Path) -> None:
    request = {"hand": [9, 9, 9, 0], "plays_made": 1, "draw_visible": 0}
    file = tmp_path / "request.json"
    file.write_text(json.dumps(request), encoding="utf-8")
    from_file = cli.json("quando", "hint", "--request", f"@{file}")
    result = cli("quando", "hint", "--request", "-", "--json", stdin=json.dumps(request))
    assert result.exit_code == 0 and json.loads(result.stdout) == from_file
    assert from_file["suggestion"]["action"] == "play 9 9 9"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(
            ["check", *HAND, "--plays-made", "1"],
            "nambarz: error: --play: give play (the numbers laid) or knock: true",
            id="neither-play-nor-knock",
        ),
        pytest.param(
            ["check", "--hand", "3,4,11", "--plays-made", "1", "--play", "3"],
            "nambarz: error: --hand (item 3): expected a number from 0 to 10, not 11",
            id="number-above-10",
        ),
        pytest.param(
            ["check", "--hand", "3,x", "--plays-made", "1", "--play", "3"],
            "nambarz: error: --hand: expected numbers separated by commas such as 3,4,5, not 'x'",
            id="not-a-number",
        ),
        pytest.param(
            ["check", *HAND, "--plays-made", "-1", "--play", "3"],
            "nambarz: error: --plays-made: expected a whole number from 0, not -1",
            id="negative-plays",
        ),
        pytest.param(
            ["check", *HAND, "--plays-made", "two", "--play", "3"],
            "nambarz: error: --plays-made: expected a whole number, not 'two' (see 'nambarz quando check --help')",
            id="plays-in-words",
        ),
        pytest.param(
            ["check", *HAND, "--play", "3"],
            "nambarz: error: expected --plays-made, or --request",
            id="missing-plays",
        ),
        pytest.param(
            ["check", "--request", '{"hand": [3], "plays_made": 0, "play": [3], "extra": 1}'],
            "nambarz: error: --request: extra: Unknown field",
            id="unknown-field",
        ),
        pytest.param(
            ["check", *HAND, "--request", "{}"],
            "nambarz: error: --request: it holds the whole request; drop --hand",
            id="request-and-flags",
        ),
        pytest.param(
            ["check", "--request", "[3]"],
            "nambarz: error: --request: the request is JSON but not an object; expected the API's JSON request body",
            id="request-not-an-object",
        ),
        pytest.param(
            ["hint", "--hand", "3,3,3,3,3,3,3,3,3,3", "--plays-made", "0", "--draw-visible", "3"],
            "nambarz: error: --draw-visible: no 55-card deck has different cards showing "
            "[3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]",
            id="an-eleventh-3",
        ),
        pytest.param(
            ["score", "--sums", "Ann=3,Ann=4"],
            "nambarz: error: --sums: Ann is given twice",
            id="name-twice",
        ),
        pytest.param(
            ["score", "--sums", "Ann=3,Bob"],
            "nambarz: error: --sums: expected NAME=SUM such as Linus=2, not 'Bob'",
            id="sum-missing",
        ),
        pytest.param(
            ["score", "--sums", "Ann=3,Bob=1", "--knocker", "Cid"],
            "nambarz: error: --knocker: 'Cid' is not one of the players in sums",
            id="unknown-knocker",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_the_input(cli: Cli, argv: list[str], message: str) -> None:
    result = cli("quando", *argv)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == message + "\n"

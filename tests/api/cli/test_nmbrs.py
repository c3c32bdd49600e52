"""``nambarz nmbrs``: explanations in words, the API's JSON, requests inline, from a file or stdin, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import Cli

LAY_REQUEST = {
    "table": [
        {"row": 0, "column": 0, "card": 10},
        {"row": 0, "column": 1, "card": 20},
        {"row": 0, "column": 2, "card": 30},
    ],
    "hand": [15, 25, 1],
    "opened": True,
    "plays": [
        {
            "kind": "insert",
            "axis": "row",
            "cards": [{"row": 0, "column": 1, "card": 15}, {"row": 0, "column": 3, "card": 25}],
        }
    ],
}


def test_check_explains_a_sequence_in_words(cli: Cli) -> None:
    result = cli("nmbrs", "check", "--sequence", "10,J,30,40", "--rules", "advanced")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "A sequence under the advanced rules: 10 joker 30 40.",
        "  Step +10, ascending: 10, 20, 30, 40.",
        "  The joker at place 2 stands for 20.",
        "  Counting back from 10 by 10 ends on 0.",
    ]


def test_check_explains_why_a_sequence_is_not_one(cli: Cli) -> None:
    result = cli("nmbrs", "check", "--sequence", "14 20 26", "--rules", "advanced")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1] == (
        "  Counting back from 14 by 6 ends on 2, not on 0 or 1. Advanced rules 1–2: counting a sequence back from its "
        "smallest number by its step ends exactly on 0 or 1."
    )


def test_check_reads_the_request_inline_and_from_standard_input(cli: Cli) -> None:
    request = json.dumps({"sequence": [10, "J", 30], "rules": "basic"})
    inline = cli.json("nmbrs", "check", "--request", request)
    result = cli("nmbrs", "check", "--request", "-", "--json", stdin=request)
    assert result.exit_code == 0
    assert json.loads(result.stdout) == inline
    assert inline["values"] == [10, 20, 30]


def test_lay_from_flags_explains_each_play_and_the_position_after(cli: Cli) -> None:
    result = cli(
        "nmbrs",
        "lay",
        *("--table", "10@0,0 20@0,1 30@0,2", "--hand", "15 25 1", "--opened"),
        *("--play", "insert row 15@0,1 25@0,3"),
    )
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[:4] == [
        "Legal lay under the basic rules: 1 play, 4 points.",
        "Play 1. slide in 15 and 25 at row 1, columns 2 and 4: legal. 4 points: 2 doubled (all different colours).",
        "  The row 10 15 20 25 30 (step +5).",
        "Table after: the row 10 15 20 25 30.",
    ]
    assert "Hand after: 1." in lines


def test_lay_flags_and_request_give_the_same_answer(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "lay.json"
    path.write_text(json.dumps(LAY_REQUEST), encoding="utf-8")
    from_file = cli.json("nmbrs", "lay", "--request", f"@{path}")
    from_flags = cli.json(
        "nmbrs",
        "lay",
        *("--table", "10@0,0 20@0,1 30@0,2", "--hand", "15,25,1", "--opened"),
        *("--play", "insert row 15@0,1 25@0,3"),
    )
    assert from_file == from_flags
    assert from_file["score"] == 4


def test_lay_takes_several_plays_in_order(cli: Cli) -> None:
    verdict = cli.json(
        "nmbrs",
        "lay",
        *("--table", "10@0,0 J=20@0,1 30@0,2", "--hand", "20 1", "--opened"),
        *("--play", "swap 20@0,1", "--play", "lay J@0,3"),
    )
    assert verdict["legal"] is True
    assert [play["play"] for play in verdict["plays"]] == ["swap 20@0,1", "lay J@0,3"]
    assert verdict["hand_after"] == ["1"]


def test_deck_shows_the_placeholder_deck(cli: Cli) -> None:
    result = cli("nmbrs", "deck")
    assert result.exit_code == 0
    assert (
        result.stdout.splitlines()[0]
        == "Nmbrs! placeholder deck: 104 cards (1 to 100 and 4 jokers worth 0). PLACEHOLDER values."
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("check",), "nambarz: error: expected --sequence, or --request"),
        (("check", "--sequence", "10 Q"), "nambarz: error: --sequence (item 2): 'Q' is not an Nmbrs! card"),
        (("check", "--sequence", "1,2,3", "--rules", "hard"), "--rules: 'hard' is not an Nmbrs! rule set"),
        (("check", "--sequence", "1,2,3", "--request", "{}"), "--request: it holds the whole request; drop --sequence"),
        (("check", "--request", "[1]"), "--request: the request is JSON but not an object"),
        (("check", "--request", '{"sequence": "x"}'), "--request: sequence: Not a valid list"),
        (("lay", "--hand", "1"), "nambarz: error: expected --play, or --request"),
        (("lay", "--hand", "1", "--play", "lay 1@0"), "--play: 'lay 1@0': '0' is not a cell"),
        (
            ("lay", "--hand", "1", "--play", "lay 1@0,0", "--table", "5@0,0 6@0,1"),
            "--table: table: row from 0,0: 5 6: 2 cards",
        ),
        (("lay", "--hand", "1 1", "--play", "lay 1@0,0"), "--hand: table and hand: 1 appears 2 times"),
        (("lay", "--hand", "1", "--play", "lay 1@0,0", "--deck", "/no/such/deck.json"), "cannot be read"),
        (
            ("deck", "--deck", "/no/such/deck.json"),
            "nambarz: error: --deck: '/no/such/deck.json' cannot be read",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_it(cli: Cli, argv: tuple[str, ...], message: str) -> None:
    result = cli("nmbrs", *argv)
    error = result.stderr
    assert result.exit_code == 2
    assert result.stdout == ""
    assert message in error
    assert error.count("\n") == 1

"""``nambarz thegame check``: the explanation, the JSON, requests from flags, inline, a file or stdin, and errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import Cli

POSITION = ["--piles", "asc1=47,asc2=1,desc1=65,desc2=100", "--hand", "37,75,12", "--draw-pile", "50"]
REQUEST = {
    "piles": {"asc1": 47, "asc2": 1, "desc1": 65, "desc2": 100},
    "hand": [37, 75, 12],
    "draw_pile": 50,
    "play": [{"card": 37, "pile": "asc1"}, {"card": 75, "pile": "desc1"}],
}


def failure(cli: Cli, *argv: str, stdin: str = "") -> str:
    """Run a command that must fail with exit status 2; return its one-line message."""
    result = cli(*argv, stdin=stdin)
    message = result.stderr
    assert result.exit_code == 2, result.stdout
    assert result.stdout == ""
    assert message.count("\n") == 1, message
    return message.strip()


def test_a_legal_play_is_explained_placement_by_placement(cli: Cli) -> None:
    result = cli("thegame", "check", *POSITION, "--play", "37>asc1,75>desc1")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "Allowed: you laid 2 cards, and this turn needs at least 2.",
        "  1. 37 on the first rising pile, which showed 47: ten back.",
        "  2. 75 on the first falling pile, which showed 65: ten back.",
        "  Piles after: first rising pile: 37, second rising pile: 1, first falling pile: 75, "
        "second falling pile: 100.",
        "  Draw 2 cards; you keep 12.",
    ]


def test_an_illegal_play_is_explained_with_every_fault_its_rule_and_the_rulings(cli: Cli) -> None:
    result = cli("thegame", "check", *POSITION, "--play", "12>asc1,85>up,75>desc1,75>desc2")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Not quite: 12 does not fit on the first rising pile."
    assert "  1. 12 on the first rising pile, which showed 47: skipped, the card stays in your hand." in lines
    assert "  2. 85 on a pile that does not exist: skipped." in lines
    assert any(
        line.startswith("     There is no such pile: there are two rising piles and two falling") for line in lines
    )
    assert any(
        line.startswith("     75 is already on a pile: each card is laid once. Rule “How the game") for line in lines
    )
    assert any(line.startswith("  You laid 1 card and this turn needs 2: you can still lay more.") for line in lines)
    assert any(line.startswith("  Project decision: an illegal placement is skipped:") for line in lines)


def test_fire_cards_left_for_the_next_turn_are_explained(cli: Cli) -> None:
    position = [*POSITION[:2], "--hand", "44,75,12", *POSITION[4:]]
    result = cli("thegame", "check", *position, "--play", "44>asc2,75>desc1", "--on-fire")
    assert result.exit_code == 0
    assert (
        "  The fire card 44 on the second rising pile must be covered by the end of the next turn."
        in result.stdout.splitlines()
    )


def test_the_json_output_is_the_verdicts_json(cli: Cli) -> None:
    document = cli.json("thegame", "check", *POSITION, "--play", "37>asc1,75>desc1")
    assert document["game"] == "thegame" and document["legal"] is True
    assert list(document)[:3] == ["game", "legal", "violations"] and list(document)[-2:] == ["rulings", "explanation"]


def test_a_request_inline_in_a_file_or_on_stdin_answers_as_the_flags(cli: Cli, tmp_path: Path) -> None:
    expected = cli.json("thegame", "check", *POSITION, "--play", "37>asc1,75>desc1")
    assert cli.json("thegame", "check", "--request", json.dumps(REQUEST)) == expected
    request_file = tmp_path / "request.json"
    request_file.write_text(json.dumps(REQUEST), encoding="utf-8")
    assert cli.json("thegame", "check", "--request", f"@{request_file}") == expected
    result = cli("thegame", "check", "--request", "-", "--json", stdin=json.dumps(REQUEST))
    assert result.exit_code == 0 and json.loads(result.stdout) == expected


def test_the_pro_variant_and_on_fire_flags_reach_the_referee(cli: Cli) -> None:
    document = cli.json(
        "thegame", "check", "--piles", "asc1=1,asc2=1,desc1=44,desc2=100", "--hand", "40,30,80", "--draw-pile", "20",
        "--play", "40>desc1,30>desc1", "--variant", "pro", "--on-fire", "--fire-due", "desc1",
    )  # fmt: skip
    assert (document["variant"], document["on_fire"], document["fire_due"], document["minimum"]) == (
        "pro",
        True,
        ["desc1"],
        3,
    )
    assert [violation["code"] for violation in document["violations"]] == ["too-few-cards"]


def test_an_empty_play_is_judged_too_few_cards(cli: Cli) -> None:
    document = cli.json("thegame", "check", *POSITION, "--play", "")
    assert [violation["code"] for violation in document["violations"]] == ["too-few-cards"]


# ----------------------------------------------------------------- errors: exit status 2 and one line


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            ["--piles", "asc1=47,asc2=1,desc1=65,desc2=100", "--hand", "37"],
            "expected --draw-pile, --play, or --request",
        ),
        ([*POSITION, "--play", "37>asc1", "--request", "{}"], "drop --piles, --hand, --draw-pile, --play"),
        ([*POSITION, "--play", "37"], "--play: expected CARD>PILE such as '37>asc1'"),
        ([*POSITION, "--play", "100>asc1"], "--play: card 100 in '100>asc1' does not exist"),
        ([*POSITION[2:], "--piles", "asc1:47", "--play", ""], "--piles: expected PILE=TOP such as asc1=47"),
        ([*POSITION[2:], "--piles", "asc1=4,asc1=5", "--play", ""], "--piles: asc1 is given twice"),
        ([*POSITION[2:], "--piles", "asc1=x", "--play", ""], "--piles: expected a whole number, not 'x'"),
        ([*POSITION[2:], "--piles", "asc1=47", "--play", ""], "--piles (asc2): Missing data for required field"),
        ([*POSITION[2:], "--piles", "asc1=47,asc2=1,desc1=65,desc2=100,up=3", "--play", ""], "--piles (up): Unknown"),
        ([*POSITION[:2], *POSITION[4:], "--hand", "37,37", "--play", ""], "--hand: the hand holds 37 twice"),
        ([*POSITION[:2], *POSITION[4:], "--hand", "37,1", "--play", ""], "--hand (item 2): Must be greater than or"),
        ([*POSITION[:2], *POSITION[4:], "--hand", "", "--play", ""], "--hand: Length must be between 1 and 8"),
        ([*POSITION[:4], "--draw-pile", "-1", "--play", ""], "--draw-pile: Must be greater than or equal to 0"),
        (
            [*POSITION[:4], "--draw-pile", "many", "--play", ""],
            "--draw-pile: expected a whole number of cards, not 'many'",
        ),
        (
            [*POSITION, "--play", "", "--variant", "expert"],
            "--variant: invalid choice: 'expert' (choose from standard, pro)",
        ),
        ([*POSITION, "--play", "", "--fire-due", "desc1"], "--fire-due: fire cards are due only with the On Fire"),
        (["--request", '{"piles": 3}'], "--request: piles (_schema): Invalid input type"),
        (["--request", "[1]"], "--request: the request is JSON but not an object"),
        (["--request", "{"], "--request: the request is not JSON: Expecting property name"),
        (["--request", "@/nonexistent/request.json"], "--request: '/nonexistent/request.json' cannot be read"),
    ],
)
def test_bad_input_is_refused_with_exit_status_2_and_one_line_naming_it(
    cli: Cli, arguments: list[str], message: str
) -> None:
    assert message in failure(cli, "thegame", "check", *arguments)


def test_thegame_without_a_command_is_a_usage_error(cli: Cli) -> None:
    assert "expected a command: check, hint, simulate, sweep, reference" in failure(cli, "thegame")


def test_the_help_lists_every_command_of_the_game(cli: Cli) -> None:
    result = cli("thegame", "--help")
    assert result.exit_code == 0
    for command in ("check", "hint", "simulate", "sweep", "reference"):
        assert f"  {command} " in result.stdout


def test_the_reference_lists_every_violation_code_and_ruling(cli: Cli) -> None:
    document = cli.json("thegame", "reference", "--lang", "it")
    result = cli("thegame", "reference", "--lang", "it")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == len(document["violations"]) + 1 + len(document["rulings"])
    for line, row in zip(lines, document["violations"], strict=False):
        assert line.split()[:2] == [row["code"], row["rule"].split()[0]]
        assert line.endswith(row["summary"])

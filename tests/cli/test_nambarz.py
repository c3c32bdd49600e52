"""The ``nambarz`` command line: output, JSON fields, batch mode and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from tests.cli.runner import run, run_json
from tests.paths import REPOSITORY


def test_check_prints_a_legal_verdict_with_its_left_to_right_steps() -> None:
    status, out = run("check", "--top", "3bee", "--play", "10 - 4 / 2")
    assert status == 0
    assert out.splitlines()[0] == "Legal: (10 − 4) ÷ 2 on 3bee."
    assert "Steps: 10 − 4 = 6, 6 ÷ 2 = 3." in out


def test_check_json_has_every_verdict_field() -> None:
    verdict = run_json("check", "--top", "3bee", "--play", "6 + 5 + 2 - 10")
    assert verdict["legal"] is False
    assert [v["code"] for v in verdict["violations"]] == ["not-minimal"]
    assert verdict["violations"][0]["rule"] == "III.2"
    assert verdict["value"] == "3"
    assert verdict["penalty_draw"] == 3
    assert verdict["stays"] == ["6", "2"]
    assert verdict["returned"] == ["5", "10"]
    assert verdict["smaller"] == "6 / 2"
    assert verdict["recombination"] is None
    assert verdict["master_points"] == 0
    assert verdict["rules"] == {"domain": "natural", "ops": "+-*/"}


def test_an_illegal_play_is_an_answer_not_an_error() -> None:
    status, out = run("check", "--top", "3", "--play", "7")
    assert status == 0
    assert out.startswith("Not legal: 7 on 3.")


def test_check_applies_the_rules_and_operator_subset() -> None:
    verdict = run_json("check", "--top", "3", "--play", "6 / 2", "--ops", "+-")
    assert [v["code"] for v in verdict["violations"]] == ["operation-not-allowed"]
    assert verdict["rules"] == {"domain": "natural", "ops": "+-"}
    rational = run_json("check", "--top", "7", "--play", "5 / 2 * 2 + 2", "--rules", "rational")
    assert rational["rules"]["domain"] == "rational"


def test_check_reports_a_negative_value_as_an_exact_fraction_string() -> None:
    verdict = run_json("check", "--top", "3", "--play", "1 - 8 / 2", "--rules", "integer")
    assert verdict["value"] == "-7/2"
    assert "wrong-result" in [v["code"] for v in verdict["violations"]]


def test_solve_json_lists_matches_and_calculations_most_cards_first() -> None:
    solution = run_json("solve", "--top", "3bee", "--hand", "1 2 4 6 10 5 7fish 8bee")
    assert solution["matches"] == ["8bee"]
    sizes = [len(c["cards"]) for c in solution["calculations"]]
    assert sizes == sorted(sizes, reverse=True)
    by_expression = {c["expression"]: c for c in solution["calculations"]}
    assert by_expression["10 - 4 / 2"] == {
        "cards": ["10", "4", "2"],
        "expression": "10 - 4 / 2",
        "value": "3",
        "master_points": 0,
        "chains": 3,
        "last_cards": ["2", "4"],
    }


def test_solve_text_output_is_a_table() -> None:
    status, out = run("solve", "--top", "5", "--hand", "8 8 1 1 9")
    assert status == 0
    assert "1 legal calculation:" in out
    assert "8 + 8 − 9 − 1 − 1" in out


def test_batch_answers_each_line_in_order_and_continues_after_a_bad_line() -> None:
    lines = "\n".join(
        [
            json.dumps({"top": "3", "hand": ["1", "2"]}),
            "",
            json.dumps({"top": "3", "hand": ["1", "2x"]}),
            "not json",
            json.dumps({"top": "5", "hand": ["8", "8", "1", "1", "9"], "rules": "integer", "ops": "+-"}),
            json.dumps({"top": "3", "hand": "1 2"}),
            json.dumps({"top": "3", "hand": ["1"], "extra": True}),
        ]
    )
    status, out = run("solve", "--batch", "-", stdin=lines)
    results = [json.loads(line) for line in out.splitlines()]
    assert status == 1
    assert len(results) == 6
    assert results[0]["calculations"][0]["expression"] == "2 + 1"
    assert results[1]["error"]["code"] == "invalid-card"
    assert results[1]["error"]["line"] == 3
    assert "hand[1]" in results[1]["error"]["message"]
    assert results[2]["error"]["code"] == "invalid-batch-line"
    assert results[3]["rules"] == {"domain": "integer", "ops": "+-"}
    assert results[3]["calculations"][0]["master_points"] == 14
    assert "'hand' must be a list" in results[4]["error"]["message"]
    assert "unknown field 'extra'" in results[5]["error"]["message"]


def test_batch_reads_a_file_and_uses_command_line_rules_as_defaults(tmp_path: Path) -> None:
    batch = tmp_path / "hands.jsonl"
    batch.write_text(json.dumps({"top": "3", "hand": ["6", "2", "1"]}) + "\n", encoding="utf-8")
    status, out = run("solve", "--batch", str(batch), "--ops", "+-")
    assert status == 0
    result = json.loads(out)
    assert result["rules"]["ops"] == "+-"
    assert [c["expression"] for c in result["calculations"]] == ["2 + 1"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["check", "--top", "3fsh", "--play", "1 + 2"], "--top: '3fsh' is not a card: unknown figure 'fsh'"),
        (["check", "--top", "3", "--play", "10 - (4 / 2)"], "--play: '(' at position 6"),
        (["check", "--top", "3"], "one of the arguments --play --turn is required"),
        (["check", "--top", "Jboth", "--play", "1 + 2"], "top card Jboth is a joker"),
        (["check", "--top", "3", "--play", "1 + Jboth"], "a joker is never part of a calculation"),
        (["check", "--top", "3", "--play", "1 + 2bee"], "2bee is not in the deck; bee cards are 3bee, 8bee"),
        (["solve", "--top", "3", "--hand", "5 5 5 5 5"], "5 appears 5 times but the deck has only 4"),
        (["solve", "--top", "3", "--hand", "1 2", "--rules", "real"], "--rules: unknown arithmetic domain 'real'"),
        (["solve", "--top", "3", "--hand", "1 2", "--ops", "+%"], "--ops: unknown operator '%'"),
        (["solve", "--top", "3", "--hand", "1 2", "--time-limit", "0"], "argument --time-limit"),
        (["solve", "--top", "3"], "give --top and --hand, --position, or --batch FILE"),
        (["solve", "--batch", "-", "--top", "3"], "--batch reads top and hand from its lines"),
        (["solve", "--batch", "no-such-file.jsonl"], "--batch 'no-such-file.jsonl' cannot be read"),
        (["solve", "--top", "3", "--hand", "1 2", "--deck", "no-such-deck.json"], "deck file 'no-such-deck.json'"),
        (["shuffle"], "invalid choice: 'shuffle'"),
        ([], "the following arguments are required: COMMAND"),
    ],
)
def test_bad_arguments_exit_2_with_one_line_naming_the_problem(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = run(*argv)
    error = capsys.readouterr().err
    assert status == 2
    assert out == ""
    assert error.count("\n") == 1
    assert message in error


def test_a_search_past_its_time_limit_is_refused_with_a_clear_message(capsys: pytest.CaptureFixture[str]) -> None:
    hand = " ".join(["1", "2", "4", "5", "6", "7", "8", "9", "10"] * 4)
    status, _ = run("solve", "--top", "3bee", "--hand", hand, "--rules", "rational", "--time-limit", "0.001")
    assert status == 2
    assert "time limit of 0.001 s" in capsys.readouterr().err


def test_a_deck_file_replaces_the_default_composition(tmp_path: Path) -> None:
    document = json.loads((REPOSITORY / "solver" / "nambarz" / "data" / "default_deck.json").read_text("utf-8"))
    cards = document["cards"]
    cards["2fish"] += cards.pop("2owl")
    cards["7fish"] += cards.pop("7owl")
    document["placeholders"] = []
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps(document), encoding="utf-8")
    status, out = run("solve", "--top", "3", "--hand", "2fish 2fish 2fish 1dragonfly", "--deck", str(deck), "--json")
    assert status == 0
    expressions = [c["expression"] for c in json.loads(out)["calculations"]]
    assert expressions == ["2fish / 2fish + 2fish", "2fish + 1dragonfly"]
    status, _ = run("solve", "--top", "3", "--hand", "2fish 2fish 2fish 1")
    assert status == 2


def test_the_console_script_is_installed_and_runs() -> None:
    scripts = {entry.name: entry.value for entry in metadata.entry_points(group="console_scripts")}
    assert scripts["nambarz"] == "api.cli:main"
    script = Path(sys.executable).parent / "nambarz"
    command = [str(script)] if script.exists() else [sys.executable, "-c", "from api.cli import main; main()"]
    finished = subprocess.run(
        [*command, "check", "--top", "3bee", "--play", "8bee - 5cat", "--json"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert finished.returncode == 0
    assert json.loads(finished.stdout)["stays"] == ["8bee"]

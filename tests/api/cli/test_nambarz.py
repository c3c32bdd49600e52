"""The Nambarz commands: output, JSON fields, batch mode, positions as people write them, requests, errors."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from solver.errors import NambarzError
from solver.nambarz.cards import Card
from tests.conftest import Cli
from tests.paths import REPOSITORY


def test_check_prints_a_legal_verdict_with_its_left_to_right_steps(cli: Cli) -> None:
    result = cli("check", "--top", "3bee", "--play", "10 - 4 / 2")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "Well done: (10 − 4) ÷ 2 makes 3."
    assert "Steps: 10 − 4 = 6, 6 ÷ 2 = 3." in result.stdout


def test_check_json_has_every_verdict_field(cli: Cli) -> None:
    verdict = cli.json("check", "--top", "3bee", "--play", "6 + 5 + 2 - 10")
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


def test_an_illegal_play_is_an_answer_not_an_error(cli: Cli) -> None:
    result = cli("check", "--top", "3", "--play", "7")
    assert result.exit_code == 0
    assert result.stdout.startswith("7 does not go on 3. You take back 7 and draw 3 cards.")


def test_check_applies_the_rules_and_operator_subset(cli: Cli) -> None:
    verdict = cli.json("check", "--top", "3", "--play", "6 / 2", "--ops", "+-")
    assert [v["code"] for v in verdict["violations"]] == ["operation-not-allowed"]
    assert verdict["rules"] == {"domain": "natural", "ops": "+-"}
    rational = cli.json("check", "--top", "7", "--play", "5 / 2 * 2 + 2", "--rules", "rational")
    assert rational["rules"]["domain"] == "rational"


def test_check_reports_a_negative_value_as_an_exact_fraction_string(cli: Cli) -> None:
    verdict = cli.json("check", "--top", "3", "--play", "1 - 8 / 2", "--rules", "integer")
    assert verdict["value"] == "-7/2"
    assert "wrong-result" in [v["code"] for v in verdict["violations"]]


def test_solve_json_lists_matches_and_calculations_most_cards_first(cli: Cli) -> None:
    solution = cli.json("solve", "--top", "3bee", "--hand", "1 2 4 6 10 5 7fish 8bee")
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


def test_solve_text_output_is_a_table(cli: Cli) -> None:
    result = cli("solve", "--top", "5", "--hand", "8 8 1 1 9")
    assert result.exit_code == 0
    assert "1 legal calculation:" in result.stdout
    assert "8 + 8 − 9 − 1 − 1" in result.stdout


def test_batch_answers_each_line_in_order_and_continues_after_a_bad_line(cli: Cli) -> None:
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
    result = cli("solve", "--batch", "-", stdin=lines)
    results = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.exit_code == 1
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


def test_batch_reads_a_file_and_uses_command_line_rules_as_defaults(cli: Cli, tmp_path: Path) -> None:
    batch = tmp_path / "hands.jsonl"
    batch.write_text(json.dumps({"top": "3", "hand": ["6", "2", "1"]}) + "\n", encoding="utf-8")
    result = cli("solve", "--batch", str(batch), "--ops", "+-")
    assert result.exit_code == 0
    solution = json.loads(result.stdout)
    assert solution["rules"]["ops"] == "+-"
    assert [c["expression"] for c in solution["calculations"]] == ["2 + 1"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["check", "--top", "3fsh", "--play", "1 + 2"], "--top: '3fsh' is not a card: unknown figure 'fsh'"),
        (["check", "--top", "3", "--play", "10 - (4 / 2)"], "--play: '(' at position 6"),
        (["check", "--top", "3"], "--top: expected --play or --turn with it"),
        (["check", "--top", "Jboth", "--play", "1 + 2"], "top card Jboth is a joker"),
        (["check", "--top", "3", "--play", "1 + Jboth"], "a joker is never part of a calculation"),
        (["check", "--top", "3", "--play", "1 + 2bee"], "2bee is not in the deck; bee cards are 3bee, 8bee"),
        (["solve", "--top", "3", "--hand", "5 5 5 5 5"], "5 appears 5 times but the deck has only 4"),
        (["solve", "--top", "3", "--hand", "1 2", "--rules", "real"], "--rules: unknown arithmetic domain 'real'"),
        (["solve", "--top", "3", "--hand", "1 2", "--ops", "+%"], "--ops: unknown operator '%'"),
        (["solve", "--top", "3", "--hand", "1 2", "--time-limit", "0"], "--time-limit: expected seconds above 0"),
        (["solve", "--top", "3"], "expected TOP HAND (as in nambarz solve 3bee '1 2 4 7fish'), --top and --hand,"),
        (["solve", "--batch", "-", "--top", "3"], "--batch: it reads the top card and hand from its lines; drop --top"),
        (["solve", "--batch", "no-such-file.jsonl"], "--batch: 'no-such-file.jsonl' cannot be read"),
        (
            ["solve", "--top", "3", "--hand", "1 2", "--deck", "no-such-deck.json"],
            "--deck: 'no-such-deck.json' cannot be read",
        ),
        (["check", "3fsh", "1 + 2"], "nambarz: error: TOP: '3fsh' is not a card: unknown figure 'fsh'"),
        (["check", "3bee", "10 - 4 / 2 = x"], "PLAY: '=' at position 12 of '10 - 4 / 2 = x': after '=' comes only"),
        (["check", "3bee"], "PLAY: expected it after the top card 3bee, as in nambarz check 3bee"),
        (["check", "3", "1 + 2", "--top", "3"], "TOP PLAY: give the top card and the play as arguments or with --top,"),
        (["check"], "nambarz: error: expected TOP PLAY (as in nambarz check 3bee '6 + 5 + 2 - 10'), --top with"),
        (["solve", "3", "1 2", "--hand", "1"], "TOP HAND: give the position as arguments or with --hand, not both"),
        (["solve", "3 / 1 2fsh"], "TOP HAND: position '3 / 1 2fsh': '2fsh' is not a card"),
        (["solve", "3 1 2fsh"], "HAND: '2fsh' is not a card"),
    ],
)
def test_bad_arguments_exit_2_with_one_line_naming_the_problem(cli: Cli, argv: list[str], message: str) -> None:
    result = cli(*argv)
    error = result.stderr
    assert result.exit_code == 2
    assert result.stdout == ""
    assert error.count("\n") == 1
    assert message in error


def test_a_search_past_its_time_limit_is_refused_with_a_clear_message(cli: Cli) -> None:
    hand = " ".join(["1", "2", "4", "5", "6", "7", "8", "9", "10"] * 4)
    result = cli("solve", "--top", "3bee", "--hand", hand, "--rules", "rational", "--time-limit", "0.001")
    assert result.exit_code == 2
    assert "time limit of 0.001 s" in result.stderr


def test_a_deck_file_replaces_the_default_composition(cli: Cli, tmp_path: Path) -> None:
    document = json.loads((REPOSITORY / "solver" / "nambarz" / "data" / "default_deck.json").read_text("utf-8"))
    cards = document["cards"]
    cards["2fish"] += cards.pop("2owl")
    cards["7fish"] += cards.pop("7owl")
    document["placeholders"] = []
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps(document), encoding="utf-8")
    result = cli("solve", "--top", "3", "--hand", "2fish 2fish 2fish 1dragonfly", "--deck", str(deck), "--json")
    assert result.exit_code == 0
    expressions = [c["expression"] for c in json.loads(result.stdout)["calculations"]]
    assert expressions == ["2fish / 2fish + 2fish", "2fish + 1dragonfly"]
    assert cli("solve", "--top", "3", "--hand", "2fish 2fish 2fish 1").exit_code == 2


def test_the_console_script_is_installed_and_runs() -> None:
    scripts = {entry.name: entry.value for entry in metadata.entry_points(group="console_scripts")}
    assert scripts["nambarz"] == "api.command:main"
    script = Path(sys.executable).parent / "nambarz"
    command = [str(script)] if script.exists() else [sys.executable, "-c", "from api.command import main; main()"]
    finished = subprocess.run(
        [*command, "check", "--top", "3bee", "--play", "8bee - 5cat", "--json"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert finished.returncode == 0
    assert json.loads(finished.stdout)["stays"] == ["8bee"]


# ----------------------------------------------------------------- written as people write it


@pytest.mark.parametrize(
    "argv",
    [
        ["3bee", "6 + 5 + 2 - 10"],
        ["3-bee", "6+5+2-10"],
        ["3", "ape", "6+5+2-10", "=", "3"],
        ["3 Biene", "6 + 5 + 2 - 10 = 3"],
        ["3bee", "6", "+", "5", "+", "2", "-", "10"],
    ],
    ids=["top-and-play", "hyphen-and-no-spaces", "words-with-the-result", "german-figure-apart", "every-token-a-word"],
)
def test_a_play_written_as_people_write_it_is_judged_as_with_the_options(cli: Cli, argv: list[str]) -> None:
    assert cli.json("check", *argv) == cli.json("check", "--top", "3bee", "--play", "6 + 5 + 2 - 10")


def test_the_options_take_cards_written_apart_and_a_claimed_result_too(cli: Cli) -> None:
    expected = cli.json("check", "--top", "8bee", "--play", "10 - 7fish + 5")
    assert cli.json("check", "--top", "8-bee", "--play", "10 - 7 fish + 5 = 8") == expected


def test_an_announced_result_is_left_out_and_the_cards_are_judged(cli: Cli) -> None:
    assert cli.json("check", "3bee", "10 - 4 / 2 = 8") == cli.json("check", "3bee", "10 - 4 / 2")


def test_a_play_with_a_joker_or_a_semicolon_is_read_as_a_turn(cli: Cli) -> None:
    turn = "9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1"
    assert cli.json("check", "1", turn) == cli.json("check", "--top", "1", "--turn", turn)
    assert cli.json("check", "3bee", "Jboth 5") == cli.json("check", "--top", "3bee", "--turn", "Jboth 5")


def test_a_position_is_taken_as_top_and_hand_or_in_position_notation(cli: Cli) -> None:
    expected = cli.json("solve", "--top", "3bee", "--hand", "1 2 4 7fish")
    assert cli.json("solve", "3bee", "1 2 4 7fish") == expected
    assert cli.json("solve", "3bee", "1", "2", "4", "7", "fish") == expected
    assert cli.json("solve", "3bee / 1 2 4 7fish") == expected
    assert cli.json("plan", "3 / 1 2 6 / integer +-") == cli.json("plan", "--position", "3 / 1 2 6 / integer +-")
    assert cli.json("hint", "3bee", "10 4 2 7", "--level", "2") == cli.json(
        "hint", "--top", "3bee", "--hand", "10 4 2 7", "--level", "2"
    )


def test_an_engine_error_lists_its_names_in_the_language_asked_for(cli: Cli) -> None:
    with pytest.raises(NambarzError) as raised:
        Card.parse("3fsh")
    for lang in ("en", "it", "de", "fr"):
        result = cli("check", "3fsh", "1 + 2", "--lang", lang)
        assert result.exit_code == 2
        assert result.stderr == f"nambarz: error: TOP: {raised.value.in_language(lang)}\n"


# ----------------------------------------------------------------- --request


@pytest.mark.parametrize(
    ("command", "body", "options"),
    [
        ("check", {"top": "3bee", "play": "10 - 4 / 2"}, ["--top", "3bee", "--play", "10 - 4 / 2"]),
        ("check", {"top": "1", "turn": "3hippo ; Jreplay ; 2"}, ["--top", "1", "--turn", "3hippo ; Jreplay ; 2"]),
        ("solve", {"top": "5", "hand": ["8", "8", "1"], "rules": "integer"}, ["5", "8 8 1", "--rules", "integer"]),
        ("plan", {"top": "3", "hand": ["1", "2", "6"], "count": 2}, ["3", "1 2 6", "--count", "2"]),
        ("hint", {"top": "3bee", "hand": ["10", "4", "2", "7"], "level": 3}, ["3bee", "10 4 2 7", "--level", "3"]),
        ("score", {"players": ["A", "B"], "finished": ["B"]}, ["--players", "A,B", "--finished", "B"]),
    ],
)
def test_a_request_body_gives_the_same_answer_as_the_options(
    cli: Cli, command: str, body: dict[str, object], options: list[str]
) -> None:
    assert cli.json(command, "--request", json.dumps(body)) == cli.json(command, *options)
    # --lang wins over the request's lang, as on every command that takes a request.
    from_request = cli(command, "--request", "-", "--lang", "de", stdin=json.dumps({**body, "lang": "it"}))
    from_options = cli(command, *options, "--lang", "de")
    assert (from_request.exit_code, from_request.stdout) == (0, from_options.stdout)


def test_a_request_is_checked_by_the_apis_schema_with_the_deck_of_the_command_line(cli: Cli) -> None:
    result = cli("solve", "--request", '{"top": "3", "hand": ["5", "5", "5", "5", "5"]}')
    assert result.exit_code == 2
    assert (
        result.stderr
        == "nambarz: error: --request: hand: top card and hand: 5 appears 5 times but the deck has only 4\n"
    )
    result = cli("check", "--request", '{"top": "3", "play": "1 + 2", "turn": "3"}')
    assert result.stderr == "nambarz: error: --request: play: give exactly one of 'play' and 'turn'\n"


# ----------------------------------------------------------------- reference and deck


def test_the_reference_lists_every_violation_code_with_its_sections_then_the_rulings(cli: Cli) -> None:
    document = cli.json("reference")
    assert list(document) == ["violations", "rulings"]
    lines = cli("reference").stdout.splitlines()
    codes = [line.split()[:3] for line in lines[: len(document["violations"])]]
    assert codes == [[row["code"], row["rule"], row["penalty"]] for row in document["violations"]]
    assert lines[len(document["violations"])] == ""
    assert lines[-1].startswith(f"Ruling {document['rulings'][-1]['id']} (")


def test_the_reference_summaries_follow_the_language_asked_for(cli: Cli) -> None:
    italian = cli.json("reference", "--lang", "it")
    english = cli.json("reference")
    assert [row["code"] for row in italian["violations"]] == [row["code"] for row in english["violations"]]
    assert italian["violations"][0]["summary"] != english["violations"][0]["summary"]
    assert italian["violations"][0]["summary"] in cli("reference", "--lang", "it").stdout


def test_the_deck_lists_every_face_by_number_with_its_copies(cli: Cli) -> None:
    document = cli.json("deck")
    assert (document["size"], document["placeholders"]) == (92, ["owl"])
    lines = cli("deck").stdout.splitlines()
    assert lines[0] == "Nambarz default composition (92)"
    assert lines[7].split() == ["7", "7", "×4", "7fish", "×2", "7owl", "×2"]
    assert lines[11].split() == ["Jnumber", "×3", "Jfigure", "×3", "Jboth", "×3", "Jreplay", "×3"]
    assert lines[-1] == "placeholders: owl"

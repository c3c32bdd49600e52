"""What every game's commands share: reading a JSON request, one-line errors, the groups of commands."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from api.cli import COMMANDS, GAME_COMMANDS
from api.cli.common import MAX_REQUEST_BYTES, InputError, read_json_request, refuse_mixed_input
from api.command import main
from tests.conftest import Cli


def test_a_request_is_read_inline_from_a_file_or_from_standard_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    request_file = tmp_path / "request.json"
    request_file.write_text('{"hand": [3, 4]}', encoding="utf-8")
    assert read_json_request("--request", '{"hand": [3, 4]}') == {"hand": [3, 4]}
    assert read_json_request("--request", f"@{request_file}") == {"hand": [3, 4]}
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b'{"hand": [3, 4]}')))
    assert read_json_request("--request", "-") == {"hand": [3, 4]}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"hand": [3, 4]', "the request is not JSON: Expecting"),
        ("[1, 2]", "the request is JSON but not an object"),
        ('{"hand": [' + "9" * 5000 + "]}", "the request has a number of more than"),
        ("[" * 10_000 + "]" * 10_000, "the request is nested more than 32 levels deep"),
        (" " * MAX_REQUEST_BYTES + "{}", "the request is larger than 64 KiB"),
        ("@no/such/file.json", "'no/such/file.json' cannot be read (No such file or directory)"),
    ],
)
def test_an_unreadable_request_is_one_line_naming_the_option(text: str, expected: str) -> None:
    with pytest.raises(InputError) as raised:
        read_json_request("--request", text)
    message = raised.value.text("en")
    assert message.startswith("nambarz: error: --request: ")
    assert expected in message
    assert "\n" not in message


def test_every_command_is_listed_with_its_own_short_help() -> None:
    # The root lists its commands without importing them, from the table the commands take their help from.
    context = main.make_context("nambarz", ["--version"], resilient_parsing=True)
    for name, entry in [*COMMANDS.items(), *((group.name, group) for group in GAME_COMMANDS)]:
        command = main.get_command(context, name)
        assert command is not None
        assert command.name == name
        assert command.get_short_help_str(limit=200) == entry.help


def test_the_help_lists_every_command_and_exits_0(cli: Cli) -> None:
    result = cli("--help")
    assert result.exit_code == 0
    commands, games = result.stdout.split("\nGames:\n")
    for name in COMMANDS:
        assert f"  {name} " in commands
    for name in GAME_COMMANDS.names:
        assert f"  {name} " in games


def test_the_version_is_printed(cli: Cli) -> None:
    result = cli("--version")
    assert result.exit_code == 0
    assert result.stdout.startswith("nambarz ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "nambarz: error: expected a command: check, solve, score, plan, hint, reference, deck,"),
        (["shuffle"], "nambarz: error: shuffle: no such command; expected one of check, solve,"),
        (["thegame"], "nambarz: error: expected a command: check, hint, simulate, sweep, reference"),
        (["check", "--bogus"], "nambarz: error: --bogus: no such option"),
        (["plan", "--top", "3", "--hand", "1 2", "--count", "0"], "nambarz: error: --count: expected 1 to 20 turns"),
        (["score", "--players", "A,B", "--finished", "A", "--master"], "nambarz: error: --master: expected a value"),
        (
            ["check", "3", "1 + 2", "--lang", "es"],
            "nambarz: error: --lang: invalid choice: 'es' (choose from en, it, de, fr)",
        ),
        (["thegame", "simulate", "--games", "1"], "nambarz: error: --players: expected a value; it is required"),
    ],
)
def test_usage_errors_exit_2_with_one_line_naming_the_input(cli: Cli, argv: list[str], message: str) -> None:
    result = cli(*argv)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1


def test_a_request_with_options_that_give_part_of_it_is_refused(cli: Cli) -> None:
    result = cli("check", "--top", "3", "--rules", "integer", "--request", '{"top": "3", "play": "1 + 2"}')
    assert result.exit_code == 2
    assert result.stderr == "nambarz: error: --request: it holds the whole request; drop --top, --rules\n"
    with pytest.raises(RuntimeError, match="no active click context"):
        refuse_mixed_input({"top": "--top"}, request=True)


def test_called_without_exiting_the_command_line_returns_its_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert main.main(["check", "3", "1 + 2"], standalone_mode=False) == 0
    assert main.main(["check", "3"], standalone_mode=False) == 2
    captured = capsys.readouterr()
    assert captured.out.startswith("Well done: 1 + 2 makes 3.")
    assert (
        captured.err
        == "nambarz: error: PLAY: expected it after the top card 3, as in nambarz check 3bee '6 + 5 + 2 - 10'\n"
    )

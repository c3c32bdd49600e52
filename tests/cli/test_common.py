"""The helpers every game's subcommands share: reading a JSON request from the command line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from api.cli.common import MAX_REQUEST_BYTES, UsageError, read_json_request


def test_a_request_is_read_inline_from_a_file_or_from_standard_input(tmp_path: Path) -> None:
    request_file = tmp_path / "request.json"
    request_file.write_text('{"hand": [3, 4]}', encoding="utf-8")
    assert read_json_request("--request", '{"hand": [3, 4]}', io.StringIO()) == {"hand": [3, 4]}
    assert read_json_request("--request", f"@{request_file}", io.StringIO()) == {"hand": [3, 4]}
    assert read_json_request("--request", "-", io.StringIO('{"hand": [3, 4]}')) == {"hand": [3, 4]}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"hand": [3, 4]', "expected a JSON object, Expecting"),
        ("[1, 2]", "expected a JSON object, not list"),
        ('{"hand": [' + "9" * 5000 + "]}", "expected a readable JSON object"),
        ("[" * 10_000 + "]" * 10_000, "expected a readable JSON object"),
        (" " * MAX_REQUEST_BYTES + "{}", f"expected at most {MAX_REQUEST_BYTES} bytes"),
        ("@no/such/file.json", "cannot read 'no/such/file.json'"),
    ],
)
def test_an_unreadable_request_is_a_one_line_usage_error_naming_the_flag(text: str, expected: str) -> None:
    with pytest.raises(UsageError) as raised:
        read_json_request("--request", text, io.StringIO())
    message = str(raised.value)
    assert message.startswith("nambarz: error: --request: ")
    assert expected in message
    assert "\n" not in message

"""The files a user names, ``--deck FILE``, ``--request @FILE`` (or ``-``) and ``--batch FILE`` (or ``-``).

Each is read with a cap, so that ``/dev/zero``, a huge file or a pipe that
never ends cannot fill the memory, and each bad one is refused with one line
naming the option, the file and what was expected, with exit status 2.  A
batch line that is not a request is answered with an error, as any bad line.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import Result

from api.app import MAX_BODY_BYTES
from api.cli.common import MAX_BATCH_LINE_BYTES, MAX_DECK_BYTES, MAX_REQUEST_BYTES
from tests.conftest import Cli
from tests.paths import REPOSITORY

OPTIONS = ("--deck", "--request", "--batch")

EXPECTED = {
    "--deck": "expected a deck description in JSON",
    "--request": "expected the API's JSON request body",
    "--batch": "expected one JSON object per line",
}
"""What each option's refusals say was expected."""

CAP = {"--deck": MAX_DECK_BYTES, "--request": MAX_REQUEST_BYTES, "--batch": MAX_BATCH_LINE_BYTES}
"""The most each option reads: the whole file, or (for ``--batch``) one line."""

NAMBARZ_DECK = (REPOSITORY / "solver" / "nambarz" / "data" / "default_deck.json").read_bytes()
NMBRS_DECK = (REPOSITORY / "solver" / "nmbrs" / "data" / "default_deck.json").read_bytes()
REQUEST = json.dumps({"top": "3bee", "play": "9 / 3"}).encode()
BATCH_LINE = json.dumps({"top": "3", "hand": ["1", "2"]}).encode()

GOOD = {"--deck": NAMBARZ_DECK, "--request": REQUEST, "--batch": BATCH_LINE + b"\n"}
"""A file each option takes."""

HOSTILE_CONTENTS = {
    "invalid UTF-8": (b'{"name": "\xff"}', "is not UTF-8: byte 11 cannot start a character"),
    "deep nesting": (b"[" * 100 + b"]" * 100, "is nested more than 32 levels deep"),
    "a 5000-digit number": (b'{"name": ' + b"9" * 5000 + b"}", "has a number of more than"),
    "a lone surrogate": (b'{"name": "\\ud800"}', "has a string with a lone surrogate (\\ud800), which is not text"),
    "text that is not JSON": (b"{name: 3}", "is not JSON: Expecting property name"),
}
"""Contents the API's strict JSON reader refuses, with the reason it gives."""


def run(cli: Cli, option: str, path: str) -> Result:
    """Run a command that reads ``path`` for ``option``."""
    argv = {
        "--deck": ("deck", "--deck", path),
        "--request": ("check", "--request", f"@{path}"),
        "--batch": ("solve", "--batch", path),
    }[option]
    return cli(*argv)


def refusal(result: Result, option: str) -> str:
    """The one line of a refused file, once its exit status 2, empty output and lack of traceback are checked."""
    assert result.exit_code == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith(f"nambarz: error: {option}: ")
    assert "Traceback" not in result.stderr
    return result.stderr.rstrip("\n")


def padded(document: bytes, size: int) -> bytes:
    """``document`` with spaces after it (which JSON ignores), ``size`` bytes in all."""
    return document + b" " * (size - len(document))


@contextmanager
def endless_fifo(path: Path) -> Iterator[str]:
    """A FIFO at ``path`` whose writer sends bytes, and no newline, until its reader stops reading."""
    os.mkfifo(path)

    def write_until_the_reader_leaves() -> None:
        try:
            with open(path, "wb", buffering=0) as pipe:
                while True:
                    pipe.write(b"0" * 4096)
        except BrokenPipeError:
            pass

    writer = threading.Thread(target=write_until_the_reader_leaves, daemon=True)
    writer.start()
    try:
        yield str(path)
    finally:
        # A reader that comes and goes lets a writer still waiting to open the FIFO through, to its broken pipe.
        while writer.is_alive():
            os.close(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
            writer.join(0.05)


# ----------------------------------------------------------------- the caps


def test_a_request_may_be_as_large_as_the_apis_body_and_a_batch_line_as_a_request() -> None:
    assert MAX_REQUEST_BYTES == MAX_BODY_BYTES == MAX_BATCH_LINE_BYTES
    assert 10 * max(len(NAMBARZ_DECK), len(NMBRS_DECK)) < MAX_DECK_BYTES


@pytest.mark.parametrize("option", OPTIONS)
def test_a_good_file_still_works(cli: Cli, tmp_path: Path, option: str) -> None:
    path = tmp_path / "input"
    path.write_bytes(GOOD[option])
    result = run(cli, option, str(path))
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout


@pytest.mark.parametrize("option", OPTIONS)
def test_a_file_of_exactly_the_cap_is_read(cli: Cli, tmp_path: Path, option: str) -> None:
    path = tmp_path / "input"
    document = GOOD[option].rstrip(b"\n")
    path.write_bytes(padded(document, CAP[option]) + (b"\n" if option == "--batch" else b""))
    result = run(cli, option, str(path))
    assert (result.exit_code, result.stderr) == (0, "")


@pytest.mark.parametrize("option", OPTIONS)
def test_a_file_one_byte_over_the_cap_is_refused_whatever_it_holds(cli: Cli, tmp_path: Path, option: str) -> None:
    path = tmp_path / "input"
    document = GOOD[option].rstrip(b"\n")
    path.write_bytes(padded(document, CAP[option] + 1) + (b"\n" if option == "--batch" else b""))
    line = refusal(run(cli, option, str(path)), option)
    if option == "--batch":
        assert line.endswith(f"{str(path)!r}: line 1 is longer than 64 KiB; {EXPECTED[option]}")
    else:
        assert line.endswith(f"{str(path)!r} is larger than 64 KiB; {EXPECTED[option]}")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
@pytest.mark.parametrize("option", OPTIONS)
def test_dev_zero_is_refused_once_past_the_cap(cli: Cli, option: str) -> None:
    line = refusal(run(cli, option, "/dev/zero"), option)
    assert "'/dev/zero'" in line
    assert "64 KiB" in line


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
@pytest.mark.parametrize("option", OPTIONS)
def test_a_pipe_that_never_ends_is_refused_once_past_the_cap(cli: Cli, tmp_path: Path, option: str) -> None:
    with endless_fifo(tmp_path / "fifo") as path:
        line = refusal(run(cli, option, path), option)
    assert f"{path!r}" in line
    assert "64 KiB" in line


@pytest.mark.parametrize("option", ["--request", "--batch"])
def test_standard_input_has_the_same_cap(cli: Cli, option: str) -> None:
    argv = ("check", "--request", "-") if option == "--request" else ("solve", "--batch", "-")
    line = refusal(cli(*argv, stdin="{}" + " " * CAP[option]), option)
    assert line.startswith(f"nambarz: error: {option}: standard input")
    assert "64 KiB" in line


def test_a_batch_stops_at_a_line_over_the_cap_after_answering_the_lines_before(cli: Cli) -> None:
    lines = f"{BATCH_LINE.decode()}\n{'{}' + ' ' * MAX_BATCH_LINE_BYTES}\n{BATCH_LINE.decode()}\n"
    result = cli("solve", "--batch", "-", stdin=lines)
    assert result.exit_code == 2
    assert len(result.stdout.splitlines()) == 1
    assert result.stderr == (
        "nambarz: error: --batch: standard input: line 2 is longer than 64 KiB; expected one JSON object per line\n"
    )


# ----------------------------------------------------------------- files that cannot be read


@pytest.mark.parametrize("option", OPTIONS)
def test_a_missing_file_is_refused(cli: Cli, tmp_path: Path, option: str) -> None:
    path = str(tmp_path / "missing.json")
    line = refusal(run(cli, option, path), option)
    assert line.endswith(f"{path!r} cannot be read (No such file or directory); {EXPECTED[option]}")


@pytest.mark.parametrize("option", OPTIONS)
def test_a_directory_is_refused(cli: Cli, tmp_path: Path, option: str) -> None:
    line = refusal(run(cli, option, str(tmp_path)), option)
    assert line.endswith(f"{str(tmp_path)!r} cannot be read (Is a directory); {EXPECTED[option]}")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads every file")
@pytest.mark.parametrize("option", OPTIONS)
def test_a_file_without_permission_to_read_is_refused(cli: Cli, tmp_path: Path, option: str) -> None:
    path = tmp_path / "secret.json"
    path.write_bytes(GOOD[option])
    path.chmod(0)
    line = refusal(run(cli, option, str(path)), option)
    assert line.endswith(f"{str(path)!r} cannot be read (Permission denied); {EXPECTED[option]}")


# ----------------------------------------------------------------- what a file holds


@pytest.mark.parametrize(("contents", "reason"), HOSTILE_CONTENTS.values(), ids=HOSTILE_CONTENTS)
@pytest.mark.parametrize("option", ["--deck", "--request"])
def test_a_file_the_apis_json_reader_refuses_is_refused_with_its_reason(
    cli: Cli, tmp_path: Path, option: str, contents: bytes, reason: str
) -> None:
    path = tmp_path / "input.json"
    path.write_bytes(contents)
    line = refusal(run(cli, option, str(path)), option)
    assert line.startswith(f"nambarz: error: {option}: {str(path)!r} {reason}")
    assert line.endswith(f"; {EXPECTED[option]}")


@pytest.mark.parametrize(("contents", "reason"), HOSTILE_CONTENTS.values(), ids=HOSTILE_CONTENTS)
def test_a_batch_line_the_apis_json_reader_refuses_is_answered_with_an_error_and_the_run_goes_on(
    cli: Cli, tmp_path: Path, contents: bytes, reason: str
) -> None:
    path = tmp_path / "hands.jsonl"
    path.write_bytes(b"\n".join([BATCH_LINE, contents, BATCH_LINE]) + b"\n")
    result = cli("solve", "--batch", str(path))
    assert (result.exit_code, result.stderr) == (1, "")
    first, bad, last = (json.loads(line) for line in result.stdout.splitlines())
    assert first == last
    assert "calculations" in first
    assert bad["error"]["code"] == "invalid-batch-line"
    assert bad["error"]["line"] == 2
    assert bad["error"]["message"].startswith(f"the line {reason}")


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        ("--deck", "must be an object with a 'cards' object mapping card to copies"),
        ("--request", f"is JSON but not an object; {EXPECTED['--request']}"),
    ],
)
def test_a_file_of_the_wrong_shape_is_refused(cli: Cli, tmp_path: Path, option: str, expected: str) -> None:
    path = tmp_path / "input.json"
    path.write_text("[1, 2]", encoding="utf-8")
    line = refusal(run(cli, option, str(path)), option)
    assert str(path) in line
    assert line.endswith(expected)


# ----------------------------------------------------------------- every command with the options


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
@pytest.mark.parametrize(
    "argv",
    [
        ["check", "3", "1 + 2"],
        ["solve", "3", "1 2"],
        ["plan", "3", "1 2"],
        ["hint", "3", "1 2"],
        ["simulate", "--games", "1"],
        ["deck"],
        ["nmbrs", "lay", "--hand", "1", "--play", "lay 1@0,0"],
        ["nmbrs", "deck"],
    ],
    ids=" ".join,
)
def test_every_command_with_a_deck_file_reads_it_with_the_cap(cli: Cli, argv: list[str]) -> None:
    line = refusal(cli(*argv, "--deck", "/dev/zero"), "--deck")
    assert line == f"nambarz: error: --deck: '/dev/zero' is larger than 64 KiB; {EXPECTED['--deck']}"


def test_a_deck_file_for_nmbrs_is_read_too(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    path.write_bytes(NMBRS_DECK)
    result = cli("nmbrs", "deck", "--deck", str(path))
    assert (result.exit_code, result.stderr) == (0, "")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
@pytest.mark.parametrize(
    "argv",
    [
        ["check"],
        ["solve"],
        ["plan"],
        ["hint"],
        ["score"],
        ["exercises"],
        ["worksheet"],
        ["thegame", "check"],
        ["thegame", "hint"],
        ["quando", "check"],
        ["quando", "hint"],
        ["quando", "score"],
        ["nmbrs", "check"],
        ["nmbrs", "lay"],
    ],
    ids=" ".join,
)
def test_every_command_with_a_request_reads_its_file_with_the_cap(cli: Cli, argv: list[str]) -> None:
    line = refusal(cli(*argv, "--request", "@/dev/zero"), "--request")
    assert line == f"nambarz: error: --request: '/dev/zero' is larger than 64 KiB; {EXPECTED['--request']}"

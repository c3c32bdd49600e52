"""The README's command-line examples: each ``$ nambarz …`` line prints exactly what the README shows.

Examples whose output depends on the clock (``simulate``) or that write a
file (``worksheet``) or start a server (``serve``) are left out.
"""

from __future__ import annotations

import shlex

import pytest

from tests.conftest import Cli
from tests.paths import REPOSITORY

README = REPOSITORY / "README.md"
NOT_RUN = ("simulate", "worksheet", "serve")


def readme_examples() -> list[tuple[str, str]]:
    """Every ``$ nambarz`` command of the README's console blocks, with the output shown under it."""
    examples: list[tuple[str, str]] = []
    in_console = False
    command: str | None = None
    shown: list[str] = []
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            if command is not None:
                examples.append((command, "\n".join(shown)))
            in_console, command, shown = line.startswith("```console"), None, []
        elif in_console and line.startswith("$ "):
            if command is not None:
                examples.append((command, "\n".join(shown)))
            command, shown = None, []
            words = shlex.split(line[2:])
            if words[0] == "nambarz" and not set(words) & set(NOT_RUN):
                command = line[2:]
        elif command is not None:
            shown.append(line)
    return examples


def test_the_readme_has_examples_of_every_game() -> None:
    commands = " ".join(command for command, _ in readme_examples())
    for game in ("thegame", "quando", "nmbrs", "check", "solve", "plan", "score", "hint"):
        assert f"nambarz {game}" in commands


@pytest.mark.parametrize(("command", "shown"), readme_examples(), ids=lambda value: value[:60])
def test_the_readme_example_prints_what_it_shows(cli: Cli, command: str, shown: str) -> None:
    result = cli(*shlex.split(command)[1:])
    printed = result.stdout + result.stderr
    assert printed.rstrip("\n") == shown

"""The commands the README and the documentation show: each ``$ nambarz …`` line prints exactly what is shown under it.

The convention, in the README and in every page under ``docs/``: a
```` ```console ```` block holds commands that run here, each on a line
starting with ``$ `` and followed by exactly what it prints; a ``nambarz``
command, or ``printf '…' | nambarz …``, whose text is the command's standard
input.  Commands that cannot run here (a server, ``curl`` against it, an
install, a long benchmark, a file of the reader's own, output that depends
on the clock) go in a ```` ```sh ```` block, without a prompt, and are shown
only.  A ``$ `` line in any other block fails, so every command shown with
its output is run.  Each runs in-process, in an empty temporary folder.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import Cli
from tests.paths import REPOSITORY

README = REPOSITORY / "README.md"
DOCS = REPOSITORY / "docs"
PAGES = (README, *sorted(DOCS.rglob("*.md")))
"""The README, then every page of the documentation."""


@dataclass(frozen=True)
class Example:
    """One command shown in a console block, where it is shown, and what it prints."""

    page: Path
    line: int
    command: str
    shown: str

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(REPOSITORY)}:{self.line}: {self.command[:60]}"

    def argv_and_input(self) -> tuple[list[str], str]:
        """The ``nambarz`` command's arguments (after ``nambarz``) and its standard input."""
        stdin = ""
        command = self.command
        if command.startswith("printf "):
            printed, _, command = command.partition(" | ")
            format_words = shlex.split(printed)
            assert len(format_words) == 2 and "%" not in format_words[1], f"{self.name}: one printf text, no %"
            stdin = format_words[1].replace("\\n", "\n")
        words = shlex.split(command)
        assert words[0] == "nambarz", f"{self.name}: a console block runs nambarz only; show others in an sh block"
        return words[1:], stdin


def examples(page: Path) -> list[Example]:
    """Every ``$ `` line of the console blocks of ``page``, with the output shown under it."""
    found: list[Example] = []
    block: str | None = None
    current: Example | None = None
    shown: list[str] = []

    def close() -> None:
        if current is not None:
            found.append(Example(current.page, current.line, current.command, "\n".join(shown)))

    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("```"):
            close()
            current, shown = None, []
            block = None if block is not None else line[3:].strip()
        elif block is not None and line.startswith("$ "):
            assert block == "console", f"{page.name}:{number}: a '$ ' line outside a console block"
            close()
            current, shown = Example(page, number, line[2:], ""), []
        elif current is not None:
            shown.append(line)
    return found


ALL_EXAMPLES = [example for page in PAGES for example in examples(page)]


def test_the_readme_and_the_docs_have_examples_of_every_game_and_verb() -> None:
    commands = " ".join(example.command for example in ALL_EXAMPLES)
    for game in ("thegame", "quando", "nmbrs", "check", "solve", "plan", "score", "hint", "exercises", "worksheet"):
        assert f"nambarz {game}" in commands


def test_the_readme_shows_a_short_tour_of_its_own() -> None:
    assert {"check", "solve", "hint"} <= {example.command.split()[1] for example in examples(README)}


def test_the_readme_quick_start_is_the_command_ci_runs() -> None:
    ci_command = (REPOSITORY / ".ci" / "run").read_text(encoding="utf-8").splitlines()[-1]
    assert ci_command.startswith("sh .ci/install-system-packages && ")
    assert ci_command in README.read_text(encoding="utf-8").split("## Quick start", 1)[1].splitlines()


@pytest.mark.parametrize("example", ALL_EXAMPLES, ids=lambda example: example.name)
def test_the_example_prints_what_it_shows(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, example: Example
) -> None:
    argv, stdin = example.argv_and_input()
    monkeypatch.chdir(tmp_path)
    result = cli(*argv, stdin=stdin)
    printed = result.stdout + result.stderr
    assert printed.rstrip("\n") == example.shown

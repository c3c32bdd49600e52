"""Lint, formatting and strict typing are part of the test suite."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.paths import REPOSITORY


def tool(name: str) -> list[str]:
    beside_python = Path(sys.executable).parent / name
    if beside_python.exists():
        return [str(beside_python)]
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed; install the test extra: pip install -e '.[test]'")
    return [found]


def run(command: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=REPOSITORY, capture_output=True, text=True, check=False, timeout=300)


def test_ruff_finds_no_lint_errors() -> None:
    finished = run([*tool("ruff"), "check", "."])
    assert finished.returncode == 0, finished.stdout + finished.stderr


def test_the_code_is_formatted() -> None:
    finished = run([*tool("ruff"), "format", "--check", "."])
    assert finished.returncode == 0, finished.stdout + finished.stderr


def test_every_package_is_strictly_typed() -> None:
    finished = run([*tool("mypy"), "solver", "tutor", "services", "api", "web"])
    assert finished.returncode == 0, finished.stdout + finished.stderr


def test_dependencies_point_one_way() -> None:
    """The layers and the independence of the interfaces, as ``.importlinter`` writes them, hold."""
    finished = run([*tool("lint-imports"), "--no-cache"])
    assert finished.returncode == 0, finished.stdout + finished.stderr

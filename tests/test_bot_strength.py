"""Smoke test: the bots' strength from self-play (``benchmarks/bot_strength.py``) runs on two games per pairing."""

from __future__ import annotations

import subprocess
import sys

import pytest

from solver.games import GAMES
from tests.paths import REPOSITORY

pytestmark = pytest.mark.slow

SCRIPT = REPOSITORY / "benchmarks" / "bot_strength.py"

PATIENCE = 600
"""Seconds the script may run before the test gives up on it (two games per pairing take seconds)."""


def test_the_strength_script_prints_a_table_per_game_with_every_bot() -> None:
    completed = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "2", "--seed", "1"],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    output = completed.stdout
    assert output.count("| Bot | Against | Players | Games | Wins | Win share (95% CI) |") == len(GAMES) - 1
    assert "| Bot (whole team) | Players | Games | Beaten (95% CI) | Mean cards left |" in output
    for game in GAMES:
        assert f"## {game.title}" in output
        for kind in game.bot_kinds:
            assert f"| {kind} | " in output


@pytest.mark.parametrize("arguments", [["--games", "0"], ["--seed", "-1"], ["--games", "many"]])
def test_the_strength_script_refuses_bad_settings_naming_them(arguments: list[str]) -> None:
    completed = subprocess.run(
        [sys.executable, str(SCRIPT), *arguments],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        check=False,
    )
    assert completed.returncode == 2
    assert arguments[0] in completed.stderr

"""Smoke tests: the benchmark scripts run end to end on a few hands or rounds."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.paths import REPOSITORY

pytestmark = pytest.mark.slow

SCRIPT = REPOSITORY / "benchmarks" / "solver_benchmark.py"
GAME_SCRIPT = REPOSITORY / "benchmarks" / "game_benchmark.py"


def test_quick_benchmark_runs_and_prints_the_table() -> None:
    completed = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", "--seed", "1"],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "| Benchmark | Domain | Hands | Measured | Goal | Result |" in completed.stdout


def test_game_benchmark_runs_a_few_rounds_and_prints_the_table() -> None:
    completed = subprocess.run(
        [sys.executable, str(GAME_SCRIPT), "--rounds", "3"],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "| Players | Rounds | Turns per round | Rounds per second | Goal | Result |" in completed.stdout

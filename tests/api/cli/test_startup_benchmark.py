"""Smoke test: the start-up benchmark runs each command twice and prints its tables; no timing is judged."""

from __future__ import annotations

import subprocess
import sys

from tests.paths import REPOSITORY

SCRIPT = REPOSITORY / "benchmarks" / "cli_startup.py"


def test_the_quick_startup_benchmark_prints_its_tables() -> None:
    completed = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick"],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "| Command | Runs | Median | p90 | Max | Goal (median) | Result |" in completed.stdout
    assert '| `nambarz check 3bee "6 + 5 + 2 - 10"` | 2 |' in completed.stdout
    assert "| Command | Heaviest imports (cumulative, two levels deep, one run) |" in completed.stdout

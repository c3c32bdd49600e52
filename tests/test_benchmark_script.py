"""Smoke test: the solver benchmark script runs end to end in its quick mode."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPOSITORY_ROOT = Path(__file__).resolve().parent.parent
SCRIPT = REPOSITORY_ROOT / "benchmarks" / "solver_benchmark.py"


def test_quick_benchmark_runs_and_prints_the_table() -> None:
    completed = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", "--seed", "1"],
        cwd=REPOSITORY_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "| Benchmark | Domain | Hands | Measured | Goal | Result |" in completed.stdout

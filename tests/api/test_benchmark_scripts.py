"""Smoke tests: the benchmarks of issue-level goals run, and print their tables and goals.

They judge no time: how fast the machine is decides only the figures the
scripts print, never whether these tests pass.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.paths import REPOSITORY

pytestmark = pytest.mark.slow

PRODUCTION_ENVIRONMENT = {name: value for name, value in os.environ.items() if not name.startswith("NAMBARZ_")}
"""The environment without the suite's settings (``tests/conftest.py``): the scripts measure the defaults.

Each test gives it a data folder of its own (``XDG_DATA_HOME``), where the
default games database and the kept secret key are made, never the user's.
"""

PATIENCE = 600
"""Seconds a script may run before the test gives up on it (a smoke run takes well under a minute)."""


@pytest.mark.parametrize(
    ("script", "arguments", "table"),
    [
        ("slow_clients.py", ["--quick"], "| Open trickling connections | Requests |"),
        (
            "request_budget.py",
            ["--quick"],
            "| Endpoint | Limit ms | Requests | 200 | 422 (budget) | Longest ms | Longest case |",
        ),
        ("pathological_search.py", [], "| Top | Operators | Hand | Outcome | Seconds | Peak MB |"),
        ("play_soak.py", ["--quick"], "| Game | Games | Finished | Actions (all seats) |"),
        ("play_storage.py", ["--quick"], "| Written per action |"),
        ("request_cpu.py", ["--quick"], "| `GET /api/v1/health` |"),
    ],
)
def test_a_benchmark_runs_and_prints_its_table_and_goals(
    script: str, arguments: list[str], table: str, tmp_path: Path
) -> None:
    completed = subprocess.run(
        [sys.executable, str(REPOSITORY / "benchmarks" / script), *arguments],
        cwd=REPOSITORY,
        env={**PRODUCTION_ENVIRONMENT, "XDG_DATA_HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert table in completed.stdout
    assert "| Goal" in completed.stdout

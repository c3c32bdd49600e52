"""Smoke test: the HTTP load benchmark starts a server, loads it a little, stops it and prints its table."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.paths import REPOSITORY

pytestmark = pytest.mark.slow

SCRIPT = REPOSITORY / "benchmarks" / "api_load.py"


def test_quick_load_benchmark_runs_and_prints_the_table() -> None:
    completed = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick"],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        timeout=600,  # a smoke run takes seconds; only a broken script gets near this
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "| Endpoint | Clients | Requests | Req/s | p50 ms | p99 ms |" in completed.stdout

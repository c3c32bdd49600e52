"""Smoke test: the self-play speed benchmark (``benchmarks/self_play_speed.py``) runs on a few games.

It judges no time (the machine running the suite may be busy); it checks
that both tables are printed and that, where the reference commit can be
exported, the working tree plays exactly the reference code's games.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.paths import REPOSITORY

pytestmark = pytest.mark.slow

SCRIPT = REPOSITORY / "benchmarks" / "self_play_speed.py"

PATIENCE = 900
"""Seconds the script may run before the test gives up on it (its quick run takes seconds)."""

WORKLOADS = [f"The Game, strong bot, {players} player" for players in range(1, 6)] + [
    "Nambarz, 4 planners",
    "Nambarz, 2 planners + 2 random",
]


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *arguments],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        check=False,
    )


def test_the_speed_script_prints_old_and_new_per_core_and_one_process_against_two() -> None:
    completed = run("--quick", "--jobs", "2")
    assert completed.returncode == 0, completed.stdout + completed.stderr
    output = completed.stdout
    per_core = [line for line in output.splitlines() if any(line.startswith(f"| {name}") for name in WORKLOADS)]
    assert len(per_core) == len(WORKLOADS) + 2, output
    if "The reference code is not available" not in output:
        assert all(line.endswith("| yes |") for line in per_core), "the same seeds play the same games"
    assert "| Run | Played | 1 process per s | 2 processes per s | Speed-up | Same report |" in output


def test_the_speed_script_refuses_bad_settings_naming_them() -> None:
    completed = run("--games", "0")
    assert completed.returncode == 2
    assert "--games" in completed.stderr

"""The calibration benchmark of adaptive practice (``benchmarks/practice_calibration.py``) on small parameters.

It judges no figure: a class of six answering twenty items each says little
about calibration, and nothing about speed.  It checks that the script runs,
in process and (a slow test) against a real server, and prints its table and
plot, and that the answers its simulated pupils work out are judged as they
mean them by the judge the API uses.
"""

from __future__ import annotations

import doctest
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from services.practice.judging import judge
from tests.paths import REPOSITORY
from tutor.item_bank import Item, bank, exercise

SCRIPT = REPOSITORY / "benchmarks" / "practice_calibration.py"

PATIENCE = 300
"""Seconds the script may run before the test gives up on it (it takes a few)."""


def benchmark_module() -> ModuleType:
    specification = importlib.util.spec_from_file_location("practice_calibration", SCRIPT)
    assert specification is not None and specification.loader is not None
    module = importlib.util.module_from_spec(specification)
    sys.modules[specification.name] = module
    specification.loader.exec_module(module)
    return module


CALIBRATION = benchmark_module()


def test_the_benchmark_in_process_prints_its_figures_and_draws_its_plot(tmp_path: Path) -> None:
    plot = tmp_path / "calibration.png"
    completed = subprocess.run(
        [
            sys.executable,
            str(SCRIPT),
            "--in-process",
            "--pupils",
            "6",
            "--answers",
            "20",
            "--worlds",
            "2",
            "--plot",
            str(plot),
        ],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "| Figure | Measured | Goal | Result |" in completed.stdout
    assert "starting difficulties alone" in completed.stdout
    assert "| Figure | Lowest | Mean | Highest | Worlds short of the goal |" in completed.stdout
    assert plot.read_bytes().startswith(b"\x89PNG")


@pytest.mark.slow
def test_the_benchmark_over_http_answers_through_a_real_server() -> None:
    environment = {name: value for name, value in os.environ.items() if not name.startswith("NAMBARZ_")}
    completed = subprocess.run(
        [sys.executable, str(SCRIPT), "--pupils", "3", "--answers", "4", "--pace", "0"],
        cwd=REPOSITORY,
        env=environment,
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "| answer time, 99th percentile, 3 pupils at once |" in completed.stdout
    assert "| requests that failed (each sent again) | 0 | 0 | pass |" in completed.stdout
    assert "| answers the server judged otherwise than the pupil meant | 0 | 0 | pass |" in completed.stdout


@pytest.mark.parametrize(
    "arguments", [["--pupils", "1"], ["--answers", "0"], ["--worlds", "2"], ["--plot", "ratings.png"], ["--pace", "-1"]]
)
def test_the_benchmark_refuses_arguments_it_cannot_use(arguments: list[str]) -> None:
    completed = subprocess.run(
        [sys.executable, str(SCRIPT), *arguments],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        check=False,
    )
    assert completed.returncode == 2
    assert "error:" in completed.stderr


def test_the_benchmark_examples_hold() -> None:
    assert doctest.testmod(CALIBRATION).failed == 0


ITEMS = list(bank().values())


@pytest.mark.parametrize("item", ITEMS, ids=[item.id for item in ITEMS])
def test_a_simulated_pupil_is_right_or_wrong_as_they_mean(item: Item) -> None:
    shown = exercise(item)
    as_shown = CALIBRATION.Shown.of(shown)
    assert judge(shown, CALIBRATION.right_answer(as_shown), None, "en").correct
    assert not judge(shown, CALIBRATION.wrong_answer(as_shown), None, "en").correct

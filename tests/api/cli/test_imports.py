"""What each command imports: the heavy libraries only where the command needs them (checked in fresh processes).

These tests look at ``sys.modules`` after a command ran, never at timings:
``benchmarks/cli_startup.py`` measures how long the commands take.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from tests.paths import REPOSITORY

PROGRAM = """
import contextlib, io, json, sys
from api.command import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    status = main.main(sys.argv[1:], standalone_mode=False)
print(json.dumps({
    "status": status,
    "packages": sorted({name.split(".")[0] for name in sys.modules}),
    "engine": sorted(name for name in sys.modules if name.split(".")[0] in ("solver", "tutor")),
}))
"""

WEB = {"flask", "flask_smorest", "werkzeug", "webargs", "apispec", "gunicorn"}
"""The HTTP server's libraries."""

SEARCH = {"sympy", "networkx"}
"""The libraries of the puzzles and LaTeX (sympy) and of the turn planner (networkx)."""

REGISTRY = {"solver", "solver.registry", "solver.errors"}
"""All of the engine the root command loads: the registry it lists the games' groups by (and its error)."""


def run(*argv: str) -> dict[str, Any]:
    """What running ``nambarz argv`` in a fresh interpreter imported (it must exit 0): ``packages`` and ``engine``."""
    finished = subprocess.run(
        [sys.executable, "-c", PROGRAM, *argv], cwd=REPOSITORY, capture_output=True, text=True, check=True, timeout=120
    )
    report: dict[str, Any] = json.loads(finished.stdout)
    assert report["status"] == 0, finished.stderr
    return report


def imported(*argv: str) -> set[str]:
    """The top-level packages imported by running ``nambarz argv`` in a fresh interpreter, which must exit 0."""
    return set(run(*argv)["packages"])


@pytest.mark.parametrize("argv", [["--help"], ["--version"]], ids=" ".join)
def test_help_and_version_import_neither_the_engine_nor_any_heavy_library(argv: list[str]) -> None:
    report = run(*argv)
    assert set(report["packages"]) & (WEB | SEARCH | {"marshmallow"}) == set()
    assert set(report["engine"]) <= REGISTRY


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "3bee", "6 + 5 + 2 - 10"],
        ["check", "--top", "1", "--turn", "9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1", "--json"],
        ["check", "3bee", "10 - 4 / 2", "--lang", "it"],
        ["solve", "3bee", "1 2 4 6 10 5 7fish"],
        ["score", "--players", "A,B,C,D", "--finished", "C,A,D"],
        ["reference"],
        ["deck"],
    ],
    ids=" ".join,
)
def test_judging_and_solving_import_no_web_library_no_marshmallow_no_sympy_and_no_networkx(argv: list[str]) -> None:
    assert imported(*argv) & (WEB | SEARCH | {"marshmallow"}) == set()


def test_only_planning_imports_networkx() -> None:
    assert "networkx" in imported("plan", "3", "1 2 6 9 4 Jreplay")
    assert imported("hint", "3bee", "10 4 2 7", "--level", "3") & (WEB | {"sympy", "marshmallow"}) == set()


def test_a_request_loads_marshmallow_but_nothing_of_the_web_server() -> None:
    packages = imported("check", "--request", '{"top": "3bee", "play": "9 / 3"}')
    assert "marshmallow" in packages
    assert packages & (WEB | SEARCH) == set()


@pytest.mark.parametrize(
    "argv",
    [
        [
            "thegame",
            "check",
            "--piles",
            "asc1=47,asc2=1,desc1=65,desc2=100",
            "--hand",
            "37",
            "--draw-pile",
            "0",
            "--play",
            "",
        ],
        ["thegame", "--help"],
        ["quando", "check", "--hand", "3,4,5,9,0,0,7", "--plays-made", "1", "--play", "3,4,5"],
        ["nmbrs", "check", "--sequence", "10,J,30,40", "--rules", "advanced"],
        ["serve", "--help"],
    ],
    ids=lambda argv: " ".join(argv[:2]),
)
def test_the_sibling_games_and_the_help_of_serve_import_nothing_of_the_web_server(argv: list[str]) -> None:
    assert imported(*argv) & (WEB | SEARCH) == set()


def test_exercises_import_sympy_for_their_puzzles_and_nothing_of_the_web_server() -> None:
    packages = imported("exercises", "--level", "1", "--count", "2", "--kinds", "missing-card")
    assert "sympy" in packages
    assert packages & WEB == set()


def imported_by(*modules: str) -> set[str]:
    """The top-level packages a fresh interpreter has imported after importing ``modules``."""
    program = (
        f"import json, sys\nimport {', '.join(modules)}\n"
        "print(json.dumps(sorted({name.split('.')[0] for name in sys.modules})))\n"
    )
    finished = subprocess.run(
        [sys.executable, "-c", program], cwd=REPOSITORY, capture_output=True, text=True, check=True, timeout=120
    )
    return set(json.loads(finished.stdout))


def test_the_answers_import_no_framework() -> None:
    games = ("nambarz", "thegame", "quando", "nmbrs", "tutor")
    packages = imported_by(*(f"services.answers.{game}" for game in games))
    assert packages & (WEB | {"marshmallow", "click", "argparse"}) == set()


def test_the_schemas_import_marshmallow_but_no_web_framework() -> None:
    games = ("common", "nambarz", "thegame", "quando", "nmbrs", "tutor")
    packages = imported_by(*(f"services.schemas.{game}" for game in games))
    assert "marshmallow" in packages
    assert packages & (WEB | {"click"}) == set()

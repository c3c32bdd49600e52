"""Start-up time of the ``nambarz`` command line: wall time of fresh processes, and where it goes.

Each command runs ``--runs`` times, each in a fresh process, the commands
taking turns, after one round that is not counted (so that compiled
bytecode is in place); the wall time of a run is ``time.perf_counter``
around the whole process, from start to exit.  The script prints a Markdown table of the median, 90th percentile and
maximum against the goals, then, for each command, the heaviest imports
that one run under ``python -X importtime`` reports (cumulative time, which
includes what each import imported in turn), down to the second level.

Goals, on a quiet 2-core machine: ``nambarz --help`` and ``nambarz --version``
under 0.3 s, ``nambarz check 3bee "6 + 5 + 2 - 10"`` under 0.5 s, judged on the
median.  ``python -c pass`` is measured for scale: no command can start
faster than the interpreter itself.

Run it from the repository root, with the package installed::

    python benchmarks/cli_startup.py              # 20 runs per command
    python benchmarks/cli_startup.py --runs 50
    python benchmarks/cli_startup.py --quick      # 2 runs per command, for a smoke test

The exit status is 1 when a command failed; a missed goal is only reported.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

SCRIPT = Path(sys.executable).with_name("nambarz")
"""The console script installed beside this interpreter, as a user runs it."""

IMPORT_LINE = re.compile(r"^import time:\s+(?P<self>\d+) \|\s+(?P<cumulative>\d+) \|(?P<indent>\s+)(?P<name>\S+)$")
HEAVIEST = 8
"""How many imports the second table names per command."""

DEPTH = 2
"""The import depth the second table looks at: the program's own imports, and what each of those imports."""


@dataclass(frozen=True)
class Command:
    """A command line to time, and the median it should stay under (``None``: measured for scale only)."""

    shown: str
    argv: tuple[str, ...]
    goal: float | None
    interpreter_only: bool = False


COMMANDS = (
    Command("python -c pass", ("-c", "pass"), None, interpreter_only=True),
    Command("nambarz --help", ("--help",), 0.3),
    Command("nambarz --version", ("--version",), 0.3),
    Command('nambarz check 3bee "6 + 5 + 2 - 10"', ("check", "3bee", "6 + 5 + 2 - 10"), 0.5),
    Command('nambarz solve 3bee "1 2 4 6 10 5 7fish"', ("solve", "3bee", "1 2 4 6 10 5 7fish"), None),
)


def nambarz() -> list[str]:
    """How to start the command line: its console script, else the package run as a module."""
    return [sys.executable, str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "api"]


def command_line(command: Command, *options: str) -> list[str]:
    if command.interpreter_only:
        return [sys.executable, *options, *command.argv]
    start = nambarz()
    return [start[0], *options, *start[1:], *command.argv]


def wall_times(commands: tuple[Command, ...], runs: int) -> list[list[float]]:
    """Seconds from the start of each command's process to its exit, ``runs`` times each, after one uncounted round.

    The commands take turns, round after round, so that a busy spell of the
    machine weighs on all of them alike rather than on whichever ran then.
    """
    times: list[list[float]] = [[] for _ in commands]
    for round_number in range(runs + 1):
        for command, measured in zip(commands, times, strict=True):
            started = time.perf_counter()
            finished = subprocess.run(command_line(command), capture_output=True, check=False, timeout=120)
            elapsed = time.perf_counter() - started
            if finished.returncode != 0:
                raise RuntimeError(f"{command.shown} failed: {finished.stderr.decode(errors='replace').strip()}")
            if round_number:
                measured.append(elapsed)
    return times


def heaviest_imports(command: Command) -> list[tuple[str, float]]:
    """The imports of one run, down to :data:`DEPTH`, with the most cumulative time in milliseconds, heaviest first.

    A module imported at run time by ``importlib`` (as the command line
    imports the module of the command it runs) is not timed itself, so its
    own imports show at the top level.
    """
    finished = subprocess.run(
        command_line(command, "-X", "importtime"), capture_output=True, text=True, check=False, timeout=120
    )
    imports = []
    for line in finished.stderr.splitlines():
        match = IMPORT_LINE.match(line)
        if match and len(match["indent"]) <= 2 * DEPTH - 1:  # one space, then two more per level
            imports.append((match["name"], int(match["cumulative"]) / 1000))
    return sorted(imports, key=lambda item: item[1], reverse=True)[:HEAVIEST]


def percentile_90(times: list[float]) -> float:
    return statistics.quantiles(times, n=10, method="inclusive")[8] if len(times) > 1 else times[0]


def timing_table(results: list[tuple[Command, list[float]]]) -> list[str]:
    lines = [
        "| Command | Runs | Median | p90 | Max | Goal (median) | Result |",
        "|---|---|---|---|---|---|---|",
    ]
    for command, times in results:
        median = statistics.median(times)
        goal = "for scale" if command.goal is None else f"< {command.goal:g} s"
        verdict = "info" if command.goal is None else ("pass" if median < command.goal else "miss")
        lines.append(
            f"| `{command.shown}` | {len(times)} | {median:.3f} s | {percentile_90(times):.3f} s "
            f"| {max(times):.3f} s | {goal} | {verdict} |"
        )
    return lines


def import_table(commands: tuple[Command, ...]) -> list[str]:
    lines = ["| Command | Heaviest imports (cumulative, two levels deep, one run) |", "|---|---|"]
    for command in commands:
        if command.interpreter_only:
            continue
        heaviest = " · ".join(f"{name} {milliseconds:.0f} ms" for name, milliseconds in heaviest_imports(command))
        lines.append(f"| `{command.shown}` | {heaviest} |")
    return lines


def machine() -> str:
    return (
        f"{os.cpu_count()} CPUs, Python {platform.python_version()} ({platform.python_implementation()}) "
        f"on {platform.system()} {platform.machine()}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="timed runs per command (default 20)")
    parser.add_argument("--quick", action="store_true", help="2 runs per command, for a smoke test")
    args = parser.parse_args(argv)
    runs = 2 if args.quick else args.runs
    if runs < 1:
        parser.error("--runs: expected at least 1")
    try:
        results = list(zip(COMMANDS, wall_times(COMMANDS, runs), strict=True))
    except (RuntimeError, subprocess.TimeoutExpired) as error:
        print(f"cli_startup: {error}", file=sys.stderr)
        return 1
    print("\n".join(timing_table(results)))
    print()
    print("\n".join(import_table(COMMANDS)))
    print()
    print(f"Machine: {machine()}; started with {' '.join(Path(part).name for part in nambarz())}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark whole rounds of self-play: full 4-player rounds per second on one core.

Each configuration plays seeded one-round games between bots (see
``solver/nambarz/bots.py``) in this process and reports rounds per second and the
mean number of turns per round.  The goal is at least 50 rounds per second.

Run it from the repository root::

    python benchmarks/game_benchmark.py            # 200 rounds per configuration
    python benchmarks/game_benchmark.py --rounds 20

It prints a markdown table with a pass/fail mark per row.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from collections.abc import Sequence
from pathlib import Path

REPOSITORY_ROOT = Path(__file__).resolve().parent.parent
if str(REPOSITORY_ROOT) not in sys.path:
    sys.path.insert(0, str(REPOSITORY_ROOT))

from solver.nambarz.simulate import simulate  # noqa: E402

ROUNDS_PER_SECOND_GOAL = 50.0
CONFIGURATIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("4 random bots", ("random",)),
    ("4 planner bots", ("planner",)),
    ("2 planner + 2 random bots", ("planner", "random")),
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=200, help="rounds per configuration (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games (default 1)")
    arguments = parser.parse_args(argv)
    print("# Nambarz self-play benchmark\n")
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.system()} "
        f"{platform.machine()}, {os.cpu_count()} CPUs, one process; seed {arguments.seed}\n"
    )
    print("| Players | Rounds | Turns per round | Rounds per second | Goal | Result |")
    print("|---|---|---|---|---|---|")
    for label, bots in CONFIGURATIONS:
        report = simulate(players=4, games=arguments.rounds, seed=arguments.seed, bots=bots, jobs=1).to_dict()
        speed = report["rounds_per_second"]
        result = "pass" if speed >= ROUNDS_PER_SECOND_GOAL else "**FAIL**"
        print(
            f"| {label} | {report['rounds']} | {report['turns_per_round']:.1f} | {speed:.1f} "
            f"| ≥ {ROUNDS_PER_SECOND_GOAL:g} | {result} |"
        )
    print("\nA round is dealt, played to its end and scored; bots choose every action through the engine's")
    print("legal actions (random) or the turn planner (planner).")
    return 0


if __name__ == "__main__":
    sys.exit(main())

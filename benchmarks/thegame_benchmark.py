"""Benchmark The Game bot: win rates for 1 to 5 players against the best published figures.

Each player count plays ``--games`` seeded games (10,000 by default) of the
standard game with one bot at every seat (see ``solver/thegame/bots.py``),
spread over worker processes by ``simulate`` itself, and prints a markdown table: the win rate with
its 95% Wilson confidence interval, the published win rate it is compared
with, the share of excellent games (fewer than 10 cards left), the mean
number of cards left, and games per second of the whole run (all its processes).

Run it from the repository root::

    python benchmarks/thegame_benchmark.py                     # 10,000 games per player count
    python benchmarks/thegame_benchmark.py --games 300 --seed 2 --bot naive

The published figures are those of a public C++ analyser of The Game
(10,000 games per player count, no card values shared).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Sequence
from pathlib import Path

REPOSITORY_ROOT = Path(__file__).resolve().parent.parent
if str(REPOSITORY_ROOT) not in sys.path:
    sys.path.insert(0, str(REPOSITORY_ROOT))

from solver.self_play import process_pool  # noqa: E402
from solver.thegame.bots import BOTS  # noqa: E402
from solver.thegame.rules import MAX_PLAYERS, MIN_PLAYERS  # noqa: E402
from solver.thegame.simulate import MAX_GAMES, SimulationReport, simulate  # noqa: E402

PUBLISHED_WIN_RATES = {1: 0.118, 2: 0.188, 3: 0.078, 4: 0.112, 5: 0.123}
"""Best published win rates without sharing card values, by number of players."""


def table_row(report: SimulationReport) -> str:
    """One markdown row: players, games, win rate with CI, published, excellent, mean left, games/s."""
    low, high = report.win_rate_ci95
    published = PUBLISHED_WIN_RATES[report.players]
    verdict = "beats" if low > published else ("above" if report.win_rate > published else "below")
    return (
        f"| {report.players} | {report.games:,} | {report.win_rate:.1%} ({low:.1%}–{high:.1%}) "
        f"| {published:.1%} ({verdict}) | {report.excellent_rate:.1%} | {report.mean_left:.2f} "
        f"| {report.games_per_second:.1f} |"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--games", type=int, default=10_000, help=f"games per player count, 1 to {MAX_GAMES} (default 10,000)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    parser.add_argument("--bot", choices=sorted(BOTS), default="strong", help="the bot playing every seat")
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="worker processes (default: one per CPU)"
    )
    arguments = parser.parse_args(argv)
    if not 1 <= arguments.games <= MAX_GAMES:
        parser.error(f"--games must be from 1 to {MAX_GAMES}, not {arguments.games}")
    if arguments.seed < 0 or arguments.workers < 1:
        parser.error("--seed must be 0 or more and --workers 1 or more")
    print(f"# The Game: win rates of the {arguments.bot} bot, standard game\n")
    print(
        f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, "
        f"{arguments.workers} worker processes; seed {arguments.seed}\n"
    )
    print("| Players | Games | Win rate (95% CI) | Published | Excellent (< 10 left) | Mean left | Games/s |")
    print("|---|---|---|---|---|---|---|")
    started = time.perf_counter()
    with process_pool(arguments.workers) as pool:
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            report = simulate(
                players=players,
                games=arguments.games,
                seed=arguments.seed,
                bot=arguments.bot,
                jobs=arguments.workers,
                executor=pool,
            )
            print(table_row(report), flush=True)
    elapsed = time.perf_counter() - started
    print("\nPublished: the best public figure without sharing card values; 'beats' when the whole 95% interval")
    print(f"lies above it. Games/s is the speed of all the processes together; the whole run took {elapsed:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Self-play speed: the bots per core against the reference code, and a run on one process against N.

Two tables, each figure next to its reference run in the same invocation:

1. **Per core, old and new.**  The Game's strong bot at every player count
   (1 to 5) and Nambarz planners (four planners, and two planners with two
   random bots, in rounds of the beginners' game) play the same seeded games
   on the reference commit's code (:data:`reference.BEFORE_STRATEGY_LAB`,
   exported aside) and on the working tree, each in a fresh interpreter,
   taking turns, ``--repeat`` times; the best CPU time of each is kept.  The
   table gives games (or rounds) per CPU second, the ratio, and whether the
   two played exactly the same games (the SHA-256 of every transcript).
2. **One process and N.**  ``simulate`` with ``jobs=1`` and with
   ``jobs=N`` (every core by default) on ten times as many games (or
   rounds), long enough for the workers' start to count little, wall-clock
   time, and whether the two reports are the same.

Run it from the repository root::

    python benchmarks/self_play_speed.py             # 60 games per player count, 200 rounds
    python benchmarks/self_play_speed.py --quick     # a smoke test: a few games
    python benchmarks/self_play_speed.py --games 200 --rounds 500 --repeat 5

A clone without the history cannot export the reference commit: the first
table then gives the new code's figures alone, and says so.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPOSITORY_ROOT = Path(__file__).resolve().parent.parent
if str(REPOSITORY_ROOT) not in sys.path:
    sys.path.insert(0, str(REPOSITORY_ROOT))

from benchmarks.reference import (  # noqa: E402
    BEFORE_STRATEGY_LAB,
    ReferenceUnavailableError,
    reference_tree,
    run_python,
)
from solver.nambarz.simulate import simulate as simulate_nambarz  # noqa: E402
from solver.self_play import available_cores  # noqa: E402
from solver.thegame.simulate import simulate as simulate_thegame  # noqa: E402

THE_GAME = """
import hashlib, json, time
from solver.thegame.bots import make_bot
from solver.thegame.simulate import play_game
from solver.thegame.state import Game
digest = hashlib.sha256()
started = time.process_time()
for seed in range({games}):
    played = play_game(Game(players={players}, seed=seed), make_bot("strong"))
    digest.update("\\n".join(played.actions).encode() + b"\\n\\n")
print(json.dumps({{"cpu": time.process_time() - started, "count": {games}, "digest": digest.hexdigest()}}))
"""
"""Plays The Game's strong bot on deals 0 to ``games - 1``: CPU seconds and the digest of the transcripts."""

NAMBARZ = """
import hashlib, json, time
from solver.nambarz.bots import make_bot
from solver.nambarz.deck import Deck
from solver.nambarz.rules import Rules
from solver.nambarz.state import Game, Variant
names = ("P1", "P2", "P3", "P4")
kinds = {kinds!r}
digest = hashlib.sha256()
started = time.process_time()
for seed in range({rounds}):
    game = Game(names, variant=Variant.BEGINNERS, rules=Rules(), rounds=1, deck=Deck.default(), seed=seed)
    seats = {{name: make_bot(kind, seed=seed * 16 + place) for place, (name, kind) in enumerate(zip(names, kinds))}}
    state = game.new_state()
    while not state.is_over:
        action = seats[state.turn_player].choose(state)
        digest.update(f"{{state.turn_player}} {{action}}\\n".encode())
        state.apply(action)
    digest.update(b"\\n")
print(json.dumps({{"cpu": time.process_time() - started, "count": {rounds}, "digest": digest.hexdigest()}}))
"""
"""Plays rounds 0 to ``rounds - 1`` of four seats of ``kinds``: CPU seconds and the digest of the transcripts."""


SPREAD_FACTOR = 10
"""How many times the games (or rounds) of the first table the second plays, once on one process and once on N."""


def fastest(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The run that took the least CPU time."""
    return min(runs, key=lambda run: float(run["cpu"]))


def per_core(games: int, rounds: int, repeat: int) -> list[str]:
    """The first table: each workload on the reference code and the working tree, in turn."""
    workloads = [
        (
            f"The Game, strong bot, {players} player{'s' if players > 1 else ''}",
            "games",
            THE_GAME.format(players=players, games=games),
        )
        for players in range(1, 6)
    ] + [
        ("Nambarz, 4 planners", "rounds", NAMBARZ.format(kinds=("planner",) * 4, rounds=rounds)),
        ("Nambarz, 2 planners + 2 random", "rounds", NAMBARZ.format(kinds=("planner", "random") * 2, rounds=rounds)),
    ]
    lines = [
        "| Workload | Played | Reference per CPU s | Now per CPU s | Ratio | Same games |",
        "|---|---|---|---|---|---|",
    ]
    try:
        with reference_tree() as old_root:
            for name, unit, code in workloads:
                olds, news = [], []
                for _ in range(repeat):  # in turn, so that a busy spell of the machine slows both
                    olds.append(run_python(old_root, code))
                    news.append(run_python(REPOSITORY_ROOT, code))
                old, new = fastest(olds), fastest(news)
                old_speed, new_speed = old["count"] / old["cpu"], new["count"] / new["cpu"]
                same = "yes" if old["digest"] == new["digest"] else "**NO**"
                lines.append(
                    f"| {name} | {new['count']} {unit} | {old_speed:.1f} | {new_speed:.1f} "
                    f"| {new_speed / old_speed:.2f}× | {same} |"
                )
    except ReferenceUnavailableError as error:
        lines = [f"The reference code is not available ({error}); the working tree alone:", "", *lines[:2]]
        for name, unit, code in workloads:
            new = fastest([run_python(REPOSITORY_ROOT, code) for _ in range(repeat)])
            lines.append(f"| {name} | {new['count']} {unit} | – | {new['count'] / new['cpu']:.1f} | – | – |")
    return lines


def spread(games: int, rounds: int, jobs: int) -> list[str]:
    """The second table: the same runs on one process and on ``jobs``, wall-clock."""
    runs = [
        (
            "The Game, strong bot, 2 players",
            "games",
            lambda count: simulate_thegame(players=2, games=games, jobs=count),
        ),
        (
            "Nambarz, 4 planners",
            "rounds",
            lambda count: simulate_nambarz(players=4, games=rounds, bots=("planner",), jobs=count),
        ),
    ]
    lines = [
        f"| Run | Played | 1 process per s | {jobs} processes per s | Speed-up | Same report |",
        "|---|---|---|---|---|---|",
    ]
    for name, unit, run in runs:
        timed = []
        for count in (1, jobs):
            started = time.perf_counter()
            report = run(count)
            timed.append((time.perf_counter() - started, report))
        (alone_seconds, alone), (spread_seconds, spread_report) = timed
        played = len(alone.rows)
        same = "yes" if alone.rows == spread_report.rows else "**NO**"
        lines.append(
            f"| {name} | {played} {unit} | {played / alone_seconds:.1f} | {played / spread_seconds:.1f} "
            f"| {alone_seconds / spread_seconds:.2f}× | {same} |"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=60, help="games of The Game per player count (default 60)")
    parser.add_argument("--rounds", type=int, default=200, help="Nambarz rounds per line-up (default 200)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each workload on each code (default 3)")
    parser.add_argument(
        "--jobs", type=int, default=available_cores(), help="processes of the spread run (default: every core)"
    )
    parser.add_argument("--quick", action="store_true", help="a smoke test: 2 games, 4 rounds, one run each")
    arguments = parser.parse_args(argv)
    if arguments.quick:
        arguments.games, arguments.rounds, arguments.repeat = 2, 4, 1
    if min(arguments.games, arguments.rounds, arguments.repeat, arguments.jobs) < 1:
        parser.error("--games, --rounds, --repeat and --jobs must be 1 or more")
    print("# Self-play speed\n")
    print(
        f"{time.strftime('%Y-%m-%d')}, Python {platform.python_version()} on {platform.system()} "
        f"{platform.machine()}, {available_cores()} cores; reference commit {BEFORE_STRATEGY_LAB[:10]}\n"
    )
    print("## Per core: the reference code and the working tree, same seeds\n")
    print("\n".join(per_core(arguments.games, arguments.rounds, arguments.repeat)))
    print(f"\nBest of {arguments.repeat} runs each, taking turns; CPU time of the playing alone (no start-up).\n")
    print(f"## One process and {arguments.jobs}\n")
    print("\n".join(spread(arguments.games * SPREAD_FACTOR, arguments.rounds * SPREAD_FACTOR, arguments.jobs)))
    print("\nWall-clock time of the whole run, the worker processes' start included.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The searches that used to run away: a whole deck under one operator, its time and its peak memory.

With only ``+`` or only ``×`` allowed, a 91-card hand (the default deck
less the top card) reaches its target with few of its multisets, and once
ran for 45 s and 1.2 GB because the search kept expanding multisets whose
values could never come back to the target.  The goal: every such search
ends within its time limit (the command line's default, 2 s) and under
200 MB.

Each search runs in a fresh Python process, as ``nambarz solve`` would run
it, so that its peak resident memory (``ru_maxrss``) is its own; the time is
the solve's wall-clock time inside that process.

Run it from the repository root::

    python benchmarks/pathological_search.py

It prints a table and the goals with pass/fail; the exit status is 1 when a
search failed in another way than by reaching its time limit.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys

MEMORY_GOAL_MB = 200.0
CASES = (("10", "*"), ("10", "+"), ("1", "*"), ("7fish", "+"), ("10", "+*"), ("10", "-"), ("10", "/"))
"""Top card and operators: the single-operator searches of the goal, then neighbours for comparison."""
GOAL_OPERATORS = ("*", "+")
"""The searches the goals are about: only ``×``, only ``+``."""

MEASURE = """
import json, resource, sys, time
from solver.errors import SearchLimitError
from solver.nambarz import Card, Deck, Rules, solve
from solver.nambarz.minimal_calculations import DEFAULT_TIME_LIMIT
top = Card.parse(sys.argv[1])
hand = Deck.default().cards()
hand.remove(top)
began = time.perf_counter()
try:
    found = len(solve(top, hand, Rules.parse("natural", sys.argv[2])).calculations)
    outcome = f"{found} calculations"
except SearchLimitError:
    outcome = "time limit reached"
seconds = time.perf_counter() - began
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"cards": len(hand), "seconds": seconds, "peak_mb": peak, "outcome": outcome,
                  "limit": DEFAULT_TIME_LIMIT}))
"""


def main() -> int:
    print("# Runaway searches: one operator, the whole deck\n")
    print(f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, {os.cpu_count()} CPUs\n")
    print("| Top | Operators | Hand | Outcome | Seconds | Peak MB |")
    print("|---|---|---|---|---|---|")
    failed = False
    results = []
    for top, ops in CASES:
        run = subprocess.run([sys.executable, "-c", MEASURE, top, ops], capture_output=True, text=True, check=False)
        if run.returncode != 0:
            print(f"| {top} | {ops} | – | **failed**: {run.stderr.strip().splitlines()[-1]} | – | – |")
            failed = True
            continue
        result = {**json.loads(run.stdout), "ops": ops}
        results.append(result)
        print(
            f"| {top} | `{ops}` | {result['cards']} cards | {result['outcome']} "
            f"| {result['seconds']:.2f} | {result['peak_mb']:.0f} |"
        )
    goal = [result for result in results if result["ops"] in GOAL_OPERATORS]
    if goal:
        limit = goal[0]["limit"]
        slowest = max(result["seconds"] for result in goal)
        heaviest = max(result["peak_mb"] for result in goal)
        finished = all(result["outcome"] != "time limit reached" for result in goal)
        print("\n| Goal (only `*`, only `+`) | Measured | Result |")
        print("|---|---|---|")
        met = finished and slowest <= limit
        print(f"| every search ends within {limit:g} s | {slowest:.2f} s | {'pass' if met else '**FAIL**'} |")
        met = heaviest < MEMORY_GOAL_MB
        print(f"| every search under {MEMORY_GOAL_MB:.0f} MB | {heaviest:.0f} MB | {'pass' if met else '**FAIL**'} |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark the hand solver against its speed goals and the brute-force reference.

Every hand is dealt with a seeded ``random.Random`` from a shuffle of
``Deck.default().cards()``: cards are taken from the top of the shuffled deck
(only cards of one kind for the one-kind hands, jokers included for the random
hands), and the top card is the next number card (symbol or figure, never a
joker) after the last card dealt.  Each domain solves the same hands.

What is measured, after a warm-up, as wall-clock ``time.perf_counter`` around
each in-process call (default deck, default search time limit, garbage
collector left on):

1. Random 7-card hands: ``solve`` in each domain (natural, integer, rational),
   all operators; median, 90th percentile and maximum.  Goal: median <= 1 ms.
2. 20 cards of one kind, symbol hands and figure hands separately: ``solve``
   in each domain; median, 90th percentile and maximum.  Goals: median
   <= 100 ms and maximum <= 0.5 s.  A search that hits the solver's time
   limit counts as a miss.
3. Speed-up over the brute-force references of ``tests/nambarz/reference.py`` on
   6-card hands (random hands, then six cards of one kind), natural domain,
   all operators: total time of the reference divided by total time of
   ``solve`` over the same hands.  The goal, >= 100x, is judged against
   ``enumerate_calculations``, the literal "all permutations x all operator
   tuples" enumeration (946,680 chains per hand, a few seconds each, so only
   a few hands).  ``reference_calculations``, the pruned brute force the
   property tests use, is shown beside it for scale.  For every one of those
   hands the script also checks that solver and reference list the same
   legal multisets of faces with the same chain counts and last cards.

Run it from the repository root::

    python benchmarks/solver_benchmark.py             # full run, about a minute
    python benchmarks/solver_benchmark.py --seed 7    # other hands
    python benchmarks/solver_benchmark.py --quick     # a few hands, for a smoke test

It prints a markdown table with a goal and a pass/fail mark per row, then a
short note.  A missed speed goal is reported in the table only; the exit
status is 1 when the solver and the reference disagree on some hand, else 0.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

REPOSITORY_ROOT = Path(__file__).resolve().parent.parent
if str(REPOSITORY_ROOT) not in sys.path:
    sys.path.insert(0, str(REPOSITORY_ROOT))

from solver.nambarz import Card, Deck, Domain, Kind, Rules, SearchLimitError, solve  # noqa: E402
from tests.nambarz.reference import ReferenceCalculation, enumerate_calculations, reference_calculations  # noqa: E402

RANDOM_HAND_SIZE = 7
ONE_KIND_HAND_SIZE = 20
SPEEDUP_HAND_SIZE = 6

RANDOM_MEDIAN_GOAL = 0.001
ONE_KIND_MEDIAN_GOAL = 0.100
ONE_KIND_WORST_GOAL = 0.500
SPEEDUP_GOAL = 100.0

TABLE_HEADER = "| Benchmark | Domain | Hands | Measured | Goal | Result |"


@dataclass(frozen=True)
class Sizes:
    """How many hands each part of the benchmark deals."""

    random_hands: int
    one_kind_hands: int
    speedup_random_hands: int
    speedup_one_kind_hands: int
    enumeration_hands: int
    warm_up_hands: int


DEFAULT_SIZES = Sizes(
    random_hands=2000,
    one_kind_hands=200,
    speedup_random_hands=200,
    speedup_one_kind_hands=100,
    enumeration_hands=4,
    warm_up_hands=100,
)
QUICK_SIZES = Sizes(
    random_hands=50,
    one_kind_hands=4,
    speedup_random_hands=10,
    speedup_one_kind_hands=5,
    enumeration_hands=0,
    warm_up_hands=10,
)


@dataclass(frozen=True)
class Deal:
    """A top card and a hand dealt from the same shuffled deck."""

    top: Card
    hand: tuple[Card, ...]


@dataclass(frozen=True)
class Timings:
    """Durations in seconds of one ``solve`` call per hand."""

    durations: tuple[float, ...]
    limit_hits: int

    @property
    def median(self) -> float:
        return statistics.median(self.durations)

    @property
    def p90(self) -> float:
        """Nearest-rank 90th percentile."""
        ordered = sorted(self.durations)
        return ordered[math.ceil(0.9 * len(ordered)) - 1]

    @property
    def worst(self) -> float:
        return max(self.durations)

    def summary(self) -> str:
        text = f"median {milliseconds(self.median)} · p90 {milliseconds(self.p90)} · max {milliseconds(self.worst)}"
        if self.limit_hits:
            text += f" · {self.limit_hits} hit the search time limit"
        return text


@dataclass(frozen=True)
class Comparison:
    """Reference against solver over the same hands."""

    reference_seconds: float
    solver_seconds: float
    legal_multisets: int
    disagreements: tuple[str, ...]

    @property
    def speedup(self) -> float:
        return self.reference_seconds / self.solver_seconds


@dataclass(frozen=True)
class Row:
    """One line of the results table."""

    benchmark: str
    domain: str
    hands: int
    measured: str
    goal: str
    passed: bool | None
    """``None`` for a row shown for scale, with no goal of its own."""

    def markdown(self) -> str:
        result = "info" if self.passed is None else "pass" if self.passed else "**FAIL**"
        return f"| {self.benchmark} | {self.domain} | {self.hands} | {self.measured} | {self.goal} | {result} |"


def milliseconds(seconds: float) -> str:
    """Seconds as milliseconds with about three significant digits."""
    value = seconds * 1000
    if value < 10:
        return f"{value:.2f} ms"
    if value < 100:
        return f"{value:.1f} ms"
    return f"{value:.0f} ms"


def deal(rng: random.Random, size: int, kind: Kind | None = None) -> Deal:
    """Shuffle the default deck, deal ``size`` cards (of ``kind`` only, if given) and turn up the top card.

    The top card is the next number card after the last card dealt; the
    cards of other kinds skipped while dealing a one-kind hand stay unused.
    """
    shuffled = Deck.default().cards()
    rng.shuffle(shuffled)
    stream = iter(shuffled)
    hand: list[Card] = []
    for card in stream:
        if kind is None or card.kind is kind:
            hand.append(card)
            if len(hand) == size:
                break
    top = next(card for card in stream if not card.is_joker)
    return Deal(top, tuple(hand))


def deal_many(seed: int, label: str, count: int, size: int, kind: Kind | None = None) -> list[Deal]:
    """``count`` hands from a random stream of their own, so each part's hands depend only on the seed."""
    rng = random.Random(f"{seed}/{label}")
    return [deal(rng, size, kind) for _ in range(count)]


def time_solves(deals: Sequence[Deal], rules: Rules) -> Timings:
    """Time one ``solve`` call per hand."""
    durations: list[float] = []
    limit_hits = 0
    for one in deals:
        start = time.perf_counter()
        try:
            solve(one.top, one.hand, rules)
        except SearchLimitError:
            limit_hits += 1
        durations.append(time.perf_counter() - start)
    return Timings(tuple(durations), limit_hits)


Reference = Callable[[Card, Sequence[Card], str, str], dict[tuple[Card, ...], ReferenceCalculation]]


def compare_with_reference(deals: Sequence[Deal], reference: Reference = reference_calculations) -> Comparison:
    """Time the reference and the solver on each hand and check that they list the same calculations."""
    rules = Rules()
    reference_seconds = solver_seconds = 0.0
    legal_multisets = 0
    disagreements: list[str] = []
    for one in deals:
        start = time.perf_counter()
        expected = reference(one.top, one.hand, rules.domain.value, rules.operators)
        reference_seconds += time.perf_counter() - start
        start = time.perf_counter()
        solution = solve(one.top, one.hand, rules)
        solver_seconds += time.perf_counter() - start

        want = sorted((faces, found.chains, found.last_cards) for faces, found in expected.items())
        got = sorted(
            (tuple(sorted(calculation.cards)), calculation.chains, frozenset(calculation.last_cards))
            for calculation in solution.calculations
        )
        legal_multisets += len(want)
        if want != got:
            disagreements.append(describe_disagreement(one, want, got))
    return Comparison(reference_seconds, solver_seconds, legal_multisets, tuple(disagreements))


Entry = tuple[tuple[Card, ...], int, frozenset[Card]]


def describe_disagreement(one: Deal, want: list[Entry], got: list[Entry]) -> str:
    def show(entries: list[Entry]) -> str:
        return "; ".join(
            f"{' '.join(map(str, faces))} ({chains} chains, last {' '.join(map(str, sorted(last)))})"
            for faces, chains, last in entries
        )

    missing = [entry for entry in want if entry not in got]
    extra = [entry for entry in got if entry not in want]
    return (
        f"top {one.top}, hand {' '.join(map(str, one.hand))}:\n"
        f"  only in the reference: {show(missing) or '-'}\n"
        f"  only in the solver:    {show(extra) or '-'}"
    )


def warm_up(seed: int, count: int) -> None:
    """Run every code path once or more before anything is timed."""
    for domain in Domain:
        rules = Rules(domain)
        time_solves(deal_many(seed, "warm-up", count, RANDOM_HAND_SIZE), rules)
        for kind in (Kind.SYMBOL, Kind.FIGURE):
            time_solves(deal_many(seed, f"warm-up {kind.value}", 1, ONE_KIND_HAND_SIZE, kind), rules)
    compare_with_reference(deal_many(seed, "warm-up reference", 3, SPEEDUP_HAND_SIZE))


def random_hand_rows(seed: int, sizes: Sizes) -> list[Row]:
    deals = deal_many(seed, "random", sizes.random_hands, RANDOM_HAND_SIZE)
    rows = []
    for domain in Domain:
        timings = time_solves(deals, Rules(domain))
        rows.append(
            Row(
                f"{RANDOM_HAND_SIZE} random cards",
                domain.value,
                len(deals),
                timings.summary(),
                f"median ≤ {RANDOM_MEDIAN_GOAL * 1000:g} ms",
                timings.median <= RANDOM_MEDIAN_GOAL and not timings.limit_hits,
            )
        )
    return rows


def one_kind_rows(seed: int, sizes: Sizes) -> list[Row]:
    rows = []
    for kind in (Kind.SYMBOL, Kind.FIGURE):
        deals = deal_many(seed, f"one kind {kind.value}", sizes.one_kind_hands, ONE_KIND_HAND_SIZE, kind)
        for domain in Domain:
            timings = time_solves(deals, Rules(domain))
            rows.append(
                Row(
                    f"{ONE_KIND_HAND_SIZE} {kind.value} cards",
                    domain.value,
                    len(deals),
                    timings.summary(),
                    f"median ≤ {ONE_KIND_MEDIAN_GOAL * 1000:g} ms, max ≤ {ONE_KIND_WORST_GOAL:g} s",
                    timings.median <= ONE_KIND_MEDIAN_GOAL
                    and timings.worst <= ONE_KIND_WORST_GOAL
                    and not timings.limit_hits,
                )
            )
    return rows


def speedup_rows(seed: int, sizes: Sizes) -> tuple[list[Row], list[Comparison]]:
    kinds = [("random", None), ("symbol", Kind.SYMBOL), ("figure", Kind.FIGURE)]
    plans: list[tuple[str, Reference, int, bool]] = [
        ("literal enumeration", enumerate_calculations, sizes.enumeration_hands, True),
        ("pruned reference", reference_calculations, sizes.speedup_one_kind_hands, False),
    ]
    rows = []
    comparisons = []
    for name, reference, one_kind_count, judged in plans:
        for label, kind in kinds:
            count = one_kind_count if kind is not None or judged else sizes.speedup_random_hands
            if count == 0:
                continue
            deals = deal_many(seed, f"speed-up {label}", count, SPEEDUP_HAND_SIZE, kind)
            comparison = compare_with_reference(deals, reference)
            comparisons.append(comparison)
            rows.append(
                Row(
                    f"speed-up over the {name}, {SPEEDUP_HAND_SIZE} {label} cards",
                    Domain.NATURAL.value,
                    count,
                    f"{name} {milliseconds(comparison.reference_seconds)} / solve "
                    f"{milliseconds(comparison.solver_seconds)} = {comparison.speedup:,.0f}×",
                    f"≥ {SPEEDUP_GOAL:g}×" if judged else "none (for scale)",
                    comparison.speedup >= SPEEDUP_GOAL if judged else None,
                )
            )
    return rows, comparisons


def header(seed: int, quick: bool) -> str:
    run = "quick run" if quick else "default run"
    return (
        f"Python {platform.python_version()} ({platform.python_implementation()}) on "
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs; seed {seed}, {run}"
    )


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=0, help="seed for dealing the hands (default 0)")
    parser.add_argument("--quick", action="store_true", help="deal far fewer hands, for a smoke test")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    arguments = parse_arguments(argv)
    seed: int = arguments.seed
    quick: bool = arguments.quick
    sizes = QUICK_SIZES if quick else DEFAULT_SIZES
    started = time.perf_counter()

    print("# Nambarz solver benchmark\n")
    print(header(seed, quick) + "\n", flush=True)
    warm_up(seed, sizes.warm_up_hands)
    rows = random_hand_rows(seed, sizes) + one_kind_rows(seed, sizes)
    comparison_rows, comparisons = speedup_rows(seed, sizes)
    rows += comparison_rows

    print(TABLE_HEADER)
    print("|" + "---|" * TABLE_HEADER.count(" | ") + "---|")
    for row in rows:
        print(row.markdown())

    disagreements = [text for comparison in comparisons for text in comparison.disagreements]
    compared_hands = sizes.speedup_random_hands + 2 * sizes.speedup_one_kind_hands + 3 * sizes.enumeration_hands
    legal_multisets = sum(comparison.legal_multisets for comparison in comparisons)
    judged = [row for row in rows if row.passed is not None]
    missed = sum(not row.passed for row in judged)
    print()
    print(
        "Times are wall-clock `time.perf_counter` around each in-process call after a warm-up "
        "(default deck and search time limit, garbage collector on); each domain solves the same hands. "
        "Hands come from a seeded shuffle of `Deck.default().cards()`; the top card is the next number card "
        "after the last card dealt. A speed-up divides the total time of a reference in `tests/nambarz/reference.py` "
        "by that of `solve` over the same hands (natural domain, +-*/): the literal enumeration tries every "
        "ordered selection of the hand's cards with every operator tuple; the pruned reference, used by the "
        "property tests, skips sub-multisets the rules exclude and remembers which number multisets reach "
        "the target."
    )
    if disagreements:
        print(f"\nThe solver and the reference DISAGREE on {len(disagreements)} of {compared_hands} hands.")
    else:
        print(
            f"\nThe solver and the reference agree on all {legal_multisets} legal multisets of the "
            f"{compared_hands} speed-up hands (faces, chain counts and last cards)."
        )
    print(
        f"{missed} of {len(judged)} goals missed. Total run time {time.perf_counter() - started:.1f} s."
        if missed
        else f"All {len(judged)} goals met. Total run time {time.perf_counter() - started:.1f} s."
    )
    if disagreements:
        print("\n".join(["", "Disagreements:", *disagreements]), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

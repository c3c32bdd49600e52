"""How long the worst requests hold a worker, against the request's time budget.

Every request has one time budget (``NAMBARZ_TIME_LIMIT``, 0.5 s by
default; ``NAMBARZ_EXERCISES_TIME_LIMIT``, 2 s, for sets of exercises):
parsing, searching, planning, explaining and rendering all count against it,
and past it the request is refused with a 422 naming the limit.  The goal is
that no request holds its worker for more than its limit plus 100 ms.
This script sends the worst legal inputs it knows or can find to every
endpoint and page that does real work, through the app in this process (the
work a worker does for the request, without the network), after a warm-up,
and reports the longest time per endpoint.

The inputs:

* hand-picked worst cases: 40-card hands of plain numbers, of figure cards,
  of jokers with numbers, under every domain and every non-empty operator
  subset (solve, hint, plan), long calculations and long turns (check),
  joker-heavy plans with the most turns listed, hints at every level, the
  largest exercise and worksheet counts at every level, the sibling games'
  largest positions;
* a random search: for each domain and operator subset, ``--tries`` random
  40-card hands of the default deck, kept when slower than the slowest so far.

Run it from the repository root::

    python benchmarks/request_budget.py            # everything, 3 random hands per rule setting
    python benchmarks/request_budget.py --tries 20 # a longer hunt for slow hands
    python benchmarks/request_budget.py --quick    # a smoke test: few cases

It prints a table with, per endpoint, the number of requests, how many were
answered 200 and how many were stopped by the budget (422), and the longest
time with the case that took it; then the goal with pass/fail.  The exit
status is 1 when a request answered something other than 200 or the budget's
422 (a crash, or a refusal of an input meant to be legal).
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from api.app import create_app
from solver.nambarz.deck import Deck

DOMAINS = ("natural", "integer", "rational")
OPERATORS = "+-*/"
OPERATOR_SUBSETS = tuple("".join(subset) for size in range(1, 5) for subset in itertools.combinations(OPERATORS, size))
HAND_SIZE = 40
GRACE_MS = 100.0
"""How far past its limit a request may run: the goal."""


@dataclass(frozen=True)
class Case:
    """One request: which endpoint it measures, a short description, and what to send."""

    endpoint: str
    description: str
    path: str
    body: dict[str, Any] | None = None

    def send(self, client: Any) -> tuple[int, float, bool]:
        """Send the request; its status, the seconds it took, and whether it was stopped by its budget."""
        began = time.perf_counter()
        answer = client.get(self.path) if self.body is None else client.post(self.path, json=self.body)
        text = answer.get_data(as_text=True)
        seconds = time.perf_counter() - began
        return answer.status_code, seconds, answer.status_code == 422 and _stopped_by_budget(text)


def _stopped_by_budget(text: str) -> bool:
    """Whether a 422 answer (JSON, an English page, or an Italian one) says the request's budget ran out."""
    return any(words in text for words in ("ran past its time limit", "the server allows", "il server conceda"))


def _deck_cards(deck: Deck) -> list[str]:
    return [str(card) for card in deck.cards()]


def _numbers(cards: list[str]) -> list[str]:
    return [card for card in cards if card.isdigit()]


def _figures(cards: list[str]) -> list[str]:
    return [card for card in cards if card[0].isdigit() and not card.isdigit()]


def _jokers(cards: list[str]) -> list[str]:
    return [card for card in cards if card.startswith("J")]


def _without(cards: list[str], card: str) -> list[str]:
    rest = list(cards)
    rest.remove(card)
    return rest


def hands(deck: Deck) -> dict[str, tuple[str, list[str]]]:
    """Hand-picked 40-card hands with their top card, by kind."""
    cards = _deck_cards(deck)
    numbers, figures, jokers = _numbers(cards), _figures(cards), _jokers(cards)
    top = "10bear"
    small_first = sorted(_without(numbers + figures, top), key=lambda card: int("".join(filter(str.isdigit, card))))
    return {
        "40 number cards": ("10bear", numbers[:HAND_SIZE]),
        "40 figure cards": (top, _without(figures, top)[:HAND_SIZE]),
        "40 small cards, numbers and figures": (top, small_first[:HAND_SIZE]),
        "12 jokers and 28 numbers": ("7fish", jokers + numbers[: HAND_SIZE - len(jokers)]),
        "40 cards without a 7": ("7fish", [card for card in cards if "7" not in card and "J" not in card][:HAND_SIZE]),
    }


def hand_cases(deck: Deck) -> Iterator[Case]:
    """Solve, hint and plan on every hand-picked hand, under every domain and operator subset."""
    for (kind, (top, hand)), domain, ops in itertools.product(hands(deck).items(), DOMAINS, OPERATOR_SUBSETS):
        rules = {"top": top, "hand": hand, "rules": domain, "ops": ops}
        where = f"{kind}, {domain}, {ops}"
        yield Case("nambarz/solve", where, "/api/v1/nambarz/solve", rules)
        yield Case("nambarz/plan", f"{where}, 20 turns", "/api/v1/nambarz/plan", {**rules, "count": 20})
        for level in (1, 2, 3):
            yield Case("tutor/hint", f"{where}, level {level}", "/api/v1/tutor/hint", {**rules, "level": level})


def random_hand_cases(deck: Deck, tries: int, seed: int) -> Iterator[Case]:
    """``tries`` random 40-card hands (and top cards) per domain and operator subset, for solve and plan."""
    generator = random.Random(seed)
    cards = [card for card in _deck_cards(deck) if not card.startswith("J")]
    for domain, ops, attempt in itertools.product(DOMAINS, OPERATOR_SUBSETS, range(tries)):
        drawn = generator.sample(cards, HAND_SIZE + 1)
        top, hand = drawn[0], drawn[1:]
        body = {"top": top, "hand": hand, "rules": domain, "ops": ops}
        where = f"random hand {attempt + 1}, {domain}, {ops}"
        yield Case("nambarz/solve", where, "/api/v1/nambarz/solve", body)
        yield Case("nambarz/plan", where, "/api/v1/nambarz/plan", {**body, "count": 20})


def check_cases(deck: Deck) -> Iterator[Case]:
    """The longest calculations and turns a request may send."""
    long_sum = " + ".join(["1"] * 4 + ["2"] * 4 + ["3"] * 4 + ["4"] * 4 + ["5"] * 4)
    for domain, ops in itertools.product(DOMAINS, ("+-*/", "+", "*", "-/")):
        body = {"top": "10bear", "rules": domain, "ops": ops}
        yield Case(
            "nambarz/check", f"20-card sum, {domain}, {ops}", "/api/v1/nambarz/check", {**body, "play": long_sum}
        )
        chain = " * ".join(["1"] * 4) + " + " + " - ".join(["9", "8", "7", "6"]) + " / " + " / ".join(["2"] * 3)
        yield Case(
            "nambarz/check", f"mixed 11-card chain, {domain}, {ops}", "/api/v1/nambarz/check", {**body, "play": chain}
        )
    plays = ["1 + 2 + 3 + 4", "Jreplay", "5 + 5", "Jnumber 6", "2 * 3", "Jboth 7fish", "9 - 2", "Jreplay", "3 + 4"]
    yield Case(
        "nambarz/check",
        "a turn of 9 plays with jokers",
        "/api/v1/nambarz/check",
        {"top": "7fish", "turn": " ; ".join(plays)},
    )


def tutor_cases(quick: bool) -> Iterator[Case]:
    """The largest exercise sets and worksheets at every level, every kind."""
    levels = (1, 5) if quick else (1, 2, 3, 4, 5)
    for level in levels:
        body = {"count": 50, "level": level, "seed": 7, "kinds": ["cover", "missing-card", "referee"]}
        yield Case("tutor/exercises", f"50 exercises, level {level}", "/api/v1/tutor/exercises", body)
        yield Case(
            "tutor/worksheet", f"50 exercises, level {level}", "/api/v1/tutor/worksheet", {**body, "key": "both"}
        )


def page_cases(deck: Deck) -> Iterator[Case]:
    """The pages that search or generate: the solver page, the referee page, practice and worksheets."""
    for kind, (top, hand) in hands(deck).items():
        query = urlencode({"top": top, "hand": " ".join(hand), "lang": "it"})
        yield Case("page /solve", kind, f"/solve?{query}")
    long_sum = " + ".join(["1"] * 4 + ["2"] * 4 + ["3"] * 4)
    yield Case("page /nambarz/check", "12-card sum", f"/nambarz/check?{urlencode({'top': '10bear', 'play': long_sum})}")
    for level in (1, 5):
        yield Case("page /practice", f"level {level}", f"/practice?{urlencode({'level': level, 'seed': 3})}")
        query = urlencode({"count": 50, "level": level, "seed": 7, "key": "both"})
        yield Case("page /worksheet", f"50 exercises, level {level}", f"/worksheet?{query}")


def sibling_cases() -> Iterator[Case]:
    """The sibling games' hints and checks on their largest positions."""
    quando_hand = list(range(11)) * 4
    yield Case(
        "quando/hint", "44 cards", "/api/v1/quando/hint", {"hand": quando_hand, "plays_made": 1, "draw_visible": 5}
    )
    yield Case(
        "quando/check",
        "44 cards, a straight",
        "/api/v1/quando/check",
        {"hand": quando_hand, "play": [4, 5, 6], "plays_made": 0},
    )
    sequence = [10, "J", "J", "J", 50, "J", 70, 80, 90, 100]
    yield Case("nmbrs/check", "10 cards with 4 jokers", "/api/v1/nmbrs/check", {"sequence": sequence})
    piles = {"asc1": 1, "asc2": 1, "desc1": 100, "desc2": 100}
    hand = list(range(2, 10))
    yield Case(
        "thegame/hint",
        "8 cards on fresh piles",
        "/api/v1/thegame/hint",
        {"piles": piles, "hand": hand, "draw_pile": 90},
    )
    play = [{"card": card, "pile": "asc1"} for card in hand]
    yield Case(
        "thegame/check",
        "8 placements",
        "/api/v1/thegame/check",
        {"piles": piles, "hand": hand, "draw_pile": 90, "play": play},
    )


def all_cases(deck: Deck, tries: int, seed: int, quick: bool) -> list[Case]:
    """Every case, in the order they are sent."""
    cases = [*check_cases(deck), *tutor_cases(quick), *page_cases(deck), *sibling_cases()]
    if quick:
        top, hand = hands(deck)["40 number cards"]
        cases += [
            Case(
                "nambarz/solve", "40 number cards, natural, +-*/", "/api/v1/nambarz/solve", {"top": top, "hand": hand}
            ),
            Case("nambarz/plan", "40 number cards, natural, +-*/", "/api/v1/nambarz/plan", {"top": top, "hand": hand}),
        ]
        return cases
    return [*cases, *hand_cases(deck), *random_hand_cases(deck, tries, seed)]


EXERCISE_ENDPOINTS = ("tutor/exercises", "tutor/worksheet", "page /worksheet")
"""The endpoints under the budget of sets of exercises (``NAMBARZ_EXERCISES_TIME_LIMIT``)."""


@dataclass
class Worst:
    """What one endpoint did: its limit, how many requests, how each was answered, and its longest."""

    limit: float
    requests: int = 0
    answered: int = 0
    stopped: int = 0
    longest: float = 0.0
    longest_case: str = ""

    @property
    def within_goal(self) -> bool:
        return self.longest * 1000 <= self.limit * 1000 + GRACE_MS


def run(cases: list[Case], warm_up: list[Case]) -> tuple[dict[str, Worst], list[str]]:
    """Send ``warm_up``, then every case once; the worst per endpoint and the unexpected answers."""
    app = create_app({"NAMBARZ_RATE_LIMIT": "off"})
    limits = {"search": app.config["NAMBARZ_TIME_LIMIT"], "exercises": app.config["NAMBARZ_EXERCISES_TIME_LIMIT"]}
    client = app.test_client()
    for case in warm_up:  # a served worker starts warm (``nambarz serve`` warms the app up before forking)
        case.send(client)
    worst: dict[str, Worst] = {}
    unexpected: list[str] = []
    for case in cases:
        status, seconds, stopped = case.send(client)
        limit = limits["exercises" if case.endpoint in EXERCISE_ENDPOINTS else "search"]
        entry = worst.setdefault(case.endpoint, Worst(limit))
        entry.requests += 1
        entry.answered += status == 200
        entry.stopped += stopped
        if status != 200 and not stopped:
            unexpected.append(f"{case.endpoint} ({case.description}): status {status}")
        if seconds > entry.longest:
            entry.longest, entry.longest_case = seconds, f"{case.description} ({status})"
    return worst, unexpected


def report(worst: dict[str, Worst], unexpected: list[str], tries: int) -> bool:
    """Print the table and the goal; whether the goal was met."""
    print("# Request time budget: the worst requests per endpoint\n")
    print(
        f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, {os.cpu_count()} CPUs; "
        f"{tries} random hands per domain and operator subset; "
        "each request sent once through the app in this process, after a warm-up\n"
    )
    print("| Endpoint | Limit ms | Requests | 200 | 422 (budget) | Longest ms | Longest case |")
    print("|---|---|---|---|---|---|---|")
    for endpoint, entry in sorted(worst.items()):
        longest = f"{entry.longest * 1000:.0f}" if entry.within_goal else f"**{entry.longest * 1000:.0f}**"
        print(
            f"| {endpoint} | {entry.limit * 1000:.0f} | {entry.requests} | {entry.answered} | {entry.stopped} "
            f"| {longest} | {entry.longest_case} |"
        )
    over = [endpoint for endpoint, entry in worst.items() if not entry.within_goal]
    met = not over
    print("\n| Goal | Measured | Result |")
    print("|---|---|---|")
    measured = f"{len(over)} endpoint{'s' * (len(over) != 1)} over" + (f": {', '.join(sorted(over))}" if over else "")
    print(f"| every request within its limit + {GRACE_MS:.0f} ms | {measured} | {'pass' if met else '**FAIL**'} |")
    if unexpected:
        print(f"\n**{len(unexpected)} unexpected answers**:")
        for line in unexpected[:20]:
            print(f"- {line}")
    return met


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=3, help="random hands per domain and operator subset (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random hands (default 1)")
    parser.add_argument("--quick", action="store_true", help="a few cases only, for a smoke test")
    options = parser.parse_args(argv)
    deck = Deck.default()
    cases = all_cases(deck, options.tries, options.seed, options.quick)
    worst, unexpected = run(cases, all_cases(deck, 0, options.seed, quick=True))
    report(worst, unexpected, 0 if options.quick else options.tries)
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())

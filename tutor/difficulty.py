"""How hard an exercise is, from features anyone can measure.

The features:

* ``solutions``: how many answers the exercise accepts (legal calculations
  for a cover exercise, faces for the blank of a missing-card exercise, one
  verdict for a referee exercise); more answers to find is harder.
* ``needs_division``: some answer cannot be reached without ``÷``.
* ``largest_intermediate``: the largest value met while folding the answers
  left to right; big numbers are harder to carry in one's head.
* ``cards``: the most cards in one answer.

The score adds one point per feature step, so a teacher can recompute it by
hand: ``cards - 1`` (a second card is the first step), ``2`` if division is
needed, ``1`` per full ten of the largest intermediate value, at most ``5``
(past 50, a product such as 9 × 8 × 10 is no harder to carry than 54, yet
would otherwise outweigh every other feature), and ``1`` per solution beyond
the first, at most ``3`` (past four answers, a longer list is more tedious
than harder).

>>> from solver.nambarz.notation import Chain
>>> from solver.nambarz.rules import Rules
>>> difficulty = Difficulty.of_chains([Chain.parse("10 * 2 / 4")], Rules(), solutions=1)
>>> difficulty
Difficulty(solutions=1, needs_division=True, largest_intermediate=20, cards=3)
>>> difficulty.score
6
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solver.nambarz.arithmetic import Value
from solver.nambarz.cards import Card
from solver.nambarz.hand_solver import Solution, solve
from solver.nambarz.notation import Chain
from solver.nambarz.rules import Operator, Rules

MAX_SOLUTION_POINTS = 3
"""The most points the number of solutions adds to the score."""

MAX_SIZE_POINTS = 5
"""The most points the largest intermediate value adds to the score (one per full ten)."""


@dataclass(frozen=True)
class Difficulty:
    """The measurable features of an exercise; :attr:`score` combines them."""

    solutions: int
    needs_division: bool
    largest_intermediate: int
    cards: int

    @classmethod
    def of_chains(cls, chains: Sequence[Chain], rules: Rules, *, solutions: int) -> Difficulty:
        """The features of answers given as chains, division counted as needed whenever a chain uses it.

        Use this when the chain itself is the exercise (a blank to fill, a play
        to judge): there, the division is in the chain whatever other orders
        the cards allow.
        """
        needs_division = any(Operator.DIVIDE in chain.operators for chain in chains)
        return cls(solutions, needs_division, _largest_intermediate(chains, rules), max(map(len, chains), default=0))

    @classmethod
    def of_solution(cls, solution: Solution) -> Difficulty:
        """The features of a cover exercise: every legal calculation of ``solution`` is an answer.

        Division is needed when some calculation's cards make no legal
        calculation under the same rules without ``÷``, which solving the same
        position again without ``÷`` tells.

        >>> from solver.nambarz.cards import parse_cards
        >>> solution = solve(Card.parse("3bee"), parse_cards("1 2 4 10 7fish 4hen"))
        >>> Difficulty.of_solution(solution)
        Difficulty(solutions=4, needs_division=True, largest_intermediate=10, cards=3)
        """
        chains = [calculation.example for calculation in solution.calculations]
        return cls(
            len(chains),
            bool(calculations_needing(solution, Operator.DIVIDE)),
            _largest_intermediate(chains, solution.rules),
            max(map(len, chains), default=0),
        )

    @property
    def score(self) -> int:
        """The difficulty score described in the module documentation."""
        extra_solutions = min(max(self.solutions - 1, 0), MAX_SOLUTION_POINTS)
        division = 2 if self.needs_division else 0
        size = min(self.largest_intermediate // 10, MAX_SIZE_POINTS)
        return max(self.cards - 1, 0) + division + size + extra_solutions

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: every feature and the score."""
        return {
            "solutions": self.solutions,
            "needs_division": self.needs_division,
            "largest_intermediate": self.largest_intermediate,
            "cards": self.cards,
            "score": self.score,
        }


def calculations_needing(solution: Solution, operator: Operator) -> list[tuple[Card, ...]]:
    """The card multisets (sorted) of ``solution`` that form no legal calculation without ``operator``.

    >>> from solver.nambarz.cards import parse_cards
    >>> solution = solve(Card.parse("3"), parse_cards("6 2 1 4"))
    >>> [[str(card) for card in cards] for cards in calculations_needing(solution, Operator.DIVIDE)]
    [['2', '6']]
    """
    cards = [tuple(sorted(calculation.cards)) for calculation in solution.calculations]
    if not solution.rules.allows(operator):
        return []
    other_operators = solution.rules.operators.replace(operator.value, "")
    if not other_operators:
        return cards
    without = solve(solution.top, solution.hand, Rules(solution.rules.domain, other_operators))
    # Not a subset test: without the operator, a multiset may become minimal and legal.
    reachable = {tuple(sorted(calculation.cards)) for calculation in without.calculations}
    return [multiset for multiset in cards if multiset not in reachable]


def _largest_intermediate(chains: Sequence[Chain], rules: Rules) -> int:
    """The largest value met while folding ``chains``, rounded up for fractions; 0 for none."""
    values: list[Value] = [value for chain in chains for value in chain.numbers]
    values += [step.result for chain in chains for step in chain.trace(rules.domain) if step.result is not None]
    return max((math.ceil(value) for value in values), default=0)

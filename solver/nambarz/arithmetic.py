"""Left-to-right arithmetic in the three domains (rule III.2 and the domain ruling).

A calculation is folded strictly left to right, ``((c1 op c2) op c3) …``.
Values are exact: whole numbers are ``int`` and other rationals are
``Fraction``, always normalised so that an integral value is an ``int``.

>>> apply(7, Operator.DIVIDE, 2, Domain.NATURAL) is None
True
>>> apply(7, Operator.DIVIDE, 2, Domain.RATIONAL)
Fraction(7, 2)
>>> [str(step) for step in trace((10, 4, 2), (Operator.SUBTRACT, Operator.DIVIDE), Domain.NATURAL)]
['10 − 4 = 6', '6 ÷ 2 = 3']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from solver.nambarz.rules import Domain, Operator

Value = int | Fraction


def normalise(value: Fraction | int) -> Value:
    """An integral value as ``int``, any other as ``Fraction``."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def exact(left: Value, operator: Operator, right: Value) -> Value | None:
    """The exact rational result of one step, ``None`` for a division by zero."""
    if operator is Operator.ADD:
        return left + right
    if operator is Operator.SUBTRACT:
        return left - right
    if operator is Operator.MULTIPLY:
        return normalise(left * right)
    if right == 0:
        return None
    return normalise(Fraction(left) / right)


def in_domain(value: Value, domain: Domain) -> bool:
    """True when ``value`` is allowed as an intermediate result in ``domain``."""
    if domain is Domain.RATIONAL:
        return True
    if isinstance(value, Fraction):
        return False
    return domain is Domain.INTEGER or value >= 0


def apply(left: Value, operator: Operator, right: Value, domain: Domain) -> Value | None:
    """One step of a calculation, or ``None`` when the result leaves ``domain``."""
    result = exact(left, operator, right)
    if result is None or not in_domain(result, domain):
        return None
    return result


def format_value(value: Value | None) -> str | None:
    """The value as text: ``'3'``, ``'-7/2'``; ``None`` stays ``None``.

    >>> format_value(Fraction(-7, 2)), format_value(3), format_value(None)
    ('-7/2', '3', None)
    """
    return None if value is None else str(value)


@dataclass(frozen=True)
class Step:
    """One step of a left-to-right fold, with its exact result."""

    left: Value
    operator: Operator
    right: Value
    result: Value | None
    in_domain: bool

    def __str__(self) -> str:
        result = "undefined" if self.result is None else format_value(self.result)
        return f"{format_value(self.left)} {self.operator.sign} {format_value(self.right)} = {result}"


def trace(numbers: Sequence[int], operators: Sequence[Operator], domain: Domain) -> list[Step]:
    """Every step of the fold, computed exactly, each marked in or out of ``domain``.

    The trace stops after a division by zero, which has no result.
    """
    if len(operators) != len(numbers) - 1:
        raise ValueError(f"{len(numbers)} numbers need {len(numbers) - 1} operators, not {len(operators)}")
    steps: list[Step] = []
    value: Value = numbers[0]
    for operator, number in zip(operators, numbers[1:], strict=True):
        result = exact(value, operator, number)
        steps.append(Step(value, operator, number, result, result is not None and in_domain(result, domain)))
        if result is None:
            break
        value = result
    return steps


def value_as_written(numbers: Sequence[int], operators: Sequence[Operator]) -> Value | None:
    """The exact left-to-right value whatever the domain; ``None`` after a division by zero.

    >>> value_as_written((2, 9), (Operator.SUBTRACT,))
    -7
    """
    steps = trace(numbers, operators, Domain.RATIONAL)
    if not steps:
        return numbers[0]
    return steps[-1].result


def evaluate(numbers: Sequence[int], operators: Sequence[Operator], domain: Domain) -> Value | None:
    """The value of the fold when every step stays in ``domain``, else ``None``."""
    steps = trace(numbers, operators, domain)
    if not all(step.in_domain for step in steps):
        return None
    return steps[-1].result if steps else numbers[0]

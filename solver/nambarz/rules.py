"""Rules settings that every verdict states: arithmetic domain and operator subset.

The arithmetic domain is a house rule the rulebook does not settle (see
``docs/rulings.md``): ``natural`` (the default; every intermediate result is
a whole number of at least 0 and divisions are exact), ``integer``
(negative intermediate results allowed) or ``rational`` (exact fractions
allowed).  The operator subset follows rule VII: young children may play
with ``+-`` only.

>>> Rules.parse("integer", "+-")
Rules(domain=Domain.INTEGER, operators='+-')
>>> Rules().to_dict()
{'domain': 'natural', 'ops': '+-*/'}
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from solver.errors import RulesError


class Domain(Enum):
    """Where every intermediate result of a calculation must lie."""

    NATURAL = "natural"
    INTEGER = "integer"
    RATIONAL = "rational"

    def __repr__(self) -> str:
        return f"Domain.{self.name}"


class Operator(Enum):
    """The four operations, with their ASCII notation as value."""

    ADD = "+"
    SUBTRACT = "-"
    MULTIPLY = "*"
    DIVIDE = "/"

    @property
    def sign(self) -> str:
        """The sign a reader expects in print: ``+ − × ÷``."""
        return _PRINTED_SIGNS[self]

    def __repr__(self) -> str:
        return f"Operator.{self.name}"


_PRINTED_SIGNS = {
    Operator.ADD: "+",
    Operator.SUBTRACT: "−",
    Operator.MULTIPLY: "×",
    Operator.DIVIDE: "÷",
}

OPERATOR_ALIASES: dict[str, Operator] = {
    "+": Operator.ADD,
    "-": Operator.SUBTRACT,
    "−": Operator.SUBTRACT,
    "–": Operator.SUBTRACT,
    "*": Operator.MULTIPLY,
    "×": Operator.MULTIPLY,
    "x": Operator.MULTIPLY,
    "X": Operator.MULTIPLY,
    "·": Operator.MULTIPLY,
    "/": Operator.DIVIDE,
    "÷": Operator.DIVIDE,
    ":": Operator.DIVIDE,
}
"""Every sign accepted for an operator in notation and in operator subsets."""

ALL_OPERATORS = "+-*/"


@dataclass(frozen=True)
class Rules:
    """A rules setting: arithmetic domain and the allowed operators (canonical order ``+-*/``)."""

    domain: Domain = Domain.NATURAL
    operators: str = ALL_OPERATORS

    def __post_init__(self) -> None:
        if not isinstance(self.domain, Domain):
            raise RulesError(f"domain must be a Domain, not {self.domain!r}")
        if self.operators != _canonical_operators(self.operators):
            raise RulesError(f"operators must be written in the order +-*/, not {self.operators!r}")

    @classmethod
    def parse(cls, domain: str = "natural", ops: str = ALL_OPERATORS) -> Rules:
        """Read a rules setting as users write it; raise :class:`RulesError` naming the bad part.

        >>> Rules.parse("rational", "÷×")
        Rules(domain=Domain.RATIONAL, operators='*/')
        >>> Rules.parse("real")
        Traceback (most recent call last):
        ...
        solver.errors.RulesError: unknown arithmetic domain 'real'; expected natural, integer or rational
        """
        return cls(parse_domain(domain), parse_operators(ops))

    def allows(self, operator: Operator) -> bool:
        """True when ``operator`` is in the operator subset."""
        return operator.value in self.operators

    def to_dict(self) -> dict[str, str]:
        """The JSON form used in every verdict."""
        return {"domain": self.domain.value, "ops": self.operators}

    def __str__(self) -> str:
        return f"{self.domain.value}, {self.operators}"


def parse_domain(text: str) -> Domain:
    """Read an arithmetic domain name, ignoring case and surrounding spaces."""
    if isinstance(text, str):
        for domain in Domain:
            if domain.value == text.strip().casefold():
                return domain
    raise RulesError(f"unknown arithmetic domain {text!r}; expected natural, integer or rational")


def parse_operators(text: str) -> str:
    """Read an operator subset such as ``+-`` or ``+-×÷`` into canonical ``+-*/`` order.

    >>> parse_operators("/ + ")
    '+/'
    """
    if not isinstance(text, str):
        raise RulesError(f"an operator subset is text such as '+-', not {type(text).__name__}")
    chosen = set()
    for sign in text:
        if sign.isspace() or sign == ",":
            continue
        operator = OPERATOR_ALIASES.get(sign)
        if operator is None:
            raise RulesError(f"unknown operator {sign!r} in operator subset {text!r}; expected signs from +-*/")
        chosen.add(operator)
    if not chosen:
        raise RulesError(f"operator subset {text!r} is empty; expected signs from +-*/")
    return "".join(sign for sign in ALL_OPERATORS if Operator(sign) in chosen)


def _canonical_operators(text: str) -> str:
    if not isinstance(text, str) or any(sign not in ALL_OPERATORS for sign in text) or not text:
        raise RulesError(f"operators must be a non-empty subset of +-*/, not {text!r}")
    return "".join(sign for sign in ALL_OPERATORS if sign in text)

"""Sequences (rule 8 and the advanced rules): at least three cards going up or down by one whole step.

A sequence is read in the order its cards lie; it may go up or down (a
negative step).  A joker stands for the number its place in the
progression asks for, which must be a number in play (rule 1).  The advanced
rules also ask that counting back from the smallest number by the step ends
exactly on 0 or 1.

A *term* is a card as it stands in a sequence: a number card, or a joker
with the number it stands for when that is known (``J=20``) or open (``J``).

>>> judge_sequence(parse_sequence("10 J 30 40"), RuleSet.ADVANCED).values
(10, 20, 30, 40)
>>> judge_sequence(parse_sequence("14 20 26"), RuleSet.ADVANCED).codes
['bad-start']
>>> judge_sequence(parse_sequence("21 16 11")).direction
'descending'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from solver.errors import CardNotationError, quoted
from solver.nmbrs.cards import HIGHEST_NUMBER, LOWEST_NUMBER, Card
from solver.nmbrs.rules import RuleSet
from solver.nmbrs.violations import ViolationCode
from solver.verdicts import BaseVerdict, Violation

MIN_SEQUENCE = 3
ADVANCED_REMAINDERS = (0, 1)
"""Counting back by the step must end on one of these (advanced rules 1 and 2)."""


@dataclass(frozen=True)
class Term:
    """A card in a sequence; a joker may carry the number it stands for (``declared``)."""

    card: Card
    declared: int | None = None

    def __post_init__(self) -> None:
        if self.declared is None:
            return
        if not self.card.is_joker:
            raise CardNotationError(f"{self.card}={self.declared}: only a joker is given the number it stands for")
        if not LOWEST_NUMBER <= self.declared <= HIGHEST_NUMBER:
            raise CardNotationError(
                f"J={self.declared}: a joker stands for a number from {LOWEST_NUMBER} to {HIGHEST_NUMBER}"
            )

    @classmethod
    def parse(cls, text: str) -> Term:
        """Read ``17``, ``J`` or ``J=20``.

        >>> Term.parse("J=20"), Term.parse("j = 7").value
        (Term.parse('J=20'), 7)
        >>> Term.parse("J=x")
        Traceback (most recent call last):
        ...
        solver.errors.CardNotationError: 'J=x' is not a joker's number: expected J=1 to J=100
        """
        card_text, equals, number_text = text.partition("=")
        card = Card.parse(card_text)
        if not equals:
            return cls(card)
        number = number_text.strip()
        if not (number.isascii() and number.isdigit()):
            raise CardNotationError(
                f"{quoted(text)} is not a joker's number: expected J={LOWEST_NUMBER} to J={HIGHEST_NUMBER}"
            )
        return cls(card, int(number))

    @classmethod
    def read(cls, value: object) -> Term:
        """A term from JSON: a whole number, or text in term notation (``"J"``, ``"J=20"``, ``"17"``).

        >>> Term.read(40), Term.read("J=20")
        (Term.parse('40'), Term.parse('J=20'))
        """
        if isinstance(value, str):
            return cls.parse(value)
        return cls(Card.read(value))

    @property
    def value(self) -> int | None:
        """The number this term stands for, ``None`` for a joker whose number is open."""
        return self.card.number if self.card.number is not None else self.declared

    def __str__(self) -> str:
        return str(self.card) if self.declared is None else f"{self.card}={self.declared}"

    def __repr__(self) -> str:
        return f"Term.parse({str(self)!r})"


def parse_sequence(text: str) -> list[Term]:
    """Terms separated by spaces or commas.

    >>> parse_sequence("10, J=20 30")
    [Term.parse('10'), Term.parse('J=20'), Term.parse('30')]
    """
    return [Term.parse(word) for word in text.replace(",", " ").split()]


@dataclass(frozen=True)
class Fit:
    """How a line of values fits a progression: each place's number (``None`` if open) and the step."""

    values: tuple[int | None, ...]
    step: int | None
    violations: tuple[Violation, ...]


def fit_values(known: Sequence[int | None], rules: RuleSet) -> Fit:
    """Fit a line whose places hold known numbers or ``None`` (an open joker) to one progression.

    Two known numbers fix the step and every other place.  With fewer, the
    places stay open, and the line fits only if some whole non-zero step
    keeps every place within the numbers in play: with a joker on each side
    of a 1, one of them stands below 1 whichever way the line runs, so
    ``J 1 J`` fits no step.

    >>> fit_values([10, None, 30], RuleSet.BASIC).values
    (10, 20, 30)
    >>> fit_values([10, None, 15], RuleSet.BASIC).violations[0].message
    '10 and 15 are 2 places apart, and no whole step joins them'
    >>> fit_values([2, 1, None], RuleSet.BASIC).violations[0].message
    'the joker at place 3 would stand for 1 - 1 = 0; jokers stand for 1 to 100'
    >>> fit_values([None, 25, None], RuleSet.BASIC).violations
    ()
    >>> fit_values([None, 1, None], RuleSet.BASIC).violations[0].message
    'no step keeps every joker within 1 to 100: going up by 1, place 1 would be 0; going down by 1, place 3 would be 0'
    """
    violations: list[Violation] = []
    if len(known) < MIN_SEQUENCE:
        violations.append(_too_short(len(known)))
    numbered = [(place, value) for place, value in enumerate(known) if value is not None]
    if len(numbered) < 2:
        return Fit(tuple(known), None, (*violations, *_open_line_violations(known, rules)))
    (first_place, first), (second_place, second) = numbered[:2]
    distance = second_place - first_place
    if (second - first) % distance:
        message = f"{first} and {second} are {distance} places apart, and no whole step joins them"
        return Fit(tuple(known), None, (*violations, Violation(ViolationCode.NOT_ARITHMETIC, message)))
    step = (second - first) // distance
    for place, value in numbered[2:]:
        expected = first + step * (place - first_place)
        if value != expected:
            message = f"going from {first} by {step:+d}, place {place + 1} would be {expected}, not {value}"
            return Fit(tuple(known), None, (*violations, Violation(ViolationCode.NOT_ARITHMETIC, message)))
    if step == 0:
        message = f"the number {first} repeats: the step is 0"
        return Fit(tuple(known), None, (*violations, Violation(ViolationCode.ZERO_STEP, message)))
    values = tuple(first + step * (place - first_place) for place in range(len(known)))
    out_of_range = _range_violations(known, values, step, rules)
    violations += out_of_range
    if rules.requires_start and not out_of_range:
        violations += _start_violations(values, step)
    return Fit(values, step, tuple(violations))


def _open_line_violations(known: Sequence[int | None], rules: RuleSet) -> list[Violation]:
    """Why no step fits a line of open jokers and at most one number, if none does.

    A step of 1 up or down is the only candidate: a larger step takes every
    joker further from the number (or from each other), and a step of 1
    always counts back to 0, as the advanced rules ask.
    """
    highest = rules.highest_number
    numbered = [(place, value) for place, value in enumerate(known) if value is not None]
    if not numbered:
        if len(known) <= highest - LOWEST_NUMBER + 1:
            return []
        message = f"{len(known)} jokers in a line cannot stand for different numbers from {LOWEST_NUMBER} to {highest}"
        return [Violation(ViolationCode.OUT_OF_RANGE, message)]
    ((anchor, number),) = numbered
    reasons = []
    for step, direction in ((1, "up"), (-1, "down")):
        values = [number + step * (place - anchor) for place in range(len(known))]
        outside = [(place, value) for place, value in enumerate(values) if not LOWEST_NUMBER <= value <= highest]
        if not outside:
            return []
        place, value = outside[0]
        reasons.append(f"going {direction} by 1, place {place + 1} would be {value}")
    message = f"no step keeps every joker within {LOWEST_NUMBER} to {highest}: {'; '.join(reasons)}"
    return [Violation(ViolationCode.OUT_OF_RANGE, message)]


def _too_short(cards: int) -> Violation:
    if cards == 1:
        return Violation(ViolationCode.TOO_SHORT, "a card stands alone; it must belong to a sequence of 3 or more")
    return Violation(ViolationCode.TOO_SHORT, f"{cards} card{'s' * (cards != 1)} in a line; a sequence has at least 3")


def _range_violations(known: Sequence[int | None], values: Sequence[int], step: int, rules: RuleSet) -> list[Violation]:
    violations = []
    for place, value in enumerate(values):
        if LOWEST_NUMBER <= value <= rules.highest_number:
            continue
        if known[place] is not None:
            message = f"place {place + 1} holds {value}, but the numbers in play are 1 to {rules.highest_number}"
        else:
            neighbour = place - 1 if place > 0 else place + 1
            sign = "-" if (place > neighbour) == (step < 0) else "+"
            message = (
                f"the joker at place {place + 1} would stand for {values[neighbour]} {sign} {abs(step)} = {value}; "
                f"jokers stand for {LOWEST_NUMBER} to {rules.highest_number}"
            )
        violations.append(Violation(ViolationCode.OUT_OF_RANGE, message))
    return violations


def _start_violations(values: Sequence[int], step: int) -> list[Violation]:
    smallest, size = min(values), abs(step)
    remainder = smallest % size
    if remainder in ADVANCED_REMAINDERS:
        return []
    message = f"counting back from {smallest} by {size} ends on {remainder}, not on 0 or 1"
    return [Violation(ViolationCode.BAD_START, message)]


@dataclass(frozen=True)
class SequenceVerdict(BaseVerdict):
    """The referee's answer about one sequence judged on its own."""

    game: ClassVar[str] = "nmbrs"

    terms: tuple[Term, ...]
    rules: RuleSet
    fit: Fit

    @property
    def violations(self) -> tuple[Violation, ...]:
        """Every rule the sequence breaks, in the order they were found."""
        return self.fit.violations

    @property
    def values(self) -> tuple[int | None, ...]:
        """The number at each place; ``None`` where a joker is open."""
        return self.fit.values

    @property
    def step(self) -> int | None:
        """The difference from each card to the next, in reading order; ``None`` when unknown."""
        return self.fit.step

    @property
    def direction(self) -> str | None:
        """``ascending`` or ``descending`` in reading order; ``None`` when the step is unknown."""
        if self.step is None:
            return None
        return "ascending" if self.step > 0 else "descending"

    @property
    def jokers(self) -> tuple[tuple[int, int | None], ...]:
        """Each joker's 1-based place and the number it stands for (``None`` when open)."""
        return tuple(
            (place, self.values[place - 1]) for place, term in enumerate(self.terms, start=1) if term.card.is_joker
        )

    @property
    def rulings(self) -> tuple[str, ...]:
        """The rulings this verdict relied on."""
        rulings = []
        if any(value is None for _, value in self.jokers) and self.step is None:
            rulings.append("open-jokers")
        if self.rules is RuleSet.SIMPLIFIED:
            rulings.append("rule-sets-exclusive")
        return tuple(rulings)

    def _detail_fields(self) -> dict[str, Any]:
        return {
            "sequence": [str(term) for term in self.terms],
            "rules": self.rules.value,
            "step": self.step,
            "direction": self.direction,
            "values": list(self.values),
            "jokers": [{"place": place, "value": value} for place, value in self.jokers],
        }


def judge_sequence(terms: Sequence[Term], rules: RuleSet = RuleSet.BASIC) -> SequenceVerdict:
    """Judge ``terms`` as one sequence, read in the order given.

    Raises :class:`~solver.errors.UnknownCardError` for cards that cannot
    be in play together under ``rules`` (a number twice, a number above 50
    in the simplified version, more than four jokers).

    >>> judge_sequence(parse_sequence("11 16 21"), RuleSet.ADVANCED).legal
    True
    >>> judge_sequence(parse_sequence("J 25 J")).to_dict()["jokers"]
    [{'place': 1, 'value': None}, {'place': 3, 'value': None}]
    """
    rules.require_cards((term.card for term in terms), what="sequence")
    return SequenceVerdict(tuple(terms), rules, fit_values([term.value for term in terms], rules))

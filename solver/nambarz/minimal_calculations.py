"""The minimum-card rule (III.2, V.1) and the search for every legal calculation.

A multiset of card numbers is a *legal calculation* for a target when some
left-to-right chain over exactly those cards reaches the target, every
intermediate result staying in the arithmetic domain and every operator in
the allowed subset, and no proper sub-multiset of at least two of its cards
can reach the target too.  (Kinds and matching cards are filtered out by the
callers: this module sees numbers only.)

The search is a dynamic programme over sub-multisets, encoded as count
vectors in one integer.  For each multiset ``M`` it keeps the set of values
its chains can reach, built from the sets of ``M`` minus one card::

    V({n}) = {n}
    V(M)   = { v op n  :  n in M,  v in V(M − n),  op allowed,  result in domain }

A multiset whose set contains the target is legal exactly when none of its
sub-multisets was legal or contained a legal one; either way it is never
expanded, since every larger multiset would contain it.  With ``+`` and ``×``
only, a multiset whose set is empty (every value already past the target) is
not expanded either: adding cards never lowers a value, so no larger
multiset reaches the target.  Chain counts and
possible last cards are then computed backwards from the target through the
stored sets, visiting only values that lead to it.

>>> search = CalculationSearch({1: 1, 2: 1, 4: 1, 6: 1, 10: 1}, 3, Rules())
>>> [(c.numbers, c.chains, c.last_numbers) for c in search.calculations()]
[((1, 6, 10), 2, (1, 6)), ((2, 4, 10), 3, (2, 4)), ((1, 2), 2, (1, 2)), ((1, 4), 1, (1,)), ((2, 6), 1, (2,))]
>>> search.example_chain((2, 4, 10))
((10, 4, 2), (Operator.SUBTRACT, Operator.DIVIDE))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from math import gcd
from typing import cast

from solver.budget import Deadline
from solver.nambarz.rules import Domain, Operator, Rules

DEFAULT_TIME_LIMIT = 2.0
"""Seconds a search may run before it stops with :class:`~solver.errors.SearchLimitError`."""

_OPERATOR_ORDER = (Operator.ADD, Operator.SUBTRACT, Operator.MULTIPLY, Operator.DIVIDE)

SearchValue = int | tuple[int, int]
"""A value inside the search: a whole number, or a reduced (numerator, denominator) pair."""

Chain = tuple[tuple[int, ...], tuple[Operator, ...]]
"""Numbers in laying order and the operators between them."""


@dataclass(frozen=True)
class NumberCalculation:
    """A legal calculation as a multiset of numbers.

    ``chains`` counts the distinct chains over exactly these numbers that
    reach the target (orderings of the numbers, equal numbers not told
    apart, times operator choices); ``last_numbers`` are the numbers that
    can be laid last.
    """

    numbers: tuple[int, ...]
    chains: int
    last_numbers: tuple[int, ...]


MAX_REMEMBERED_TABLES = 4096
"""How many searches' tables :class:`CalculationSearch` remembers; past that it forgets them all and starts again."""


@dataclass(eq=False)
class _SearchTables:
    """What a search found for some numbers, a target and rules: the same for every search of them.

    The tables of the forward search are complete once it has run; the
    others are filled as the results are asked for, with answers that do
    not depend on who asks.
    """

    reachable: dict[int, frozenset[SearchValue]] = field(default_factory=dict)
    """The values each multiset (by key) kept: those its chains reach, less those that can never make the target."""
    legal_keys: dict[int, None] = field(default_factory=dict)
    """The keys of the legal calculations, in the order found."""
    counts: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """The copies of each number in each multiset reached."""
    chain_counts: dict[tuple[int, SearchValue], int] = field(default_factory=dict)
    """How many chains over a multiset reach a value, as counted so far."""
    calculations: tuple[NumberCalculation, ...] | None = None
    """Every legal calculation, in order, once they were asked for."""
    example_chains: dict[tuple[int, int | None], Chain] = field(default_factory=dict)
    """The example chain of each legal calculation (by key) ending with a number (or any), once asked for."""


_remembered_tables: dict[tuple[tuple[int, ...], tuple[int, ...], int, Rules], _SearchTables] = {}
"""The tables of each search run: by numbers, their copies, the target and the rules."""


class CalculationSearch:
    """Every legal calculation for ``target`` from the ``available`` numbers (number → copies).

    The target must not be among the available numbers: a card with the
    target's number matches the top card and is never part of a calculation.
    A search of the same numbers for the same target under the same rules
    is run once: the solver and the referee ask about the same few numbers
    again and again, and its tables are remembered.
    """

    def __init__(
        self,
        available: Mapping[int, int],
        target: int,
        rules: Rules,
        *,
        time_limit: float = DEFAULT_TIME_LIMIT,
        started: float | None = None,
    ) -> None:
        """Run the search; ``started`` (a ``time.perf_counter()`` reading) lets searches share one limit."""
        if target in available:
            raise ValueError(f"the target {target} matches and cannot be part of a calculation")
        self.target = target
        self.rules = rules
        self.time_limit = time_limit
        self._deadline = search_deadline(target, sum(available.values()), time_limit, started)
        self.numbers = sorted(number for number, copies in available.items() if copies > 0)
        self.copies = [available[number] for number in self.numbers]
        self.bases: list[int] = []
        base = 1
        for copies in self.copies:
            self.bases.append(base)
            base *= copies + 1
        self._index_of = {number: index for index, number in enumerate(self.numbers)}
        self._operators = [operator for operator in _OPERATOR_ORDER if rules.allows(operator)]
        key = (tuple(self.numbers), tuple(self.copies), target, rules)
        remembered = _remembered_tables.get(key)
        tables = _SearchTables() if remembered is None else remembered
        self._tables = tables
        self._reachable = tables.reachable
        self._legal_keys = tables.legal_keys
        self._counts = tables.counts
        self._chain_counts = tables.chain_counts
        if remembered is None:
            self._run()
            if len(_remembered_tables) >= MAX_REMEMBERED_TABLES:
                _remembered_tables.clear()
            _remembered_tables[key] = tables
        elif sum(self.copies) >= 2:
            # Searched before: no search, but a stop where the search would first have checked its time.
            self._deadline.check()

    # ----------------------------------------------------------------- forward search

    def _run(self) -> None:
        rules = self.rules
        # Worth it only without division: with it the bound multiplies by the remaining cards' product.
        bounded = not rules.allows(Operator.DIVIDE) and (
            rules.domain is Domain.NATURAL or not rules.allows(Operator.SUBTRACT)
        )
        # Only + and × (every card at least 1): a chain's value never falls when cards are added, so a
        # multiset that keeps no value has supersets that keep none either, and it is never expanded.
        monotone = not (rules.allows(Operator.SUBTRACT) or rules.allows(Operator.DIVIDE))
        self._total_sum = sum(number * copies for number, copies in zip(self.numbers, self.copies, strict=True))
        self._used: dict[int, int] = dict(zip(self.bases, self.numbers, strict=True))
        numbers, bases, copies, target, expand = self.numbers, self.bases, self.copies, self.target, _expander(rules)
        # The tables and the deadline's check, read once: the loop below is the search's hot path.
        counts_of, reachable, legal_keys, check_time = (
            self._counts,
            self._reachable,
            self._legal_keys,
            self._deadline.check,
        )
        highest: dict[int, int] = {}  # each multiset grows only by its highest number or later ones
        layer: dict[int, frozenset[SearchValue]] = {}
        for index, (number, base) in enumerate(zip(numbers, bases, strict=True)):
            layer[base] = frozenset((number,))
            counts_of[base] = tuple(int(other == index) for other in range(len(numbers)))
            highest[base] = index
        reachable.update(layer)
        while layer:
            next_layer: dict[int, frozenset[SearchValue]] = {}
            for key in layer:
                counts = counts_of[key]
                for index in range(highest[key], len(numbers)):
                    if counts[index] == copies[index]:
                        continue
                    check_time()  # every step: one step can be slow (fractions, large sets)
                    grown = key + bases[index]
                    grown_counts = (*counts[:index], counts[index] + 1, *counts[index + 1 :])
                    values: set[SearchValue] = set()
                    for present, count in enumerate(grown_counts):
                        if count:
                            before = layer.get(grown - bases[present])
                            if before is None:
                                break  # a sub-multiset reaches the target already: never legal
                            expand(before, numbers[present], values)
                    else:
                        counts_of[grown] = grown_counts
                        highest[grown] = index
                        if target in values:
                            legal_keys[grown] = None
                            reachable[grown] = frozenset(values)
                        else:
                            kept = (
                                self._without_dead_values(values, grown, key, numbers[index])
                                if bounded
                                else frozenset(values)
                            )
                            if kept or not monotone:
                                next_layer[grown] = kept
            reachable.update(next_layer)
            layer = next_layer

    def _without_dead_values(
        self, values: set[SearchValue], key: int, before: int, added: int
    ) -> frozenset[SearchValue]:
        """``values`` of multiset ``key`` (``before`` plus the number ``added``) less those no chain can save.

        Used without division, when no value can turn negative (the natural
        domain, or no subtraction): one step with card ``n`` then lowers a
        value ``v`` at most to ``v − n``, so the cards not yet used (sum ``S``)
        lower it at most to ``v − S``, and a value above ``target + S`` never
        comes back to the target (``S`` is 0 without subtraction).  Without
        this, sets under ``+*`` grow without bound while nothing reaches the
        target.
        """
        used_sum = self._used.get(before, 0) + added
        self._used[key] = used_sum
        ceiling = self.target
        if self.rules.allows(Operator.SUBTRACT):
            ceiling += self._total_sum - used_sum
        return frozenset(value for value in values if _at_most(value, ceiling))

    @property
    def multisets_explored(self) -> int:
        """How many multisets of at least one card the search kept the values of: the size of its work.

        >>> CalculationSearch({5: 8, 7: 8, 9: 8}, 3, Rules.parse("natural", "*")).multisets_explored
        3
        """
        return len(self._reachable)

    # ----------------------------------------------------------------- multiset keys

    def _count(self, key: int, index: int) -> int:
        return self._counts[key][index]

    def _present(self, key: int) -> list[int]:
        return [index for index, count in enumerate(self._counts[key]) if count]

    def _size(self, key: int) -> int:
        return sum(self._counts[key])

    def key_of(self, numbers: Iterable[int]) -> int | None:
        """The key of a multiset of numbers, or ``None`` when they are not all available."""
        wanted: dict[int, int] = {}
        for number in numbers:
            wanted[number] = wanted.get(number, 0) + 1
        key = 0
        for number, copies in wanted.items():
            index = self._index_of.get(number)
            if index is None or copies > self.copies[index]:
                return None
            key += copies * self.bases[index]
        return key

    def numbers_of(self, key: int) -> tuple[int, ...]:
        """The multiset of a key, ascending."""
        numbers: list[int] = []
        for number, count in zip(self.numbers, self._counts[key], strict=True):
            numbers += [number] * count
        return tuple(numbers)

    # ----------------------------------------------------------------- results

    def calculations(self) -> list[NumberCalculation]:
        """Every legal calculation: most cards first, then by numbers ascending."""
        if self._tables.calculations is not None:
            if self._legal_keys:
                self._deadline.check()  # where counting the chains would first have checked its time
            return list(self._tables.calculations)
        results = []
        for key in self._legal_keys:
            self._deadline.check()
            chains, last = self._chains_to_target(key)
            results.append(NumberCalculation(self.numbers_of(key), chains, last))
        results.sort(key=lambda calculation: (-len(calculation.numbers), calculation.numbers))
        self._tables.calculations = tuple(results)
        return results

    def is_legal(self, numbers: Sequence[int]) -> bool:
        """True when exactly these numbers form a legal calculation."""
        key = self.key_of(numbers)
        return key is not None and key in self._legal_keys

    def _chains_to_target(self, key: int) -> tuple[int, tuple[int, ...]]:
        total = 0
        last: list[int] = []
        for index in self._present(key):
            count = self._chains_ending_with(key, index, self.target)
            if count:
                total += count
                last.append(self.numbers[index])
        return total, tuple(last)

    def _chains_ending_with(self, key: int, index: int, result: SearchValue) -> int:
        before_key = key - self.bases[index]
        reachable = self._reachable[before_key]
        number = self.numbers[index]
        domain = self.rules.domain
        count = 0
        for operator in self._operators:
            before = _inverse(operator, result, number, domain)
            if before is not None and before in reachable:
                count += self._chains_reaching(before_key, before)
        return count

    def _chains_reaching(self, key: int, value: SearchValue) -> int:
        """Chains over exactly the multiset ``key`` whose value is ``value``, one of the values it reaches."""
        memo_key = (key, value)
        cached = self._chain_counts.get(memo_key)
        if cached is not None:
            return cached
        present = self._present(key)
        if len(present) == 1 and self._count(key, present[0]) == 1:
            count = 1
        else:
            count = 0
            for index in present:
                count += self._chains_ending_with(key, index, value)
        self._chain_counts[memo_key] = count
        return count

    def example_chain(self, numbers: Sequence[int], last: int | None = None) -> Chain:
        """One chain over exactly ``numbers`` reaching the target; they must form a legal calculation.

        With ``last``, the chain ends with that number (one of the calculation's ``last_numbers``).
        """
        key = self.key_of(numbers)
        if key is None or key not in self._legal_keys:
            raise ValueError(f"{tuple(numbers)} is not a legal calculation making {self.target}")
        found = self._tables.example_chains.get((key, last))
        if found is None:
            found = self._tables.example_chains[key, last] = self._find_example_chain(key, last)
        return found

    def _find_example_chain(self, key: int, last: int | None) -> Chain:
        laid: list[int] = []
        operators: list[Operator] = []
        value: SearchValue = self.target
        for _ in range(self._size(key) - 1):  # one card taken off the end at each step
            index, operator, before = self._last_step(key, value, None if laid else last)
            laid.append(self.numbers[index])
            operators.append(operator)
            key -= self.bases[index]
            value = before
        laid.append(self.numbers[self._present(key)[0]])
        return tuple(reversed(laid)), tuple(reversed(operators))

    def _last_step(self, key: int, value: SearchValue, number: int | None) -> tuple[int, Operator, SearchValue]:
        candidates = self._present(key) if number is None else [self._index_of[number]]
        for index in candidates:
            for operator in self._operators:
                before = _inverse(operator, value, self.numbers[index], self.rules.domain)
                if before is not None and before in self._reachable[key - self.bases[index]]:
                    return index, operator, before
        raise ValueError(f"no chain over {self.numbers_of(key)} ends with {number} and makes {value}")


def search_deadline(target: int, cards: int, time_limit: float, started: float | None = None) -> Deadline:
    """When a search for calculations making ``target`` from ``cards`` cards must stop; its error names the search.

    >>> search_deadline(3, 5, 0, started=0.0).check()
    Traceback (most recent call last):
    ...
    solver.errors.SearchLimitError: the search for calculations making 3 from 5 cards ran past its time limit \
of 0 s; use fewer cards or a larger limit
    """
    work = f"the search for calculations making {target} from {cards} cards"
    return Deadline(time_limit, work, started=started)


def operators_for_order(numbers: Sequence[int], target: int, rules: Rules) -> tuple[Operator, ...] | None:
    """Operators that make ``numbers``, laid in this order, reach ``target``; ``None`` if none do.

    >>> operators_for_order((6, 5, 2, 10), 3, Rules())
    (Operator.ADD, Operator.ADD, Operator.SUBTRACT)
    """
    expand = _expander(rules)
    prefixes: list[frozenset[SearchValue]] = [frozenset((numbers[0],))]
    for number in numbers[1:]:
        values: set[SearchValue] = set()
        expand(prefixes[-1], number, values)
        prefixes.append(frozenset(values))
    if target not in prefixes[-1]:
        return None
    operators: list[Operator] = []
    value: SearchValue = target
    for position in range(len(numbers) - 1, 0, -1):
        for operator in _OPERATOR_ORDER:
            if not rules.allows(operator):
                continue
            before = _inverse(operator, value, numbers[position], rules.domain)
            if before is not None and before in prefixes[position - 1]:
                operators.append(operator)
                value = before
                break
    return tuple(reversed(operators))


def _at_most(value: SearchValue, ceiling: int) -> bool:
    if isinstance(value, int):
        return value <= ceiling
    numerator, denominator = value
    return numerator <= ceiling * denominator


def _inverse(operator: Operator, result: SearchValue, number: int, domain: Domain) -> SearchValue | None:
    """The value ``v`` with ``v operator number == result``, if it exists in ``domain``."""
    if domain is Domain.RATIONAL:
        return _RATIONAL_INVERSES[operator](result, number)
    assert isinstance(result, int)
    if operator is Operator.ADD:
        return result - number
    if operator is Operator.SUBTRACT:
        return result + number
    if operator is Operator.DIVIDE:
        return result * number
    if result % number == 0:
        return result // number
    return None


# Inside the search a rational value is an ``int`` when whole, else a reduced
# ``(numerator, denominator)`` pair: adding or subtracting a whole number then
# needs no gcd, and pairs hash much faster than ``Fraction`` objects.


def _rational_add(value: SearchValue, number: int) -> SearchValue:
    if isinstance(value, int):
        return value + number
    numerator, denominator = value
    return (numerator + number * denominator, denominator)


def _rational_subtract(value: SearchValue, number: int) -> SearchValue:
    if isinstance(value, int):
        return value - number
    numerator, denominator = value
    return (numerator - number * denominator, denominator)


def _rational_multiply(value: SearchValue, number: int) -> SearchValue:
    if isinstance(value, int):
        return value * number
    numerator, denominator = value
    common = gcd(number, denominator)
    if common == denominator:
        return numerator * (number // common)
    return (numerator * (number // common), denominator // common)


def _rational_divide(value: SearchValue, number: int) -> SearchValue:
    if isinstance(value, int):
        if value % number == 0:
            return value // number
        common = gcd(value, number)
        return (value // common, number // common)
    numerator, denominator = value
    common = gcd(numerator, number)
    return (numerator // common, denominator * (number // common))


_RATIONAL_INVERSES: dict[Operator, Callable[[SearchValue, int], SearchValue]] = {
    Operator.ADD: _rational_subtract,
    Operator.SUBTRACT: _rational_add,
    Operator.MULTIPLY: _rational_divide,
    Operator.DIVIDE: _rational_multiply,
}

Expander = Callable[[Iterable[SearchValue], int, set[SearchValue]], None]


def _expander(rules: Rules) -> Expander:
    """A function adding every ``v op n`` allowed by ``rules`` to a set.

    One specialised function per domain keeps the hot loop free of checks
    that cannot fail there.
    """
    add, subtract, multiply, divide = (rules.allows(operator) for operator in _OPERATOR_ORDER)
    if rules.domain is Domain.RATIONAL:
        return _rational_expander(add, subtract, multiply, divide)
    natural = rules.domain is Domain.NATURAL

    def expand(values: Iterable[SearchValue], number: int, into: set[SearchValue]) -> None:
        # One loop adding value by value: faster than a comprehension per operator on these small sets.
        put = into.add
        for value in cast("Iterable[int]", values):
            if add:
                put(value + number)
            if subtract and (value >= number or not natural):
                put(value - number)
            if multiply:
                put(value * number)
            if divide and value % number == 0:
                put(value // number)

    return expand


def _rational_expander(add: bool, subtract: bool, multiply: bool, divide: bool) -> Expander:
    def expand(values: Iterable[SearchValue], number: int, into: set[SearchValue]) -> None:
        put = into.add
        for value in values:
            if add:
                put(_rational_add(value, number))
            if subtract:
                put(_rational_subtract(value, number))
            if multiply:
                put(_rational_multiply(value, number))
            if divide:
                put(_rational_divide(value, number))

    return expand

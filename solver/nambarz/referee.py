"""The referee: judge one play (a matching card or a calculation) against the top card.

Legality is checked in layers: the input is read and checked against the
deck (errors for what cannot be judged), then every rule is checked and
every violation that applies is listed, then the penalty is resolved as
rule V and ``docs/rulings.md`` say.

>>> verdict = check(Card.parse("3bee"), Chain.parse("6 + 5 + 2 - 10"))
>>> verdict.legal, [v.code.value for v in verdict.violations], str(verdict.smaller)
(False, ['not-minimal'], '6 / 2')
>>> [str(card) for card in verdict.stays], [str(card) for card in verdict.returned], verdict.penalty_draw
(['6', '2'], ['5', '10'], 3)
>>> check(Card.parse("3bee"), Chain.parse("10 - 4 / 2")).legal
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from solver.errors import PlayError
from solver.nambarz.arithmetic import Step, Value, format_value
from solver.nambarz.cards import Card, Kind
from solver.nambarz.deck import Deck
from solver.nambarz.matching import matches
from solver.nambarz.minimal_calculations import DEFAULT_TIME_LIMIT, CalculationSearch, operators_for_order
from solver.nambarz.notation import Chain, Play
from solver.nambarz.rules import Domain, Operator, Rules
from solver.nambarz.scoring import master_stroke_points
from solver.nambarz.violations import Violation, ViolationCode
from solver.verdicts import BaseVerdict

PENALTY_DRAW = 3
"""Cards drawn for any faulty play (rule V)."""

RESOLUTION_PRECEDENCE = (
    ViolationCode.PLAY_WITHOUT_REPLAY,
    ViolationCode.WRONG_JOKER,
    ViolationCode.JOKER_AFTER_JOKER,
    ViolationCode.JOKER_IN_CALCULATION,
    ViolationCode.MATCHING_CARD_AFTER_JOKER,
    ViolationCode.NO_MATCH,
    ViolationCode.MATCHING_CARD_IN_CALCULATION,
    ViolationCode.MIXED_KINDS,
    ViolationCode.WRONG_RESULT,
    ViolationCode.OPERATION_NOT_ALLOWED,
    ViolationCode.NOT_MINIMAL,
)
"""The order in which faults decide a play's resolution when several meet (``docs/rulings.md``)."""

_DOMAIN_NAMES = {
    Domain.NATURAL: "the natural numbers (whole numbers from 0 up)",
    Domain.INTEGER: "the whole numbers",
    Domain.RATIONAL: "the fractions",
}


@dataclass(frozen=True)
class Verdict(BaseVerdict):
    """The referee's answer for one play, with the penalty already resolved.

    ``top`` is the card the play had to cover: a number card, or a change
    joker waiting for its card.  ``value``, ``recombination`` and ``smaller``
    concern calculations and stay ``None`` for joker plays.
    """

    game: ClassVar[str] = "nambarz"

    top: Card
    play: Play
    rules: Rules
    violations: tuple[Violation, ...]
    value: Value | None
    master_points: int
    penalty_draw: int
    stays: tuple[Card, ...]
    returned: tuple[Card, ...]
    recombination: Chain | None
    smaller: Chain | None
    rulings: tuple[str, ...]

    @property
    def resolving_violation(self) -> Violation | None:
        """The violation whose resolution was applied when several meet; ``None`` for a legal play.

        Every violation is listed, but one play gets one penalty: the
        resolution follows the first code of :data:`RESOLUTION_PRECEDENCE`
        that the play broke (``docs/rulings.md``, "precedence" and "joker
        faults").

        >>> verdict = check(Card.parse("3bee"), Chain.parse("8bee - 5 + 1"))
        >>> verdict.codes, verdict.resolving_violation.code.value
        (['mixed-kinds', 'matching-card-in-calculation', 'wrong-result'], 'matching-card-in-calculation')
        """
        for code in RESOLUTION_PRECEDENCE:
            for violation in self.violations:
                if violation.code is code:
                    return violation
        return self.violations[0] if self.violations else None

    def _subject_fields(self) -> dict[str, Any]:
        return {"top": str(self.top), "play": str(self.play), "rules": self.rules.to_dict()}

    def _detail_fields(self) -> dict[str, Any]:
        return {
            "value": format_value(self.value),
            "master_points": self.master_points,
            "penalty_draw": self.penalty_draw,
            "stays": [str(card) for card in self.stays],
            "returned": [str(card) for card in self.returned],
            "recombination": None if self.recombination is None else str(self.recombination),
            "smaller": None if self.smaller is None else str(self.smaller),
        }


def check(
    top: Card,
    play: Chain,
    rules: Rules | None = None,
    *,
    deck: Deck | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Verdict:
    """Judge ``play`` laid on ``top`` under ``rules`` (natural domain, ``+-*/`` by default).

    Raises :class:`~solver.errors.PlayError` for a joker on top or in the
    play (a turn judges those: :func:`~solver.nambarz.turn.check_turn`),
    :class:`~solver.errors.UnknownCardError` for cards the deck does not
    have, and :class:`~solver.errors.SearchLimitError` past the time limit.

    >>> check(Card.parse("3bee"), Chain.parse("8bee - 5cat")).codes
    ['matching-card-in-calculation']
    """
    rules = rules or Rules()
    deck = deck or Deck.default()
    if top.is_joker:
        raise PlayError(f"top card {top} is a joker; the referee judges plays on a number card")
    for card in play.cards:
        if card.is_joker:
            raise PlayError(f"{card} in {str(play)!r}: a joker is never part of a calculation or a matching play")
    deck.require([top, *play.cards], what="top card and play")
    if play.is_calculation:
        return _Calculation(top, play, rules, time_limit).verdict()
    return _judge_single_card(top, play, rules)


CALCULATION_RULINGS = ("arithmetic-domain", "minimality-on-played-cards")
"""The rulings every judged calculation relies on: the only ones of a legal calculation's verdict."""


def legal_chain_verdict(top: Card, play: Chain, rules: Rules) -> Verdict:
    """The verdict :func:`check` gives ``play`` on ``top``, for a play known to be legal: no check is made.

    The game engine lays plays that its own list of legal plays holds (a
    matching card, or a legal calculation): their verdict is the same
    every time, and is built here without judging the play again.  A legal
    calculation's value is the top card's number.

    >>> top, play = Card.parse("3bee"), Chain.parse("10 - 4 / 2")
    >>> legal_chain_verdict(top, play, Rules()) == check(top, play, Rules())
    True
    >>> legal_chain_verdict(top, Chain.parse("3"), Rules()) == check(top, Chain.parse("3"), Rules())
    True
    """
    cards = play.cards
    if len(cards) == 1:
        return Verdict(top, play, rules, (), cards[0].value, 0, 0, cards, (), None, None, ())
    master_points = master_stroke_points(len(cards))
    return Verdict(top, play, rules, (), top.value, master_points, 0, cards, (), None, None, CALCULATION_RULINGS)


def joker_in_calculation(chain: Chain) -> Violation | None:
    """The ``joker-in-calculation`` violation when jokers are laid inside a calculation, else ``None``.

    >>> joker_in_calculation(Chain.parse("3 + Jreplay")).message
    'Jreplay is laid inside the calculation 3 + Jreplay; a calculation is made of number cards only'
    """
    jokers = [str(card) for card in chain.cards if card.is_joker]
    if not jokers or not chain.is_calculation:
        return None
    laid = f"{jokers[0]} is" if len(jokers) == 1 else f"{', '.join(jokers[:-1])} and {jokers[-1]} are"
    return Violation(
        ViolationCode.JOKER_IN_CALCULATION,
        f"{laid} laid inside the calculation {chain}; a calculation is made of number cards only",
    )


def resolved_verdict(
    top: Card,
    play: Play,
    rules: Rules,
    violations: Sequence[Violation],
    *,
    stays: tuple[Card, ...],
    rulings: Sequence[str] = (),
) -> Verdict:
    """The verdict on a play that has no value to show (a joker play, or a play not judged as a calculation).

    The cards in ``stays`` stay on the table and the others of the play
    return to the hand; any violation costs the penalty draw.
    """
    returned = list(play.cards)
    for card in stays:
        returned.remove(card)
    return Verdict(
        top=top,
        play=play,
        rules=rules,
        violations=tuple(violations),
        value=None,
        master_points=0,
        penalty_draw=PENALTY_DRAW if violations else 0,
        stays=stays,
        returned=tuple(returned),
        recombination=None,
        smaller=None,
        rulings=tuple(rulings),
    )


def _judge_single_card(top: Card, play: Chain, rules: Rules) -> Verdict:
    card = play.cards[0]
    if matches(card, top):
        return legal_chain_verdict(top, play, rules)
    violation = Violation(ViolationCode.NO_MATCH, f"{card} does not match the top card {top}: {_match_hint(top)}")
    return Verdict(
        top,
        play,
        rules,
        (violation,),
        card.value,
        0,
        PENALTY_DRAW,
        (),
        (card,),
        None,
        None,
        ("no-match-as-wrong-result",),
    )


def _match_hint(top: Card) -> str:
    if top.figure is None:
        return f"only a card numbered {top.number} matches a symbol card"
    return f"a matching card shows {top.number} or a {top.figure.value}"


class _Calculation:
    """All the checks for one calculation of two cards or more."""

    def __init__(self, top: Card, play: Chain, rules: Rules, time_limit: float) -> None:
        self.top = top
        self.play = play
        self.rules = rules
        self.target = top.value
        self.cards = play.cards
        self.matching = [index for index, card in enumerate(self.cards) if matches(card, top)]
        self.mixed = len({card.kind for card in self.cards}) > 1
        self.steps = play.trace(rules.domain)
        self.value = play.value_as_written()
        # Minimality is judged per kind, among the played cards that do not match the top card.
        self.candidates: dict[Kind, list[int]] = {}
        for index, card in enumerate(self.cards):
            if index not in self.matching:
                self.candidates.setdefault(card.kind, []).append(index)
        self.searches: dict[Kind, CalculationSearch] = {}
        started = time.perf_counter()
        for kind, positions in self.candidates.items():
            available: dict[int, int] = {}
            for index in positions:
                available[self.cards[index].value] = available.get(self.cards[index].value, 0) + 1
            self.searches[kind] = CalculationSearch(
                available, self.target, rules, time_limit=time_limit, started=started
            )

    def verdict(self) -> Verdict:
        violations: list[Violation] = []
        rulings = list(CALCULATION_RULINGS)
        if self.mixed:
            violations.append(self._mixed_kinds())
        if self.matching:
            violations.append(self._matching_cards())
        smaller = self._smaller()
        if smaller is not None:
            violations.append(self._not_minimal(smaller))
        wrong_result = self._wrong_result()
        if wrong_result is not None:
            violations.append(wrong_result)
        not_allowed = self._operations_not_allowed()
        if not_allowed is not None:
            violations.append(not_allowed)

        recombination: Chain | None = None
        stays: tuple[Card, ...]
        if not violations:
            stays = self.cards
        elif self.matching:
            stays = (self.cards[self.matching[0]],)
            if len(self.matching) > 1:
                rulings.append("first-matching-card-stays")
            if self.mixed:
                rulings.append("matching-card-before-mixed-kinds")
        elif self.mixed:
            stays = ()
        elif wrong_result is not None or not_allowed is not None:
            rulings.append("recombine-all-cards")
            recombination = self._recombination()
            stays = () if recombination is None else recombination.cards
        else:
            assert smaller is not None
            rulings.append("not-minimal-smallest-stays")
            stays = smaller.cards
        if violations and len(stays) >= 4:
            rulings.append("master-points-for-legal-plays-only")
        legal = not violations
        return Verdict(
            top=self.top,
            play=self.play,
            rules=self.rules,
            violations=tuple(violations),
            value=self.value,
            master_points=master_stroke_points(len(self.cards)) if legal else 0,
            penalty_draw=0 if legal else PENALTY_DRAW,
            stays=stays,
            returned=_remove(self.cards, stays),
            recombination=recombination,
            smaller=smaller,
            rulings=tuple(rulings),
        )

    # ----------------------------------------------------------------- single checks

    def _mixed_kinds(self) -> Violation:
        symbols = [str(card) for card in self.cards if card.kind is Kind.SYMBOL]
        figures = [str(card) for card in self.cards if card.kind is Kind.FIGURE]
        return Violation(
            ViolationCode.MIXED_KINDS,
            f"the calculation mixes symbol cards ({', '.join(symbols)}) with figure cards ({', '.join(figures)})",
        )

    def _matching_cards(self) -> Violation:
        reasons = []
        for index in self.matching:
            card = self.cards[index]
            why = "same number" if card.number == self.top.number else "same figure"
            reasons.append(f"{card} ({why})")
        verb = "matches" if len(reasons) == 1 else "match"
        return Violation(
            ViolationCode.MATCHING_CARD_IN_CALCULATION,
            f"{' and '.join(reasons)} {verb} the top card {self.top} and must be played alone",
        )

    def _wrong_result(self) -> Violation | None:
        outside: Step | None = next((step for step in self.steps if not step.in_domain), None)
        if outside is not None:
            if outside.result is None:
                problem = f"the step {outside} divides by zero"
            else:
                problem = f"the step {outside} leaves {_DOMAIN_NAMES[self.rules.domain]}"
            return Violation(ViolationCode.WRONG_RESULT, f"read left to right, {problem}")
        if self.value != self.target:
            return Violation(
                ViolationCode.WRONG_RESULT,
                f"read left to right, {self.play} makes {format_value(self.value)}, not {self.target}",
            )
        return None

    def _operations_not_allowed(self) -> Violation | None:
        used = [operator for operator in dict.fromkeys(self.play.operators) if not self.rules.allows(operator)]
        if not used:
            return None
        signs = " and ".join(operator.sign for operator in used)
        allowed = " ".join(Operator(sign).sign for sign in self.rules.operators)
        return Violation(
            ViolationCode.OPERATION_NOT_ALLOWED,
            f"{signs} {'is' if len(used) == 1 else 'are'} not allowed; the agreed operations are {allowed}",
        )

    def _not_minimal(self, smaller: Chain) -> Violation:
        return Violation(
            ViolationCode.NOT_MINIMAL,
            f"{smaller} already makes {self.target} with {len(smaller)} of these {len(self.cards)} cards",
        )

    # ----------------------------------------------------------------- resolutions

    def _smaller(self) -> Chain | None:
        """A smallest legal calculation among fewer of the cards played, preferring cards laid early."""
        best: tuple[Kind, list[int]] | None = None
        for kind, search in self.searches.items():
            for calculation in search.calculations():
                if len(calculation.numbers) >= len(self.cards):
                    continue
                positions = _earliest_positions(calculation.numbers, self.cards, self.candidates[kind])
                if best is None or (len(positions), positions) < (len(best[1]), best[1]):
                    best = (kind, positions)
        if best is None:
            return None
        return self._chain_at(*best)

    def _recombination(self) -> Chain | None:
        """A legal re-laying of every card played, keeping their order when operators alone fix it."""
        (kind,) = self.searches
        if not self.searches[kind].is_legal(self.play.numbers):
            return None
        return self._chain_at(kind, list(range(len(self.cards))))

    def _chain_at(self, kind: Kind, positions: Sequence[int]) -> Chain:
        """A legal chain of the cards at ``positions``, in their laid order if operators allow it."""
        cards = [self.cards[index] for index in positions]
        numbers = [card.value for card in cards]
        operators = operators_for_order(numbers, self.target, self.rules)
        if operators is not None:
            return Chain(tuple(cards), operators)
        order, operators = self.searches[kind].example_chain(numbers)
        remaining = list(cards)
        laid = []
        for number in order:
            card = next(card for card in remaining if card.value == number)
            remaining.remove(card)
            laid.append(card)
        return Chain(tuple(laid), operators)


def _earliest_positions(numbers: Sequence[int], cards: Sequence[Card], candidates: Sequence[int]) -> list[int]:
    """For each number, the earliest unused position among ``candidates`` holding a card with that number."""
    used: list[int] = []
    for number in numbers:
        used.append(next(i for i in candidates if cards[i].value == number and i not in used))
    return sorted(used)


def _remove(cards: Sequence[Card], stays: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` in laid order, minus one copy of each card that stays."""
    remaining = list(stays)
    returned = []
    for card in cards:
        if card in remaining:
            remaining.remove(card)
        else:
            returned.append(card)
    return tuple(returned)

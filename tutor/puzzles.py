"""Missing-card exercises: a calculation with one card left blank, solved with sympy.

A puzzle is written like a calculation with ``?`` for the blank card, as in
``10 - ? / 2``.  :func:`missing_cards` turns the left-to-right reading into
an equation in the blank, solves it with ``sympy.solve`` and keeps every
face of the deck with that number which makes the whole calculation legal
for the referee on the given top card.

Limits: exactly one blank; the blank may stand anywhere, a divisor
included (``12 / ? = 3`` is an equation sympy solves like any other); when
the blank cancels out (``1 - 1 * ?``) every face of the deck is a candidate
for the referee to judge; no solution gives an empty list.  The work is
bounded: sympy solves one equation of first degree in the blank, and the
referee is asked about at most one play per face of the deck, each within
its own search time limit.

>>> from solver.nambarz.cards import Card
>>> [str(card) for card in missing_cards(BlankChain.parse("10 - ? / 2"), Card.parse("3bee"))]
['4']

(``4hen`` would solve the equation too, but mixes kinds with ``10`` and ``2``.)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from solver.errors import NotationError, PlayError, quoted
from solver.nambarz.cards import Card
from solver.nambarz.deck import Deck
from solver.nambarz.notation import Chain
from solver.nambarz.referee import check
from solver.nambarz.rules import OPERATOR_ALIASES, Operator, Rules
from tutor.i18n import DEFAULT_LANGUAGE
from tutor.rendering import card_name

BLANK = "?"
"""The sign of the blank card in puzzle notation."""

_BLANK_NEIGHBOURS = set(OPERATOR_ALIASES) | {"(", ")"}


@dataclass(frozen=True)
class BlankChain:
    """A chain in which exactly one card, at ``blank``, is unknown.

    >>> puzzle = BlankChain.parse("(10−?)÷2")
    >>> str(puzzle), puzzle.blank
    ('10 - ? / 2', 1)
    >>> str(puzzle.filled(Card.parse("4hen")))
    '10 - 4hen / 2'
    """

    known: Chain
    """The chain with some card in the blank; only its other cards and its operators count."""
    blank: int
    """The 0-based position of the blank among the cards."""

    def __post_init__(self) -> None:
        if not 0 <= self.blank < len(self.known.cards):
            raise ValueError(f"blank position {self.blank} is outside a chain of {len(self.known.cards)} cards")

    @classmethod
    def parse(cls, text: str) -> BlankChain:
        """Read a calculation with one ``?`` standing alone where a card would be.

        >>> BlankChain.parse("? ? 2")
        Traceback (most recent call last):
        ...
        solver.errors.NotationError: second '?' at position 3 of '? ? 2': a puzzle has exactly one blank card
        >>> BlankChain.parse("3hen - ?fish")
        Traceback (most recent call last):
        ...
        solver.errors.NotationError: '?' at position 8 of '3hen - ?fish' must stand alone as a card, \
between operators or brackets
        """
        if not isinstance(text, str):
            raise NotationError(
                f"a puzzle is written as text, not {type(text).__name__}", text="", token="", position=1
            )
        index = text.find(BLANK)
        if index < 0:
            message = f"no blank in {quoted(text)}: write '?' for the missing card, as in '10 - ? / 2'"
            raise NotationError(message, text=text, token="", position=1)
        second = text.find(BLANK, index + 1)
        if second >= 0:
            message = f"second '?' at position {second + 1} of {quoted(text)}: a puzzle has exactly one blank card"
            raise NotationError(message, text=text, token=BLANK, position=second + 1)
        neighbours = (text[index - 1 : index], text[index + 1 : index + 2])
        if any(char and not char.isspace() and char not in _BLANK_NEIGHBOURS for char in neighbours):
            raise NotationError(
                f"'?' at position {index + 1} of {quoted(text)} must stand alone as a card, "
                "between operators or brackets",
                text=text,
                token=BLANK,
                position=index + 1,
            )
        # Reading the puzzle with two different cards in the blank finds the blank's position
        # without a second parser: it is the only card that differs.
        try:
            with_one = Chain.parse(text[:index] + "1" + text[index + 1 :])
            with_two = Chain.parse(text[:index] + "2" + text[index + 1 :])
        except NotationError as error:
            raise NotationError(
                f"puzzle {quoted(text)}: {error}", text=text, token=error.token, position=error.position
            ) from None
        blank = next(
            position
            for position, (one, two) in enumerate(zip(with_one.cards, with_two.cards, strict=True))
            if one != two
        )
        return cls(with_one, blank)

    @property
    def operators(self) -> tuple[Operator, ...]:
        """The operators between the cards, in laying order."""
        return self.known.operators

    @property
    def known_cards(self) -> tuple[Card, ...]:
        """Every card but the blank, in laying order."""
        return tuple(card for position, card in enumerate(self.known.cards) if position != self.blank)

    def filled(self, card: Card) -> Chain:
        """The chain with ``card`` in the blank."""
        cards = list(self.known.cards)
        cards[self.blank] = card
        return Chain(tuple(cards), self.operators)

    def equation_side(self, unknown: Any) -> Any:
        """The left-to-right value as a sympy expression in ``unknown``, the blank's number."""
        # sympy ships no type information, so its names are typed as Any here.  It is imported by the code that
        # solves puzzles only: what merely imports the exercises (a hint, a request schema) need not load it.
        from sympy import Integer  # type: ignore[import-untyped]  # noqa: PLC0415

        terms = [unknown if position == self.blank else Integer(card.value) for position, card in enumerate(self.known)]
        value = terms[0]
        for operator, term in zip(self.operators, terms[1:], strict=True):
            if operator is Operator.ADD:
                value = value + term
            elif operator is Operator.SUBTRACT:
                value = value - term
            elif operator is Operator.MULTIPLY:
                value = value * term
            else:
                value = value / term
        return value

    def __str__(self) -> str:
        return self.written()

    def written(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The puzzle as notation, ``?`` for the blank, its figure cards named in ``lang`` (notation in English).

        >>> BlankChain.parse("9hen - ? / 3hippo").written("de")
        '9 Huhn - ? / 3 Nilpferd'
        """
        parts = [BLANK if self.blank == 0 else card_name(self.known.cards[0], lang)]
        for position, (operator, card) in enumerate(zip(self.operators, self.known.cards[1:], strict=True), start=1):
            parts += [operator.value, BLANK if position == self.blank else card_name(card, lang)]
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"BlankChain.parse({str(self)!r})"


def blank_numbers(puzzle: BlankChain, target: int) -> set[int] | None:
    """The whole numbers from 1 up that make the puzzle's exact value ``target``; ``None`` for any number.

    ``None`` means the blank cancels out and the value is ``target`` whatever
    the card.  Card numbers start at 1, so other solutions are dropped.

    >>> blank_numbers(BlankChain.parse("12 / ?"), 3), blank_numbers(BlankChain.parse("7 - ?"), 9)
    ({4}, set())
    >>> blank_numbers(BlankChain.parse("1 - 1 * ? + 5"), 5) is None
    True
    """
    from sympy import Eq, Integer, Symbol, solve  # noqa: PLC0415 - see BlankChain.equation_side

    unknown = Symbol("blank")
    side = puzzle.equation_side(unknown)
    if unknown not in side.free_symbols:
        return None if side == target else set()
    return {int(root) for root in solve(Eq(side, Integer(target)), unknown) if root.is_integer and root >= 1}


def missing_cards(puzzle: BlankChain, top: Card, rules: Rules | None = None, deck: Deck | None = None) -> list[Card]:
    """Every face of ``deck`` that, put in the blank, makes a legal calculation on ``top``.

    The number in the blank comes from sympy; each face with that number is
    then judged by the referee, so intermediate results stay in the rules'
    domain, only allowed operations are used, kinds do not mix, no card
    matches the top card and no smaller calculation was possible.  Faces the
    deck has no copy left of (counting the top card and the known cards) are
    left out.  The faces come in card order.

    >>> from solver.nambarz.rules import Rules
    >>> [str(card) for card in missing_cards(BlankChain.parse("? - 4 / 3"), Card.parse("2"))]
    ['10']
    >>> puzzle = BlankChain.parse("2 - ? + 9")
    >>> eight = Card.parse("8")
    >>> missing_cards(puzzle, eight, Rules.parse("natural")), missing_cards(puzzle, eight, Rules.parse("integer"))
    ([], [Card.parse('3')])
    """
    rules = rules or Rules()
    deck = deck or Deck.default()
    if not isinstance(puzzle, BlankChain):
        raise TypeError(f"missing_cards needs a BlankChain such as BlankChain.parse('10 - ? / 2'), not {puzzle!r}")
    if top.is_joker:
        raise PlayError(f"top card {top} is a joker; a missing-card puzzle needs a number card on top")
    for card in puzzle.known_cards:
        if card.is_joker:
            raise PlayError(f"{card} in {str(puzzle)!r}: a joker is never part of a calculation")
    deck.require([top, *puzzle.known_cards], what="top card and puzzle")
    numbers = blank_numbers(puzzle, top.value)
    used = Counter([top, *puzzle.known_cards])
    candidates = [
        face
        for face in deck.faces()
        if not face.is_joker and (numbers is None or face.value in numbers) and used[face] < deck.count(face)
    ]
    return [face for face in candidates if check(top, puzzle.filled(face), rules, deck=deck).legal]

"""Shared hypothesis strategies (deals, rules settings, chains and their notation) and table comparison.

Every deal is drawn without replacement from ``Deck.default().cards()``, so the
top card and the hand together can always come out of one deck.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from hypothesis import strategies as st

from solver.nambarz import Card, Chain, Deck, Domain, Figure, Kind, Operator, Rules
from solver.nambarz.cards import FIGURE_ALIASES
from solver.nambarz.hand_solver import Calculation
from solver.nambarz.rules import OPERATOR_ALIASES
from tests.nambarz.reference import ReferenceCalculation

DECK_CARDS: tuple[Card, ...] = tuple(Deck.default().cards())
"""Every card of the default deck, copies repeated."""

DECK_FACES: tuple[Card, ...] = tuple(Deck.default().faces())
"""Every distinct face of the default deck."""

NUMBER_FACES: tuple[Card, ...] = tuple(face for face in DECK_FACES if not face.is_joker)

OPERATOR_SUBSETS: tuple[str, ...] = tuple(
    "".join(signs) for size in range(4, 0, -1) for signs in itertools.combinations("+-*/", size)
)
"""The fifteen non-empty operator subsets, all four first (so shrinking heads for the usual game)."""

DOMAIN_NAMES: tuple[str, ...] = tuple(domain.value for domain in Domain)

ALIASES_OF: dict[Operator, tuple[str, ...]] = {
    operator: tuple(sign for sign, aliased in OPERATOR_ALIASES.items() if aliased is operator) for operator in Operator
}
"""Every accepted sign of each operator, the ASCII sign first."""

FIGURE_NAMES_OF: dict[Figure, tuple[str, ...]] = {
    figure: tuple(name for name, aliased in FIGURE_ALIASES.items() if aliased is figure) for figure in Figure
}
"""Every name ``FIGURE_ALIASES`` accepts for each figure, in any of its languages."""

POOLS = ("deck", "symbol", "figure")
"""Where a hand may come from: the whole deck, or the cards of one kind."""


@dataclass(frozen=True)
class Deal:
    """A top card and a hand dealt together from one default deck."""

    top: Card
    hand: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{self.top} <- {' '.join(str(card) for card in self.hand)}"


def _pool(name: str, *, jokers: bool) -> list[int]:
    """Indices into ``DECK_CARDS`` a hand may be drawn from."""
    wanted = {"deck": {Kind.SYMBOL, Kind.FIGURE}, "symbol": {Kind.SYMBOL}, "figure": {Kind.FIGURE}}[name]
    if jokers:
        wanted.add(Kind.JOKER)
    return [index for index, card in enumerate(DECK_CARDS) if card.kind in wanted]


_TOP_INDICES = [index for index, card in enumerate(DECK_CARDS) if not card.is_joker]
_POOL_INDICES = {(name, jokers): _pool(name, jokers=jokers) for name in POOLS for jokers in (False, True)}


@st.composite
def deals(
    draw: st.DrawFn, *, min_cards: int = 0, max_cards: int = 6, jokers: bool = True, pools: Sequence[str] = POOLS
) -> Deal:
    """A number card on top and a hand of ``min_cards`` to ``max_cards`` cards from the rest of the deck.

    Hand sizes are spread evenly, and the hand comes from one of ``pools``:
    the whole deck or, more often than chance would give, one kind only (plus
    jokers when ``jokers``), so that calculations of four cards or more turn up.
    """
    top_index = draw(st.sampled_from(_TOP_INDICES))
    pool = [index for index in _POOL_INDICES[draw(st.sampled_from(pools)), jokers] if index != top_index]
    size = draw(st.integers(min_cards, max_cards))
    hand = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))
    return Deal(DECK_CARDS[top_index], tuple(DECK_CARDS[index] for index in hand))


def cards_left(deal: Deal) -> list[Card]:
    """The cards still in the deck once ``deal`` is out, copies repeated, in deck order."""
    return list((Counter(DECK_CARDS) - Counter([deal.top, *deal.hand])).elements())


def rule_settings() -> st.SearchStrategy[Rules]:
    """Any arithmetic domain with any non-empty operator subset."""
    return st.builds(Rules.parse, st.sampled_from(DOMAIN_NAMES), st.sampled_from(OPERATOR_SUBSETS))


def operator_tuples(length: int) -> st.SearchStrategy[tuple[Operator, ...]]:
    """``length`` operators, each any of the four."""
    return st.tuples(*[st.sampled_from(tuple(Operator)) for _ in range(length)])


@st.composite
def chains(draw: st.DrawFn, *, max_cards: int = 6) -> Chain:
    """A chain of 1 to ``max_cards`` number faces (kinds may mix) with any operators."""
    cards = draw(st.lists(st.sampled_from(NUMBER_FACES), min_size=1, max_size=max_cards))
    return Chain(tuple(cards), draw(operator_tuples(len(cards) - 1)))


@st.composite
def casings(draw: st.DrawFn, text: str) -> str:
    """``text`` with each letter upper- or lower-cased at random."""
    flips = draw(st.lists(st.booleans(), min_size=len(text), max_size=len(text)))
    return "".join(char.upper() if flip else char.lower() for char, flip in zip(text, flips, strict=True))


@st.composite
def card_spellings(draw: st.DrawFn, card: Card) -> str:
    """``card`` written in any accepted way.

    Any figure alias in any casing, right after the number or after a hyphen
    or spaces, and spaces around the card.
    """
    if card.figure is not None:
        name = draw(casings(draw(st.sampled_from(FIGURE_NAMES_OF[card.figure]))))
        text = f"{card.number}{draw(st.sampled_from(('', '', '-', ' ', ' - ')))}{name}"
    elif card.joker is not None:
        text = draw(st.sampled_from(("J", "j"))) + draw(casings(card.joker.value))
    else:
        text = str(card)
    return draw(st.sampled_from(("", " ", "  "))) + text + draw(st.sampled_from(("", " ", "\t")))


@st.composite
def chain_spellings(draw: st.DrawFn, chain: Chain) -> str:
    """``chain`` written in any accepted way.

    Cards get any figure alias and casing, operators any accepted sign, the
    spaces between tokens are optional, and brackets may group leading parts.
    A letter sign ``x`` needs a space after a figure name or a joker, or it
    would be read as part of that name, and before a joker.
    """
    closes = sorted(draw(st.lists(st.integers(0, len(chain.cards) - 1), max_size=3)))
    parts: list[str] = ["(" * len(closes)]
    for position, card in enumerate(chain.cards):
        if position:
            operator = chain.operators[position - 1]
            sign = draw(st.sampled_from(ALIASES_OF[operator]))
            before = draw(st.sampled_from(("", " ")))
            if sign in "xX" and chain.cards[position - 1].kind is not Kind.SYMBOL:
                before = " "
            after = " " if sign in "xX" and card.is_joker else draw(st.sampled_from(("", " ")))
            parts.append(before + sign + after)
        parts.append(draw(card_spellings(card)).strip())
        parts.append(")" * closes.count(position))
    return "".join(parts)


def face_table(calculations: Iterable[Calculation]) -> dict[tuple[Card, ...], ReferenceCalculation]:
    """The solver's calculations in the reference's shape: sorted faces -> chains and last cards."""
    return {
        tuple(sorted(calculation.cards)): ReferenceCalculation(calculation.chains, frozenset(calculation.last_cards))
        for calculation in calculations
    }


def table_differences(
    expected: Mapping[tuple[Card, ...], ReferenceCalculation], actual: Mapping[tuple[Card, ...], ReferenceCalculation]
) -> list[str]:
    """One line per multiset the two tables disagree on: missing, extra, or with other chains or last cards."""

    def faces(multiset: tuple[Card, ...]) -> str:
        return " ".join(str(card) for card in multiset)

    def last(calculation: ReferenceCalculation) -> str:
        return " ".join(str(card) for card in sorted(calculation.last_cards))

    lines = []
    for multiset in sorted(expected.keys() | actual.keys(), key=lambda cards: (-len(cards), cards)):
        want, got = expected.get(multiset), actual.get(multiset)
        if got is None:
            assert want is not None
            lines.append(f"missing  {faces(multiset)}: {want.chains} chains, last cards {last(want)}")
        elif want is None:
            lines.append(f"extra    {faces(multiset)}: {got.chains} chains, last cards {last(got)}")
        elif want != got:
            lines.append(
                f"differs  {faces(multiset)}: chains {got.chains} (expected {want.chains}), "
                f"last cards {last(got)} (expected {last(want)})"
            )
    return lines

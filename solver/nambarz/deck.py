"""The deck: which card faces exist and how many of each (rulebook section I).

The default composition ships as ``solver/nambarz/data/default_deck.json``; a user
may replace it with a file of the same shape.  Every deck is validated on
load: 92 cards, 40 symbol cards, 40 figure cards, three of each joker,
numbers 1 to 10 and known figures only.

>>> deck = Deck.default()
>>> deck.size, deck.count(Card.parse("3bee")), deck.count(Card.parse("3fish"))
(92, 2, 0)
>>> deck.placeholders
(<Figure.OWL: 'owl'>,)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from solver.deck_files import parse_deck_json, read_deck_file
from solver.errors import CardNotationError, DeckError, UnknownCardError
from solver.nambarz.cards import Card, Figure, JokerType, Kind, figure_from_name

DECK_SIZE = 92
NUMBER_CARDS_PER_KIND = 40
COPIES_OF_EACH_JOKER = 3
LOWEST_NUMBER = 1
HIGHEST_NUMBER = 10


@dataclass(frozen=True, repr=False)
class Deck:
    """An immutable deck composition: card faces with their number of copies."""

    name: str
    counts: tuple[tuple[Card, int], ...]
    placeholders: tuple[Figure, ...] = ()

    @classmethod
    @cache
    def default(cls) -> Deck:
        """The composition ruled in ``docs/rulings.md``, loaded from the package data."""
        text = resources.files("solver.nambarz").joinpath("data/default_deck.json").read_text("utf-8")
        return cls.from_json_text(text, source="the default deck")

    @classmethod
    def load(cls, path: str | Path) -> Deck:
        """Load and validate a deck file (JSON, shaped like the default deck)."""
        text, source = read_deck_file(path)
        return cls.from_json_text(text, source=source)

    @classmethod
    def from_json_text(cls, text: str, *, source: str = "deck") -> Deck:
        """Validate a deck given as JSON text."""
        return cls.from_mapping(parse_deck_json(text, source), source=source)

    @classmethod
    def from_mapping(cls, document: Any, *, source: str = "deck") -> Deck:
        """Validate a deck given as a JSON-like mapping with ``name``, ``cards`` and ``placeholders``.

        >>> Deck.from_mapping({"name": "tiny", "cards": {"3": 2}})
        Traceback (most recent call last):
        ...
        solver.errors.DeckError: deck has 2 cards; a Nambarz deck has 92
        """
        if not isinstance(document, Mapping) or not isinstance(document.get("cards"), Mapping):
            raise DeckError(f"{source} must be an object with a 'cards' object mapping card to copies")
        name = document.get("name", "custom deck")
        if not isinstance(name, str):
            raise DeckError(f"{source}: 'name' must be text")
        counts: dict[Card, int] = {}
        spelled: dict[Card, str] = {}
        for notation, copies in document["cards"].items():
            try:
                card = Card.parse(notation)
            except CardNotationError as error:
                raise DeckError(f"{source}: {error}") from None
            if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
                raise DeckError(f"{source}: copies of {notation!r} must be a whole number from 1")
            if card in counts:
                raise DeckError(f"{source}: {spelled[card]!r} and {notation!r} name the same card {card}")
            if card.number is not None and not LOWEST_NUMBER <= card.number <= HIGHEST_NUMBER:
                raise DeckError(
                    f"{source}: {notation!r} has number {card.number}; numbers run "
                    f"from {LOWEST_NUMBER} to {HIGHEST_NUMBER}"
                )
            counts[card] = copies
            spelled[card] = notation
        placeholders = cls._read_placeholders(document.get("placeholders", []), counts, source)
        deck = cls(name, tuple(sorted(counts.items())), placeholders)
        deck._validate_composition(source)
        return deck

    @staticmethod
    def _read_placeholders(names: Any, counts: Mapping[Card, int], source: str) -> tuple[Figure, ...]:
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            raise DeckError(f"{source}: 'placeholders' must be a list of figure names")
        try:
            figures = tuple(dict.fromkeys(figure_from_name(name) for name in names))
        except CardNotationError as error:
            raise DeckError(f"{source}: placeholders: {error}") from None
        used = {card.figure for card in counts}
        for figure in figures:
            if figure not in used:
                raise DeckError(f"{source}: placeholder figure {figure.value!r} is not on any card")
        return figures

    def _validate_composition(self, source: str) -> None:
        if self.size != DECK_SIZE:
            raise DeckError(f"{source} has {self.size} cards; a Nambarz deck has {DECK_SIZE}")
        by_kind = Counter[Kind]()
        for card, copies in self.counts:
            by_kind[card.kind] += copies
        for kind in (Kind.SYMBOL, Kind.FIGURE):
            if by_kind[kind] != NUMBER_CARDS_PER_KIND:
                raise DeckError(
                    f"{source} has {by_kind[kind]} {kind.value} cards; a Nambarz deck has {NUMBER_CARDS_PER_KIND}"
                )
        for joker in JokerType:
            copies = self.count(Card.joker_card(joker))
            if copies != COPIES_OF_EACH_JOKER:
                raise DeckError(
                    f"{source} has {copies} J{joker.value}; a Nambarz deck has {COPIES_OF_EACH_JOKER} of each joker"
                )

    def __repr__(self) -> str:
        return f"<Deck {self.name!r}: {self.size} cards>"

    def to_dict(self) -> dict[str, Any]:
        """The deck-file form, which :meth:`from_mapping` reads back."""
        return {
            "name": self.name,
            "placeholders": [figure.value for figure in self.placeholders],
            "cards": {str(card): copies for card, copies in self.counts},
        }

    @property
    def size(self) -> int:
        """Number of cards, copies included."""
        return sum(copies for _, copies in self.counts)

    def count(self, card: Card) -> int:
        """Copies of ``card`` in the deck (0 when the face does not exist)."""
        return self._copies.get(card, 0)

    @cached_property
    def _copies(self) -> dict[Card, int]:
        return dict(self.counts)

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        """The hash of the composition, worked out once: a deck is part of the key of every cached answer.

        Equal decks have equal counts, and the counts' hash (whole numbers
        only) is the same in every process.
        """
        return hash(self.counts)

    def cards(self) -> list[Card]:
        """Every card, copies repeated, in a fixed order (for seeded dealing)."""
        return [card for card, copies in self.counts for _ in range(copies)]

    def faces(self) -> list[Card]:
        """Every distinct face, in card order."""
        return [card for card, _ in self.counts]

    def require(self, cards: Iterable[Card], *, what: str) -> None:
        """Check that ``cards`` (counted together) could all come from this deck.

        >>> Deck.default().require([Card.parse("3fish")], what="hand")
        Traceback (most recent call last):
        ...
        solver.errors.UnknownCardError: hand: 3fish is not in the deck; fish cards are 2fish, 7fish
        >>> Deck.default().require([Card.parse("5")] * 5, what="hand")
        Traceback (most recent call last):
        ...
        solver.errors.UnknownCardError: hand: 5 appears 5 times but the deck has only 4
        """
        needed = Counter(cards)
        in_deck = self._copies
        for card, copies in needed.items():
            if copies > in_deck.get(card, 0):
                break
        else:
            return  # the usual answer, found in a plain loop, without sorting the cards for an error message
        for card, copies in sorted(needed.items()):
            available = self.count(card)
            if available == 0:
                raise UnknownCardError(
                    f"{what}: {card} is not in the deck{self._same_figure_hint(card)}",
                    card=card,
                    same_figure=self._same_figure(card),
                )
            if copies > available:
                raise UnknownCardError(
                    f"{what}: {card} appears {copies} times but the deck has only {available}",
                    card=card,
                    copies=copies,
                    available=available,
                )

    def _same_figure(self, card: Card) -> tuple[Card, ...]:
        """The deck's faces that show ``card``'s figure (none for a card without one)."""
        if card.figure is None:
            return ()
        return tuple(face for face in self.faces() if face.figure == card.figure)

    def _same_figure_hint(self, card: Card) -> str:
        if card.figure is None:
            return ""
        siblings = [str(face) for face in self._same_figure(card)]
        if not siblings:
            return f"; no card shows the figure {card.figure.value}"
        return f"; {card.figure.value} cards are {', '.join(siblings)}"

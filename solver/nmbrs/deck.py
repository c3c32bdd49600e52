"""The Nmbrs! deck: each number card's colour and point value, and the jokers (rules 1–2).

The rulebook says every card is red, green, blue or orange and worth 1, 2
or 3 points, but never lists which.  The shipped deck
(``solver/nmbrs/data/default_deck.json``) is therefore a placeholder, marked so in
the file (``"placeholder": true`` and a note) and in every answer that
depends on it (ruling ``placeholder-deck``).  A deck file of the same shape
replaces it; it is validated on load.

>>> deck = NmbrsDeck.default()
>>> deck.placeholder, deck.size, deck.colour(Card.parse("6")), deck.points(Card.parse("97"))
(True, 104, <Colour.GREEN: 'green'>, 3)
>>> deck.points(JOKER), deck.colour(JOKER) is None
(0, True)
>>> len(deck.cards(RuleSet.SIMPLIFIED))
54
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from solver.deck_files import parse_deck_json, read_deck_file
from solver.errors import DeckError
from solver.nmbrs.cards import HIGHEST_NUMBER, JOKER, JOKER_COUNT, LOWEST_NUMBER, Card, Colour
from solver.nmbrs.rules import RuleSet

POINT_VALUES = (1, 2, 3)
JOKER_POINTS = 0


@dataclass(frozen=True)
class Face:
    """What is printed on a number card besides its number: colour and point value."""

    colour: Colour
    points: int


@dataclass(frozen=True, repr=False)
class NmbrsDeck:
    """The colour and points of each number card 1–100, in number order, and whether they are placeholders."""

    name: str
    faces: tuple[Face, ...]
    placeholder: bool = False
    note: str = ""

    @classmethod
    @cache
    def default(cls) -> NmbrsDeck:
        """The shipped placeholder deck, from the package data."""
        text = resources.files("solver.nmbrs").joinpath("data/default_deck.json").read_text("utf-8")
        return cls.from_json_text(text, source="the default Nmbrs! deck")

    @classmethod
    def load(cls, path: str | Path) -> NmbrsDeck:
        """Load and validate a deck file shaped like the default deck."""
        text, source = read_deck_file(path)
        return cls.from_json_text(text, source=source)

    @classmethod
    def from_json_text(cls, text: str, *, source: str = "deck") -> NmbrsDeck:
        """Validate a deck given as JSON text."""
        return cls.from_mapping(parse_deck_json(text, source), source=source)

    @classmethod
    def from_mapping(cls, document: Any, *, source: str = "deck") -> NmbrsDeck:
        """Validate a deck mapping: ``cards``, and optionally ``name``, ``placeholder``, ``note`` and ``jokers``.

        >>> NmbrsDeck.from_mapping({"cards": {"1": {"colour": "red", "points": 1}}})
        Traceback (most recent call last):
        ...
        solver.errors.DeckError: deck has no card 2 (and 98 more): an Nmbrs! deck has every number from 1 to 100
        """
        if not isinstance(document, Mapping) or not isinstance(document.get("cards"), Mapping):
            raise DeckError(f"{source} must be an object with a 'cards' object mapping each number to its face")
        name = document.get("name", "custom Nmbrs! deck")
        note = document.get("note", "")
        placeholder = document.get("placeholder", False)
        if not isinstance(name, str) or not isinstance(note, str):
            raise DeckError(f"{source}: 'name' and 'note' must be text")
        if not isinstance(placeholder, bool):
            raise DeckError(f"{source}: 'placeholder' must be true or false")
        jokers = document.get("jokers", JOKER_COUNT)
        if not isinstance(jokers, int) or isinstance(jokers, bool) or jokers != JOKER_COUNT:
            raise DeckError(f"{source}: 'jokers' must be {JOKER_COUNT}, as rule 1 says, not {jokers!r}")
        faces = cls._read_faces(document["cards"], source)
        return cls(name, faces, placeholder, note)

    @staticmethod
    def _read_faces(cards: Mapping[Any, Any], source: str) -> tuple[Face, ...]:
        faces: dict[int, Face] = {}
        for key, face in cards.items():
            number = int(key) if isinstance(key, str) and key.isascii() and key.isdigit() else None
            if number is None or not LOWEST_NUMBER <= number <= HIGHEST_NUMBER or key != str(number):
                raise DeckError(f"{source}: {key!r} is not a card number; expected '1' to '{HIGHEST_NUMBER}'")
            faces[number] = _read_face(face, f"{source}: card {number}")
        missing = [number for number in range(LOWEST_NUMBER, HIGHEST_NUMBER + 1) if number not in faces]
        if missing:
            more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
            raise DeckError(
                f"{source} has no card {missing[0]}{more}: an Nmbrs! deck has every number "
                f"from {LOWEST_NUMBER} to {HIGHEST_NUMBER}"
            )
        return tuple(faces[number] for number in range(LOWEST_NUMBER, HIGHEST_NUMBER + 1))

    def __repr__(self) -> str:
        marked = ", placeholder" if self.placeholder else ""
        return f"<NmbrsDeck {self.name!r}: {self.size} cards{marked}>"

    @property
    def size(self) -> int:
        """Number of cards: the numbers and the jokers."""
        return len(self.faces) + JOKER_COUNT

    def face(self, card: Card) -> Face | None:
        """The colour and points printed on a number card; ``None`` for a joker."""
        return None if card.number is None else self.faces[card.number - LOWEST_NUMBER]

    def colour(self, card: Card) -> Colour | None:
        """A number card's colour; a joker has none (ruling ``jokers-colourless``)."""
        face = self.face(card)
        return None if face is None else face.colour

    def points(self, card: Card) -> int:
        """A card's printed point value; a joker is worth 0 (rule 2)."""
        face = self.face(card)
        return JOKER_POINTS if face is None else face.points

    def cards(self, rules: RuleSet) -> list[Card]:
        """The cards in play under ``rules``, in a fixed order: numbers up to the highest, then the jokers."""
        numbers = [Card(number) for number in range(LOWEST_NUMBER, rules.highest_number + 1)]
        return [*numbers, *([JOKER] * JOKER_COUNT)]

    def to_dict(self) -> dict[str, Any]:
        """The deck-file form, which :meth:`from_mapping` reads back."""
        return {
            "name": self.name,
            "placeholder": self.placeholder,
            "note": self.note,
            "jokers": JOKER_COUNT,
            "cards": {
                str(number): {"colour": face.colour.value, "points": face.points}
                for number, face in enumerate(self.faces, start=LOWEST_NUMBER)
            },
        }


def _read_face(face: Any, where: str) -> Face:
    if not isinstance(face, Mapping) or set(face) != {"colour", "points"}:
        raise DeckError(f"{where} must be an object with exactly 'colour' and 'points'")
    colours = ", ".join(colour.value for colour in Colour)
    try:
        colour = Colour(face["colour"])
    except ValueError:
        raise DeckError(f"{where}: colour {face['colour']!r} is not one of {colours}") from None
    points = face["points"]
    if not isinstance(points, int) or isinstance(points, bool) or points not in POINT_VALUES:
        raise DeckError(f"{where}: points must be 1, 2 or 3 (rule 2), not {points!r}")
    return Face(colour, points)

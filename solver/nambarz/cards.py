"""Nambarz cards and their notation (rulebook section I).

A card is written the way players name it:

* a number-symbol card by its number: ``3``, ``10``;
* a number-figure card by its number followed by the figure, at once or
  after a hyphen or spaces: ``3bee``, ``3-bee``, ``3 bee``;
* a joker as ``Jnumber``, ``Jfigure``, ``Jboth`` or ``Jreplay``.

Figure names are canonical English; Italian, German and French names are
accepted as aliases, ignoring case, and output is always canonical.

>>> Card.parse("3Biene")
Card.parse('3bee')
>>> str(Card.parse("10bär")), str(Card.parse("3 ape")), Card.parse("7").kind.value
('10bear', '3bee', 'symbol')
>>> Card.parse("jboth").joker
<JokerType.BOTH: 'both'>
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from functools import total_ordering
from operator import attrgetter

from solver.errors import CardNotationError, NambarzError, quoted


class Kind(Enum):
    """The three kinds of card.  Calculations use cards of one number kind only."""

    SYMBOL = "symbol"
    FIGURE = "figure"
    JOKER = "joker"


class Figure(Enum):
    """The ten figures of the default deck (see ``docs/rulings.md``).

    ``OWL`` is a placeholder: the rulebooks never name the second figure of
    the 2/7 pair.
    """

    DRAGONFLY = "dragonfly"
    TURTLE = "turtle"
    FISH = "fish"
    OWL = "owl"
    BEE = "bee"
    HIPPO = "hippo"
    HEN = "hen"
    DUCK = "duck"
    CAT = "cat"
    BEAR = "bear"


FIGURE_LANGUAGES = ("en", "it", "de", "fr")
"""The languages in which every figure has a name a player may type and read."""

FIGURE_NAMES: dict[Figure, dict[str, str]] = {
    Figure.DRAGONFLY: {"en": "dragonfly", "it": "libellula", "de": "Libelle", "fr": "libellule"},
    Figure.TURTLE: {"en": "turtle", "it": "tartaruga", "de": "Schildkröte", "fr": "tortue"},
    Figure.FISH: {"en": "fish", "it": "pesce", "de": "Fisch", "fr": "poisson"},
    Figure.OWL: {"en": "owl", "it": "gufo", "de": "Eule", "fr": "hibou"},
    Figure.BEE: {"en": "bee", "it": "ape", "de": "Biene", "fr": "abeille"},
    Figure.HIPPO: {"en": "hippo", "it": "ippopotamo", "de": "Nilpferd", "fr": "hippopotame"},
    Figure.HEN: {"en": "hen", "it": "gallina", "de": "Huhn", "fr": "poule"},
    Figure.DUCK: {"en": "duck", "it": "papera", "de": "Ente", "fr": "canard"},
    Figure.CAT: {"en": "cat", "it": "gatto", "de": "Katze", "fr": "chat"},
    Figure.BEAR: {"en": "bear", "it": "orso", "de": "Bär", "fr": "ours"},
}
"""Each figure's name in English, Italian, German and French, as a player reads it in that language.

The owl's names are placeholders like the owl itself (see :class:`Figure`).
"""

# Further accepted names, space-separated: German spelt in ASCII, a longer English name, and the
# plurals, since the rulebooks name the cards in the plural too.
_MORE_FIGURE_NAMES: dict[Figure, str] = {
    Figure.DRAGONFLY: "dragonflies libellen libellules",
    Figure.TURTLE: "schildkroete turtles tartarughe schildkröten tortues",
    Figure.FISH: "pesci fische poissons",
    Figure.OWL: "owls gufi eulen hiboux",
    Figure.BEE: "bees api bienen abeilles",
    Figure.HIPPO: "hippopotamus hippos ippopotami nilpferde hippopotames",
    Figure.HEN: "hens galline hühner huehner poules",
    Figure.DUCK: "ducks papere enten canards",
    Figure.CAT: "cats gatti katzen chats",
    Figure.BEAR: "baer bears orsi bären baeren",
}

FIGURE_ALIASES: dict[str, Figure] = {
    name.casefold(): figure
    for figure in Figure
    for name in [*FIGURE_NAMES[figure].values(), *_MORE_FIGURE_NAMES[figure].split()]
}
"""Every accepted figure name, case-folded, with its figure."""


class JokerType(Enum):
    """The four jokers of rule IV, named as in the ``J…`` notation."""

    NUMBER = "number"
    FIGURE = "figure"
    BOTH = "both"
    REPLAY = "replay"


JOKER_NAMES: dict[JokerType, dict[str, str]] = {
    JokerType.NUMBER: {
        "en": "change-number joker",
        "it": "jolly cambia-numero",
        "de": "Zahlenwechsel-Joker",
        "fr": "joker change-nombre",
    },
    JokerType.FIGURE: {
        "en": "change-figure joker",
        "it": "jolly cambia-figura",
        "de": "Figurenwechsel-Joker",
        "fr": "joker change-figure",
    },
    JokerType.BOTH: {
        "en": "double-change joker",
        "it": "jolly doppio cambio",
        "de": "Doppelwechsel-Joker",
        "fr": "joker double changement",
    },
    JokerType.REPLAY: {
        "en": "replay joker",
        "it": "jolly per rigiocare",
        "de": "Nochmal-Joker",
        "fr": "joker pour rejouer",
    },
}
"""Each joker's name in English, Italian, German and French, as a player reads it and may write it.

The notation reads these names as it reads ``Jnumber`` (:data:`JOKER_WORDS`),
whatever their case and the spaces between their words.
"""

JOKER_WORDS = re.compile(
    "(?:"
    + "|".join(
        re.escape(name).replace("\\ ", r"\s+")
        for name in sorted({name for names in JOKER_NAMES.values() for name in names.values()}, key=len, reverse=True)
    )
    + r")(?![\w-])",
    re.IGNORECASE,
)
"""A joker's name in any language of :data:`JOKER_NAMES`, as a whole word."""


def joker_from_words(name: str) -> JokerType:
    """Return the joker called ``name`` in any language of :data:`JOKER_NAMES`, ignoring case and spacing.

    >>> joker_from_words("Jolly  per rigiocare"), joker_from_words("zahlenwechsel-joker")
    (<JokerType.REPLAY: 'replay'>, <JokerType.NUMBER: 'number'>)
    """
    wanted = " ".join(name.split()).casefold()
    for joker, names in JOKER_NAMES.items():
        if wanted in (written.casefold() for written in names.values()):
            return joker
    known = ", ".join(JOKER_NAMES[joker]["en"] for joker in JokerType)
    raise CardNotationError(f"unknown joker {quoted(name)}; known jokers: {known}", text=name)


_KIND_ORDER = {Kind.SYMBOL: 0, Kind.FIGURE: 1, Kind.JOKER: 2}
_FIGURE_ORDER = {figure: index for index, figure in enumerate(Figure)}
_JOKER_ORDER = {joker: index for index, joker in enumerate(JokerType)}
MAX_NUMBER_DIGITS = 3
_NUMBER_STRIDE = 16
_KIND_STRIDE = 1_000 * _NUMBER_STRIDE

NUMBER_CARD_PATTERN = re.compile(r"(?P<number>[0-9]+)(?P<figure>[^\W\d_]+)?")
"""A number with the figure name written right after it, as in ``3bee``."""
JOKER_PATTERN = re.compile(r"[Jj](?P<joker>[^\W\d_]+)")
_SEPARATED_FIGURE = re.compile(r"[^\S,]*(?:-[^\S,]*)?(?P<figure>[^\W\d_]{2,})")
"""A figure name after a card's number and a hyphen or spaces, as in ``3-bee`` and ``3 ape``.

A name is at least two letters long, so that ``3 x 4`` stays a multiplication.
"""


_FIGURE_SEPARATOR = re.compile(r"^[\s-]+")
"""The spaces (a no-break space too, as a card key writes ``9\u00a0hen``) or hyphen between a number and its figure."""


def figure_names(lang: str) -> list[str]:
    """The figures' names in ``lang`` (one of :data:`FIGURE_LANGUAGES`), in the order of :class:`Figure`.

    >>> figure_names("de")[:3]
    ['Libelle', 'Schildkröte', 'Fisch']
    """
    if lang not in FIGURE_LANGUAGES:
        raise NambarzError(f"no figure names in language {lang!r}; expected one of {', '.join(FIGURE_LANGUAGES)}")
    return [FIGURE_NAMES[figure][lang] for figure in Figure]


class UnknownFigureError(CardNotationError):
    """A figure name that no accepted language knows; the message lists the figures there are.

    :meth:`in_language` lists them in the reader's language, while the
    message stays English.

    >>> error = UnknownFigureError("fsh")
    >>> str(error)
    "unknown figure 'fsh'; known figures: dragonfly, turtle, fish, owl, bee, hippo, hen, duck, cat, bear"
    >>> error.in_language("it")
    "unknown figure 'fsh'; known figures: libellula, tartaruga, pesce, gufo, ape, ippopotamo, gallina, papera, \
gatto, orso"
    """

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(self._message("en"))

    def _message(self, lang: str) -> str:
        return f"unknown figure {quoted(self.name)}; known figures: {', '.join(figure_names(lang))}"

    def in_language(self, lang: str) -> str:
        """The message with the known figures named in ``lang``."""
        return self._message(lang)


def figure_from_name(name: str) -> Figure:
    """Return the figure called ``name`` in any accepted language, ignoring case.

    >>> figure_from_name("Nilpferd")
    <Figure.HIPPO: 'hippo'>
    """
    try:
        return FIGURE_ALIASES[name.casefold()]
    except KeyError:
        raise UnknownFigureError(name) from None


def number_card_end(text: str, start: int) -> int:
    """Where the number card written from ``start`` in ``text`` ends (``text[start]`` is a digit).

    A figure name belongs to the card when it follows the number at once
    (``3bee``), or after a hyphen or spaces (``3-bee``, ``3 ape``) unless
    it is a joker (``3 Jboth`` is two cards).  So ``10-4`` stays a
    subtraction and ``3 x 4`` a multiplication.

    >>> number_card_end("3-bee + 4", 0), number_card_end("10-4", 0), number_card_end("3 Jboth", 0)
    (5, 2, 1)
    """
    attached = NUMBER_CARD_PATTERN.match(text, start)
    if attached is None:
        raise ValueError(f"no card number at position {start + 1} of {text!r}")
    if attached["figure"] is not None:
        return attached.end()
    separated = _SEPARATED_FIGURE.match(text, attached.end())
    if separated is None:
        return attached.end()
    name = separated["figure"]
    if JOKER_PATTERN.fullmatch(name) and name.casefold() not in FIGURE_ALIASES:
        return attached.end()
    return separated.end()


@total_ordering
@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card face.  Equal faces compare equal; copies are not told apart.

    Build cards with :meth:`parse` or the constructors :meth:`symbol`,
    :meth:`figure_card` and :meth:`joker_card`.
    """

    number: int | None
    figure: Figure | None = None
    joker: JokerType | None = None
    sort_key: int = field(init=False, repr=False)
    """Symbol cards, then figure cards, then jokers; by number, then figure.

    One integer per face, so that the solver's many comparisons and hashes
    of cards stay cheap.
    """

    def __post_init__(self) -> None:
        if self.joker is not None:
            if self.number is not None or self.figure is not None:
                raise CardNotationError(
                    f"a joker has neither number nor figure, not number={self.number!r}, figure={self.figure!r}"
                )
            key = _KIND_ORDER[Kind.JOKER] * _KIND_STRIDE + _JOKER_ORDER[self.joker]
        elif isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 1:
            raise CardNotationError(f"a card number is a whole number from 1, not {self.number!r}")
        elif self.number >= _KIND_STRIDE // _NUMBER_STRIDE:
            raise CardNotationError(f"a card number has at most {MAX_NUMBER_DIGITS} digits, not {self.number}")
        elif self.figure is None:
            key = _KIND_ORDER[Kind.SYMBOL] * _KIND_STRIDE + self.number * _NUMBER_STRIDE
        else:
            key = (
                _KIND_ORDER[Kind.FIGURE] * _KIND_STRIDE + self.number * _NUMBER_STRIDE + 1 + _FIGURE_ORDER[self.figure]
            )
        object.__setattr__(self, "sort_key", key)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key == other.sort_key

    def __hash__(self) -> int:
        return self.sort_key

    @classmethod
    def symbol(cls, number: int) -> Card:
        """A number-symbol card.

        >>> Card.symbol(4)
        Card.parse('4')
        """
        return cls(number)

    @classmethod
    def figure_card(cls, number: int, figure: Figure) -> Card:
        """A number-figure card.

        >>> Card.figure_card(8, Figure.BEE)
        Card.parse('8bee')
        """
        return cls(number, figure)

    @classmethod
    def joker_card(cls, joker: JokerType) -> Card:
        """A joker.

        >>> Card.joker_card(JokerType.REPLAY)
        Card.parse('Jreplay')
        """
        return cls(None, joker=joker)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card from its notation, ignoring surrounding spaces.

        >>> Card.parse(" 10Orso "), Card.parse("9\u00a0gallina")
        (Card.parse('10bear'), Card.parse('9hen'))
        >>> Card.parse("3fsh")
        Traceback (most recent call last):
        ...
        solver.errors.CardNotationError: '3fsh' is not a card: unknown figure 'fsh'; known figures: \
dragonfly, turtle, fish, owl, bee, hippo, hen, duck, cat, bear
        """
        if not isinstance(text, str):
            raise CardNotationError(f"a card is written as text, not {type(text).__name__}")
        stripped = text.strip()
        if not stripped:
            raise CardNotationError("empty card: expected a card such as 3, 3bee or Jboth")
        joker = JOKER_PATTERN.fullmatch(stripped)
        if joker:
            name = joker["joker"].casefold()
            for joker_type in JokerType:
                if joker_type.value == name:
                    return cls.joker_card(joker_type)
            raise CardNotationError(
                f"{quoted(stripped)} is not a card: unknown joker; jokers are Jnumber, Jfigure, Jboth, Jreplay",
                text=stripped,
            )
        number_card = NUMBER_CARD_PATTERN.match(stripped)
        if not number_card or number_card_end(stripped, 0) != len(stripped):
            raise CardNotationError(
                f"{quoted(stripped)} is not a card: expected a number (3), a number and a figure (3bee, 3-bee) "
                "or a joker (Jboth)",
                text=stripped,
            )
        digits = number_card["number"]
        if len(digits) > MAX_NUMBER_DIGITS:
            raise CardNotationError(
                f"{quoted(stripped)} is not a card: a card number has at most {MAX_NUMBER_DIGITS} digits",
                text=stripped,
            )
        number = int(digits)
        if number < 1:
            raise CardNotationError(f"{quoted(stripped)} is not a card: card numbers start at 1", text=stripped)
        figure_name = _FIGURE_SEPARATOR.sub("", stripped[number_card.end("number") :], count=1)
        if not figure_name:
            return cls.symbol(number)
        try:
            figure = figure_from_name(figure_name)
        except CardNotationError as error:
            raise CardNotationError(f"{quoted(stripped)} is not a card: {error}", text=stripped, inner=error) from None
        return cls.figure_card(number, figure)

    @property
    def kind(self) -> Kind:
        """Symbol, figure or joker."""
        if self.joker is not None:
            return Kind.JOKER
        return Kind.FIGURE if self.figure is not None else Kind.SYMBOL

    @property
    def is_joker(self) -> bool:
        """True for the four jokers."""
        return self.joker is not None

    @property
    def value(self) -> int:
        """The number of a number card; jokers have none.

        >>> Card.parse("Jboth").value
        Traceback (most recent call last):
        ...
        solver.errors.CardNotationError: Jboth is a joker and has no number
        """
        if self.number is None:
            raise CardNotationError(f"{self} is a joker and has no number")
        return self.number

    def __lt__(self, other: Card) -> bool:
        return self.sort_key < other.sort_key

    def __str__(self) -> str:
        if self.joker is not None:
            return f"J{self.joker.value}"
        if self.figure is not None:
            return f"{self.number}{self.figure.value}"
        return str(self.number)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


card_order: Callable[[Card], int] = attrgetter("sort_key")
"""The key that sorts cards as they compare, read without a Python call per comparison: for hot sorts of hands."""


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read a hand written as cards separated by spaces or commas.

    A figure name after a number and a hyphen or spaces belongs to that card.

    >>> parse_cards("1 2, 7fish Jreplay")
    (Card.parse('1'), Card.parse('2'), Card.parse('7fish'), Card.parse('Jreplay'))
    >>> parse_cards("1 2 3 ape 8-Biene")
    (Card.parse('1'), Card.parse('2'), Card.parse('3bee'), Card.parse('8bee'))
    """
    if not isinstance(text, str):
        raise CardNotationError(f"a hand is written as text, not {type(text).__name__}")
    cards = []
    index = _skip_separators(text, 0)
    while index < len(text):
        end = number_card_end(text, index) if NUMBER_CARD_PATTERN.match(text, index) else index
        if end < len(text) and not _HAND_SEPARATOR.match(text, end):
            # Anything but a separator after a card makes one bad word, reported whole.
            following = _HAND_SEPARATOR.search(text, end)
            end = following.start() if following else len(text)
        cards.append(Card.parse(text[index:end]))
        index = _skip_separators(text, end)
    return tuple(cards)


def split_first_card(text: str) -> tuple[Card, str]:
    """The first card written in ``text``, and the text after it.

    The card is read as in a hand, so its figure name may stand apart
    (``3 ape``); what follows it is returned unread, for a caller that reads
    a top card and then a play or a hand from one line.

    >>> split_first_card("3 ape 6+5+2-10")
    (Card.parse('3bee'), '6+5+2-10')
    >>> split_first_card(" Jboth")
    (Card.parse('Jboth'), '')
    """
    start = _skip_separators(text, 0)
    if start < len(text) and NUMBER_CARD_PATTERN.match(text, start):
        end = number_card_end(text, start)
    else:
        following = _HAND_SEPARATOR.search(text, start)
        end = following.start() if following else len(text)
    return Card.parse(text[start:end]), text[end:].strip()


_HAND_SEPARATOR = re.compile(r"[\s,]+")


def _skip_separators(text: str, index: int) -> int:
    separators = _HAND_SEPARATOR.match(text, index)
    return separators.end() if separators else index

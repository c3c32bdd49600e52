"""The cards a page shows and lets a player tap: labels in the page's language, drawn as cards, grouped for a keyboard.

A key writes its label into the text field, so the field reads as the page's
language reads a play (``9 gallina − 3``), which the notation reads back.

>>> from solver.nambarz.deck import Deck
>>> keyboard = card_keyboard(Deck.default(), "it")
>>> [key.label for key in keyboard.symbols][:3], [key.label for key in keyboard.figures[2]]
(['1', '2', '3'], ['3 ape', '3 ippopotamo'])
>>> [key.notation for key in keyboard.jokers], [key.label for key in OPERATOR_KEYS]
(['Jnumber', 'Jfigure', 'Jboth', 'Jreplay'], ['+', '−', '×', '÷'])
>>> [key.label for key in keyboard.jokers][3]
'jolly per rigiocare'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import url_for
from markupsafe import Markup

from solver.nambarz.cards import Card, Kind
from solver.nambarz.deck import Deck
from tutor.cards import NambarzFace, draw_nambarz, nambarz_face
from tutor.rendering import card_name

NO_BREAK_SPACE = "\u00a0"
"""Holds a card's words together in a text field, where the keyboard's script splits the play at spaces."""


@dataclass(frozen=True)
class Key:
    """One key of the card keyboard: the card or sign in the notation (for machines), what it shows, and its card."""

    notation: str
    label: str
    figure: str | None = None
    face: NambarzFace | None = None

    @property
    def kind(self) -> str:
        """The card's kind (``symbol``, ``figure``, ``joker``), or ``operator`` for an operator's key."""
        return "operator" if self.face is None else self.face.kind

    @property
    def art(self) -> Markup:
        """The card drawn as a card, named in the page's language (nothing for an operator's key)."""
        return Markup() if self.face is None else draw_nambarz(self.face, pictures=card_pictures())

    @property
    def written(self) -> str:
        """What the key writes into a text field: its label, the words of a card held together.

        >>> Key("9hen", "9 gallina").written, Key("-", "−").written
        ('9\xa0gallina', '−')
        """
        return self.label.replace(" ", NO_BREAK_SPACE)


@dataclass(frozen=True)
class DrawnCard:
    """A card of any game as a page shows it: its name in the page's language, how it is drawn (one of
    :mod:`tutor.cards`' drawings, waiting for the address of the cards' pictures), and what a form sends for it (its
    notation)."""

    label: str
    drawing: Callable[..., Markup]
    value: str = ""

    @property
    def art(self) -> Markup:
        """The card drawn, its pictures as the pages serve them."""
        return self.drawing(pictures=card_pictures())


def card_pictures() -> str:
    """The address of the cards' pictures (the figures' and the jokers'), as the pages serve them."""
    return url_for("web.tutor_static", filename="figures.svg")


OPERATOR_KEYS = (Key("+", "+"), Key("-", "−"), Key("*", "×"), Key("/", "÷"))
"""The four operators, written as the notation reads them and shown in school notation."""


@dataclass(frozen=True)
class CardKeyboard:
    """The deck's faces as keys: symbol cards, figure cards by number, and the jokers."""

    symbols: tuple[Key, ...]
    figures: tuple[tuple[Key, ...], ...]
    jokers: tuple[Key, ...]

    @property
    def number_cards(self) -> tuple[Key, ...]:
        """Every number card (a top card's choices): the symbols, then the figures by number."""
        return self.symbols + tuple(key for group in self.figures for key in group)


def card_key(card: Card, lang: str) -> Key:
    """The key of ``card``, labelled and drawn in ``lang``.

    >>> key = card_key(Card.parse("3hippo"), "de")
    >>> key.notation, key.label, key.kind
    ('3hippo', '3 Nilpferd', 'figure')
    """
    face = nambarz_face(card, lang)
    return Key(str(card), card_name(card, lang), None if card.figure is None else card.figure.value, face)


def card_keyboard(deck: Deck, lang: str) -> CardKeyboard:
    """The keys of every face of ``deck``, labelled in ``lang``."""
    faces = deck.faces()
    by_number: dict[int, list[Key]] = {}
    for card in faces:
        if card.kind is Kind.FIGURE and card.number is not None:
            by_number.setdefault(card.number, []).append(card_key(card, lang))
    return CardKeyboard(
        symbols=tuple(card_key(card, lang) for card in faces if card.kind is Kind.SYMBOL),
        figures=tuple(tuple(keys) for _, keys in sorted(by_number.items())),
        jokers=tuple(card_key(card, lang) for card in faces if card.is_joker),
    )

"""The cards of the four games drawn as cards: one small SVG picture per card, the same wherever a card appears.

Every card is an ``<svg>`` of the same size (:data:`WIDTH` × :data:`HEIGHT`
in its own units; the page's style sheet sets how big it shows) with
``role="img"`` and an ``aria-label`` naming the card in the page's language,
so a screen reader says "9 gallina" where the eye sees the card.  Inside a
button the name of the card is the button's name.

Drawing decisions:

* one frame for every game (a rounded card with a white face), the games
  told apart by what is printed on it; the classes (``card-art`` and the
  game's and the kind's) let a style sheet colour them, and the drawing's
  own attributes keep it clear printed in black and white without one;
* Nambarz: a symbol card is its number large, with the four signs in its
  corners; a figure card has a double frame, its number, the figure's
  picture and the figure's name; a joker has a starred frame, its own
  picture and its name in words, on up to three lines;
* The Game: the number large with the small number in two corners; the
  piles' start cards (1 and 100) are dark, with the way their pile goes;
* Quando: the visible side's number in a circle; the hidden side is a card
  back, which shows nothing;
* Nmbrs!: the number in the card's colour under a band of that colour that
  holds the card's points as dots; a joker is a star, and on the table the
  number it stands for;
* words written on a card never break inside a word: a name is set on
  lines at its spaces (and after a hyphen), and a line too long for the
  card is narrowed to fit it.

A card's frame, and the picture of a figure card or a joker with it, is a
symbol of ``tutor/static/figures.svg`` (which a page serves and a printed
document holds) that the card draws with ``<use>``, coloured by
``tutor/static/cards.css``; only the numbers and the words are written into
each card, so that a sheet of fifty exercises stays light.  ``pictures`` is
the address of that file (``""`` when the document holds the symbols itself).

>>> from solver.nambarz.cards import Card
>>> art = nambarz_card(Card.parse("9hen"), "it", pictures="/static/figures.svg")
>>> 'aria-label="9 gallina"' in art, 'class="card-art nambarz figure"' in art, "figures.svg#card-hen" in art
(True, True, True)
>>> [str(card) for card in hand_order(Card.parse(text) for text in ("Jreplay", "3bee", "7", "3", "2hen"))]
['3', '7', '2hen', '3bee', 'Jreplay']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from markupsafe import Markup, escape

from solver.nambarz.cards import FIGURE_NAMES, Card, JokerType, Kind
from tutor.rendering import card_name

WIDTH = 60
HEIGHT = 84
"""A card's size in its own units (the proportions of a playing card)."""

_MARGIN = 5
_TEXT_WIDTH = WIDTH - 2 * _MARGIN
_CHARACTER_WIDTH = 0.6
"""A generous guess of a character's width, in ems, for the page's sans-serif letters."""
_SMALLEST_TEXT = 0.8
"""How far a line too long for the card may shrink before it is narrowed instead."""
_NARROWED_FROM = 1.02
"""How far past the card a line's guessed width must go to be narrowed: the guess is generous, and a line narrowed
to the card's width when it fits already would be stretched."""

_JOKER_PICTURES = {
    JokerType.NUMBER: "joker-number",
    JokerType.FIGURE: "joker-figure",
    JokerType.BOTH: "joker-both",
    JokerType.REPLAY: "joker-replay",
}
"""Each joker's picture, a symbol of ``tutor/static/figures.svg``."""

NAMBARZ_HAND_ORDER = "symbol cards by number, then figure cards by number, then the jokers"
"""How a Nambarz hand is sorted (:func:`hand_order`): the order of the card's own comparison."""


@dataclass(frozen=True)
class NambarzFace:
    """What a Nambarz card shows: its kind, its number, its picture and its words, and its name for a screen reader."""

    kind: str
    """``symbol``, ``figure`` or ``joker``: the card's class, which sets how it is drawn."""
    name: str
    number: int | None
    picture: str | None
    """The symbol of ``figures.svg`` drawn on the card: the figure's or the joker's; none on a symbol card."""
    words: str | None
    """The words written on the card: the figure's name, or the joker's name."""


def nambarz_face(card: Card, lang: str) -> NambarzFace:
    """What ``card`` shows to a reader of ``lang``.

    >>> face = nambarz_face(Card.parse("10bear"), "de")
    >>> face.kind, face.name, face.number, face.picture, face.words
    ('figure', '10 Bär', 10, 'bear', 'Bär')
    >>> nambarz_face(Card.parse("7"), "fr").words is None, nambarz_face(Card.parse("Jboth"), "it").picture
    (True, 'joker-both')
    """
    name = card_name(card, lang)
    if card.joker is not None:
        return NambarzFace(Kind.JOKER.value, name, None, _JOKER_PICTURES[card.joker], name)
    if card.figure is not None:
        figure = FIGURE_NAMES[card.figure][lang]
        return NambarzFace(Kind.FIGURE.value, f"{card.number} {figure}", card.number, card.figure.value, figure)
    return NambarzFace(Kind.SYMBOL.value, name, card.number, None, None)


def hand_order(cards: Iterable[Card]) -> list[Card]:
    """A Nambarz hand as it is shown: :data:`NAMBARZ_HAND_ORDER`, figures of one number in the deck's order.

    >>> [str(card) for card in hand_order(Card.parse(text) for text in ("Jboth", "10", "1cat", "1dragonfly", "2"))]
    ['2', '10', '1dragonfly', '1cat', 'Jboth']
    """
    return sorted(cards)


def nambarz_card(card: Card, lang: str, *, pictures: str) -> Markup:
    """``card`` drawn as a Nambarz card, named in ``lang``; its picture taken from ``pictures`` (see the module).

    >>> art = nambarz_card(Card.parse("Jnumber"), "en", pictures="")
    >>> 'class="card-art nambarz joker"' in art, 'href="#card-joker-number"' in art
    (True, True)
    """
    return draw_nambarz(nambarz_face(card, lang), pictures=pictures)


def draw_nambarz(face: NambarzFace, *, pictures: str) -> Markup:
    """A Nambarz card drawn from its :class:`NambarzFace`: a figure card's or a joker's frame holds its picture.

    >>> art = draw_nambarz(NambarzFace("symbol", "7", 7, None, None), pictures="")
    >>> 'aria-label="7"' in art, 'href="#card-symbol"' in art
    (True, True)
    """
    if face.kind == Kind.SYMBOL.value:
        return _card(("nambarz", "symbol"), face.name, pictures, "card-symbol", [_text(54, str(face.number), 32)])
    if face.kind == Kind.FIGURE.value:
        parts = [_text(29, str(face.number), 22), *_lines(face.words or "", first_baseline=74, size=10.5, most=1)]
    else:
        parts = _lines(face.words or "", first_baseline=51, size=9.5, most=3)
    return _card(("nambarz", face.kind), face.name, pictures, f"card-{face.picture}", parts)


def thegame_card(number: int, name: str, *, pictures: str, start: str | None = None) -> Markup:
    """A card of The Game: ``number`` large, small in two corners; a start card (``start`` ``up`` or ``down``, for
    the piles' 1 and 100) is dark, with an arrow for the way its pile goes.

    >>> art = thegame_card(37, "37", pictures="")
    >>> 'class="card-art thegame number"' in art, art.count(">37<")
    (True, 3)
    >>> 'class="card-art thegame start up"' in thegame_card(1, "1", pictures="", start="up")
    True
    """
    parts = [_number(53, number)]
    if start:
        parts.append(_text(HEIGHT - 9, "↑" if start == "up" else "↓", 16, "way"))
        return _card(("thegame", "start", start), name, pictures, "card-plain", parts)
    parts.append(_text(15, str(number), 9, "corner", x=10))
    parts.append(_text(HEIGHT - 7, str(number), 9, "corner", x=WIDTH - 10))
    return _card(("thegame", "number"), name, pictures, "card-plain", parts)


def quando_card(number: int | None, name: str, *, pictures: str) -> Markup:
    """A Quando card's side: the ``number`` facing up in a circle, or, for ``None``, the hidden side as a card back.

    >>> 'class="card-art quando side"' in quando_card(7, "7", pictures="")
    True
    >>> 'class="card-art quando hidden"' in quando_card(None, "the hidden side", pictures="")
    True
    """
    if number is None:
        return _card(("quando", "hidden"), name, pictures, "card-back", [])
    return _card(("quando", "side"), name, pictures, "card-ring", [_number(51, number, wide=10, small=21)])


def nmbrs_card(
    number: int | None,
    name: str,
    *,
    pictures: str,
    colour: str | None = None,
    points: int = 0,
    stands_for: int | None = None,
) -> Markup:
    """An Nmbrs! card: ``number`` in its ``colour`` with its ``points`` as dots; a joker (``number`` ``None``) is a
    star, with the number it ``stands_for`` on the table.

    >>> art = nmbrs_card(17, "17, red, 2 points", pictures="", colour="red", points=2)
    >>> 'class="card-art nmbrs number colour-red"' in art, art.count('class="point"')
    (True, 2)
    >>> "= 60</text>" in nmbrs_card(None, "joker for 60", pictures="", stands_for=60)
    True
    """
    if number is None:
        parts = [] if stands_for is None else [_text(HEIGHT - 9, f"= {stands_for}", 13)]
        return _card(("nmbrs", "joker"), name, pictures, "card-star", parts)
    first = WIDTH / 2 - (points - 1) * 5
    parts = [f'<circle class="point" cx="{first + 10 * index:g}" cy="11" r="3.2"/>' for index in range(points)]
    parts.append(_number(58, number))
    classes = ("nmbrs", "number", f"colour-{colour}" if colour else None)
    return _card(classes, name, pictures, "card-band", parts)


def caption_lines(words: str, *, limit: int) -> list[str]:
    """``words`` set on lines of about ``limit`` characters, broken at spaces and after hyphens, never inside a word.

    A word longer than ``limit`` has a line of its own (the drawing then narrows it to fit).

    >>> caption_lines("jolly per rigiocare", limit=10)
    ['jolly per', 'rigiocare']
    >>> caption_lines("joker change-nombre", limit=10)
    ['joker', 'change-', 'nombre']
    >>> caption_lines("Schildkröte", limit=8)
    ['Schildkröte']
    """
    pieces = [piece for word in words.split() for piece in _after_hyphens(word)]
    lines: list[str] = []
    for piece, continues_word in pieces:
        glue = "" if continues_word else " "
        if lines and len(lines[-1]) + len(glue) + len(piece) <= limit:
            lines[-1] += glue + piece
        else:
            lines.append(piece)
    return lines


def _after_hyphens(word: str) -> list[tuple[str, bool]]:
    """``word`` cut after each of its hyphens, each piece with whether it continues the word (all but the first)."""
    pieces = word.replace("-", "-\n").split("\n")
    return [(piece, index > 0) for index, piece in enumerate(pieces) if piece]


def _card(classes: tuple[str | None, ...], name: str, pictures: str, frame: str, parts: list[str]) -> Markup:
    class_names = " ".join(("card-art", *(name for name in classes if name)))
    return Markup(
        f'<svg class="{class_names}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(name)}">'
        f'<use href="{escape(pictures)}#{escape(frame)}"/>{"".join(parts)}</svg>'
    )


def _text(y: float, text: str, size: float, class_name: str = "", *, x: float = WIDTH / 2, said: bool = False) -> str:
    """A line of ``text`` centred at ``x``, in the ``size`` the card's style sheet gives its class, written into the
    drawing only when ``said`` or when the line had to shrink (or, at the least size, narrow) to fit the card."""
    fitted = ""
    if len(text) * size * _CHARACTER_WIDTH > _TEXT_WIDTH:
        size, said = max(size * _SMALLEST_TEXT, _TEXT_WIDTH / (len(text) * _CHARACTER_WIDTH)), True
        if len(text) * size * _CHARACTER_WIDTH > _TEXT_WIDTH * _NARROWED_FROM:
            fitted = f' textLength="{_TEXT_WIDTH}" lengthAdjust="spacingAndGlyphs"'
    attributes = (f' class="{class_name}"' if class_name else "") + f' x="{x:g}" y="{y:g}"'
    if said:
        attributes += f' font-size="{size:.3g}"'
    return f"<text{attributes}{fitted}>{escape(text)}</text>"


def _number(y: float, number: int, *, wide: int = 100, small: float = 24) -> str:
    """A card's number, large; from ``wide`` on (a number of more digits), ``small``."""
    return _text(y, str(number), 30) if number < wide else _text(y, str(number), small, said=True)


def _lines(words: str, *, first_baseline: float, size: float, most: int) -> list[str]:
    limit = max(int(_TEXT_WIDTH / (size * _CHARACTER_WIDTH)), 1)
    lines = caption_lines(words, limit=limit)
    if len(lines) > most:
        lines = [*lines[: most - 1], " ".join(lines[most - 1 :]).replace("- ", "-")]
    return [_text(first_baseline + index * size * 1.1, line, size, "words") for index, line in enumerate(lines)]

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

The figures' and the jokers' pictures are the symbols of
``tutor/static/figures.svg``, which a page serves and a printed document
holds; ``pictures`` is the address of that file (``""`` when the document
holds the symbols itself).

>>> from solver.nambarz.cards import Card
>>> art = nambarz_card(Card.parse("9hen"), "it", pictures="/static/figures.svg")
>>> 'aria-label="9 gallina"' in art, 'class="card-art nambarz figure"' in art, "figures.svg#hen" in art
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
    >>> 'class="card-art nambarz joker"' in art, 'href="#joker-number"' in art
    (True, True)
    """
    return draw_nambarz(nambarz_face(card, lang), pictures=pictures)


def draw_nambarz(face: NambarzFace, *, pictures: str) -> Markup:
    """A Nambarz card drawn from its :class:`NambarzFace`.

    >>> face = NambarzFace("symbol", "7", 7, None, None)
    >>> art = draw_nambarz(face, pictures="")
    >>> 'aria-label="7"' in art, art.count("card-art-sign")
    (True, 4)
    """
    parts: list[str] = []
    if face.kind == Kind.SYMBOL.value:
        parts.append(_frame("card-art-frame", stroke_width=2.5))
        parts += [
            _text(x, y, sign, 11, "card-art-sign")
            for x, y, sign in (
                (11, 16, "+"),
                (WIDTH - 11, 16, "−"),
                (11, HEIGHT - 7, "×"),
                (WIDTH - 11, HEIGHT - 7, "÷"),
            )
        ]
        parts.append(_text(WIDTH / 2, 54, str(face.number), 32, "card-art-number", bold=True))
    elif face.kind == Kind.FIGURE.value:
        parts.append(_frame("card-art-frame", stroke_width=1.5))
        parts.append(_frame("card-art-inner", inset=4, stroke_width=1))
        parts.append(_text(WIDTH / 2, 29, str(face.number), 22, "card-art-number", bold=True))
        parts.append(_picture(pictures, face.picture, x=16, y=32, size=28))
        parts += _lines(face.words or "", first_baseline=HEIGHT - 10, size=10.5, most=1)
    else:
        parts.append(_frame("card-art-frame", stroke_width=2.5))
        parts.append(_frame("card-art-inner", inset=4, stroke_width=1, dashed=True))
        parts.append(_picture(pictures, face.picture, x=15, y=8, size=30))
        parts += _lines(face.words or "", first_baseline=51, size=9.5, most=3)
    return _card(("nambarz", face.kind), face.name, parts)


def thegame_card(number: int, name: str, *, start: str | None = None) -> Markup:
    """A card of The Game: ``number`` large, small in two corners; a start card (``start`` ``up`` or ``down``, for
    the piles' 1 and 100) is dark, with an arrow for the way its pile goes.

    >>> art = thegame_card(37, "37")
    >>> 'class="card-art thegame number"' in art, art.count(">37<")
    (True, 3)
    >>> 'class="card-art thegame start up"' in thegame_card(1, "1", start="up")
    True
    """
    parts = [_frame("card-art-frame", stroke_width=2, fill="#222" if start else "#fff")]
    ink = "#fff" if start else "#222"
    size = 24 if number >= 100 else 30
    parts.append(_text(WIDTH / 2, 53, str(number), size, "card-art-number", bold=True, fill=ink))
    if start:
        parts.append(_text(WIDTH / 2, HEIGHT - 9, "↑" if start == "up" else "↓", 16, "card-art-way", fill=ink))
    else:
        parts.append(_text(10, 15, str(number), 9, "card-art-corner"))
        parts.append(_text(WIDTH - 10, HEIGHT - 7, str(number), 9, "card-art-corner"))
    return _card(("thegame", "start", start) if start else ("thegame", "number"), name, parts)


def quando_card(number: int | None, name: str) -> Markup:
    """A Quando card's side: the ``number`` facing up in a circle, or, for ``None``, the hidden side as a card back.

    >>> 'class="card-art quando side"' in quando_card(7, "7")
    True
    >>> 'class="card-art quando hidden"' in quando_card(None, "the hidden side")
    True
    """
    if number is None:
        parts = [
            _frame("card-art-frame", stroke_width=2, fill="#e8e1f3"),
            _frame("card-art-inner", inset=5, stroke_width=1),
            '<path class="card-art-back" d="M10 10L50 74M22 10L50 55M34 10L50 36M10 29L38 74M10 48L26 74'
            'M50 10L10 74M38 10L10 55M26 10L10 36M50 29L22 74M50 48L34 74" fill="none" stroke="#7a5aa6" '
            'stroke-width="1"/>',
        ]
        return _card(("quando", "hidden"), name, parts)
    parts = [
        _frame("card-art-frame", stroke_width=2),
        f'<circle class="card-art-ring" cx="{WIDTH / 2:g}" cy="42" r="21" fill="none" stroke="#222" '
        'stroke-width="1.5"/>',
        _text(WIDTH / 2, 52, str(number), 30 if number < 10 else 24, "card-art-number", bold=True),
    ]
    return _card(("quando", "side"), name, parts)


def nmbrs_card(
    number: int | None, name: str, *, colour: str | None = None, points: int = 0, stands_for: int | None = None
) -> Markup:
    """An Nmbrs! card: ``number`` in its ``colour`` with its ``points`` as dots; a joker (``number`` ``None``) is a
    star, with the number it ``stands_for`` on the table.

    >>> art = nmbrs_card(17, "17, red, 2 points", colour="red", points=2)
    >>> 'class="card-art nmbrs number colour-red"' in art, art.count("card-art-point")
    (True, 2)
    >>> "= 60</text>" in nmbrs_card(None, "joker for 60", stands_for=60)
    True
    """
    ink = _NMBRS_INKS.get(colour or "", "#222")
    parts = [_frame("card-art-frame", stroke_width=2.5, stroke=ink)]
    if number is None:
        parts.append(
            f'<path class="card-art-star" d="{_STAR}" fill="#f4c430" stroke="#222" stroke-width="1.2" '
            'stroke-linejoin="round"/>'
        )
        if stands_for is not None:
            parts.append(_text(WIDTH / 2, HEIGHT - 9, f"= {stands_for}", 13, "card-art-value", bold=True))
        return _card(("nmbrs", "joker"), name, parts)
    parts.append(f'<rect class="card-art-band" x="3" y="3" width="{WIDTH - 6}" height="16" rx="3" fill="{ink}"/>')
    first = WIDTH / 2 - (points - 1) * 5
    parts += [
        f'<circle class="card-art-point" cx="{first + 10 * index:g}" cy="11" r="3.2" fill="#fff"/>'
        for index in range(points)
    ]
    size = 24 if number >= 100 else 30
    parts.append(_text(WIDTH / 2, 58, str(number), size, "card-art-number", bold=True, fill=ink))
    return _card(("nmbrs", "number", f"colour-{colour}") if colour else ("nmbrs", "number"), name, parts)


_NMBRS_INKS = {"red": "#b3261e", "green": "#1b7a3a", "blue": "#1d4e89", "orange": "#b85700"}
"""The four colours of Nmbrs!, dark enough for the white points and for the number on the white face."""

_STAR = "M30 14L36.5 32.5H55L40 44L46 63L30 51.5L14 63L20 44L5 32.5H23.5Z"


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


def _card(classes: tuple[str | None, ...], name: str, parts: list[str]) -> Markup:
    class_names = " ".join(("card-art", *(name for name in classes if name)))
    return Markup(
        f'<svg class="{class_names}" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" '
        f'aria-label="{escape(name)}" focusable="false" font-family="system-ui, sans-serif">{"".join(parts)}</svg>'
    )


def _frame(
    class_name: str,
    *,
    inset: float = 1.5,
    stroke_width: float,
    fill: str = "#fff",
    stroke: str = "#222",
    dashed: bool = False,
) -> str:
    dash = ' stroke-dasharray="3 2"' if dashed else ""
    fill = "none" if class_name != "card-art-frame" else fill
    return (
        f'<rect class="{class_name}" x="{inset:g}" y="{inset:g}" width="{WIDTH - 2 * inset:g}" '
        f'height="{HEIGHT - 2 * inset:g}" rx="{max(6 - inset / 2, 2):g}" fill="{fill}" stroke="{stroke}" '
        f'stroke-width="{stroke_width:g}"{dash}/>'
    )


def _text(
    x: float, y: float, text: str, size: float, class_name: str, *, bold: bool = False, fill: str = "#222"
) -> str:
    weight = ' font-weight="700"' if bold else ""
    fitted = ""
    if len(text) * size * _CHARACTER_WIDTH > _TEXT_WIDTH:
        size = max(size * _SMALLEST_TEXT, _TEXT_WIDTH / (len(text) * _CHARACTER_WIDTH))
        if len(text) * size * _CHARACTER_WIDTH > _TEXT_WIDTH:
            fitted = f' textLength="{_TEXT_WIDTH}" lengthAdjust="spacingAndGlyphs"'
    return (
        f'<text class="{class_name}" x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="middle" fill="{fill}"'
        f"{weight}{fitted}>{escape(text)}</text>"
    )


def _lines(words: str, *, first_baseline: float, size: float, most: int) -> list[str]:
    limit = max(int(_TEXT_WIDTH / (size * _CHARACTER_WIDTH)), 1)
    lines = caption_lines(words, limit=limit)
    if len(lines) > most:
        lines = [*lines[: most - 1], " ".join(lines[most - 1 :]).replace("- ", "-")]
    return [
        _text(WIDTH / 2, first_baseline + index * size * 1.1, line, size, "card-art-words")
        for index, line in enumerate(lines)
    ]


def _picture(pictures: str, symbol: str | None, *, x: float, y: float, size: float) -> str:
    return (
        f'<use class="card-art-picture" href="{escape(pictures)}#{escape(symbol or "")}" x="{x:g}" y="{y:g}" '
        f'width="{size:g}" height="{size:g}" color="#222"/>'
    )

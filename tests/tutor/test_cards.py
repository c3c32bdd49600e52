"""The cards drawn as cards: their kinds told apart, their names in every language, hands sorted, words kept whole."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from solver.nambarz.cards import FIGURE_NAMES, Card, Figure, JokerType
from tutor.cards import (
    NAMBARZ_HAND_ORDER,
    caption_lines,
    hand_order,
    nambarz_card,
    nambarz_face,
    nmbrs_card,
    quando_card,
    thegame_card,
)
from tutor.i18n import SUPPORTED_LANGUAGES
from tutor.rendering import card_name

SPRITE = "/static/figures.svg"


class Drawing(HTMLParser):
    """One card's drawing read back: the classes and name of its ``<svg>``, the symbols it uses, its lines of text."""

    def __init__(self, markup: str) -> None:
        super().__init__()
        self.root: dict[str, str | None] = {}
        self.symbols: list[str] = []
        self.lines: list[str] = []
        self._in_text = False
        self.feed(markup)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "svg":
            self.root = attributes
        elif tag == "use":
            self.symbols.append((attributes["href"] or "").rpartition("#")[2])
        self._in_text = tag == "text"

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        self._in_text = False

    def handle_endtag(self, tag: str) -> None:
        self._in_text = False

    def handle_data(self, data: str) -> None:
        if self._in_text:
            self.lines.append(data)

    @property
    def classes(self) -> list[str]:
        return (self.root.get("class") or "").split()


def drawn(card: str, lang: str = "en") -> Drawing:
    return Drawing(nambarz_card(Card.parse(card), lang, pictures=SPRITE))


def test_the_three_kinds_of_nambarz_card_are_drawn_differently() -> None:
    symbol, figure, joker = drawn("7"), drawn("7owl"), drawn("Jreplay")
    assert [symbol.classes, figure.classes, joker.classes] == [
        ["card-art", "nambarz", "symbol"],
        ["card-art", "nambarz", "figure"],
        ["card-art", "nambarz", "joker"],
    ]
    assert [symbol.symbols, figure.symbols, joker.symbols] == [["card-symbol"], ["card-owl"], ["card-joker-replay"]]
    assert symbol.lines == ["7"] and figure.lines == ["7", "owl"]


def test_every_figure_and_every_joker_has_a_picture_of_its_own() -> None:
    pictures = [drawn(f"1{figure.value}").symbols[0] for figure in Figure]
    pictures += [drawn(str(Card.joker_card(joker))).symbols[0] for joker in JokerType]
    assert len(set(pictures)) == len(Figure) + len(JokerType)


@pytest.mark.parametrize(
    ("lang", "hen", "hippo"),
    [
        ("en", "9 hen", "3 hippo"),
        ("it", "9 gallina", "3 ippopotamo"),
        ("de", "9 Huhn", "3 Nilpferd"),
        ("fr", "9 poule", "3 hippopotame"),
    ],
)
def test_each_card_is_named_in_the_page_s_language(lang: str, hen: str, hippo: str) -> None:
    assert drawn("9hen", lang).root["aria-label"] == hen
    assert drawn("3hippo", lang).root["aria-label"] == hippo
    assert drawn("3hippo", lang).root["role"] == "img"
    assert drawn("10", lang).root["aria-label"] == "10"
    for joker in JokerType:
        card = Card.joker_card(joker)
        assert drawn(str(card), lang).root["aria-label"] == card_name(card, lang)


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_the_words_on_a_card_are_its_name_set_whole_on_its_lines(lang: str) -> None:
    for card in [*(Card.figure_card(5, figure) for figure in Figure), *map(Card.joker_card, JokerType)]:
        drawing = drawn(str(card), lang)
        words = nambarz_face(card, lang).words or ""
        written = " ".join(drawing.lines[1:] if card.figure else drawing.lines)
        assert re.sub(r"- ", "-", written) == words, (written, words)


def test_a_name_is_set_on_lines_at_its_spaces_and_after_its_hyphens_only() -> None:
    assert caption_lines("jolly doppio cambio", limit=9) == ["jolly", "doppio", "cambio"]
    assert caption_lines("change-number joker", limit=8) == ["change-", "number", "joker"]
    assert caption_lines("ippopotamo", limit=4) == ["ippopotamo"]
    assert caption_lines("9 gallina", limit=20) == ["9 gallina"]


def test_a_word_too_long_for_the_card_shrinks_or_narrows_to_fit_it() -> None:
    short = nambarz_card(Card.parse("4cat"), "it", pictures=SPRITE)
    long = nambarz_card(Card.parse("2turtle"), "de", pictures=SPRITE)
    assert "font-size" not in short.split("</text>")[1]
    assert re.search(r'<text class="words" [^>]*font-size="[0-9.]+"[^>]*>Schildkröte</text>', long)


def test_a_hand_is_sorted_symbols_then_figures_then_jokers_each_by_number() -> None:
    hand = [Card.parse(text) for text in ("Jboth", "9hen", "10", "3", "Jnumber", "1cat", "9duck", "1dragonfly", "3")]
    assert [str(card) for card in hand_order(hand)] == [
        "3",
        "3",
        "10",
        "1dragonfly",
        "1cat",
        "9hen",
        "9duck",
        "Jnumber",
        "Jboth",
    ]
    assert NAMBARZ_HAND_ORDER.startswith("symbol cards by number")


def test_the_figure_names_drawn_are_the_catalogue_s() -> None:
    for figure, names in FIGURE_NAMES.items():
        for lang, name in names.items():
            assert drawn(f"2{figure.value}", lang).lines[-1] == name


def test_the_game_s_start_cards_are_drawn_apart_from_its_numbered_cards() -> None:
    up, down, card = (
        Drawing(thegame_card(1, "1", pictures=SPRITE, start="up")),
        Drawing(thegame_card(100, "100", pictures=SPRITE, start="down")),
        Drawing(thegame_card(37, "37", pictures=SPRITE)),
    )
    assert (up.classes, down.classes, card.classes) == (
        ["card-art", "thegame", "start", "up"],
        ["card-art", "thegame", "start", "down"],
        ["card-art", "thegame", "number"],
    )
    assert (up.lines, down.lines, card.lines) == (["1", "↑"], ["100", "↓"], ["37", "37", "37"])


def test_a_quando_card_shows_its_visible_side_and_its_hidden_side_as_a_back() -> None:
    side, hidden = Drawing(quando_card(7, "7", pictures=SPRITE)), Drawing(quando_card(None, "hidden", pictures=SPRITE))
    assert (side.classes[-1], side.symbols, side.lines) == ("side", ["card-ring"], ["7"])
    assert (hidden.classes[-1], hidden.symbols, hidden.lines, hidden.root["aria-label"]) == (
        "hidden",
        ["card-back"],
        [],
        "hidden",
    )


def test_an_nmbrs_card_is_in_its_colour_with_its_points_and_a_joker_is_a_star() -> None:
    card = nmbrs_card(17, "17, red, 3 points", pictures=SPRITE, colour="red", points=3)
    joker = Drawing(nmbrs_card(None, "Joker = 60", pictures=SPRITE, stands_for=60))
    assert Drawing(card).classes == ["card-art", "nmbrs", "number", "colour-red"]
    assert card.count('<circle class="point"') == 3
    assert (joker.symbols, joker.lines) == (["card-star"], ["= 60"])


def test_names_are_escaped() -> None:
    assert 'aria-label="&lt;b&gt;"' in thegame_card(5, "<b>", pictures=SPRITE)

"""The deck: the default composition of rule I, deck files, and the errors for bad decks and unknown cards."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from solver.nambarz import Card, Chain, Deck, DeckError, Figure, Kind, NambarzError, UnknownCardError, check, solve
from solver.nambarz.cards import parse_cards


def default_document() -> dict[str, Any]:
    """The shipped default deck file, as a fresh JSON document."""
    text = resources.files("solver.nambarz").joinpath("data/default_deck.json").read_text("utf-8")
    document: dict[str, Any] = json.loads(text)
    return document


def with_cards(changes: dict[str, int | None], **fields: Any) -> dict[str, Any]:
    """The default document with some card counts changed (``None`` removes a card) and other fields set."""
    document = default_document()
    for notation, copies in changes.items():
        if copies is None:
            del document["cards"][notation]
        else:
            document["cards"][notation] = copies
    document.update(fields)
    return document


def write(path: Path, document: Any) -> Path:
    """Write a JSON document to ``path``."""
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


# --------------------------------------------------------------------------- the default deck


def test_the_default_deck_has_92_cards_in_the_proportions_of_rule_one() -> None:
    deck = Deck.default()
    by_kind = Counter[Kind]()
    for face, copies in deck.counts:
        by_kind[face.kind] += copies
    assert deck.size == len(deck.cards()) == 92
    assert by_kind == {Kind.SYMBOL: 40, Kind.FIGURE: 40, Kind.JOKER: 12}
    for joker in ("Jnumber", "Jfigure", "Jboth", "Jreplay"):
        assert deck.count(Card.parse(joker)) == 3


def test_the_default_deck_has_four_of_each_symbol_card_from_one_to_ten() -> None:
    deck = Deck.default()
    assert [deck.count(Card.symbol(number)) for number in range(1, 11)] == [4] * 10
    assert deck.count(Card.symbol(11)) == 0


def test_the_default_figures_come_in_number_pairs_two_copies_of_each_face() -> None:
    pairs = {
        Figure.DRAGONFLY: (1, 6),
        Figure.TURTLE: (1, 6),
        Figure.FISH: (2, 7),
        Figure.OWL: (2, 7),
        Figure.BEE: (3, 8),
        Figure.HIPPO: (3, 8),
        Figure.HEN: (4, 9),
        Figure.DUCK: (4, 9),
        Figure.CAT: (5, 10),
        Figure.BEAR: (5, 10),
    }
    deck = Deck.default()
    for figure, numbers in pairs.items():
        faces = [face for face in deck.faces() if face.figure is figure]
        assert [face.number for face in faces] == list(numbers)
        assert [deck.count(face) for face in faces] == [2, 2]


def test_the_default_deck_marks_the_owl_as_a_placeholder() -> None:
    assert Deck.default().placeholders == (Figure.OWL,)


def test_the_default_deck_counts_faces_that_do_not_exist_as_zero() -> None:
    deck = Deck.default()
    assert deck.count(Card.parse("3fish")) == 0
    assert deck.count(Card.parse("3bee")) == 2


def test_the_default_deck_lists_every_face_once_in_card_order() -> None:
    faces = Deck.default().faces()
    assert len(faces) == len(set(faces)) == 10 + 20 + 4
    assert faces == sorted(faces)


def test_loading_the_default_deck_file_gives_the_default_deck(tmp_path: Path) -> None:
    assert Deck.load(write(tmp_path / "deck.json", default_document())) == Deck.default()


def test_a_deck_file_may_name_figures_in_any_accepted_language(tmp_path: Path) -> None:
    document = with_cards({"3bee": None, "10bear": None, "3ape": 2, "10Bär": 2})
    assert Deck.load(write(tmp_path / "deck.json", document)).counts == Deck.default().counts


def test_a_deck_without_the_placeholder_figure_is_used_by_the_referee_and_the_solver(tmp_path: Path) -> None:
    document = with_cards({"2owl": None, "7owl": None, "2fish": 4, "7fish": 4}, placeholders=[])
    deck = Deck.load(write(tmp_path / "no_owl.json", document))
    assert deck.count(Card.parse("2fish")) == 4
    three_fish = Chain.parse("2fish + 2fish + 2fish")
    assert check(Card.parse("6"), three_fish, deck=deck).legal
    assert [str(one) for one in solve(Card.parse("6"), three_fish.cards, deck=deck).calculations[0].cards] == [
        "2fish",
        "2fish",
        "2fish",
    ]
    with pytest.raises(UnknownCardError, match="2fish appears 3 times but the deck has only 2"):
        check(Card.parse("6"), three_fish)
    with pytest.raises(UnknownCardError, match="2owl is not in the deck; no card shows the figure owl"):
        check(Card.parse("2"), Chain.parse("2owl"), deck=deck)


# --------------------------------------------------------------------------- bad deck files

BAD_DECKS = [
    pytest.param(with_cards({"3": None}), ["88 cards", "92"], id="too-few-cards"),
    pytest.param(with_cards({"3": 5}), ["93 cards", "92"], id="too-many-cards"),
    pytest.param(with_cards({"3": 5, "3bee": 1}), ["41 symbol cards", "40"], id="wrong-split-of-kinds"),
    pytest.param(with_cards({"Jnumber": 4, "Jboth": 2}), ["4 Jnumber", "3 of each joker"], id="wrong-joker-count"),
    pytest.param(with_cards({"3": 3, "3unicorn": 1}), ["'3unicorn'", "unknown figure 'unicorn'"], id="unknown-figure"),
    pytest.param(with_cards({"3ape": 1}), ["'3bee'", "'3ape'", "same card"], id="duplicate-alias"),
    pytest.param(with_cards({"3Biene": 1}), ["'3bee'", "'3Biene'", "same card"], id="duplicate-german-alias"),
    pytest.param(with_cards({"11": 4}), ["'11'", "1 to 10"], id="number-out-of-range"),
    pytest.param(with_cards({"3": 0}), ["'3'", "whole number"], id="zero-copies"),
    pytest.param(with_cards({"3": "4"}), ["'3'", "whole number"], id="copies-as-text"),  # type: ignore[dict-item]
    pytest.param(with_cards({"3": True}), ["'3'", "whole number"], id="copies-as-boolean"),
    pytest.param(with_cards({"3": 3, "3x": 1}), ["'3x'"], id="bad-card-notation"),
    pytest.param(with_cards({}, placeholders="owl"), ["'placeholders'", "list"], id="placeholders-not-a-list"),
    pytest.param(with_cards({}, placeholders=["unicorn"]), ["'unicorn'"], id="unknown-placeholder"),
    pytest.param(
        with_cards({"2owl": None, "7owl": None, "2fish": 4, "7fish": 4}),
        ["'owl'", "not on any card"],
        id="placeholder-not-on-any-card",
    ),
    pytest.param(with_cards({}, name=3), ["'name'", "text"], id="name-not-text"),
    pytest.param([], ["'cards'", "object"], id="not-an-object"),
    pytest.param({"name": "no cards"}, ["'cards'", "object"], id="no-cards"),
]


@pytest.mark.parametrize(("document", "fragments"), BAD_DECKS)
def test_a_bad_deck_file_is_refused_with_a_message_naming_the_file_and_the_fault(
    tmp_path: Path, document: Any, fragments: list[str]
) -> None:
    path = write(tmp_path / "house_deck.json", document)
    with pytest.raises(DeckError) as caught:
        Deck.load(path)
    message = str(caught.value)
    assert "house_deck.json" in message
    for fragment in fragments:
        assert fragment in message


@pytest.mark.parametrize(("document", "fragments"), BAD_DECKS)
def test_a_bad_deck_mapping_is_refused_with_a_message_naming_the_fault(document: Any, fragments: list[str]) -> None:
    with pytest.raises(DeckError) as caught:
        Deck.from_mapping(document)
    for fragment in fragments:
        assert fragment in str(caught.value)


def test_a_deck_file_that_is_not_json_is_refused_with_the_line_of_the_fault(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{\n  "cards": {"3": 4,}\n}', encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        Deck.load(path)
    assert "broken.json" in str(caught.value)
    assert "not valid JSON" in str(caught.value)
    assert "line 2" in str(caught.value)


def test_a_missing_deck_file_is_refused_naming_the_path(tmp_path: Path) -> None:
    with pytest.raises(DeckError) as caught:
        Deck.load(tmp_path / "nowhere.json")
    assert "nowhere.json" in str(caught.value)
    assert "cannot be read" in str(caught.value)


def test_a_directory_is_not_a_deck_file(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="cannot be read"):
        Deck.load(tmp_path)


def test_deck_errors_are_value_errors_with_a_code() -> None:
    with pytest.raises(DeckError) as caught:
        Deck.from_json_text("[")
    assert isinstance(caught.value, NambarzError)
    assert isinstance(caught.value, ValueError)
    assert caught.value.code == "invalid-deck"


# --------------------------------------------------------------------------- cards the deck does not have


@pytest.mark.parametrize(
    ("hand", "fragments"),
    [
        pytest.param("3fish", ["3fish is not in the deck", "fish cards are 2fish, 7fish"], id="figure-on-wrong-number"),
        pytest.param("3pesce", ["3fish is not in the deck"], id="figure-on-wrong-number-italian"),
        pytest.param("11", ["11 is not in the deck"], id="number-above-ten"),
        pytest.param("5 5 5 5 5", ["5 appears 5 times", "only 4"], id="symbol-copies-over-four"),
        pytest.param("3bee 3ape 3Biene", ["3bee appears 3 times", "only 2"], id="figure-copies-over-two"),
        pytest.param("Jboth Jboth Jboth Jboth", ["Jboth appears 4 times", "only 3"], id="joker-copies-over-three"),
    ],
)
def test_a_card_the_deck_lacks_is_an_unknown_card_naming_it(hand: str, fragments: list[str]) -> None:
    with pytest.raises(UnknownCardError) as caught:
        Deck.default().require(parse_cards(hand), what="hand")
    assert str(caught.value).startswith("hand: ")
    for fragment in fragments:
        assert fragment in str(caught.value)


def test_the_referee_counts_the_top_card_with_the_play() -> None:
    assert check(Card.parse("3bee"), Chain.parse("3bee")).legal
    with pytest.raises(UnknownCardError, match="3bee appears 3 times but the deck has only 2"):
        check(Card.parse("3bee"), Chain.parse("3ape + 3Biene"))


def test_the_solver_counts_the_top_card_with_the_hand() -> None:
    with pytest.raises(UnknownCardError, match="1 appears 5 times but the deck has only 4"):
        solve(Card.parse("1"), parse_cards("1 1 1 1"))
    with pytest.raises(UnknownCardError, match="3fish is not in the deck"):
        solve(Card.parse("3"), parse_cards("1 3fish"))


def test_unknown_card_errors_are_value_errors_with_a_code() -> None:
    with pytest.raises(UnknownCardError) as caught:
        Deck.default().require([Card.parse("11")], what="hand")
    assert isinstance(caught.value, NambarzError)
    assert caught.value.code == "unknown-card"

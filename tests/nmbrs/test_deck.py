"""The Nmbrs! deck (rules 1–2): the shipped placeholder deck and the loader's refusals."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from solver.errors import CardNotationError, DeckError
from solver.nmbrs import JOKER, Card, Colour, NmbrsDeck, RuleSet
from solver.nmbrs.cards import parse_cards
from tests.paths import REPOSITORY

DECK_FILE = REPOSITORY / "solver" / "nmbrs" / "data" / "default_deck.json"


def default_document() -> dict[str, Any]:
    return NmbrsDeck.default().to_dict()


def test_the_default_deck_has_104_cards_and_is_marked_as_a_placeholder() -> None:
    deck = NmbrsDeck.default()
    assert deck.size == 104
    assert deck.placeholder
    assert "PLACEHOLDER" in deck.note
    assert len(deck.cards(RuleSet.BASIC)) == 104
    assert Counter(deck.cards(RuleSet.BASIC))[JOKER] == 4


def test_the_shipped_file_says_placeholder_in_its_own_words() -> None:
    document = json.loads(DECK_FILE.read_text(encoding="utf-8"))
    assert document["placeholder"] is True
    assert document["note"].startswith("PLACEHOLDER")


def test_every_card_has_one_of_four_colours_and_one_two_or_three_points() -> None:
    deck = NmbrsDeck.default()
    assert {deck.colour(Card(number)) for number in range(1, 101)} == set(Colour)
    assert {deck.points(Card(number)) for number in range(1, 101)} == {1, 2, 3}
    assert (deck.points(JOKER), deck.colour(JOKER)) == (0, None)


def test_the_placeholder_scheme_cycles_colours_and_rates_numbers_by_difficulty() -> None:
    deck = NmbrsDeck.default()
    colours = [deck.colour(card) for card in parse_cards("1 2 3 4 5")]
    assert colours == [Colour.RED, Colour.GREEN, Colour.BLUE, Colour.ORANGE, Colour.RED]
    assert [deck.points(card) for card in parse_cards("7 35 97 31 12 29")] == [1, 1, 3, 3, 2, 2]


def test_the_simplified_version_uses_cards_1_to_50_and_the_jokers() -> None:
    cards = NmbrsDeck.default().cards(RuleSet.SIMPLIFIED)
    assert len(cards) == 54
    assert max(card.number for card in cards if card.number is not None) == 50


def test_a_deck_file_round_trips_and_may_drop_the_placeholder_mark(tmp_path: Path) -> None:
    document = {**default_document(), "placeholder": False, "name": "real deck"}
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    deck = NmbrsDeck.load(path)
    assert (deck.name, deck.placeholder) == ("real deck", False)
    assert deck.to_dict() == document


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("cards"), "must be an object with a 'cards' object"),
        (lambda d: d["cards"].pop("17"), "has no card 17"),
        (lambda d: d["cards"].update({"101": {"colour": "red", "points": 1}}), "'101' is not a card number"),
        (lambda d: d["cards"].update({"07": {"colour": "red", "points": 1}}), "'07' is not a card number"),
        (lambda d: d["cards"]["5"].update({"colour": "purple"}), "card 5: colour 'purple' is not one of"),
        (lambda d: d["cards"]["5"].update({"points": 4}), "card 5: points must be 1, 2 or 3"),
        (lambda d: d["cards"]["5"].update({"points": 1.0}), "card 5: points must be 1, 2 or 3"),
        (lambda d: d["cards"]["5"].pop("points"), "card 5 must be an object with exactly 'colour' and 'points'"),
        (lambda d: d.update({"jokers": 5}), "'jokers' must be 4"),
        (lambda d: d.update({"placeholder": "yes"}), "'placeholder' must be true or false"),
        (lambda d: d.update({"name": 3}), "'name' and 'note' must be text"),
    ],
)
def test_a_bad_deck_is_refused_naming_the_fault(change: Any, message: str) -> None:
    document = default_document()
    change(document)
    with pytest.raises(DeckError, match=message):
        NmbrsDeck.from_mapping(document)


def test_unreadable_deck_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="cannot be read"):
        NmbrsDeck.load(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(DeckError, match="is not valid JSON"):
        NmbrsDeck.load(broken)


@pytest.mark.parametrize("text", ["0", "101", "-3", "３", "²", "J1", "", "1.0"])
def test_cards_outside_1_to_100_or_j_are_refused(text: str) -> None:
    with pytest.raises(CardNotationError, match="is not an Nmbrs! card"):
        Card.parse(text)


@pytest.mark.parametrize("value", [True, 2.5, None, [1], -1])
def test_json_cards_must_be_whole_numbers_or_text(value: Any) -> None:
    with pytest.raises(CardNotationError):
        Card.read(value)

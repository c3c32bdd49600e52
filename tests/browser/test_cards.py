"""Cards on a phone: drawn as cards, in rows that wrap without scrolling sideways, their words whole and inside them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import ACTION_TIMEOUT_MS, SIZES, Browse
from tests.browser.test_play import at_table, start_game
from tutor.i18n import SUPPORTED_LANGUAGES

CARD_WORDS = """(root) => Array.from(root.querySelectorAll("svg.card-art.nambarz")).map((card) => ({
  name: card.getAttribute("aria-label"),
  written: Array.from(card.querySelectorAll("text")).map((line) => line.textContent).join(" ").replaceAll("- ", "-"),
}))"""
"""Each Nambarz card's name and the words written on it, its lines joined as one text."""

OUTSIDE_THEIR_CARD = """(root) => Array.from(root.querySelectorAll("svg.card-art")).flatMap((card) => {
  const edge = card.getBoundingClientRect();
  return Array.from(card.querySelectorAll("text"))
    .filter((line) => {
      const box = line.getBoundingClientRect();
      return box.left < edge.left - 0.5 || box.right > edge.right + 0.5;
    })
    .map((line) => `${card.getAttribute("aria-label")}: ${line.textContent}`);
})"""
"""The lines of text wider than the card they are written on."""

ROWS = """(cards) => new Set(cards.map((card) => Math.round(card.getBoundingClientRect().top))).size"""
"""How many rows the cards lie in."""


@pytest.fixture
def phone(browser: Any, server_url: str) -> Iterator[Browse]:
    """A fresh tab the size of a phone (360 × 740)."""
    context = browser.new_context(viewport=SIZES["phone"], locale="en-GB")
    context.set_default_timeout(ACTION_TIMEOUT_MS)
    yield Browse(context.new_page(), server_url)
    context.close()


def assert_cards_fit(browse: Browse, cards: Any) -> None:
    """The page does not scroll sideways; every card's words are inside it; every card is at least a touch wide."""
    browse.assert_fits_width()
    page = browse.page
    assert page.evaluate(OUTSIDE_THEIR_CARD, page.locator("body").element_handle()) == []
    boxes = [card.bounding_box() for card in cards.all()]
    assert boxes and all(box["width"] >= 44 and box["height"] >= 44 for box in boxes)


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_the_card_keyboard_wraps_its_cards_on_a_phone_each_named_with_its_words_whole(phone: Browse, lang: str) -> None:
    page = phone.open(f"/nambarz/check?lang={lang}")
    keyboard = page.locator(".card-keyboard")
    keyboard.wait_for(state="visible")
    keys = keyboard.locator("button.card-key")
    assert page.evaluate(ROWS, keys.element_handles()) > 3
    assert_cards_fit(phone, keys)
    for card in page.evaluate(CARD_WORDS, keyboard.element_handle()):
        assert card["written"] == card["name"], card
    hippo = {"en": "3 hippo", "it": "3 ippopotamo", "de": "3 Nilpferd", "fr": "3 hippopotame"}[lang]
    assert keyboard.get_by_role("button", name=hippo, exact=True).locator("svg.card-art.nambarz.figure").count() == 1


def test_a_nambarz_hand_is_sorted_and_wraps_in_rows_of_cards_on_a_phone(phone: Browse) -> None:
    page = start_game(phone, [("human", "Ann"), ("planner", "Bea"), ("planner", "Cid")])
    page.locator("a[data-join]").click()
    at_table(page)
    cards = page.locator(".hand svg.card-art:visible")
    kinds = [card.get_attribute("class").split()[-1] for card in cards.all()]
    assert len(kinds) == 7 and kinds == sorted(kinds, key=["symbol", "figure", "joker"].index)
    assert page.evaluate(ROWS, cards.element_handles()) > 1
    assert_cards_fit(phone, cards)
    top = page.locator(".top-line svg.card-art")
    assert top.get_attribute("role") == "img" and top.get_attribute("aria-label")
    assert top.bounding_box()["y"] + top.bounding_box()["height"] <= page.evaluate("document.body.scrollHeight")


@pytest.mark.parametrize(
    ("game", "bot", "cards"),
    [
        ("thegame", "strong", ".hand .card-option"),
        ("quando", "strong", ".hand .card-option, .hand .hand-cards li"),
        ("nmbrs", "greedy", ".hand .hand-cards li"),
    ],
)
def test_the_sibling_games_show_their_hands_as_cards_that_fit_a_phone(
    phone: Browse, game: str, bot: str, cards: str
) -> None:
    page = start_game(phone, [("human", "Ann"), (bot, "Bot")], game=game, seed=3)
    page.locator("a[data-join]").click()
    at_table(page)
    hand = page.locator(cards)
    assert hand.count() > 1
    assert_cards_fit(phone, hand)
    names = [card.get_attribute("aria-label") for card in page.locator(".hand svg.card-art").all()]
    assert len(names) == hand.count() and all(names)

"""The "How to play" pages: one per game and language, cards drawn with their names, every example checked by the
game's referee, no code to read, and the ways to them from the home page, the start form and every table."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.browser.visible_codes import described, leaks
from tests.web.readable import readable
from tests.web.test_play_pages import seated
from tutor.i18n import SUPPORTED_LANGUAGES, translator
from web.games import PAGES
from web.howto import Example
from web.language import choose_language

GAMES = PAGES.names
TITLES = {"nambarz": "Nambarz", "thegame": "The Game", "quando": "Quando", "nmbrs": "Nmbrs!"}
HEADINGS = {
    "it": "Come si gioca a %(game)s",
    "de": "So spielt man %(game)s",
    "en": "How to play %(game)s",
    "fr": "Comment jouer à %(game)s",
}
"""The page's heading in each language, written out here so that a missing translation fails."""


def examples_of(app: Flask, game: str, lang: str) -> dict[str, Any]:
    """A game's examples, judged as its page judges them, in ``lang``."""
    how = PAGES.find(game).how_to_play
    assert how is not None
    with app.test_request_context(f"/?lang={lang}"):
        choose_language()
        return dict(how.examples(lang))


def worked(found: dict[str, Any]) -> dict[str, Example]:
    return {name: example for name, example in found.items() if isinstance(example, Example)}


@pytest.mark.parametrize("game", GAMES)
def test_every_worked_example_is_judged_by_the_referee_as_the_page_says(app: Flask, game: str) -> None:
    examples = worked(examples_of(app, game, "en"))
    assert examples, f"{game} has no worked example"
    wrong = {name: example.legal for name, example in examples.items() if not example.agrees}
    assert not wrong, f"{game}: the referee says otherwise of {wrong}"
    assert any(example.legal for example in examples.values())
    assert any(not example.legal for example in examples.values())


def test_the_nambarz_examples_quote_what_the_referee_worked_out(app: Flask) -> None:
    found = examples_of(app, "nambarz", "en")
    assert found["left_to_right"].facts["steps"] == ["9 − 1 = 8", "8 ÷ 2 = 4"]
    assert found["left_to_right"].facts["value"] == "4"
    fewer = found["fewer_cards"].facts
    assert (fewer["smaller"], fewer["stays"], fewer["returned"], fewer["penalty"]) == ("6 − 2", 2, 2, 3)
    assert found["matching_in_calculation"].facts["stays"] == 1
    wrong = found["wrong_result"].facts
    assert (wrong["value"], wrong["stays"], wrong["penalty"]) == ("7", 0, 3), "the cards go back: no other order works"
    master = found["master_stroke"].facts
    assert (len(master["cards"]), master["value"], master["master_points"]) == (4, "5", 7)
    assert found["replay"].facts["replayed_on"] == "3"
    assert found["master_points"] == [(4, 7), (5, 14), (6, 21)]


def test_the_game_examples_quote_what_the_referee_worked_out(app: Flask) -> None:
    found = examples_of(app, "thegame", "en")
    assert found["backwards_up"].facts["cards"][0] == found["backwards_up"].facts["tops"][0] - 10
    assert found["backwards_down"].facts["cards"][0] == found["backwards_down"].facts["tops"][0] + 10
    assert found["too_few"].facts["minimum"] == 2
    assert found["wrong_way"].facts["cards"][0] < found["wrong_way"].facts["tops"][0]
    assert [size for _, size in found["hand_sizes"]] == [8, 7, 6, 6, 6]


def test_quando_examples_quote_what_the_referee_worked_out(app: Flask) -> None:
    found = examples_of(app, "quando", "en")
    assert found["straight"].facts["kind"] == "straight"
    assert found["triple"].facts["kind"] == "triple"
    assert found["pair"].facts["numbers"] == [5, 5]
    assert found["knock_alone"]["points"] == {"Anna": 0, "Ben": 11, "Carla": 6, "Dario": 4}
    assert found["knock_tied"]["points"] == {"Anna": 9, "Ben": 12, "Carla": 7, "Dario": 0}


def test_nmbrs_examples_quote_what_the_referee_worked_out(app: Flask) -> None:
    found = examples_of(app, "nmbrs", "en")
    assert found["joker"].facts["stands_for"] == [10]
    doubled = {name: found[name].facts["doubling"] for name in ("one_colour", "all_colours", "mixed_colours")}
    assert doubled == {"one_colour": "one colour", "all_colours": "all different colours", "mixed_colours": None}
    assert [found[name].facts["points"] for name in doubled] == [8, 6, 3]


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_page_shows_the_rules_with_cards_and_checked_examples(client: FlaskClient, game: str, lang: str) -> None:
    page = client.get(f"/{game}/how-to-play?lang={lang}")
    assert page.status_code == 200
    heading = HEADINGS[lang] % {"game": TITLES[game]}
    assert f"<h1>{html.escape(heading)}</h1>" in page.text
    assert f"<title>{html.escape(heading)} · Nambarz</title>" in page.text
    cards = re.findall(r'<svg class="card-art[^"]*"[^>]*role="img" aria-label="([^"]+)"', page.text)
    assert len(cards) >= 10, "the cards are drawn as cards"
    assert all(name.strip() for name in cards)
    said = re.findall(r'data-said-legal="(\w+)" data-legal="(\w+)"', page.text)
    assert len(said) >= 5
    assert all(words == referee for words, referee in said), "every example's mark is the referee's"
    text = readable(page.text)
    found = leaks(text, lang, game)
    assert not found, f"codes a person can read on {game}'s page ({lang}):\n{described(found)}"
    assert "%(" not in text and "msgid" not in text


@pytest.mark.parametrize("game", GAMES)
def test_the_page_has_contents_that_jump_to_its_sections(client: FlaskClient, game: str) -> None:
    page = client.get(f"/{game}/how-to-play?lang=en").text
    contents = re.search(r'<nav class="howto-contents".*?</nav>', page, re.S)
    assert contents is not None
    targets = re.findall(r'href="#([\w-]+)"', contents.group(0))
    assert len(targets) >= 6
    for target in targets:
        assert f'<section class="howto-section" id="{target}"' in page


@pytest.mark.parametrize("game", GAMES)
def test_the_page_links_to_play_the_game_and_to_its_check_page(client: FlaskClient, game: str) -> None:
    page = client.get(f"/{game}/how-to-play?lang=de").text
    assert f'href="/play?game={game}&amp;lang=de" data-howto-play' in page
    assert f'href="/{game}/check?lang=de" data-howto-check' in page
    start = client.get(f"/play?game={game}&lang=de").text
    assert f'<option value="{game}" selected>' in start


@pytest.mark.parametrize("game", GAMES)
def test_the_start_form_links_to_the_chosen_game_s_page(client: FlaskClient, game: str) -> None:
    page = client.get(f"/play?game={game}&lang=it").text
    link = re.search(r'<a href="([^"]+)" data-how-to-play>([^<]+)</a>', page)
    assert link is not None
    assert html.unescape(link.group(1)) == f"/{game}/how-to-play?lang=it"
    assert html.unescape(link.group(2)) == HEADINGS["it"] % {"game": TITLES[game]}


@pytest.mark.parametrize("game", GAMES)
def test_every_table_links_to_its_game_s_page(client: FlaskClient, game: str) -> None:
    seat = seated(client, game)
    page = seat.page("fr").text
    link = re.search(r'<a href="([^"]+)" data-how-to-play>([^<]+)</a>', page)
    assert link is not None
    assert html.unescape(link.group(1)) == f"/{game}/how-to-play?lang=fr"
    assert html.unescape(link.group(2)) == HEADINGS["fr"] % {"game": TITLES[game]}


def test_the_home_page_lists_every_game_s_page(client: FlaskClient) -> None:
    page = client.get("/?lang=en").text
    for game in GAMES:
        assert f'href="/{game}/how-to-play?lang=en"><strong>How to play {html.escape(TITLES[game])}</strong>' in page


def test_the_headings_here_are_the_catalogs(app: Flask) -> None:
    for lang in SUPPORTED_LANGUAGES:
        assert translator(lang, "web").gettext("How to play %(game)s") == HEADINGS[lang]

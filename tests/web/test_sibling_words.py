"""No code on the pages of The Game, Quando and Nmbrs!, nor on the shared play pages, in any language.

Each page is read as a person reads it (:mod:`tests.web.readable`): codes may
stay in ``data-*`` attributes, the values machines read and the one collapsed
block for referees, never in the words.  The codes are the project's own
(:mod:`tests.browser.visible_codes`).  The browser walk covers the same pages
in Chromium; these tests say which page and which words, quickly.
"""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.browser.visible_codes import described, leaks
from tests.web.readable import readable
from tests.web.test_play_pages import Seat, listed_moves, seated, version_of
from tutor.i18n import SUPPORTED_LANGUAGES

CHECK_PAGES = {
    "thegame": [
        "/thegame/check",
        "/thegame/check?asc1=47&asc2=1&desc1=65&desc2=100&hand=37+75+12&draw_pile=50&play=37%3Easc1+75%3Edesc1",
        "/thegame/check?asc1=47&asc2=1&desc1=65&desc2=100&hand=37+75+12&draw_pile=50&play=37%3Easc1+12%3Easc1",
        "/thegame/check?asc1=47&asc2=1&desc1=65&desc2=100&hand=37+75+12&draw_pile=50&card=37&pile=desc2",
        "/thegame/check?asc1=44&asc2=1&desc1=100&desc2=100&hand=30+80+50&draw_pile=50&on_fire=true&fire_due=asc1"
        "&play=30%3Easc2+80%3Edesc1",
        "/thegame/check?asc1=47&asc2=1&desc1=65&desc2=100&hand=37+75+12&draw_pile=50&play=37asc1",
    ],
    "quando": [
        "/quando/check",
        "/quando/check?hand=3+4+5+9+0+0+7&plays_made=1&play=3+4+5",
        "/quando/check?hand=3+4+5+9+0+0+7&plays_made=1&play=3+5",
        "/quando/check?hand=3+4+5+9+0+0+7&plays_made=0&knock=true",
        "/quando/check?hand=3+4+5+9+0+0+7&plays_made=2&knock=true&last_round=true",
    ],
    "nmbrs": [
        "/nmbrs/check",
        "/nmbrs/check?sequence=10+J+30+40&rules=basic",
        "/nmbrs/check?sequence=14+20+26&rules=advanced",
        "/nmbrs/check?sequence=10+20&rules=basic",
    ],
}
"""The sibling games' check pages: empty, and with legal and illegal verdicts."""

MOVES = 12
"""How many of the person's moves a game is played for, its table read after each."""


ADDRESS = re.compile(r"https?://\S+")
"""A link to copy (a seat's), which a person copies whole, not reads: its random token may look like notation."""


def assert_no_code(response: TestResponse, lang: str, game: str | None, where: str) -> None:
    found = leaks(ADDRESS.sub("", readable(response.text)), lang, game)
    assert not found, f"codes a person can read on {where} ({lang}):\n{described(found)}"


def in_language(address: str, lang: str) -> str:
    return f"{address}{'&' if '?' in address else '?'}lang={lang}"


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize("game", list(CHECK_PAGES))
def test_the_check_pages_show_no_code(client: FlaskClient, game: str, lang: str) -> None:
    for address in CHECK_PAGES[game]:
        response = client.get(in_language(address, lang))
        assert response.status_code in (200, 422), address
        assert_no_code(response, lang, game, address)


THEGAME_POSITION = "/thegame/check?asc1=47&asc2=1&desc1=65&desc2=100&hand=37+75+12&draw_pile=50"
THEGAME_ILLEGAL_INPUTS = [
    f"{THEGAME_POSITION}&card=37&pile=asc1&card=3.5&pile=asc1",
    f"{THEGAME_POSITION}&card=-3&pile=desc2",
    f"{THEGAME_POSITION}&card=150&pile=asc2",
    f"{THEGAME_POSITION}&card=37&pile=",
    f"{THEGAME_POSITION}&card=&pile=desc1",
    f"{THEGAME_POSITION}&play=37%3Easc1&on_fire=1&fire_due=asc1&fire_due=asc1",
    f"{THEGAME_POSITION}&play=37%3Easc1&on_fire=1&fire_due=desc2",
    f"{THEGAME_POSITION}&play=37%3Easc1&fire_due=asc2",
    f"{THEGAME_POSITION}&play=12%3Easc1+75%3Edesc2+37%3Edesc1",
    f"{THEGAME_POSITION}&card=12&pile=asc1&card=37&pile=asc2&card=75&pile=desc2",
]
"""The Game's check page given what it refuses or judges illegal: bad card rows, fire cards, wrong directions."""

PILE_ID = re.compile(r"\b(?:asc|desc)\s*[12]\b", re.IGNORECASE)
"""A pile named by its id, in any letter case, as ``asc1`` or ``DESC 2``."""


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize("address", THEGAME_ILLEGAL_INPUTS)
def test_the_game_check_page_names_no_pile_by_its_id_on_illegal_input(
    client: FlaskClient, address: str, lang: str
) -> None:
    response = client.get(in_language(address, lang))
    assert response.status_code in (200, 422), address
    text = ADDRESS.sub("", readable(response.text))
    assert not leaks(text, lang, game="thegame"), described(leaks(text, lang, game="thegame"))
    assert not PILE_ID.findall(text), (address, PILE_ID.findall(text))


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_verdict_keeps_its_codes_in_one_collapsed_block_for_referees(client: FlaskClient, lang: str) -> None:
    response = client.get(in_language(CHECK_PAGES["thegame"][2], lang))
    section = response.text[response.text.index('<section id="verdict"') :]
    assert section.count('<details class="for-referees">') == 1
    referees = section[section.index('<details class="for-referees">') :]
    assert "<code>wrong-direction</code>" in referees and "<code>12&gt;asc1</code>" in referees
    assert '<details class="why">' in section


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_the_start_page_and_the_error_pages_show_no_code(client: FlaskClient, lang: str) -> None:
    for address in ("/play", "/play?game=thegame", "/play?game=quando", "/play?game=nmbrs", "/no-such-page"):
        assert_no_code(client.get(in_language(address, lang)), lang, None, address)
    refused = client.post(in_language("/play", lang), data={"game": "chess"})
    assert_no_code(refused, lang, None, "a refused form")
    assert not re.search(r"\b[45]\d\d\b", readable(refused.text))


def play_on(seat: Seat, lang: str, game: str) -> None:
    """Play the person's first offered move, an illegal one first, reading the table after each, then the log."""
    page = seat.page(lang)
    illegal = {"thegame": {"action": "end"}, "quando": {"action": "knock"}, "nmbrs": {"action": "discard 99"}}
    refused = seat.act(version_of(page), lang, **illegal[game])
    assert_no_code(refused, lang, game, "the table after an illegal move")
    for move in range(MOVES):
        page = seat.page(lang)
        assert_no_code(page, lang, game, f"the table before move {move + 1}")
        moves = listed_moves(page)
        if not moves:
            break
        played = seat.act(version_of(page), lang, action=moves[-1])
        assert_no_code(played, lang, game, f"the table after move {move + 1}")
    for step in range(0, version_of(seat.page(lang)) + 1, 3):
        log = seat.client.get(f"{seat.table}/log?step={step}&lang={lang}")
        assert_no_code(log, lang, game, f"the log at step {step}")


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize("game", ["thegame", "quando", "nmbrs"])
def test_a_game_at_the_table_its_log_and_review_show_no_code(client: FlaskClient, game: str, lang: str) -> None:
    seat = seated(client, game, language=lang)
    assert_no_code(client.get(f"/play/{seat.game_id}?lang={lang}"), lang, game, "the seats' links")
    play_on(seat, lang, game)
    assert_no_code(client.get(f"{seat.table}/review?lang={lang}"), lang, game, "the review")

"""Nambarz's pages in it/de/en/fr show words, never codes: cards, jokers, rules and verdicts said as people say them."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from flask.testing import FlaskClient

from solver.nambarz.notation import parse_play
from tests.web.nambarz_words import shown_codes
from tests.web.pages import verdict_of
from tests.web.readable import readable
from tests.web.test_play_pages import listed_moves, seated, version_of
from tutor.i18n import SUPPORTED_LANGUAGES
from tutor.rendering import render_words

PAGES = {
    "solve": "/solve?" + urlencode({"top": "3bee", "hand": "10 4 2 7fish 8bee Jreplay Jboth"}),
    "solve-to-draw": "/solve?" + urlencode({"top": "3bee", "hand": "7fish 9"}),
    "practice-wrong": "/practice?level=2&seed=7&number=1&answer=5+%2B+2",
    "practice-right": "/practice?level=2&seed=7&number=1&answer=4+*+2",
    "practice-hints": "/practice?level=5&seed=3&number=3&hints=3",
    "practice-referee": "/practice?level=2&seed=7&number=3&answer=not-legal&reason=not-minimal",
    "check-form": "/nambarz/check",
    "check-a-joker-on-top": "/nambarz/check?" + urlencode({"top": "Jnumber", "turn": "9hen - 6"}),
}
"""Pages of Nambarz, each with cards, jokers or verdicts to say in words."""


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize("path", PAGES.values(), ids=PAGES.keys())
def test_a_nambarz_page_shows_no_code(client: FlaskClient, path: str, lang: str) -> None:
    page = client.get(f"{path}&lang={lang}" if "?" in path else f"{path}?lang={lang}")
    assert page.status_code in (200, 422)
    assert shown_codes(readable(page.text), lang) == []


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_practice_speaks_of_the_exercise_never_of_a_game_s_penalty(client: FlaskClient, lang: str) -> None:
    page = readable(client.get(f"/practice?level=2&seed=7&number=1&answer=5+%2B+2&lang={lang}").text)
    penalties = {"en": "draw 3", "it": "peschi 3", "de": "ziehst 3", "fr": "pioches 3"}
    assert penalties[lang] not in page
    assert {"en": "Try again.", "it": "Riprova.", "de": "Versuch es noch einmal.", "fr": "Essaie encore."}[lang] in page


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_verdict_starts_short_and_keeps_the_rule_behind_why(client: FlaskClient, lang: str) -> None:
    page = client.get("/nambarz/check?" + urlencode({"top": "3bee", "play": "6 + 5 + 2 - 10", "lang": lang})).text
    verdict = page[page.index('id="verdict"') :]
    short = verdict.index('<p class="short">')
    why = verdict.index('<details class="why">')
    assert short < why
    assert "III.2" not in verdict[short:why] and "III.2" in verdict[why:]


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_a_move_written_in_the_page_s_words_is_played_and_the_table_shows_no_code(
    client: FlaskClient, lang: str
) -> None:
    seat = seated(client, "nambarz", ["human", "careless"], seed=3)
    page = seat.page(lang)
    move = next(move for move in listed_moves(page) if " " in move)
    written = render_words(parse_play(move), lang)
    answer = seat.act(version_of(page), lang=lang, action=written)
    assert answer.status_code == 200, answer.text
    assert verdict_of(answer)[0] == "true"
    assert shown_codes(readable(answer.text), lang) == []
    log = client.get(f"{seat.table}/log?step=1&lang={lang}")
    assert written in readable(log.text)

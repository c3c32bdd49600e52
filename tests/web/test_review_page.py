"""The review of a game played on the pages, as a child reads it, in every game and every language.

Each turn is numbered as the seat's own ("Your turn 1, 2, 3 …"; the number
counting every seat's turns stays in ``data-turn`` for machines), shows what
the seat held and saw and what it played as cards drawn with their names in
words, says in one short sentence how the turn went, praising only the best
and the good, and draws the better turn where there was one.  No notation and
no code reaches the words (:mod:`tests.web.readable`,
:mod:`tests.browser.visible_codes`).  A long review is read a page at a time.
"""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from solver.nambarz.cards import Kind
from tests.browser.visible_codes import described, leaks
from tests.web.readable import readable
from tests.web.test_play_pages import GAMES, Seat, engine_state, listed_moves, seated, version_of
from tutor.i18n import SUPPORTED_LANGUAGES, translator

CARD = re.compile(r'<svg class="card-art (\w+) [\w -]+" viewBox="0 0 60 84" role="img" aria-label="([^"]+)">')
"""A card drawn: its game and its name."""

TURN = re.compile(
    r'<li class="review-turn[^"]*" id="turn-\d+" data-mark="([^"]+)" data-turn="(\d+)" '
    r'data-player-turn="(\d+)">(.*?)</li>\s*(?=<li class="review-turn|</ol>)',
    re.S,
)
"""A reviewed turn on the page: its mark, its number among every seat's turns, the seat's own, and its content."""

NOTATION = re.compile(r"\*|(?<=\s)/(?=\s)|\d+@\d|\d+>[a-z]")
"""Signs of the games' notation that a person never reads: ``*`` or ``/`` for an operator, places, placements."""


def played_badly(client: FlaskClient, game: str, lang: str, moves: int = 12, pick: int = 0) -> Seat:
    """A game of ``game`` for a person and a bot, its person playing the move listed at ``pick`` for ``moves`` moves:
    the first (a draw, a pass, a knock, a discard …) misses better turns in every game."""
    seat = seated(client, game, language=lang)
    for _ in range(moves):
        page = seat.page(lang)
        offered = listed_moves(page)
        if 'data-your-turn="true"' not in page.text or not offered:
            break
        seat.act(version_of(page), lang, action=offered[pick])
    return seat


def turns_of(page: str) -> list[tuple[str, int, int, str]]:
    return [(mark, int(turn), int(own), content) for mark, turn, own, content in TURN.findall(page)]


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_a_child_follows_the_review_in_every_game_and_language(client: FlaskClient, game: str, lang: str) -> None:
    seat = played_badly(client, game, lang)
    page = client.get(f"{seat.table}/review?lang={lang}")
    assert page.status_code == 200 and f'<html lang="{lang}">' in page.text
    turns = turns_of(page.text)
    assert len(turns) >= 2, "the person finished turns"
    own_numbers = [own for _mark, _turn, own, _content in turns]
    assert own_numbers == list(range(1, len(turns) + 1)), "turns are numbered as the seat's own"
    every_seat = [turn for _mark, turn, _own, _content in turns]
    assert every_seat == sorted(every_seat) and every_seat != own_numbers, "every seat's count stays for machines"
    words = readable(page.text)
    web = translator(lang, "web")
    for number in own_numbers:
        assert web.gettext("Your turn %(number)d") % {"number": number} in words
    played = translator(lang).ngettext(
        "You played %(count)d turn: %(marks)s.", "You played %(count)d turns: %(marks)s.", len(turns)
    )
    assert played.split("%(marks)s")[0] % {"count": len(turns)} in html.unescape(page.text)
    found = leaks(words, lang, game)
    assert not found, f"codes a person can read on the review ({game}, {lang}):\n{described(found)}"
    assert not NOTATION.search(words), NOTATION.search(words)
    better = [content for mark, _turn, _own, content in turns if 'class="better-turn"' in content]
    assert better, "a turn that missed a better one shows it"
    for content in better:
        shown = content[content.index('class="better-turn"') :]
        assert web.gettext("The best turn:") in html.unescape(shown)
        assert {drawn for drawn, _name in CARD.findall(shown)} == {game}, "the better turn's cards are drawn"
    for _mark, _turn, _own, content in turns:
        played_moves = content[content.index('class="drawn-moves played"') :]
        assert "</ul>" in played_moves
    assert any(CARD.search(content[content.index('class="drawn-moves played"') :]) for *_, content in turns)


@pytest.mark.parametrize("game", GAMES)
def test_only_the_best_and_the_good_turns_are_praised(client: FlaskClient, game: str) -> None:
    page = client.get(f"{played_badly(client, game, 'en').table}/review?lang=en").text
    for mark, _turn, _own, content in turns_of(page):
        heading = re.search(r'<span class="mark mark-[\w-]+">([^<]*)</span>', content)
        judgement = re.search(r'<p class="review-words">([^<]*)</p>', content)
        assert heading is not None and judgement is not None
        praise = heading.group(1).startswith(("The best", "Good")) or html.unescape(judgement.group(1)).startswith(
            ("Well done", "Good")
        )
        assert praise == (mark in ("best", "good")), (mark, heading.group(1), judgement.group(1))


def test_a_penalty_is_said_in_words_and_the_play_drawn_with_the_signs_of_school(
    client: FlaskClient, app: Flask
) -> None:
    seat = seated(client, "nambarz", seed=5)
    state = engine_state(app, seat.game_id)
    legal = {str(action) for action in state.legal_actions()}
    symbols = [card for card in state.hands["P1"] if card.kind is Kind.SYMBOL]
    illegal = next(
        f"{first} * {second}"
        for first in symbols
        for second in symbols
        if first is not second and f"{first} * {second}" not in legal
    )
    seat.act(version_of(seat.page()), action=illegal)
    review = client.get(f"{seat.table}/review?lang=en").text
    mark, _turn, own, content = turns_of(review)[0]
    assert (mark, own) == ("penalised", 1)
    assert "Your play was not legal: you drew 3 cards, because" in html.unescape(content)
    assert '<span class="mark mark-penalised">A penalty</span>' in content
    played = content[content.index('class="drawn-moves played"') :]
    played = played[: played.index("</ul>")]
    assert len(CARD.findall(played)) == 2 and "×" in played and "*" not in played
    assert CARD.search(content[content.index('class="better-turn"') :]), "the better turn is drawn"


def test_a_long_review_is_read_a_page_at_a_time(client: FlaskClient) -> None:
    seat = played_badly(client, "quando", "en", moves=60, pick=-1)
    first = client.get(f"{seat.table}/review?lang=en").text
    assert 'data-page="1" data-pages="2"' in first
    assert [own for *_, own, _content in turns_of(first)] == list(range(1, 21))
    later = re.search(r'<a class="button" rel="next" href="([^"]+)">Later turns</a>', first)
    assert later is not None and "Your turns 1 to 20 of" in first
    second = client.get(html.unescape(later.group(1))).text
    assert turns_of(second)[0][2] == 21 and 'rel="prev"' in second and 'rel="next"' not in second
    assert 'data-page="2"' in client.get(f"{seat.table}/review?page=99&lang=en").text, "past the end: the last page"
    assert 'data-page="1"' in client.get(f"{seat.table}/review?page=first&lang=en").text, "not a number: the first"

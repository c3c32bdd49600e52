"""Nmbrs! and Quando played with their own gestures: cards tapped onto the grid's places, plays and knocks in words.

The pages are read as a person reads them (:mod:`tests.web.readable`), in
the four languages; the forms are posted as a browser without the tables'
scripts posts them (the browser tests tap them with the scripts).
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from solver.quando.scoring import KNOCK_PENALTY
from tests.browser.visible_codes import described, leaks
from tests.web.pages import field_error, verdict_of
from tests.web.readable import readable
from tests.web.test_play_pages import Seat, engine_state, listed_moves, seat_view, seated, version_of
from tutor.i18n import SUPPORTED_LANGUAGES, translator

NMBRS_SEED = 8
"""A deal whose first hand, once it takes the top discard, lays 2 6 10 as its first sequence."""

FIRST_SEQUENCE = ["2", "6", "10"]

NEW_ROW = ["0,0", "0,1", "0,2"]
"""The first places of the new row an empty table offers, as the form sends them."""


def words(lang: str, sentence: str, **values: Any) -> str:
    """``sentence`` of the pages, in ``lang``, with its ``values``."""
    return translator(lang, "web").gettext(sentence) % values


def assert_no_code(page: TestResponse, lang: str, game: str, where: str) -> None:
    found = leaks(readable(page.text), lang, game)
    assert not found, f"codes a person can read on {where} ({lang}):\n{described(found)}"


def grid_of(page: TestResponse) -> str:
    found = re.search(r'<table class="nmbrs-grid".*?</table>', page.text, re.S)
    assert found is not None, "the page shows no grid"
    return found.group(0)


def grid_rows(page: TestResponse) -> list[str]:
    """The grid's rows below its header, as HTML."""
    body = re.search(r"<tbody>(.*?)</tbody>", grid_of(page), re.S)
    assert body is not None
    return re.findall(r"<tr[^>]*>.*?</tr>", body.group(1), re.S)


def place_names(page: TestResponse) -> list[str]:
    """The names a screen reader says for the places a card may go to, in the page's order."""
    return [
        html.unescape(name)
        for name in re.findall(r'<label class="place"[^>]*>.*?"visually-hidden">([^<]*)<', page.text)
    ]


def seated_to_lay(client: FlaskClient, lang: str = "en") -> tuple[Seat, TestResponse]:
    """Nmbrs! for one person and a bot, the person having taken the top discard: the table at the lay."""
    seat = seated(client, "nmbrs", seed=NMBRS_SEED, language=lang)
    taken = seat.act(version_of(seat.page(lang)), lang, action="take")
    assert verdict_of(taken)[0] == "true"
    return seat, seat.page(lang)


# ----------------------------------------------------------------------------------------------- Nmbrs!


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_nmbrs_moves_on_the_top_discard_name_its_card(client: FlaskClient, app: Flask, lang: str) -> None:
    seat = seated(client, "nmbrs", seed=NMBRS_SEED, language=lang)
    page = seat.page(lang)
    top = seat_view(app, seat.game_id, 0)["table"]["discard_top"]
    buttons = dict(re.findall(r'<button type="submit" name="action" value="(\w+)"[^>]*>([^<]*)</button>', page.text))
    assert html.unescape(buttons["take"]) == words(lang, "Take the discarded %(card)s", card=top)
    assert html.unescape(buttons["decline"]) == words(lang, "Leave the discarded %(card)s", card=top)


def test_nmbrs_lays_the_cards_tapped_on_the_places_tapped(client: FlaskClient, app: Flask) -> None:
    seat, page = seated_to_lay(client)
    assert 'name="card" value="2"' in page.text and 'name="place" value="0,0"' in page.text
    laid = seat.act(version_of(page), card=FIRST_SEQUENCE, place=NEW_ROW, lay="1")
    assert verdict_of(laid) == ("true", [])
    table = engine_state(app, seat.game_id).table
    assert table.to_list() == [{"row": 0, "column": column, "card": card} for column, card in enumerate(FIRST_SEQUENCE)]
    cells = re.findall(r'<td class="grid-card" data-card="(\w+)"', grid_of(laid))
    assert cells == FIRST_SEQUENCE


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_nmbrs_lays_and_its_grid_read_in_words_numbered_from_1(client: FlaskClient, lang: str) -> None:
    seat, page = seated_to_lay(client, lang)
    assert place_names(page)[:2] == [words(lang, "new row, column %(column)d", column=column) for column in (1, 2)]
    assert_no_code(page, lang, "nmbrs", "the table at the lay")
    laid = seat.act(version_of(page), lang, card=FIRST_SEQUENCE, place=NEW_ROW, lay="1")
    assert_no_code(laid, lang, "nmbrs", "the table after the lay")
    said = translator(lang, "nmbrs").gettext("row %(row)d, columns %(first)d to %(last)d") % {
        "row": 1,
        "first": 1,
        "last": 3,
    }
    assert said in readable(laid.text)
    headers = re.findall(r'<th scope="col">(\d+)</th>', grid_of(laid))
    assert headers == ["1", "2", "3"]
    assert re.findall(r'<th scope="row">(\d+)</th>', grid_of(laid)) == ["1"]
    names = place_names(laid)
    assert words(lang, "above row 1, in column %(column)d", column=1) in names
    assert words(lang, "left of column 1, in row %(row)d", row=1) in names
    assert words(lang, "right of column %(column)d, in row %(row)d", column=3, row=1) in names
    assert words(lang, "below row %(row)d, in column %(column)d", row=1, column=3) in names
    assert not any(re.search(r"\b0\b", name) for name in names), names


def test_nmbrs_grid_shows_one_ring_of_places_and_no_row_or_column_beyond(client: FlaskClient) -> None:
    seat, page = seated_to_lay(client)
    laid = seat.act(version_of(page), card=FIRST_SEQUENCE, place=NEW_ROW, lay="1")
    rows = grid_rows(laid)
    assert len(rows) == 3, "the row of cards and a ring row above and below"
    ring_above, cards, ring_below = rows
    for ring in (ring_above, ring_below):
        assert 'class="ring"' in ring and ring.count('name="place"') == 3 and "grid-card" not in ring
    assert cards.count("grid-card") == 3 and cards.count('name="place"') == 2
    header = re.search(r"<thead>.*?</thead>", grid_of(laid), re.S)
    assert header is not None and header.group(0).count("<td></td>") == 3, "no number for the corner and the ring"
    discarded = seat.act(version_of(laid), action="discard 14")
    assert verdict_of(discarded)[0] == "true"
    shown = grid_rows(discarded)
    assert len(shown) == 1 and 'name="place"' not in grid_of(discarded), "away from the lay, the cards alone"


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_nmbrs_cards_keep_their_colours_on_the_table(client: FlaskClient, app: Flask, lang: str) -> None:
    seat, page = seated_to_lay(client, lang)
    laid = seat.act(version_of(page), lang, card=FIRST_SEQUENCE, place=NEW_ROW, lay="1")
    faces = seat_view(app, seat.game_id, 0)["table"]["faces"]
    cells = re.findall(r'<td class="grid-card" data-card="(\w+)" data-colour="(\w+)">(<svg[^>]*>)', grid_of(laid))
    assert [card for card, _, _ in cells] == FIRST_SEQUENCE
    for card, colour, drawing in cells:
        assert colour == faces[card]["colour"]
        assert f"colour-{colour}" in drawing
        assert translator(lang, "web").gettext(colour) in drawing


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_nmbrs_cards_without_their_places_are_refused_in_words(client: FlaskClient, lang: str) -> None:
    seat, page = seated_to_lay(client, lang)
    refused = seat.act(version_of(page), lang, card=FIRST_SEQUENCE, place=NEW_ROW[:2], lay="1")
    message = field_error(refused, "action")
    sentence = words(lang, "the cards and the places chosen do not match: choose one place for each card")
    assert sentence[:1].upper() + sentence[1:] in message
    assert version_of(refused) == version_of(page)
    assert_no_code(refused, lang, "nmbrs", "the table after a lay without its places")
    nothing = seat.act(version_of(page), lang, lay="1")
    sentence = words(lang, "no card was chosen: tap the cards of your hand to lay, then their places")
    assert sentence[:1].upper() + sentence[1:] in field_error(nothing, "action")


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_nmbrs_an_illegal_lay_tapped_gets_the_referees_verdict_in_words(client: FlaskClient, lang: str) -> None:
    seat, page = seated_to_lay(client, lang)
    judged = seat.act(version_of(page), lang, card=["2", "6", "14"], place=NEW_ROW, lay="1")
    assert verdict_of(judged) == ("false", ["not-arithmetic"])
    assert 'data-accepted="false"' in judged.text
    assert_no_code(judged, lang, "nmbrs", "the verdict on an illegal lay")


def test_nmbrs_a_joker_on_the_table_is_tapped_to_replace_it(client: FlaskClient, app: Flask) -> None:
    seat = seated(client, "nmbrs", seed=1)
    page = seat.act(version_of(seat.page()), action="take")
    laid = seat.act(version_of(page), card=["47", "J", "73"], place=NEW_ROW, lay="1")
    assert verdict_of(laid) == ("true", [])
    assert re.search(
        r'<td class="grid-card" data-card="J"><label class="place table-joker"[^>]*><input type="checkbox" '
        r'name="joker" value="0,1"',
        laid.text,
    )
    swapped = seat.act(version_of(laid), card="95", joker="0,1", lay="1")
    assert verdict_of(swapped)[0] == "false"
    assert "Details for referees" in swapped.text and "swap 95@0,1" in swapped.text
    assert "swap 95@0,1" not in readable(swapped.text)
    mixed = seat.act(version_of(laid), card="95", joker="0,1", place="1,0", lay="1")
    assert "joker" in field_error(mixed, "action")


# ----------------------------------------------------------------------------------------------- Quando


def play_quando_until_knocking(seat: Seat, lang: str) -> list[tuple[str | None, bool]]:
    """Play the person's plays (never a knock) until the first turn they may knock on, then one turn more: at each
    of their pages, how knocking is explained (``new``, ``known`` or ``None``) and whether a knock is offered."""
    seen: list[tuple[str | None, bool]] = []
    for _ in range(40):
        page = seat.page(lang)
        explained = re.search(r'data-knock="(\w+)"', page.text)
        moves = listed_moves(page)
        seen.append((explained and explained.group(1), "knock" in moves))
        if (explained and explained.group(1) == "known") or not moves:
            return seen
        chosen = [move for move in moves if move.startswith("play ")] or moves
        assert verdict_of(seat.act(version_of(page), lang, action=chosen[-1]))[0] == "true"
    pytest.fail("no knock within 40 moves")


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_quando_explains_the_knock_exactly_when_it_becomes_legal(client: FlaskClient, lang: str) -> None:
    seat = seated(client, "quando", seed=5, language=lang)
    seen = play_quando_until_knocking(seat, lang)
    first = next(index for index, (_, knock) in enumerate(seen) if knock)
    assert [explained for explained, _ in seen[:first]] == [None] * first
    assert seen[first] == ("new", True)
    assert seen[-1][0] == "known"
    knocking = words(
        lang,
        "Knocking ends the round soon: everyone else plays one more turn, then the round is scored. Knock when "
        "your hand sum is low: if anyone ends as low as you or lower, you add %(penalty)d points.",
        penalty=KNOCK_PENALTY,
    )
    assert knocking in html.unescape(seat.page(lang).text)
    assert words(lang, "What does knocking do?") in html.unescape(seat.page(lang).text)


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_quando_knock_button_carries_its_reminder_and_plays_read_in_words(client: FlaskClient, lang: str) -> None:
    seat = seated(client, "quando", seed=5, language=lang)
    for _ in range(40):
        page = seat.page(lang)
        if "knock" in listed_moves(page):
            break
        chosen = [move for move in listed_moves(page) if move.startswith("play ")] or listed_moves(page)
        seat.act(version_of(page), lang, action=chosen[-1])
    knock = re.search(r'<button type="submit" name="action" value="knock"[^>]*>(.*?)</button>', page.text, re.S)
    assert knock is not None
    reminder = words(lang, "Everyone else plays one more turn, then the round is scored.")
    assert reminder in html.unescape(knock.group(1))
    said = readable(page.text)
    quando = translator(lang, "quando")
    straight = quando.gettext("three in a row: %(numbers)s") % {"numbers": "2 3 4"}
    assert " ".join((straight[:1].upper() + straight[1:]).split()) in said
    assert_no_code(page, lang, "quando", "the table where a knock is offered")

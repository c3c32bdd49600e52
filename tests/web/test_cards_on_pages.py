"""Every game's table, log and review draw their cards as cards, the hand sorted, each card named for screen readers."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.web.test_play_pages import GAMES, hand_section, play_a_few_moves, seated

CARD = re.compile(r'<svg class="card-art (\w+) ([\w -]+)" viewBox="0 0 60 84" role="img" aria-label="([^"]+)">')
"""A card drawn: its game, its kind and its name."""


@pytest.mark.parametrize("game", GAMES)
def test_the_hand_on_the_table_is_drawn_as_the_game_s_cards_and_sorted(client: FlaskClient, game: str) -> None:
    seat = seated(client, game)
    hand = hand_section(seat.page())
    listed = re.search(
        r'<ul class="card-row hand-cards".*?</ul>|<fieldset class="card-options">.*?</fieldset>', hand, re.S
    )
    assert listed is not None
    cards = CARD.findall(listed.group(0))
    assert cards and {drawn_game for drawn_game, _kind, _name in cards} == {game}
    notation = re.findall(r'<li data-card="([^"]+)">', hand) or re.findall(
        r'name="(?:card|front)" value="([^"]+)"', hand
    )
    if game == "nambarz":
        kinds = [kind for _game, kind, _name in cards]
        assert kinds == sorted(kinds, key=["symbol", "figure", "joker"].index)
    else:
        numbers = [int(card) for card in notation if card != "J"]
        assert numbers == sorted(numbers)
    assert "card-chip" not in hand


@pytest.mark.parametrize("game", GAMES)
def test_the_review_and_the_log_draw_the_cards_too(client: FlaskClient, game: str) -> None:
    seat = seated(client, game)
    play_a_few_moves(seat, 30)
    review = client.get(f"{seat.table}/review?lang=de").text
    turns = review[review.index('class="review-turn') :]
    assert CARD.search(turns) and "card-chip" not in turns and "&lt;svg" not in turns
    log = client.get(f"{seat.table}/log?step=1&lang=fr")
    assert CARD.search(hand_section(log)), "the log shows the table as the seat saw it, cards drawn"


def test_the_game_s_piles_show_their_start_cards_and_quando_its_draw_pile_s_two_sides(client: FlaskClient) -> None:
    piles = client.get(seated(client, "thegame").table + "?lang=en").text
    assert len(re.findall(r'<svg class="card-art thegame start (?:up|down)"', piles)) == 4
    quando = client.get(seated(client, "quando").table + "?lang=it").text
    sides = quando[quando.index('class="card-row draw-sides"') :]
    assert re.match(r'class="card-row draw-sides" aria-hidden="true"><svg class="card-art quando side"', sides)
    assert '<svg class="card-art quando hidden" viewBox="0 0 60 84" role="img" aria-label="il lato nascosto">' in sides


def test_the_hints_page_draws_the_position_it_hints_at(client: FlaskClient) -> None:
    page = client.get("/solve?top=3bee&hand=Jreplay+10+9hen+4+2&lang=it").text
    position = page[page.index('<dl class="facts position-cards">') :]
    cards = CARD.findall(position[: position.index("</dl>")])
    assert [(kind, name) for _game, kind, name in cards] == [
        ("figure", "3 ape"),
        ("symbol", "2"),
        ("symbol", "4"),
        ("symbol", "10"),
        ("figure", "9 gallina"),
        ("joker", cards[-1][2]),
    ]

"""The Game's table: a person asks the others about a pile, or takes it back, and every seat reads it beside the pile.

The requests are actions of the game (``ask dont asc1``), posted by the
pile's buttons like every other move, with the table's version.
"""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.web.readable import readable
from tests.web.test_play_pages import Seat, engine_state, join, start, verdict_of, version_of
from tutor.i18n import SUPPORTED_LANGUAGES, translator

PILE_IDS = ("asc1", "asc2", "desc1", "desc2")


def flat(text: str) -> str:
    """``text`` with every run of spaces (no-break ones too) one space, as a page shows it."""
    return " ".join(text.split())


def pile_part(page: TestResponse, pile: str) -> str:
    """The HTML of one pile on the table: its card and what the players ask about it."""
    piles = page.text[page.text.index('<ul class="piles">') : page.text.index('<p class="table-facts">')]
    start_at = piles.index(f'data-pile="{pile}"')
    following = [piles.find(f'data-pile="{other}"', start_at + 1) for other in PILE_IDS]
    end_at = min([index for index in following if index > start_at] or [len(piles)])
    return piles[start_at:end_at]


def wish_part(page: TestResponse, pile: str) -> str:
    """The HTML of one pile's buttons to ask or take back, under the hand; empty when it has none."""
    if '<ul class="wish-piles">' not in page.text:
        return ""
    wishes = page.text[page.text.index('<ul class="wish-piles">') :]
    wishes = wishes[: wishes.index("</section>")]
    start_at = wishes.find(f'data-pile="{pile}"')
    if start_at < 0:
        return ""
    following = [wishes.find(f'data-pile="{other}"', start_at + 1) for other in PILE_IDS]
    end_at = min([index for index in following if index > start_at] or [len(wishes)])
    return wishes[start_at:end_at]


def wish_buttons(page: TestResponse, pile: str) -> list[str]:
    """The requests a pile's buttons send."""
    return [html.unescape(value) for value in re.findall(r'name="action" value="(ask [^"]+)"', wish_part(page, pile))]


def two_people(client: FlaskClient, other: FlaskClient, lang: str = "en") -> tuple[Seat, Seat]:
    """A game of The Game for two people, each on a device of their own."""
    _, links = start(client, "thegame", ["human", "human"], language=lang)
    return join(client, links[0]), join(other, links[1])


def lay_the_minimum(seat: Seat, app: Flask) -> None:
    """Lay the turn's minimum, each card on the first pile it fits, by the table's card-and-pile form."""
    while True:
        state = engine_state(app, seat.game_id)
        if state.played_this_turn >= state.minimum_this_turn:
            return
        action = next(action for action in state.legal_actions() if action.card is not None)
        assert action.pile is not None
        laid = seat.act(version_of(seat.page()), card=str(action.card), pile=action.pile.value)
        assert verdict_of(laid)[0] == "true"


@pytest.fixture
def other_device(app: Flask) -> FlaskClient:
    return app.test_client()


def test_on_the_seat_turn_each_pile_offers_both_requests_and_none_is_made(
    client: FlaskClient, other_device: FlaskClient
) -> None:
    first, second = two_people(client, other_device)
    page = first.page()
    for pile in PILE_IDS:
        assert wish_buttons(page, pile) == [f"ask dont {pile}", f"ask good {pile}"]
        assert 'name="version"' in wish_part(page, pile)
    assert all(not wish_buttons(second.page(), pile) for pile in PILE_IDS), "not the second person's turn"


def test_a_request_is_legal_said_in_words_and_shown_beside_its_pile_with_the_buttons_to_change_it(
    client: FlaskClient, other_device: FlaskClient, app: Flask
) -> None:
    first, _ = two_people(client, other_device)
    page = first.page()
    asked = first.act(version_of(page), action="ask dont desc1")
    assert verdict_of(asked) == ("true", [])
    assert version_of(asked) == version_of(page) + 1
    assert "You ask the others not to play on the first falling pile." in readable(asked.text)
    assert "You ask: please don't play here" in readable(pile_part(asked, "desc1"))
    assert "You ask" not in readable(pile_part(asked, "asc1"))
    assert wish_buttons(asked, "desc1") == ["ask good desc1", "ask none desc1"]
    assert engine_state(app, first.game_id).requests[0] == {find_pile("desc1"): find_wish("dont")}
    taken_back = first.act(version_of(asked), action="ask none desc1")
    assert verdict_of(taken_back) == ("true", [])
    assert "You ask" not in readable(pile_part(taken_back, "desc1"))
    assert engine_state(app, first.game_id).requests[0] == {}


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_the_other_person_reads_the_request_beside_the_pile_with_the_asker_name_in_each_language(
    client: FlaskClient, other_device: FlaskClient, app: Flask, lang: str
) -> None:
    first, second = two_people(client, other_device, lang)
    asked = first.act(version_of(first.page(lang)), lang, action="ask dont asc2")
    assert verdict_of(asked)[0] == "true"
    told = first.act(version_of(asked), lang, action="ask good desc2")
    assert verdict_of(told)[0] == "true"
    lay_the_minimum(first, app)
    first.act(version_of(first.page(lang)), lang, action="end")
    page = second.page(lang)
    words = translator(lang, "web").gettext
    asks = words("%(name)s asks: please don't play here") % {"name": "Player0"}
    says = words("%(name)s says: I can play well here") % {"name": "Player0"}
    assert flat(asks) in flat(readable(pile_part(page, "asc2")))
    assert flat(says) in flat(readable(pile_part(page, "desc2")))
    for pile in ("asc1", "desc1"):
        assert "Player0" not in readable(pile_part(page, pile))
    assert wish_buttons(page, "asc2") == ["ask dont asc2", "ask good asc2"], "the second person's own requests"


def test_a_request_out_of_turn_is_refused_and_changes_nothing(
    client: FlaskClient, other_device: FlaskClient, app: Flask
) -> None:
    first, second = two_people(client, other_device)
    refused = second.act(version_of(second.page()), action="ask dont asc1")
    assert refused.status_code == 409
    assert "It is not your turn" in readable(refused.text)
    assert engine_state(app, first.game_id).requests == [{}, {}]


@pytest.mark.parametrize("written", ["ask maybe asc1", "ask dont up", "ask dont"])
def test_a_request_the_engine_cannot_read_is_refused_beside_the_field_without_code(
    client: FlaskClient, other_device: FlaskClient, written: str
) -> None:
    first, _ = two_people(client, other_device)
    refused = first.act(version_of(first.page()), action=written)
    assert refused.status_code == 422
    error = re.search(r'id="action-error"[^>]*>(.*?)</', refused.text, re.S)
    assert error is not None
    assert "expected" not in error.group(1) and "asc1" not in readable(error.group(1))


def test_a_bot_request_is_shown_with_the_bot_name(client: FlaskClient, app: Flask) -> None:
    _, links = start(client, "thegame", ["human", "strong"], seed=4)
    seat = join(client, links[0])
    lay_the_minimum(seat, app)
    seat.act(version_of(seat.page()), action="end")
    state = engine_state(app, seat.game_id)
    assert state.requests[1], "the bot asked something in its turn"
    page = seat.page()
    for pile, wish in state.requests[1].items():
        said = {"dont": "Bot1 asks: please don't play here", "good": "Bot1 says: I can play well here"}[wish.value]
        assert said in readable(pile_part(page, pile.value))


def find_pile(name: str) -> object:
    from solver.thegame.rules import Pile  # noqa: PLC0415 - The Game's piles, for this test only

    return Pile(name)


def find_wish(name: str) -> object:
    from solver.thegame.rules import Wish  # noqa: PLC0415 - The Game's wishes, for this test only

    return Wish(name)

"""The Game's check page: the same verdict as the API for the same body, in every language, and readable refusals."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from solver.thegame.rules import Pile
from tests.paths import DATA
from tests.web.pages import field_error, verdict_of
from tutor.i18n import SUPPORTED_LANGUAGES, translator
from tutor.thegame import pile_words

PAGE = "/thegame/check"
CASES = json.loads((DATA / "thegame_referee_cases.json").read_text(encoding="utf-8"))
JUDGED_CASES = [case for case in CASES if case["request"]["play"]]
"""Every case of the referee's table but the empty play, which the page asks to fill in (the API judges it)."""

CHECK_BOXES = ("on_fire", "fire_due")
"""The fields the form asks with check boxes, whose message follows them."""

PILES = {"asc1": 47, "asc2": 1, "desc1": 65, "desc2": 100}
POSITION: dict[str, Any] = {"piles": PILES, "hand": [37, 75, 12], "draw_pile": 50}
LEGAL = {**POSITION, "play": [{"card": 37, "pile": "asc1"}, {"card": 75, "pile": "desc1"}]}
ILLEGAL = {**POSITION, "play": [{"card": 37, "pile": "asc1"}, {"card": 12, "pile": "asc1"}]}


def query(body: dict[str, Any], lang: str = "en") -> list[tuple[str, str]]:
    """``body`` as the page's parameters: the piles flat, lists as repeated parameters, placements as CARD>PILE."""
    params = [(pile, str(top)) for pile, top in body["piles"].items()]
    params += [("hand", str(card)) for card in body["hand"]]
    params += [("draw_pile", str(body["draw_pile"])), ("lang", lang)]
    params += [("play", f"{placement['card']}>{placement['pile']}") for placement in body["play"]]
    if "variant" in body:
        params.append(("variant", body["variant"]))
    if "on_fire" in body:
        params.append(("on_fire", "true" if body["on_fire"] else "false"))
    params += [("fire_due", pile) for pile in body.get("fire_due", [])]
    return params


def page(client: FlaskClient, params: list[tuple[str, str]] | str) -> TestResponse:
    return client.get(PAGE, query_string=params)


def api_codes(client: FlaskClient, body: dict[str, Any]) -> tuple[str, list[str]]:
    answer = client.post("/api/v1/thegame/check", json=body).get_json()
    return ("true" if answer["legal"] else "false"), [violation["code"] for violation in answer["violations"]]


# ----------------------------------------------------------------- verdicts


@pytest.mark.parametrize("case", JUDGED_CASES, ids=[case["id"] for case in JUDGED_CASES])
def test_the_page_gives_the_apis_verdict_for_the_same_body(client: FlaskClient, case: dict[str, Any]) -> None:
    assert verdict_of(page(client, query(case["request"]))) == api_codes(client, case["request"])


def test_a_legal_and_an_illegal_play(client: FlaskClient) -> None:
    assert verdict_of(page(client, query(LEGAL))) == ("true", [])
    response = page(client, query(ILLEGAL))
    assert verdict_of(response) == ("false", ["wrong-direction", "too-few-cards"])
    text = html.unescape(response.text)
    assert '<li class="placement illegal" data-placement="12>asc1" data-codes="wrong-direction">' in text
    assert "12 does not fit on the first rising pile, which shows 37" in text
    assert "Rule “The piles: rules for laying cards”" in text
    assert "12 goes back to your hand" in text


def test_a_rule_broken_by_several_placements_is_listed_once_in_the_order_first_broken(client: FlaskClient) -> None:
    twice = {**ILLEGAL, "hand": [37, 75, 12, 20], "play": [{"card": 12, "pile": "asc1"}, {"card": 20, "pile": "asc1"}]}
    response = page(client, query(twice))
    assert verdict_of(response) == ("false", ["wrong-direction", "wrong-direction", "too-few-cards"])
    start = response.text.index('<details class="why">')
    why = response.text[start : response.text.index("</details>", start)]
    assert re.findall(r'data-code="([^"]+)"', why) == ["wrong-direction", "too-few-cards"]


def test_the_form_sends_the_play_as_rows_of_a_card_and_its_pile_chosen_in_words(client: FlaskClient) -> None:
    rows = [("card", "37"), ("pile", "asc1"), ("card", "12"), ("pile", "asc1"), ("card", ""), ("pile", "")]
    position = [(name, value) for name, value in query(ILLEGAL) if name != "play"]
    assert verdict_of(page(client, [*position, *rows])) == verdict_of(page(client, query(ILLEGAL)))
    response = page(client, [*position, *rows])
    assert '<option value="asc1" selected>First rising pile ↑</option>' in response.text
    assert 'id="card3" name="card" type="text" inputmode="numeric" value=""' in response.text


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        ([("card", "37"), ("pile", "")], "Card 1: choose the pile you laid it on."),
        ([("card", "37"), ("pile", "asc1"), ("card", ""), ("pile", "desc1")], "Card 2: write the card you laid."),
    ],
)
def test_a_row_without_its_card_or_its_pile_is_refused_in_words(
    client: FlaskClient, rows: list[tuple[str, str]], expected: str
) -> None:
    position = [(name, value) for name, value in query(ILLEGAL) if name != "play"]
    assert field_error(page(client, [*position, *rows]), "play") == expected


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize("card", ["3.5", "-3", "150", "1", "7 bee"])
def test_a_row_whose_card_is_not_a_card_is_refused_in_words(client: FlaskClient, lang: str, card: str) -> None:
    position = [(name, value) for name, value in query(ILLEGAL, lang) if name != "play"]
    rows = [("card", "37"), ("pile", "asc1"), ("card", card), ("pile", "asc1")]
    response = page(client, [*position, *rows])
    sentence = translator(lang, "web").gettext("Card %(number)d: write a whole number from %(lowest)d to %(highest)d.")
    assert response.status_code == 422
    assert field_error(response, "play") == sentence % {"number": 2, "lowest": 2, "highest": 99}


def test_a_negative_number_typed_is_shown_back_with_a_minus_sign(client: FlaskClient) -> None:
    position = [(name, value) for name, value in query(ILLEGAL) if name not in ("play", "draw_pile")]
    response = page(client, [*position, ("draw_pile", "-1"), ("card", "-3"), ("pile", "desc2")])
    assert 'id="card1" name="card" type="text" inputmode="numeric" value="\u22123"' in response.text
    assert re.search(r'id="draw_pile"[^>]* value="\u22121"', response.text)


FIRE_POSITION = {**POSITION, "piles": {**PILES, "asc1": 44}, "play": [{"card": 37, "pile": "asc2"}]}
"""A position whose first rising pile shows a fire card, with a play that need not cover it."""


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
@pytest.mark.parametrize(
    ("change", "sentence", "fields"),
    [
        ({"fire_due": ["asc1"]}, "Fire cards are due only with the On Fire expansion: tick its box as well.", {}),
        (
            {"on_fire": True, "fire_due": ["asc1", "asc1"]},
            "You chose the %(pile)s twice: choose each pile once.",
            {"pile": Pile.ASC1},
        ),
        (
            {"on_fire": True, "fire_due": ["desc1"]},
            "The %(pile)s shows %(top)d, not a fire card: the fire cards are %(fire_cards)s.",
            {"pile": Pile.DESC1, "top": 65, "fire_cards": "22, 33, 44, 55, 66, 77"},
        ),
    ],
)
def test_fire_cards_that_cannot_be_due_are_refused_naming_the_pile_in_words(
    client: FlaskClient, lang: str, change: dict[str, Any], sentence: str, fields: dict[str, Any]
) -> None:
    response = page(client, query({**FIRE_POSITION, **change}, lang))
    if "pile" in fields:
        fields = {**fields, "pile": pile_words(fields["pile"], lang)}
    assert response.status_code == 422
    assert field_error(response, "fire_due") == translator(lang, "web").gettext(sentence) % fields


def test_lists_may_be_repeated_or_separated_by_commas_or_spaces(client: FlaskClient) -> None:
    separated = {**dict(query(ILLEGAL)), "hand": "37, 75,12", "play": "37>asc1, 12>asc1"}
    spaced = {**dict(query(ILLEGAL)), "hand": "37 75 12", "play": "37>asc1 12>asc1"}
    expected = verdict_of(page(client, query(ILLEGAL)))
    assert verdict_of(page(client, separated)) == verdict_of(page(client, spaced)) == expected


def test_the_empty_page_offers_a_legal_and_an_illegal_example(client: FlaskClient) -> None:
    response = page(client, "lang=de")
    assert response.status_code == 200 and 'id="verdict"' not in response.text
    examples = dict(re.findall(r'<a class="button" href="([^"]+)" data-example="(\w+)"', response.text))
    assert sorted(examples.values()) == ["illegal", "legal"]
    for href, kind in examples.items():
        assert "lang=de" in href
        legal, _codes = verdict_of(client.get(html.unescape(href)))
        assert legal == ("true" if kind == "legal" else "false")


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_every_language_renders_the_verdict_in_its_words(client: FlaskClient, lang: str) -> None:
    response = page(client, query(ILLEGAL, lang))
    assert verdict_of(response) == ("false", ["wrong-direction", "too-few-cards"])
    text = html.unescape(response.text)
    assert f'<html lang="{lang}">' in text
    assert translator(lang, "web").gettext("Not legal") in text
    answer = client.post("/api/v1/thegame/check", json={**ILLEGAL, "lang": lang}).get_json()
    assert answer["explanation"].splitlines()[0] in text
    assert "The Game" in text


# ----------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("change", "field", "expected"),
    [
        ({"hand": "37 75 x"}, "hand", "“x” is not a whole number."),
        ({"hand": "37 120"}, "hand", "“120” cannot be used here. Write the cards of the hand, numbers from 2 to 99"),
        ({"hand": "47 75"}, "hand", "47, which a pile already shows"),
        ({"draw_pile": "lots"}, "draw_pile", "“lots” is not a whole number."),
        ({"draw_pile": "97"}, "draw_pile", "0 to 93"),
        ({"asc1": "0"}, "asc1", "1"),
        ({"desc2": "x"}, "desc2", "“x” is not a whole number."),
        ({"play": "37asc1"}, "play", "Check “37asc1” at position 1."),
        ({"play": "1>asc1"}, "play", "Check “1” at position 1. Write each card you laid and choose its pile"),
        ({"play": ""}, "play", "Fill in this field."),
        ({"variant": "expert"}, "variant", "Choose the variant from the list."),
        ({"on_fire": "maybe"}, "on_fire", "“maybe” cannot be used here. Tick the box, or leave it empty."),
        ({"fire_due": "asc1"}, "fire_due", "On Fire expansion: tick its box as well."),
    ],
)
def test_bad_input_is_refused_with_a_message_beside_its_field(
    client: FlaskClient, change: dict[str, str], field: str, expected: str
) -> None:
    params = {**dict(query(ILLEGAL)), "hand": "37 75 12", "play": "37>asc1", **change}
    response = page(client, params)
    assert expected in field_error(response, field)
    if field == "play":
        assert re.search(r'name="card"[^>]* aria-invalid="true"', response.text)
    elif field not in CHECK_BOXES:
        assert re.search(rf'id="{field}"[^>]* aria-invalid="true"', response.text)


def test_a_position_no_game_can_reach_is_refused_beside_the_piles(client: FlaskClient) -> None:
    params = {**dict(query(LEGAL)), "asc1": "40", "asc2": "40", "hand": "37 75 12", "play": "37>asc1"}
    assert "Two piles show 40, but every card exists once." in field_error(page(client, params), "piles")


def test_a_missing_pile_is_asked_for_beside_it_in_the_pages_language(client: FlaskClient) -> None:
    params = {key: value for key, value in query(LEGAL, "fr") if key != "desc1"}
    response = page(client, params)
    words = translator("fr", "web")
    fill_in, choose = words.gettext("Fill in this field."), words.gettext("Choose a number from %(min)s to %(max)s.")
    assert field_error(response, "desc1") == f"{fill_in} {choose % {'min': 2, 'max': 100}}"
    assert 'id="asc1" name="asc1" type="text" inputmode="numeric" value="47"' in response.text

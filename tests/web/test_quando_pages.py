"""Quando's check page: the same verdict as the API for the same body, in every language, and readable refusals."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.paths import DATA
from tests.web.pages import field_error, verdict_of
from tutor.i18n import SUPPORTED_LANGUAGES, translator
from web.quando.check import EXPECTED

PAGE = "/quando/check"
CASES = json.loads((DATA / "quando_check_cases.json").read_text(encoding="utf-8"))
JUDGED_CASES = [case for case in CASES if case.get("play") != []]
"""Every case of the referee's table but the empty play, which the page asks to fill in (the API judges it)."""

HAND = [3, 4, 5, 9, 0, 0, 7]
STRAIGHT = {"hand": HAND, "plays_made": 1, "play": [3, 4, 5]}
EARLY_KNOCK = {"hand": HAND, "plays_made": 1, "knock": True}


def body_of(case: dict[str, Any]) -> dict[str, Any]:
    return {key: case[key] for key in ("hand", "plays_made", "play", "knock", "last_round") if key in case}


def query(body: dict[str, Any], lang: str = "en") -> list[tuple[str, str]]:
    """``body`` as the page's parameters: lists as repeated parameters, flags as true or false."""
    params = [("hand", str(number)) for number in body["hand"]]
    params += [("plays_made", str(body["plays_made"])), ("lang", lang)]
    params += [("play", str(number)) for number in body.get("play", [])]
    params += [(flag, "true" if body[flag] else "false") for flag in ("knock", "last_round") if flag in body]
    return params


def page(client: FlaskClient, params: list[tuple[str, str]] | dict[str, str] | str) -> TestResponse:
    return client.get(PAGE, query_string=params)


def api_verdict(client: FlaskClient, body: dict[str, Any]) -> Any:
    return client.post("/api/v1/quando/check", json=body).get_json()


# ----------------------------------------------------------------- verdicts


@pytest.mark.parametrize("case", JUDGED_CASES, ids=[case["id"] for case in JUDGED_CASES])
def test_the_page_gives_the_apis_verdict_for_the_same_body(client: FlaskClient, case: dict[str, Any]) -> None:
    answer = api_verdict(client, body_of(case))
    expected = ("true" if answer["legal"] else "false"), [violation["code"] for violation in answer["violations"]]
    assert verdict_of(page(client, query(body_of(case)))) == expected


def test_a_legal_play_and_an_illegal_knock(client: FlaskClient) -> None:
    response = page(client, query(STRAIGHT))
    assert verdict_of(response) == ("true", [])
    assert "Left in your hand before the draw: 9 0 0 7 (sum 16)." in html.unescape(response.text)
    response = page(client, query(EARLY_KNOCK))
    assert verdict_of(response) == ("false", ["knock-too-early"])
    text = html.unescape(response.text)
    assert "You cannot knock yet: play twice this round first." in text
    assert "Rule “End of the round”" in text and "Nothing changes and there is no penalty." in text


def test_the_form_sends_knock_false_with_a_play_as_the_api_accepts(client: FlaskClient) -> None:
    assert verdict_of(page(client, [*query(STRAIGHT), ("knock", "false")])) == ("true", [])


def test_lists_may_be_repeated_or_separated_by_commas_or_spaces(client: FlaskClient) -> None:
    separated = {"hand": "3,4, 5,9,0,0,7", "plays_made": "1", "play": "3,4,5"}
    spaced = {"hand": "3 4 5 9 0 0 7", "plays_made": "1", "play": "3 4 5"}
    assert verdict_of(page(client, separated)) == verdict_of(page(client, spaced)) == ("true", [])


def test_the_empty_page_offers_a_legal_and_an_illegal_example(client: FlaskClient) -> None:
    response = page(client, "lang=it")
    assert response.status_code == 200 and 'id="verdict"' not in response.text
    examples = dict(re.findall(r'<a class="button" href="([^"]+)" data-example="(\w+)"', response.text))
    assert sorted(examples.values()) == ["illegal", "legal"]
    for href, kind in examples.items():
        assert "lang=it" in href
        legal, _codes = verdict_of(client.get(html.unescape(href)))
        assert legal == ("true" if kind == "legal" else "false")


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_every_language_renders_the_verdict_in_its_words(client: FlaskClient, lang: str) -> None:
    response = page(client, query(EARLY_KNOCK, lang))
    assert verdict_of(response) == ("false", ["knock-too-early"])
    text = html.unescape(response.text)
    assert f'<html lang="{lang}">' in text
    assert translator(lang, "web").gettext("Not legal") in text
    explanation = api_verdict(client, {**EARLY_KNOCK, "lang": lang})["explanation"]
    assert explanation.splitlines()[0] in text
    assert "Quando" in text


# ----------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("params", "field", "expected"),
    [
        ({"hand": "3 4 x", "plays_made": "1", "play": "3 4"}, "hand", "“x” is not a whole number."),
        ({"hand": "3 4 11", "plays_made": "1", "play": "3 4"}, "hand", "from 0 to 10"),
        ({"hand": " ".join(["0"] * 11), "plays_made": "1", "knock": "true"}, "hand", "No 55-card deck has"),
        ({"hand": "3 4 5", "plays_made": "-1", "play": "3 4 5"}, "plays_made", "from 0"),
        ({"hand": "3 4 5", "plays_made": "once", "play": "3 4 5"}, "plays_made", "“once” is not a whole number."),
        ({"hand": "3 4 5", "play": "3 4 5"}, "plays_made", "Fill in this field."),
        ({"hand": "3 4 5", "plays_made": "1", "play": "3 4 5", "knock": "true"}, "knock", "not both"),
        ({"hand": "3 4 5", "plays_made": "1", "knock": "false"}, "play", "or choose to knock."),
        ({"hand": "3 4 5", "plays_made": "1", "knock": "perhaps"}, "knock", "“perhaps” cannot be used here."),
        (
            {"hand": "3 4 5", "plays_made": "1", "play": "3 4 5", "last_round": "x"},
            "last_round",
            "Tick the box, or leave it empty.",
        ),
    ],
)
def test_bad_input_is_refused_with_a_message_beside_its_field(
    client: FlaskClient, params: dict[str, str], field: str, expected: str
) -> None:
    assert expected in field_error(page(client, params), field)


def test_a_missing_hand_is_asked_for_in_the_pages_language(client: FlaskClient) -> None:
    response = page(client, {"plays_made": "1", "play": "3", "lang": "de"})
    words = translator("de", "web")
    assert field_error(response, "hand") == " ".join(
        words.gettext(sentence) for sentence in ("Fill in this field.", EXPECTED["hand"])
    )
    assert re.search(r'id="hand"[^>]* aria-invalid="true"', response.text)

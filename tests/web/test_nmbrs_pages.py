"""Nmbrs!'s check page: the same verdict as the API for the same body, in every language, and readable refusals."""

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

PAGE = "/nmbrs/check"
CASES = json.loads((DATA / "nmbrs_sequence_cases.json").read_text(encoding="utf-8"))


def page(client: FlaskClient, params: list[tuple[str, str]] | dict[str, str] | str) -> TestResponse:
    return client.get(PAGE, query_string=params)


def api_verdict(client: FlaskClient, body: dict[str, Any]) -> Any:
    return client.post("/api/v1/nmbrs/check", json=body).get_json()


# ----------------------------------------------------------------- verdicts


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_the_page_gives_the_apis_verdict_for_the_same_body(client: FlaskClient, case: dict[str, Any]) -> None:
    terms = case["sequence"].split()
    answer = api_verdict(client, {"sequence": terms, "rules": case["rules"]})
    expected = ("true" if answer["legal"] else "false"), [violation["code"] for violation in answer["violations"]]
    params = [("sequence", term) for term in terms] + [("rules", case["rules"])]
    assert verdict_of(page(client, params)) == expected


def test_a_legal_and_an_illegal_sequence(client: FlaskClient) -> None:
    response = page(client, {"sequence": "10 J 30 40"})
    assert verdict_of(response) == ("true", [])
    text = html.unescape(response.text)
    assert "The joker at place 2 stands for 20." in text and 'aria-label="Joker = 20"' in text
    response = page(client, {"sequence": "14 20 26", "rules": "advanced"})
    assert verdict_of(response) == ("false", ["bad-start"])
    text = html.unescape(response.text)
    assert "Counting back from 14 by 6 ends on 2" in text and "Advanced rules 1–2:" in text


def test_lists_may_be_repeated_or_separated_by_commas_or_spaces(client: FlaskClient) -> None:
    repeated = [("sequence", "21"), ("sequence", "J"), ("sequence", "11")]
    assert verdict_of(page(client, repeated)) == verdict_of(page(client, {"sequence": "21, J,11"})) == ("true", [])


def test_the_empty_page_offers_a_legal_and_an_illegal_example(client: FlaskClient) -> None:
    response = page(client, "lang=fr")
    assert response.status_code == 200 and 'id="verdict"' not in response.text
    examples = dict(re.findall(r'<a class="button" href="([^"]+)" data-example="(\w+)"', response.text))
    assert sorted(examples.values()) == ["illegal", "legal"]
    for href, kind in examples.items():
        assert "lang=fr" in href
        legal, _codes = verdict_of(client.get(html.unescape(href)))
        assert legal == ("true" if kind == "legal" else "false")


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_every_language_renders_the_verdict_in_its_words(client: FlaskClient, lang: str) -> None:
    response = page(client, {"sequence": "14 20 26", "rules": "advanced", "lang": lang})
    assert verdict_of(response) == ("false", ["bad-start"])
    text = html.unescape(response.text)
    assert f'<html lang="{lang}">' in text
    assert translator(lang, "web").gettext("Not legal") in text
    explanation = api_verdict(client, {"sequence": [14, 20, 26], "rules": "advanced", "lang": lang})["explanation"]
    assert explanation.splitlines()[0] in text
    assert "Nmbrs!" in text


# ----------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("params", "field", "expected"),
    [
        ({"sequence": "10 Q 30"}, "sequence", "“Q” is not a card. Write the sequence's cards"),
        ({"sequence": "10 101 30"}, "sequence", "101"),
        ({"sequence": "10 10 30"}, "sequence", "10"),
        ({"sequence": "J=200 10 30"}, "sequence", "J=200"),
        ({"sequence": "10 20 60", "rules": "simplified"}, "sequence", "60"),
        ({"sequence": "10 20 30", "rules": "expert"}, "rules", "“expert” cannot be used here. Choose the rules"),
        ({"rules": "basic"}, "sequence", "Fill in this field."),
    ],
)
def test_bad_input_is_refused_with_a_message_beside_its_field(
    client: FlaskClient, params: dict[str, str], field: str, expected: str
) -> None:
    response = page(client, params)
    assert expected in field_error(response, field)
    if field == "sequence":
        assert re.search(r'id="sequence"[^>]* aria-invalid="true"', response.text)


JOKER = {"en": "joker", "it": "jolly", "de": "Joker", "fr": "joker"}
"""The word a sequence is written with for a joker, in each language."""


@pytest.mark.parametrize("lang", SUPPORTED_LANGUAGES)
def test_the_hint_and_the_example_say_joker_in_words_and_the_field_reads_them(client: FlaskClient, lang: str) -> None:
    empty = page(client, f"lang={lang}")
    hint = re.search(r'<p class="hint" id="sequence-hint">([^<]*)</p>', empty.text)
    assert hint is not None and f"10 {JOKER[lang]} 30 40" in html.unescape(hint.group(1))
    assert not re.search(r"\bJ\b", html.unescape(hint.group(1)))
    for written in (f"10 {JOKER[lang]} 30 40", "10 J 30 40", f"10 {JOKER['it'].upper()}=20 30"):
        judged = page(client, {"sequence": written, "lang": lang})
        assert verdict_of(judged)[0] == "true", written
        field = re.search(r'<input id="sequence" name="sequence" type="text" value="([^"]*)"', judged.text)
        assert field is not None and html.unescape(field.group(1)).split()[1].startswith(JOKER[lang]), written

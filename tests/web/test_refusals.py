"""Every page refuses bad input in the reader's language: no English sentence of the engine or the schemas shows."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from flask.testing import FlaskClient

from tests.web.pages import field_error

REFUSED = [
    ("/nambarz/check", {"top": "3bee", "play": "1 +"}, "play"),
    ("/nambarz/check", {"top": "3xx", "play": "1"}, "top"),
    ("/nambarz/check", {"top": "3bee", "play": "7bee * 2"}, "play"),
    ("/nambarz/check", {"top": "3bee", "play": "5 + 5 + 5 + 5 + 5 - 17"}, "play"),
    ("/nambarz/check", {"top": "3bee", "play": "1 + 2", "rules": "real"}, "rules"),
    ("/nambarz/check", {"top": "3bee", "turn": "1 + 2 ;; 3"}, "turn"),
    ("/nambarz/check", {"top": "Jboth", "play": "3"}, "top"),
    ("/solve", {"top": "3bee", "hand": "1 zz"}, "hand"),
    ("/solve", {"top": "3bee"}, "hand"),
    ("/worksheet", {"level": "9"}, "level"),
    ("/worksheet", {"count": "3.5"}, "count"),
    ("/worksheet", {"kinds": "poem"}, "kinds"),
    ("/worksheet", {"key": "half"}, "key"),
    ("/practice", {"level": "2", "seed": "1", "number": "3", "answer": "not-legal", "reason": "boring"}, "reason"),
    ("/worksheet", {"title": " ", "seed": "x"}, "seed"),
    ("/practice", {"level": "9"}, "level"),
    ("/thegame/check", {"asc1": "1", "asc2": "1", "desc1": "100", "hand": "5", "draw_pile": "9"}, "desc2"),
    (
        "/thegame/check",
        {"asc1": "40", "asc2": "40", "desc1": "100", "desc2": "100", "hand": "5", "draw_pile": "9", "play": "5>asc1"},
        "piles",
    ),
    (
        "/thegame/check",
        {
            "asc1": "1",
            "asc2": "1",
            "desc1": "100",
            "desc2": "100",
            "hand": "5",
            "draw_pile": "9",
            "play": "5>asc1",
            "on_fire": "maybe",
        },
        "on_fire",
    ),
    (
        "/thegame/check",
        {"asc1": "1", "asc2": "1", "desc1": "100", "desc2": "100", "hand": "5", "draw_pile": "9", "play": "500>asc1"},
        "play",
    ),
    ("/thegame/check", {"variant": "easy", "hand": "5", "draw_pile": "9", "play": "5>asc1"}, "variant"),
    ("/quando/check", {"hand": "0 0 0 0 0 0 0 0 0 0 0", "plays_made": "1", "knock": "true"}, "hand"),
    ("/quando/check", {"hand": "3 4 5", "plays_made": "1", "knock": "false"}, "play"),
    ("/nmbrs/check", {"sequence": "10 Q 30"}, "sequence"),
    ("/nmbrs/check", {"sequence": "10 20 30", "rules": "expert"}, "rules"),
]
"""A page, a query it refuses, and the field the refusal stands beside."""


def refusal(client: FlaskClient, path: str, query: dict[str, str], field: str, lang: str) -> str:
    return field_error(client.get(f"{path}?{urlencode({**query, 'lang': lang})}"), field)


def sentences(message: str) -> list[str]:
    """The sentences of ``message`` with the texts it quotes taken out, which stay as the reader wrote them."""
    unquoted = re.sub(r"“[^”]*”", "", message)
    return [sentence.strip() for sentence in re.split(r"[.:;] ", unquoted) if len(sentence.split()) > 2]


@pytest.mark.parametrize(("path", "query", "field"), REFUSED)
@pytest.mark.parametrize("lang", ["it", "de", "fr"])
def test_a_refusal_says_what_is_wrong_and_what_to_write_in_the_pages_language(
    client: FlaskClient, path: str, query: dict[str, str], field: str, lang: str
) -> None:
    english = refusal(client, path, query, field, "en")
    translated = refusal(client, path, query, field, lang)
    assert english and translated
    for sentence in sentences(english):
        assert sentence not in translated, f"English left on the {lang} page: {sentence!r}"

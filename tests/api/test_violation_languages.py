"""Every answer that carries violations tells each one in the asked language, and keeps the referee's English.

``message`` is the sentence the explanation prints for the violation, in the
request's ``lang``; ``message_en`` is the referee's own English message, the
same in every language, which is ``message`` itself in English.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.conftest import Cli

LANGUAGES = ("it", "de", "fr")

NMBRS_ROW = [
    {"row": 0, "column": 0, "card": 10},
    {"row": 0, "column": 1, "card": "J", "value": 20},
    {"row": 0, "column": 2, "card": 30},
]

CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "nambarz play": ("/api/v1/nambarz/check", {"top": "3bee", "play": "6 + 5 + 2 - 10"}),
    "nambarz wrong result": ("/api/v1/nambarz/check", {"top": "1", "play": "2 - 3 + 2"}),
    "nambarz turn": ("/api/v1/nambarz/check", {"top": "5", "turn": "Jboth Jnumber 4"}),
    "nambarz later play": ("/api/v1/nambarz/check", {"top": "3", "turn": "2 + 1 ; Jreplay ; 8bee"}),
    "thegame check": (
        "/api/v1/thegame/check",
        {
            "piles": {"asc1": 47, "asc2": 1, "desc1": 65, "desc2": 100},
            "hand": [37, 75, 12],
            "draw_pile": 50,
            "play": [{"card": 12, "pile": "asc1"}],
        },
    ),
    "thegame hint": (
        "/api/v1/thegame/hint",
        {"piles": {"asc1": 98, "asc2": 99, "desc1": 2, "desc2": 3}, "hand": [50, 60], "draw_pile": 10},
    ),
    "quando check": ("/api/v1/quando/check", {"hand": [3, 4, 5, 9, 0, 0, 7], "plays_made": 1, "knock": True}),
    "quando play": ("/api/v1/quando/check", {"hand": [4, 5], "plays_made": 0, "play": [4, 6]}),
    "nmbrs check": ("/api/v1/nmbrs/check", {"sequence": ["14", 20, 26], "rules": "advanced"}),
    "nmbrs lay": (
        "/api/v1/nmbrs/lay",
        {
            "table": NMBRS_ROW,
            "hand": [20, "40", 5],
            "opened": True,
            "plays": [{"kind": "lay", "cards": [{"row": 0, "column": 3, "card": 5}]}],
        },
    ),
    "tutor exercises": ("/api/v1/tutor/exercises", {"level": 5, "count": 3, "seed": 1, "kinds": ["referee"]}),
}


SUMMARISED = {"thegame hint"}
"""Answers whose explanation sums the verdict up in a sentence of its own instead of listing its violations."""


def violation_lists(document: Any) -> Iterator[list[dict[str, Any]]]:
    """Every list of violations anywhere in an answer: the verdict's, each play's, an answer key's."""
    if isinstance(document, dict):
        for key, value in document.items():
            if key == "violations" and isinstance(value, list):
                yield value
            else:
                yield from violation_lists(value)
    elif isinstance(document, list):
        for item in document:
            yield from violation_lists(item)


def violations(document: Any) -> list[dict[str, Any]]:
    return [violation for listed in violation_lists(document) for violation in listed]


def asked(client: FlaskClient, case: str, lang: str) -> Any:
    path, body = CASES[case]
    response = client.post(path, json={**body, "lang": lang})
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def words(text: str) -> str:
    """Text with its line breaks and indents made single spaces, as Quando's wrapped explanations need."""
    return " ".join(text.split())


@pytest.mark.parametrize("case", CASES)
def test_in_english_message_is_the_referees_message_and_message_en_repeats_it(client: FlaskClient, case: str) -> None:
    english = violations(asked(client, case, "en"))
    assert english, f"{case}: the case should break a rule"
    for violation in english:
        assert violation["message"] == violation["message_en"]
        assert violation["message"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("case", CASES)
def test_message_is_in_the_asked_language_and_message_en_in_english(client: FlaskClient, case: str, lang: str) -> None:
    english = violations(asked(client, case, "en"))
    document = asked(client, case, lang)
    told = violations(document)
    assert [violation["code"] for violation in told] == [violation["code"] for violation in english]
    assert [violation["message_en"] for violation in told] == [violation["message"] for violation in english]
    for violation, in_english in zip(told, english, strict=True):
        assert violation["message"] != in_english["message"], (case, lang, violation)
    if "explanation" in document and case not in SUMMARISED:
        explanation = words(document["explanation"])
        for violation in told:
            message = words(violation["message"])
            sentence = message[:1].upper() + message[1:]  # a reason may open a sentence of the explanation
            assert message in explanation or sentence in explanation, (case, lang, message)


def test_the_command_line_prints_the_same_told_violations(client: FlaskClient, cli: Cli) -> None:
    document = cli.json("check", "--top", "3bee", "--play", "6 + 5 + 2 - 10", "--lang", "it")
    assert document["violations"] == asked(client, "nambarz play", "it")["violations"]
    assert document["violations"][0]["message"].startswith("bastano meno carte")


def test_a_request_without_lang_follows_accept_language(client: FlaskClient) -> None:
    path, body = CASES["quando check"]
    (violation,) = client.post(path, json=body, headers={"Accept-Language": "de"}).get_json()["violations"]
    assert violation["message"] == "du hast in dieser Runde noch nicht 2-mal gespielt"
    assert violation["message_en"] == "the player has played once this round; knocking needs 2 plays"

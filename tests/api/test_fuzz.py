"""No input of any kind may produce a 5xx: every answer is a 200, or JSON in the one error shape.

The app is built as in production (not ``TESTING``), so an exception it
does not handle comes back as the 500 a client would see.  Its search time
limit is short and hands stay small so that the run stays short: the time
limit itself is tested in ``tests/api/test_nambarz.py``.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.test import TestResponse

from api.app import create_app
from solver.nambarz import Deck
from tests.nambarz.strategies import DOMAIN_NAMES, OPERATOR_SUBSETS, card_spellings, deals

POST_ENDPOINTS = ("check", "solve", "plan", "score")
PATHS = (
    "/",
    "/api",
    "/api/docs",
    "/api/openapi.json",
    "/api/v1/health",
    "/api/v1/nambarz",
    "/api/v1/nambarz/deck",
    *(f"/api/v1/nambarz/{endpoint}" for endpoint in POST_ENDPOINTS),
)
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE")
CONTENT_TYPES = (
    None,
    "application/json",
    "application/json; charset=utf-8",
    "application/json; charset=latin-1",
    "text/plain",
    "text/json",
    "application/x-www-form-urlencoded",
    "multipart/form-data",
)

CARD_FACES = tuple(str(card) for card in Deck.default().faces())
NEAR_CARDS = (
    *("3ape", "9gallina", "5Katze", "8abeille", "jboth", "JREPLAY", " 3bee "),
    *("0", "11", "-3", "+3", "3.0", "1e3", "3fish", "10cat10", "J", "Jfoo", "bee", "x", "²", "٣", "３", "Ⅲ"),
)
"""Other languages and casings, and near misses: other numbers, figures and jokers, digits of other scripts."""

SIGNS = (" + ", " - ", " * ", " / ", " ; ")
ODD_SIGNS = ("×", "÷", "x", ":", "(", ")", ") + (", ";", " ", "", "^", "%", "=", "--", "//")
PLAY_SIGNS = (" + ", " - ", " * ", " / ", "+", "-", "×", "÷", ":", " x ")
PLAY_SEPARATORS = (" ; Jreplay ; ", " ; Jreplay ; ", " ; ")
"""Mostly with the Jreplay a turn needs between plays; without it a turn is refused."""


def examples(count: int) -> settings:
    return settings(
        max_examples=count,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app({"NAMBARZ_TIME_LIMIT": 0.05}).test_client()


# --------------------------------------------------------------------------- strategies

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**18, max_value=10**400).flatmap(lambda big: st.sampled_from((big, -big)))
    | st.floats()
    | st.text(max_size=12)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
"""Any JSON value: numbers too large for any field, floats with NaN and infinities, any unicode text."""

card_texts = st.one_of(
    st.sampled_from(CARD_FACES), st.sampled_from(CARD_FACES), st.sampled_from(NEAR_CARDS), st.text(max_size=6)
)
"""Mostly real cards; otherwise near misses or any text."""

signs = st.one_of(st.sampled_from(SIGNS), st.sampled_from(SIGNS), st.sampled_from(ODD_SIGNS))
expressions = st.tuples(card_texts, st.lists(st.tuples(signs, card_texts), max_size=7)).map(
    lambda parts: parts[0] + "".join(sign + card for sign, card in parts[1])
)
"""Plays and turns: cards (or anything) joined by operators, brackets and play separators, odd ones too."""

domain_texts = st.sampled_from(("natural", "integer", "rational")) | st.sampled_from(("Rational", "real", ""))
operator_texts = st.sampled_from(OPERATOR_SUBSETS) | st.text(alphabet="+-*/×÷x:^ ", max_size=6) | st.text(max_size=4)
names = st.sampled_from("ABCDEFGHIJKLM") | st.text(max_size=3)
whole_numbers = st.integers(-3, 50) | st.integers()


def either(proper: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly a value of the right kind; otherwise any JSON value at all."""
    return st.one_of(proper, proper, json_values)


@st.composite
def rounds(draw: st.DrawFn) -> dict[str, Any]:
    """A score request: seats, who went out, points and teams, each plausible or anything at all."""
    players = draw(either(st.lists(names, min_size=2, max_size=13, unique=True)))
    seated = players if isinstance(players, list) and players and all(isinstance(name, str) for name in players) else []
    someone = st.sampled_from(seated) if seated else names
    body = {"players": players, "finished": draw(either(st.lists(someone, max_size=8, unique=True)))}
    optional = {
        "master": either(st.dictionaries(someone, whole_numbers, max_size=6)),
        "teams": either(st.lists(st.lists(someone, min_size=1, max_size=4), max_size=4)),
        "left": either(st.dictionaries(someone, whole_numbers, max_size=6)),
        "unknown": json_values,
    }
    for field, values in optional.items():
        if draw(st.booleans()):
            body[field] = draw(values)
    return body


rules_fields = {"rules": either(domain_texts), "ops": either(operator_texts), "unknown": json_values}
hands = st.lists(card_texts, max_size=8)

bodies_by_endpoint: dict[str, st.SearchStrategy[Any]] = {
    "check": st.fixed_dictionaries(
        {"top": either(card_texts)},
        optional={"play": either(expressions), "turn": either(expressions), **rules_fields},
    ),
    "solve": st.fixed_dictionaries({"top": either(card_texts), "hand": either(hands)}, optional=rules_fields),
    "plan": st.fixed_dictionaries(
        {"top": either(card_texts), "hand": either(hands)},
        optional={"count": either(whole_numbers), **rules_fields},
    ),
    "score": rounds(),
}


@st.composite
def real_requests(draw: st.DrawFn, endpoint: str) -> dict[str, Any]:
    """A well-formed request with cards dealt from one deck, so that the engine itself is exercised.

    A check gets the hand as one play or cut into a turn; solve and plan get
    it as the hand.  The top card may be a change joker, which only a turn
    and the planner accept.  In a turn every joker is a play of its own,
    and most plays follow a Jreplay.
    """
    deal = draw(deals(min_cards=1, max_cards=8))
    top = draw(st.sampled_from((str(deal.top), str(deal.top), str(deal.top), "Jnumber", "Jfigure", "Jboth")))
    body: dict[str, Any] = {
        "top": top,
        "rules": draw(st.sampled_from(DOMAIN_NAMES)),
        "ops": draw(st.sampled_from(OPERATOR_SUBSETS)),
    }
    cards = draw(st.permutations(deal.hand))
    spellings = [draw(card_spellings(card)).strip() for card in cards]
    if endpoint != "check":
        body["hand"] = spellings
        if endpoint == "plan":
            body["count"] = draw(st.integers(1, 20))
        return body
    jokers = [index for index, card in enumerate(cards) if card.is_joker]
    chosen: set[int] = draw(st.sets(st.integers(1, len(cards) - 1))) if len(cards) > 1 else set()
    cuts = sorted(chosen | {index for joker in jokers for index in (joker, joker + 1) if 0 < index < len(cards)})
    plays = [spellings[start:end] for start, end in zip([0, *cuts], [*cuts, len(cards)], strict=True)]
    texts = [
        "".join(card if not index else draw(st.sampled_from(PLAY_SIGNS)) + card for index, card in enumerate(play))
        for play in plays
    ]
    text = texts[0] + "".join(draw(st.sampled_from(PLAY_SEPARATORS)) + play for play in texts[1:])
    body["play" if len(plays) == 1 and draw(st.booleans()) else "turn"] = text
    return body


raw_bodies = (
    st.binary(max_size=200)
    | st.text(max_size=200).map(str.encode)
    | st.integers(1, 5000).map(lambda depth: ("[" * depth + "]" * depth).encode())
    | st.integers(1, 6000).map(lambda digits: ('{"count": 1' + "0" * digits + "}").encode())
    | json_values.map(repr).map(str.encode)
)
"""Bytes that are rarely JSON: noise, nesting deeper than a parser's stack, numbers too long to read."""

path_texts = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=30)
paths = st.sampled_from(PATHS) | st.tuples(st.sampled_from(PATHS), path_texts).map("/".join).map(
    lambda path: "/" + path.lstrip("/")
)
"""Known paths, and paths below them; never starting ``//``, which a client would read as a host name."""


# --------------------------------------------------------------------------- checks


def is_api_path(path: str) -> bool:
    """Whether ``path`` is the API's (JSON answers and errors) rather than a page's (HTML)."""
    return path == "/api" or path.startswith("/api/")


def assert_no_server_error(
    response: TestResponse, sent: object, *, method: str = "POST", api: bool = True, json_answer: bool = True
) -> None:
    """Below 500; an API's error is JSON in the one error shape, and its 200 is JSON too; a page's is HTML.

    ``sent`` describes the request for the failure message; ``api`` says its errors are JSON (else HTML
    pages), ``json_answer`` that its 200 is JSON too (not for the documentation at ``/api/docs``).
    """
    request = repr(sent)[:300]
    assert response.status_code < 500, f"{request} -> {response.get_data(as_text=True)}"
    if not api:  # a page, or an error page, for a person
        assert method in ("HEAD", "OPTIONS") or response.mimetype == "text/html", (request, response.status_code)
        return
    if method == "HEAD" or (response.status_code == 200 and (not json_answer or method == "OPTIONS")):
        return
    assert response.mimetype == "application/json", (request, response.status_code, response.get_data(as_text=True))
    body = response.get_json()
    if response.status_code == 200:
        assert isinstance(body, dict)
        return
    assert {"code", "status", "message"} <= set(body) <= {"code", "status", "message", "errors"}, (request, body)
    assert body["code"] == response.status_code


# --------------------------------------------------------------------------- tests


@pytest.mark.parametrize("endpoint", POST_ENDPOINTS)
@examples(100)
@given(body=json_values)
def test_any_json_value_posted_to_an_endpoint_is_answered_without_a_server_error(
    client: FlaskClient, endpoint: str, body: Any
) -> None:
    assert_no_server_error(client.post(f"/api/v1/nambarz/{endpoint}", json=body), body)


@pytest.mark.parametrize("endpoint", POST_ENDPOINTS)
@examples(200)
@given(data=st.data())
def test_the_right_fields_with_any_values_are_answered_without_a_server_error(
    client: FlaskClient, endpoint: str, data: st.DataObject
) -> None:
    body = data.draw(bodies_by_endpoint[endpoint], label="body")
    assert_no_server_error(client.post(f"/api/v1/nambarz/{endpoint}", json=body), body)


@pytest.mark.parametrize("endpoint", ("check", "solve", "plan"))
@examples(300)
@given(data=st.data())
def test_well_formed_requests_with_real_cards_are_answered_without_a_server_error(
    client: FlaskClient, endpoint: str, data: st.DataObject
) -> None:
    body = data.draw(real_requests(endpoint), label="body")
    response = client.post(f"/api/v1/nambarz/{endpoint}", json=body)
    assert_no_server_error(response, body)
    assert response.status_code in (200, 422), (body, response.get_json())


@examples(300)
@given(endpoint=st.sampled_from(POST_ENDPOINTS), body=raw_bodies, content_type=st.sampled_from(CONTENT_TYPES))
def test_any_bytes_with_any_content_type_are_answered_without_a_server_error(
    client: FlaskClient, endpoint: str, body: bytes, content_type: str | None
) -> None:
    response = client.post(f"/api/v1/nambarz/{endpoint}", data=body, content_type=content_type)
    assert_no_server_error(response, (endpoint, content_type, body))


@examples(400)
@given(
    method=st.sampled_from(METHODS),
    path=paths,
    body=st.none() | raw_bodies,
    content_type=st.sampled_from(CONTENT_TYPES),
)
def test_any_method_on_any_path_is_answered_without_a_server_error(
    client: FlaskClient, method: str, path: str, body: bytes | None, content_type: str | None
) -> None:
    response = client.open(path, method=method, data=body, content_type=content_type)
    assert_no_server_error(
        response,
        (method, path, content_type, body),
        method=method,
        api=is_api_path(path),
        json_answer=path.startswith("/api/v1/"),
    )


HOSTILE_BODIES = {
    "huge number": b'{"count": ' + b"7" * 5000 + b"}",
    "huge number in a list": b'{"hand": [1, ' + b"3" * 4400 + b"]}",
    "deep nesting": b"[" * 20_000 + b"]" * 20_000,
    "deep nesting in a field": b'{"hand": ' + b"[" * 40 + b"]" * 40 + b"}",
    "lone surrogate": b'{"title": "week \\ud800"}',
    "lone surrogate key": b'{"\\udfff": 1}',
    "invalid UTF-8": b'{"title": "\xc3\x28"}',
    "truncated": b'{"count": 3',
    "empty": b"",
}
"""Bodies that Python's JSON reader refuses in ways of its own, or that hold text no client can mean."""

BODY_ENDPOINTS = (
    *(f"/api/v1/nambarz/{endpoint}" for endpoint in POST_ENDPOINTS),
    "/api/v1/tutor/exercises",
    "/api/v1/tutor/worksheet",
    "/api/v1/thegame/check",
    "/api/v1/quando/check",
    "/api/v1/nmbrs/check",
)


@pytest.mark.parametrize("endpoint", BODY_ENDPOINTS)
@pytest.mark.parametrize("body", HOSTILE_BODIES.values(), ids=HOSTILE_BODIES.keys())
def test_a_hostile_body_is_refused_with_400_never_read_as_an_empty_one(
    client: FlaskClient, endpoint: str, body: bytes
) -> None:
    response = client.post(endpoint, data=body, content_type="application/json")
    assert_no_server_error(response, (endpoint, body[:80]))
    assert response.status_code == 400
    assert response.get_json()["message"].startswith("the JSON body ")


@pytest.mark.parametrize("count", [3.5, "3", True, None])
def test_a_count_of_the_wrong_type_is_refused_with_422(client: FlaskClient, count: object) -> None:
    response = client.post("/api/v1/tutor/exercises", json={"count": count})
    assert response.status_code == 422
    assert "count" in response.get_json()["errors"]["json"]

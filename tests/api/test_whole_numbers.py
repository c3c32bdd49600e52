"""Every whole number a request body holds is a JSON integer: never cut from a fraction, never read from text.

marshmallow's ``Integer`` field turns ``3.5`` into 3 and ``"3"`` into 3
unless it is strict, so a count sent as ``3.5`` used to list three turns
with a 200.  Each field that reads a whole number from a JSON body is
strict, which the first test checks on every endpoint's body schema, nested
fields and the values of lists and objects included; the others send such
bodies and expect the 422 that names the field.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from marshmallow import Schema, fields


def body_schemas(app: Flask) -> Iterator[tuple[str, Schema]]:
    """Each endpoint of ``app`` that reads a JSON body, with the schema it reads it by."""
    for endpoint, view in app.view_functions.items():
        view_class = getattr(view, "view_class", None)
        handlers = [getattr(view_class, method.lower()) for method in view_class.methods] if view_class else [view]
        for handler in handlers:
            for argument in getattr(handler, "_apidoc", {}).get("arguments", {}).get("parameters", []):
                if argument.get("in") == "json":
                    schema = argument["schema"]
                    yield endpoint, schema() if isinstance(schema, type) else schema


def whole_number_fields(field: fields.Field[Any], path: str) -> Iterator[tuple[str, fields.Integer]]:
    """Every ``Integer`` field within ``field``: itself, a list's items, an object's values, a nested schema's."""
    if isinstance(field, fields.Integer):
        yield path, field
    elif isinstance(field, fields.List):
        yield from whole_number_fields(field.inner, f"{path}[]")
    elif isinstance(field, fields.Dict) and field.value_field is not None:
        yield from whole_number_fields(field.value_field, f"{path}{{}}")
    elif isinstance(field, fields.Nested):
        yield from schema_whole_numbers(field.schema, path)


def schema_whole_numbers(schema: Schema, path: str = "") -> Iterator[tuple[str, fields.Integer]]:
    for name, field in schema.load_fields.items():
        yield from whole_number_fields(field, f"{path}.{name}" if path else name)


def test_every_whole_number_of_every_body_is_read_strictly(app: Flask) -> None:
    read = {
        f"{endpoint}: {path}": field.strict
        for endpoint, schema in body_schemas(app)
        for path, field in schema_whole_numbers(schema)
    }
    assert "nambarz.Plan: count" in read and "nambarz.Score: master{}" in read
    assert [name for name, strict in read.items() if not strict] == []


@pytest.mark.parametrize("count", [3.5, "3", True, 3.0], ids=["fraction", "digits", "truth", "written-with-a-point"])
def test_a_plan_refuses_a_count_that_is_not_a_whole_json_number(client: FlaskClient, count: Any) -> None:
    answer = client.post("/api/v1/nambarz/plan", json={"top": "3", "hand": ["1", "2", "4", "6"], "count": count})
    assert answer.status_code == 422, answer.text
    assert list(answer.get_json()["errors"]["json"]) == ["count"]


def test_a_plan_takes_a_whole_json_number_as_its_count(client: FlaskClient) -> None:
    answer = client.post("/api/v1/nambarz/plan", json={"top": "3", "hand": ["1", "2", "4", "6"], "count": 2})
    assert answer.status_code == 200
    assert 1 <= len(answer.get_json()["turns"]) <= 2


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/v1/nambarz/score", {"players": ["A", "B"], "finished": ["B"], "master": {"A": 7.5}}, "master"),
        ("/api/v1/nambarz/score", {"players": ["A", "B"], "finished": ["B"], "left": {"A": "1"}}, "left"),
        ("/api/v1/tutor/exercises", {"count": 2.5, "level": 1}, "count"),
        ("/api/v1/tutor/hint", {"top": "3", "hand": ["1", "2"], "level": "2"}, "level"),
        ("/api/v1/quando/score", {"sums": {"A": 2.5, "B": 3}}, "sums"),
        (
            "/api/v1/thegame/hint",
            {"piles": {"asc1": 1, "asc2": 1, "desc1": 100, "desc2": 100}, "hand": [2.5], "draw_pile": 0},
            "hand",
        ),
    ],
)
def test_every_kind_of_whole_number_refuses_fractions_and_text(
    client: FlaskClient, path: str, body: dict[str, Any], field: str
) -> None:
    answer = client.post(path, json=body)
    assert answer.status_code == 422, answer.text
    assert field in answer.get_json()["errors"]["json"]

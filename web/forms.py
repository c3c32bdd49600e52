"""Reading a page's query string with the API's request schemas, so a page and the API refuse alike.

A page never fails on bad input: each field's problem is shown beside it.
The schemas are strict about types, as the API is: a page turns the numbers
of its query string into integers before loading them.

>>> from api.schemas.tutor import ExercisesRequestSchema
>>> load_query(ExercisesRequestSchema(), {"count": 3, "level": 9})
(None, {'level': 'expected a level from 1 to 5'})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, ValidationError


def load_query(schema: Schema, values: Mapping[str, Any]) -> tuple[dict[str, Any] | None, dict[str, str]]:
    """``values`` read by ``schema``: the request and no errors, or ``None`` and one message per field.

    Empty values count as absent, so a form sent with a blank field takes the
    field's default.  A problem with the whole request is filed under ``_schema``.
    """
    present = {name: value for name, value in values.items() if value not in ("", None, [])}
    try:
        return schema.load(present), {}
    except ValidationError as error:
        return None, {field: _first_message(messages) for field, messages in _by_field(error.messages).items()}


def _by_field(messages: Any) -> dict[str, Any]:
    return messages if isinstance(messages, dict) else {"_schema": messages}


def _first_message(messages: Any) -> str:
    """The first message of a field's messages, however deep marshmallow nested them."""
    while isinstance(messages, (list, dict)):
        messages = next(iter(messages.values() if isinstance(messages, dict) else messages), "")
    return str(messages)

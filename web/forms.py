"""Reading a page's query string with the API's request schemas, so a page and the API refuse alike.

A page never fails on bad input: each field's problem is shown beside it.
The schemas are strict about types, as the API is: a page turns the numbers
of its query string into integers (:func:`whole_number`) and its check boxes
into truth values (:func:`flag`) before loading them, and reads a list given
as repeated parameters or as separated text (:func:`listed_values`).

>>> from api.schemas.tutor import ExercisesRequestSchema
>>> load_query(ExercisesRequestSchema(), {"count": 3, "level": 9})
(None, {'level': 'expected a level from 1 to 5'})
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from marshmallow import Schema, ValidationError

from web.language import page_translations


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


MISSING = "Missing data for required field."
"""marshmallow's message for a required field left out, which :func:`missing_worded` words for the reader."""

_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


def listed_values(values: Iterable[str]) -> list[str]:
    """The items of a list parameter, given repeated, as comma- or space-separated text, or both.

    >>> listed_values(["37, 75", "12"]), listed_values(["3 4,5"]), listed_values([" "])
    (['37', '75', '12'], ['3', '4', '5'], [])
    """
    return [item for value in values for item in value.replace(",", " ").split()]


def whole_number(text: str) -> int | str:
    """``text`` as a whole number for a strict schema, or unchanged, so that the schema refuses it naming the field.

    >>> whole_number(" 47 "), whole_number("4.5"), whole_number("")
    (47, '4.5', '')
    """
    stripped = text.strip()
    return int(stripped) if _WHOLE_NUMBER.fullmatch(stripped) else stripped


def number_errors(values: Mapping[str, Any], names: Iterable[str]) -> dict[str, str]:
    """A message in the page's language for each of the fields ``names`` that :func:`whole_number` could not read.

    A field's value is one number or a list of them; the message quotes the first text that is not one.

    >>> from flask import Flask
    >>> with Flask(__name__).test_request_context("/?lang=en"):
    ...     number_errors({"hand": [37, "7x"], "draw_pile": 50, "plays_made": ""}, ["hand", "draw_pile", "plays_made"])
    {'hand': '“7x” is not a whole number.'}
    """
    translations = page_translations()
    errors = {}
    for name in names:
        value = values.get(name)
        items = value if isinstance(value, list) else [value]
        text = next((item for item in items if isinstance(item, str) and item), None)
        if text is not None:
            errors[name] = translations.gettext("“%(text)s” is not a whole number.") % {"text": text}
    return errors


def flag(text: str) -> bool | str:
    """A check box's or a link's truth value, or the text unchanged, so that the schema refuses it naming the field.

    >>> flag("true"), flag("on"), flag("0"), flag("maybe")
    (True, True, False, 'maybe')
    """
    word = text.strip().casefold()
    if word in ("true", "on", "1", "yes"):
        return True
    if word in ("false", "off", "0", "no"):
        return False
    return text.strip()


def missing_worded(errors: Mapping[str, str]) -> dict[str, str]:
    """``errors`` with marshmallow's message for a field left out replaced by a request, in the page's language.

    >>> from flask import Flask
    >>> with Flask(__name__).test_request_context("/?lang=en"):
    ...     missing_worded({"hand": MISSING, "play": "expected CARD>PILE"})
    {'hand': 'Fill in this field.', 'play': 'expected CARD>PILE'}
    """
    prompt = page_translations().gettext("Fill in this field.")
    return {field: prompt if message == MISSING else message for field, message in errors.items()}

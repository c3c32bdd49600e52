"""Reading a page's query string with the API's request schemas, so a page and the API refuse alike.

A page never fails on bad input: each field's problem is shown beside it.
The schemas are strict about types, as the API is: a page turns the numbers
of its query string into integers (:func:`whole_number`) and its check boxes
into truth values (:func:`flag`) before loading them, and reads a list given
as repeated parameters or as separated text (:func:`listed_values`).

>>> from flask import Flask
>>> from services.schemas.tutor import ExercisesRequestSchema
>>> from web.language import choose_language
>>> with Flask(__name__).test_request_context("/?lang=de"):
...     _ = choose_language()
...     load_query(ExercisesRequestSchema(), {"count": 3, "level": 9}, {"level": "Wähle eine Stufe."})
(None, {'level': '„9“ passt hier nicht. Wähle eine Stufe.'})
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from web.language import page_translations
from web.refusals import refusal


def load_query(
    schema: Schema, values: Mapping[str, Any], expectations: Mapping[str, str] | None = None
) -> tuple[dict[str, Any] | None, dict[str, str]]:
    """``values`` read by ``schema``: the request and no errors, or ``None`` and one message per field.

    Each message is a :func:`~web.refusals.refusal` in the page's language:
    what is wrong with the value, then the field's sentence from
    ``expectations``.  Empty values count as absent, so a form sent with a
    blank field takes the field's default.  A problem with the whole request
    is filed under ``_schema``.
    """
    present = {name: value for name, value in values.items() if value not in ("", None, [])}
    try:
        return schema.load(present), {}
    except ValidationError as error:
        expectations = expectations or {}
        errors = {}
        for field, messages in _by_field(error.messages).items():
            message, index = _first_message(messages)
            value = present.get(field)
            if index is not None and isinstance(value, list) and 0 <= index < len(value):
                value = value[index]
            errors[field] = refusal(message, value, expectations.get(field) or _validated(schema.fields.get(field)))
        return None, errors


def _validated(field: fields.Field[Any] | None) -> str:
    """What a field's validators accept, in the page's language: a range of numbers or a list of choices.

    >>> from flask import Flask
    >>> from web.language import choose_language
    >>> with Flask(__name__).test_request_context("/?lang=de"):
    ...     _ = choose_language()
    ...     _validated(fields.Integer(validate=validate.Range(1, 5))), _validated(fields.String())
    ('Wähle eine Zahl von 1 bis 5.', '')
    """
    if isinstance(field, fields.List):
        field = field.inner
    t = page_translations()
    if isinstance(field, fields.Boolean):
        return t.gettext("Tick the box, or leave it empty.")
    for validator in field.validators if field is not None else ():
        if isinstance(validator, validate.Range) and validator.min is not None and validator.max is not None:
            return t.gettext("Choose a number from %(min)s to %(max)s.") % {"min": validator.min, "max": validator.max}
        if isinstance(validator, validate.Range) and validator.min is not None:
            return t.gettext("Choose a number from %(min)s on.") % {"min": validator.min}
        if isinstance(validator, validate.OneOf):
            choices = ", ".join(str(choice) for choice in validator.choices)
            return t.gettext("Choose one of: %(choices)s.") % {"choices": choices}
    return ""


def _by_field(messages: Any) -> dict[str, Any]:
    return messages if isinstance(messages, dict) else {"_schema": messages}


def _first_message(messages: Any) -> tuple[Any, int | None]:
    """The first message of a field's messages, however deep marshmallow nested them, and the list item it is of."""
    index = None
    while isinstance(messages, (list, dict)):
        if isinstance(messages, dict):
            key, messages = next(iter(messages.items()), (None, ""))
            index = key if isinstance(key, int) else index
        else:
            messages = next(iter(messages), "")
    return messages, index


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

"""Reading a request's JSON body strictly, so that no hostile body is taken for an empty one.

Python's own reader refuses some bodies with errors that are not JSON
errors (a number of more than 4,300 digits, nesting deep enough to exhaust
the stack), and accepts text no client should send (a ``\\ud800`` escape
that leaves a lone surrogate in a string).  Left to the request parser,
the first two were read as an empty body, so a request answered 200 with
default values.  :func:`read_json_body` reads the body once, before any
view, and says in one line what is wrong.

>>> read_json_body(b'{"count": 3}')
{'count': 3}
>>> read_json_body(b'{"count": ' + b"9" * 5000 + b"}")
Traceback (most recent call last):
...
api.json_body.BodyError: the JSON body has a number of more than 4300 digits
>>> read_json_body(b"[" * 100 + b"]" * 100)
Traceback (most recent call last):
...
api.json_body.BodyError: the JSON body is nested more than 32 levels deep
>>> read_json_body(b'{"title": "\\\\ud800"}')
Traceback (most recent call last):
...
api.json_body.BodyError: the JSON body has a string with a lone surrogate (\\ud800), which is not text
"""

from __future__ import annotations

import json
import sys
from typing import Any

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects a body may have; the deepest request needs 4."""


class BodyError(ValueError):
    """A request body that is not a JSON document a client could mean."""


def read_json_body(data: bytes) -> Any:
    """The JSON document ``data`` holds, or :class:`BodyError` saying why it is not one."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BodyError(f"the JSON body is not UTF-8: byte {error.start + 1} cannot start a character") from None
    _require_shallow(text)
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise BodyError(f"the JSON body is not JSON: {error.msg} at character {error.pos + 1}") from None
    except ValueError:  # the only other error json raises: the limit on digits of an integer
        raise BodyError(f"the JSON body has a number of more than {sys.get_int_max_str_digits()} digits") from None
    _require_text(document)
    return document


def _require_shallow(text: str) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` before parsing, counting brackets outside strings."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise BodyError(f"the JSON body is nested more than {MAX_DEPTH} levels deep")
        elif char in "]}":
            depth -= 1


def _require_text(document: Any) -> None:
    """Refuse a string (or key) holding a lone surrogate, which no encoding can write."""
    pending = [document]
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            pending.extend(value.keys())
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as error:
                surrogate = value[error.start].encode("unicode_escape").decode("ascii")
                raise BodyError(
                    f"the JSON body has a string with a lone surrogate ({surrogate}), which is not text"
                ) from None

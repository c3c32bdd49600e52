"""Reading a request's JSON body strictly and without waiting forever, so no hostile body passes for an empty one.

Python's own reader refuses some bodies with errors that are not JSON
errors (a number of more than 4,300 digits, nesting deep enough to exhaust
the stack), and accepts text no client should send (a ``\\ud800`` escape
that leaves a lone surrogate in a string).  Left to the request parser,
the first two were read as an empty body, so a request answered 200 with
default values.  :func:`read_json_body` reads the body once, before any
view, and says in one line what is wrong.  :func:`receive_body` reads the
body off the client's socket, giving up once the client has sent nothing for
:data:`BODY_SILENCE_TIMEOUT` seconds (a client that announces more bytes
than it sends), and refuses a chunked body (one that announces no length)
that reaches the app's limit (``MAX_CONTENT_LENGTH``) with a 413.

>>> read_json_body(b'{"count": 3}')
{'count': 3}
>>> read_json_body(b'{"count": ' + b"9" * 5000 + b"}")
Traceback (most recent call last):
...
services.json_body.BodyError: the JSON body has a number of more than 4300 digits
>>> read_json_body(b"[" * 100 + b"]" * 100)
Traceback (most recent call last):
...
services.json_body.BodyError: the JSON body is nested more than 32 levels deep
>>> read_json_body(b'{"title": "\\\\ud800"}')
Traceback (most recent call last):
...
services.json_body.BodyError: the JSON body has a string with a lone surrogate (\\ud800), which is not text
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the command line reads its JSON files here too, without loading the web server
    from flask import Request

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects a body may have; the deepest request needs 4."""

BODY_SILENCE_TIMEOUT = 10.0
"""Seconds a client may send nothing while its body is incomplete before the request is answered 408."""


class BodyError(ValueError):
    """A request body that is not a JSON document a client could mean."""


class BodyTimeoutError(Exception):
    """The client stopped sending its body before the length it announced."""


def receive_body(request: Request, silence_timeout: float = BODY_SILENCE_TIMEOUT) -> bytes:
    """The request's body, or :class:`BodyTimeoutError` once the client is silent for ``silence_timeout`` seconds.

    The timeout is set on the client's socket as gunicorn hands it to the
    app (``gunicorn.socket``) for the time of the read, then restored; under
    another server (or a test client) the body is read as it is.
    """
    from werkzeug.exceptions import ClientDisconnected  # noqa: PLC0415 - see the imports

    client = request.environ.get("gunicorn.socket")
    if client is None:
        return _whole_body(request)
    previous = client.gettimeout()
    client.settimeout(silence_timeout)
    try:
        return _whole_body(request)
    except ClientDisconnected as error:  # Werkzeug's word for any failed read, a timeout included
        if isinstance(error.__context__, TimeoutError):
            raise BodyTimeoutError(f"the body stopped arriving: nothing for {silence_timeout:g} s") from None
        raise
    finally:
        client.settimeout(previous)


def _whole_body(request: Request) -> bytes:
    """The body, or a 413 for a chunked body that fills the app's limit (Werkzeug stops reading it there)."""
    from werkzeug.exceptions import RequestEntityTooLarge  # noqa: PLC0415 - see the imports

    data = request.get_data(cache=True)
    limit = request.max_content_length
    if request.content_length is None and limit is not None and len(data) >= limit:
        raise RequestEntityTooLarge(f"the chunked body reached the limit of {limit // 1024} KiB")
    return data


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

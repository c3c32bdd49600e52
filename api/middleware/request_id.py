"""The request id: a name for each request, in its answer's ``X-Request-Id`` header, the access log and the app's log.

An operator given the id by a user (or finding it in the access log beside
a slow or failed request) finds the same request in every log: nginx's,
gunicorn's access log (``nambarz serve`` writes the header in each line)
and the app's own lines, such as the traceback of a 500, which
:class:`RequestIdLogFilter` prefixes with ``request <id>:``.

A request that came through a trusted proxy keeps the id the proxy gave it
(nginx's ``$request_id``) when it looks like one: 16 to 64 letters, digits,
``-``, ``_`` or ``.`` (so that it cannot forge a header or a log line).
Only a trusted proxy's id arrives here at all: :mod:`api.middleware.proxy` removes the
header from any other request.  Every other request gets a new id, 32
hexadecimal digits from :mod:`secrets`, the form of nginx's.  The Flask
extension that does this, Flask-Log-Request-Id, has had no release since
2019 and takes the header's value as it comes (``docs/libraries.md``).

>>> from api.app import create_app
>>> client = create_app({"TESTING": True}).test_client()
>>> len(client.get("/api/v1/health").headers["X-Request-Id"])
32
>>> client.get("/api/v1/health", headers={"X-Request-Id": "made-up-by-the-client"}).headers["X-Request-Id"] != (
...     "made-up-by-the-client")
True
"""

from __future__ import annotations

import logging
import re
import secrets

from flask import Flask, Response, has_request_context, request

from api.middleware.redaction import JOIN_TOKEN_FILTER

HEADER = "X-Request-Id"
"""The header that carries the id, to the app from a proxy and from the app in every answer."""

ENVIRON_KEY = "nambarz.request_id"
"""Where the id is kept in the WSGI environment (gunicorn's access log could name it ``%({nambarz.request_id}e)s``)."""

RECEIVED_ID = re.compile(r"[0-9A-Za-z._-]{16,64}")
"""An id a trusted proxy may give: long enough to be unique, short and plain enough for a header and a log line."""


def new_request_id() -> str:
    """A new id: 32 random hexadecimal digits.

    >>> len(new_request_id()), new_request_id() != new_request_id()
    (32, True)
    """
    return secrets.token_hex(16)


def request_id() -> str:
    """The id of the request being answered: the trusted proxy's, else a new one, the same every time it is asked."""
    environ = request.environ
    if ENVIRON_KEY not in environ:
        received = environ.get("HTTP_X_REQUEST_ID", "")
        environ[ENVIRON_KEY] = received if RECEIVED_ID.fullmatch(received) else new_request_id()
    return str(environ[ENVIRON_KEY])


class RequestIdLogFilter(logging.Filter):
    """Prefixes each record logged while a request is answered with ``request <id>:``, and sets its ``request_id``."""

    def filter(self, record: logging.LogRecord) -> bool:
        if has_request_context() and not hasattr(record, "request_id"):
            identifier = request_id()
            record.request_id = identifier  # as logging's extra= would add it
            record.msg = f"request {identifier}: {record.msg}"
        return True


LOG_FILTER = RequestIdLogFilter()
"""The one filter, added once to the logger that every app of this package shares (its name is ``api.app``)."""


def _send_request_id(response: Response) -> Response:
    response.headers[HEADER] = request_id()
    return response


def install(app: Flask) -> None:
    """Give every answer of ``app`` its request's ``X-Request-Id``, and every line of ``app.logger`` the id."""
    app.after_request(_send_request_id)
    app.logger.addFilter(LOG_FILTER)  # a filter already there is not added again
    app.logger.addFilter(JOIN_TOKEN_FILTER)  # after it: Flask's line about a failed request quotes its path

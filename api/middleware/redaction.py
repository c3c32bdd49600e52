"""Secrets kept out of the logs: a seat's join link and a class's teacher link are written without their tokens.

A seat's join link (``/play/<game>/join/<token>``, :mod:`web.play`) holds
the seat's secret in its address, and so does a class's teacher link
(``/teach/<token>``, :mod:`web.classes`), so every log line that quotes an address
would keep it: the request line, the path, the raw URI and the Referer of
the next request.  :func:`without_join_tokens` cuts the token out of any
text, leaving ``/play/<game>/join/...``, so that the log still says which
game's link was opened.  gunicorn's access log (:mod:`api.middleware.access_log`) and
every line of the app's log and of gunicorn's error log (which quotes the
address of a request it could not answer) passes through
:class:`JoinTokenFilter`; nginx's access log line does the same with a
``map`` (``deploy/nginx/nambarz.conf``).

>>> without_join_tokens("GET /play/Zq3/join/s3cr3t-T0k_en?lang=it HTTP/1.1")
'GET /play/Zq3/join/...?lang=it HTTP/1.1'
>>> without_join_tokens("https://nambarz.example.org/play/Zq3/join/s3cr3t")
'https://nambarz.example.org/play/Zq3/join/...'
>>> without_join_tokens("GET /play/Zq3/seat/0 HTTP/1.1")
'GET /play/Zq3/seat/0 HTTP/1.1'
>>> without_join_tokens("POST /teach/s3cr3t-T0k_en/delete HTTP/1.1")
'POST /teach/.../delete HTTP/1.1'
"""

from __future__ import annotations

import logging
import re

HIDDEN = "..."
"""What stands in a logged join link in place of its token."""

JOIN_LINK = re.compile(r"(/play/[^/?#\s\"]+/join/|/teach/)[^/?#\s\"]+")
"""A join link's or a teacher link's path, up to its token (the routes of :data:`web.site.GAME_PAGES`)."""


def without_join_tokens(text: str) -> str:
    """``text`` with the token of every join link in it replaced by :data:`HIDDEN`."""
    return JOIN_LINK.sub(rf"\g<1>{HIDDEN}", text)


class JoinTokenFilter(logging.Filter):
    """Cuts a join link's token out of a log record's whole message, its arguments included.

    >>> record = logging.LogRecord("gunicorn.error", logging.ERROR, "", 0, "Error handling request %s",
    ...                            ("/play/Zq3/join/s3cr3t",), None)
    >>> JOIN_TOKEN_FILTER.filter(record), record.getMessage()
    (True, 'Error handling request /play/Zq3/join/...')
    """

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = without_join_tokens(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


JOIN_TOKEN_FILTER = JoinTokenFilter()
"""The one filter, added to the app's logger and to gunicorn's error log."""

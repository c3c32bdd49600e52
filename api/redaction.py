"""Secrets kept out of the logs: a seat's join link is written without its token.

A seat's join link (``/play/<game>/join/<token>``, :mod:`web.play`) holds
the seat's secret in its address, so every log line that quotes an address
would keep it: the request line, the path, the raw URI and the Referer of
the next request.  :func:`without_join_tokens` cuts the token out of any
text, leaving ``/play/<game>/join/...``, so that the log still says which
game's link was opened.  gunicorn's access log (:mod:`api.access_log`) and
the app's own log lines about a request (:mod:`api.request_id`) pass
everything they write through it; nginx's log line does the same with a
``map`` (``deploy/nginx/nambarz.conf``).

>>> without_join_tokens("GET /play/Zq3/join/s3cr3t-T0k_en?lang=it HTTP/1.1")
'GET /play/Zq3/join/...?lang=it HTTP/1.1'
>>> without_join_tokens("https://nambarz.example.org/play/Zq3/join/s3cr3t")
'https://nambarz.example.org/play/Zq3/join/...'
>>> without_join_tokens("GET /play/Zq3/seat/0 HTTP/1.1")
'GET /play/Zq3/seat/0 HTTP/1.1'
"""

from __future__ import annotations

import re

HIDDEN = "..."
"""What stands in a logged join link in place of its token."""

JOIN_LINK = re.compile(r"(/play/[^/?#\s\"]+/join/)[^/?#\s\"]+")
"""A join link's path, its token being the last segment (the route of :data:`web.site.GAME_PAGES`)."""


def without_join_tokens(text: str) -> str:
    """``text`` with the token of every join link in it replaced by :data:`HIDDEN`."""
    return JOIN_LINK.sub(rf"\g<1>{HIDDEN}", text)

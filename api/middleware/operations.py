"""What running the service takes besides answering: trusting the proxy in front, request ids, security headers.

:func:`install` adds them to the app in their order: :mod:`api.middleware.proxy`
first, around the whole app, so that the request id and everything else
see the client's address and scheme (and a client's own proxy headers are
gone); then :mod:`api.middleware.request_id` and :mod:`api.middleware.security_headers`, which
add their headers to every answer, errors included.

>>> from api.app import create_app
>>> answer = create_app({"TESTING": True}).test_client().get("/no-such-page")
>>> answer.status_code, len(answer.headers["X-Request-Id"]), answer.headers["X-Content-Type-Options"]
(404, 32, 'nosniff')
"""

from __future__ import annotations

from flask import Flask

from api.middleware import proxy, request_id, security_headers


def install(app: Flask) -> None:
    """Trust ``app``'s configured proxies, and give each of its answers a request id and the security headers."""
    proxy.install(app)
    request_id.install(app)
    security_headers.install(app)

"""The security headers of every answer: pages, static files, the API, its documentation and every error.

Each answer says what a browser may do with it.  The pages load their
scripts, style sheet and pictures from this server only, and run no inline
script or style (their scripts are files under ``/static``); the API's
answers load and run nothing; no answer may be framed by another site
(``frame-ancestors 'none'``, and ``X-Frame-Options`` for older browsers),
sniffed into another type, or opened in a window that shares a browsing
context with another site's.  Powerful features no page uses (camera,
microphone, location, …) are switched off.

Three Content-Security-Policy values cover every address:

* :data:`PAGE_POLICY` for everything outside ``/api``: the pages, their
  static files and their error pages;
* :data:`DOCS_POLICY` for the Swagger UI page at ``/api/docs`` and its
  files, which also runs the page's one inline script (allowed by its hash,
  :data:`SWAGGER_UI_SCRIPT`) and shows the ``data:`` pictures of Swagger
  UI's style sheet;
* :data:`API_POLICY` for the rest of ``/api``, whose answers are data: it
  allows only the style sheet that the printable worksheet
  (``POST /api/v1/tutor/worksheet``) holds inline, by its hash.

``Strict-Transport-Security`` is sent only on an answer to a request that
came over HTTPS (``wsgi.url_scheme``, which :mod:`api.middleware.proxy` sets from a
trusted proxy's ``X-Forwarded-Proto``): over plain HTTP it would mean
nothing, and a browser ignores it there.

The module is written here, not taken from a library (``docs/libraries.md``):
flask-talisman, unreleased since August 2023, chooses a policy by view
function, so an answer from a view this app did not write (flask-smorest's
Swagger UI page) or from none (a 404 under ``/api``) gets the app's one
default policy; it also overwrites a view's own ``Referrer-Policy`` and
sends no ``Cross-Origin-*-Policy``.  secure builds header values, one
fixed set per instance: the choice by path, HSTS over HTTPS only and the
views' stricter referrer policy would still be this module's code.

>>> from api.app import create_app
>>> answer = create_app({"TESTING": True}).test_client().get("/")
>>> answer.headers["Content-Security-Policy"] == PAGE_POLICY, answer.headers["X-Frame-Options"]
(True, 'DENY')
>>> "Strict-Transport-Security" in answer.headers
False
"""

from __future__ import annotations

import base64
import hashlib
from functools import cache

from flask import Flask, Response, request

from tutor.worksheets import stylesheet as worksheet_style

STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains"
"""Two years of HTTPS only, for this host and its subdomains (the value ``deploy/nginx/nambarz.conf`` sends too)."""

SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
    "microphone=(), payment=(), usb=()",
}
"""The headers every answer carries besides its Content-Security-Policy.

A page's address holds the player's cards, so it is sent as the referrer
to this server's own pages only.
"""

TIGHTENED_BY_VIEWS = ("Referrer-Policy",)
"""The headers a view may set for its own answer, which then keeps the view's value (the views that do set a stricter
one: a seat's join link and the page of the seats' links send no referrer at all)."""

PAGE_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
"""The Content-Security-Policy of the pages and every answer outside ``/api``."""

SWAGGER_UI_SCRIPT = "'sha256-HxzfIPQOymrKKVDPeNPOKFiBsUn2ZNw6AB7n8wNEa2k='"
"""The hash of the inline script that starts Swagger UI on flask-smorest's ``/api/docs`` page, as the app sets it up.

A test computes it again from the page: a new flask-smorest or other
``OPENAPI_SWAGGER_UI_*`` settings change the script, and the test then
gives the new value to write here.
"""

DOCS_POLICY = (
    f"default-src 'none'; script-src 'self' {SWAGGER_UI_SCRIPT}; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
"""The Content-Security-Policy of the Swagger UI page at ``/api/docs`` and its files."""


def api_policy() -> str:
    """The Content-Security-Policy of the API's answers: nothing but the worksheet's own inline style sheet.

    >>> api_policy().startswith("default-src 'none'; style-src 'sha256-")
    True
    """
    return (
        f"default-src 'none'; style-src {_worksheet_style_hash()}; form-action 'none'; base-uri 'none'; "
        "frame-ancestors 'none'"
    )


@cache
def _worksheet_style_hash() -> str:
    """The hash of the style sheet a worksheet of the API holds in its ``<style>`` element."""
    digest = hashlib.sha256(worksheet_style().encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def content_security_policy(path: str) -> str:
    """The Content-Security-Policy of the answer to a request for ``path``.

    >>> content_security_policy("/check") == PAGE_POLICY, content_security_policy("/api/docs") == DOCS_POLICY
    (True, True)
    >>> content_security_policy("/api/v1/health") == api_policy(), content_security_policy("/apix") == PAGE_POLICY
    (True, True)
    """
    if _is_under(path, "/api/docs"):
        return DOCS_POLICY
    if _is_under(path, "/api"):
        return api_policy()
    return PAGE_POLICY


def _is_under(path: str, prefix: str) -> bool:
    return path == prefix or path.startswith(prefix + "/")


def add_security_headers(response: Response) -> Response:
    """Give ``response``, the answer to the current request, every security header."""
    for name, value in SECURITY_HEADERS.items():
        if name not in TIGHTENED_BY_VIEWS or name not in response.headers:
            response.headers[name] = value
    response.headers["Content-Security-Policy"] = content_security_policy(request.path)
    if request.is_secure:
        response.headers["Strict-Transport-Security"] = STRICT_TRANSPORT_SECURITY
    return response


def install(app: Flask) -> None:
    """Add the security headers to every answer of ``app``, errors included."""
    app.after_request(add_security_headers)

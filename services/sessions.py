"""Each browser's session: one signed cookie, for what the server must know of a browser between its requests.

Flask keeps the session in a cookie signed with the app's secret key
(:mod:`services.secret_key`), so a client can read it but cannot forge or alter
it: a cookie with a bad signature opens as a new, empty session.  The
cookie (:data:`COOKIE_NAME`) is HttpOnly (no script reads it), SameSite=Lax
(no other site's form or script request carries it) and Secure when the
request came over HTTPS (:mod:`api.middleware.proxy` says when it did, behind a
trusted proxy); it lasts until the browser closes.  It holds the secret
that the pages' form tokens are made from (:mod:`web.csrf`), and a random
id (:data:`ID_KEY`) that every page answer (not the API's, nor a static
file's) gives a browser that has none: the rate limits count a browser's
requests by it (:mod:`services.rate_limits`).  The API sets no cookie: its
clients name themselves by a seat's token, if at all.

>>> from flask import session
>>> from api.app import create_app
>>> app = create_app({"TESTING": True})
>>> with app.test_request_context("/", base_url="https://nambarz.example.org"):
...     session["seen"] = True
...     answer = app.process_response(app.response_class())
>>> cookie = answer.headers["Set-Cookie"]
>>> cookie.startswith(COOKIE_NAME + "="), "HttpOnly" in cookie, "SameSite=Lax" in cookie, "Secure" in cookie
(True, True, True, True)
>>> client = app.test_client()
>>> "Set-Cookie" in client.get("/").headers, "Set-Cookie" in client.get("/").headers
(True, False)
>>> "Set-Cookie" in app.test_client().get("/api/v1/health").headers
False
"""

from __future__ import annotations

import secrets

from flask import Flask, Response, request, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from flask.wrappers import Request

from services.secret_key import ensure_secret_key

COOKIE_NAME = "nambarz_session"
"""The session cookie's name."""

ID_KEY = "browser"
"""The key of the browser's random id in its session."""

ID_BYTES = 16
"""The random bytes of a browser's id: 128 bits, written as 22 URL-safe characters."""


class BrowserSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, with the kept secret key read on first use and Secure over HTTPS."""

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        ensure_secret_key(app)
        return super().open_session(app, request)

    def get_cookie_secure(self, app: Flask) -> bool:
        return request.is_secure


def install(app: Flask) -> None:
    """Keep ``app``'s sessions in :data:`COOKIE_NAME`, and give every browser that opens a page an id."""
    app.session_interface = BrowserSessions()
    app.config.update(SESSION_COOKIE_NAME=COOKIE_NAME, SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Lax")
    app.after_request(_give_browser_an_id)


def browser_id() -> str | None:
    """The id of the browser whose session cookie came with the request, or ``None`` for a request without one.

    A cookie whose signature does not hold, or with no id in it, is no
    cookie; an id given to the browser while this request is answered counts
    from its next request on.
    """
    if COOKIE_NAME not in request.cookies:
        return None
    identifier = session.get(ID_KEY)
    return identifier if isinstance(identifier, str) else None


def is_page(path: str) -> bool:
    """Whether ``path`` is a page's address: anything outside ``/api``.

    >>> is_page("/play"), is_page("/api/v1/games"), is_page("/api"), is_page("/apiary")
    (True, False, False, True)
    """
    return path != "/api" and not path.startswith("/api/")


def _give_browser_an_id(response: Response) -> Response:
    if is_page(request.path) and request.endpoint != "web.static" and ID_KEY not in session:
        session[ID_KEY] = secrets.token_urlsafe(ID_BYTES)
    return response

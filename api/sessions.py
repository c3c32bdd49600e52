"""Each browser's session: one signed cookie, for what the server must know of a browser between its requests.

Flask keeps the session in a cookie signed with the app's secret key
(:mod:`api.secret_key`), so a client can read it but cannot forge or alter
it: a cookie with a bad signature opens as a new, empty session.  The
cookie (:data:`COOKIE_NAME`) is HttpOnly (no script reads it), SameSite=Lax
(no other site's form or script request carries it) and Secure when the
request came over HTTPS (:mod:`api.proxy` says when it did, behind a
trusted proxy); it lasts until the browser closes.  It holds the secret
that the pages' form tokens are made from (:mod:`api.csrf`).  The API sets
no cookie: its clients name themselves by a seat's token, if at all.

>>> from flask import session
>>> from api.app import create_app
>>> app = create_app({"TESTING": True})
>>> with app.test_request_context("/", base_url="https://nambarz.example.org"):
...     session["seen"] = True
...     answer = app.process_response(app.response_class())
>>> cookie = answer.headers["Set-Cookie"]
>>> cookie.startswith(COOKIE_NAME + "="), "HttpOnly" in cookie, "SameSite=Lax" in cookie, "Secure" in cookie
(True, True, True, True)
"""

from __future__ import annotations

from flask import Flask, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from flask.wrappers import Request

from api.secret_key import ensure_secret_key

COOKIE_NAME = "nambarz_session"
"""The session cookie's name."""


class BrowserSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, with the kept secret key read on first use and Secure over HTTPS."""

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        ensure_secret_key(app)
        return super().open_session(app, request)

    def get_cookie_secure(self, app: Flask) -> bool:
        return request.is_secure


def install(app: Flask) -> None:
    """Keep ``app``'s sessions in :data:`COOKIE_NAME`, HttpOnly, SameSite=Lax and Secure over HTTPS."""
    app.session_interface = BrowserSessions()
    app.config.update(SESSION_COOKIE_NAME=COOKIE_NAME, SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Lax")


def is_page(path: str) -> bool:
    """Whether ``path`` is a page's address: anything outside ``/api``.

    >>> is_page("/play"), is_page("/api/v1/games"), is_page("/api"), is_page("/apiary")
    (True, False, False, True)
    """
    return path != "/api" and not path.startswith("/api/")

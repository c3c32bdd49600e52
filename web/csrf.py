"""Forms that only the app's own pages can send: where the request comes from, and a token in the form.

A page's form that changes something (``POST /play`` starts a game,
``POST /play/<game>/seat/<n>`` makes a seat's move) is sent with the
browser's cookies, so another page could make a seated player's browser
send one.  SameSite=Lax keeps the cookies off the forms of other *sites*
only: a page of the same site on another origin (another port or
subdomain of the same host) would still send them.  Two checks refuse
such a request before anything is done, on every request outside ``/api``
whose method changes something (:data:`UNSAFE_METHODS`):

* **Where it comes from.**  A browser says in ``Sec-Fetch-Site`` whether
  the request comes from a page of the same origin (``same-origin``), from
  the reader themselves (``none``: an address typed, a bookmark), from the
  same site (``same-site``) or from another (``cross-site``).  Only the
  first two are accepted (:func:`from_own_origin`).  A browser too old to
  say has its ``Origin`` header compared with the server's own origin
  instead; a request with neither (no browser sends a form so) is judged by
  its token alone.  A refusal is :class:`ForeignFormError`, a 403.
* **A token in the form.**  Every form of the pages carries a hidden
  ``csrf_token`` (Flask-WTF's ``CSRFProtect``), signed with the app's
  secret key from a secret kept in the browser's session cookie
  (:mod:`services.sessions`): another page can neither read it nor make one.  A
  form without it, or with a token of another session, is Flask-WTF's
  ``CSRFError``, a 400.  Tokens do not expire while the session lasts: a
  table may stay open a long time before its player moves.

The pages answer either refusal with a page in the reader's language
saying that the form came from elsewhere or was out of date, with the way
back to the form (:func:`web.site.error_page`).  The JSON API is left alone:
its requests name their seat by a bearer token, not by a cookie, so no
other page can make a browser send them with the player's rights.
Flask-WTF's own Referer check over HTTPS is off: the check of the fetch
site does its work, and holds for readers whose browser sends no Referer.

>>> from api.app import create_app
>>> client = create_app({"TESTING": True}).test_client()
>>> client.post("/play", data={"game": "quando"}).status_code
400
>>> client.post("/play", data={"game": "quando"}, headers={"Sec-Fetch-Site": "same-site"}).status_code
403
>>> client.post("/api/v1/nambarz/check", json={"top": "3", "play": "1 + 2"}).status_code
200
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, request
from flask_wtf.csrf import CSRFProtect
from werkzeug.exceptions import Forbidden

from services.sessions import is_page

UNSAFE_METHODS = ("POST", "PUT", "PATCH", "DELETE")
"""The methods of a request that changes something."""

ACCEPTED_FETCH_SITES = ("same-origin", "none")
"""The values of ``Sec-Fetch-Site`` a form is accepted from: the server's own pages, or the reader."""

DEFAULT_PORTS = {"http": 80, "https": 443}

_PROTECTION = "nambarz_csrf"
"""Where in ``app.extensions`` the app's ``CSRFProtect`` is kept."""


class ForeignFormError(Forbidden):
    """A form sent to a page from another site, or from another origin of the same site."""

    description = "the form was sent from another site or another origin, not from this server's pages"


def install(app: Flask) -> None:
    """Refuse ``app``'s page requests that change something unless they come from its own pages with their token.

    Call it after the hooks that read the request's body (the token is in
    the body, which they read within their time limits).
    """
    app.config.update(WTF_CSRF_CHECK_DEFAULT=False, WTF_CSRF_TIME_LIMIT=None, WTF_CSRF_SSL_STRICT=False)
    protection = CSRFProtect(app)
    app.extensions[_PROTECTION] = protection
    app.before_request(lambda: _check_form(protection))


def _check_form(protection: CSRFProtect) -> None:
    unrouted = request.routing_exception is not None  # a 404 or 405 says more
    if unrouted or request.method not in UNSAFE_METHODS or not is_page(request.path):
        return
    if not from_own_origin(request.headers.get("Sec-Fetch-Site"), request.headers.get("Origin"), request.host_url):
        raise ForeignFormError()
    protection.protect()


def from_own_origin(fetch_site: str | None, origin: str | None, own_url: str) -> bool:
    """Whether a request from ``fetch_site`` (as the browser says) and ``origin`` comes from ``own_url``'s own pages.

    >>> from_own_origin("same-origin", None, "http://127.0.0.1:5000/")
    True
    >>> from_own_origin("same-site", "http://127.0.0.1:8000", "http://127.0.0.1:5000/")
    False
    >>> from_own_origin(None, "http://127.0.0.1:5000", "http://127.0.0.1:5000/")
    True
    >>> from_own_origin(None, "https://nambarz.example.org:443", "https://Nambarz.example.org/")
    True
    >>> from_own_origin(None, "null", "http://127.0.0.1:5000/"), from_own_origin(None, None, "http://127.0.0.1:5000/")
    (False, True)
    """
    if fetch_site is not None:
        return fetch_site.strip().lower() in ACCEPTED_FETCH_SITES
    if origin is None:
        return True
    sender = _origin(origin)
    return sender is not None and sender == _origin(own_url)


def _origin(url: str) -> tuple[str, str, int] | None:
    """An address's scheme, host and port (the scheme's default when it names none), or ``None`` for no origin."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port or DEFAULT_PORTS[scheme]

"""Rate limits per client on the expensive requests: searches and exercises, asked of the API or of a page.

Solving, planning, a tutor's hint, exercises and worksheets (and the pages that
run them) each cost up to half a second of a worker's time, so a script could
keep every worker busy.  Each view marked :func:`rate_limited` counts against
one budget per client, shared by all of them: :data:`DEFAULT_RATE_LIMIT`, kept
with the moving-window strategy (no more than the limit in any window, so
counts never reset all at once).  The client is the request's remote address.
A request past the budget is answered 429 before any of its work is done: in
the API's one JSON error shape, or with a page in the reader's language
(:func:`web.site.error_page`), both with ``Retry-After``.  Every response of a
marked view also carries ``X-RateLimit-Limit``, ``X-RateLimit-Remaining`` and
``X-RateLimit-Reset`` (a Unix time) for the shortest of the limits, or for the
one reached on a 429.  Every other request (health, checks, deck, reference,
documents, static files) is never limited.

The settings are the app's (:mod:`api.settings`: its config, else the
environment variable of the same name, else the default):

``NAMBARZ_RATE_LIMIT``
    The budget, in Flask-Limiter's notation (``"30 per minute; 5 per second"``),
    or ``off`` to switch the limits off.
``NAMBARZ_RATE_LIMIT_STORAGE``
    Where the counts are kept: ``memory://``, each worker process on its own,
    or a Redis address (``redis://host:6379``) that several workers and
    servers share.  A Redis that stops answering is replaced by memory in each
    process until it answers again, so the limits still hold and no request fails.

>>> from api.app import create_app
>>> client = create_app({"NAMBARZ_RATE_LIMIT": "1 per minute"}).test_client()
>>> body = {"level": 1, "count": 1, "seed": 7}
>>> [client.post("/api/v1/tutor/exercises", json=body).status_code for _ in range(2)]
[200, 429]
>>> client.get("/api/v1/health").status_code
200
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from flask import Flask, Response, current_app, g, request
from flask_limiter import ApplicationLimit, Limiter
from flask_limiter.util import get_remote_address
from limits import parse_many
from limits.errors import StorageError

View = TypeVar("View", bound=Callable[..., Any])

DEFAULT_RATE_LIMIT = "30 per minute; 5 per second"
"""A client's budget of expensive requests: a pupil or a teacher never meets it, a script soon does."""

RATE_LIMITS_OFF = "off"
"""The value of ``NAMBARZ_RATE_LIMIT`` that switches the limits off."""

DEFAULT_STORAGE = "memory://"
"""Where the counts are kept unless ``NAMBARZ_RATE_LIMIT_STORAGE`` says otherwise: in each process."""

STRATEGY = "moving-window"
"""Flask-Limiter's strategy: each request counts for exactly one window's length after it was made."""

KEY_PREFIX = "nambarz"
"""What the keys of the counts start with, apart from other users of a shared Redis."""

SCOPE = "expensive"
"""The name of the one budget that every marked view shares."""

_MARK = "nambarz_rate_limited"
"""The attribute :func:`rate_limited` sets on a view."""

_LIMITER = "nambarz_rate_limiter"
"""Where in ``app.extensions`` the app's limiter is kept."""

_BREACH = "nambarz_rate_limit_breach"
"""Where in ``flask.g`` the breach of the request being answered is kept, once worked out."""


def rate_limited(view: View) -> View:
    """Mark ``view`` (a page's function, or a method of a ``MethodView``) as counting against the client's budget."""
    setattr(view, _MARK, True)
    return view


@dataclass(frozen=True)
class Breach:
    """The limit a request went past, and the whole seconds until a request counts again."""

    limit: str
    retry_after: int

    @property
    def message(self) -> str:
        """What the API's error says: which limit, and when to retry."""
        return f"rate limit of {self.limit} reached; retry after {self.retry_after} s"


def init_rate_limits(app: Flask) -> None:
    """Limit ``app``'s marked views with its settings ``NAMBARZ_RATE_LIMIT`` and ``NAMBARZ_RATE_LIMIT_STORAGE``.

    Raises :class:`ValueError` for a ``NAMBARZ_RATE_LIMIT`` that is not a rate
    limit, and limits' ``ConfigurationError`` for a storage it cannot use.
    """
    rate = str(app.config["NAMBARZ_RATE_LIMIT"]).strip()
    if rate.lower() == RATE_LIMITS_OFF:
        return
    try:
        parse_many(rate)
    except ValueError:
        raise ValueError(
            f"NAMBARZ_RATE_LIMIT: {rate!r} is not a rate limit such as {DEFAULT_RATE_LIMIT!r} (or {RATE_LIMITS_OFF!r})"
        ) from None
    storage = str(app.config["NAMBARZ_RATE_LIMIT_STORAGE"])
    budget = ApplicationLimit(
        rate, scope=SCOPE, exempt_when=_not_limited, error_message=lambda: _breach_of_request().message
    )
    limiter = Limiter(
        get_remote_address,
        application_limits=[budget],
        strategy=STRATEGY,
        storage_uri=storage,
        key_prefix=KEY_PREFIX,
        storage_options={"wrap_exceptions": True},  # a storage's own errors arrive as StorageError
        in_memory_fallback_enabled=not storage.startswith(DEFAULT_STORAGE),
    )
    limiter.init_app(app)
    app.extensions[_LIMITER] = limiter
    app.after_request(_rate_limit_headers)


def current_breach() -> Breach | None:
    """The limit the request being answered went past, or ``None`` if it went past none (or limits are off)."""
    limiter: Limiter | None = current_app.extensions.get(_LIMITER)
    if limiter is None or limiter.current_limit is None or not limiter.current_limit.breached:
        return None
    return _breach_of_request()


def _breach_of_request() -> Breach:
    """The request's breach, worked out once, so that the message, the header and the page agree."""
    if _BREACH not in g:
        breached = current_app.extensions[_LIMITER].current_limit
        seconds = max(1, math.ceil(breached.window.reset_time - time.time()))
        setattr(g, _BREACH, Breach(str(breached.limit), seconds))
    breach: Breach = getattr(g, _BREACH)
    return breach


def _not_limited() -> bool:
    """Whether the request being answered leaves the budget alone: its view is not marked."""
    view = current_app.view_functions.get(request.endpoint or "")
    view_class = getattr(view, "view_class", None)
    if view_class is not None:
        handlers = [getattr(view_class, method.lower(), None) for method in view_class.methods or ()]
    else:
        handlers = [view]
    return not any(getattr(handler, _MARK, False) for handler in handlers)


def _rate_limit_headers(response: Response) -> Response:
    """Say on a marked view's response how much of the budget is left, and on a 429 when to retry.

    A storage that stops answering after the request was counted costs the
    answer its ``X-RateLimit`` headers, never the answer itself.
    """
    limiter: Limiter = current_app.extensions[_LIMITER]
    reported = limiter.current_limit
    if reported is None:
        return response
    try:
        remaining, reset_at = reported.remaining, reported.reset_at
    except StorageError as error:
        current_app.logger.warning("rate limit storage unreachable, answering without X-RateLimit headers: %s", error)
        return response
    response.headers["X-RateLimit-Limit"] = str(reported.limit.amount)
    response.headers["X-RateLimit-Remaining"] = str(remaining)
    response.headers["X-RateLimit-Reset"] = str(reset_at)
    breach = current_breach()
    if breach is not None:
        response.headers["Retry-After"] = str(breach.retry_after)
    return response

"""Rate limits on the expensive requests, counted by who asks: a browser, a seat, else an address.

Solving, planning, a tutor's hint, exercises and worksheets (and the pages
that run them), a game's review and log, and the actions that wake a game's
bots each cost up to half a second of a worker's time (a game's request up
to :data:`api.app.PLAY_TIME_LIMIT`), so a script could keep every worker
busy.  Each view marked :func:`rate_limited` (or :func:`rate_limited_per_seat`)
draws on two budgets, kept with the moving-window strategy (no more than the
limit in any window, so counts never reset all at once):

* **Its asker's**, ``NAMBARZ_RATE_LIMIT`` (:data:`DEFAULT_RATE_LIMIT`).  The
  asker (:func:`asker`) is, for the views marked per seat (a game's
  actions, log and review in the API), the seat: a digest of the request's
  ``Authorization: Bearer`` token, never the token itself.  Otherwise it is
  the browser, by the random id its signed session cookie holds
  (:mod:`services.sessions`), which every page gives a browser that has none.  A
  request with neither (a program calling the API, or a browser's very
  first page) counts by its address, all such requests of one address
  together, at the same rate as one browser: dropping the cookie, or never
  keeping it, buys a script nothing.
* **Its address's**, ``NAMBARZ_ADDRESS_RATE_LIMIT``
  (:data:`DEFAULT_ADDRESS_RATE_LIMIT`): a ceiling on every marked request
  of one address, whoever asks, high enough for a class of thirty behind a
  school's one address, each pupil at a pupil's pace.

So a pupil's budget is no longer shared with the class, and a program
cannot spend a browser's.  What the ceiling bounds is a script that
collects cookies or seats (each new session, each game's seat, starts with
a budget of its own), or makes tokens up (each counts apart, and is
refused at once by the view): however it does so, one address gets no
more than the ceiling.  A browser's very first page, before it has its cookie, counts
with the address's cookieless requests; if they have spent their budget
(thirty pupils arriving in the same second), the page's 429 brings the
browser its cookie and says to try again after a second, which then counts
on the browser's own budget.  The address is the request's remote address,
behind a trusted proxy the one it forwards (:mod:`api.middleware.proxy`).

**Class codes** are short (:mod:`services.practice.service`: six characters,
a billion codes), so a third budget, ``NAMBARZ_CLASS_RATE_LIMIT``
(:data:`DEFAULT_CLASS_RATE_LIMIT`), counts per address each code that finds
no class and each class opened (:func:`class_code_refusal`,
:func:`count_class_code`): a school's classes mistyping a few codes stay far
below it, a script trying codes one by one would need months of it to find
any class, even with a thousand open.

A request past either budget is answered 429 before any of its work is
done: in the API's one JSON error shape, or with a page in the reader's
language (:func:`web.site.error_page`), both with ``Retry-After``.  Every
response of a marked view also carries ``X-RateLimit-Limit``,
``X-RateLimit-Remaining`` and ``X-RateLimit-Reset`` (a Unix time) for the
shortest of the limits, or for the one reached on a 429.  Every other
request (health, checks, deck, reference, a game's view, documents, static
files) is never limited.

The settings are the app's (:mod:`services.settings`: its config, else the
environment variable of the same name, else the default):

``NAMBARZ_RATE_LIMIT``
    An asker's budget, in Flask-Limiter's notation (``"30 per minute; 5 per
    second"``), or ``off`` to switch every limit off.
``NAMBARZ_ADDRESS_RATE_LIMIT``
    An address's ceiling (``"600 per minute"``), or ``off`` for none.
``NAMBARZ_CLASS_RATE_LIMIT``
    An address's budget of wrong class codes and classes opened (``"300 per hour"``), or ``off``.
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

import hashlib
import ipaddress
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

from services.sessions import browser_id, is_page

View = TypeVar("View", bound=Callable[..., Any])

DEFAULT_RATE_LIMIT = "30 per minute; 5 per second"
"""An asker's budget of expensive requests: a pupil or a teacher never meets it, a script soon does."""

DEFAULT_ADDRESS_RATE_LIMIT = "600 per minute"
"""An address's ceiling: thirty pupils behind one address, each at twenty expensive requests a minute."""

DEFAULT_CLASS_RATE_LIMIT = "300 per hour"
"""An address's budget of class codes that find no class and of classes opened: a whole school behind one address
(its teachers opening classes, hundreds of pupils now and then mistyping a code) stays below it; a script trying
codes gets three hundred guesses of a billion an hour, so that with a thousand classes open it finds one in about
four and a half months."""

CLASS_SCOPE = "class-codes"
"""The name of the addresses' budgets of class codes."""

RATE_LIMITS_OFF = "off"
"""The value of ``NAMBARZ_RATE_LIMIT`` (or ``NAMBARZ_ADDRESS_RATE_LIMIT``) that switches the limits off."""

DEFAULT_STORAGE = "memory://"
"""Where the counts are kept unless ``NAMBARZ_RATE_LIMIT_STORAGE`` says otherwise: in each process."""

STRATEGY = "moving-window"
"""Flask-Limiter's strategy: each request counts for exactly one window's length after it was made."""

KEY_PREFIX = "nambarz"
"""What the keys of the counts start with, apart from other users of a shared Redis."""

SCOPE = "expensive"
"""The name of the askers' budgets, which every marked view shares."""

IPV6_NETWORK_BITS = 64
"""An IPv6 address counts by its network of this many bits: what one home or school is given."""

ADDRESS_SCOPE = "address"
"""The name of the addresses' ceilings."""

PER_CLIENT, PER_SEAT = "client", "seat"
"""How a marked view names its asker: by the browser's session (else the address), or by the seat's token."""

BROWSER, SEAT, ADDRESS = "browser", "seat", "address"
"""The kinds of asker, as the keys of their counts begin."""

UNCOUNTED = "nambarz.uncounted"
"""The WSGI environment key that leaves a request out of every count: the app's own warm-up sets it.

A client can send headers, never set a key of the environment, so no
request from outside can claim it.
"""

_MARK = "nambarz_rate_limited"
"""The attribute :func:`rate_limited` and :func:`rate_limited_per_seat` set on a view: how it names its asker."""

_LIMITER = "nambarz_rate_limiter"
"""Where in ``app.extensions`` the app's limiter is kept."""

_CLASS_CODES = "nambarz_class_code_limits"
"""Where in ``app.extensions`` the budget of class codes is kept (absent when it, or every limit, is off)."""

_BREACH = "nambarz_rate_limit_breach"
"""Where in ``flask.g`` the breach of the request being answered is kept, once worked out."""


def rate_limited(view: View) -> View:
    """Mark ``view`` (a page's function, or a method of a ``MethodView``) as counting against its asker's budget."""
    setattr(view, _MARK, PER_CLIENT)
    return view


def rate_limited_per_seat(view: View) -> View:
    """Mark ``view`` as counting against the budget of the seat whose bearer token the request sends."""
    setattr(view, _MARK, PER_SEAT)
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
    """Limit ``app``'s marked views by its settings ``NAMBARZ_RATE_LIMIT``, ``…_ADDRESS_RATE_LIMIT`` and ``…_STORAGE``.

    Raises :class:`ValueError` for a limit that is not a rate limit, and
    limits' ``ConfigurationError`` for a storage it cannot use.
    """
    rate = _setting(app, "NAMBARZ_RATE_LIMIT", DEFAULT_RATE_LIMIT)
    if rate is None:
        return
    ceiling = _setting(app, "NAMBARZ_ADDRESS_RATE_LIMIT", DEFAULT_ADDRESS_RATE_LIMIT)
    storage = str(app.config["NAMBARZ_RATE_LIMIT_STORAGE"])
    budgets: list[str | Callable[[], str] | ApplicationLimit] = [
        ApplicationLimit(
            rate,
            key_function=asker,
            scope=SCOPE,
            exempt_when=_not_limited,
            error_message=lambda: _breach_of_request().message,
        )
    ]
    if ceiling is not None:
        budgets.append(
            ApplicationLimit(
                ceiling,
                key_function=address,
                scope=ADDRESS_SCOPE,
                exempt_when=_not_limited,
                error_message=lambda: _breach_of_request().message,
            )
        )
    limiter = Limiter(
        address,
        application_limits=budgets,
        strategy=STRATEGY,
        storage_uri=storage,
        key_prefix=KEY_PREFIX,
        storage_options={"wrap_exceptions": True},  # a storage's own errors arrive as StorageError
        in_memory_fallback_enabled=not storage.startswith(DEFAULT_STORAGE),
    )
    limiter.request_filter(_uncounted)
    limiter.request_filter(_not_limited)  # before any limit is read: an unmarked view costs the limiter nothing
    limiter.init_app(app)
    app.extensions[_LIMITER] = limiter
    class_codes = _setting(app, "NAMBARZ_CLASS_RATE_LIMIT", DEFAULT_CLASS_RATE_LIMIT)
    if class_codes is not None:
        app.extensions[_CLASS_CODES] = parse_many(class_codes)
    app.after_request(_rate_limit_headers)


def _setting(app: Flask, name: str, example: str) -> str | None:
    """The limit of the setting ``name``, checked, or ``None`` when it is ``off``."""
    rate = str(app.config[name]).strip()
    if rate.lower() == RATE_LIMITS_OFF:
        return None
    try:
        parse_many(rate)
    except ValueError:
        raise ValueError(f"{name}: {rate!r} is not a rate limit such as {example!r} (or {RATE_LIMITS_OFF!r})") from None
    return rate


def asker() -> str:
    """The key of the budget the request being answered draws on: its seat, its browser, else its address.

    The seat is named by the SHA-256 digest of its token (with a prefix of
    this use's own, so that the digest is not the one the games database
    keeps), for the views marked :func:`rate_limited_per_seat`.
    """
    if _marking() == PER_SEAT and (token := bearer_token()) is not None:
        digest = hashlib.sha256(f"{KEY_PREFIX} rate limit:{token}".encode()).hexdigest()
        return f"{SEAT}:{digest}"
    identifier = browser_id()
    if identifier is not None:
        return f"{BROWSER}:{identifier}"
    return address()


def address() -> str:
    """The key of the request's address: the client the request came from, or the one a trusted proxy names.

    An IPv6 address counts by its /64 network: one home or school is
    given a whole /64, and could otherwise take a fresh address per request.
    """
    return f"{ADDRESS}:{network_of(get_remote_address())}"


def network_of(remote: str) -> str:
    """The address an address's budget is kept under: an IPv4 address itself, an IPv6 address's /64.

    >>> network_of("192.0.2.7"), network_of("2001:db8:1:2:a:b:c:d"), network_of("::ffff:192.0.2.7")
    ('192.0.2.7', '2001:db8:1:2::/64', '192.0.2.7')
    >>> network_of("not an address")
    'not an address'
    """
    try:
        parsed = ipaddress.ip_address(remote)
    except ValueError:
        return remote
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, IPV6_NETWORK_BITS), strict=False))
    return str(parsed)


def bearer_token() -> str | None:
    """The token of the request's ``Authorization: Bearer`` header, if it has one."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.casefold() == "bearer" and token.strip() else None


def class_code_refusal() -> Breach | None:
    """The breach, if the request's address has spent its budget of class codes (``NAMBARZ_CLASS_RATE_LIMIT``).

    Asked before a code is looked up or a class opened; a storage that does
    not answer refuses nothing.

    >>> from api.app import create_app
    >>> app = create_app({"NAMBARZ_RATE_LIMIT": "9 per minute", "NAMBARZ_CLASS_RATE_LIMIT": "1 per hour"})
    >>> with app.test_request_context():
    ...     before = class_code_refusal()
    ...     count_class_code()
    ...     after = class_code_refusal()
    >>> before, after.limit
    (None, '1 per 1 hour')
    """
    limits = current_app.extensions.get(_CLASS_CODES)
    if limits is None:
        return None
    strategy = current_app.extensions[_LIMITER].limiter
    key = address()
    try:
        for limit in limits:
            if not strategy.test(limit, KEY_PREFIX, CLASS_SCOPE, key):
                reset_at, _remaining = strategy.get_window_stats(limit, KEY_PREFIX, CLASS_SCOPE, key)
                return Breach(str(limit), max(1, math.ceil(reset_at - time.time())))
    except StorageError as error:
        current_app.logger.warning("rate limit storage unreachable, class codes not limited: %s", error)
    return None


def count_class_code() -> None:
    """Count a class code that found no class, or a class opened, against the request's address's budget."""
    limits = current_app.extensions.get(_CLASS_CODES)
    if limits is None:
        return
    strategy = current_app.extensions[_LIMITER].limiter
    try:
        for limit in limits:
            strategy.hit(limit, KEY_PREFIX, CLASS_SCOPE, address())
    except StorageError as error:
        current_app.logger.warning("rate limit storage unreachable, class code not counted: %s", error)


def current_breach() -> Breach | None:
    """The limit the request being answered went past, or ``None`` if it went past none (or limits are off)."""
    limiter: Limiter | None = current_app.extensions.get(_LIMITER)
    if limiter is None or limiter.current_limit is None or not limiter.current_limit.breached:
        return None
    return _breach_of_request()


def _breach_of_request() -> Breach:
    """The request's breach, worked out once, so that the message, the header and the page agree.

    A page asked without a session cookie, refused for the budget of the
    address's cookieless requests, may be tried again at once: its answer
    gives the browser its cookie, and its next request draws on its own budget.
    """
    if _BREACH not in g:
        breached = current_app.extensions[_LIMITER].current_limit
        _, key, scope = breached.request_args
        seconds = max(1, math.ceil(breached.window.reset_time - time.time()))
        if scope == SCOPE and key.startswith(f"{ADDRESS}:") and is_page(request.path):
            seconds = 1
        setattr(g, _BREACH, Breach(str(breached.limit), seconds))
    breach: Breach = getattr(g, _BREACH)
    return breach


def _marking() -> str | None:
    """How the view answering the request names its asker (:data:`PER_CLIENT` or :data:`PER_SEAT`), if it is marked."""
    view = current_app.view_functions.get(request.endpoint or "")
    view_class = getattr(view, "view_class", None)
    if view_class is not None:
        method = "get" if request.method == "HEAD" else request.method.lower()
        view = getattr(view_class, method, None)
    marking = getattr(view, _MARK, None)
    return marking if isinstance(marking, str) else None


def _uncounted() -> bool:
    """Whether the request being answered is one of the app's own (:data:`UNCOUNTED`), which no limit counts."""
    return bool(request.environ.get(UNCOUNTED))


def _not_limited() -> bool:
    """Whether the request being answered leaves the budgets alone: its view is not marked."""
    return _marking() is None


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

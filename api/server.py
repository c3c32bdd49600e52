"""``nambarz serve``: the HTTP API behind gunicorn, a production WSGI server.

Gunicorn runs the app in several worker processes, so CPU-bound searches
answer in parallel on every core (threads would share one interpreter).
Each worker is a ``gevent`` worker: every connection is a greenlet, a few
kilobytes waiting in the worker's event loop, and the worker's one thread of
Python runs a request only once its headers have all arrived.  A client that
trickles its request a byte at a time therefore holds no worker and no
thread, and a thousand of them cost a worker nothing but memory; with
``gthread`` workers each would hold one of the worker's threads while its
headers trickle in, so a handful of slow clients stopped the server.

Reads are bounded: headers must arrive within :data:`HEADER_TIMEOUT` seconds
(gunicorn's keep-alive timeout, which its gevent worker applies to every
request's headers), and a body within :data:`api.app.BODY_READ_TIMEOUT`
seconds (:mod:`services.json_body`), so a client that announces more bytes than
it sends is answered 408 and let go.  A request's own work is bounded by its
time budget (:mod:`solver.budget`), so no request holds the worker's thread
for long.

gevent must patch the standard library (sockets, threads) before anything
opens a socket, so :func:`serve` patches first and only then imports gunicorn
and Flask; this module imports neither at import time, so the command line
can show ``serve``'s options and defaults without them.
"""

from __future__ import annotations

import sys
from typing import Any

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 5000
DEFAULT_WORKERS = 2
CONNECTIONS_PER_WORKER = 1000
"""Connections one worker keeps open at once, most of them idle or slow."""
HEADER_TIMEOUT = 5
"""Seconds a client has to send a request's headers (and an idle kept-alive connection lives)."""
WORKER_TIMEOUT = 30
"""Seconds a worker may go without reporting alive before gunicorn restarts it."""
ACCESS_LOG_FORMAT = '%(h)s %(t)s "%(r)s" %(s)s %(b)s %(L)ss id=%({x-request-id}o)s "%(f)s" "%(a)s"'
"""One access-log line per request: client, time, request, status, bytes, seconds taken, request id, referrer, agent.

The client is the address :mod:`api.middleware.proxy` believes (the proxy's client
behind a trusted proxy), and the request id the answer's ``X-Request-Id``.
A seat's join link is written without its token (:mod:`api.middleware.access_log`).
"""


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, workers: int = DEFAULT_WORKERS) -> None:
    """Serve the API with gunicorn until interrupted."""
    import gevent  # noqa: PLC0415 - see the module's docstring
    from gevent import monkey  # noqa: PLC0415 - see the module's docstring

    monkey.patch_all()

    from gunicorn.app.base import BaseApplication  # noqa: PLC0415 - see the module's docstring
    from limits.errors import ConfigurationError  # noqa: PLC0415 - see the module's docstring

    from api.app import create_app  # noqa: PLC0415 - see the module's docstring
    from api.middleware.access_log import AccessLog  # noqa: PLC0415 - see the module's docstring
    from api.middleware.proxy import TRUSTED_PROXIES_SETTING, trusted_networks  # noqa: PLC0415 - see the module's docstring
    from api.middleware.warm_up import warm_up  # noqa: PLC0415 - see the module's docstring
    from services.play.store import GameStore, StorageError, database_url  # noqa: PLC0415 - see the module's docstring
    from services.secret_key import ensure_secret_key  # noqa: PLC0415 - see the module's docstring

    try:
        application = create_app()
        # The games database is brought to the newest schema once, here, and its connections closed:
        # each worker opens its own after the fork.
        GameStore(database_url(application.config["NAMBARZ_DATABASE_URL"])).dispose()
        # The secret key is read, or made and kept, once, here: the workers inherit it.
        ensure_secret_key(application)
    except (ValueError, OSError, ConfigurationError, StorageError) as error:  # a setting, a file or a database
        print(f"nambarz serve: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    trusted_proxies = trusted_networks(application.config[TRUSTED_PROXIES_SETTING])
    warm_up(application)
    # The warm-up leaves timers of the rate limiter's memory storage pending as greenlets; one that
    # crossed the fork into a worker would fail there, so the master lets them run out first.
    gevent.wait(timeout=1.0)

    options: dict[str, Any] = {
        "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
        "workers": workers,
        "worker_class": "gevent",
        "worker_connections": CONNECTIONS_PER_WORKER,
        "keepalive": HEADER_TIMEOUT,
        "timeout": WORKER_TIMEOUT,
        "accesslog": "-",
        "access_log_format": ACCESS_LOG_FORMAT,
        "logger_class": AccessLog,  # the join links' tokens cut out of every line
        # gunicorn believes a proxy's scheme header from the same proxies as the app (api.middleware.proxy), not
        # from its default (any client on this machine), and only the header nginx sets; it maps no other header
        # of theirs into the request.  The client's address is the app's to set: gunicorn never reads it from them.
        "forwarded_allow_ips": ",".join(str(network) for network in trusted_proxies),
        "secure_scheme_headers": {"X-FORWARDED-PROTO": "https"},
        "forwarder_headers": "",
        # gunicorn's control socket would let any local process of this user reconfigure the
        # server through one fixed path shared by every instance; the server needs none.
        "control_socket_disable": True,
    }

    class Server(BaseApplication):
        """A gunicorn application serving the app built above."""

        def load_config(self) -> None:
            for key, value in options.items():
                self.cfg.set(key, value)

        def load(self) -> Any:  # the Flask app, a WSGI application (gunicorn's stubs type it narrowly)
            return application

    Server().run()

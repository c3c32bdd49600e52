"""``nambarz serve``: the HTTP API behind gunicorn, a production WSGI server.

Gunicorn runs the app in several worker processes, so CPU-bound searches
answer in parallel on every core (threads would share one interpreter).
Each worker is a ``gthread`` worker: it keeps idle connections (a browser's
keep-alive and speculative connections) in a poller and gives a thread to
a connection only when a request arrives on it, so a few idle connections
cannot hold every worker the way they hold gunicorn's default ``sync``
workers.
This module imports neither gunicorn nor Flask until :func:`serve` runs, so
the command line can show ``serve``'s options and defaults without them.
"""

from __future__ import annotations

from typing import Any

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 5000
DEFAULT_WORKERS = 2
THREADS_PER_WORKER = 4
REQUEST_TIMEOUT = 30


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, workers: int = DEFAULT_WORKERS) -> None:
    """Serve the API with gunicorn until interrupted."""
    from gunicorn.app.base import BaseApplication  # noqa: PLC0415 - see the module's docstring

    from api.app import create_app  # noqa: PLC0415 - see the module's docstring

    options: dict[str, Any] = {
        "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
        "workers": workers,
        "worker_class": "gthread",
        "threads": THREADS_PER_WORKER,
        "timeout": REQUEST_TIMEOUT,
        "accesslog": "-",
    }
    application = create_app()

    class Server(BaseApplication):
        """A gunicorn application serving the app built above."""

        def load_config(self) -> None:
            for key, value in options.items():
                self.cfg.set(key, value)

        def load(self) -> Any:  # the Flask app, a WSGI application (gunicorn's stubs type it narrowly)
            return application

    Server().run()

"""``nambarz serve``: the HTTP API behind gunicorn, a production WSGI server.

Gunicorn runs the app in several worker processes, so CPU-bound searches
answer in parallel on every core (threads would share one interpreter).
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from gunicorn.app.base import BaseApplication

from api.app import create_app

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 5000
REQUEST_TIMEOUT = 30


class Server(BaseApplication):
    """A gunicorn application serving :func:`api.create_app`."""

    def __init__(self, app: Flask, options: dict[str, Any]) -> None:
        self.application = app
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:  # the Flask app, a WSGI application (gunicorn's stubs type it narrowly)
        return self.application


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, workers: int = 2) -> None:
    """Serve the API until interrupted."""
    options = {
        "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
        "workers": workers,
        "timeout": REQUEST_TIMEOUT,
        "accesslog": "-",
    }
    Server(create_app(), options).run()

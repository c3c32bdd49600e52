"""``nambarz serve``: the HTTP API under gunicorn (see :mod:`api.server`).

It has no ``--request``, ``--json`` or ``--lang``: it answers nothing itself.
"""

from __future__ import annotations

import click

from api import server
from api.cli.common import number_option
from api.command import SERVE
from api.server import DEFAULT_HOST, DEFAULT_PORT, DEFAULT_WORKERS


@click.command(
    "serve",
    short_help=SERVE.help,
    help="Serve the HTTP API with gunicorn; OpenAPI document at /api/openapi.json, docs at /api/docs.",
)
@click.option("--host", metavar="HOST", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST})")
@number_option(
    "--port", low=1, high=65535, what="as port", default=DEFAULT_PORT, help_text=f"port (default {DEFAULT_PORT})"
)
@number_option(
    "--workers",
    low=1,
    high=32,
    what="workers",
    default=DEFAULT_WORKERS,
    help_text=f"worker processes, 1 to 32 (default {DEFAULT_WORKERS})",
)
def serve(host: str, port: int, workers: int) -> None:
    server.serve(host, port, workers)

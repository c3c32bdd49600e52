"""Interfaces over the solver and the tutor: the HTTP API (``create_app``) and the ``nambarz`` command line.

The answers both give live in :mod:`api.answers`, which imports no framework;
the request and response schemas in :mod:`api.schemas`.  ``create_app`` is
imported from :mod:`api.app` on first use, so that the command line, which
starts from this package too, never loads Flask unless it serves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from api.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from api.app import create_app  # noqa: PLC0415 - Flask only for those who build the app

        return create_app
    raise AttributeError(f"module 'api' has no attribute {name!r}")

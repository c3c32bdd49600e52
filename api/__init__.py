"""Interfaces over the solver and the tutor: the HTTP API (``create_app``) and the ``nambarz`` command line."""

from api.app import create_app

__all__ = ["create_app"]

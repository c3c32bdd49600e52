"""What many tests share: the HTTP app and its test client, built once."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app


@pytest.fixture(scope="session")
def app() -> Flask:
    """The HTTP API with its default settings, as ``nambarz serve`` runs it."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of :func:`app`."""
    return app.test_client()

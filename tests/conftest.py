"""What many tests share: the HTTP app and its test client, built once."""

from __future__ import annotations

import os

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings

from api.app import create_app

# Hypothesis's deadline (200 ms per example) and its health check on slow data generation are
# wall-clock assertions: on a busy or slow machine they fail properties that hold.  Both are off;
# every property still runs all of its examples.  Where the CI variable is set, examples are
# also derandomised (the same ones every run, so a CI failure reproduces with
# --hypothesis-profile=ci) and not saved; elsewhere each run explores new ones.
settings.register_profile(
    "default", settings.get_profile("default"), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("ci", settings.get_profile("default"), derandomize=True, database=None, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")


@pytest.fixture(scope="session")
def app() -> Flask:
    """The HTTP API with its default settings, as ``nambarz serve`` runs it."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of :func:`app`."""
    return app.test_client()

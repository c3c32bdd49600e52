"""What the tests of games in play share: an app on a new database of each kind, a database on PostgreSQL alone."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from services.configuration import game_tables
from tests.databases import PostgreSQL


@pytest.fixture
def app(database_url: str) -> Iterator[Flask]:
    """The app on a new database, SQLite then PostgreSQL (see ``database_url``), its connections closed after."""
    app = create_app({"TESTING": True, "NAMBARZ_DATABASE_URL": database_url})
    yield app
    with app.app_context():
        game_tables().store.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def postgresql_url(postgresql: PostgreSQL) -> str:
    """The URL of a new, empty database on the suite's PostgreSQL server (skipped where it is not installed)."""
    return postgresql.new_database()

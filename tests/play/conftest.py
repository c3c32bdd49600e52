"""What the tests of games in play share: a database on the suite's PostgreSQL server alone."""

from __future__ import annotations

import pytest

from tests.databases import PostgreSQL


@pytest.fixture
def postgresql_url(postgresql: PostgreSQL) -> str:
    """The URL of a new, empty database on the suite's PostgreSQL server (skipped where it is not installed)."""
    return postgresql.new_database()

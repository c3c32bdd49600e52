"""What many tests share: the HTTP app and its test client, built once, the ``nambarz`` command line, the databases.

A test that takes :func:`database_url` runs twice, against a new SQLite
file and against a new database on the suite's own PostgreSQL server
(:mod:`tests.databases`), which is skipped, saying how to install it,
where PostgreSQL is not installed.
"""

from __future__ import annotations

import json
import os
import secrets
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings

from api.app import create_app
from api.command import main
from services.rate_limits import RATE_LIMITS_OFF
from tests.databases import PostgreSQL, running_postgresql, unavailable

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


SUITE_FOLDER = tempfile.TemporaryDirectory(prefix="nambarz-tests-")
"""A folder of this test process's own, removed at its end: where the games of :data:`SUITE_SETTINGS` go."""

SUITE_SETTINGS = {
    "NAMBARZ_RATE_LIMIT": RATE_LIMITS_OFF,
    "NAMBARZ_TIME_LIMIT": "600",
    "NAMBARZ_EXERCISES_TIME_LIMIT": "600",
    "NAMBARZ_PLAY_TIME_LIMIT": "600",
    "NAMBARZ_DATABASE_URL": f"sqlite:///{Path(SUITE_FOLDER.name) / 'games.sqlite3'}",
    "NAMBARZ_SECRET_KEY": secrets.token_hex(32),
}
"""The settings of every app the suite builds and of the servers it starts, unless a test gives its own.

The suite sends hundreds of expensive requests a minute from one address, so the rate limits are
off; and no test may pass or fail by how fast the machine is, so the time budgets are ten minutes
(a slow, shared machine can take longer than half a second over a search that passes).  The tests
of the limits and of the budgets build their apps with settings of their own.  Games go to a file
in a temporary folder, never to the user's own database; the tests of the database take
:func:`database_url`.  The secret key is made for the run, so no app or server reads or makes
the user's kept key (the tests of :mod:`services.secret_key` give it a folder of their own).
"""


def pytest_configure(config: pytest.Config) -> None:
    """Put :data:`SUITE_SETTINGS` in the environment, which reaches apps built without them and ``nambarz serve``."""
    os.environ.update(SUITE_SETTINGS)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove :data:`SUITE_FOLDER`, with the games the suite's apps and servers stored."""
    SUITE_FOLDER.cleanup()


@pytest.fixture(scope="session")
def app() -> Flask:
    """The HTTP API as ``nambarz serve`` runs it, with the suite's settings (:data:`SUITE_SETTINGS`)."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of :func:`app`."""
    return app.test_client()


class Cli:
    """The ``nambarz`` command line, run in-process by click's ``CliRunner``.

    ``cli("check", "3bee", "9 / 3")`` gives click's result: ``exit_code``,
    ``stdout`` and ``stderr`` apart.  Exceptions other than the command's own
    exits are not caught, so a bug fails the test with its traceback.
    """

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *argv: str, stdin: str = "") -> Result:
        return self.runner.invoke(main, list(argv), input=stdin, prog_name="nambarz", catch_exceptions=False)

    def json(self, *argv: str) -> Any:
        """Run with ``--json``, expect success and nothing on standard error, and return the parsed answer."""
        result = self(*argv, "--json")
        assert (result.exit_code, result.stderr) == (0, ""), result.stderr
        return json.loads(result.stdout)


@pytest.fixture
def cli() -> Cli:
    """The ``nambarz`` command line (see :class:`Cli`)."""
    return Cli()


@pytest.fixture(scope="session")
def postgresql() -> Iterator[PostgreSQL]:
    """A PostgreSQL server of the suite's own, for the whole session of this test process (see :mod:`tests.databases`).

    Skipped, saying how to install it, where PostgreSQL is not installed.
    """
    reason = unavailable()
    if reason is not None:
        pytest.skip(reason)
    pytest.importorskip("psycopg", reason="the PostgreSQL driver is not installed: pip install -e '.[test]'")
    with running_postgresql() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of a new, empty database: a file in ``tmp_path``, then a database on :func:`postgresql`.

    A test that takes it runs once with each; the PostgreSQL run is skipped where PostgreSQL is not installed.
    """
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    server: PostgreSQL = request.getfixturevalue("postgresql")
    return server.new_database()

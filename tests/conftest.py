"""What many tests share: the HTTP app and its test client, built once, and the ``nambarz`` command line."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner, Result
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from api.cli import main


@pytest.fixture(scope="session")
def app() -> Flask:
    """The HTTP API with its default settings, as ``nambarz serve`` runs it."""
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

"""``/api/v1/ready`` answers 200 when every part an answer needs is ready, else 503 saying which is not."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from api.endpoints import health
from services.version import version
from solver.nambarz.deck import Deck
from tutor import i18n


@pytest.fixture
def fresh_app() -> Flask:
    """An app of its own, for a test that breaks a part of it."""
    return create_app({"TESTING": True})


@pytest.fixture
def catalogs_reloaded() -> Iterator[None]:
    """The translation catalogs read again from disk during the test, and again after it."""
    i18n._load.cache_clear()
    yield
    i18n._load.cache_clear()


def test_a_working_server_is_ready(client: FlaskClient) -> None:
    answer = client.get("/api/v1/ready")
    assert answer.status_code == 200
    assert answer.get_json() == {
        "status": "ready",
        "checks": {"deck": "ok", "translations": "ok", "referee": "ok", "database": "ok"},
    }


def test_readiness_is_apart_from_liveness(client: FlaskClient) -> None:
    assert client.get("/api/v1/health").get_json()["status"] == "ok"
    assert client.head("/api/v1/ready").status_code == 200


@pytest.mark.usefixtures("catalogs_reloaded")
def test_liveness_reads_the_package_s_version_once_per_process(client: FlaskClient) -> None:
    version.cache_clear()
    answers = [client.get("/api/v1/health").get_json()["version"] for _ in range(3)]
    assert len(set(answers)) == 1 and version.cache_info().misses == 1, "the metadata file is parsed once"


def test_without_compiled_catalogs_the_server_is_alive_but_not_ready(
    fresh_app: Flask, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(i18n, "LOCALE_DIRECTORY", tmp_path)  # a locale directory with no catalog
    client = fresh_app.test_client()
    assert client.get("/api/v1/health").status_code == 200
    answer = client.get("/api/v1/ready")
    assert answer.status_code == 503
    error = answer.get_json()
    assert (error["code"], error["status"], error["message"]) == (503, "Service Unavailable", "not ready: translations")
    assert list(error["errors"]) == ["translations"]
    assert "compiled translation catalog" in error["errors"]["translations"][0]
    assert "is missing" in error["errors"]["translations"][0]


def test_an_empty_deck_is_not_ready(fresh_app: Flask) -> None:
    fresh_app.extensions["nambarz_deck"] = Deck(name="empty", counts=())
    error = fresh_app.test_client().get("/api/v1/ready").get_json()
    assert (error["code"], error["errors"]) == (503, {"deck": ["the Nambarz deck has no cards"]})


def test_a_referee_that_judges_wrongly_is_not_ready(fresh_app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(health, "REFEREE_CASES", (("3bee", "9 / 3", True),))
    error = fresh_app.test_client().get("/api/v1/ready").get_json()
    assert (error["code"], error["errors"]) == (503, {"referee": ["the referee judged 9 / 3 on 3bee not legal"]})

"""Every answer carries its request's id, a trusted proxy's or a new one, and the app's log lines cite it."""

from __future__ import annotations

import logging
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app

PROXY = "10.0.0.2"
NEW_ID = re.compile(r"[0-9a-f]{32}")


@pytest.fixture(scope="module")
def behind_proxy() -> Flask:
    return create_app({"TESTING": True, "NAMBARZ_TRUSTED_PROXIES": PROXY})


def _id(client: FlaskClient, peer: str, sent: str | None) -> str:
    headers = {} if sent is None else {"X-Request-Id": sent}
    answer = client.get("/api/v1/health", headers=headers, environ_base={"REMOTE_ADDR": peer})
    return answer.headers["X-Request-Id"]


def test_each_request_gets_a_new_id(client: FlaskClient) -> None:
    ids = {client.get("/api/v1/health").headers["X-Request-Id"] for _ in range(20)}
    assert len(ids) == 20
    assert all(NEW_ID.fullmatch(request_id) for request_id in ids)


@pytest.mark.parametrize("sent", ["0123456789abcdef0123456789abcdef", "Root-1.abc_def-0123456789"])
def test_a_trusted_proxys_id_is_kept(behind_proxy: Flask, sent: str) -> None:
    assert _id(behind_proxy.test_client(), PROXY, sent) == sent


@pytest.mark.parametrize(
    "sent",
    ["short", "x" * 65, "has space in it 0123456789", "0123456789abcdef;rm -rf", "0123456789abcdef\u00e9", ""],
)
def test_an_id_that_does_not_look_like_one_is_replaced(behind_proxy: Flask, sent: str) -> None:
    assert NEW_ID.fullmatch(_id(behind_proxy.test_client(), PROXY, sent))


def test_an_id_from_anyone_but_a_trusted_proxy_is_replaced(behind_proxy: Flask) -> None:
    sent = "0123456789abcdef0123456789abcdef"
    request_id = _id(behind_proxy.test_client(), "198.51.100.9", sent)
    assert request_id != sent and NEW_ID.fullmatch(request_id)


def test_a_failing_request_is_logged_with_its_id(caplog: pytest.LogCaptureFixture) -> None:
    app = create_app({"TESTING": True, "PROPAGATE_EXCEPTIONS": False})

    @app.get("/api/v1/broken")
    def broken() -> str:
        raise RuntimeError("the view broke")

    with caplog.at_level(logging.ERROR, logger=app.logger.name):
        answer = app.test_client().get("/api/v1/broken")
    assert answer.status_code == 500
    request_id = answer.headers["X-Request-Id"]
    assert [record.getMessage() for record in caplog.records] == [
        f"request {request_id}: Exception on /api/v1/broken [GET]"
    ]


def test_a_failing_join_link_is_logged_without_its_token(caplog: pytest.LogCaptureFixture) -> None:
    app = create_app({"TESTING": True, "PROPAGATE_EXCEPTIONS": False})

    @app.get("/play/<game_id>/join/<token>/broken")
    def broken(game_id: str, token: str) -> str:
        raise RuntimeError("the view broke")

    with caplog.at_level(logging.ERROR, logger=app.logger.name):
        answer = app.test_client().get("/play/g1/join/s3cr3t/broken")
    assert answer.status_code == 500
    request_id = answer.headers["X-Request-Id"]
    assert [record.getMessage() for record in caplog.records] == [
        f"request {request_id}: Exception on /play/g1/join/.../broken [GET]"
    ]

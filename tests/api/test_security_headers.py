"""Every answer carries the security headers: each route of the app, its static files and every error."""

from __future__ import annotations

import base64
import hashlib
import re

import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient
from werkzeug.routing import IntegerConverter, Rule
from werkzeug.test import TestResponse

from api.app import create_app
from api.middleware.security_headers import (
    DOCS_POLICY,
    PAGE_POLICY,
    SECURITY_HEADERS,
    STRICT_TRANSPORT_SECURITY,
    SWAGGER_UI_SCRIPT,
    api_policy,
)

PATH_EXAMPLES = {
    "web.static": {"filename": "style.css"},
    "web.tutor_static": {"filename": "worksheet.css"},
    "_swagger_ui_asset": {"filename": "swagger-ui.css"},
}
"""A value of each route's variable parts that names a file the route serves; any other variable part is
an unknown game (``unknown``) or seat (``0``)."""


STRICTER = {
    endpoint: {"Referrer-Policy": "no-referrer"}
    for endpoint in (
        "web.play_join",
        "web.class_page",
        "web.class_csv",
        "web.class_worksheet",
        "web.class_delete",
        "web.class_remove_pupil",
    )
}
"""The headers a route sends stricter than every other: a join link's address holds a seat's secret, a class's
teacher pages' address the teacher's."""


def _assert_secured(answer: TestResponse, policy: str, endpoint: str = "") -> None:
    for name, value in {**SECURITY_HEADERS, **STRICTER.get(endpoint, {})}.items():
        assert answer.headers.get_all(name) == [value], name
    assert answer.headers.get_all("Content-Security-Policy") == [policy]
    assert "Strict-Transport-Security" not in answer.headers  # the request came over plain HTTP
    assert re.fullmatch(r"[0-9a-f]{32}", answer.headers["X-Request-Id"])


def _expected_policy(path: str) -> str:
    if path == "/api/docs" or path.startswith("/api/docs/"):
        return DOCS_POLICY
    return api_policy() if path.startswith("/api/") else PAGE_POLICY


def _routes(app: Flask) -> list[Rule]:
    return sorted(app.url_map.iter_rules(), key=lambda rule: rule.rule)


@pytest.mark.parametrize("rule", _routes(create_app({"TESTING": True})), ids=lambda rule: rule.rule)
def test_every_route_answers_with_the_security_headers(app: Flask, client: FlaskClient, rule: Rule) -> None:
    unknown = {
        name: 0 if isinstance(converter, IntegerConverter) else "unknown"
        for name, converter in rule._converters.items()
    }
    with app.test_request_context():
        path = url_for(rule.endpoint, **PATH_EXAMPLES.get(rule.endpoint, unknown))
    method = "GET" if "GET" in (rule.methods or ()) else "POST"
    answer = client.open(path, method=method, json={} if method == "POST" else None)
    assert answer.status_code < 500, answer.text
    _assert_secured(answer, _expected_policy(path), rule.endpoint)


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("GET", "/no-such-page", None, 404),
        ("GET", "/api/v1/no-such-thing", None, 404),
        ("DELETE", "/api/v1/health", None, 405),
        ("POST", "/nambarz/check", b"{}", 405),
        ("POST", "/api/v1/nambarz/check", b"{" + b" " * (64 * 1024) + b"}", 413),
        ("POST", "/api/v1/nambarz/check", b"not json", 400),
        ("GET", "/nambarz/check?top=3bee&play=9+%2F", None, 422),
        ("OPTIONS", "/api/v1/nambarz/check", None, 200),
        ("HEAD", "/", None, 200),
    ],
)
def test_errors_and_other_methods_answer_with_the_security_headers(
    client: FlaskClient, method: str, path: str, body: bytes | None, status: int
) -> None:
    answer = client.open(path, method=method, data=body, content_type="application/json")
    assert answer.status_code == status
    _assert_secured(answer, _expected_policy(path.split("?", maxsplit=1)[0]))


def test_a_media_type_refused_with_415_has_the_security_headers(client: FlaskClient) -> None:
    answer = client.post("/api/v1/nambarz/check", data="top=3bee", content_type="text/plain")
    assert answer.status_code == 415
    _assert_secured(answer, api_policy())


@pytest.mark.parametrize("path", ["/api/v1/broken", "/broken"])
def test_an_internal_error_has_the_security_headers(path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app({"TESTING": True, "PROPAGATE_EXCEPTIONS": False})
    monkeypatch.setattr(app.logger, "disabled", True)  # the traceback is expected; the logger is every app's

    def broken() -> str:
        raise RuntimeError("the view broke")

    app.add_url_rule(path, "broken", broken)
    answer = app.test_client().get(path)
    assert answer.status_code == 500
    _assert_secured(answer, _expected_policy(path))


def test_strict_transport_security_is_sent_over_https_only(client: FlaskClient) -> None:
    assert "Strict-Transport-Security" not in client.get("/").headers
    secure = client.get("/", base_url="https://localhost")
    assert secure.headers.get_all("Strict-Transport-Security") == [STRICT_TRANSPORT_SECURITY]


def _content_hash(text: str) -> str:
    return f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"


def test_the_docs_pages_inline_script_is_the_one_its_policy_allows(client: FlaskClient) -> None:
    page = client.get("/api/docs").text
    scripts = re.findall(r"<script>(.*?)</script>", page, flags=re.DOTALL)
    assert [_content_hash(script) for script in scripts] == [SWAGGER_UI_SCRIPT], (
        "the inline script of /api/docs changed: set SWAGGER_UI_SCRIPT in api/middleware/security_headers.py to "
        + ", ".join(_content_hash(script) for script in scripts)
    )


def test_the_api_worksheets_inline_style_sheet_is_the_one_its_policy_allows() -> None:
    patient = create_app({"TESTING": True, "NAMBARZ_TIME_LIMIT": 60})  # a first draw may be slow: a generous time limit
    answer = patient.test_client().post("/api/v1/tutor/worksheet", json={"level": 1, "count": 2, "seed": 7})
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    styles = re.findall(r"<style>(.*?)</style>", answer.text, flags=re.DOTALL)
    assert len(styles) == 1
    assert f"; style-src {_content_hash(styles[0])};" in api_policy()

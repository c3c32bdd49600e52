"""The deployment guide, run: nginx with ``deploy/nginx/nambarz.conf`` over HTTPS in front of two servers.

Nothing here measures time; the waits only keep a broken setup from
hanging the suite.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from urllib.parse import urlsplit

import pytest

from api.middleware.security_headers import PAGE_POLICY, SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY
from tests.deploy.conftest import PATIENCE, SERVER_NAME, Proxied
from tests.serving import Served

BODY_LIMIT = 64 * 1024
"""The largest body nginx and the app accept, in bytes."""

CHECK = b'{"top": "3bee", "play": "6 / 2"}'
"""A request body the app answers 200."""


def _access_line(served: Served, marker: str) -> str | None:
    """The line of the server's access log for the request whose address holds ``marker``, if it has one yet."""
    return next((line for line in served.output().splitlines() if marker in line), None)


def _wait_for_access_line(proxied: Proxied, marker: str) -> tuple[int, str]:
    """Which of the servers answered the request whose address holds ``marker``, and its access-log line there."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        for index, served in enumerate(proxied.servers):
            line = _access_line(served, marker)
            if line is not None:
                return index, line
        time.sleep(0.1)
    raise AssertionError(f"no server logged the request {marker}")


def _wait_for_nginx_line(proxied: Proxied, marker: str) -> str:
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        text = proxied.access_log.read_text(encoding="utf-8") if proxied.access_log.exists() else ""
        line = next((line for line in text.splitlines() if marker in line), None)
        if line is not None:
            return line
        time.sleep(0.1)
    raise AssertionError(f"nginx did not log the request {marker}")


def test_health_and_readiness_answer_over_https(proxied: Proxied) -> None:
    health = proxied.https("GET", "/api/v1/health")
    ready = proxied.https("GET", "/api/v1/ready")
    assert (health.status, json.loads(health.body)["status"]) == (200, "ok")
    assert (ready.status, json.loads(ready.body)["status"]) == (200, "ready")


def test_a_page_carries_the_security_headers_and_hsts_once(proxied: Proxied) -> None:
    page = proxied.https("GET", "/nambarz/check?top=3bee&play=6+%2F+2&lang=en")
    assert page.status == 200
    assert b'id="verdict"' in page.body
    for name, value in SECURITY_HEADERS.items():
        assert page.headers.get_all(name) == [value], name
    assert page.headers.get_all("Content-Security-Policy") == [PAGE_POLICY]
    assert page.headers.get_all("Strict-Transport-Security") == [STRICT_TRANSPORT_SECURITY]
    assert re.fullmatch(r"[0-9a-f]{32}", page.headers["X-Request-Id"])
    assert "nginx/" not in page.headers.get("Server", "")


# An unbalanced quote makes the whole header unreadable to a parser of quoted strings (Werkzeug's ProxyFix), which
# would then fall back to nginx's own address: the app reads the address nginx appended, whatever precedes it.
@pytest.mark.parametrize("claimed", ["6.6.6.6", '"6.6.6.6'])
def test_the_app_sees_the_client_nginx_saw_not_the_forwarded_for_the_client_wrote(
    proxied: Proxied, claimed: str
) -> None:
    marker = uuid.uuid4().hex
    answer = proxied.https(
        "GET", f"/api/v1/health?probe={marker}", headers={"X-Forwarded-For": claimed}, source="127.0.0.2"
    )
    assert answer.status == 200
    _, line = _wait_for_access_line(proxied, marker)
    assert line.split()[0] == "127.0.0.2", line  # neither the client's claim nor nginx's own 127.0.0.1


def test_the_request_id_is_nginxs_in_the_answer_and_both_access_logs(proxied: Proxied) -> None:
    marker = uuid.uuid4().hex
    answer = proxied.https("GET", f"/api/v1/health?probe={marker}", headers={"X-Request-Id": "chosen-by-the-client"})
    request_id = answer.headers["X-Request-Id"]
    assert re.fullmatch(r"[0-9a-f]{32}", request_id), request_id
    assert f"id={request_id}" in _wait_for_nginx_line(proxied, marker)
    _, line = _wait_for_access_line(proxied, marker)
    assert f"id={request_id}" in line


def test_plain_http_is_redirected_to_https(proxied: Proxied) -> None:
    answer = proxied.http("GET", "/nambarz/check?top=3bee")
    assert answer.status == 301
    assert answer.headers["Location"] == f"https://{SERVER_NAME}/nambarz/check?top=3bee"


def test_a_body_over_64_kib_is_refused_by_nginx_in_the_apis_error_shape(proxied: Proxied) -> None:
    body = CHECK + b" " * (BODY_LIMIT + 1 - len(CHECK))
    answer = proxied.https("POST", "/api/v1/nambarz/check", body=body, headers={"Content-Type": "application/json"})
    assert answer.status == 413
    assert answer.headers["Content-Type"] == "application/json"
    error = json.loads(answer.body)
    assert error == {"code": 413, "status": "Request Entity Too Large", "message": "the body is larger than 64 KiB"}
    for name, value in SECURITY_HEADERS.items():
        assert answer.headers.get_all(name) == [value], name
    assert answer.headers["Content-Security-Policy"].startswith("default-src 'none';")
    assert answer.headers.get_all("Strict-Transport-Security") == [STRICT_TRANSPORT_SECURITY]
    assert re.fullmatch(r"[0-9a-f]{32}", answer.headers["X-Request-Id"])


def test_a_body_of_64_kib_reaches_the_app(proxied: Proxied) -> None:
    body = CHECK + b" " * (BODY_LIMIT - len(CHECK))
    answer = proxied.https("POST", "/api/v1/nambarz/check", body=body, headers={"Content-Type": "application/json"})
    assert answer.status == 200, answer.body
    assert json.loads(answer.body)["legal"] is True


def test_requests_are_shared_among_the_upstream_servers(proxied: Proxied) -> None:
    markers = [uuid.uuid4().hex for _ in range(4)]
    for marker in markers:
        assert proxied.https("GET", f"/api/v1/health?probe={marker}").status == 200
    answered_by = {_wait_for_access_line(proxied, marker)[0] for marker in markers}
    assert answered_by == {0, 1}


def test_a_join_link_reaches_no_access_log_with_its_token(proxied: Proxied) -> None:
    body = {"game": "quando", "seats": [{"name": "Ann"}, {"name": "Bot", "kind": "strong"}]}
    created = proxied.https(
        "POST", "/api/v1/games", body=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    assert created.status == 201, created.body
    game = json.loads(created.body)
    game_id, token = game["id"], game["seats"][0]["token"]
    join = urlsplit(game["seats"][0]["link"]).path
    assert join == f"/play/{game_id}/join/{token}"
    joined = proxied.https("GET", f"{join}?lang=en")
    assert joined.status == 303
    assert (joined.headers["Cache-Control"], joined.headers["Referrer-Policy"]) == ("no-store", "no-referrer")
    hidden = f"/play/{game_id}/join/..."
    assert f'"GET {hidden}?lang=en HTTP/1.1"' in _wait_for_nginx_line(proxied, game_id)
    _, line = _wait_for_access_line(proxied, game_id)
    assert f'"GET {hidden}?lang=en HTTP/1.1"' in line, line
    marker = uuid.uuid4().hex
    assert proxied.http("GET", f"{join}?probe={marker}").status == 301  # over plain HTTP, before the redirect
    assert f'"GET {hidden}?probe={marker} HTTP/1.1"' in _wait_for_nginx_line(proxied, marker)
    assert token not in proxied.access_log.read_text(encoding="utf-8")
    assert all(token not in served.output() for served in proxied.servers)


def test_a_teacher_link_reaches_no_access_log_with_its_token(proxied: Proxied) -> None:
    body = {"name": "4B", "lang": "en", "operators": "+-", "target": 0.75}
    created = proxied.https(
        "POST", "/api/v1/classes", body=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    assert created.status == 201, created.body
    token = json.loads(created.body)["teacher_token"]
    marker = uuid.uuid4().hex
    page = proxied.https("GET", f"/teach/{token}?probe={marker}")
    assert page.status == 200
    assert f'"GET /teach/...?probe={marker} HTTP/1.1"' in _wait_for_nginx_line(proxied, marker)
    _, line = _wait_for_access_line(proxied, marker)
    assert f'"GET /teach/...?probe={marker} HTTP/1.1"' in line, line
    assert token not in proxied.access_log.read_text(encoding="utf-8")
    assert all(token not in served.output() for served in proxied.servers)


def test_the_session_cookie_is_secure_over_https(proxied: Proxied) -> None:
    page = proxied.https("GET", "/?lang=en")
    cookies = [cookie for cookie in page.headers.get_all("Set-Cookie") or [] if cookie.startswith("nambarz_session=")]
    assert len(cookies) == 1, cookies
    assert {"Secure", "HttpOnly", "SameSite=Lax"} <= {part.strip() for part in cookies[0].split(";")}

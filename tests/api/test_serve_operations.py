"""A real ``nambarz serve``: its access log, request ids and trust in a proxy, as gunicorn and the app run them.

The server trusts 127.0.0.1 as its proxy; a client that is no proxy
connects from 127.0.0.2 (another loopback address).  Nothing here measures
time: the waits only keep a broken server from hanging the suite.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator, Mapping
from urllib.parse import urlsplit

import pytest

from api.middleware.security_headers import STRICT_TRANSPORT_SECURITY
from tests.serving import SERVER_START_SECONDS, Served, free_port, running_server

PATIENCE = 120
"""Seconds a test waits for an answer or a log line before it fails (only a broken server gets near it)."""

ACCESS_LINE = re.compile(
    r'(?P<client>\S+) \[(?P<time>\d\d/\w{3}/\d{4}:\d\d:\d\d:\d\d [+-]\d{4})\] "(?P<request>[^"]*)" (?P<status>\d{3}) '
    r'(?P<bytes>\d+|-) (?P<seconds>\d+\.\d{6})s id=(?P<id>\S+) "(?P<referrer>[^"]*)" "(?P<agent>[^"]*)"'
)
"""An access-log line of ``nambarz serve``, as docs/operators/index.md shows it."""


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    with running_server(environment={"NAMBARZ_TRUSTED_PROXIES": "127.0.0.1"}) as served:
        yield served


def _get(served: Served, path: str, headers: Mapping[str, str], source: str) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=PATIENCE, source_address=(source, 0))
    try:
        connection.request("GET", path, headers=dict(headers))
        response = connection.getresponse()
        response.read()
        return response
    finally:
        connection.close()


def _access_line(served: Served, marker: str) -> re.Match[str]:
    """The one access-log line of the request whose address holds ``marker``, parsed."""
    deadline = time.monotonic() + PATIENCE
    while True:
        lines = [line for line in served.output().splitlines() if marker in line]
        if lines or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert len(lines) == 1, lines
    parsed = ACCESS_LINE.fullmatch(lines[0])
    assert parsed is not None, lines[0]
    return parsed


def test_the_server_starts_its_workers_warm_and_without_a_traceback(served: Served) -> None:
    assert _get(served, "/api/v1/ready", {}, "127.0.0.1").status == 200
    assert "Traceback" not in served.output()
    assert "Booting worker" in served.output()


def test_each_request_is_one_access_log_line_with_its_duration_and_request_id(served: Served) -> None:
    marker = uuid.uuid4().hex
    answer = _get(served, f"/api/v1/health?probe={marker}", {"User-Agent": "probe/1.0"}, "127.0.0.1")
    line = _access_line(served, marker)
    assert line["client"] == "127.0.0.1"
    assert line["request"] == f"GET /api/v1/health?probe={marker} HTTP/1.1"
    assert (line["status"], line["bytes"]) == ("200", answer.headers["Content-Length"])
    assert float(line["seconds"]) >= 0
    assert line["id"] == answer.headers["X-Request-Id"]
    assert re.fullmatch(r"[0-9a-f]{32}", line["id"])
    assert (line["referrer"], line["agent"]) == ("-", "probe/1.0")


def test_an_error_is_logged_with_its_request_id_too(served: Served) -> None:
    marker = uuid.uuid4().hex
    answer = _get(served, f"/no-such-page-{marker}", {}, "127.0.0.1")
    line = _access_line(served, marker)
    assert (answer.status, line["status"], line["id"]) == (404, "404", answer.headers["X-Request-Id"])


def test_the_trusted_proxy_names_the_client_the_scheme_and_the_request_id(served: Served) -> None:
    marker, request_id = uuid.uuid4().hex, uuid.uuid4().hex
    headers = {"X-Forwarded-For": "6.6.6.6, 203.0.113.7", "X-Forwarded-Proto": "https", "X-Request-Id": request_id}
    answer = _get(served, f"/api/v1/health?probe={marker}", headers, "127.0.0.1")
    line = _access_line(served, marker)
    assert (line["client"], line["id"], answer.headers["X-Request-Id"]) == ("203.0.113.7", request_id, request_id)
    assert answer.headers["Strict-Transport-Security"] == STRICT_TRANSPORT_SECURITY  # the request came over HTTPS


def test_a_client_that_is_no_proxy_is_not_believed(served: Served) -> None:
    marker, request_id = uuid.uuid4().hex, uuid.uuid4().hex
    headers = {"X-Forwarded-For": "6.6.6.6", "X-Forwarded-Proto": "https", "X-Request-Id": request_id}
    answer = _get(served, f"/api/v1/health?probe={marker}", headers, "127.0.0.2")
    line = _access_line(served, marker)
    assert line["client"] == "127.0.0.2"
    assert line["id"] == answer.headers["X-Request-Id"] != request_id
    assert "Strict-Transport-Security" not in answer.headers


def _open_game(served: Served) -> tuple[str, str, str]:
    """A game for one person and a bot, opened through the API: its id, the person's join path and token."""
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=PATIENCE)
    body = {"game": "quando", "seats": [{"name": "Ann"}, {"name": "Bot", "kind": "strong"}]}
    try:
        connection.request("POST", "/api/v1/games", body=json.dumps(body), headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        game = json.loads(response.read())
    finally:
        connection.close()
    assert response.status == 201, game
    seat = game["seats"][0]
    return game["id"], urlsplit(seat["link"]).path, seat["token"]


def _access_lines(served: Served, marker: str, count: int) -> list[re.Match[str]]:
    """The ``count`` access-log lines that hold ``marker``, parsed, once the server has written them."""
    deadline = time.monotonic() + PATIENCE
    while True:
        lines = [line for line in served.output().splitlines() if marker in line]
        if len(lines) >= count or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert len(lines) == count, lines
    parsed = [ACCESS_LINE.fullmatch(line) for line in lines]
    assert all(parsed), lines
    return [line for line in parsed if line is not None]


def test_a_join_link_is_logged_without_its_token(served: Served) -> None:
    game_id, join, token = _open_game(served)
    assert join == f"/play/{game_id}/join/{token}"
    joined = _get(served, f"{join}?lang=en", {"Referer": f"{served.url}{join}"}, "127.0.0.1")
    assert joined.status == 303
    assert (joined.headers["Cache-Control"], joined.headers["Referrer-Policy"]) == ("no-store", "no-referrer")
    # A browser that sent the join address as the next request's referrer, as none should:
    seat = _get(served, joined.headers["Location"], {"Referer": f"{served.url}{join}"}, "127.0.0.1")
    assert seat.status == 403  # this client kept no cookie
    join_line, seat_line = _access_lines(served, game_id, 2)
    hidden = f"/play/{game_id}/join/..."
    assert join_line["request"] == f"GET {hidden}?lang=en HTTP/1.1"
    assert join_line["referrer"] == seat_line["referrer"] == f"{served.url}{hidden}"
    assert seat_line["request"] == f"GET /play/{game_id}/seat/0?lang=en HTTP/1.1"
    assert token not in served.output()


@pytest.mark.parametrize(
    ("setting", "value", "message"),
    [
        (
            "NAMBARZ_TRUSTED_PROXIES",
            "10.0.0.1/8",
            "NAMBARZ_TRUSTED_PROXIES: '10.0.0.1/8' is not an address or a network (10.0.0.1/8 has host bits set)",
        ),
        ("NAMBARZ_TIME_LIMIT", "soon", "NAMBARZ_TIME_LIMIT: expected a number of seconds, not 'soon'"),
        ("NAMBARZ_MAX_HAND", "-", "NAMBARZ_MAX_HAND: expected a whole number, not '-'"),
        (
            "NAMBARZ_RATE_LIMIT",
            "lots",
            "NAMBARZ_RATE_LIMIT: 'lots' is not a rate limit such as '30 per minute; 5 per second' (or 'off')",
        ),
        ("NAMBARZ_SECRET_KEY", "password", "NAMBARZ_SECRET_KEY: expected at least 32 characters, not 8"),
    ],
)
def test_a_setting_that_cannot_be_used_stops_the_server_with_one_line(setting: str, value: str, message: str) -> None:
    command = [sys.executable, "-m", "api", "serve", "--port", str(free_port())]
    environment = {**os.environ, setting: value}
    finished = subprocess.run(
        command, env=environment, capture_output=True, text=True, timeout=SERVER_START_SECONDS, check=False
    )
    assert (finished.returncode, finished.stderr) == (2, f"nambarz serve: {message}\n")

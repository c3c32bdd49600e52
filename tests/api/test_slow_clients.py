"""Slow and hostile clients against a real ``nambarz serve``: none of them holds the server.

The server is the README's: gunicorn with gevent workers.  Nothing here
measures time; each test checks that the server answers the others while a
client stalls, and what the stalled client is answered.  The socket timeouts
only keep a broken server from hanging the suite.
"""

from __future__ import annotations

import json
import socket
import urllib.request
from collections.abc import Iterator

import pytest

from services.json_body import BODY_SILENCE_TIMEOUT
from tests.serving import Served, running_server

STALLED_CLIENTS = 50
"""More connections than a two-worker server of any thread-per-connection model could hold."""

PATIENCE = 120
"""Seconds a test waits for an answer before it counts as none (only a broken server gets near it)."""


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    with running_server() as served:
        yield served


def _connect(served: Served) -> socket.socket:
    client = socket.create_connection(("127.0.0.1", served.port), timeout=PATIENCE)
    return client


def _health(served: Served) -> int:
    with urllib.request.urlopen(f"{served.url}/api/v1/health", timeout=PATIENCE) as answer:
        return int(answer.status)


def _answer(client: socket.socket) -> tuple[int, dict[str, object]]:
    """The status and JSON body of the one answer the server writes on ``client``."""
    received = b""
    while b"\r\n\r\n" not in received:
        received += client.recv(4096)
    head, _, body = received.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        body += client.recv(4096)
    return int(head.split()[1]), json.loads(body)


def test_clients_that_stall_in_their_headers_do_not_stop_the_server(served: Served) -> None:
    stalled = [_connect(served) for _ in range(STALLED_CLIENTS)]
    try:
        for client in stalled:
            client.sendall(b"POST /api/v1/nambarz/check HTTP/1.1\r\nHost: nambarz\r\nContent-Ty")
        assert [_health(served) for _ in range(5)] == [200] * 5
    finally:
        for client in stalled:
            client.close()


def test_a_body_shorter_than_announced_is_answered_408_and_holds_no_worker(served: Served) -> None:
    with _connect(served) as client:
        client.sendall(
            b"POST /api/v1/nambarz/check HTTP/1.1\r\nHost: nambarz\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"top": "3bee"'
        )
        assert _health(served) == 200  # answered while the body is still awaited
        status, error = _answer(client)
    assert status == 408
    assert error["message"] == f"the body stopped arriving: nothing for {BODY_SILENCE_TIMEOUT:g} s"


def test_a_chunked_body_over_the_limit_is_answered_413(served: Served) -> None:
    chunk = b"[" + b"1," * 4000 + b"1]"
    with _connect(served) as client:
        client.sendall(
            b"POST /api/v1/nambarz/check HTTP/1.1\r\nHost: nambarz\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        for _ in range(10):  # 80 KiB, over the 64 KiB limit
            client.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        client.sendall(b"0\r\n\r\n")
        status, error = _answer(client)
    assert status == 413
    assert error["message"] == "the chunked body reached the limit of 64 KiB"


def test_a_chunked_body_within_the_limit_is_read_whole(served: Served) -> None:
    body = json.dumps({"top": "3bee", "play": "6 / 2"}).encode()
    with _connect(served) as client:
        client.sendall(
            b"POST /api/v1/nambarz/check HTTP/1.1\r\nHost: nambarz\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        for part in (body[:10], body[10:]):
            client.sendall(b"%x\r\n%s\r\n" % (len(part), part))
        client.sendall(b"0\r\n\r\n")
        status, verdict = _answer(client)
    assert (status, verdict["legal"]) == (200, True)

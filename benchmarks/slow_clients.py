"""Slow clients against ``nambarz serve``: does a normal request still get through quickly?

The script starts ``nambarz serve`` (gunicorn with gevent workers, as the
README's first command runs it) on a free loopback port, measures
``GET /api/v1/health`` alone, then opens 200 connections that each send a
request one byte per second (a slow school network, or an attacker) and
measures ``GET /api/v1/health`` again while they trickle.  The server
closes a connection whose headers have not arrived within its header
timeout; the trickler then opens a new one at once, so 200 are open all
the time (the table says how many were reopened).  Each health request is a
new connection, sent every 50 ms; latency is from connecting to the last
byte of the answer.

Goal: with the 200 tricklers open, the 99th percentile of health's latency
stays under 100 ms.

Run it from the repository root::

    python benchmarks/slow_clients.py            # 200 tricklers, 400 health requests
    python benchmarks/slow_clients.py --quick    # 20 tricklers, 40 requests: a smoke test

The exit status is 1 when a health request failed, 2 when the server could
not be started; a missed goal is only reported.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import socket
import sys
import tempfile
import threading
import time
from http.client import HTTPConnection, HTTPException

from api_load import HOST, ServerError, free_port, start_server, stop_server, wait_until_healthy

TRICKLERS = 200
QUICK_TRICKLERS = 20
REQUESTS = 400
QUICK_REQUESTS = 40
PAUSE = 0.05
"""Seconds between two health requests."""
REQUEST_TIMEOUT = 30.0
P99_GOAL_MS = 100.0
TRICKLED_REQUEST = (
    b"POST /api/v1/nambarz/check HTTP/1.1\r\nHost: nambarz\r\nContent-Type: application/json\r\n"
    b"Content-Length: 40\r\nUser-Agent: a-very-slow-client\r\n\r\n"
)


class Tricklers:
    """Connections that each send :data:`TRICKLED_REQUEST` one byte per second, reopened when the server closes them."""

    def __init__(self, port: int, count: int) -> None:
        self.port = port
        self.connections = [self._open() for _ in range(count)]
        self.positions = [0] * count
        self.reopened = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tricklers", daemon=True)

    def _open(self) -> socket.socket:
        return socket.create_connection((HOST, self.port), timeout=REQUEST_TIMEOUT)

    def _run(self) -> None:
        while not self._stop.wait(1.0):
            for index, connection in enumerate(self.connections):
                position = self.positions[index] % len(TRICKLED_REQUEST)
                try:
                    connection.sendall(TRICKLED_REQUEST[position : position + 1])
                    self.positions[index] += 1
                except OSError:  # the server let it go: a new slow client takes its place
                    connection.close()
                    self.connections[index] = self._open()
                    self.positions[index] = 0
                    self.reopened += 1

    def __enter__(self) -> Tricklers:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()
        for connection in self.connections:
            connection.close()


def health_latencies(port: int, count: int) -> tuple[list[float], list[str]]:
    """``count`` health requests, each on a new connection, :data:`PAUSE` apart: latencies in ms, and errors."""
    latencies: list[float] = []
    errors: list[str] = []
    for _ in range(count):
        began = time.perf_counter()
        connection = HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT)
        try:
            connection.request("GET", "/api/v1/health")
            answer = connection.getresponse()
            answer.read()
            if answer.status == 200:
                latencies.append((time.perf_counter() - began) * 1000)
            else:
                errors.append(f"status {answer.status}")
        except (OSError, HTTPException) as error:
            errors.append(f"{type(error).__name__}: {error}")
        finally:
            connection.close()
        time.sleep(PAUSE)
    return latencies, errors


def percentile(values: list[float], percent: float) -> float:
    """Nearest-rank percentile (NaN for no values)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(percent / 100 * len(ordered)) - 1)] if ordered else math.nan


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="20 tricklers and 40 requests, a smoke test")
    arguments = parser.parse_args(argv)
    tricklers = QUICK_TRICKLERS if arguments.quick else TRICKLERS
    requests = QUICK_REQUESTS if arguments.quick else REQUESTS

    port = free_port()
    with tempfile.TemporaryFile() as log:
        server = start_server(port, 2, log)
        try:
            wait_until_healthy(server, port, log)
            health_latencies(port, 20)  # warm both workers up
            alone, alone_errors = health_latencies(port, requests)
            began = time.monotonic()
            with Tricklers(port, tricklers) as trickling:
                time.sleep(2.0)  # every trickler has sent a byte or two
                loaded, loaded_errors = health_latencies(port, requests)
                reopened, seconds = trickling.reopened, time.monotonic() - began
        except ServerError as error:
            print(f"slow_clients: error: could not start the server on {HOST}:{port}: {error}", file=sys.stderr)
            return 2
        finally:
            stop_server(server)

    print("# Slow clients: health's latency while connections trickle\n")
    print(
        f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, {os.cpu_count()} CPUs; "
        f"`nambarz serve --workers 2`; {requests} health requests, each on a new connection, {PAUSE * 1000:.0f} ms "
        f"apart\n"
    )
    print("| Open trickling connections | Requests | Answered 200 | p50 ms | p99 ms | max ms |")
    print("|---|---|---|---|---|---|")
    for open_count, latencies in ((0, alone), (tricklers, loaded)):
        print(
            f"| {open_count} | {requests} | {len(latencies)} | {percentile(latencies, 50):.1f} "
            f"| {percentile(latencies, 99):.1f} | {max(latencies, default=math.nan):.1f} |"
        )
    print(
        f"\nThe tricklers sent a byte per second each for {seconds:.0f} s; the server closed {reopened} of their "
        "connections when their headers had not arrived in time, and each was reopened at once."
    )
    p99 = percentile(loaded, 99)
    print("\n| Goal | Measured | Result |")
    print("|---|---|---|")
    verdict = "pass" if p99 < P99_GOAL_MS else "**FAIL**"
    print(f"| health p99 < {P99_GOAL_MS:g} ms, {tricklers} tricklers open | {p99:.1f} ms | {verdict} |")
    errors = alone_errors + loaded_errors
    if errors:
        print(f"\n**{len(errors)} health requests failed**, e.g. {errors[0]}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

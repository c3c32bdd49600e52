"""Load-test the HTTP API: requests per second and latency of a local ``nambarz serve``.

The script starts ``nambarz serve --host 127.0.0.1 --port <free port> --workers W``
(gunicorn) as a subprocess, waits until ``/api/v1/health`` answers, warms every
worker up and then, for each endpoint and for 1 and 4 concurrent clients, sends
a fixed number of requests; then, for each endpoint, 64 clients send requests
for 20 s without pause (sustained load).  Each client is a thread with its own
``http.client.HTTPConnection`` to 127.0.0.1, kept open between requests while the
server allows it (the client reconnects when the server closes it; the note
under the table says how often).
Latency is wall-clock ``time.perf_counter`` around one request and the reading of
its whole answer; throughput is all the requests of a configuration divided by
the time from the first request sent to the last answer read.

Endpoints and bodies:

* ``GET /api/v1/health``
* ``POST /api/v1/nambarz/check`` ``{"top": "3bee", "play": "6 + 5 + 2 - 10"}``
* ``POST /api/v1/nambarz/solve`` ``{"top": "3bee", "hand": ["1", "2", "4", "6", "10", "5", "7fish"]}``

Goals: the referee (``check``) answers at least half as many requests per
second as ``health`` (with 4 clients, and with 1 client), and its 99th
percentile latency with 4 clients stays under 50 ms; under sustained load no
``check`` or ``solve`` request fails and ``check`` keeps at least 80% of
``health``'s throughput.

Run it from the repository root::

    python benchmarks/api_load.py                  # 2000 requests per configuration
    python benchmarks/api_load.py --workers 4 --requests 500
    python benchmarks/api_load.py --quick          # a few dozen requests and 8 clients for 2 s, a smoke test

It prints a markdown table, then the goals with pass/fail.  The exit status is
1 when any request failed (a status other than 200, a connection error, or
requests left unsent at the time limit), 2 when the server could not be
started; a missed goal is only reported.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import platform
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from http.client import HTTPConnection, HTTPException
from importlib import metadata
from pathlib import Path
from typing import IO

REPOSITORY_ROOT = Path(__file__).resolve().parent.parent

HOST = "127.0.0.1"
DEFAULT_REQUESTS = 2000
QUICK_REQUESTS = 40
DEFAULT_WORKERS = 2
MAX_WORKERS = 32  # as ``nambarz serve --workers`` accepts
CLIENT_COUNTS = (1, 4)
WARM_UP_CLIENTS = 4
WARM_UP_REQUESTS = 200
QUICK_WARM_UP_REQUESTS = 20

STARTUP_TIMEOUT = 30.0
"""Seconds the server has to answer ``/api/v1/health`` after it is started."""
REQUEST_TIMEOUT = 10.0
"""Seconds one request (connecting, sending, reading the answer) may take."""
CONFIGURATION_TIME_LIMIT = 60.0
"""Seconds one configuration may run; requests not sent by then count as failed."""
STOP_TIMEOUT = 15.0
"""Seconds the server has to stop after SIGTERM before its process group is killed."""

SUSTAINED_CLIENTS = 64
SUSTAINED_SECONDS = 20.0
QUICK_SUSTAINED_CLIENTS = 8
QUICK_SUSTAINED_SECONDS = 2.0
SUSTAINED_RATIO_GOAL = 0.8
"""Under sustained load, check keeps at least this share of health's throughput."""

THROUGHPUT_RATIO_GOAL = 0.5
P99_GOAL_MS = 50.0
ERRORS_SHOWN = 5
LOG_LINES_SHOWN = 20


@dataclass(frozen=True)
class Endpoint:
    """One request the benchmark sends over and over."""

    name: str
    method: str
    path: str
    body: bytes | None = None

    def headers(self) -> dict[str, str]:
        return {"Content-Type": "application/json"} if self.body is not None else {}


def _json_body(document: object) -> bytes:
    return json.dumps(document).encode()


HEALTH = Endpoint("health", "GET", "/api/v1/health")
CHECK = Endpoint("check", "POST", "/api/v1/nambarz/check", _json_body({"top": "3bee", "play": "6 + 5 + 2 - 10"}))
SOLVE = Endpoint(
    "solve",
    "POST",
    "/api/v1/nambarz/solve",
    _json_body({"top": "3bee", "hand": ["1", "2", "4", "6", "10", "5", "7fish"]}),
)
ENDPOINTS = (HEALTH, CHECK, SOLVE)


class ServerError(Exception):
    """The server did not start or did not answer its health check."""


class _CountingConnection(HTTPConnection):
    """An ``HTTPConnection`` that counts how often it (re)connects."""

    def __init__(self, port: int) -> None:
        super().__init__(HOST, port, timeout=REQUEST_TIMEOUT)
        self.connects = 0

    def connect(self) -> None:
        self.connects += 1
        super().connect()


@dataclass
class _ClientResult:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    connects: int = 0
    sent: int = 0


@dataclass(frozen=True)
class Measurement:
    """The outcome of one endpoint at one number of clients."""

    endpoint: str
    clients: int
    requests: int
    answered: int
    seconds: float
    latencies_ms: tuple[float, ...]
    errors: tuple[str, ...]
    connects: int

    @property
    def failed(self) -> int:
        return self.requests - self.answered

    @property
    def per_second(self) -> float:
        return self.answered / self.seconds if self.seconds > 0 else 0.0

    def percentile(self, percent: float) -> float:
        """Nearest-rank percentile of the latencies of successful requests, in ms (NaN when there are none)."""
        ordered = sorted(self.latencies_ms)
        if not ordered:
            return math.nan
        return ordered[max(0, math.ceil(percent / 100 * len(ordered)) - 1)]


def _send(connection: _CountingConnection, endpoint: Endpoint) -> int:
    """Send one request, read its whole answer, return its status."""
    connection.request(endpoint.method, endpoint.path, body=endpoint.body, headers=endpoint.headers())
    response = connection.getresponse()
    response.read()
    return response.status


def _client(
    port: int,
    endpoint: Endpoint,
    count: int | None,
    *,
    start: threading.Barrier,
    deadline: float,
    result: _ClientResult,
    sustain: float = 0.0,
) -> None:
    """Send requests one after the other on one connection (reopened when the server closes it).

    ``count`` requests, or with ``count`` None as many as fit in ``sustain`` seconds.
    """
    connection = _CountingConnection(port)
    try:
        start.wait()
        stop = time.monotonic() + sustain
        for _ in range(count) if count is not None else iter(lambda: time.monotonic() < stop, False):
            if time.monotonic() > deadline:
                result.errors.append(
                    f"{endpoint.name}: requests left unsent at the {CONFIGURATION_TIME_LIMIT:g} s limit"
                )
                break
            began = time.perf_counter()
            result.sent += 1
            try:
                status = _send(connection, endpoint)
            except (OSError, HTTPException) as error:  # refused, reset, timed out, a garbled answer
                connection.close()
                result.errors.append(f"{endpoint.name}: {type(error).__name__}: {error}")
                continue
            elapsed = time.perf_counter() - began
            if status == 200:
                result.latencies.append(elapsed * 1000)
            else:
                result.errors.append(f"{endpoint.name}: status {status}")
    except threading.BrokenBarrierError:
        result.errors.append(f"{endpoint.name}: the clients never started together")
    finally:
        result.connects = connection.connects
        connection.close()


def measure(port: int, endpoint: Endpoint, clients: int, requests: int | None, sustain: float = 0.0) -> Measurement:
    """Send ``requests`` requests to ``endpoint`` from ``clients`` threads at once (None: for ``sustain`` seconds)."""
    if requests is None:
        shares: list[int | None] = [None] * clients
    else:
        shares = [requests // clients + (1 if index < requests % clients else 0) for index in range(clients)]
    results = [_ClientResult() for _ in shares]
    start = threading.Barrier(clients + 1, timeout=REQUEST_TIMEOUT * 10)
    deadline = time.monotonic() + CONFIGURATION_TIME_LIMIT
    threads = [
        threading.Thread(
            target=_client,
            args=(port, endpoint, share),
            kwargs={"start": start, "deadline": deadline, "result": result, "sustain": sustain},
            name=f"client-{index}",
            daemon=True,
        )
        for index, (share, result) in enumerate(zip(shares, results, strict=True))
    ]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join(timeout=max(0.0, deadline - time.monotonic()) + REQUEST_TIMEOUT + 1)
    seconds = time.perf_counter() - began
    stuck = [thread.name for thread in threads if thread.is_alive()]
    latencies = tuple(latency for result in results for latency in result.latencies)
    errors = [error for result in results for error in result.errors]
    if stuck:
        errors.append(f"{endpoint.name}: {', '.join(stuck)} did not finish")
    return Measurement(
        endpoint=endpoint.name,
        clients=clients,
        requests=requests if requests is not None else sum(result.sent for result in results),
        answered=len(latencies),
        seconds=seconds,
        latencies_ms=latencies,
        errors=tuple(errors),
        connects=sum(result.connects for result in results),
    )


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def _serve_command(port: int, workers: int) -> list[str]:
    arguments = ["serve", "--host", HOST, "--port", str(port), "--workers", str(workers)]
    installed = Path(sys.executable).parent / "nambarz"
    if installed.exists():
        return [str(installed), *arguments]
    return [sys.executable, "-c", "import sys; from api.command import main; sys.exit(main())", *arguments]


def _tail(log: IO[bytes]) -> str:
    log.flush()
    log.seek(0)
    lines = log.read().decode(errors="replace").splitlines()[-LOG_LINES_SHOWN:]
    return "\n".join(f"    {line}" for line in lines) or "    (nothing)"


SERVER_ENVIRONMENT = {"NAMBARZ_RATE_LIMIT": "off"}
"""The server's settings: every client of a benchmark is one address, which the rate limits would stop."""


def start_server(port: int, workers: int, log: IO[bytes]) -> subprocess.Popen[bytes]:
    """Start ``nambarz serve`` (rate limits off) in its own process group, its output going to ``log``."""
    return subprocess.Popen(
        _serve_command(port, workers),
        env={**os.environ, **SERVER_ENVIRONMENT},
        cwd=REPOSITORY_ROOT,
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def wait_until_healthy(server: subprocess.Popen[bytes], port: int, log: IO[bytes]) -> None:
    """Poll ``/api/v1/health`` until it answers 200; ``ServerError`` if the server exits or the wait times out."""
    deadline = time.monotonic() + STARTUP_TIMEOUT
    last_problem = "no answer yet"
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise ServerError(
                f"the server exited with status {server.returncode} before answering; its last output:\n{_tail(log)}"
            )
        connection = HTTPConnection(HOST, port, timeout=1.0)
        try:
            connection.request("GET", HEALTH.path)
            response = connection.getresponse()
            response.read()
            if response.status == 200:
                return
            last_problem = f"status {response.status}"
        except OSError as error:
            last_problem = f"{type(error).__name__}: {error}"
        finally:
            connection.close()
        time.sleep(0.1)
    raise ServerError(
        f"{HEALTH.path} did not answer 200 within {STARTUP_TIMEOUT:g} s ({last_problem}); "
        f"the server's last output:\n{_tail(log)}"
    )


def stop_server(server: subprocess.Popen[bytes]) -> None:
    """SIGTERM to gunicorn's master (it stops its workers); SIGKILL to the whole group if that takes too long."""
    if server.poll() is None:
        server.terminate()
        try:
            server.wait(timeout=STOP_TIMEOUT)
            return
        except subprocess.TimeoutExpired:
            pass
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGKILL)  # the group of the server started above, workers included
    server.wait(timeout=STOP_TIMEOUT)


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "unknown"


def _format_ms(value: float) -> str:
    return "–" if math.isnan(value) else f"{value:.2f}"


def _goal_rows(measurements: Sequence[Measurement]) -> list[tuple[str, str, bool]]:
    by_key = {(m.endpoint, m.clients): m for m in measurements}
    rows: list[tuple[str, str, bool]] = []
    for clients in sorted(CLIENT_COUNTS, reverse=True):
        check, health = by_key[(CHECK.name, clients)], by_key[(HEALTH.name, clients)]
        ratio = check.per_second / health.per_second if health.per_second > 0 else 0.0
        rows.append(
            (
                f"check req/s ≥ {THROUGHPUT_RATIO_GOAL:.0%} of health req/s, {clients} client{'s' * (clients > 1)}",
                f"{check.per_second:.0f} vs {health.per_second:.0f} ({ratio:.0%})",
                ratio >= THROUGHPUT_RATIO_GOAL,
            )
        )
    busiest = max(CLIENT_COUNTS)
    p99 = by_key[(CHECK.name, busiest)].percentile(99)
    rows.append((f"check p99 < {P99_GOAL_MS:g} ms, {busiest} clients", f"{_format_ms(p99)} ms", p99 < P99_GOAL_MS))
    sustained = max(m.clients for m in measurements)
    check, health = by_key[(CHECK.name, sustained)], by_key[(HEALTH.name, sustained)]
    ratio = check.per_second / health.per_second if health.per_second > 0 else 0.0
    rows.append(
        (
            f"check req/s ≥ {SUSTAINED_RATIO_GOAL:.0%} of health req/s, {sustained} clients sustained",
            f"{check.per_second:.0f} vs {health.per_second:.0f} ({ratio:.0%})",
            ratio >= SUSTAINED_RATIO_GOAL,
        )
    )
    for endpoint in (CHECK, SOLVE):
        loaded = by_key[(endpoint.name, sustained)]
        rows.append(
            (
                f"no {endpoint.name} request fails, {sustained} clients sustained",
                f"{loaded.failed} of {loaded.requests} failed",
                loaded.failed == 0,
            )
        )
    return rows


def report(measurements: Sequence[Measurement], requests: int, workers: int, warm_up: int) -> None:
    """Print the header, the results table, the connection note and the goals."""
    print("# Nambarz HTTP API load benchmark\n")
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.system()} "
        f"{platform.machine()}, {os.cpu_count()} CPUs; gunicorn {_version('gunicorn')} with {workers} "
        f"worker{'s' * (workers > 1)}; {requests} requests per configuration after {warm_up} warm-up "
        f"requests per endpoint; clients are threads of this process on {HOST}\n"
    )
    print("| Endpoint | Clients | Requests | Req/s | p50 ms | p99 ms |")
    print("|---|---|---|---|---|---|")
    for m in measurements:
        print(
            f"| {m.endpoint} | {m.clients} | {m.requests} | {m.per_second:.0f} "
            f"| {_format_ms(m.percentile(50))} | {_format_ms(m.percentile(99))} |"
        )
    sent = sum(m.requests for m in measurements)
    connects = sum(m.connects for m in measurements)
    print(
        f"\nConnections: {connects} opened for {sent} requests"
        + (" (the server closed each connection after its answer)." if connects >= sent else ".")
    )
    failed = [m for m in measurements if m.failed]
    if failed:
        print(f"\n**{sum(m.failed for m in failed)} requests failed**:")
        for m in failed:
            shown = "; ".join(dict.fromkeys(m.errors[:ERRORS_SHOWN]))
            print(f"- {m.endpoint}, {m.clients} clients: {m.failed} of {m.requests} ({shown})")
    else:
        print(f"All {sent} requests answered 200.")
    print("\n| Goal | Measured | Result |")
    print("|---|---|---|")
    for goal, measured, passed in _goal_rows(measurements):
        print(f"| {goal} | {measured} | {'pass' if passed else '**FAIL**'} |")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, not {value}")
    return value


def _workers(text: str) -> int:
    value = _positive(text)
    if value > MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"expected at most {MAX_WORKERS} workers, not {value}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--requests",
        type=_positive,
        help=f"requests per endpoint and client count (default {DEFAULT_REQUESTS}, {QUICK_REQUESTS} with --quick)",
    )
    parser.add_argument(
        "--workers", type=_workers, default=DEFAULT_WORKERS, help=f"gunicorn workers (default {DEFAULT_WORKERS})"
    )
    parser.add_argument("--quick", action="store_true", help="a few dozen requests per configuration, a smoke test")
    arguments = parser.parse_args(argv)
    requests: int = arguments.requests or (QUICK_REQUESTS if arguments.quick else DEFAULT_REQUESTS)
    warm_up = QUICK_WARM_UP_REQUESTS if arguments.quick else WARM_UP_REQUESTS

    port = free_port()
    with tempfile.TemporaryFile() as log:
        server = start_server(port, arguments.workers, log)
        try:
            wait_until_healthy(server, port, log)
            warm_ups = [measure(port, endpoint, WARM_UP_CLIENTS, warm_up) for endpoint in ENDPOINTS]
            measurements = [
                measure(port, endpoint, clients, requests) for endpoint in ENDPOINTS for clients in CLIENT_COUNTS
            ]
            sustained_clients = QUICK_SUSTAINED_CLIENTS if arguments.quick else SUSTAINED_CLIENTS
            sustained_seconds = QUICK_SUSTAINED_SECONDS if arguments.quick else SUSTAINED_SECONDS
            measurements += [
                measure(port, endpoint, sustained_clients, None, sustain=sustained_seconds) for endpoint in ENDPOINTS
            ]
        except ServerError as error:
            print(f"api_load: error: could not start the server on {HOST}:{port}: {error}", file=sys.stderr)
            return 2
        finally:
            stop_server(server)
    report(measurements, requests, arguments.workers, warm_up)
    warm_up_failures = [error for m in warm_ups for error in m.errors]
    if warm_up_failures:
        print(f"\n**{len(warm_up_failures)} warm-up requests failed**, e.g. {warm_up_failures[0]}")
    return 1 if warm_up_failures or any(m.failed for m in measurements) else 0


if __name__ == "__main__":
    sys.exit(main())

"""A real ``nambarz serve`` process for the tests that need one: the browser tests, slow clients, the access log.

:func:`running_server` starts the server on a free loopback port, as the
README's first command starts it, waits until ``/api/v1/health`` answers,
and stops it afterwards.  Its output (gunicorn's log and access log) goes
to a file that :meth:`Served.output` reads.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

SERVER_START_SECONDS = 120
"""How long a server may take to start (or stop) on a busy machine before the tests give up."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True)
class Served:
    """A running server: its address, where its output goes, and its process (gunicorn's master)."""

    port: int
    log: Path
    process: subprocess.Popen[bytes]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def output(self) -> str:
        """Everything the server has written so far."""
        return self.log.read_text(encoding="utf-8", errors="replace")

    def kill(self) -> None:
        """Kill the server and its workers at once (SIGKILL), as a crash or a power cut would stop it."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()


@contextmanager
def running_server(*arguments: str, environment: Mapping[str, str] | None = None) -> Iterator[Served]:
    """``nambarz serve --port <free> --workers 2 [arguments]`` with ``environment`` added, running until the end."""
    port = free_port()
    command = [sys.executable, "-m", "api", "serve", "--port", str(port), "--workers", "2", *arguments]
    with tempfile.TemporaryDirectory() as directory:
        log = Path(directory) / "server.log"
        with log.open("wb") as output:
            process = subprocess.Popen(
                command,
                stdout=output,
                stderr=subprocess.STDOUT,
                env={**os.environ, **(environment or {})},
                start_new_session=True,  # its own process group, which kill() stops whole
            )
        served = Served(port, log, process)
        try:
            _wait_until_healthy(process, served)
            yield served
        finally:
            stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    """Ask ``process`` to stop, and kill it if it has not within :data:`SERVER_START_SECONDS`."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=SERVER_START_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _wait_until_healthy(process: subprocess.Popen[bytes], served: Served) -> None:
    deadline = time.monotonic() + SERVER_START_SECONDS
    while True:
        try:
            with urllib.request.urlopen(f"{served.url}/api/v1/health", timeout=5):
                return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError(f"nambarz serve did not start: {served.output()}") from None
            time.sleep(0.2)

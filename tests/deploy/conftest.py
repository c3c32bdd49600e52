"""nginx with the repository's ``deploy/nginx/nambarz.conf`` in front of two real ``nambarz serve`` processes.

The test runs the committed file, changed only where it holds example
values (:func:`example_values`): the upstream servers become two servers
started for the test on free loopback ports, trusting 127.0.0.1 (nginx)
as their proxy; nginx listens on two free loopback ports in place of 80
and 443; the certificate is one issued for the test by a throwaway
certificate authority (``trustme``); the access log goes to a temporary
directory.  A minimal main configuration (:data:`MAIN_CONFIGURATION`)
includes it, as nginx's own ``nginx.conf`` includes a site.

Without nginx, every test here is skipped with a message saying how to
install it.
"""

from __future__ import annotations

import http.client
import os
import shutil
import socket
import ssl
import subprocess
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
import trustme

from tests.paths import REPOSITORY
from tests.serving import SERVER_START_SECONDS, Served, free_port, running_server, stop

SITE = REPOSITORY / "deploy" / "nginx" / "nambarz.conf"
"""The nginx configuration the operators' deployment page (docs/operators/deployment.md) tells them to install."""

SERVER_NAME = "nambarz.example.org"
"""The site's name in the committed file, which the test's certificate is issued for."""

NGINX = shutil.which("nginx", path=os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/usr/local/sbin"]))
"""nginx, as Debian's package installs it (``/usr/sbin/nginx``, outside a user's ``PATH``)."""

PATIENCE = 120
"""Seconds a request waits for an answer before the test fails (only a broken setup gets near it)."""

EXAMPLE_UPSTREAMS = ("server 10.0.0.11:5000", "server 10.0.0.12:5000")
"""The committed file's example servers, which become the test's two."""


def example_values(upstreams: list[str], http_port: int, https_port: int, directory: Path) -> dict[str, str]:
    """What the test changes in the committed file: each example value, and what it becomes."""
    return {
        **{example: f"server {upstream}" for example, upstream in zip(EXAMPLE_UPSTREAMS, upstreams, strict=True)},
        "listen 80;": f"listen 127.0.0.1:{http_port};",
        "listen 443 ssl": f"listen 127.0.0.1:{https_port} ssl",
        f"/etc/letsencrypt/live/{SERVER_NAME}/fullchain.pem": str(directory / "fullchain.pem"),
        f"/etc/letsencrypt/live/{SERVER_NAME}/privkey.pem": str(directory / "privkey.pem"),
        "/var/log/nginx/nambarz.access.log": str(directory / "access.log"),
    }


MAIN_CONFIGURATION = """\
daemon off;
worker_processes 1;
pid {directory}/nginx.pid;
events {{
    worker_connections 64;
}}
http {{
    client_body_temp_path {directory}/client_body;
    proxy_temp_path {directory}/proxy;
    fastcgi_temp_path {directory}/fastcgi;
    uwsgi_temp_path {directory}/uwsgi;
    scgi_temp_path {directory}/scgi;
    include {directory}/nambarz.conf;
}}
"""
"""nginx's main configuration for the test: its files in a temporary directory, and the site included."""


def render_site(values: Mapping[str, str]) -> str:
    """The committed site file with each example value replaced; fails when one is no longer in the file."""
    text = SITE.read_text(encoding="utf-8")
    for example, actual in values.items():
        assert example in text, f"{SITE.name} no longer holds {example!r}: update example_values"
        text = text.replace(example, actual)
    return text


@dataclass(frozen=True)
class Answer:
    """An HTTP answer: its status, its headers (every value of each) and its body."""

    status: int
    headers: http.client.HTTPMessage
    body: bytes


@dataclass(frozen=True)
class Proxied:
    """nginx on loopback ports, in front of the ``servers``, with the client's trust in its certificate."""

    http_port: int
    https_port: int
    access_log: Path
    servers: tuple[Served, ...]
    trust: ssl.SSLContext

    def https(
        self,
        method: str,
        path: str,
        *,
        body: bytes | None = None,
        headers: Mapping[str, str] | None = None,
        source: str = "127.0.0.1",
    ) -> Answer:
        """Ask nginx over HTTPS for ``path`` as ``nambarz.example.org``, from the loopback address ``source``."""
        connection = http.client.HTTPSConnection(
            "127.0.0.1", self.https_port, context=self.trust, timeout=PATIENCE, source_address=(source, 0)
        )
        return _exchange(connection, method, path, body, headers)

    def http(self, method: str, path: str) -> Answer:
        """Ask nginx over plain HTTP for ``path`` as ``nambarz.example.org``."""
        connection = http.client.HTTPConnection("127.0.0.1", self.http_port, timeout=PATIENCE)
        return _exchange(connection, method, path, None, None)


def _exchange(
    connection: http.client.HTTPConnection,
    method: str,
    path: str,
    body: bytes | None,
    headers: Mapping[str, str] | None,
) -> Answer:
    try:
        connection.request(method, path, body=body, headers={"Host": SERVER_NAME, **(headers or {})})
        response = connection.getresponse()
        return Answer(response.status, response.headers, response.read())
    finally:
        connection.close()


@pytest.fixture(scope="session")
def proxied() -> Iterator[Proxied]:
    """nginx with the committed site file in front of two ``nambarz serve`` processes, for the whole session."""
    if NGINX is None:
        pytest.skip("nginx is not installed: install Debian's package with `apt-get install nginx`")
    authority = trustme.CA()
    trust = ssl.create_default_context()
    authority.configure_trust(trust)
    with ExitStack() as stack:
        directory = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        directory.chmod(0o755)  # nginx's workers, another user when the tests run as root, write below it
        certificate = authority.issue_cert(SERVER_NAME, "127.0.0.1")
        certificate.private_key_pem.write_to_path(str(directory / "privkey.pem"))
        for blob in certificate.cert_chain_pems:
            blob.write_to_path(str(directory / "fullchain.pem"), append=True)
        servers = tuple(
            stack.enter_context(running_server("--workers", "1", environment={"NAMBARZ_TRUSTED_PROXIES": "127.0.0.1"}))
            for _ in range(2)
        )
        upstreams = [f"127.0.0.1:{served.port}" for served in servers]
        http_port, https_port = free_port(), free_port()
        values = example_values(upstreams, http_port, https_port, directory)
        (directory / "nambarz.conf").write_text(render_site(values), encoding="utf-8")
        (directory / "nginx.conf").write_text(MAIN_CONFIGURATION.format(directory=directory), encoding="utf-8")
        stack.enter_context(_running_nginx(directory, https_port))
        yield Proxied(http_port, https_port, directory / "access.log", servers, trust)


@contextmanager
def _running_nginx(directory: Path, https_port: int) -> Iterator[None]:
    """nginx with ``directory``'s ``nginx.conf``, checked first, running until the end of the block."""
    assert NGINX is not None
    command = [NGINX, "-p", str(directory), "-c", str(directory / "nginx.conf"), "-e", str(directory / "error.log")]
    checked = subprocess.run([*command, "-t"], capture_output=True, text=True, check=False, timeout=PATIENCE)
    assert checked.returncode == 0, checked.stderr
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_until_listening(process, directory, https_port)
        yield
    finally:
        stop(process)


def _wait_until_listening(process: subprocess.Popen[bytes], directory: Path, port: int) -> None:
    deadline = time.monotonic() + SERVER_START_SECONDS
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=5).close()
            return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                error_log = directory / "error.log"
                raise RuntimeError(
                    f"nginx did not start: {error_log.read_text() if error_log.exists() else ''}"
                ) from None
            time.sleep(0.1)

"""Believing a reverse proxy about the client: its address, scheme and host, only when the proxy is trusted.

Behind a proxy (nginx, see docs/operators/deployment.md) the server's
peer is the proxy, and the client is named in headers the proxy adds:
``X-Forwarded-For``, ``X-Forwarded-Proto``, ``X-Forwarded-Host`` and the
request id in ``X-Request-Id``.  Any client can send those headers too, so
:class:`TrustedProxies` believes them only when the peer's address is in
the trusted list: the setting ``NAMBARZ_TRUSTED_PROXIES``, addresses or
networks, comma-separated, from the app's config, else from the environment
variable of the same name, else none.  From a trusted peer it rewrites
``REMOTE_ADDR``, ``wsgi.url_scheme`` and ``HTTP_HOST`` in place (so
gunicorn's access log names the client too); from any other peer it
removes those headers, so that nothing after it (the app, its rate limits,
:mod:`api.middleware.request_id`) can be misled by them.

Each header is read from the right: a proxy appends the address of the
peer it saw to ``X-Forwarded-For``, after whatever the client itself wrote
there, so the last entry is the one the trusted proxy vouches for.  One
trusted proxy in front of the app is what this reads; a value that is not
an address, a scheme or a host is ignored, and the peer's own stays.

Werkzeug's ``ProxyFix`` and gunicorn's ``forwarded_allow_ips`` each do a
part of this, and neither keeps these guarantees (``docs/libraries.md``).
``ProxyFix`` believes the headers from any peer and copies their values
unchecked; and it reads ``X-Forwarded-For`` as a list of quoted strings, so
a client that writes one unbalanced ``"`` there (which nginx passes on,
before the address it appends) makes the whole header unreadable, and the
app would see the proxy's address in place of the client's.  gunicorn's
list decides only gunicorn's own reading of the scheme (``nambarz serve``
gives it these same networks, :mod:`api.server`): it never sets the
client's address, leaves the headers in the request for the app, and is
not there when the app runs in the tests or under another server.

>>> def show(environ, start_response):
...     start_response("200 OK", [])
...     return [f"{environ['REMOTE_ADDR']} {environ['wsgi.url_scheme']}".encode()]
>>> from werkzeug.test import Client
>>> client = Client(TrustedProxies(show, trusted_networks("10.0.0.0/8")))
>>> spoofed = {"X-Forwarded-For": "6.6.6.6, 203.0.113.7", "X-Forwarded-Proto": "https"}
>>> client.get(headers=spoofed, environ_base={"REMOTE_ADDR": "10.0.0.2"}).text
'203.0.113.7 https'
>>> client.get(headers=spoofed, environ_base={"REMOTE_ADDR": "198.51.100.9"}).text
'198.51.100.9 http'
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment
    from flask import Flask

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

TRUSTED_PROXIES_SETTING = "NAMBARZ_TRUSTED_PROXIES"
"""The setting naming the trusted proxies: a key of the app's config, else an environment variable."""

PROXY_HEADERS = ("HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_PROTO", "HTTP_X_FORWARDED_HOST", "HTTP_X_REQUEST_ID")
"""The headers only a trusted proxy may set, as WSGI names them."""

SCHEMES = ("http", "https")
"""The values of ``X-Forwarded-Proto`` that are believed."""

HOST = re.compile(r"(?:[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")
"""A host name, an IPv4 address or a bracketed IPv6 address, with an optional port: a believable host."""


def trusted_networks(setting: str | Sequence[str]) -> tuple[IPNetwork, ...]:
    """The networks of a trusted-proxies setting: comma-separated (or listed) addresses and CIDR networks.

    A network written with host bits set (``10.0.0.1/8``) is refused, as
    gunicorn refuses it, since it is more likely a typing mistake than a
    network.

    >>> trusted_networks("127.0.0.1, 10.0.0.0/8,::1")
    (IPv4Network('127.0.0.1/32'), IPv4Network('10.0.0.0/8'), IPv6Network('::1/128'))
    >>> trusted_networks("")
    ()
    >>> trusted_networks("10.0.0.1/8")
    Traceback (most recent call last):
    ...
    ValueError: NAMBARZ_TRUSTED_PROXIES: '10.0.0.1/8' is not an address or a network (10.0.0.1/8 has host bits set)
    """
    entries = setting.split(",") if isinstance(setting, str) else setting
    networks = []
    for entry in (entry.strip() for entry in entries):
        if not entry:
            continue
        try:
            networks.append(ipaddress.ip_network(entry))
        except ValueError as error:
            raise ValueError(f"{TRUSTED_PROXIES_SETTING}: {entry!r} is not an address or a network ({error})") from None
    return tuple(networks)


class TrustedProxies:
    """WSGI middleware: the client's address, scheme and host from a trusted proxy's headers; no one else's.

    ``networks`` is what :func:`trusted_networks` reads; with none, every
    request is taken as it arrived and the proxy headers are removed.
    """

    def __init__(self, app: WSGIApplication, networks: Iterable[IPNetwork]) -> None:
        self.app = app
        self.networks = tuple(networks)

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if is_trusted(environ.get("REMOTE_ADDR", ""), self.networks):
            _believe_proxy(environ)
        else:
            for name in PROXY_HEADERS:
                environ.pop(name, None)
        return self.app(environ, start_response)


def is_trusted(peer: str, networks: Iterable[IPNetwork]) -> bool:
    """Whether the address ``peer`` is in ``networks`` (an IPv4 address mapped into IPv6 counts as itself).

    >>> is_trusted("::ffff:10.1.2.3", trusted_networks("10.0.0.0/8")), is_trusted("unix:", trusted_networks("::/0"))
    (True, False)
    """
    try:
        address = ipaddress.ip_address(peer)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return any(address in network for network in networks)


def _believe_proxy(environ: WSGIEnvironment) -> None:
    """Take the client's address, scheme and host from a trusted proxy's headers, each where it is believable."""
    client = _last_value(environ, "HTTP_X_FORWARDED_FOR")
    if client is not None and _is_address(client):
        environ["REMOTE_ADDR"] = client
    scheme = _last_value(environ, "HTTP_X_FORWARDED_PROTO")
    if scheme is not None and scheme.lower() in SCHEMES:
        environ["wsgi.url_scheme"] = scheme.lower()
    host = _last_value(environ, "HTTP_X_FORWARDED_HOST")
    if host is not None and HOST.fullmatch(host):
        environ["HTTP_HOST"] = host


def _last_value(environ: WSGIEnvironment, name: str) -> str | None:
    """The last comma-separated value of the header ``name`` (the one the nearest proxy wrote), if any."""
    return environ.get(name, "").rsplit(",", 1)[-1].strip() or None


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def install(app: Flask) -> None:
    """Put :class:`TrustedProxies` in front of ``app``, trusting its ``NAMBARZ_TRUSTED_PROXIES`` setting."""
    setting = app.config[TRUSTED_PROXIES_SETTING]
    app.wsgi_app = TrustedProxies(app.wsgi_app, trusted_networks(setting))  # type: ignore[method-assign]

"""The proxy headers are believed from a trusted proxy only, and read from the right (:mod:`api.middleware.proxy`)."""

from __future__ import annotations

import pytest
from flask import Flask, request
from flask.testing import FlaskClient

from api.app import create_app
from api.middleware.proxy import trusted_networks

PROXY = "10.0.0.2"
"""The trusted proxy's address in these tests."""

STRANGER = "198.51.100.9"
"""A peer that is no trusted proxy."""


def _app(trusted: str) -> Flask:
    app = create_app({"TESTING": True, "NAMBARZ_TRUSTED_PROXIES": trusted})

    @app.get("/api/v1/seen")
    def seen() -> dict[str, object]:
        """What the app believes of the request: client, scheme, host and the proxy headers left for it."""
        return {
            "client": request.remote_addr,
            "scheme": request.scheme,
            "host": request.host,
            "forwarded_for": request.headers.get("X-Forwarded-For"),
        }

    return app


@pytest.fixture
def behind_proxy() -> FlaskClient:
    return _app(f"{PROXY}, 192.0.2.0/24").test_client()


def _seen(client: FlaskClient, peer: str, **headers: str) -> dict[str, object]:
    answer = client.get("/api/v1/seen", headers=headers, environ_base={"REMOTE_ADDR": peer})
    assert answer.status_code == 200
    seen: dict[str, object] = answer.get_json()
    return seen


def test_a_trusted_proxy_names_the_client_scheme_and_host(behind_proxy: FlaskClient) -> None:
    seen = _seen(
        behind_proxy,
        PROXY,
        **{"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "nambarz.example.org"},
    )
    assert (seen["client"], seen["scheme"], seen["host"]) == ("203.0.113.7", "https", "nambarz.example.org")


def test_a_trusted_network_is_trusted_too(behind_proxy: FlaskClient) -> None:
    assert _seen(behind_proxy, "192.0.2.200", **{"X-Forwarded-For": "203.0.113.7"})["client"] == "203.0.113.7"


@pytest.mark.parametrize(
    "written",
    [
        "6.6.6.6, 10.9.9.9",  # several hops, or several claims: the proxy's entry is the last
        '"6.6.6.6',  # a quoted-string parser (Werkzeug's ProxyFix) reads no entry at all, and keeps the proxy's own
        '6.6.6.6"',
    ],
)
def test_the_last_address_is_the_client_the_proxy_saw_not_what_the_client_wrote(
    behind_proxy: FlaskClient, written: str
) -> None:
    seen = _seen(behind_proxy, PROXY, **{"X-Forwarded-For": f"{written},203.0.113.7"})
    assert seen["client"] == "203.0.113.7"


def test_from_anyone_else_the_proxy_headers_are_ignored_and_removed(behind_proxy: FlaskClient) -> None:
    seen = _seen(
        behind_proxy,
        STRANGER,
        **{"X-Forwarded-For": "6.6.6.6", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example"},
    )
    assert seen == {"client": STRANGER, "scheme": "http", "host": "localhost", "forwarded_for": None}


def test_by_default_no_proxy_is_trusted() -> None:
    client = _app("").test_client()
    seen = _seen(client, "127.0.0.1", **{"X-Forwarded-For": "6.6.6.6", "X-Forwarded-Proto": "https"})
    assert (seen["client"], seen["scheme"]) == ("127.0.0.1", "http")


@pytest.mark.parametrize(
    ("header", "value"),
    [
        ("X-Forwarded-For", "not-an-address"),
        ("X-Forwarded-For", "203.0.113.7:4711"),
        ("X-Forwarded-For", "203.0.113.7,"),
        ("X-Forwarded-Proto", "gopher"),
        ("X-Forwarded-Host", "evil.example/path"),
        ("X-Forwarded-Host", "a b"),
    ],
)
def test_a_value_that_is_not_an_address_scheme_or_host_is_ignored(
    behind_proxy: FlaskClient, header: str, value: str
) -> None:
    seen = _seen(behind_proxy, PROXY, **{header: value})
    assert (seen["client"], seen["scheme"], seen["host"]) == (PROXY, "http", "localhost")


def test_an_ipv4_peer_written_as_ipv6_is_itself(behind_proxy: FlaskClient) -> None:
    assert _seen(behind_proxy, f"::ffff:{PROXY}", **{"X-Forwarded-For": "2001:db8::7"})["client"] == "2001:db8::7"


def test_a_proxy_on_an_ipv6_network_names_an_ipv6_client_and_host() -> None:
    client = _app("fd00:1::/64").test_client()
    headers = {"X-Forwarded-For": "2001:db8::7", "X-Forwarded-Host": "[2001:db8::1]:8443"}
    seen = _seen(client, "fd00:1::5", **headers)
    assert (seen["client"], seen["host"]) == ("2001:db8::7", "[2001:db8::1]:8443")
    stranger = _seen(client, "fd00:2::5", **headers)
    assert (stranger["client"], stranger["host"], stranger["forwarded_for"]) == ("fd00:2::5", "localhost", None)


def test_the_setting_is_read_from_the_environment_when_the_config_has_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NAMBARZ_TRUSTED_PROXIES", PROXY)
    app = create_app({"TESTING": True})
    assert app.config["NAMBARZ_TRUSTED_PROXIES"] == PROXY
    answer = app.test_client().get(
        "/api/v1/health", headers={"X-Forwarded-Proto": "https"}, environ_base={"REMOTE_ADDR": PROXY}
    )
    assert "Strict-Transport-Security" in answer.headers


@pytest.mark.parametrize("setting", ["10.0.0.1/8", "10.0.0.256", "localhost", "10.0.0.0/33"])
def test_a_setting_that_is_no_address_or_network_is_refused(setting: str) -> None:
    with pytest.raises(ValueError, match="NAMBARZ_TRUSTED_PROXIES"):
        create_app({"TESTING": True, "NAMBARZ_TRUSTED_PROXIES": setting})


def test_the_setting_may_be_a_list() -> None:
    assert trusted_networks(["10.0.0.0/8", "::1"]) == trusted_networks("10.0.0.0/8,::1")

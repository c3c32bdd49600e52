"""Rate limits on the expensive endpoints: per client, per seat, under an address's ceiling; 429 in the one error shape.

A program calling the API keeps no cookie, so it counts by its address; a
game's actions, log and review count by the seat of their bearer token.
Each test builds its own app with a small limit (the suite's apps have none,
see ``tests/conftest.py``).  The limits count with a moving window of a minute
or an hour, so no test depends on how fast the machine is: every request of a
test falls within the first window.
"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Response
from flask.testing import FlaskClient
from limits.errors import ConfigurationError, StorageError
from limits.strategies import MovingWindowRateLimiter

from api.app import create_app
from api.middleware.warm_up import WARM_UP_ADDRESS, warm_up
from services.rate_limits import DEFAULT_ADDRESS_RATE_LIMIT, DEFAULT_RATE_LIMIT, DEFAULT_STORAGE

LIMITED = {
    "/api/v1/nambarz/solve": {"top": "3bee", "hand": ["1", "2"]},
    "/api/v1/nambarz/plan": {"top": "3bee", "hand": ["1", "2"]},
    "/api/v1/nambarz/hint": {"top": "3bee", "hand": ["1", "2"], "level": 1},
    "/api/v1/tutor/hint": {"top": "3bee", "hand": ["1", "2"], "level": 1},
    "/api/v1/nmbrs/hint": {"hand": [10, 20, 30]},
    "/api/v1/tutor/exercises": {"level": 1, "count": 1, "seed": 7},
    "/api/v1/tutor/worksheet": {"level": 1, "count": 1, "seed": 7},
    "/api/v1/games": {"game": "quando", "seats": [{"name": "Ann"}, {"name": "Bot", "kind": "strong"}]},
    "/api/v1/companions": {"players": ["Ann", "Bob"]},
}
"""Every limited endpoint of the API, with a body it answers 200 (201 for a new game or scoresheet)."""

SHEET_CHANGES = ("/api/v1/companions/{sheet_id}/rounds", "/api/v1/companions/{sheet_id}/undo")
"""The endpoints that change a scoresheet of a game with the real cards, limited per client like opening one."""

PER_SEAT = (
    "/api/v1/games/{game_id}/actions",
    "/api/v1/games/{game_id}/log",
    "/api/v1/games/{game_id}/review",
    "/api/v1/games/{game_id}/rematch",
)
"""The endpoints limited per seat, as the OpenAPI document names them."""

PRACTICE = (
    "/api/v1/practice/next",
    "/api/v1/practice/hint",
    "/api/v1/practice/answer",
    "/api/v1/classes",
    "/api/v1/classes/join",
    "/api/v1/classes/{class_id}",
    "/api/v1/classes/{class_id}/export.csv",
    "/api/v1/classes/{class_id}/pupils/{pupil_id}",
)
"""The endpoints of practice and classes: limited per pupil's or teacher's token (else per client), opening and
joining a class also by the address's budget of class codes (``tests/api/test_classes.py``)."""

TWO_PEOPLE = {"game": "quando", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
"""A game between two people, each with a seat token."""

CHEAP_POSTS = {
    "/api/v1/nambarz/check": {"top": "3bee", "play": "1 + 2"},
    "/api/v1/thegame/hint": {"piles": {"asc1": 1, "asc2": 1, "desc1": 100, "desc2": 100}, "hand": [2], "draw_pile": 0},
    "/api/v1/quando/hint": {"hand": [1, 2, 3], "plays_made": 0, "draw_visible": 5},
}
"""Requests that search nothing worth limiting: the referees and the sibling games' hints."""

CHEAP_GETS = (
    "/api/v1/health",
    "/api/v1/nambarz/deck",
    "/api/v1/nambarz/reference",
    "/api/openapi.json",
    "/api/docs",
)
"""Addresses that are never limited."""

MESSAGE = re.compile(r"rate limit of (?P<limit>.+) reached; retry after (?P<seconds>\d+) s")
"""The message of a 429."""

REDIS_SERVER = shutil.which("redis-server")
"""Debian's Redis server, which the Redis tests start on a free port of their own."""

NOT_LISTENING = "redis://127.0.0.1:9/0"
"""A Redis address where nothing answers (the discard port)."""

WARM_UP = {"REMOTE_ADDR": WARM_UP_ADDRESS}
"""A request from the warm-up's address, as a client could send it: without the warm-up's mark."""


def limited_client(limit: str = "2 per minute", **config: Any) -> FlaskClient:
    """A test client of an app of its own whose expensive requests are limited to ``limit``."""
    return create_app({"TESTING": True, "NAMBARZ_RATE_LIMIT": limit, **config}).test_client()


def refusal(response: Any) -> tuple[str, int]:
    """The limit a 429 names and the seconds of its ``Retry-After``, after checking its error shape says the same."""
    assert response.status_code == 429, response.text
    error = response.get_json()
    assert (error["code"], error["status"]) == (429, "Too Many Requests")
    found = MESSAGE.fullmatch(error["message"])
    assert found is not None, error["message"]
    seconds = int(response.headers["Retry-After"])
    assert found["seconds"] == str(seconds)
    assert seconds >= 1
    return found["limit"], seconds


@pytest.mark.parametrize("path", LIMITED)
def test_the_third_request_within_the_limit_of_two_is_refused_with_retry_after(path: str) -> None:
    client = limited_client()
    statuses = [client.post(path, json=LIMITED[path]).status_code for _ in range(2)]
    assert statuses in ([200, 200], [201, 201])
    refused = client.post(path, json=LIMITED[path])
    limit, seconds = refusal(refused)
    assert limit == "2 per 1 minute"
    assert seconds <= 60
    assert refused.headers["X-RateLimit-Limit"] == "2"
    assert refused.headers["X-RateLimit-Remaining"] == "0"


def test_the_headers_count_down_and_only_a_refusal_says_when_to_retry() -> None:
    client = limited_client("3 per minute")
    answers = [client.post("/api/v1/nambarz/solve", json=LIMITED["/api/v1/nambarz/solve"]) for _ in range(3)]
    assert [answer.headers["X-RateLimit-Remaining"] for answer in answers] == ["2", "1", "0"]
    assert {answer.headers["X-RateLimit-Limit"] for answer in answers} == {"3"}
    assert all(int(answer.headers["X-RateLimit-Reset"]) > time.time() - 1 for answer in answers)
    assert all("Retry-After" not in answer.headers for answer in answers)


def test_every_limited_endpoint_draws_on_one_budget_per_client() -> None:
    client = limited_client("5 per minute")
    paths = list(LIMITED)
    assert [client.post(path, json=LIMITED[path]).status_code for path in paths] == [200] * 5 + [429] * (len(paths) - 5)


def test_another_client_address_keeps_its_own_budget() -> None:
    client = limited_client("1 per minute")
    path, body = "/api/v1/nambarz/solve", LIMITED["/api/v1/nambarz/solve"]
    assert client.post(path, json=body).status_code == 200
    assert client.post(path, json=body).status_code == 429
    other = {"REMOTE_ADDR": "192.0.2.7"}
    assert client.post(path, json=body, environ_base=other).status_code == 200
    assert client.post(path, json=body, environ_base=other).status_code == 429


def test_the_message_names_the_limit_that_was_reached() -> None:
    client = limited_client("3 per minute; 1 per hour")
    path, body = "/api/v1/tutor/exercises", LIMITED["/api/v1/tutor/exercises"]
    assert client.post(path, json=body).status_code == 200
    limit, seconds = refusal(client.post(path, json=body))
    assert limit == "1 per 1 hour"
    assert 60 < seconds <= 3600  # the hour's wait, not the minute's


def test_cheap_endpoints_are_never_limited() -> None:
    client = limited_client("1 per minute")
    assert client.post("/api/v1/nambarz/solve", json=LIMITED["/api/v1/nambarz/solve"]).status_code == 200
    assert client.post("/api/v1/nambarz/solve", json=LIMITED["/api/v1/nambarz/solve"]).status_code == 429
    for _ in range(3):
        for path, body in CHEAP_POSTS.items():
            answer = client.post(path, json=body)
            assert answer.status_code == 200, (path, answer.text)
            assert "X-RateLimit-Limit" not in answer.headers
        for path in CHEAP_GETS:
            answer = client.get(path)
            assert answer.status_code == 200, path
            assert "X-RateLimit-Limit" not in answer.headers


def test_a_request_counts_whatever_its_body_and_is_refused_before_its_body_is_read() -> None:
    client = limited_client("1 per minute")
    assert client.post("/api/v1/nambarz/solve", data="{", content_type="application/json").status_code == 400
    refused = client.post("/api/v1/nambarz/solve", data="{", content_type="application/json")
    assert refusal(refused)[0] == "1 per 1 minute"


def test_a_storage_failing_after_the_count_costs_the_answer_only_its_headers(monkeypatch: pytest.MonkeyPatch) -> None:
    def unreachable(*_: Any) -> None:
        raise StorageError(ConnectionError("the storage went away"))

    client = limited_client()
    monkeypatch.setattr(MovingWindowRateLimiter, "get_window_stats", unreachable)
    answer = client.post("/api/v1/nambarz/solve", json=LIMITED["/api/v1/nambarz/solve"])
    assert answer.status_code == 200
    assert "X-RateLimit-Remaining" not in answer.headers


def test_off_switches_the_limits_off() -> None:
    client = limited_client("off")
    path, body = "/api/v1/nambarz/plan", LIMITED["/api/v1/nambarz/plan"]
    answers = [client.post(path, json=body) for _ in range(8)]
    assert {answer.status_code for answer in answers} == {200}
    assert all("X-RateLimit-Limit" not in answer.headers for answer in answers)


def test_the_environment_sets_what_the_config_leaves_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NAMBARZ_RATE_LIMIT", "1 per minute")
    monkeypatch.setenv("NAMBARZ_RATE_LIMIT_STORAGE", "memory://")
    app = create_app({"TESTING": True})
    assert (app.config["NAMBARZ_RATE_LIMIT"], app.config["NAMBARZ_RATE_LIMIT_STORAGE"]) == ("1 per minute", "memory://")
    client = app.test_client()
    path, body = "/api/v1/tutor/hint", LIMITED["/api/v1/tutor/hint"]
    assert [client.post(path, json=body).status_code for _ in range(2)] == [200, 429]


def test_the_config_wins_over_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NAMBARZ_RATE_LIMIT", "1 per minute")
    client = limited_client("off")
    path, body = "/api/v1/tutor/hint", LIMITED["/api/v1/tutor/hint"]
    assert [client.post(path, json=body).status_code for _ in range(3)] == [200, 200, 200]


def test_without_config_or_environment_the_defaults_apply(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NAMBARZ_RATE_LIMIT")
    monkeypatch.delenv("NAMBARZ_ADDRESS_RATE_LIMIT", raising=False)
    monkeypatch.delenv("NAMBARZ_RATE_LIMIT_STORAGE", raising=False)
    app = create_app({"TESTING": True})
    assert (
        app.config["NAMBARZ_RATE_LIMIT"],
        app.config["NAMBARZ_ADDRESS_RATE_LIMIT"],
        app.config["NAMBARZ_RATE_LIMIT_STORAGE"],
    ) == (DEFAULT_RATE_LIMIT, "600 per minute", DEFAULT_STORAGE)
    assert DEFAULT_ADDRESS_RATE_LIMIT == "600 per minute"
    answer = app.test_client().post("/api/v1/nambarz/solve", json=LIMITED["/api/v1/nambarz/solve"])
    assert answer.headers["X-RateLimit-Limit"] == "5"  # the shortest of the limits: 5 per second


def test_a_limit_that_cannot_be_read_stops_the_app_from_starting() -> None:
    with pytest.raises(ValueError, match="NAMBARZ_RATE_LIMIT: 'thirty a minute' is not a rate limit"):
        create_app({"NAMBARZ_RATE_LIMIT": "thirty a minute"})


def test_an_address_ceiling_that_cannot_be_read_stops_the_app_from_starting() -> None:
    with pytest.raises(ValueError, match="NAMBARZ_ADDRESS_RATE_LIMIT: 'a class' is not a rate limit"):
        create_app({"NAMBARZ_RATE_LIMIT": "2 per minute", "NAMBARZ_ADDRESS_RATE_LIMIT": "a class"})


def test_a_storage_that_cannot_be_used_stops_the_app_from_starting() -> None:
    with pytest.raises(ConfigurationError):
        create_app({"NAMBARZ_RATE_LIMIT": "2 per minute", "NAMBARZ_RATE_LIMIT_STORAGE": "nosuch://somewhere"})


def test_the_openapi_document_shows_the_429_of_exactly_the_limited_endpoints(client: FlaskClient) -> None:
    document = client.get("/api/openapi.json").get_json()
    refusing = {
        path
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        if method != "parameters" and "429" in operation["responses"]
    }
    assert refusing == set(LIMITED) | set(PER_SEAT) | set(SHEET_CHANGES) | set(PRACTICE)
    assert "429" not in document["paths"]["/api/v1/games/{game_id}"]["get"]["responses"]  # polled: never limited
    refusal = document["paths"]["/api/v1/nambarz/solve"]["post"]["responses"]["429"]
    assert refusal["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
    assert refusal["headers"]["Retry-After"]["schema"] == {"type": "integer", "minimum": 1}


def test_the_warm_up_is_answered_whole_and_spends_no_one_budget() -> None:
    app = create_app({"TESTING": True, "NAMBARZ_RATE_LIMIT": "1 per hour", "NAMBARZ_ADDRESS_RATE_LIMIT": "1 per hour"})
    statuses: list[int] = []

    @app.after_request
    def record(answer: Response) -> Response:
        statuses.append(answer.status_code)
        return answer

    warm_up(app)
    assert statuses and set(statuses) <= {200, 302}
    client = app.test_client()
    path, body = "/api/v1/nambarz/solve", LIMITED["/api/v1/nambarz/solve"]
    assert client.post(path, json=body, environ_base=WARM_UP).status_code == 200
    assert client.post(path, json=body, environ_base=WARM_UP).status_code == 429  # a client of that address counts


# ----------------------------------------------------------------------------------------- per seat, per address


def open_game(client: FlaskClient) -> tuple[str, list[str]]:
    """A game between two people, opened through the API: its id and the two seats' tokens."""
    created = client.post("/api/v1/games", json=TWO_PEOPLE)
    assert created.status_code == 201, created.text
    game = created.get_json()
    return game["id"], [seat["token"] for seat in game["seats"]]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_seat_hammering_its_review_is_refused_while_another_seat_of_the_address_is_not() -> None:
    client = limited_client("3 per hour")
    game_id, (ann, bob) = open_game(client)
    review = f"/api/v1/games/{game_id}/review"
    assert [client.get(review, headers=bearer(ann)).status_code for _ in range(3)] == [200, 200, 200]
    assert refusal(client.get(review, headers=bearer(ann)))[0] == "3 per 1 hour"
    assert [client.get(review, headers=bearer(bob)).status_code for _ in range(3)] == [200, 200, 200]
    assert client.get(f"/api/v1/games/{game_id}", headers=bearer(ann)).status_code == 200  # a view: never limited


def test_a_seat_actions_and_log_draw_on_its_own_budget() -> None:
    client = limited_client("2 per hour")
    game_id, (ann, bob) = open_game(client)
    stale = {"action": "knock", "version": 99}
    actions = [client.post(f"/api/v1/games/{game_id}/actions", json=stale, headers=bearer(ann)) for _ in range(2)]
    assert [answer.status_code for answer in actions] == [409, 409]  # counted, whatever the answer
    assert refusal(client.get(f"/api/v1/games/{game_id}/log", headers=bearer(ann)))[0] == "2 per 1 hour"
    assert client.get(f"/api/v1/games/{game_id}/log", headers=bearer(bob)).status_code == 200
    assert client.post("/api/v1/nambarz/solve", json=LIMITED["/api/v1/nambarz/solve"]).status_code == 200


def test_the_seats_of_one_address_stay_under_its_ceiling() -> None:
    client = limited_client("30 per hour", NAMBARZ_ADDRESS_RATE_LIMIT="4 per hour")
    game_id, tokens = open_game(client)  # the address's first
    review = f"/api/v1/games/{game_id}/review"
    statuses = [client.get(review, headers=bearer(token)).status_code for token in tokens for _ in range(2)]
    assert statuses == [200, 200, 200, 429]
    other = {"REMOTE_ADDR": "192.0.2.8"}
    assert client.get(review, headers=bearer(tokens[1]), environ_base=other).status_code == 200


def test_the_seat_is_counted_by_a_digest_of_its_token_never_the_token() -> None:
    app = create_app({"TESTING": True, "NAMBARZ_RATE_LIMIT": "5 per hour"})
    client = app.test_client()
    game_id, (ann, _) = open_game(client)
    assert client.get(f"/api/v1/games/{game_id}/review", headers=bearer(ann)).status_code == 200
    keys = list(app.extensions["nambarz_rate_limiter"].storage.events)
    assert any("seat:" in key for key in keys), keys
    assert not any(ann in key for key in keys), keys


def test_a_request_for_a_seat_without_a_token_counts_by_its_address() -> None:
    client = limited_client("2 per hour")
    game_id, _ = open_game(client)
    assert client.get(f"/api/v1/games/{game_id}/review").status_code == 401
    assert refusal(client.get(f"/api/v1/games/{game_id}/review"))[0] == "2 per 1 hour"


def test_off_switches_the_address_ceiling_off() -> None:
    client = limited_client("30 per hour", NAMBARZ_ADDRESS_RATE_LIMIT="off")
    game_id, tokens = open_game(client)
    review = f"/api/v1/games/{game_id}/review"
    assert {client.get(review, headers=bearer(token)).status_code for token in tokens for _ in range(10)} == {200}


# ----------------------------------------------------------------------------------------- with Redis


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    """The address of a Redis server started for these tests on a free loopback port, stopped after them."""
    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed: install Debian's package with `apt-get install redis-server`")
    pytest.importorskip("redis", reason="the Redis client is not installed: pip install -e '.[test]'")
    port = _free_port()
    command = [REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                pytest.fail(f"redis-server did not start on port {port}")
            time.sleep(0.05)
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_two_servers_sharing_one_redis_count_one_budget(redis_url: str) -> None:
    first = limited_client(NAMBARZ_RATE_LIMIT_STORAGE=redis_url)
    second = limited_client(NAMBARZ_RATE_LIMIT_STORAGE=redis_url)
    client = {"REMOTE_ADDR": "198.51.100.1"}
    path, body = "/api/v1/nambarz/solve", LIMITED["/api/v1/nambarz/solve"]
    assert first.post(path, json=body, environ_base=client).status_code == 200
    assert second.post(path, json=body, environ_base=client).status_code == 200
    assert refusal(first.post(path, json=body, environ_base=client))[0] == "2 per 1 minute"
    assert refusal(second.post(path, json=body, environ_base=client))[0] == "2 per 1 minute"
    other = {"REMOTE_ADDR": "198.51.100.2"}
    assert second.post(path, json=body, environ_base=other).status_code == 200


def test_a_page_and_the_api_of_two_servers_share_the_budget_in_redis(redis_url: str) -> None:
    first = limited_client(NAMBARZ_RATE_LIMIT_STORAGE=redis_url)
    second = limited_client(NAMBARZ_RATE_LIMIT_STORAGE=redis_url)
    client = {"REMOTE_ADDR": "198.51.100.3"}
    exercises = first.post("/api/v1/tutor/exercises", json=LIMITED["/api/v1/tutor/exercises"], environ_base=client)
    assert exercises.status_code == 200
    assert second.get("/practice?level=1&seed=7&number=1", environ_base=client).status_code == 200
    assert first.get("/solve?top=3bee&hand=1+2", environ_base=client).status_code == 429


def test_while_redis_does_not_answer_each_server_counts_in_memory() -> None:
    pytest.importorskip("redis", reason="the Redis client is not installed: pip install -e '.[test]'")
    client = limited_client(NAMBARZ_RATE_LIMIT_STORAGE=NOT_LISTENING)
    path, body = "/api/v1/nambarz/solve", LIMITED["/api/v1/nambarz/solve"]
    assert [client.post(path, json=body).status_code for _ in range(2)] == [200, 200]
    assert refusal(client.post(path, json=body))[0] == "2 per 1 minute"


def test_the_seat_counts_in_redis_under_a_digest_never_the_token(redis_url: str) -> None:
    import redis  # noqa: PLC0415 - only where the Redis client is installed

    client = limited_client(NAMBARZ_RATE_LIMIT_STORAGE=redis_url)
    game_id, (ann, _) = open_game(client)
    assert client.get(f"/api/v1/games/{game_id}/review", headers=bearer(ann)).status_code == 200
    keys = [key.decode() for key in redis.Redis.from_url(redis_url).keys("*")]
    assert any("seat:" in key for key in keys), keys
    assert not any(ann in key for key in keys), keys

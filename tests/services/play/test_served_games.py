"""Games on real servers over a real database: racing actions, a server killed mid-game, two servers on one game."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from typing import Any

import pytest

from services.play.fairness import check_log, replay_log
from services.play.store import GameStore
from tests.serving import Served, running_server

pytestmark = pytest.mark.slow

PATIENCE = 120
"""Seconds one request may take on a busy machine (a request with bots' turns does real searches)."""


def call(served: Served, method: str, path: str, body: object = None, token: str = "") -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(served.url + path, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=PATIENCE) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def open_game(served: Served, game: str = "nambarz", seed: int = 4) -> tuple[str, str]:
    seats = [{"name": "Ann"}, {"name": "Bot 1", "kind": "planner"}, {"name": "Bot 2", "kind": "planner"}]
    status, created = call(served, "POST", "/api/v1/games", {"game": game, "seats": seats, "seed": seed})
    assert status == 201, created
    return created["id"], created["seats"][0]["token"]


def view(served: Served, game_id: str, token: str) -> dict[str, Any]:
    status, seen = call(served, "GET", f"/api/v1/games/{game_id}", token=token)
    assert status == 200, seen
    return seen  # type: ignore[no-any-return]


def act(served: Served, game_id: str, token: str, seen: dict[str, Any], index: int = 0) -> dict[str, Any]:
    body = {"action": seen["legal_actions"][index], "version": seen["version"]}
    status, answer = call(served, "POST", f"/api/v1/games/{game_id}/actions", body, token)
    assert status == 200, answer
    return answer["view"]  # type: ignore[no-any-return]


def test_of_actions_racing_on_one_game_one_wins_and_the_others_get_409(database_url: str) -> None:
    with running_server(environment={"NAMBARZ_DATABASE_URL": database_url}) as served:
        game_id, token = open_game(served)
        seen = view(served, game_id, token)
        racers = 8
        start = threading.Barrier(racers)
        statuses: list[int] = []

        def race() -> None:
            body = {"action": seen["legal_actions"][0], "version": seen["version"]}
            start.wait()
            statuses.append(call(served, "POST", f"/api/v1/games/{game_id}/actions", body, token)[0])

        threads = [threading.Thread(target=race) for _ in range(racers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(statuses) == [200] + [409] * (racers - 1), served.output()
        status, log = call(served, "GET", f"/api/v1/games/{game_id}/log", token=token)
        assert status == 200
        assert [entry["seat"] for entry in log["actions"]].count(0) == 1
        assert log["actions"][0]["action"] == seen["legal_actions"][0]


def test_a_server_killed_mid_game_goes_on_from_the_last_accepted_action(database_url: str) -> None:
    settings = {"NAMBARZ_DATABASE_URL": database_url}
    with running_server(environment=settings) as first:
        game_id, token = open_game(first)
        seen = view(first, game_id, token)
        for _ in range(3):
            if seen["is_over"]:
                break
            seen = act(first, game_id, token, seen)
        first.kill()
    with running_server(environment=settings) as second:
        again = view(second, game_id, token)
        assert again == seen
        while not again["is_over"]:
            again = act(second, game_id, token, again, index=-1)
        status, log = call(second, "GET", f"/api/v1/games/{game_id}/log", token=token)
    assert status == 200 and log["version"] == again["version"]
    store = GameStore(database_url)
    try:
        stored = store.get(game_id)
        assert stored is not None and check_log(log) == []
        assert replay_log(log, int(log["seed"])).to_dict() == stored.state
    finally:
        store.dispose()


def test_two_servers_sharing_one_postgresql_serve_one_game_alternately(postgresql_url: str) -> None:
    settings = {"NAMBARZ_DATABASE_URL": postgresql_url}
    with running_server(environment=settings) as first, running_server(environment=settings) as second:
        servers = (first, second)
        game_id, token = open_game(first, seed=9)
        seen = view(second, game_id, token)
        turn = 0
        while not seen["is_over"]:
            here, there = servers[turn % 2], servers[(turn + 1) % 2]
            seen = act(here, game_id, token, seen, index=turn % len(seen["legal_actions"]))
            assert view(there, game_id, token) == view(here, game_id, token) == seen
            turn += 1
        status, log = call(second, "GET", f"/api/v1/games/{game_id}/log", token=token)
        assert status == 200 and log == call(first, "GET", f"/api/v1/games/{game_id}/log", token=token)[1]
    assert turn > 2
    store = GameStore(postgresql_url)
    try:
        stored = store.get(game_id)
        assert stored is not None and check_log(log) == []
        assert replay_log(log, int(log["seed"])).to_dict() == stored.state
    finally:
        store.dispose()

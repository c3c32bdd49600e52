"""The Game's pile requests through the games API: actions like any other, shown in the seats' views as made."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.services.play.games import bearer, open_game


def two_people(client: FlaskClient) -> tuple[str, list[str]]:
    created = open_game(client, "thegame", [{"name": "Ann"}, {"name": "Bea", "lang": "de"}])
    return created["id"], [seat["token"] for seat in created["seats"]]


def view_of(client: FlaskClient, game_id: str, token: str) -> dict[str, Any]:
    answer = client.get(f"/api/v1/games/{game_id}", headers=bearer(token))
    assert answer.status_code == 200, answer.get_json()
    view: dict[str, Any] = answer.get_json()
    return view


def act(client: FlaskClient, game_id: str, token: str, action: str, **extra: Any) -> Any:
    version = view_of(client, game_id, token)["version"]
    return client.post(
        f"/api/v1/games/{game_id}/actions", json={"action": action, "version": version, **extra}, headers=bearer(token)
    )


def test_a_request_is_an_action_whose_verdict_is_legal_and_says_it_in_words(client: FlaskClient) -> None:
    game_id, tokens = two_people(client)
    answer = act(client, game_id, tokens[0], "ask dont desc1", lang="fr")
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["accepted"] is True
    assert body["verdict"]["legal"] is True and body["verdict"]["action"] == "ask dont desc1"
    assert body["verdict"]["explanation"].startswith("Tu demandes aux autres de ne pas jouer sur la première pile")
    assert body["verdict"]["rulings"] == ["requests-on-own-turn"]
    assert body["view"]["table"]["your_requests"] == {"desc1": "dont"}
    assert "ask dont desc1" not in body["view"]["legal_actions"], "requests are not listed among the moves"


def test_every_seat_reads_the_requests_as_made_and_nothing_is_invented(client: FlaskClient) -> None:
    game_id, tokens = two_people(client)
    assert view_of(client, game_id, tokens[1])["table"]["requests"] == []
    act(client, game_id, tokens[0], "ask good asc2")
    act(client, game_id, tokens[0], "ask dont desc2")
    other = view_of(client, game_id, tokens[1])["table"]
    assert other["requests"] == [{"seat": 0, "piles": {"asc2": "good", "desc2": "dont"}}]
    assert other["your_requests"] == {}
    act(client, game_id, tokens[0], "ask none asc2")
    assert view_of(client, game_id, tokens[1])["table"]["requests"] == [{"seat": 0, "piles": {"desc2": "dont"}}]


@pytest.mark.parametrize(
    ("action", "named"),
    [("ask dont up", "unknown pile 'up'"), ("ask maybe asc1", "unknown wish 'maybe'"), ("ask dont", "ask WISH PILE")],
)
def test_a_request_the_notation_cannot_read_is_a_422_naming_the_action(
    client: FlaskClient, action: str, named: str
) -> None:
    game_id, tokens = two_people(client)
    answer = act(client, game_id, tokens[0], action)
    assert answer.status_code == 422
    body = answer.get_json()
    assert set(body) >= {"code", "status", "message", "errors"}
    assert named in body["errors"]["json"]["action"][0]


def test_a_request_out_of_turn_is_a_403_in_the_json_error_shape(client: FlaskClient) -> None:
    game_id, tokens = two_people(client)
    answer = act(client, game_id, tokens[1], "ask dont asc1")
    assert answer.status_code == 403
    body = answer.get_json()
    assert set(body) >= {"code", "status", "message"}
    assert "not your turn" in body["message"]
    assert view_of(client, game_id, tokens[1])["table"]["requests"] == []


def test_the_log_lists_the_requests_with_their_verdicts(client: FlaskClient) -> None:
    game_id, tokens = two_people(client)
    act(client, game_id, tokens[0], "ask good desc1")
    log = client.get(f"/api/v1/games/{game_id}/log", headers=bearer(tokens[1])).get_json()
    assert [(entry["seat"], entry["action"]) for entry in log["actions"]] == [(0, "ask good desc1")]
    assert log["actions"][0]["verdict"]["legal"] is True

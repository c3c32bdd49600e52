"""A finished game over the API: its results in every seat's view, and playing again with the seats' tokens."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.services.play.games import BOTS, GAMES, bearer, open_game

SHORT = {"quando": {"target": 8}, "nmbrs": {"variant": "simplified"}}
"""Options that end a game soon."""

RESULT_KEYS = {
    "winners",
    "places",
    "points",
    "lowest_wins",
    "rounds",
    "earlier_rounds",
    "master_strokes",
    "tie_breaks",
    "cooperative",
    "won",
    "cards_left",
    "excellent",
    "ending",
}


def view_of(client: FlaskClient, game_id: str, token: str) -> dict[str, Any]:
    answer = client.get(f"/api/v1/games/{game_id}", headers=bearer(token))
    assert answer.status_code == 200, answer.get_json()
    view: dict[str, Any] = answer.get_json()
    return view


def finished(client: FlaskClient, game: str, seats: list[dict[str, str]]) -> tuple[str, list[str]]:
    """A game of ``game`` for ``seats`` played to its end, each person choosing its last legal action."""
    body: dict[str, Any] = {"game": game, "seats": seats, "options": SHORT.get(game, {})}
    answer = client.post("/api/v1/games", json=body)
    assert answer.status_code == 201, answer.get_json()
    created = answer.get_json()
    tokens = [seat["token"] for seat in created["seats"] if seat["token"] is not None]
    seat_tokens = {seat["seat"]: seat["token"] for seat in created["seats"] if seat["token"] is not None}
    for _ in range(5000):
        view = view_of(client, created["id"], tokens[0])
        if view["is_over"]:
            return created["id"], tokens
        assert view["results"] is None, "no results before the end"
        token = seat_tokens[view["to_move"]]
        mine = view_of(client, created["id"], token)
        action = {"action": mine["legal_actions"][-1], "version": mine["version"]}
        assert client.post(f"/api/v1/games/{created['id']}/actions", json=action, headers=bearer(token)).status_code
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_view_gives_its_results(client: FlaskClient, game: str) -> None:
    seats = [{"name": "Ann"}] + ([] if game == "thegame" else [{"name": "Bot", "kind": BOTS[game]}])
    game_id, tokens = finished(client, game, seats)
    results = view_of(client, game_id, tokens[0])["results"]
    assert set(results) == RESULT_KEYS
    if game == "thegame":
        assert results["cooperative"] and results["places"] == [] and isinstance(results["cards_left"], int)
    else:
        assert sorted(results["places"])[0] == 1 and len(results["points"]) == 2
        assert results["winners"] == [seat for seat, place in enumerate(results["places"]) if place == 1]
        assert results["rounds"] and all(len(outcome["points"]) == 2 for outcome in results["rounds"])
    assert (results["master_strokes"] is not None) == (game == "nambarz")


def test_playing_again_gives_one_next_game_that_every_person_enters_with_their_token(client: FlaskClient) -> None:
    seats = [{"name": "Ann"}, {"name": "Bea", "lang": "it"}, {"name": "Bot", "kind": "random"}]
    game_id, (ann, bea) = finished(client, "quando", seats)
    first = client.post(f"/api/v1/games/{game_id}/rematch", json={}, headers=bearer(ann))
    assert first.status_code == 200, first.get_json()
    following = first.get_json()
    assert following["seat"] == 0 and following["id"] != game_id
    assert following["link"].endswith(f"/play/{following['id']}/join/{ann}")
    again = client.post(f"/api/v1/games/{game_id}/rematch", json={}, headers=bearer(bea)).get_json()
    assert (again["id"], again["seat"]) == (following["id"], 1)
    assert view_of(client, game_id, bea)["next_game"] == following["id"]
    fresh = view_of(client, following["id"], bea)
    assert [(seat["name"], seat["kind"]) for seat in fresh["seats"]] == [
        ("Ann", "human"),
        ("Bea", "human"),
        ("Bot", "random"),
    ]
    assert fresh["options"] == {"target": 8} and not fresh["is_over"] and fresh["language"] == "it"
    assert fresh["next_game"] is None and fresh["results"] is None


def test_playing_again_is_refused_with_the_json_error_shape(client: FlaskClient) -> None:
    created = open_game(client, "quando", [{"name": "Ann"}, {"name": "Bot", "kind": "random"}])
    game_id, token = created["id"], created["seats"][0]["token"]
    path = f"/api/v1/games/{game_id}/rematch"
    early = client.post(path, json={}, headers=bearer(token))
    assert early.status_code == 409 and "not over" in early.get_json()["message"]
    assert client.post(path, json={}).status_code == 401
    assert client.post(path, json={}, headers=bearer("not-a-token")).status_code == 403
    assert client.post("/api/v1/games/no-such-game/rematch", json={}, headers=bearer(token)).status_code == 404
    unknown = client.post(path, json={"seed": 3}, headers=bearer(token))
    assert unknown.status_code == 422 and unknown.get_json()["errors"] == {"json": {"seed": ["Unknown field."]}}
    assert client.post(path, data="x", headers=bearer(token)).status_code == 415
    for answer in (early, unknown):
        assert {"code", "status", "message"} <= set(answer.get_json())

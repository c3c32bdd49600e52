"""The games API for every game, on SQLite and PostgreSQL: open, view per seat, act, refuse, log, replay, review."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from services.configuration import game_tables
from services.play.fairness import check_log, deal_commitment, replay_log
from solver.errors import GameError, NambarzError
from solver.games import find_game
from tests.services.play.games import BOTS, GAMES, bearer, open_game

REFUSALS = ("end", "knock", "claim", "pass", "draw", "take", "decline", "discard 1", "play 0 0 0", "99>desc1")
"""Actions in some game's notation, among which each game has one it judges illegal at some point."""


def view_of(client: FlaskClient, game_id: str, token: str) -> dict[str, Any]:
    answer = client.get(f"/api/v1/games/{game_id}", headers=bearer(token))
    assert answer.status_code == 200, answer.get_json()
    view: dict[str, Any] = answer.get_json()
    return view


def engine_state(app: Flask, game_id: str) -> Any:
    with app.app_context():
        stored = game_tables().get(game_id)
    return find_game(stored.game).load_state(stored.state)


def two_humans_and_a_bot(game: str) -> list[dict[str, str]]:
    return [{"name": "Ann"}, {"name": "Bea", "lang": "it"}, {"name": "Bot", "kind": BOTS[game]}]


def illegal_action(state: Any, game: str) -> str | None:
    """An action in the game's notation that the referee judges illegal for the player to move, if one is found."""
    entry = find_game(game)
    hand = [str(card) for card in state.hands[state.turn_player]] if game == "nambarz" else []
    for text in (*REFUSALS, *hand):
        try:
            verdict = state.check(entry.parse_action(text))
        except NambarzError:
            continue
        if not verdict.legal:
            return text
    return None


@pytest.mark.parametrize("game", GAMES)
def test_a_game_opens_with_a_token_and_a_link_for_each_human_seat_only(client: FlaskClient, game: str) -> None:
    created = open_game(client, game, two_humans_and_a_bot(game))
    tokens = [seat["token"] for seat in created["seats"]]
    assert tokens[0] and tokens[1] and tokens[0] != tokens[1] and tokens[2] is None
    assert [seat["kind"] for seat in created["seats"]] == ["human", "human", BOTS[game]]
    assert created["seats"][0]["link"].endswith(f"/play/{created['id']}/join/{tokens[0]}")
    assert created["seats"][2]["link"] is None


@pytest.mark.parametrize("game", GAMES)
def test_each_seat_sees_its_own_hand_and_only_counts_of_the_others(app: Flask, client: FlaskClient, game: str) -> None:
    created = open_game(client, game, two_humans_and_a_bot(game))
    state = engine_state(app, created["id"])
    for seat in (0, 1):
        view = view_of(client, created["id"], created["seats"][seat]["token"])
        assert view["seat"] == seat
        assert view["hand"] == find_game(game).seat_view(state, seat)["hand"]
        assert [entry["hand_size"] for entry in view["seats"]] == view_hand_sizes(state, game)
        assert view["version"] == created["version"]
        assert view["your_turn"] == (state.to_move == seat)
        assert (view["legal_actions"] != []) == view["your_turn"]
        assert "hands" not in view["table"] and "draw_pile" not in view["table"]


def view_hand_sizes(state: Any, game: str) -> list[int]:
    sizes: list[int] = find_game(game).seat_view(state, 0)["hand_sizes"]
    return sizes


@pytest.mark.parametrize("game", GAMES)
def test_a_legal_action_is_applied_and_the_bots_answer_it(app: Flask, client: FlaskClient, game: str) -> None:
    created = open_game(client, game, [{"name": "Ann"}, {"name": "Bot", "kind": BOTS[game]}])
    token = created["seats"][0]["token"]
    view = view_of(client, created["id"], token)
    assert view["your_turn"]
    answer = client.post(
        f"/api/v1/games/{created['id']}/actions",
        json={"action": view["legal_actions"][0], "version": view["version"]},
        headers=bearer(token),
    )
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["accepted"] and body["verdict"]["legal"] and body["verdict"]["explanation"]
    assert body["view"]["version"] > view["version"]
    assert body["view"]["log"][0]["action"] == view["legal_actions"][0] or body["view"]["version"] > 30
    state = engine_state(app, created["id"])
    assert state.is_over or body["view"]["your_turn"] == (state.to_move == 0)


def test_a_seat_s_view_reads_the_game_on_one_connection_and_decodes_no_verdict(app: Flask, client: FlaskClient) -> None:
    created = open_game(client, "quando", [{"name": "Ann"}, {"name": "Bot", "kind": BOTS["quando"]}], seed=5)
    token = created["seats"][0]["token"]
    view = view_of(client, created["id"], token)
    for _ in range(3):
        sent = {"action": view["legal_actions"][0], "version": view["version"]}
        view = client.post(f"/api/v1/games/{created['id']}/actions", json=sent, headers=bearer(token)).get_json()[
            "view"
        ]
    with app.app_context():
        engine = game_tables().store.engine
    statements: list[str] = []
    checkouts: list[object] = []

    def executed(_connection: object, _cursor: object, statement: str, *_rest: object) -> None:
        statements.append(statement)

    def checked_out(connection: object, *_rest: object) -> None:
        checkouts.append(connection)

    event.listen(engine, "before_cursor_execute", executed)
    event.listen(engine.pool, "checkout", checked_out)
    try:
        again = view_of(client, created["id"], token)
    finally:
        event.remove(engine, "before_cursor_execute", executed)
        event.remove(engine.pool, "checkout", checked_out)
    assert again == view and len(again["log"]) >= 4
    assert len(checkouts) == 1, "one connection, one transaction"
    assert not [statement for statement in statements if "verdict" in statement]


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_move_is_penalised_in_nambarz_and_refused_in_the_other_games(
    app: Flask, client: FlaskClient, game: str
) -> None:
    for seed in range(1, 40):
        created = open_game(client, game, [{"name": "Ann"}, {"name": "Bot", "kind": BOTS[game]}], seed=seed)
        state = engine_state(app, created["id"])
        action = illegal_action(state, game)
        if action is not None:
            break
    else:
        pytest.fail(f"no illegal action found in {game}")
    token = created["seats"][0]["token"]
    before = view_of(client, created["id"], token)
    answer = client.post(
        f"/api/v1/games/{created['id']}/actions",
        json={"action": action, "version": before["version"], "lang": "de"},
        headers=bearer(token),
    )
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["verdict"]["legal"] is False and body["verdict"]["violations"]
    assert body["verdict"]["explanation"]
    if game == "nambarz":
        assert body["accepted"] is True
        assert body["view"]["version"] > before["version"]
        assert body["view"]["log"][0] == {"number": before["version"] + 1, "seat": 0, "action": action, "legal": False}
    else:
        assert body["accepted"] is False
        assert body["view"]["version"] == before["version"]
        assert body["view"]["hand"] == before["hand"]


@pytest.mark.parametrize("game", GAMES)
def test_tokens_turns_versions_and_ids_are_checked(client: FlaskClient, game: str) -> None:
    created = open_game(client, game, two_humans_and_a_bot(game))
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"][:2]]
    view = view_of(client, game_id, tokens[0])
    mover = view["to_move"]
    waiting = tokens[1 - mover] if mover in (0, 1) else tokens[0]
    action = {"action": "pass", "version": view["version"]}

    missing = client.get(f"/api/v1/games/{game_id}")
    assert missing.status_code == 401 and missing.headers["WWW-Authenticate"] == "Bearer"
    assert client.get(f"/api/v1/games/{game_id}", headers=bearer("x" * 32)).status_code == 403
    assert client.get(f"/api/v1/games/{game_id}/log", headers=bearer("x" * 32)).status_code == 403
    assert client.get("/api/v1/games/no-such-game", headers=bearer(tokens[0])).status_code == 404
    out_of_turn = client.post(f"/api/v1/games/{game_id}/actions", json=action, headers=bearer(waiting))
    assert out_of_turn.status_code == 403 and "not your turn" in out_of_turn.get_json()["message"]
    stale = client.post(
        f"/api/v1/games/{game_id}/actions", json={**action, "version": view["version"] + 5}, headers=bearer(waiting)
    )
    assert stale.status_code == 409 and "version" in stale.get_json()["message"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "chess", "seats": [{"name": "Ann"}]}, "game"),
        ({"game": "quando", "seats": []}, "seats"),
        ({"game": "quando", "seats": [{"name": "Ann"}]}, "seats"),
        ({"game": "quando", "seats": [{"name": "Bot", "kind": "strong"}, {"name": "Bob", "kind": "strong"}]}, "seats"),
        ({"game": "quando", "seats": [{"name": "Ann"}, {"name": "Bot", "kind": "planner"}]}, "seats"),
        ({"game": "quando", "seats": [{"name": "Ann"}, {"name": "Bob"}], "options": {"variant": "pro"}}, "options"),
        ({"game": "quando", "seats": [{"name": "Ann"}, {"name": "Bob"}], "options": {"speed": 3}}, "options"),
        ({"game": "nambarz", "seats": [{"name": "Ann"}, {"name": "Bob"}], "options": {"rounds": 2}}, "options"),
        ({"game": "quando", "seats": [{"name": "Ann"}, {"name": "Bob"}], "seed": "seven"}, "seed"),
        ({"game": "quando", "seats": [{"name": "Ann"}, {"name": "Bob"}], "seed": 7}, "seed"),
        ({"game": "quando", "seats": [{"name": "Ann"}, {"name": "Bot", "kind": "strong"}], "seed": 2**256}, "seed"),
        ({"game": "quando", "seats": [{"name": "Ann"}, {"name": "Bot", "kind": "strong"}], "seed": 1.5}, "seed"),
        ({"game": "quando", "seats": [{"name": ""}, {"name": "Bob"}]}, "seats"),
        ({"game": "quando", "seats": [{"name": "Ann", "lang": "xx"}, {"name": "Bob"}]}, "seats"),
        ({"game": "quando", "seats": [{"name": "Ann"}, {"name": "Bob"}], "colour": "red"}, "colour"),
    ],
)
def test_settings_a_game_cannot_start_with_are_refused_naming_the_field(
    client: FlaskClient, body: dict[str, Any], field: str
) -> None:
    answer = client.post("/api/v1/games", json=body)
    assert answer.status_code == 422, answer.get_json()
    assert field in answer.get_json()["errors"]["json"]


@pytest.mark.parametrize(
    ("game", "variant", "default"),
    [
        ("nambarz", None, "beginner"),
        ("nambarz", "beginners", "beginner"),
        ("nambarz", "expert", "planner"),
        ("quando", None, "strong"),
        ("nmbrs", "simplified", "greedy"),
    ],
)
def test_a_seat_asked_for_as_bot_gets_the_default_bot_of_the_game_s_variant(
    client: FlaskClient, game: str, variant: str | None, default: str
) -> None:
    body: dict[str, Any] = {"game": game, "seats": [{"name": "Ann"}, {"name": "Bot", "kind": "bot"}]}
    if variant is not None:
        body["options"] = {"variant": variant}
    answer = client.post("/api/v1/games", json=body)
    assert answer.status_code == 201, answer.get_json()
    assert [seat["kind"] for seat in answer.get_json()["seats"]] == ["human", default]


@pytest.mark.parametrize(("game", "kind"), [("nambarz", "random"), ("nambarz", "careless"), ("nmbrs", "random")])
def test_the_api_still_seats_every_kind_of_bot_the_start_form_no_longer_offers(
    client: FlaskClient, game: str, kind: str
) -> None:
    created = open_game(client, game, [{"name": "Ann"}, {"name": "Bot", "kind": kind}])
    assert created["seats"][1]["kind"] == kind


def test_an_action_the_engine_cannot_read_is_refused_naming_the_field(client: FlaskClient) -> None:
    # A deal where the first player holds a playable card, so that drawing is refused.
    created = open_game(client, "nambarz", [{"name": "Ann"}, {"name": "Bot", "kind": "planner"}], seed=1)
    token = created["seats"][0]["token"]
    view = view_of(client, created["id"], token)
    for action in ("5 +", "Jnothing", "draw"):
        answer = client.post(
            f"/api/v1/games/{created['id']}/actions",
            json={"action": action, "version": view["version"]},
            headers=bearer(token),
        )
        assert answer.status_code == 422, (action, answer.get_json())
        assert "action" in answer.get_json()["errors"]["json"]


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_against_bots_replays_exactly_from_its_log_and_is_reviewed(
    app: Flask, client: FlaskClient, game: str
) -> None:
    seats = [{"name": "Ann"}, {"name": "Bot", "kind": BOTS[game]}]
    created = open_game(client, game, seats, seed=5)
    token = created["seats"][0]["token"]
    view = view_of(client, created["id"], token)
    for _ in range(3000):
        if view["is_over"]:
            break
        answer = client.post(
            f"/api/v1/games/{created['id']}/actions",
            json={"action": view["legal_actions"][-1], "version": view["version"]},
            headers=bearer(token),
        )
        assert answer.status_code == 200, answer.get_json()
        view = answer.get_json()["view"]
    assert view["is_over"] and view["legal_actions"] == []

    log = client.get(f"/api/v1/games/{created['id']}/log", headers=bearer(token)).get_json()
    assert log["version"] == view["version"] == len(log["actions"]) and log["next_after"] is None
    assert [entry["number"] for entry in log["actions"]] == list(range(1, len(log["actions"]) + 1))
    assert log["seed"] == "5" and log["deal_commitment"] == created["deal_commitment"] == deal_commitment(5)
    assert check_log(log) == []
    assert replay_log(log, int(log["seed"])).to_dict() == engine_state(app, created["id"]).to_dict()
    assert log["scores"] == view["scores"]

    review = client.get(f"/api/v1/games/{created['id']}/review?lang=fr", headers=bearer(token))
    assert review.status_code == 200, review.get_json()
    assert review.get_json()["seat"] == 0 and review.get_json()["turns"] and review.get_json()["summary"]
    turns = review.get_json()["turns"]
    assert [turn["player_turn"] for turn in turns] == list(range(1, len(turns) + 1)), "numbered as the seat's own"
    assert [turn["turn"] for turn in turns] == sorted({turn["turn"] for turn in turns}), "every seat's, kept"

    late = client.post(
        f"/api/v1/games/{created['id']}/actions",
        json={"action": "pass", "version": view["version"]},
        headers=bearer(token),
    )
    assert late.status_code == 409 and "over" in late.get_json()["message"]


def test_replay_refuses_a_log_whose_action_is_by_the_wrong_seat(client: FlaskClient) -> None:
    created = open_game(client, "quando", [{"name": "Ann"}, {"name": "Bot", "kind": "strong"}], seed=3)
    token = created["seats"][0]["token"]
    log = client.get(f"/api/v1/games/{created['id']}/log", headers=bearer(token)).get_json()
    log["actions"] = [{"number": 1, "seat": 1, "action": "knock", "verdict": {}}]
    with pytest.raises(GameError, match="by seat 1"):
        replay_log(log, 3)

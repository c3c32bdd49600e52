"""A game registered in the solver, the tutor, the services and the API has its endpoints, and is played over HTTP.

The game here is Quando under another name, ``tiny``: the tutor's, the
services' and the API's registries find it by that name, and the games in
play open it from the solver's registry (its pages are Quando's, renamed).
Without its words, its answers or its endpoints, the app does not start.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from flask.views import MethodView

from api.app import create_app
from api.endpoints import ENDPOINTS, GameEndpoints
from api.endpoints.common import JsonBlueprint
from services.answers import ANSWERS, GameAnswers
from solver.errors import GameError
from solver.games import GAMES
from tutor.games import TUTORS
from web.games import PAGES

blueprint = JsonBlueprint("tiny", __name__, url_prefix="/api/v1/tiny", description="A game of the tests")


@blueprint.route("/deck")
class Deck(MethodView):
    @blueprint.response(200)
    def get(self) -> dict[str, Any]:
        """The deck, from the game's answers."""
        deck: dict[str, Any] = ANSWERS.find("tiny").answer("deck")()
        return deck


@pytest.fixture
def tiny_game() -> Iterator[None]:
    """``tiny`` registered in the solver, the tutor and the services, for the test only."""
    with (
        GAMES.registered(replace(GAMES.find("quando"), name="tiny")),
        TUTORS.registered(replace(TUTORS.find("quando"), name="tiny")),
        ANSWERS.registered(GameAnswers(name="tiny", module="services.answers.quando", own=("score",))),
    ):
        yield


def test_a_registered_game_has_its_endpoints_and_is_played_over_http(tiny_game: None) -> None:
    with (
        ENDPOINTS.registered(GameEndpoints(name="tiny", module=__name__)),
        PAGES.registered(replace(PAGES.find("quando"), name="tiny")),
    ):
        client = create_app({"TESTING": True}).test_client()
    assert client.get("/api/v1/tiny/deck").get_json()["size"] == 55
    seats = [{"name": "Ann"}, {"name": "Bot", "kind": "strong"}]
    created = client.post("/api/v1/games", json={"game": "tiny", "seats": seats, "seed": 3})
    assert created.status_code == 201, created.get_data(as_text=True)
    game = created.get_json()
    token = game["seats"][0]["token"]
    view = client.get(f"/api/v1/games/{game['id']}", headers={"Authorization": f"Bearer {token}"}).get_json()
    assert (game["game"], view["seat"], view["your_turn"]) == ("tiny", 0, True)


def test_the_app_does_not_start_while_a_game_lacks_its_endpoints(tiny_game: None) -> None:
    with pytest.raises(GameError, match="the endpoints of tiny are missing"):
        create_app({"TESTING": True})


def test_the_app_does_not_start_while_a_game_lacks_its_words() -> None:
    with (
        GAMES.registered(replace(GAMES.find("quando"), name="tiny")),
        pytest.raises(GameError, match="the words of tiny are missing"),
    ):
        create_app({"TESTING": True})


def test_an_unknown_game_cannot_be_opened() -> None:
    client = create_app({"TESTING": True}).test_client()
    refused = client.post("/api/v1/games", json={"game": "tiny", "seats": [{"name": "Ann"}]})
    assert refused.status_code == 422
    assert "game" in refused.get_json()["errors"]["json"]

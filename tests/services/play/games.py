"""What the tests of the games API share: the games, their default bots, a seat's header, opening a game."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from solver.games import GAMES as REGISTERED

GAMES = REGISTERED.names
"""Every game, in the registry's order."""
BOTS = {game.name: game.bot_kinds[0] for game in REGISTERED}
"""Each game's strongest bot: the registry lists a game's bots strongest first."""


def bearer(token: str) -> dict[str, str]:
    """The header that names a seat by its token."""
    return {"Authorization": f"Bearer {token}"}


def open_game(client: FlaskClient, game: str, seats: list[dict[str, str]], seed: int | None = None) -> dict[str, Any]:
    """Open ``game`` for ``seats`` through the API (with ``seed``, if given); the answer, which must be 201."""
    body: dict[str, Any] = {"game": game, "seats": seats}
    if seed is not None:
        body["seed"] = seed
    answer = client.post("/api/v1/games", json=body)
    assert answer.status_code == 201, answer.get_json()
    created: dict[str, Any] = answer.get_json()
    return created

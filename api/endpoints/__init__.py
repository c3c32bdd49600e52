"""The JSON endpoints: one blueprint per game under ``/api/v1/<game>``, and the shared ones (health, games, tutor).

Every game's blueprint answers the same verbs: ``POST check`` (the referee),
``POST hint`` (what to play), ``GET reference`` (the violation codes and
rulings) and ``GET deck`` (the cards), and then the game's own (Nambarz's
``solve``, ``plan`` and ``score``, Quando's ``score``, Nmbrs!'s ``lay``).
:data:`ENDPOINTS` says where each game's blueprint is, one line per game;
the app factory (:func:`api.app.create_app`) registers every game's blueprint
from it.

>>> ENDPOINTS.names
('nambarz', 'thegame', 'quando', 'nmbrs')
>>> ENDPOINTS.find("quando").blueprint().url_prefix
'/api/v1/quando'
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from flask_smorest import Blueprint

from solver.errors import GameError
from solver.registry import Registry

API_PREFIX = "/api/v1"
"""Where the API's endpoints are; a game's are under ``/api/v1/<game>``."""


@dataclass(frozen=True)
class GameEndpoints:
    """Where a game's JSON endpoints are: the ``module`` whose ``blueprint`` serves ``/api/v1/<name>``."""

    name: str
    module: str

    def blueprint(self) -> Blueprint:
        """The game's blueprint, imported now; :class:`~solver.errors.GameError` if it is not at the game's address."""
        blueprint: Blueprint = importlib.import_module(self.module).blueprint
        expected = f"{API_PREFIX}/{self.name}"
        if blueprint.url_prefix != expected:
            raise GameError(f"the endpoints of {self.name} are at {blueprint.url_prefix}, not at {expected}")
        return blueprint


ENDPOINTS: Registry[GameEndpoints] = Registry(
    "endpoints",
    [
        GameEndpoints(name="nambarz", module="api.endpoints.nambarz"),
        GameEndpoints(name="thegame", module="api.endpoints.thegame"),
        GameEndpoints(name="quando", module="api.endpoints.quando"),
        GameEndpoints(name="nmbrs", module="api.endpoints.nmbrs"),
    ],
)
"""Every game's JSON endpoints, in the order of :data:`solver.games.GAMES`."""

"""Every game has an entry in every layer's registry, in the solver's order, and nothing else has one."""

from __future__ import annotations

from typing import Any

import pytest

from api.cli import GAME_COMMANDS
from api.endpoints import ENDPOINTS
from services.answers import ANSWERS
from solver.games import GAMES
from solver.registry import Registry
from tutor.games import TUTORS
from web.games import PAGES

LAYERS: tuple[Registry[Any], ...] = (TUTORS, ANSWERS, ENDPOINTS, GAME_COMMANDS, PAGES)
"""Each layer's registry above the solver's: the words, the answers, the endpoints, the commands, the pages."""


@pytest.mark.parametrize("registry", LAYERS, ids=lambda registry: registry.layer)
def test_every_game_has_an_entry_in_the_layer_in_the_solvers_order(registry: Registry[Any]) -> None:
    assert registry.names == GAMES.names, f"the {registry.layer} do not list exactly the solver's games"


@pytest.mark.parametrize("registry", LAYERS, ids=lambda registry: registry.layer)
def test_every_entry_is_found_by_its_games_name(registry: Registry[Any]) -> None:
    for name in GAMES.names:
        assert registry.find(name).name == name

"""Every game's answers have the same names for the same roles, found through :data:`services.answers.ANSWERS`."""

from __future__ import annotations

import importlib

import pytest

from services.answers import ANSWERS, ROLES, GameAnswers
from solver.errors import GameError


@pytest.mark.parametrize("game", ANSWERS.names)
def test_every_game_answers_every_role_with_a_function_of_the_same_name(game: str) -> None:
    entry = ANSWERS.find(game)
    assert entry.roles[: len(ROLES)] == ROLES
    module = importlib.import_module(entry.module)
    for role in entry.roles:
        assert entry.answer(role) is getattr(module, f"{role}_answer")


@pytest.mark.parametrize("game", ANSWERS.names)
def test_every_games_reference_answers_in_the_language_asked(game: str) -> None:
    document = ANSWERS.find(game).answer("reference")("it")
    assert document["violations"] and document["rulings"]


def test_a_role_the_game_lacks_is_an_error_naming_its_roles() -> None:
    with pytest.raises(GameError, match="thegame has no score answer; its answers are check, hint, reference and deck"):
        ANSWERS.find("thegame").answer("score")


def test_a_game_registered_later_is_found_with_its_answers() -> None:
    with ANSWERS.registered(GameAnswers(name="tiny", module="services.answers.quando")):
        assert ANSWERS.find("tiny").answer("deck")()["size"] == 55
    assert "tiny" not in ANSWERS

"""One playout test for every sibling game, checking the shared state contract after every action.

Modelled on OpenSpiel's ``games_sim_test``: whatever the game, a player
picking uniformly among the legal actions plays seeded games to the end,
and after every action the state must keep the contract of
``solver.contract.GameState`` and every verdict the shared model of
``solver.verdicts``.  Each game's own conformance test checks its rules;
this one checks that the four games can be handled alike.
"""

from __future__ import annotations

import json
import random
from enum import Enum
from typing import Any

import pytest

from solver.contract import GameState
from solver.errors import IllegalMoveError
from solver.games import find_game
from solver.nambarz.violations import ViolationCode as NambarzCode
from solver.nmbrs.violations import ViolationCode as NmbrsCode
from solver.quando.violations import ViolationCode as QuandoCode
from solver.thegame.violations import ViolationCode as TheGameCode
from solver.verdicts import GameName, GameVerdict

SIBLING_GAMES = (GameName.THE_GAME, GameName.QUANDO, GameName.NMBRS)

MAX_ACTIONS = 1500
"""Actions played per game at most; long games are cut short, the contract is checked all along."""

PLAYER_COUNTS = {GameName.THE_GAME: range(1, 6), GameName.QUANDO: range(2, 7), GameName.NMBRS: range(2, 9)}

PLAYOUTS = [
    (game, players, 10 * players + index) for index, game in enumerate(SIBLING_GAMES) for players in PLAYER_COUNTS[game]
]
"""Every player count of every sibling game, each with a seed of its own."""

CODE_TABLES: dict[GameName, type[Enum]] = {
    GameName.NAMBARZ: NambarzCode,
    GameName.THE_GAME: TheGameCode,
    GameName.QUANDO: QuandoCode,
    GameName.NMBRS: NmbrsCode,
}


def assert_shared_verdict_shape(verdict: GameVerdict, game: GameName) -> None:
    document = verdict.to_dict()
    assert verdict.game is game
    assert list(document)[:3] == ["game", "legal", "violations"]
    assert list(document)[-1] == "rulings"
    assert document["game"] == game.value
    assert document["legal"] is verdict.legal
    assert document["legal"] == (not verdict.violations)
    assert document["violations"] == [violation.to_dict() for violation in verdict.violations]
    assert document["rulings"] == list(verdict.rulings)
    json.dumps(document)


def round_trip(state: GameState[Any]) -> dict[str, Any]:
    document = json.loads(json.dumps(state.to_dict()))
    return type(state).from_dict(document).to_dict()


@pytest.mark.parametrize(("game", "players", "seed"), PLAYOUTS, ids=lambda value: str(getattr(value, "value", value)))
def test_every_sibling_game_keeps_the_state_contract_through_a_random_playout(
    game: GameName, players: int, seed: int
) -> None:
    state = find_game(game).new_game(players=players, seed=seed)
    chooser = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        actions = state.legal_actions()
        assert bool(actions) == (not state.is_over)
        assert (state.to_move is None) == state.is_over
        if state.is_over:
            break
        action = chooser.choice(actions)
        assert_shared_verdict_shape(state.check(action), game)
        verdict = state.apply(action)
        assert verdict.legal
        assert_shared_verdict_shape(verdict, game)
        assert round_trip(state) == state.to_dict()


@pytest.mark.parametrize("game", SIBLING_GAMES, ids=lambda game: game.value)
def test_an_illegal_action_is_refused_with_its_verdict_and_changes_nothing(game: GameName) -> None:
    state = find_game(game).new_game(players=2, seed=3)
    legal = {str(action) for action in state.legal_actions()}
    before = state.to_dict()
    action_type = type(state.legal_actions()[0])
    candidates = [action_type.parse(text) for text in ILLEGAL_ACTIONS[game]]  # type: ignore[attr-defined]
    illegal = next(action for action in candidates if str(action) not in legal)
    with pytest.raises(IllegalMoveError) as raised:
        state.apply(illegal)
    assert not raised.value.verdict.legal
    assert_shared_verdict_shape(raised.value.verdict, game)
    assert state.to_dict() == before


ILLEGAL_ACTIONS = {
    GameName.THE_GAME: ["end", "99>desc1"],
    GameName.QUANDO: ["knock", "pass"],
    GameName.NMBRS: ["discard 100", "discard 99"],
}

"""The registry of games: one explicit table, in the API's order, that starts every game and gives its tables."""

from __future__ import annotations

import subprocess
import sys

import pytest

from solver.errors import GameError
from solver.games import GAMES, GameEntry, find_game
from solver.rulings import DIGEST, PROJECT
from solver.verdicts import GameName
from tests.paths import REPOSITORY

SETTINGS = [(game, variant) for game in GAMES for variant in game.variants]


def test_the_registry_lists_every_game_once_in_the_order_of_the_api() -> None:
    assert [game.name for game in GAMES] == list(GameName)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name.value)
def test_a_game_is_found_by_its_name_as_text_or_as_a_game_name(game: GameEntry) -> None:
    assert find_game(game.name.value) is game
    assert find_game(game.name) is game


def test_an_unknown_game_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(GameError, match=r"unknown game 'Quando'; the games are nambarz, thegame, quando and nmbrs"):
        find_game("Quando")


@pytest.mark.parametrize(
    ("game", "variant"), SETTINGS, ids=[f"{game.name.value}-{variant}" for game, variant in SETTINGS]
)
def test_every_variant_starts_with_every_player_count_it_allows_and_the_engine_refuses_one_more(
    game: GameEntry, variant: str
) -> None:
    allowed = game.variants_players[variant]
    for players in allowed:
        state = game.new_game(players=players, variant=variant, seed=players)
        assert len(state.returns()) == players
        assert state.to_move in range(players)
        assert not state.is_over
    with pytest.raises(GameError):
        game.start(allowed.stop, variant, 0)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name.value)
def test_the_default_variant_is_the_first(game: GameEntry) -> None:
    players = game.players.start + 1
    assert game.new_game(players=players, seed=4).to_dict() == (
        game.new_game(players=players, variant=game.variants[0], seed=4).to_dict()
    )


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"players": 2, "variant": "hard"}, "variant: Nambarz has no variant 'hard'; expected one of beginners, "),
        ({"players": 13}, r"players: Nambarz \(beginners\) is played by 2 to 12 players, not 13"),
        ({"players": True}, "not True"),
        ({"players": 2, "seed": "1"}, "seed: expected a whole number, not '1'"),
    ],
)
def test_a_setting_the_game_does_not_allow_is_refused_naming_it(settings: dict[str, object], message: str) -> None:
    with pytest.raises(GameError, match=message):
        find_game("nambarz").new_game(**settings)  # type: ignore[arg-type]


def test_the_same_seed_deals_the_same_game_and_another_seed_another() -> None:
    game = find_game("nmbrs")
    first, again, other = (game.new_game(players=3, seed=seed).to_dict() for seed in (5, 5, 6))
    assert first == again
    assert first["hands"] != other["hands"]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name.value)
def test_every_violation_code_cites_a_rule_and_says_what_it_means(game: GameEntry) -> None:
    assert len({code.value for code in game.codes}) == len(game.codes)
    for code in game.codes:
        reference = code.reference
        assert reference.rule.strip()
        assert reference.summary.strip()
        assert (reference.penalty is not None) == (game.name is GameName.NAMBARZ)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name.value)
def test_every_ruling_says_what_it_rules_and_where_it_comes_from(game: GameEntry) -> None:
    assert game.rulings
    for ruling in game.rulings.values():
        assert ruling.summary.strip()
        assert ruling.source in (DIGEST, PROJECT)


def test_importing_the_registry_loads_neither_sympy_nor_networkx() -> None:
    probe = "import sys, solver.games; print(sorted({'sympy', 'networkx'} & set(sys.modules)))"
    # A fresh interpreter: this test process may have loaded them already; no time limit, the import is all it runs.
    result = subprocess.run([sys.executable, "-c", probe], cwd=REPOSITORY, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"

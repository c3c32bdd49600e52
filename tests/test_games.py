"""The registry of games: one explicit table, in the API's order, that starts every game and gives its tables."""

from __future__ import annotations

import importlib
import json
import random
import subprocess
import sys
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import pytest

from solver.contract import GameState
from solver.errors import GameError, IllegalMoveError, NambarzError
from solver.games import GAMES, GameEntry, find_game
from solver.rulings import DIGEST, PROJECT
from solver.thegame.rules import Variant
from solver.thegame.state import Action as TheGameAction
from solver.thegame.state import Game as TheGameGame
from solver.thegame.state import State as TheGameState
from solver.verdicts import BaseVerdict, Violation
from tests.paths import REPOSITORY

SETTINGS = [(game, variant) for game in GAMES for variant in game.variants]


def test_the_registry_lists_every_game_once_in_the_order_of_the_api() -> None:
    assert [game.name for game in GAMES] == ["nambarz", "thegame", "quando", "nmbrs"]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_a_game_is_found_by_its_name(game: GameEntry) -> None:
    assert find_game(game.name) is game
    assert game.name in GAMES


def test_a_game_defined_outside_the_package_joins_the_registry_for_a_while_and_has_verdicts() -> None:
    @dataclass(frozen=True)
    class TinyVerdict(BaseVerdict):
        game: ClassVar[str] = "tiny"
        violations: tuple[Violation, ...] = ()
        rulings: tuple[str, ...] = ()

    tiny = replace(find_game("quando"), name="tiny", title="Tiny")
    with GAMES.registered(tiny):
        assert find_game("tiny") is tiny
        assert GAMES.names[-1] == "tiny"
    assert "tiny" not in GAMES
    assert TinyVerdict().to_dict() == {"game": "tiny", "legal": True, "violations": [], "rulings": []}


def test_an_unknown_game_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(GameError, match=r"unknown game 'Quando'; the games are nambarz, thegame, quando and nmbrs"):
        find_game("Quando")


@pytest.mark.parametrize(("game", "variant"), SETTINGS, ids=[f"{game.name}-{variant}" for game, variant in SETTINGS])
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
        game.start(allowed.stop, variant, 0, {option.name: option.default for option in game.options})


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
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


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_every_violation_code_cites_a_rule_and_says_what_it_means(game: GameEntry) -> None:
    assert len({code.value for code in game.codes}) == len(game.codes)
    for code in game.codes:
        reference = code.reference
        assert reference.rule.strip()
        assert reference.summary.strip()
        assert (reference.penalty is not None) == (game.name == "nambarz")


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
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


# ----------------------------------------------------------------- options


@pytest.mark.parametrize("rounds", [1, 3, 5])
def test_a_nambarz_game_is_started_with_1_3_or_5_rounds(rounds: int) -> None:
    state = find_game("nambarz").new_game(players=3, seed=2, options={"rounds": rounds})
    assert state.game.rounds == rounds  # type: ignore[attr-defined]


@pytest.mark.parametrize("target", [1, 40, 50, 1000])
def test_a_quando_game_is_started_with_a_target_of_its_own(target: int) -> None:
    state = find_game("quando").new_game(players=2, seed=2, options={"target": target})
    assert state.game.target == target  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_options_left_out_keep_their_defaults(game: GameEntry) -> None:
    players = game.players.start
    defaults = {option.name: option.default for option in game.options}
    expected = game.new_game(players=players, seed=6).to_dict()
    assert game.new_game(players=players, seed=6, options={}).to_dict() == expected
    assert game.new_game(players=players, seed=6, options=defaults).to_dict() == expected


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("nambarz", {"rounds": 2}, r"options\.rounds: expected 1, 3 or 5, not 2"),
        ("nambarz", {"rounds": "3"}, r"options\.rounds: expected 1, 3 or 5, not '3'"),
        ("nambarz", {"rounds": 3.0}, r"options\.rounds: expected 1, 3 or 5, not 3\.0"),
        ("nambarz", {"rounds": True}, r"options\.rounds: expected 1, 3 or 5, not True"),
        ("nambarz", {"target": 50}, "options: Nambarz has no option 'target'; its options are rounds"),
        ("quando", {"target": 0}, r"options\.target: expected a whole number from 1 to 1000, not 0"),
        ("quando", {"target": 1001}, "not 1001"),
        ("quando", {"target": "50"}, "not '50'"),
        ("quando", {"target": None}, "not None"),
        ("quando", {"rounds": 3}, "options: Quando has no option 'rounds'; its options are target"),
        ("thegame", {"rounds": 3}, "options: The Game has no option 'rounds'; it takes none"),
        ("nmbrs", {"target": 100}, "options: Nmbrs! has no option 'target'; it takes none"),
        ("nmbrs", [("target", 100)], "options: expected an object of option names and values"),
    ],
)
def test_an_option_the_game_does_not_take_is_refused_naming_it_and_what_is_expected(
    name: str, options: Any, message: str
) -> None:
    with pytest.raises(GameError, match=message):
        find_game(name).new_game(players=2, options=options)


# ----------------------------------------------------------------- actions and saved states


def random_states(game: GameEntry, seed: int, steps: int) -> list[GameState[Any]]:
    """The states of a seeded random playout, one per action, each an independent copy."""
    state = game.new_game(players=game.players.start + 1, seed=seed)
    rng = random.Random(seed)
    states = [game.load_state(state.to_dict())]
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
        states.append(game.load_state(state.to_dict()))
    return states


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_every_legal_action_reads_back_from_its_notation(game: GameEntry) -> None:
    for state in random_states(game, seed=8, steps=40):
        for action in state.legal_actions():
            assert game.parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("name", "text"),
    [("nambarz", "3fsh + 2"), ("thegame", "37>up"), ("quando", "play 11"), ("nmbrs", "discard 0"), ("nmbrs", "")],
)
def test_an_action_that_is_not_in_the_games_notation_raises_its_input_error(name: str, text: str) -> None:
    with pytest.raises(NambarzError):
        find_game(name).parse_action(text)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_a_saved_state_loads_back_and_goes_on_the_same_way(game: GameEntry) -> None:
    for state in random_states(game, seed=9, steps=30):
        document = json.loads(json.dumps(state.to_dict()))
        loaded = game.load_state(document)
        assert loaded.to_dict() == state.to_dict()
        assert loaded.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
@pytest.mark.parametrize("document", [{}, {"game": None}, {"game": {"players": 2}, "hands": "x"}])
def test_anything_but_a_saved_state_is_refused(game: GameEntry, document: dict[str, Any]) -> None:
    with pytest.raises(GameError, match="state"):
        game.load_state(document)


# ----------------------------------------------------------------- bots

BOT_MODULES = {
    "nambarz": "solver.nambarz.bots",
    "thegame": "solver.thegame.bots",
    "quando": "solver.quando.bots",
    "nmbrs": "solver.nmbrs.bots",
}
STRONGEST = {"nambarz": "planner", "thegame": "strong", "quando": "strong", "nmbrs": "greedy"}
PLAYOUT_ACTIONS = 400
"""The actions of a playout between bots and people: enough for several turns of each, often a whole game."""


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_the_registry_lists_every_bot_of_the_game_the_strongest_first(game: GameEntry) -> None:
    module = importlib.import_module(BOT_MODULES[game.name])
    assert set(game.bot_kinds) == set(module.BOTS)
    assert game.bot_kinds[0] == STRONGEST[game.name]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_an_unknown_bot_is_refused_naming_it_and_the_kinds(game: GameEntry) -> None:
    kinds = ", ".join(game.bot_kinds)
    with pytest.raises(GameError, match=f"bot: {game.title} has no bot 'Strong'; the kinds are {kinds}"):
        game.make_bot("Strong", seed=1)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_every_bot_plays_alongside_people_with_legal_actions(game: GameEntry) -> None:
    """Seat 0 is the bot, the other seats people acting at random: the bot moves whenever seat 0 is to move."""
    for kind in game.bot_kinds:
        state = game.new_game(players=3, seed=11)
        bot = game.make_bot(kind, seed=11)
        people = random.Random(11)
        for _ in range(PLAYOUT_ACTIONS):
            if state.is_over:
                break
            if state.to_move == 0:
                action = bot.choose(state)
                # Nambarz penalises an illegal play rather than refusing it; only its careless bot makes any.
                verdict = state.apply(action)
                assert verdict.legal or kind == "careless"
            else:
                state.apply(people.choice(state.legal_actions()))


def bot_seats_game(game: GameEntry, kind: str, seed: int, *, fresh: bool) -> list[str]:
    """The actions of a game where seat 0 is a bot, kept for the game or made afresh before each of its moves."""
    state = game.new_game(players=3, seed=seed)
    kept = game.make_bot(kind, seed=seed)
    people = random.Random(seed)
    played = []
    for _ in range(PLAYOUT_ACTIONS):
        if state.is_over:
            break
        if state.to_move == 0:
            action = (game.make_bot(kind, seed=seed) if fresh else kept).choose(state)
        else:
            action = people.choice(state.legal_actions())
        state.apply(action)
        played.append(str(action))
    return played


@pytest.mark.parametrize(
    ("name", "kind"),
    # The bots that draw on their generator at every move play otherwise when made afresh with the same seed.
    [(game.name, kind) for game in GAMES for kind in game.bot_kinds if kind not in ("random", "careless", "beginner")],
)
def test_a_bot_made_afresh_for_every_move_plays_as_one_kept_for_the_whole_game(name: str, kind: str) -> None:
    game = find_game(name)
    for seed in range(3):
        assert bot_seats_game(game, kind, seed, fresh=True) == bot_seats_game(game, kind, seed, fresh=False)


@pytest.mark.parametrize(("name", "kind"), [("nambarz", "planner"), ("thegame", "strong"), ("thegame", "silent")])
def test_a_planning_bot_asked_twice_about_one_position_answers_the_same(name: str, kind: str) -> None:
    """A bot whose chosen action was not applied (a move undone, a game loaded again) plans afresh, not ahead."""
    game = find_game(name)
    for seed in range(2):
        state = game.new_game(players=3, seed=seed)
        bot = game.make_bot(kind, seed=seed)
        for _ in range(PLAYOUT_ACTIONS):
            if state.is_over:
                break
            first = bot.choose(state)
            assert bot.choose(state) == first
            state.apply(first)


def test_a_bot_made_in_the_middle_of_a_nambarz_turn_after_a_jreplay_plays_on_rather_than_draw() -> None:
    game = find_game("nambarz")
    playable_after_a_replay = 0
    for seed in range(12):
        state = game.new_game(players=3, seed=seed)
        keeper = game.make_bot("planner", seed=seed)
        people = random.Random(seed)
        while not state.is_over:
            if state.to_move != 0:
                state.apply(people.choice(state.legal_actions()))
                continue
            if state.phase.value == "replayed":  # type: ignore[attr-defined]
                fresh = game.make_bot("planner", seed=seed).choose(state)
                assert state.check(fresh).legal
                playable_after_a_replay += str(fresh) != "draw"
            state.apply(keeper.choose(state))
    assert playable_after_a_replay


def test_a_bot_made_in_the_middle_of_a_turn_of_the_game_lays_what_is_still_due() -> None:
    game = find_game("thegame")
    for seed in range(10):
        state = game.new_game(players=2, variant="pro", seed=seed)
        kept = game.make_bot("strong")
        state.apply(kept.choose(state))
        while state.to_move is not None and state.played_this_turn:  # type: ignore[attr-defined]
            try:
                state.apply(game.make_bot("strong").choose(state))
            except IllegalMoveError as error:  # pragma: no cover - the assertion's message
                pytest.fail(f"seed {seed}: {error}")
        assert state.is_over or state.turns == 1  # type: ignore[attr-defined]


def test_a_bot_made_in_the_middle_of_a_turn_set_up_by_hand_plans_what_is_still_due() -> None:
    game = TheGameGame(players=2, variant=Variant.PRO)
    state = TheGameState.from_position(game, [[30, 31, 32, 70], [50]], draw_pile=[2, 3, 4])
    state.apply(TheGameAction.parse("30>asc1"))
    assert (state.minimum_this_turn, state.played_this_turn) == (3, 1)
    for kind in ("strong", "silent"):
        action = find_game("thegame").make_bot(kind).choose(state)
        assert state.check(action).legal
        assert not action.is_end

"""Self-play of The Game: the bots drive the real engine, runs are reproducible, reports add up, and the CLI."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.errors import GameError
from solver.thegame.bots import BOTS, NaiveBot, StrongBot, make_bot, player_view
from solver.thegame.cards import CARDS
from solver.thegame.rules import Pile, Variant, Wish
from solver.thegame.simulate import MAX_GAMES, GameRow, SimulationReport, play_game, simulate, wilson_interval
from solver.thegame.state import Game, State, replay
from solver.thegame.strategy import Request
from tests.conftest import Cli
from tests.paths import REPOSITORY
from tutor.thegame import explain_simulation

BENCHMARK = REPOSITORY / "benchmarks" / "thegame_benchmark.py"


# ----------------------------------------------------------------- bots


@pytest.mark.parametrize("bot", sorted(BOTS))
@pytest.mark.parametrize("players", [1, 3, 5])
def test_a_bot_plays_a_whole_game_through_the_engine_and_its_transcript_replays_it(bot: str, players: int) -> None:
    game = Game(players=players, seed=11)
    played = play_game(game, make_bot(bot))
    state = played.state
    assert state.is_over
    again = replay(game, played.actions)
    assert again.to_dict() == state.to_dict()
    laid = [action for action in played.actions if action != "end" and not action.startswith("ask ")]
    assert state.cards_left + len(laid) == len(CARDS)


def test_the_strong_bot_leaves_fewer_cards_than_the_naive_bot_over_the_same_deals() -> None:
    strong = simulate(players=3, games=12, seed=4, bot="strong")
    naive = simulate(players=3, games=12, seed=4, bot="naive")
    assert strong.mean_left < naive.mean_left
    assert strong.wins >= naive.wins


def test_the_strong_bot_plays_the_pro_version_and_on_fire_to_their_end() -> None:
    report = simulate(players=2, games=3, seed=2, variant=Variant.PRO, on_fire=True)
    assert report.games == 3
    assert report.wins + report.losses == 3


def test_the_naive_bot_lays_exactly_the_minimum_each_turn() -> None:
    state = Game(players=2, seed=3).new_state()
    bot = NaiveBot()
    while not state.is_over and state.draw_pile:
        seat, turns = state.to_move, state.turns
        laid = 0
        while state.turns == turns and not state.is_over:
            action = bot.choose(state)
            laid += not action.is_end
            state.apply(action)
        if not state.is_over:
            assert laid == 2, f"seat {seat} laid {laid}"


def test_a_view_holds_only_the_player_s_own_hand_and_the_public_table() -> None:
    state = Game(players=4, seed=9).new_state()
    view = player_view(state)
    assert view.hand == tuple(state.hands[0])
    assert view.draw_pile == len(state.draw_pile)
    assert view.played == frozenset()
    assert len(view.requests) == 3
    assert all(isinstance(strength, Request) for requests in view.requests for strength in requests.values())
    assert not set(view.unseen) & set(view.hand)


def test_a_player_who_does_not_listen_hears_no_request_yet_knows_the_others_still_hold_cards() -> None:
    state = Game(players=3, seed=9).new_state()
    state.requests[1][Pile.ASC1] = Wish.DONT
    assert player_view(state).requests == ({Pile.ASC1: Request.PLEASE_DONT}, {})
    view = player_view(state, hearing=False)
    assert view.requests == ()
    assert not view.alone


def test_the_silent_bots_play_a_whole_game_without_a_request_and_the_strong_bots_make_some() -> None:
    silent = play_game(Game(players=3, seed=11), make_bot("silent")).actions
    strong = play_game(Game(players=3, seed=11), make_bot("strong")).actions
    assert not any(action.startswith("ask ") for action in silent)
    assert any(action.startswith("ask ") for action in strong)


def test_a_bot_playing_alone_asks_nothing() -> None:
    assert not any(action.startswith("ask ") for action in play_game(Game(players=1, seed=3), StrongBot()).actions)


def test_the_silent_bot_plays_solo_exactly_like_the_strong_bot() -> None:
    assert (
        simulate(players=1, games=3, seed=2, bot="silent").cards_left == simulate(players=1, games=3, seed=2).cards_left
    )


def test_a_view_of_a_finished_game_is_refused() -> None:
    state = play_game(Game(players=1, seed=1), NaiveBot()).state
    with pytest.raises(GameError, match="the game is over"):
        player_view(state)


def test_a_bot_whose_plan_was_overtaken_still_picks_a_legal_action() -> None:
    state = Game(players=2, seed=8).new_state()
    bot = StrongBot()
    planned = bot.choose(state)
    state.apply(next(action for action in state.legal_actions() if action != planned and not action.is_end))
    for _ in range(5):
        action = bot.choose(state)
        assert state.check(action).legal
        state.apply(action)


def test_an_unknown_bot_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(GameError, match="unknown bot 'clever'; bots are strong, silent, naive"):
        make_bot("clever")


# ----------------------------------------------------------------- simulation and reports


def test_the_same_seed_plays_the_same_games() -> None:
    first = simulate(players=2, games=3, seed=5)
    second = simulate(players=2, games=3, seed=5)
    assert first.cards_left == second.cards_left


def test_a_run_split_into_parts_adds_up_to_the_whole_run() -> None:
    parts = [simulate(players=4, games=2, seed=1), simulate(players=4, games=3, seed=1, first=2)]
    whole = simulate(players=4, games=5, seed=1)
    combined = SimulationReport.combine(parts)
    assert combined.to_dict() | {"seconds": 0, "games_per_second": 0} == whole.to_dict() | {
        "seconds": 0,
        "games_per_second": 0,
    }


def test_only_parts_of_the_same_run_combine() -> None:
    with pytest.raises(GameError, match="only parts of the same run"):
        SimulationReport.combine([simulate(players=1, games=1), simulate(players=2, games=1)])
    with pytest.raises(GameError, match="at least one report"):
        SimulationReport.combine([])


def test_a_report_holds_every_figure_the_json_promises() -> None:
    document = simulate(players=3, games=4, seed=2).to_dict()
    assert json.loads(json.dumps(document)) == document
    assert list(document)[:5] == ["players", "games", "variant", "on_fire", "bot"]
    low, high = document["win_rate_ci95"]
    assert low <= document["win_rate"] <= high
    assert sum(document["left_distribution"].values()) == document["games"]
    assert document["excellent_rate"] >= document["win_rate"]


def test_a_game_lost_to_fire_is_never_excellent() -> None:
    report = SimulationReport(2, Variant.STANDARD, True, "naive", 0)
    state = play_game(Game(players=2, seed=0, on_fire=True), NaiveBot()).state
    report.add(GameRow.of(state, run_seed=0, number=0, bot="naive"))
    assert state.lost_to_fire
    assert report.lost_to_fire == 1 and report.excellent == 0


def test_an_unfinished_game_cannot_be_counted() -> None:
    with pytest.raises(GameError, match="only a finished game"):
        GameRow.of(Game().new_state(), run_seed=0, number=0, bot="strong")


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"players": 0}, "players must be from 1 to 5, not 0"),
        ({"games": 0}, f"games must be from 1 to {MAX_GAMES}, not 0"),
        ({"games": MAX_GAMES + 1}, f"games must be from 1 to {MAX_GAMES}"),
        ({"seed": -1}, "seed must be a whole number from 0"),
        ({"first": -1}, "first must be a game number from 0"),
        ({"bot": "clever"}, "unknown bot 'clever'"),
    ],
)
def test_a_simulation_with_bad_settings_is_refused_naming_the_setting(settings: dict[str, int], message: str) -> None:
    with pytest.raises(GameError, match=message):
        simulate(**settings)  # type: ignore[arg-type]


@given(st.integers(0, 400), st.integers(0, 400))
def test_the_wilson_interval_holds_the_observed_share_within_zero_and_one(wins: int, extra: int) -> None:
    games = wins + extra
    low, high = wilson_interval(wins, games)
    assert 0.0 <= low <= high <= 1.0
    if games:
        assert low <= wins / games <= high


def test_the_wilson_interval_narrows_as_games_grow() -> None:
    small = wilson_interval(10, 100)
    large = wilson_interval(1000, 10_000)
    assert large[1] - large[0] < small[1] - small[0]


def test_the_english_summary_names_the_bot_the_games_and_the_interval() -> None:
    text = explain_simulation(simulate(players=2, games=2, seed=3))
    assert text.startswith("The strong bot played 2 games of The Game for 2 players (standard game).")
    assert "95% confidence interval" in text


# ----------------------------------------------------------------- the command line


def test_cli_simulate_prints_the_report_as_json(cli: Cli) -> None:
    document = cli.json("thegame", "simulate", "--players", "2", "--games", "2", "--seed", "7")
    for key in (
        "players",
        "games",
        "variant",
        "on_fire",
        "bot",
        "win_rate",
        "win_rate_ci95",
        "excellent_rate",
        "mean_left",
        "left_distribution",
        "games_per_second",
    ):
        assert key in document
    assert document["players"] == 2 and document["games"] == 2 and document["bot"] == "strong"


def test_cli_simulate_plays_the_pro_version_on_fire_with_the_naive_bot(cli: Cli) -> None:
    document = cli.json(
        "thegame", "simulate", "--players", "3", "--games", "2", "--variant", "pro", "--on-fire", "--bot", "naive"
    )
    assert (document["variant"], document["on_fire"], document["bot"]) == ("pro", True, "naive")


def test_cli_simulate_without_json_prints_an_english_summary(cli: Cli) -> None:
    result = cli("thegame", "simulate", "--players", "1", "--games", "1")
    assert result.exit_code == 0
    assert result.stdout.startswith("The strong bot played 1 game of The Game solo (standard game).")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--players", "6", "--games", "1"], "expected 1 to 5 players, not 6"),
        (["--players", "2", "--games", "0"], f"expected 1 to {MAX_GAMES} games, not 0"),
        (["--players", "2", "--games", "many"], "expected a whole number of games, not 'many'"),
        (["--players", "2", "--games", "1", "--seed", "-3"], "not -3"),
        (["--players", "2", "--games", "1", "--bot", "clever"], "invalid choice: 'clever'"),
        (["--players", "2", "--games", "1", "--variant", "easy"], "invalid choice: 'easy'"),
        (["--games", "1"], "--players: expected a value; it is required"),
    ],
)
def test_cli_simulate_refuses_bad_arguments_with_exit_2_and_one_line(
    cli: Cli, arguments: list[str], message: str
) -> None:
    result = cli("thegame", "simulate", *arguments)
    error = result.stderr
    assert result.exit_code == 2 and result.stdout == ""
    assert message in error and error.count("\n") == 1


# ----------------------------------------------------------------- the benchmark script


def test_the_benchmark_prints_the_win_rate_table_for_every_player_count() -> None:
    completed = subprocess.run(
        [sys.executable, str(BENCHMARK), "--games", "2", "--seed", "1", "--workers", "1"],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "| Players | Games | Win rate (95% CI) | Published |" in completed.stdout
    rows = [line for line in completed.stdout.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert [row.split("|")[1].strip() for row in rows] == ["1", "2", "3", "4", "5"]


def test_the_benchmark_refuses_more_games_than_a_run_may_play() -> None:
    completed = subprocess.run(
        [sys.executable, str(BENCHMARK), "--games", str(MAX_GAMES + 1)],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert completed.returncode == 2
    assert f"--games must be from 1 to {MAX_GAMES}" in completed.stderr


def test_a_state_rebuilt_from_json_is_played_on_by_the_bot_exactly_like_the_original() -> None:
    state = Game(players=3, seed=6).new_state()
    bot = StrongBot()
    for _ in range(10):
        state.apply(bot.choose(state))
    copy = State.from_dict(json.loads(json.dumps(state.to_dict())))
    first, second = StrongBot(), StrongBot()
    while not state.is_over:
        action = first.choose(state)
        assert second.choose(copy) == action
        state.apply(action)
        copy.apply(action)
    assert copy.cards_left == state.cards_left

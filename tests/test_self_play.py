"""Self-play at scale: the same report however a run is split, rows kept in CSV, sweeps, and a Dask cluster.

A run's games are seeded each on its own, so one process, a pool of
processes, parts combined afterwards and a local Dask cluster of two
workers must all give the same rows and the same statistics; only the
timings differ.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest

from solver.errors import NambarzError
from solver.nambarz import simulate as nambarz
from solver.nambarz.state import Variant as NambarzVariant
from solver.self_play import append_rows, parts, play_games, prepare_rows_file, process_pool, read_rows
from solver.thegame import simulate as thegame
from solver.thegame.bots import make_bot as thegame_bot
from solver.thegame.rules import Variant as TheGameVariant
from solver.thegame.state import Game as TheGame
from tests.conftest import Cli

TIMINGS = {"seconds", "rounds_per_second", "games_per_second"}


def statistics(document: dict[str, Any]) -> dict[str, Any]:
    """A report's JSON form without its timings."""
    return {key: value for key, value in document.items() if key not in TIMINGS}


def test_a_part_of_each_worker_s_share_covers_every_game_once_in_order() -> None:
    for games in (1, 7, 49, 50, 51, 1000, 1234):
        for workers in (1, 2, 16):
            pieces = parts(range(3, 3 + games), workers)
            assert [number for piece in pieces for number in piece] == list(range(3, 3 + games))
            assert all(1 <= len(piece) <= 10 for piece in pieces)


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_nambarz_reports_are_the_same_on_one_process_and_on_several(jobs: int) -> None:
    settings: dict[str, Any] = {"players": 3, "games": 9, "seed": 4, "bots": ("planner", "random", "careless")}
    alone = nambarz.simulate(**settings, jobs=1)
    spread = nambarz.simulate(**settings, jobs=jobs)
    assert spread.rows == alone.rows
    assert statistics(spread.to_dict()) == statistics(alone.to_dict())


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_the_game_s_reports_are_the_same_on_one_process_and_on_several(jobs: int) -> None:
    alone = thegame.simulate(players=3, games=8, seed=2, bot="naive", jobs=1)
    spread = thegame.simulate(players=3, games=8, seed=2, bot="naive", jobs=jobs)
    assert spread.rows == alone.rows
    assert statistics(spread.to_dict()) == statistics(alone.to_dict())


def test_parts_of_a_run_combine_into_the_whole_run() -> None:
    whole = nambarz.simulate(players=2, games=6, seed=1, jobs=1)
    pieces = [nambarz.simulate(players=2, games=2, seed=1, first=first, jobs=1) for first in (0, 2, 4)]
    combined = nambarz.SimulationReport.combine(pieces)
    assert combined.rows == whole.rows
    assert statistics(combined.to_dict()) == statistics(whole.to_dict())
    with pytest.raises(NambarzError, match="only a game of this run"):
        nambarz.SimulationReport.combine([whole, nambarz.simulate(players=3, games=1, jobs=1)])


def test_a_game_is_counted_once_and_only_in_its_own_run() -> None:
    part = nambarz.simulate(players=2, games=2, jobs=1)
    with pytest.raises(NambarzError, match="game 0 is counted already"):
        nambarz.SimulationReport.combine([part, part])
    other_bots = nambarz.simulate(players=2, games=1, first=2, bots=("careless",), jobs=1)
    with pytest.raises(NambarzError, match="game 2 was played by other bots"):
        nambarz.SimulationReport.combine([part, other_bots])
    the_game = thegame.simulate(players=2, games=2, bot="naive", jobs=1)
    with pytest.raises(NambarzError, match="game 1 is counted already"):
        thegame.SimulationReport.combine([the_game, thegame.simulate(players=2, games=1, first=1, bot="naive", jobs=1)])


def test_a_nambarz_row_keeps_the_cards_left_at_the_end_of_the_last_regular_round() -> None:
    report = nambarz.simulate(players=3, games=40, rounds=3, seed=2, bots=("random",), jobs=1)
    assert any(row.tie_breaks for row in report.rows), "some game of this run has a tie-break"
    for row in report.rows:
        assert len(row.cards_left) == 3 and sum(count == 0 for count in row.cards_left) >= 1, row


def test_a_game_of_the_game_counts_the_turns_it_played() -> None:
    for number in range(12):
        for on_fire in (False, True):
            played = thegame.play_game(TheGame(players=2, seed=number, on_fire=on_fire), thegame_bot("naive"))
            row = thegame.GameRow.of(played.state, run_seed=0, number=number, bot="naive")
            assert row.turns == played.actions.count("end") + (played.actions[-1] != "end")


def test_a_nambarz_row_adds_up_to_the_report() -> None:
    report = nambarz.simulate(players=4, games=6, seed=3, bots=("planner", "random"), jobs=1)
    assert [row.number for row in report.rows] == list(range(6))
    assert all(row.finished and len(row.points) == 4 and row.winner in range(1, 5) for row in report.rows)
    assert report.rows[1].bots == ("random", "planner", "random", "planner"), "the bots rotate by a seat each game"
    wins = sum(row.bots[row.winner - 1] == "planner" for row in report.rows if row.winner)
    assert report.bots["planner"].wins == wins
    assert report.turns == sum(row.turns for row in report.rows)
    assert all(row.cards_left[row.winner - 1] == 0 for row in report.rows if row.winner and not row.tie_breaks)


def test_a_sweep_plays_each_setting_on_the_same_seeds_in_the_grid_s_order() -> None:
    reports = nambarz.sweep(
        players=(2, 3), variants=(NambarzVariant.BEGINNERS, NambarzVariant.EXPERT), games=2, seed=5, jobs=2
    )
    assert [(report.players, report.variant) for report in reports] == [
        (2, NambarzVariant.BEGINNERS),
        (2, NambarzVariant.EXPERT),
        (3, NambarzVariant.BEGINNERS),
        (3, NambarzVariant.EXPERT),
    ]
    assert reports[0].rows == nambarz.simulate(players=2, games=2, seed=5, jobs=1).rows
    runs = thegame.sweep(players=(1, 2), variants=(TheGameVariant.PRO,), bots=("naive", "strong"), games=2, jobs=1)
    assert [(run.players, run.bot) for run in runs] == [(1, "naive"), (1, "strong"), (2, "naive"), (2, "strong")]
    assert [row.seed for row in runs[0].rows] == [row.seed for row in runs[1].rows]


def test_rows_are_appended_to_a_csv_file_that_keeps_one_kind_of_row(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    first = thegame.simulate(players=2, games=3, bot="naive", jobs=1)
    second = thegame.simulate(players=2, games=2, seed=1, bot="naive", jobs=1)
    assert append_rows(path, first.rows) == 3
    assert append_rows(path, second.rows) == 2
    rows = read_rows(path)
    assert [row["seed"] for row in rows] == ["0", "1", "2", "1000000", "1000001"]
    assert rows[0]["won"] in {"true", "false"} and rows[0]["game"] == "thegame"
    with path.open(newline="", encoding="utf-8") as file:
        assert sum(1 for line in csv.reader(file) if line[0] == "game") == 1, "one header"
    with pytest.raises(NambarzError, match="holds something other than these rows"):
        prepare_rows_file(path, nambarz.GameRow)
    binary = tmp_path / "binary.csv"
    binary.write_bytes(bytes(range(256)))
    with pytest.raises(NambarzError, match="holds something other than these rows"):
        prepare_rows_file(binary, thegame.GameRow)


def test_a_nambarz_row_writes_its_seats_values_apart_by_spaces(tmp_path: Path) -> None:
    path = tmp_path / "nambarz.csv"
    append_rows(path, nambarz.simulate(players=3, games=2, jobs=1).rows)
    row = read_rows(path)[1]
    assert row["bots"] == "random planner random"
    assert len(row["points"].split()) == len(row["cards_left"].split()) == 3


def test_a_pool_is_shared_by_several_runs_and_gives_the_same_rows() -> None:
    with process_pool(2) as pool:
        shared = [thegame.simulate(players=2, games=3, bot="naive", jobs=2, executor=pool) for _ in range(2)]
    assert shared[0].rows == shared[1].rows == thegame.simulate(players=2, games=3, bot="naive", jobs=1).rows


def test_bad_jobs_are_refused_naming_them() -> None:
    with pytest.raises(NambarzError, match="jobs must be a whole number from 1, not 0"):
        play_games(str, range(3), jobs=0)


def test_a_sweep_on_a_local_dask_cluster_of_two_workers_equals_the_single_process_sweep() -> None:
    pytest.importorskip("distributed")
    from services import cluster  # noqa: PLC0415 - only where Dask is installed

    with cluster.cluster_executor(cluster.LOCAL, 2) as dask:
        assert dask.workers == 2
        on_cluster = thegame.sweep(
            players=(2, 3), bots=("naive", "strong"), games=3, seed=7, executor=dask.executor, jobs=dask.workers
        )
        nambarz_on_cluster = nambarz.sweep(
            players=(3,), variants=(NambarzVariant.INTERMEDIATE,), games=4, executor=dask.executor, jobs=dask.workers
        )
    alone = thegame.sweep(players=(2, 3), bots=("naive", "strong"), games=3, seed=7, jobs=1)
    nambarz_alone = nambarz.sweep(players=(3,), variants=(NambarzVariant.INTERMEDIATE,), games=4, jobs=1)
    assert [report.rows for report in on_cluster] == [report.rows for report in alone]
    assert [statistics(report.to_dict()) for report in on_cluster] == [statistics(report.to_dict()) for report in alone]
    assert [report.rows for report in nambarz_on_cluster] == [report.rows for report in nambarz_alone]


def test_a_scheduler_that_does_not_answer_is_one_line_naming_the_option(cli: Cli) -> None:
    pytest.importorskip("distributed")  # first, so that Dask's settings hold the scheduler's defaults
    import dask  # noqa: PLC0415 - only where Dask is installed

    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        result = cli("thegame", "simulate", "--players", "2", "--games", "1", "--cluster", "tcp://127.0.0.1:9")
    assert result.exit_code == 2
    assert result.stderr.startswith("nambarz: error: --cluster: no Dask scheduler answers at 'tcp://127.0.0.1:9'")
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_sweep_commands_write_every_run_s_rows_and_print_every_run(cli: Cli, tmp_path: Path) -> None:
    rows = tmp_path / "rows.csv"
    document = cli.json(
        "sweep", "--players", "2,3", "--variants", "expert", "--bots", "planner,random", "--bots", "random",
        "--games", "2", "--jobs", "2", "--rows", str(rows),
    )  # fmt: skip
    assert [(run["players"], list(run["bots"])) for run in document["runs"]] == [
        (2, ["planner", "random"]),
        (2, ["random"]),
        (3, ["planner", "random"]),
        (3, ["random"]),
    ]
    assert len(read_rows(rows)) == 8
    text = cli("thegame", "sweep", "--players", "1,2", "--games", "2", "--bots", "naive", "--fire", "without,with")
    assert text.exit_code == 0
    assert text.stdout.count("The naive bot played 2 games") == 4
    assert (
        "2 players, experts' game (one joker of each kind), bots: random"
        in cli(
            "sweep", "--players", "2", "--variants", "expert", "--bots", "random", "--games", "1", "--jobs", "1"
        ).stdout
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["sweep", "--players", "2,13"], "--players: expected 2 to 12 players, not '13'"),
        (["sweep", "--players", "2,,3"], "--players: expected a comma-separated list, not '2,,3'"),
        (["sweep", "--players", "3,3"], "--players: each item once, not '3,3'"),
        (["sweep", "--variants", "pro"], "--variants: expected a variant (beginners, intermediate, expert), not 'pro'"),
        (["sweep", "--bots", "planner,clever"], "--bots: unknown bot 'clever'"),
        (["thegame", "sweep", "--fire", "maybe"], "--fire: expected without or with, not 'maybe'"),
        (["thegame", "sweep", "--bots", "clever"], "--bots: unknown bot 'clever'"),
        (["thegame", "sweep", "--variants", "beginners"], "--variants: expected standard or pro, not 'beginners'"),
        (["simulate", "--jobs", "0"], "--jobs: expected 1 to 1024 processes, not 0"),
        (["simulate", "--cluster", " "], "--cluster: expected 'local' or a Dask scheduler's address"),
        (["simulate", "--rows", "/"], "--rows: '/' cannot be written"),
        (["simulate", "--players", "12", "--variant", "expert"], "--players: 12 players need 85 cards"),
        (["sweep", "--players", "02,2"], "--players: each item once, not '02,2'"),
        (["simulate", "--cluster", "tcp://127.0.0.1:9", "--jobs", "2"], "--jobs: a scheduler's cluster plays"),
    ],
)
def test_bad_self_play_options_exit_2_with_one_line(cli: Cli, argv: list[str], message: str) -> None:
    result = cli(*argv)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_scheduler_without_workers_is_refused_rather_than_waited_on() -> None:
    distributed = pytest.importorskip("distributed")
    from services.cluster import ClusterError, cluster_executor  # noqa: PLC0415 - only where Dask is installed

    with (
        distributed.LocalCluster(n_workers=0, dashboard_address=None) as empty,
        pytest.raises(ClusterError, match="has no workers"),
        cluster_executor(empty.scheduler_address),
    ):
        pass


def test_simulate_on_a_local_cluster_prints_the_report_it_prints_on_one_process(cli: Cli) -> None:
    pytest.importorskip("distributed")
    settings = ["thegame", "simulate", "--players", "2", "--games", "4", "--bot", "naive"]
    on_cluster = cli.json(*settings, "--cluster", "local", "--jobs", "2")
    assert statistics(on_cluster) == statistics(cli.json(*settings, "--jobs", "1"))

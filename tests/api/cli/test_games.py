"""``nambarz games``: purge the long-finished and the abandoned games; verify a finished game's deal from its log."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from services.play.store import GameStore, SeatRecord, StoredGame, new_game_id
from tests.api.cli.test_imports import imported
from tests.conftest import Cli
from tests.serving import free_port


def a_game(*, finished: bool, days_ago: float) -> StoredGame:
    moment = datetime.now(UTC) - timedelta(days=days_ago)
    seats = (SeatRecord(0, "Ada", "human", "a" * 64, "en"), SeatRecord(1, "Bot", "strong", None, "en"))
    return StoredGame(new_game_id(), "thegame", "standard", {}, 1, seats, 0, {}, finished, moment, moment)


def stored(url: str, *games: StoredGame) -> list[str]:
    """Store ``games`` in the database ``url``; their ids."""
    with GameStore(url) as store:
        for game in games:
            store.add(game)
    return [game.id for game in games]


def kept(url: str, ids: list[str]) -> list[bool]:
    with GameStore(url) as store:
        return [store.get(game_id) is not None for game_id in ids]


def test_purge_deletes_only_the_finished_games_last_played_before_the_days(cli: Cli, database_url: str) -> None:
    ids = stored(
        database_url,
        a_game(finished=True, days_ago=45),
        a_game(finished=True, days_ago=31),
        a_game(finished=True, days_ago=29),
        a_game(finished=False, days_ago=400),
    )
    before = datetime.now(UTC)
    result = cli("games", "purge", "--finished-before", "30", "--database", database_url)
    after = datetime.now(UTC)
    assert (result.exit_code, result.stderr) == (0, "")
    cutoff = result.stdout.removeprefix("Removed 2 finished games last played before ").removesuffix(" UTC.\n")
    moment = datetime.strptime(cutoff, "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
    assert before - timedelta(days=30, seconds=1) < moment <= after - timedelta(days=30)
    assert kept(database_url, ids) == [False, False, True, True]
    assert cli("games", "purge", "--finished-before", "30", "--database", database_url).stdout.startswith(
        "Removed 0 finished games"
    )
    assert cli("games", "purge", "--finished-before", "0", "--database", database_url).stdout.startswith(
        "Removed 1 finished game last"
    )
    assert kept(database_url, ids[2:]) == [False, True]


def test_without_the_option_the_database_is_the_setting(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path}/server.sqlite3"
    ids = stored(url, a_game(finished=True, days_ago=10))
    monkeypatch.setenv("NAMBARZ_DATABASE_URL", url)
    assert cli("games", "purge", "--finished-before", "7").stdout.startswith("Removed 1 finished game ")
    assert kept(url, ids) == [False]


def test_without_the_option_or_the_setting_the_database_is_the_default_file(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NAMBARZ_DATABASE_URL", "")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    result = cli("games", "purge", "--finished-before", "7")
    assert (result.exit_code, result.stdout[:28]) == (0, "Removed 0 finished games las")
    assert (tmp_path / "nambarz" / "games.sqlite3").is_file()


EXPECTED = "expected sqlite:///PATH or postgresql+psycopg://USER:PASSWORD@HOST/DATABASE"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            [],
            "--finished-before: expected at least one of --finished-before DAYS, --idle-for DAYS, "
            "--classes-idle-for DAYS",
        ),
        (["--idle-for", "0"], "--idle-for: expected 1 to 36500 days, not 0"),
        (["--finished-before", "a month"], "--finished-before: expected a whole number of days, not 'a month'"),
        (["--finished-before", "-1"], "--finished-before: expected 0 to 36500 days, not -1"),
        (["--finished-before", "36501"], "--finished-before: expected 0 to 36500 days, not 36501"),
        (
            ["--finished-before", "1", "--database", "mysql://db/games"],
            f"--database: {EXPECTED}, not 'mysql://db/games'",
        ),
        (
            ["--finished-before", "1", "--database", f"postgresql://nambarz:secret@127.0.0.1:{free_port()}/games"],
            "--database: cannot use the database 'postgresql://nambarz:***@127.0.0.1:",
        ),
    ],
)
def test_bad_input_is_one_line_naming_the_option_with_exit_status_2(cli: Cli, argv: list[str], message: str) -> None:
    result = cli("games", "purge", *argv)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"nambarz: error: {message}")
    assert result.stderr.count("\n") == 1
    assert "secret" not in result.stderr


def test_a_bad_setting_is_one_line_naming_the_setting(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NAMBARZ_DATABASE_URL", "games.sqlite3")
    result = cli("games", "purge", "--finished-before", "1")
    assert (result.exit_code, result.stderr) == (
        2,
        f"nambarz: error: NAMBARZ_DATABASE_URL: {EXPECTED}, not 'games.sqlite3'\n",
    )


def test_purge_also_deletes_the_games_without_an_action_for_the_days_finished_or_not(
    cli: Cli, database_url: str
) -> None:
    ids = stored(
        database_url,
        a_game(finished=False, days_ago=100),
        a_game(finished=True, days_ago=100),
        a_game(finished=False, days_ago=10),
    )
    result = cli("games", "purge", "--idle-for", "90", "--database", database_url)
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.startswith("Removed 2 games without an action since ")
    assert kept(database_url, ids) == [False, False, True]
    both = cli("games", "purge", "--finished-before", "0", "--idle-for", "5", "--database", database_url)
    assert both.stdout.startswith("Removed 1 finished game last played before ")
    assert " UTC or game without an action since " in both.stdout
    assert kept(database_url, ids) == [False, False, False]


def test_the_help_lists_the_command(cli: Cli) -> None:
    assert "games" in cli("--help").stdout
    helped = cli("games", "purge", "--help")
    assert helped.exit_code == 0
    assert "--finished-before DAYS" in helped.stdout
    assert "--database URL" in helped.stdout


def test_only_purging_imports_the_database_library() -> None:
    database = {"sqlalchemy", "alembic", "psycopg"}
    assert imported("games", "--help") & database == set()
    assert imported("games", "purge", "--help") & database == set()
    assert {"sqlalchemy", "alembic"} <= imported("games", "purge", "--finished-before", "1")

"""``nambarz score``: the ranking table, JSON fields, repeatable NAME=N options and one-line errors."""

from __future__ import annotations

import pytest

from tests.conftest import Cli


def test_score_json_gives_points_ranking_rank_and_master_points(cli: Cli) -> None:
    score = cli.json("score", "--players", "A,B,C,D", "--finished", "C,A,D", "--master", "A=7")
    assert score["points"] == {"C": 40, "A": 39, "D": 25, "B": 19}
    assert score["ranking"] == ["C", "A", "D", "B"]
    assert score["rank_points"] == {"C": 40, "A": 32, "D": 25, "B": 19}
    assert score["master_points"] == {"C": 0, "A": 7, "D": 0, "B": 0}
    assert "teams" not in score


def test_score_prints_a_ranking_table(cli: Cli) -> None:
    result = cli("score", "--players", "A,B,C,D", "--finished", "C,A,D", "--master", "A=7")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Round score, 4 players:"
    assert lines[1].split() == ["rank", "player", "rank", "points", "master", "points", "total"]
    assert lines[2].split() == ["1", "C", "40", "0", "40"]
    assert lines[3].split() == ["2", "A", "32", "7", "39"]
    assert lines[5].split() == ["4", "B", "19", "0", "19"]
    assert "Still holding cards: B." in result.stdout


def test_score_with_teams_prints_team_totals_best_first_and_the_rulings(cli: Cli) -> None:
    result = cli("score", "--players", "A,B,C,D", "--finished", "C,D", "--teams", "A,B;C,D", "--left", "A=4", "B=2")
    assert result.exit_code == 0
    teams = result.stdout.split("Teams:")[1].splitlines()
    assert [line.split() for line in teams[1:4]] == [["team", "total"], ["C+D", "72"], ["A+B", "44"]]
    assert "Rules digest: in a team game, players still holding cards are ranked by fewest cards" in result.stdout


def test_score_json_with_teams_labels_each_team_by_its_members(cli: Cli) -> None:
    score = cli.json(
        "score", "--players", "A,B,C,D", "--finished", "C,A,D", "--teams", "A, B ; C, D", "--master", "D=14"
    )
    assert score["teams"] == {"A+B": 51, "C+D": 79}


def test_master_and_left_take_several_items_after_one_flag_or_repeated_flags(cli: Cli) -> None:
    players = ("--players", "A,B,C,D,E,F,G,H", "--finished", "A,B,C,D,E")
    one_flag = cli.json("score", *players, "--master", "A=7", "F=14", "--left", "F=3", "G=1", "H=2")
    repeated = cli.json("score", *players, "--master", "A=7", "--master", "F=14", "--left", "F=3,G=1", "--left", "H=2")
    assert one_flag == repeated
    assert one_flag["ranking"][5:] == ["G", "H", "F"]
    assert one_flag["points"]["F"] == 14
    assert one_flag["points"]["A"] == 47


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "A,B,C,D", "--finished", "C,A"], "with 4 players it ends when 3 have gone out; 2 have"),
        (["--players", "A,B,C,D", "--finished", "C,A,D,B"], "the round was over when D went out"),
        (["--players", "A,B,C,D", "--finished", ""], "the round is not over"),
        (["--players", "A", "--finished", "A"], "a round needs 2 to 12 players, not 1"),
        (["--players", "A,B,A", "--finished", "B,A"], "player 'A' is seated twice"),
        (["--players", "A,B,C,D", "--finished", "C,,A"], "--finished: empty name in 'C,,A'"),
        (["--players", "A,B,C,D", "--finished", "C,E,D"], "'E' is not a player (players: A, B, C, D)"),
        (["--players", "A,B,C,D", "--finished", "C,A,C"], "'C' is listed twice"),
        (["--players", "A,B,C,D", "--finished", "C,A,D", "--master", "A=5"], "must be 0 or a positive multiple of 7"),
        (["--players", "A,B,C,D", "--finished", "C,A,D", "--master", "A7"], "--master: expected NAME=POINTS"),
        (["--players", "A,B,C,D", "--finished", "C,A,D", "--master", "A=x"], "--master: expected NAME=POINTS"),
        (["--players", "A,B,C,D", "--finished", "C,A,D", "--master", "A=7", "A=14"], "--master: A is given twice"),
        (["--players", "A,B,C,D", "--finished", "C,A,D", "--left", "B"], "--left: expected NAME=CARDS"),
        (["--players", "A,B,C,D", "--finished", "C,A,D", "--left", "A=2"], "cards left: A went out"),
        (["--players", "A,B,C,D", "--finished", "C,A,D", "--left", "B=0"], "holds at least 1 card, not 0"),
        (["--players", "A,B,C,D", "--finished", "C,A,D", "--teams", "A,C;B,D"], "team A+C does not sit together"),
        (["--players", "A,B,C,D", "--finished", "C,A,D", "--teams", "A,B,C,D"], "at least 2 teams, not 1"),
        (["--players", "A,B,C,D", "--finished", "C,A,D", "--teams", "A,B;C"], "teams: D is in no team"),
        (
            ["--players", "A,B,C,D", "--finished", "C,A,D", "--teams", "A,B;;C,D"],
            "every team needs at least one player",
        ),
        (["--players", "A,B,C,D"], "--finished: expected it, or --request"),
        (["--players", "A,B,C,D", "--finished", "C,A,D", "--master"], "--master: expected a value after it"),
    ],
)
def test_bad_score_arguments_exit_2_with_one_line_naming_the_problem(cli: Cli, argv: list[str], message: str) -> None:
    result = cli("score", *argv)
    error = result.stderr
    assert result.exit_code == 2
    assert result.stdout == ""
    assert error.count("\n") == 1
    assert message in error

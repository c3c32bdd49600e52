"""``nambarz plan``, ``nambarz simulate`` and ``nambarz solve --position``: output, JSON fields and one-line errors."""

from __future__ import annotations

from typing import Any

import pytest

from solver.nambarz import Card
from solver.nambarz.notation import Turn
from solver.nambarz.rules import Rules
from solver.nambarz.turn import check_turn
from tests.conftest import Cli

PLAN_FIELDS = {"turn", "ending", "shed", "master_points", "top_after", "answers"}
BOT_FIELDS = {"seats", "win_share", "mean_rank_points", "master_strokes_per_round", "penalties_per_round"}


# ----------------------------------------------------------------- plan


def test_plan_prints_the_best_turns_with_why_each_ranks_where_it_does(cli: Cli) -> None:
    result = cli("plan", "--top", "7", "--hand", "9 2 5 1 10 9hen 4duck", "--count", "4")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "Best turns on 7 with 9 2 5 1 10 9 hen 4 duck (ranked by cards shed, then master points, then fewest answers):"
    )
    assert len(lines) == 9
    assert [line.split(". ", 1)[0].strip() for line in lines[1::2]] == ["1", "2", "3", "4"]
    assert lines[1] == "  1. 10 + 5 + 1 − 9"
    assert lines[2] == "     sheds 4 cards; 7 master-stroke points; leaves 9 on top (9 ways to cover it)"
    assert lines[4].endswith("; below 1: easier top card")
    assert lines[8] == "     sheds 3 cards; leaves 2 on top (14 ways to cover it); below 3: fewer cards shed"


def test_plan_says_when_nothing_is_playable(cli: Cli) -> None:
    result = cli("plan", "--top", "3", "--hand", "9 7fish")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1] == "  nothing is playable: draw a card."


def test_plan_json_has_the_position_the_rules_the_ranking_and_every_turn_field(cli: Cli) -> None:
    document = cli.json("plan", "--top", "7", "--hand", "9 2 5 1 Jreplay", "--count", "4")
    assert set(document) == {"position", "rules", "ranking", "turns", "explanation"}
    assert document["position"] == "7 / 9 2 5 1 Jreplay / natural +-×÷"
    assert document["rules"] == {"domain": "natural", "ops": "+-*/"}
    assert document["ranking"].startswith("cards shed, then master-stroke points")
    turns = document["turns"]
    assert 1 <= len(turns) <= 4
    for turn in turns:
        assert set(turn) == PLAN_FIELDS
        assert turn["ending"] in {"pass", "draw", "out"}
        assert isinstance(turn["shed"], int)
        assert isinstance(turn["answers"], int)
        assert turn["master_points"] % 7 == 0
    keys = [(-turn["shed"], -turn["master_points"], turn["answers"]) for turn in turns]
    assert keys == sorted(keys)


def test_plan_json_turns_are_legal_and_leave_the_top_card_they_name(cli: Cli) -> None:
    # Turns that do not go out: the card on top after them is the referee's.
    document = cli.json("plan", "--top", "7", "--hand", "9 2 5 1 6 3", "--count", "5")
    for planned in document["turns"]:
        assert planned["ending"] == "pass"
        verdict = check_turn(Card.parse("7"), Turn.parse(planned["turn"]))
        assert verdict.legal
        assert verdict.master_points == planned["master_points"]
        assert planned["top_after"] == str(verdict.top_after)


def test_plan_json_shows_a_master_stroke_and_a_change_joker_left_waiting(cli: Cli) -> None:
    document = cli.json("plan", "--top", "5", "--hand", "8 8 1 1 9", "--rules", "integer", "--ops", "+-")
    best = document["turns"][0]
    assert (best["ending"], best["shed"], best["master_points"]) == ("out", 5, 14)
    assert sorted(best["turn"].replace("+", "-").split(" - ")) == ["1", "1", "8", "8", "9"]
    waiting = cli.json("plan", "--top", "5", "--hand", "Jboth 9", "--count", "5")["turns"]
    assert {"turn": "Jboth", "top_after": None} in [{"turn": t["turn"], "top_after": t["top_after"]} for t in waiting]


def test_plan_position_with_a_rules_part_sets_the_rules(cli: Cli) -> None:
    document = cli.json("plan", "--position", "3 / 1 2 6 9 4 Jreplay / integer +-", "--count", "2")
    assert document["rules"] == {"domain": "integer", "ops": "+-"}
    assert document["position"] == "3 / 1 2 6 9 4 Jreplay / integer +-"
    assert len(document["turns"]) == 2


def test_the_rules_part_of_a_position_wins_over_rules_and_ops(cli: Cli) -> None:
    document = cli.json("plan", "--position", "3 / 1 2 / integer +-", "--rules", "rational", "--ops", "*")
    assert document["rules"] == {"domain": "integer", "ops": "+-"}


def test_a_position_without_rules_part_takes_rules_and_ops(cli: Cli) -> None:
    document = cli.json("plan", "--position", "3 / 1 2 6", "--rules", "integer", "--ops", "+-")
    assert document["rules"] == {"domain": "integer", "ops": "+-"}
    assert document["position"] == "3 / 1 2 6 / integer +-"


def test_plan_position_may_have_a_change_joker_on_top(cli: Cli) -> None:
    document = cli.json("plan", "--position", "Jnumber / 4 4hen 9duck", "--count", "5")
    assert [turn["turn"] for turn in document["turns"]] == ["4"]


@pytest.mark.parametrize("count", ["1", "2", "3"])
def test_plan_count_limits_the_number_of_turns(cli: Cli, count: str) -> None:
    document = cli.json("plan", "--top", "3", "--hand", "1 2 6 9 4 Jreplay", "--count", count)
    assert len(document["turns"]) == int(count)
    every = cli.json("plan", "--top", "3", "--hand", "1 2 6 9 4 Jreplay", "--count", "10")["turns"]
    assert document["turns"] == every[: int(count)]


def test_plan_lists_five_turns_by_default(cli: Cli) -> None:
    assert len(cli.json("plan", "--top", "3", "--hand", "1 2 6 9 4 Jreplay")["turns"]) == 5


def test_the_position_printed_by_plan_reads_back_through_position(cli: Cli) -> None:
    document = cli.json("plan", "--top", "3", "--hand", "1 2 6", "--rules", "integer")
    again = cli.json("plan", "--position", document["position"])
    assert again["rules"] == document["rules"] == Rules.parse("integer").to_dict()


# ----------------------------------------------------------------- solve --position


def test_solve_position_gives_the_same_answer_as_top_and_hand(cli: Cli) -> None:
    by_position = cli.json("solve", "--position", "3bee / 1 2 4 10 7fish 4hen 3")
    by_top_and_hand = cli.json("solve", "--top", "3bee", "--hand", "1 2 4 10 7fish 4hen 3")
    assert by_position == by_top_and_hand
    assert by_position["matches"] == ["3"]


def test_solve_position_with_a_rules_part(cli: Cli) -> None:
    solution = cli.json("solve", "--position", "5 / 8 8 1 1 9 / integer +-")
    assert solution["rules"] == {"domain": "integer", "ops": "+-"}
    assert solution["calculations"][0]["master_points"] == 14


def test_solve_position_prints_text(cli: Cli) -> None:
    result = cli("solve", "--position", "5 / 8 8 1 1 9 / integer +-")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "Top card 5, hand 8 8 1 1 9."
    assert "1 legal calculation:" in result.stdout
    assert result.stdout.splitlines()[-1].split()[-1] == "14"


# ----------------------------------------------------------------- simulate


def test_simulate_prints_a_table_per_bot(cli: Cli) -> None:
    result = cli("simulate", "--games", "3", "--seed", "1", "--bots", "planner,random")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("3 games of 1 round(s), 4 players, seed 1: 3 rounds in ")
    assert lines[1].split() == ["bot", "seats", "win", "share", "rank", "points", "master", "strokes", "penalties"]
    assert [line.split()[0] for line in lines[2:4]] == ["planner", "random"]
    assert [line.split()[1] for line in lines[2:4]] == ["6", "6"]
    assert lines[-1] == "Rank points, master strokes and penalties are per round played."


def test_simulate_json_has_every_field(cli: Cli) -> None:
    document = cli.json(
        "simulate", "--games", "4", "--players", "3", "--seed", "2", "--bots", "planner, random ,careless"
    )
    assert set(document) == {
        "players",
        "games",
        "seed",
        "rounds_per_game",
        "variant",
        "line_up",
        "rules",
        "bots",
        "aborted_games",
        "rounds",
        "turns_per_round",
        "seconds",
        "rounds_per_second",
    }
    assert (document["players"], document["games"], document["seed"], document["rounds_per_game"]) == (3, 4, 2, 1)
    assert list(document["bots"]) == ["planner", "random", "careless"]
    for bot in document["bots"].values():
        assert set(bot) == BOT_FIELDS
    assert sum(bot["seats"] for bot in document["bots"].values()) == 12
    assert sum(bot["win_share"] for bot in document["bots"].values()) == pytest.approx(1.0)
    assert document["rounds"] == 4
    assert document["turns_per_round"] > 0


def test_simulate_passes_rounds_variant_and_rules_on(cli: Cli) -> None:
    document = cli.json(
        "simulate", "--games", "2", "--players", "2", "--rounds", "3", "--variant", "expert", "--ops", "+-"
    )
    assert document["rounds_per_game"] == 3
    assert document["variant"] == "expert"
    assert document["rounds"] == 6


def test_simulate_json_is_reproducible_apart_from_timing(cli: Cli) -> None:
    def without_timing(document: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in document.items() if key not in {"seconds", "rounds_per_second"}}

    first = cli.json("simulate", "--games", "3", "--seed", "9")
    assert without_timing(cli.json("simulate", "--games", "3", "--seed", "9")) == without_timing(first)


# ----------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["plan", "--position", "3x / 1 2"], "--position: position '3x / 1 2': '3x' is not a card"),
        (["plan", "--position", "3 1 2"], "--position: position '3 1 2' needs 'TOP / HAND'"),
        (["plan", "--position", "3 / 1 2 / real"], "--position: unknown arithmetic domain 'real'"),
        (["plan", "--position", "3 / 1 2", "--top", "3"], "give either --position or --top and --hand, not both"),
        (["plan", "--position", "3 / 1 2", "--hand", "1"], "give either --position or --top and --hand, not both"),
        (["plan", "--top", "3"], "expected TOP HAND (as in nambarz plan 3 '1 2 6 9 4 Jreplay'), --top and --hand"),
        (["plan", "--top", "3", "--hand", "1 2", "--count", "0"], "--count: expected 1 to 20 turns, not 0"),
        (
            ["plan", "--top", "3", "--hand", "1 2", "--count", "two"],
            "--count: expected a whole number of turns, not 'two'",
        ),
        (["plan", "--top", "3", "--hand", "5 5 5 5 5"], "5 appears 5 times but the deck has only 4"),
        (["plan", "--top", "Jreplay", "--hand", "1 2"], "Jreplay"),
        (["solve", "--position", "3 / 1 2fsh"], "--position: position '3 / 1 2fsh': '2fsh' is not a card"),
        (["solve", "--position", "3 / 1 2", "--top", "3"], "give either --position or --top and --hand, not both"),
        (["simulate", "--players", "13"], "--players: expected 2 to 12 players, not 13"),
        (["simulate", "--players", "1"], "--players: expected 2 to 12 players, not 1"),
        (["simulate", "--games", "0"], "--games: expected 1 to 100000 games, not 0"),
        (
            ["simulate", "--bots", "planner,clever"],
            "unknown bot 'clever'; bots are random, planner, careless, beginner",
        ),
        (["simulate", "--bots", " , "], "name at least one bot"),
        (["simulate", "--rounds", "2"], "--rounds: invalid choice: '2' (choose from 1, 3, 5)"),
        (
            ["simulate", "--variant", "pro"],
            "--variant: invalid choice: 'pro' (choose from beginners, intermediate, expert)",
        ),
    ],
)
def test_bad_plan_solve_and_simulate_arguments_exit_2_with_one_line(cli: Cli, argv: list[str], message: str) -> None:
    result = cli(*argv)
    error = result.stderr
    assert result.exit_code == 2
    assert result.stdout == ""
    assert error.count("\n") == 1
    assert message in error


def test_a_plan_past_its_time_limit_exits_2_with_one_line(cli: Cli) -> None:
    hand = "Jreplay Jreplay Jreplay Jboth Jboth Jboth Jnumber Jnumber Jnumber 1 2 4 5 6 7 8 9 10 1 2 4 5"
    result = cli("plan", "--top", "3", "--hand", hand, "--time-limit", "0.01")
    error = result.stderr
    assert result.exit_code == 2
    assert result.stdout == ""
    assert error.count("\n") == 1
    assert error.startswith("nambarz: error: the turn planner ran past its time limit")

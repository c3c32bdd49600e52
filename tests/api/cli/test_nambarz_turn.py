"""``nambarz check --turn``: the whole-turn verdict as text and as JSON, and its one-line errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Cli

FIGURE_9 = "9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1"
NOT_MINIMAL_INSIDE = "3bee ; Jreplay ; 6 + 5 + 2 - 10 ; Jreplay ; 2"
TWO_MASTER_STROKES = "10bear + 1dragonfly + 1turtle - 9duck ; Jreplay ; 6 + 7 - 5 + 1"

TURN_FIELDS = {"top", "turn", "rules", "legal", "violations", "plays", "master_points", "penalty_draw", "top_after"}


def check_turn_json(cli: Cli, top: str, turn: str, *options: str) -> Any:
    """The JSON verdict of ``check --turn``, which must exit 0."""
    result = cli("check", "--top", top, "--turn", turn, *options, "--json")
    assert result.exit_code == 0
    return json.loads(result.stdout)


def check_turn_text(cli: Cli, top: str, turn: str, *options: str) -> list[str]:
    """The text verdict of ``check --turn`` as lines, which must exit 0."""
    result = cli("check", "--top", top, "--turn", turn, *options)
    assert result.exit_code == 0
    return result.stdout.splitlines()


# --------------------------------------------------------------------------- text output


def test_a_legal_turn_is_explained_play_by_play_with_the_card_it_leaves(cli: Cli) -> None:
    lines = check_turn_text(cli, "1", FIGURE_9)
    assert lines[0] == "Legal turn on 1: 3 plays."
    assert "Play 1. Well done: (9 hen − 6 dragonfly) ÷ 3 hippo makes 1." in lines
    assert "Play 2. Well done: with the replay joker you play again." in lines
    assert "Play 3. Well done: 10 − 6 − 1 makes 3." in lines
    assert "Top card after the turn: 1." in lines
    assert not any(line.strip().startswith("Cards to draw") for line in lines)


def test_a_turn_written_with_italian_figures_is_echoed_canonically(cli: Cli) -> None:
    lines = check_turn_text(cli, "1", "(9gallina - 6libellula) / 3ippopotamo ; jreplay ; 10 - 6 - 1")
    assert "Play 1. Well done: (9 hen − 6 dragonfly) ÷ 3 hippo makes 1." in lines
    assert "Play 2. Well done: with the replay joker you play again." in lines


def test_a_penalty_inside_a_turn_shows_the_resolution_the_skipped_plays_and_the_draw(cli: Cli) -> None:
    lines = check_turn_text(cli, "3", NOT_MINIMAL_INSIDE)
    text = "\n".join(lines)
    assert lines[0] == "Turn with faults on 3: 5 plays."
    assert (
        "Play 3. Fewer cards would do: 6 ÷ 2. 6 ÷ 2 stays on the table; you take back 5 and 10 and draw 3 cards."
        in lines
    )
    assert "Rule III.2, penalty V.1" in text and "not-minimal" not in text
    assert [line.split(":")[0] for line in lines if "Skipped" in line] == ["Play 4. Skipped", "Play 5. Skipped"]
    assert "Top card after the turn: 2." in lines
    assert "  Cards to draw: 3." in lines
    assert "  Project decision: a penalised play ends the turn, so no replay may follow it." in lines


def test_an_illegal_turn_is_an_answer_not_an_error(cli: Cli) -> None:
    result = cli("check", "--top", "3bee", "--turn", "Jnumber 8")
    assert result.exit_code == 0
    assert result.stdout.startswith("Turn with faults on 3 bee: 1 play.")
    assert "Rule IV, penalty V.5: this joker cannot be played in this position." in result.stdout


def test_the_master_stroke_points_of_a_turn_are_summed_in_the_text(cli: Cli) -> None:
    lines = check_turn_text(cli, "3", TWO_MASTER_STROKES)
    assert "  Master-stroke points: 14." in lines
    assert "Top card after the turn: 1." in lines


def test_a_change_joker_given_as_top_card_is_covered_by_one_card_of_its_kind(cli: Cli) -> None:
    lines = check_turn_text(cli, "Jnumber", "7")
    text = "\n".join(lines)
    assert lines[0] == "Legal turn on change-number joker: 1 play."
    assert "  Why: 7 is of a kind the change-number joker allows." in lines
    assert "Top card after the turn: 7." in lines
    assert "after a change joker left by the previous player, any card of the kind it allows may be laid" in text


def test_a_change_joker_left_on_top_is_announced_instead_of_a_top_card(cli: Cli) -> None:
    lines = check_turn_text(cli, "3", "1 + 2 ; Jreplay ; Jboth")
    assert "A change joker is on top: the next player lays one card of the kind it allows." in lines
    assert not any(line.startswith("Top card after the turn") for line in lines)
    assert "Play 3. Well done: the double-change joker may go on 2." in lines


# --------------------------------------------------------------------------- JSON output


def test_the_json_turn_verdict_has_every_field(cli: Cli) -> None:
    verdict = check_turn_json(cli, "1", FIGURE_9)
    assert set(verdict) >= TURN_FIELDS | {"rulings"}
    assert verdict["top"] == "1"
    assert verdict["turn"] == FIGURE_9
    assert verdict["rules"] == {"domain": "natural", "ops": "+-*/"}
    assert verdict["legal"] is True
    assert verdict["violations"] == []
    assert [play["play"] for play in verdict["plays"]] == ["9hen - 6dragonfly / 3hippo", "Jreplay", "10 - 6 - 1"]
    assert [play["covers"] for play in verdict["plays"]] == ["1", "3hippo", "3hippo"]
    assert [play["stays"] for play in verdict["plays"]] == [
        ["9hen", "6dragonfly", "3hippo"],
        ["Jreplay"],
        ["10", "6", "1"],
    ]
    assert (verdict["master_points"], verdict["penalty_draw"], verdict["top_after"]) == (0, 0, "1")
    assert isinstance(verdict["rulings"], list)


def test_json_violations_name_their_play_and_skipped_plays_cover_nothing(cli: Cli) -> None:
    verdict = check_turn_json(cli, "3", NOT_MINIMAL_INSIDE)
    assert verdict["legal"] is False
    (violation,) = verdict["violations"]
    assert violation["play"] == 3
    assert (violation["code"], violation["rule"], violation["penalty"]) == ("not-minimal", "III.2", "V.1")
    assert violation["message"]
    assert [play["covers"] for play in verdict["plays"]] == ["3", "3bee", "3bee", None, None]
    faulty = verdict["plays"][2]
    assert (faulty["stays"], faulty["returned"], faulty["smaller"]) == (["6", "2"], ["5", "10"], "6 / 2")
    for skipped in verdict["plays"][3:]:
        assert skipped["skipped"] is True
        assert "play 3" in skipped["reason"]
    assert (verdict["master_points"], verdict["penalty_draw"], verdict["top_after"]) == (0, 3, "2")
    assert "penalty-ends-turn" in verdict["rulings"]
    assert "not-minimal-smallest-stays" in verdict["rulings"]


def test_json_master_points_add_up_over_the_calculations_of_the_turn(cli: Cli) -> None:
    verdict = check_turn_json(cli, "3", TWO_MASTER_STROKES)
    assert [play["master_points"] for play in verdict["plays"]] == [7, 0, 7]
    assert verdict["master_points"] == 14


def test_json_top_after_is_null_while_a_change_joker_waits(cli: Cli) -> None:
    verdict = check_turn_json(cli, "3", "Jboth ; Jreplay")
    assert verdict["legal"] is True
    assert verdict["top_after"] is None
    assert [play["covers"] for play in verdict["plays"]] == ["3", "Jboth"]


def test_json_with_a_joker_as_top_card(cli: Cli) -> None:
    verdict = check_turn_json(cli, "Jfigure", "5")
    assert verdict["top"] == "Jfigure"
    assert verdict["legal"] is False
    assert [(violation["play"], violation["code"]) for violation in verdict["violations"]] == [(1, "wrong-joker")]
    assert verdict["plays"][0]["covers"] == "Jfigure"
    assert verdict["plays"][0]["returned"] == ["5"]
    assert (verdict["penalty_draw"], verdict["top_after"]) == (3, None)


def test_json_joker_on_a_waiting_joker_is_joker_after_joker(cli: Cli) -> None:
    verdict = check_turn_json(cli, "3", "Jboth ; Jreplay ; Jnumber 4")
    assert [(violation["play"], violation["code"]) for violation in verdict["violations"]] == [(3, "joker-after-joker")]
    assert violation_sections(verdict) == [("IV", "V.5")]
    assert verdict["top_after"] is None


def test_json_matching_card_after_the_players_own_joker_names_its_ruling(cli: Cli) -> None:
    verdict = check_turn_json(cli, "3Biene", "Jfigure 8Biene")
    assert [(violation["play"], violation["code"]) for violation in verdict["violations"]] == [
        (1, "matching-card-after-joker")
    ]
    assert violation_sections(verdict) == [("IV", "V.1")]
    assert (verdict["plays"][0]["stays"], verdict["plays"][0]["returned"]) == (["8bee"], ["Jfigure"])
    assert verdict["top_after"] == "8bee"
    assert "matching-card-after-joker-stays" in verdict["rulings"]


def test_the_rules_and_operator_subset_apply_to_every_play_of_the_turn(cli: Cli) -> None:
    verdict = check_turn_json(cli, "3", "Jreplay ; 6 / 2", "--ops", "+-")
    assert verdict["rules"] == {"domain": "natural", "ops": "+-"}
    assert [(violation["play"], violation["code"]) for violation in verdict["violations"]] == [
        (2, "operation-not-allowed")
    ]
    integer = check_turn_json(cli, "3", "2 - 9 + 10 ; Jreplay ; 7 + 3", "--rules", "integer")
    assert integer["legal"] is True
    assert integer["rules"]["domain"] == "integer"


def violation_sections(verdict: Any) -> list[tuple[str, str]]:
    """The rule and penalty section of each violation of a JSON verdict."""
    return [(violation["rule"], violation["penalty"]) for violation in verdict["violations"]]


@pytest.mark.parametrize(
    ("turn", "codes"),
    [
        pytest.param("3 ; 5", [(2, "play-without-replay")], id="a-second-play-without-a-replay"),
        pytest.param("Jreplay 4", [(2, "no-match")], id="a-replay-joker-and-the-card-after-it"),
        pytest.param("Jboth Jnumber", [(1, "joker-after-joker")], id="change-jokers-one-on-another"),
        pytest.param("Jreplay ; 1 + Jboth", [(2, "joker-in-calculation")], id="a-joker-inside-a-calculation"),
    ],
)
def test_every_lay_a_player_can_make_gets_a_verdict_not_an_error(
    cli: Cli, turn: str, codes: list[tuple[int, str]]
) -> None:
    verdict = check_turn_json(cli, "3", turn)
    assert verdict["legal"] is False
    assert [(violation["play"], violation["code"]) for violation in verdict["violations"]] == codes
    assert verdict["penalty_draw"] == 3


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--top", "3", "--turn", "3 ; Jreplay ; 10 - 3fsh"], "--turn: play 3 of the turn: '3fsh' is not a card"),
        (["--top", "3", "--turn", "3 ; ; 5"], "--turn: empty play at position"),
        (["--top", "3", "--turn", "Jboth 5 6"], "a change joker is followed by at most one card"),
        (["--top", "3", "--turn", "1 + 2", "--play", "3"], "--play: give either --play or --turn, not both"),
        (["--top", "Jreplay", "--turn", "3"], "Jreplay is never the card to cover"),
        (["--top", "Jreplay", "--play", "3"], "top card Jreplay is a joker"),
        (["--top", "3fsh", "--turn", "3"], "--top: '3fsh' is not a card"),
        (["--top", "3", "--turn", "Jreplay ; Jreplay ; Jreplay ; Jreplay"], "Jreplay appears 4 times"),
        (["--top", "3", "--turn", "Jreplay ; 6 / 2", "--ops", "+%"], "--ops: unknown operator '%'"),
    ],
)
def test_bad_turn_arguments_exit_2_with_one_line_naming_the_problem(cli: Cli, argv: list[str], message: str) -> None:
    result = cli("check", *argv)
    error = result.stderr
    assert result.exit_code == 2
    assert result.stdout == ""
    assert error.count("\n") == 1
    assert message in error


@pytest.mark.parametrize(
    ("turn", "token"),
    [
        pytest.param("3 ; Jreplay ; 10 - 3fsh", "3fsh", id="bad-card-in-play-3"),
        pytest.param("3 ; Jreplay ; 10 - (4 / 2)", "(", id="inner-bracket-in-play-3"),
        pytest.param("Jboth 5 6", "6", id="two-cards-after-a-change-joker"),
    ],
)
def test_a_turn_notation_error_names_a_position_that_points_at_the_bad_token(cli: Cli, turn: str, token: str) -> None:
    result = cli("check", "--top", "3", "--turn", turn)
    error = result.stderr
    assert result.exit_code == 2
    located = re.search(r"position (\d+) of '([^']*)'", error)
    assert located is not None, error
    position, text = int(located[1]), located[2]
    assert text[position - 1 :].startswith(token), error


def test_the_console_script_judges_a_turn_as_json() -> None:
    script = Path(sys.executable).parent / "nambarz"
    command = [str(script)] if script.exists() else [sys.executable, "-c", "from api.command import main; main()"]
    finished = subprocess.run(
        [*command, "check", "--top", "Jboth", "--turn", "5cat ; Jreplay ; 1 + 4", "--json"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert finished.returncode == 0, finished.stderr
    verdict = json.loads(finished.stdout)
    assert verdict["legal"] is True
    assert [play["covers"] for play in verdict["plays"]] == ["Jboth", "5cat", "5cat"]
    assert verdict["top_after"] == "4"

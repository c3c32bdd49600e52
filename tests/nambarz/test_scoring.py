"""Round end, rank points, master strokes and teams (rulebook VIII, IX, X)."""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.errors import NambarzError, ScoringError
from solver.nambarz.rulings import RULINGS
from solver.nambarz.scoring import RANK_POINTS, next_round_starter, round_is_over, score_round

FOUR = ["A", "B", "C", "D"]
TWELVE = list("ABCDEFGHIJKL")


def test_the_rulebook_rank_points_are_40_32_25_19_14() -> None:
    assert RANK_POINTS == (40, 32, 25, 19, 14)


def test_four_players_score_their_rank_and_master_points_the_last_one_included() -> None:
    score = score_round(FOUR, ["C", "A", "D"], master={"A": 7})
    assert score.to_dict()["points"] == {"C": 40, "A": 39, "D": 25, "B": 19}
    assert score.ranking == ("C", "A", "D", "B")
    assert score.rank_points == {"C": 40, "A": 32, "D": 25, "B": 19}
    assert score.master_points == {"C": 0, "A": 7, "D": 0, "B": 0}


def test_two_players_end_when_one_goes_out_and_both_score() -> None:
    score = score_round(["Ada", "Bo"], ["Bo"], master={"Ada": 14})
    assert score.ranking == ("Bo", "Ada")
    assert score.points == {"Bo": 40, "Ada": 46}


def test_five_players_all_score_from_40_down_to_14() -> None:
    score = score_round(list("ABCDE"), ["E", "D", "C", "B"])
    assert score.ranking == ("E", "D", "C", "B", "A")
    assert list(score.points.values()) == [40, 32, 25, 19, 14]


def test_six_players_the_one_still_holding_cards_scores_nothing_but_master_points() -> None:
    score = score_round(list("ABCDEF"), ["F", "E", "D", "C", "B"], master={"A": 21})
    assert score.rank_points["A"] == 0
    assert score.points["A"] == 21
    assert score.points["B"] == 14
    assert score.rulings == ()


def test_twelve_players_only_the_first_five_out_score() -> None:
    score = score_round(TWELVE, ["L", "K", "J", "I", "H"], master={"A": 7, "L": 14})
    assert [score.rank_points[player] for player in "LKJIH"] == [40, 32, 25, 19, 14]
    assert all(score.rank_points[player] == 0 for player in "ABCDEFG")
    assert score.points["A"] == 7
    assert score.points["L"] == 54
    assert score.ranking[5:] == tuple("ABCDEFG")
    assert score.rulings == ("unscored-players-by-fewest-cards",)


def test_twelve_players_still_holding_cards_are_listed_by_fewest_cards_then_seat() -> None:
    left = {"A": 6, "B": 2, "C": 4, "D": 2, "E": 1, "F": 3, "G": 5}
    score = score_round(TWELVE, ["L", "K", "J", "I", "H"], cards_left=left)
    assert score.ranking[5:] == ("E", "B", "D", "F", "C", "G", "A")


def test_two_teams_of_two_end_when_only_one_team_is_left() -> None:
    teams = [["A", "B"], ["C", "D"]]
    assert round_is_over(FOUR, ["C", "D"], teams)
    score = score_round(FOUR, ["C", "D"], teams=teams, cards_left={"A": 4, "B": 2}, master={"A": 7})
    assert score.ranking == ("C", "D", "B", "A")
    assert score.points == {"C": 40, "D": 32, "B": 25, "A": 26}
    assert score.to_dict()["teams"] == {"A+B": 51, "C+D": 72}
    assert score.rulings == ("round-ends-at-first-condition", "remaining-by-fewest-cards")


def test_two_teams_of_two_also_end_by_the_player_count() -> None:
    teams = [["A", "B"], ["C", "D"]]
    assert not round_is_over(FOUR, ["C", "A"], teams)
    score = score_round(FOUR, ["C", "A", "D"], teams=teams)
    assert score.team_points == {"A+B": 51, "C+D": 65}


def test_team_members_still_in_are_ranked_in_seat_order_when_no_counts_are_given() -> None:
    score = score_round(FOUR, ["C", "D"], teams=[["A", "B"], ["C", "D"]])
    assert score.ranking == ("C", "D", "A", "B")


def test_a_team_game_with_equal_cards_left_falls_back_to_seat_order() -> None:
    score = score_round(FOUR, ["A", "B"], teams=[["A", "B"], ["C", "D"]], cards_left={"C": 3, "D": 3})
    assert score.ranking == ("A", "B", "C", "D")


def test_three_teams_of_four_with_twelve_players_end_when_five_are_out() -> None:
    teams = [TWELVE[0:4], TWELVE[4:8], TWELVE[8:12]]
    finished = ["A", "E", "I", "B", "F"]
    assert not round_is_over(TWELVE, finished[:4], teams)
    assert round_is_over(TWELVE, finished, teams)
    score = score_round(TWELVE, finished, teams=teams, master={"L": 7})
    assert score.team_points == {"A+B+C+D": 40 + 19, "E+F+G+H": 32 + 14, "I+J+K+L": 25 + 7}
    assert "places-left-to-the-last-team" not in score.rulings


def test_uneven_teams_the_team_left_takes_the_remaining_places_even_with_six_players() -> None:
    players = list("ABCDEF")
    teams = [["A", "B"], ["C", "D", "E", "F"]]
    assert round_is_over(players, ["A", "B"], teams)
    score = score_round(players, ["A", "B"], teams=teams, cards_left={"C": 1, "D": 5, "E": 2, "F": 2})
    assert score.ranking == ("A", "B", "C", "E", "F", "D")
    assert score.points == {"A": 40, "B": 32, "C": 25, "E": 19, "F": 14, "D": 0}
    assert score.team_points == {"A+B": 72, "C+D+E+F": 58}
    assert "places-left-to-the-last-team" in score.rulings


def test_uneven_teams_with_five_players() -> None:
    players = list("ABCDE")
    teams = [["A", "B", "C"], ["D", "E"]]
    score = score_round(players, ["E", "D"], teams=teams, cards_left={"A": 2, "B": 1, "C": 3})
    assert score.ranking == ("E", "D", "B", "A", "C")
    assert score.team_points == {"A+B+C": 25 + 19 + 14, "D+E": 40 + 32}


def test_a_team_may_sit_across_the_first_and_last_seats() -> None:
    score = score_round(FOUR, ["B", "C"], teams=[["D", "A"], ["B", "C"]])
    assert score.team_points == {"D+A": 25 + 19, "B+C": 72}


def test_to_dict_has_every_field_and_teams_only_for_team_games() -> None:
    solo = score_round(FOUR, ["C", "A", "D"]).to_dict()
    assert set(solo) == {"players", "finished", "ranking", "rank_points", "master_points", "points", "rulings"}
    assert solo["ranking"] == ["C", "A", "D", "B"]
    team = score_round(FOUR, ["C", "A", "D"], teams=[["A", "B"], ["C", "D"]]).to_dict()
    assert team["teams"] == {"A+B": 51, "C+D": 65}


def test_every_ruling_a_score_lists_is_documented() -> None:
    scores = [
        score_round(TWELVE, ["L", "K", "J", "I", "H"]),
        score_round(list("ABCDEF"), ["A", "B"], teams=[["A", "B"], ["C", "D", "E", "F"]]),
    ]
    for score in scores:
        assert score.rulings
        assert set(score.rulings) <= set(RULINGS)


@pytest.mark.parametrize(
    ("players", "finished", "over"),
    [
        (["A", "B"], [], False),
        (["A", "B"], ["A"], True),
        (FOUR, ["A", "B"], False),
        (FOUR, ["A", "B", "C"], True),
        (list("ABCDE"), ["A", "B", "C"], False),
        (list("ABCDE"), ["A", "B", "C", "D"], True),
        (list("ABCDEF"), ["A", "B", "C", "D"], False),
        (list("ABCDEF"), ["A", "B", "C", "D", "E"], True),
        (TWELVE, ["A", "B", "C", "D"], False),
        (TWELVE, ["A", "B", "C", "D", "E"], True),
    ],
)
def test_a_round_ends_when_all_but_one_or_five_players_are_out(
    players: list[str], finished: list[str], over: bool
) -> None:
    assert round_is_over(players, finished) is over


@pytest.mark.parametrize(
    ("players", "finished", "teams", "over"),
    [
        (FOUR, ["A", "C"], [["A", "B"], ["C", "D"]], False),
        (FOUR, ["A", "B"], [["A", "B"], ["C", "D"]], True),
        (list("ABCDEF"), ["A", "C", "E"], [["A", "B"], ["C", "D"], ["E", "F"]], False),
        (list("ABCDEF"), ["A", "B", "C", "D"], [["A", "B"], ["C", "D"], ["E", "F"]], True),
        (list("ABCDEF"), ["A", "C", "E", "B", "D"], [["A", "B"], ["C", "D"], ["E", "F"]], True),
        (list("ABCDEFGH"), ["A", "B", "C", "D"], [["A", "B", "C", "D"], ["E", "F", "G", "H"]], True),
        (list("ABCDEFGH"), ["A", "B", "C", "E"], [["A", "B", "C", "D"], ["E", "F", "G", "H"]], False),
    ],
)
def test_a_team_round_also_ends_when_only_one_team_is_left(
    players: list[str], finished: list[str], teams: list[list[str]], over: bool
) -> None:
    assert round_is_over(players, finished, teams) is over


def test_round_is_over_refuses_input_it_cannot_judge() -> None:
    with pytest.raises(ScoringError, match="'E' is not a player"):
        round_is_over(FOUR, ["E"])


@pytest.mark.parametrize(
    ("players", "finished", "options", "message"),
    [
        (["A"], [], {}, "a round needs 2 to 12 players, not 1"),
        ([*TWELVE, "M"], [], {}, "a round needs 2 to 12 players, not 13"),
        (["A", "B", "A"], ["B", "A"], {}, "player 'A' is seated twice"),
        (["A", ""], ["A"], {}, "a player name is non-empty text"),
        (["A", " B"], ["A"], {}, "without surrounding spaces, not ' B'"),
        (["A", "B+C"], ["A"], {}, "player name 'B+C' may not contain +"),
        ("ABCD", ["A"], {}, "players: expected a list of names, not the text 'ABCD'"),
        (FOUR, "CAD", {}, "players who went out: expected a list of names"),
        (FOUR, ["C", "E", "D"], {}, "players who went out: 'E' is not a player (players: A, B, C, D)"),
        (FOUR, ["C", "A", "C"], {}, "'C' is listed twice among the players who went out"),
        (FOUR, ["C", "A"], {}, "the round is not over: with 4 players it ends when 3 have gone out; 2 have"),
        (["A", "B"], [], {}, "with 2 players it ends when 1 has gone out; 0 have"),
        (TWELVE, ["A"], {}, "with 12 players it ends when 5 have gone out; 1 has"),
        (
            FOUR,
            ["A", "C"],
            {"teams": [["A", "B"], ["C", "D"]]},
            "it ends when 3 have gone out or when only one team is left; 2 have",
        ),
        (
            FOUR,
            ["C", "A", "D", "B"],
            {},
            "the round was over when D went out (3 of 4 players had gone out), so B cannot have gone out after",
        ),
        (
            TWELVE,
            ["A", "B", "C", "D", "E", "F", "G"],
            {},
            "the round was over when E went out (5 of 12 players had gone out), so F, G cannot",
        ),
        (
            FOUR,
            ["C", "D", "A"],
            {"teams": [["A", "B"], ["C", "D"]]},
            "the round was over when D went out (only team A+B was left), so A cannot have gone out after",
        ),
        (
            FOUR,
            ["C", "A", "D"],
            {"master": {"A": 5}},
            "master-stroke points of A must be 0 or a positive multiple of 7",
        ),
        (FOUR, ["C", "A", "D"], {"master": {"A": -7}}, "not -7"),
        (FOUR, ["C", "A", "D"], {"master": {"A": True}}, "master-stroke points of A must be a whole number"),
        (FOUR, ["C", "A", "D"], {"master": {"E": 7}}, "master-stroke points: 'E' is not a player"),
        (FOUR, ["C", "A", "D"], {"cards_left": {"E": 2}}, "cards left: 'E' is not a player"),
        (FOUR, ["C", "A", "D"], {"cards_left": {"A": 2}}, "cards left: A went out and holds no cards"),
        (FOUR, ["C", "A", "D"], {"cards_left": {"B": 0}}, "B is still in the round, so holds at least 1 card, not 0"),
        (
            FOUR,
            ["C", "D"],
            {"teams": [["A", "B"], ["C", "D"]], "cards_left": {"A": 2}},
            "give the count of every player still in the round, or of none; B missing",
        ),
        (FOUR, ["C", "A", "D"], {"teams": [FOUR]}, "a team game needs at least 2 teams, not 1"),
        (FOUR, ["C", "A", "D"], {"teams": [["A", "B"], [], ["C", "D"]]}, "every team needs at least one player"),
        (FOUR, ["C", "A", "D"], {"teams": [["A", "B"], ["C", "E"]]}, "teams: 'E' is not a player"),
        (FOUR, ["C", "A", "D"], {"teams": [["A", "B"], ["B", "C", "D"]]}, "teams: 'B' is in more than one team"),
        (FOUR, ["C", "A", "D"], {"teams": [["A", "B"], ["C"]]}, "teams: D is in no team"),
        (list("ABCDE"), ["A"], {"teams": [["A", "B"], ["C"]]}, "teams: D, E are in no team"),
        (
            FOUR,
            ["C", "A", "D"],
            {"teams": [["A", "C"], ["B", "D"]]},
            "team A+C does not sit together (seats: A, B, C, D); teammates play one after another (IX)",
        ),
        (
            list("ABCDEF"),
            ["A", "B", "C", "D", "E"],
            {"teams": [["A", "B", "D"], ["C", "E", "F"]]},
            "team A+B+D does not sit together",
        ),
    ],
)
def test_input_that_cannot_be_scored_is_refused_with_a_clear_message(
    players: Sequence[str], finished: Sequence[str], options: Mapping[str, Any], message: str
) -> None:
    with pytest.raises(ScoringError) as raised:
        score_round(players, finished, **options)
    assert message in str(raised.value)
    assert raised.value.code == "invalid-score"


def test_a_scoring_error_is_a_nambarz_value_error() -> None:
    assert issubclass(ScoringError, NambarzError)
    assert issubclass(ScoringError, ValueError)


def test_the_player_with_the_most_points_starts_the_next_round() -> None:
    score = score_round(FOUR, ["C", "A", "D"], master={"B": 28})
    assert next_round_starter(score.points, score.players, score.ranking) == "B"


def test_a_tie_for_the_most_points_goes_to_the_better_rank_in_the_last_round() -> None:
    score = score_round(FOUR, ["C", "A", "D"])
    totals = {"A": 60, "B": 19, "C": 60, "D": 60}
    assert next_round_starter(totals, score.players, score.ranking) == "C"
    assert next_round_starter(totals, score.players, ["D", "A", "C", "B"]) == "D"


@pytest.mark.parametrize(
    ("totals", "last_ranking", "message"),
    [
        ({"A": 1, "B": 2, "C": 3}, FOUR, "points: no total for D; every player needs one"),
        ({"A": 1, "B": 2, "C": 3, "D": 4, "E": 5}, FOUR, "points: 'E' is not a player"),
        ({"A": 1, "B": 2, "C": 3, "D": 4}, ["A", "B", "C"], "last ranking A, B, C must list every player once"),
        ({"A": 1, "B": 2, "C": 3, "D": 4}, ["A", "B", "C", "C"], "must list every player once"),
        ({"A": 1, "B": 2, "C": 3, "D": 4}, "ABCD", "last ranking: expected a list of names"),
    ],
)
def test_next_round_starter_refuses_incomplete_totals_or_rankings(
    totals: dict[str, int], last_ranking: Sequence[str], message: str
) -> None:
    with pytest.raises(ScoringError, match=re.escape(message)):
        next_round_starter(totals, FOUR, last_ranking)


@st.composite
def finished_rounds(draw: st.DrawFn) -> tuple[list[str], list[str], dict[str, int]]:
    """Players in seat order, who went out until the round ended, and master points."""
    count = draw(st.integers(min_value=2, max_value=12))
    players = list(string.ascii_uppercase[:count])
    order = draw(st.permutations(players))
    finished = order[: count - 1 if count <= 5 else 5]
    master = draw(st.dictionaries(st.sampled_from(players), st.integers(0, 6).map(lambda k: 7 * k)))
    return players, finished, master


@given(finished_rounds())
def test_a_round_hands_out_each_scoring_place_once_and_adds_master_points(
    round_: tuple[list[str], list[str], dict[str, int]],
) -> None:
    players, finished, master = round_
    assert round_is_over(players, finished)
    assert not round_is_over(players, finished[:-1])
    score = score_round(players, finished, master=master)
    assert sorted(score.ranking) == players
    assert score.ranking[: len(finished)] == tuple(finished)
    assert sorted(score.rank_points.values(), reverse=True)[: len(RANK_POINTS)] == list(RANK_POINTS[: len(players)])
    assert sum(score.points.values()) == sum(RANK_POINTS[: len(players)]) + sum(master.values())

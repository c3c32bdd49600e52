"""The scoresheet of a game with the real cards: rounds, totals, next starter, tie-break rounds, final places."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.nambarz.companion import Companion, CompanionError, CompanionStateError, RoundEntry
from solver.nambarz.scoring import score_round

THREE = ("Anna", "Ben", "Carla")


def test_a_three_round_game_ending_in_a_tie_is_settled_by_a_tie_break_round_among_the_tied() -> None:
    sheet = Companion(THREE, rounds=3)
    sheet = sheet.add_round(RoundEntry(("Anna", "Ben")))  # 40 32 25
    assert sheet.next_round is not None and sheet.next_round.starter == "Anna"
    sheet = sheet.add_round(RoundEntry(("Ben", "Carla")))  # 65 72 57
    assert sheet.next_round is not None and sheet.next_round.starter == "Ben"
    sheet = sheet.add_round(RoundEntry(("Carla", "Anna"), {"Carla": (4,)}))  # 97 97 104
    assert sheet.totals == {"Anna": 97, "Ben": 97, "Carla": 104}
    upcoming = sheet.next_round
    assert upcoming is not None
    assert (upcoming.tie_break, upcoming.players, upcoming.places, upcoming.total) == (
        True,
        ("Anna", "Ben"),
        (2, 3),
        97,
    )
    assert upcoming.starter == "Anna"  # ranked better than Ben in the last round
    assert [standing.place for standing in sheet.standings()] == [1, 2, 2]
    sheet = sheet.add_round(RoundEntry(("Ben",), {"Ben": (5,)}))
    assert sheet.is_over and sheet.totals == {"Anna": 97, "Ben": 97, "Carla": 104}
    assert [(standing.label, standing.place) for standing in sheet.standings()] == [
        ("Carla", 1),
        ("Ben", 2),
        ("Anna", 3),
    ]


def test_the_next_round_is_started_by_the_player_with_the_most_points_so_far() -> None:
    sheet = Companion(("A", "B", "C", "D"), rounds=3).add_round(RoundEntry(("C", "A", "D"), {"B": (6,)}))
    assert sheet.totals == {"A": 32, "B": 40, "C": 40, "D": 25}
    assert sheet.next_round is not None and sheet.next_round.starter == "C"  # C ranked better than B


def test_a_team_round_ends_when_one_team_is_left_and_its_members_take_the_last_places_by_the_order_given() -> None:
    sheet = Companion(("A", "B", "C", "D"), teams=(("A", "B"), ("C", "D")), rounds=1)
    sheet = sheet.add_round(RoundEntry(("C", "D", "B", "A")))
    assert sheet.played[0].score.ranking == ("C", "D", "B", "A")
    assert sheet.played[0].score.team_points == {"A+B": 44, "C+D": 72}
    assert [(standing.label, standing.place) for standing in sheet.standings()] == [("C+D", 1), ("A+B", 2)]
    assert sheet.is_over


def test_tied_teams_play_a_tie_break_round_together() -> None:
    teams = (("A", "B"), ("C", "D"))
    sheet = Companion(("A", "B", "C", "D"), teams=teams, rounds=1).add_round(RoundEntry(("A", "C", "B"), {"C": (5,)}))
    assert [(standing.label, standing.total, standing.place) for standing in sheet.standings()] == [
        ("A+B", 65, 1),
        ("C+D", 65, 1),
    ]
    upcoming = sheet.next_round
    assert upcoming is not None and (upcoming.players, upcoming.places) == (("A", "B", "C", "D"), (1, 2))
    sheet = sheet.add_round(RoundEntry(("C", "D")))
    assert sheet.is_over and [standing.label for standing in sheet.standings()] == ["C+D", "A+B"]


def test_a_round_is_refused_naming_the_field_when_the_order_or_the_strokes_are_wrong() -> None:
    sheet = Companion(THREE)
    with pytest.raises(CompanionError, match="'Dora' does not play") as unknown:
        sheet.add_round(RoundEntry(("Dora", "Anna")))
    assert unknown.value.field == "order"
    with pytest.raises(CompanionError, match="listed twice") as twice:
        sheet.add_round(RoundEntry(("Anna", "Anna")))
    assert twice.value.field == "order"
    with pytest.raises(CompanionError, match="not over") as early:
        sheet.add_round(RoundEntry(("Anna",)))
    assert early.value.field == "order"
    with pytest.raises(CompanionError, match="4 to 20 cards, not 3") as small:
        sheet.add_round(RoundEntry(("Anna", "Ben"), {"Carla": (3,)}))
    assert small.value.field == "strokes"
    with pytest.raises(CompanionError, match="at most 20") as many:
        sheet.add_round(RoundEntry(("Anna", "Ben"), {"Carla": (4,) * 21}))
    assert many.value.field == "strokes"


def test_no_round_follows_the_end_and_nothing_is_undone_before_the_first() -> None:
    sheet = Companion(THREE, rounds=1).add_round(RoundEntry(("Anna", "Ben")))
    assert sheet.is_over
    with pytest.raises(CompanionStateError, match="the game is over"):
        sheet.add_round(RoundEntry(("Anna", "Ben")))
    with pytest.raises(CompanionStateError, match="nothing to undo"):
        Companion(THREE).undo()
    assert sheet.undo() == Companion(THREE, rounds=1)


def test_settings_the_rules_refuse_name_their_field() -> None:
    for settings_, field in (
        ({"players": ("Anna",)}, "players"),
        ({"players": ("Anna", "Anna")}, "players"),
        ({"players": ("A", "B", "C", "D"), "teams": (("A", "C"), ("B", "D"))}, "teams"),
        ({"players": THREE, "rounds": 2}, "rounds"),
        ({"players": THREE, "variant": "easy"}, "variant"),
    ):
        with pytest.raises(CompanionError) as refused:
            Companion(**settings_)  # type: ignore[arg-type]
        assert refused.value.field == field


# ----------------------------------------------------------------- properties


@st.composite
def seated_teams(draw: st.DrawFn, players: tuple[str, ...]) -> tuple[tuple[str, ...], ...] | None:
    """No teams, or the seats cut into at least two runs of neighbours (teammates sit side by side)."""
    cuts = draw(st.sets(st.integers(1, len(players) - 1), min_size=1, max_size=len(players) - 1))
    if not draw(st.booleans()):
        return None
    bounds = [0, *sorted(cuts), len(players)]
    return tuple(players[start:end] for start, end in itertools.pairwise(bounds))


@st.composite
def finished_games(draw: st.DrawFn) -> Companion:
    """A whole game: 2 to 12 players, alone or in teams, 1, 3 or 5 rounds, random finishing orders and master
    strokes, tie-breaks."""
    count = draw(st.integers(2, 12))
    players = tuple(f"P{number}" for number in range(count))
    sheet = Companion(players, draw(seated_teams(players)), rounds=draw(st.sampled_from((1, 3, 5))))
    while (upcoming := sheet.next_round) is not None:
        order = tuple(draw(st.permutations(upcoming.players)))
        stroked = draw(st.lists(st.sampled_from(upcoming.players), max_size=2))
        strokes = {player: tuple(draw(st.lists(st.integers(4, 6), min_size=1, max_size=2))) for player in stroked}
        sheet = sheet.add_round(RoundEntry(order, strokes))
    return sheet


@settings(max_examples=150, deadline=None)
@given(finished_games())
def test_totals_are_the_sums_of_the_regular_rounds_and_every_round_ranks_each_of_its_players_once(
    sheet: Companion,
) -> None:
    for round_ in sheet.played:
        assert sorted(round_.score.ranking) == sorted(round_.players)
        still_in = round_.score.ranking[len(round_.score.finished) :]
        teams = [team for team in sheet.teams or () if team[0] in round_.players]
        assert round_.score == score_round(
            round_.players,
            round_.score.finished,
            master={player: round_.entry.master_points(player) for player in round_.players},
            teams=teams if len(teams) >= 2 else None,
            cards_left={player: rank for rank, player in enumerate(still_in, 1)} if len(still_in) > 1 else None,
        )
    regular = [round_ for round_ in sheet.played if not round_.tie_break]
    assert len(regular) == sheet.rounds
    assert sheet.totals == {player: sum(round_.score.points[player] for round_ in regular) for player in sheet.players}


@settings(max_examples=150, deadline=None)
@given(finished_games())
def test_final_places_follow_the_totals_and_tie_break_rounds_involve_exactly_the_tied(sheet: Companion) -> None:
    totals = sheet.totals
    units = sheet.teams or tuple((player,) for player in sheet.players)
    unit_total = {unit: sum(totals[player] for player in unit) for unit in units}
    standings = sheet.standings()
    assert [standing.place for standing in standings] == list(range(1, len(units) + 1))
    assert [standing.total for standing in standings] == sorted(unit_total.values(), reverse=True)
    assert sorted(standing.members for standing in standings) == sorted(units)
    for round_ in sheet.played:
        if round_.tie_break:
            playing = [unit for unit in units if unit[0] in round_.players]
            tied_total = unit_total[playing[0]]
            assert {unit for unit in units if unit_total[unit] == tied_total} == set(playing)
            assert {player for unit in playing for player in unit} == set(round_.players)
            assert len(playing) >= 2
            if sheet.teams is None:
                order = [standing.label for standing in standings if standing.label in round_.players]
                assert order == list(round_.score.ranking)


@settings(max_examples=60, deadline=None)
@given(finished_games())
def test_a_scoresheet_comes_back_from_its_json_and_undoing_every_round_empties_it(sheet: Companion) -> None:
    assert Companion.from_dict(sheet.to_dict()) == sheet
    while sheet.entries:
        sheet = sheet.undo()
    assert sheet.played == () and sheet.next_round is not None and sheet.next_round.number == 1

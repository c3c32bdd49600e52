"""The Game's turn hint: the strong bot's suggestion for a position, judged by the referee, in every interface."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from solver.errors import GameError
from solver.thegame.hint import REQUEST_NAMES, hint
from solver.thegame.referee import Position
from solver.thegame.rules import Pile
from solver.thegame.state import END_TURN, Game, State, can_lay
from solver.thegame.strategy import Request
from tests.conftest import Cli

TOPS = {Pile.ASC1: 47, Pile.ASC2: 60, Pile.DESC1: 30, Pile.DESC2: 52}
REQUEST = {"piles": {"asc1": 47, "asc2": 60, "desc1": 30, "desc2": 52}, "hand": [37, 61, 64, 95], "draw_pile": 40}
FLAGS = ["--piles", "asc1=47,asc2=60,desc1=30,desc2=52", "--hand", "37,61,64,95", "--draw-pile", "40"]


def turn_starts(seed: int, players: int) -> list[State]:
    """The states at the start of every turn of a game played by always taking the first legal action."""
    state = Game(players=players, seed=seed).new_state()
    starts = []
    while not state.is_over:
        if state.played_this_turn == 0:
            starts.append(state.copy())
        actions = state.legal_actions()
        state.apply(END_TURN if END_TURN in actions else actions[0])
    return starts


def position_of(state: State) -> Position:
    return Position(dict(state.tops), tuple(state.hand), len(state.draw_pile), state.game.variant)


def test_the_hint_lays_the_ten_back_card_and_the_card_right_on_a_top() -> None:
    advice = hint(Position(TOPS, (37, 61, 64, 95), draw_pile=40))
    assert [str(placement) for placement in advice.play] == ["37>asc1", "61>asc2"]
    assert advice.verdict.legal
    assert advice.verdict.backwards == (1,)


@pytest.mark.parametrize(("seed", "players"), [(1, 1), (2, 2), (3, 3), (4, 5)])
def test_every_suggestion_from_a_real_game_is_legal_unless_no_order_lays_the_minimum(seed: int, players: int) -> None:
    for state in turn_starts(seed, players)[::3]:
        position = position_of(state)
        advice = hint(position, played=_laid(state))
        if can_lay(position.hand, position.piles, position.minimum):
            assert advice.verdict.legal, [str(placement) for placement in advice.play]
            assert len(advice.play) >= position.minimum
        else:
            assert advice.play == ()


def test_a_fire_card_due_is_covered_by_the_suggestion() -> None:
    tops = {Pile.ASC1: 1, Pile.ASC2: 1, Pile.DESC1: 44, Pile.DESC2: 100}
    position = Position(tops, (43, 90, 95), draw_pile=30, on_fire=True, fire_due=(Pile.DESC1,))
    advice = hint(position)
    assert advice.verdict.legal
    assert advice.verdict.piles_after[Pile.DESC1] != 44


def test_the_requests_after_the_turn_name_piles_and_never_numbers() -> None:
    advice = hint(Position(TOPS, (37, 61, 64, 95), draw_pile=40))
    assert advice.requests_after == {Pile.ASC2: Request.PLEASE_DONT}
    assert advice.to_dict()["requests_after"] == {"asc2": "please-dont"}
    assert set(REQUEST_NAMES.values()) == {"please-dont", "really-need"}


def test_a_played_list_that_contradicts_the_piles_is_refused() -> None:
    with pytest.raises(GameError, match="asc2 shows 60"):
        hint(Position(TOPS, (37, 61), draw_pile=40), played=[47, 30, 52])


def test_a_hand_that_cannot_lay_the_minimum_gets_no_suggestion_and_the_verdict_says_the_game_ends() -> None:
    tops = {Pile.ASC1: 98, Pile.ASC2: 97, Pile.DESC1: 3, Pile.DESC2: 4}
    advice = hint(Position(tops, (50, 60), draw_pile=40))
    assert advice.play == ()
    assert [violation.code.value for violation in advice.verdict.violations] == ["too-few-cards"]


def test_the_api_suggests_the_turn_and_the_command_line_prints_the_same_json(cli: Cli, client: FlaskClient) -> None:
    response = client.post("/api/v1/thegame/hint", json=REQUEST)
    assert response.status_code == 200
    answer = response.get_json()
    assert list(answer) == ["game", "play", "verdict", "requests_after", "explanation"]
    assert answer["play"] == [{"card": 37, "pile": "asc1"}, {"card": 61, "pile": "asc2"}]
    assert answer["verdict"]["legal"] is True
    assert cli.json("thegame", "hint", *FLAGS, "--json") == answer
    assert cli.json("thegame", "hint", "--request", json.dumps(REQUEST), "--json") == answer


def test_teammates_requests_and_the_cards_laid_are_read_from_flags_as_from_json(cli: Cli, client: FlaskClient) -> None:
    request = {**REQUEST, "played": [47, 60, 30, 52, 48], "requests": [{"asc2": "really-need"}], "alone": False}
    answer = client.post("/api/v1/thegame/hint", json=request).get_json()
    flags = [*FLAGS, "--played", "47,60,30,52,48", "--requests", "asc2=really-need", "--json"]
    assert cli.json("thegame", "hint", *flags) == answer


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"played": [47, 30, 52]}, "played"),
        ({"requests": [{"asc9": "please-dont"}]}, "requests"),
        ({"requests": [{"asc1": "play here: 48"}]}, "requests"),
        ({"alone": "yes"}, "alone"),
        ({"hand": [37, 37]}, "hand"),
    ],
)
def test_bad_hint_requests_are_422_naming_the_field(client: FlaskClient, change: dict[str, object], field: str) -> None:
    response = client.post("/api/v1/thegame/hint", json={**REQUEST, **change})
    assert response.status_code == 422
    assert field in response.get_json()["errors"]["json"]


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        (["--played", "47"], "nambarz: error: --played: tops: asc2 shows 60"),
        (["--requests", "asc2"], "nambarz: error: --requests: expected PILE=REQUEST"),
        (["--requests", "asc2=plz"], "nambarz: error: --requests (item 1, asc2, value): Must be one of"),
    ],
)
def test_bad_hint_flags_exit_2_with_one_line(cli: Cli, extra: list[str], expected: str) -> None:
    result = cli("thegame", "hint", *FLAGS, *extra)
    message = result.stderr
    assert (result.exit_code, result.stdout) == (2, "")
    assert message.startswith(expected)
    assert message.count("\n") == 1


def _laid(state: State) -> frozenset[int]:
    held = set(state.draw_pile).union(*state.hands)
    return frozenset(card for card in range(2, 100) if card not in held)

"""The Game's turn search and pile requests: the rulebook's examples, a case table, and properties of every turn."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import GameError, NambarzError
from solver.thegame.cards import CARDS, FIRE_CARDS
from solver.thegame.rules import PILES, Pile, can_play
from solver.thegame.state import can_lay
from solver.thegame.strategy import (
    START_TOPS,
    PlayerView,
    Request,
    Tuning,
    choose_turn,
    pile_requests,
)
from tests.paths import DATA

ASC1, ASC2, DESC1, DESC2 = PILES
CASES = json.loads((DATA / "thegame_strategy_cases.json").read_text(encoding="utf-8"))
REQUEST_NAMES = {"please-dont": Request.PLEASE_DONT, "really-need": Request.REALLY_NEED}


def view_of(
    hand: list[int],
    tops: Mapping[Pile, int],
    *,
    draw_pile: int = 40,
    minimum: int = 2,
    also_played: tuple[int, ...] = (),
    **settings: Any,
) -> PlayerView:
    """A player's view with every top that is not a start counted as laid."""
    played = frozenset(top for pile, top in tops.items() if top != pile.start) | frozenset(also_played)
    return PlayerView(tuple(hand), dict(tops), played, draw_pile, minimum, **settings)


def laid(view: PlayerView, tuning: Tuning | None = None) -> list[str]:
    return [str(action) for action in choose_turn(view, tuning or Tuning())]


def case_view(case: dict[str, Any]) -> PlayerView:
    return view_of(
        case["hand"],
        {Pile(name): top for name, top in case["tops"].items()},
        draw_pile=case["draw_pile"],
        minimum=case.get("minimum", 2),
        also_played=tuple(case.get("also_played", ())),
        requests=tuple(
            {Pile(name): REQUEST_NAMES[strength] for name, strength in requests.items()}
            for requests in case.get("requests", ())
        ),
        fire_cards=case.get("fire_cards", False),
        must_cover=frozenset(Pile(name) for name in case.get("must_cover", ())),
        alone=case.get("alone", False),
    )


# ----------------------------------------------------------------- the rulebook's examples


def test_rulebook_example_giacomo_the_bot_turns_the_ascending_pile_back_with_37_on_47() -> None:
    tops = {ASC1: 47, ASC2: 60, DESC1: 30, DESC2: 52}
    assert "37>asc1" in laid(view_of([12, 37, 61, 95, 98, 99], tops))


def test_rulebook_example_susanna_the_bot_turns_the_descending_pile_back_with_75_on_65() -> None:
    tops = {ASC1: 20, ASC2: 30, DESC1: 65, DESC2: 90}
    assert "75>desc1" in laid(view_of([3, 40, 75, 88, 97], tops))


def test_rulebook_example_martino_spreads_cards_over_several_piles_when_each_fits_closely() -> None:
    tops = {ASC1: 4, ASC2: 20, DESC1: 91, DESC2: 100}
    turn = laid(view_of([5, 21, 22, 90, 40, 60], tops, also_played=(2, 3)))
    assert set(turn) == {"5>asc1", "21>asc2", "22>asc2", "90>desc1"}


def test_rulebook_example_several_ten_back_moves_the_bot_finds_each_of_them() -> None:
    tops = {ASC1: 47, ASC2: 1, DESC1: 65, DESC2: 100}
    turn = laid(view_of([20, 37, 40, 45, 70, 75], tops))
    assert {"37>asc1", "75>desc1"} <= set(turn)


def test_rulebook_example_on_fire_susanna_covers_the_44_martino_left_on_a_pile() -> None:
    tops = {ASC1: 44, ASC2: 30, DESC1: 60, DESC2: 70}
    susanna = view_of([45, 61, 68, 90], tops, fire_cards=True, must_cover=frozenset({ASC1}))
    assert any(placement.endswith(">asc1") for placement in laid(susanna))


def test_rulebook_end_of_the_game_with_the_draw_pile_empty_one_card_is_enough() -> None:
    tops = {ASC1: 40, ASC2: 50, DESC1: 60, DESC2: 70}
    turn = laid(view_of([41, 95, 97, 98], tops, draw_pile=0, minimum=1))
    assert turn == ["41>asc1"]


def test_rulebook_communication_a_request_names_a_pile_and_a_strength_and_no_number() -> None:
    requests = pile_requests([37, 62, 90], {ASC1: 47, ASC2: 60, DESC1: 30, DESC2: 52}, played=[47, 60, 30, 52, 61])
    assert set(requests) <= set(PILES)
    assert all(isinstance(strength, Request) and strength is not Request.NONE for strength in requests.values())


# ----------------------------------------------------------------- the case table


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_strategy_case_table(case: dict[str, Any]) -> None:
    turn = laid(case_view(case))
    if "exactly" in case:
        assert turn == case["exactly"]
    assert set(case.get("includes", ())) <= set(turn)
    assert not set(case.get("excludes", ())) & set(turn)


# ----------------------------------------------------------------- requests


def test_a_ten_back_card_is_a_request_to_really_need_the_pile() -> None:
    assert pile_requests([37], {ASC1: 47, ASC2: 1, DESC1: 100, DESC2: 100}, played=[47]) == {ASC1: Request.REALLY_NEED}


def test_a_card_two_unseen_cards_away_asks_the_others_please_not_to_play_there() -> None:
    tops = {ASC1: 40, ASC2: 90, DESC1: 10, DESC2: 10}
    assert pile_requests([43], tops, played=[40, 90, 10])[ASC1] is Request.PLEASE_DONT


def test_a_card_far_from_every_top_asks_nothing() -> None:
    assert pile_requests([50], START_TOPS, played=[]) == {}


# ----------------------------------------------------------------- fire and the endgame


def test_with_on_fire_the_bot_covers_its_own_fire_card_rather_than_leave_it_to_the_next_player() -> None:
    view = view_of([22, 23, 67, 68], {ASC1: 20, ASC2: 21, DESC1: 70, DESC2: 70}, fire_cards=True)
    tops = dict(view.tops)
    for placement in choose_turn(view):
        tops[placement.pile] = placement.card
    assert not set(tops.values()) & FIRE_CARDS


def test_alone_with_an_empty_draw_pile_the_exact_search_finds_the_only_order_that_lays_everything() -> None:
    tops = {ASC1: 30, ASC2: 99, DESC1: 50, DESC2: 2}
    hand = [31, 41, 45, 35]
    turn = laid(view_of(hand, tops, draw_pile=0, minimum=1, alone=True))
    assert sorted(int(placement.split(">")[0]) for placement in turn) == sorted(hand)


def test_with_teammates_left_the_endgame_is_searched_turn_by_turn() -> None:
    tops = {ASC1: 30, ASC2: 99, DESC1: 50, DESC2: 2}
    turn = laid(view_of([31, 35, 41, 45], tops, draw_pile=0, minimum=1))
    assert 1 <= len(turn) <= 4


# ----------------------------------------------------------------- values and errors


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"hand": (1, 5)}, "card 1: expected a number from 2 to 99"),
        ({"hand": (5, 5)}, "a card appears twice"),
        ({"hand": (47,)}, "card 47 is already on a pile"),
        ({"tops": {ASC1: 47}}, "expected a top for each of asc1, asc2, desc1, desc2"),
        ({"tops": {**START_TOPS, DESC2: 60}}, "desc2 shows 60, which is neither its start nor a laid card"),
        ({"minimum": 0}, "minimum 0: expected a turn to lay at least 1 card"),
        ({"draw_pile": -1}, "draw pile -1: expected 0 or more cards"),
    ],
)
def test_a_view_that_cannot_happen_is_refused_naming_what_is_wrong(settings: dict[str, Any], message: str) -> None:
    fields: dict[str, Any] = {
        "hand": (5, 9),
        "tops": {**START_TOPS, ASC1: 47},
        "played": frozenset({47}),
        "draw_pile": 40,
        "minimum": 2,
    }
    with pytest.raises(NambarzError, match=message):
        PlayerView(**{**fields, **settings})


def test_a_tuning_whose_danger_does_not_grow_is_refused() -> None:
    with pytest.raises(GameError, match="danger"):
        Tuning(danger=(0.0, 1.0, 1.0, 2.0, 3.0))


# ----------------------------------------------------------------- properties


@st.composite
def positions(draw: st.DrawFn) -> PlayerView:
    """A position that can occur: some laid cards, tops among them, a hand from the rest."""
    order = draw(st.permutations(CARDS))
    laid_count = draw(st.integers(0, 80))
    laid_cards, rest = list(order[:laid_count]), list(order[laid_count:])
    tops = dict(START_TOPS)
    for pile, card in zip(PILES, laid_cards, strict=False):
        if draw(st.booleans()):
            tops[pile] = card
    hand = rest[: draw(st.integers(1, min(8, len(rest))))]
    draw_pile = draw(st.sampled_from([0, 0, 1, 10, 60]))
    alone = draw(st.booleans())
    minimum = 1 if draw_pile == 0 else draw(st.sampled_from([2, 3]))
    requests = tuple(
        {pile: draw(st.sampled_from(list(Request)[1:])) for pile in draw(st.sets(st.sampled_from(PILES)))}
        for _ in range(draw(st.integers(0, 4)))
    )
    return PlayerView(tuple(hand), tops, frozenset(laid_cards), draw_pile, minimum, requests, alone=alone)


@settings(max_examples=150, deadline=None)
@given(positions())
def test_every_turn_lays_cards_from_the_hand_each_fitting_the_pile_as_it_is_then(view: PlayerView) -> None:
    tops = dict(view.tops)
    cards = [placement.card for placement in choose_turn(view)]
    assert len(cards) == len(set(cards)) and set(cards) <= set(view.hand)
    for placement in choose_turn(view):
        assert can_play(placement.card, placement.pile, tops[placement.pile])
        tops[placement.pile] = placement.card


@settings(max_examples=150, deadline=None)
@given(positions())
def test_a_turn_reaches_the_minimum_exactly_when_some_order_of_the_hand_can(view: PlayerView) -> None:
    reachable = can_lay(view.hand, view.tops, view.minimum)
    turn = choose_turn(view)
    assert (len(turn) >= view.minimum) == reachable
    assert turn or not reachable


@settings(max_examples=60, deadline=None)
@given(positions(), st.randoms(use_true_random=False))
def test_the_order_of_the_cards_in_hand_changes_nothing(view: PlayerView, rng: random.Random) -> None:
    shuffled = list(view.hand)
    rng.shuffle(shuffled)
    reordered = PlayerView(
        tuple(shuffled), view.tops, view.played, view.draw_pile, view.minimum, view.requests, alone=view.alone
    )
    assert choose_turn(reordered) == choose_turn(view)


@settings(max_examples=100, deadline=None)
@given(positions())
def test_requests_name_only_piles_and_strengths(view: PlayerView) -> None:
    requests = pile_requests(view.hand, view.tops, view.played)
    assert set(requests) <= set(PILES)
    assert all(strength in (Request.PLEASE_DONT, Request.REALLY_NEED) for strength in requests.values())

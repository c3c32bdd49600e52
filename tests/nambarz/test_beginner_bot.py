"""The beginner bot: always a legal action, a match first, short calculations, simple jokers, and its misses."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.games import find_game
from solver.nambarz.bots import BEGINNER_SLIP_RATE, EASY_OPERATORS, BeginnerBot, make_bot
from solver.nambarz.cards import Card, parse_cards
from solver.nambarz.jokers import Cover, is_change_joker
from solver.nambarz.notation import Chain, JokerPlay
from solver.nambarz.referee import Verdict
from solver.nambarz.state import DRAW, PASS, Action, Game, Phase, State, Variant

MAX_ACTIONS = 20_000
SEEDS = range(40)
"""Bot seeds tried on one position: with a slip one time in four, both outcomes of a choice show."""


def position(cover: str, hand: str, phase: Phase = Phase.START) -> State:
    """A two-player game where Ann, to move, holds ``hand`` and must cover ``cover``, at ``phase`` of her turn."""
    state = Game(("Ann", "Bob"), seed=1).new_state()
    state.hands["Ann"] = list(parse_cards(hand))
    state.cover = Cover(Card.parse(cover))
    state.phase = phase
    return state


def choices(state: State, slip_rate: float = BEGINNER_SLIP_RATE) -> list[Action]:
    return [BeginnerBot(seed, slip_rate).choose(state) for seed in SEEDS]


@settings(max_examples=20)
@given(
    seed=st.integers(0, 2**20),
    players=st.integers(2, 5),
    variant=st.sampled_from([variant.value for variant in Variant]),
    with_planner=st.booleans(),
)
def test_the_beginner_only_chooses_legal_actions_and_its_plays_are_never_penalised(
    seed: int, players: int, variant: str, with_planner: bool
) -> None:
    game = find_game("nambarz")
    state = game.new_game(players=players, variant=variant, seed=seed)
    kinds = ["planner" if with_planner and seat == 1 else "beginner" for seat in range(players)]
    bots = [make_bot(kind, seed=seed * 16 + seat) for seat, kind in enumerate(kinds)]
    for _ in range(MAX_ACTIONS):
        seat = state.to_move
        if seat is None:
            return
        action = bots[seat].choose(state)
        assert action in state.legal_actions(), f"{kinds[seat]} chose {action} in phase {state.phase.value}"
        verdict = state.apply(action)
        assert not isinstance(verdict, Verdict) or verdict.legal, verdict.codes
    pytest.fail(f"game {seed} did not end within {MAX_ACTIONS} actions")


def test_the_beginner_plays_a_match_even_when_a_calculation_would_shed_more() -> None:
    state = position("6", "6dragonfly 2 3 1 9")
    assert {str(action) for action in choices(state)} == {"6dragonfly"}
    assert str(make_bot("planner").choose(state)) != "6dragonfly"


def test_without_a_match_the_beginner_lays_three_cards_with_plus_and_minus_before_times_and_divide() -> None:
    state = position("10", "7 1 2 5 9")  # 2 + 1 + 7, 1 + 9, 2 * 5 and 9 - 7 * 5 all make 10
    laid = choices(state, slip_rate=0)
    assert {str(action) for action in laid} <= {"2 + 1 + 7", "7 + 2 + 1", "7 + 1 + 2"}
    for action in laid:
        assert isinstance(action.play, Chain) and EASY_OPERATORS.issuperset(action.play.operators)


def test_a_beginner_that_slips_at_the_start_of_a_turn_finds_only_a_calculation_of_two_cards() -> None:
    state = position("10", "7 1 2 5 9")
    assert {str(action) for action in choices(state, slip_rate=1)} <= {"1 + 9", "9 + 1"}
    laid = Counter(len(action.play.cards) for action in choices(state) if action.play is not None)
    assert set(laid) == {2, 3} and laid[3] > laid[2]


def test_after_drawing_a_card_it_could_play_the_beginner_sometimes_keeps_it_and_passes() -> None:
    state = position("6", "6 10 10", Phase.DRAWN)
    assert set(choices(state, slip_rate=0)) == {Action.parse("6")}
    assert set(choices(state, slip_rate=1)) == {PASS}
    passes = choices(state).count(PASS)
    assert 0 < passes < len(SEEDS) / 2


def test_after_a_play_the_beginner_lays_its_replay_joker_only_to_lay_more_and_sometimes_keeps_it() -> None:
    can_go_on = position("6", "Jreplay 6", Phase.PLAYED)
    assert set(choices(can_go_on, slip_rate=0)) == {Action.parse("Jreplay")}
    assert set(choices(can_go_on, slip_rate=1)) == {PASS}
    assert set(choices(can_go_on)) == {Action.parse("Jreplay"), PASS}
    assert set(choices(position("6", "Jreplay 10", Phase.PLAYED), slip_rate=0)) == {PASS}


def test_with_nothing_simple_to_lay_the_beginner_lays_a_change_joker_with_a_card_after_it() -> None:
    for action in choices(position("9", "10 10 Jboth")):
        assert isinstance(action.play, JokerPlay)
        assert is_change_joker(action.play.joker) and action.play.follow_card == Card.parse("10")


def test_with_only_a_long_calculation_the_beginner_lays_it_and_with_nothing_it_draws() -> None:
    assert {str(action) for action in choices(position("7", "1 1 1 4"))} <= {"4 + 1 + 1 + 1", "1 + 1 + 1 + 4"}
    assert set(choices(position("9", "10 10"))) == {DRAW}


def test_the_beginner_is_the_default_bot_of_the_beginners_variant_only() -> None:
    game = find_game("nambarz")
    assert [game.default_bot(variant) for variant in game.variants] == ["beginner", "planner", "planner"]
    assert game.default_bot() == "beginner"

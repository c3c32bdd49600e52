"""The Game's pile requests: actions of the player to move, kept in the state until changed, heard by the bots.

A request (``ask dont asc1``, ``ask good desc2``, ``ask none asc1``) names a
pile and a wish, never a number.  It lays no card and changes no card's
legality; it stands until the player changes it and ends when they have no
cards left.  The bots make theirs at the end of their turns and respect the
others', deciding from nothing but their own hand and what the whole table
sees or hears.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import IllegalMoveError, NotationError
from solver.thegame import END_TURN, Action, Game, Pile, State
from solver.thegame.bots import BOTS, make_bot, player_view, request_due
from solver.thegame.review import review_turns, turn_begins
from solver.thegame.rules import PILES, Wish
from solver.thegame.strategy import Request

ASC1, ASC2, DESC1, DESC2 = PILES


def codes(state: State, text: str) -> list[str]:
    return [violation.code.value for violation in state.check(Action.parse(text)).violations]


def random_state(seed: int, players: int, steps: int) -> State:
    """A state after up to ``steps`` random legal actions and requests from a seeded deal."""
    state = Game(players=players, seed=seed).new_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        if state.hand and rng.random() < 0.25:
            state.apply(Action.ask(rng.choice(PILES), rng.choice(list(Wish))))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


# ----------------------------------------------------------------- notation


@given(pile=st.sampled_from(PILES), wish=st.sampled_from(list(Wish)))
def test_a_request_reads_back_from_its_notation(pile: Pile, wish: Wish) -> None:
    action = Action.ask(pile, wish)
    assert str(action) == f"ask {wish.value} {pile.value}"
    assert Action.parse(str(action)) == action
    assert Action.parse(f"  ASK  {wish.value.upper()}  {pile.value.upper()} ") == action
    assert eval(repr(action)) == action
    assert action.is_request and not action.is_end and action.card is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ask maybe asc1", "unknown wish 'maybe'; expected dont, good or none"),
        ("ask dont up", "unknown pile 'up'; expected asc1, asc2, desc1 or desc2"),
        ("ask dont", "expected ask WISH PILE such as 'ask dont asc1', not 'ask dont'"),
        ("ask dont asc1 now", "expected ask WISH PILE"),
        ("ask 37 asc1", "unknown wish '37'"),
    ],
)
def test_a_request_the_notation_cannot_read_is_refused_naming_the_input(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        Action.parse(text)


# ----------------------------------------------------------------- legality, the state, persistence


def test_the_player_to_move_asks_before_between_and_after_the_cards_and_every_request_is_legal() -> None:
    state = State.from_position(Game(players=2), [[10, 20, 30], [40, 50, 60]], draw_pile=[2, 3, 4])
    verdict = state.apply(Action.parse("ask dont asc1"))
    assert verdict.legal and verdict.seat == 0 and verdict.rulings == ("requests-on-own-turn",)
    assert turn_begins(state) is False, "the turn began with the request"
    state.apply(Action.parse("10>asc1"))
    state.apply(Action.parse("ask good desc1"))
    state.apply(Action.parse("20>asc1"))
    state.apply(Action.parse("ask none asc1"))
    assert state.requests == [{DESC1: Wish.GOOD}, {}]
    assert state.this_turn == ["ask dont asc1", "10>asc1", "ask good desc1", "20>asc1", "ask none asc1"]
    state.apply(END_TURN)
    assert state.to_move == 1 and state.requests == [{DESC1: Wish.GOOD}, {}], "a request stands after the turn"


def test_a_request_is_no_placement_and_ends_nothing() -> None:
    state = State.from_position(Game(players=2), [[10, 20, 30], [40, 50, 60]], draw_pile=[2, 3, 4])
    state.apply(Action.parse("ask dont asc1"))
    assert (state.played_this_turn, state.to_move, state.turns, state.tops[ASC1]) == (0, 0, 0, 1)
    assert codes(state, "end") == ["too-few-cards"]


def test_a_player_who_laid_the_last_card_has_no_requests_left_and_cannot_make_one() -> None:
    state = State.from_position(Game(players=2), [[60], [10, 20]], tops={ASC1: 50})
    state.apply(Action.parse("ask good asc2"))
    state.apply(Action.parse("60>asc1"))
    assert state.requests[0] == {}
    assert codes(state, "ask dont desc1") == ["request-without-cards"]
    with pytest.raises(IllegalMoveError, match="holds no cards"):
        state.apply(Action.parse("ask dont desc1"))


def test_no_request_is_made_once_the_game_is_over() -> None:
    state = State.from_position(Game(), [[60]], tops={ASC1: 99, ASC2: 98, DESC1: 2, DESC2: 3})
    assert state.is_over
    assert codes(state, "ask dont asc1") == ["game-over"]


def test_the_requests_are_saved_and_loaded_with_the_state() -> None:
    state = Game(players=3, seed=5).new_state()
    state.apply(Action.parse("ask dont desc2"))
    data = json.loads(json.dumps(state.to_dict()))
    assert data["requests"] == [{"desc2": "dont"}, {}, {}]
    assert State.from_dict(data).requests == state.requests
    assert state.copy().requests == state.requests and state.copy().requests[0] is not state.requests[0]


def test_a_state_saved_before_requests_were_kept_loads_with_none() -> None:
    state = Game(players=2, seed=5).new_state()
    state.apply(state.legal_actions()[0])
    data = state.to_dict()
    del data["requests"]
    loaded = State.from_dict(data)
    assert loaded.requests == [{}, {}]
    assert loaded.legal_actions() == state.legal_actions()


def test_a_saved_state_with_requests_for_another_number_of_seats_is_refused() -> None:
    data = Game(players=2, seed=5).new_state().to_dict()
    data["requests"] = [{}]
    with pytest.raises(Exception, match="1 seats' requests for 2 seats"):
        State.from_dict(data)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(1, 5),
    steps=st.integers(0, 80),
    pile=st.sampled_from(PILES),
    wish=st.sampled_from(list(Wish)),
)
def test_a_request_never_changes_which_cards_are_legal(
    seed: int, players: int, steps: int, pile: Pile, wish: Wish
) -> None:
    state = random_state(seed, players, steps)
    if state.is_over or not state.hand:
        return
    before = state.legal_actions()
    verdicts = {str(action): state.check(action).to_dict() for action in before}
    state.apply(Action.ask(pile, wish))
    assert state.legal_actions() == before
    assert {str(action): state.check(action).to_dict() for action in before} == verdicts


def test_a_turn_opened_by_a_request_is_reviewed_as_one_turn_of_its_cards() -> None:
    state = Game(players=2, seed=4).new_state()
    actions = [(0, "ask dont desc1"), (0, "15>asc1"), (0, "21>asc1"), (0, "ask none desc1"), (0, "end")]
    (review,) = review_turns(state, actions, seat=0)
    assert review.played == ("ask dont desc1", "15>asc1", "21>asc1", "ask none desc1", "end")
    assert review.actions == (1, 2, 3, 4, 5)
    assert review.measures["cards"] == 2


# ----------------------------------------------------------------- the bots


def test_a_bot_hears_the_teammates_standing_requests_never_its_own() -> None:
    state = Game(players=3, seed=2).new_state()
    state.requests = [{ASC1: Wish.GOOD}, {DESC1: Wish.DONT}, {}]
    assert player_view(state).requests == ({DESC1: Request.PLEASE_DONT}, {})


def bot_turn(kind: str, teammate_asks: dict[Pile, Wish]) -> list[str]:
    """The turn a bot plays at seat 0 holding 20 45 48 90, the rising piles at 43 and 19, its teammate asking."""
    state = State.from_position(
        Game(players=2), [[20, 45, 48, 90], [21, 80, 85, 88]], tops={ASC1: 43, ASC2: 19}, draw_pile=[2, 3, 4]
    )
    state.requests[1] = dict(teammate_asks)
    bot, taken = make_bot(kind), []
    while state.to_move == 0:
        action = bot.choose(state)
        state.apply(action)
        taken.append(str(action))
    return taken


@pytest.mark.parametrize("wish", [Wish.DONT, Wish.GOOD])
def test_the_strong_bot_keeps_off_a_pile_a_teammate_asked_about(wish: Wish) -> None:
    assert bot_turn("strong", {}) == ["45>asc1", "48>asc1", "20>asc2", "90>desc1", "end"]
    assert bot_turn("strong", {ASC2: wish}) == ["45>asc1", "48>asc1", "90>desc1", "ask good asc2", "end"]


@pytest.mark.parametrize("wish", [Wish.DONT, Wish.GOOD])
def test_the_naive_bot_keeps_off_a_pile_someone_asked_about_when_another_fits_nearly_as_well(wish: Wish) -> None:
    assert bot_turn("naive", {}) == ["20>asc2", "45>asc1", "end"]
    assert bot_turn("naive", {ASC2: wish}) == ["45>asc1", "48>asc1", "end"]


def test_the_strong_bot_says_its_requests_as_actions_after_its_cards_and_before_end() -> None:
    state = Game(players=2, seed=1).new_state()
    bot, taken = make_bot("strong"), []
    while state.turns < 6:
        action = bot.choose(state)
        if action.is_request:
            assert state.played_this_turn >= state.minimum_this_turn, "a request comes after the turn's cards"
        state.apply(action)
        taken.append(action)
    requests = [action for action in taken if action.is_request]
    assert requests, "the strong bot asked something in six turns"
    assert state.to_move is not None and request_due(state) == request_due(state)


@pytest.mark.parametrize("kind", ["naive", "silent"])
def test_the_easy_and_the_silent_bots_ask_nothing(kind: str) -> None:
    state = Game(players=3, seed=11).new_state()
    bot = make_bot(kind)
    for _ in range(120):
        if state.is_over:
            break
        action = bot.choose(state)
        assert not action.is_request
        state.apply(action)


def other_hands_dealt_anew(state: State, rng: random.Random) -> State:
    """The same state with every hand but the mover's and the draw pile dealt anew from their own cards."""
    other = state.copy()
    seat = other.to_move
    pool = [card for index, hand in enumerate(other.hands) if index != seat for card in hand] + other.draw_pile
    rng.shuffle(pool)
    for index, hand in enumerate(other.hands):
        if index != seat:
            hand[:] = sorted(pool[: len(hand)])
            del pool[: len(hand)]
    other.draw_pile = pool
    return other


@pytest.mark.parametrize("kind", sorted(BOTS))
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), steps=st.integers(0, 60))
def test_a_bot_chooses_the_same_in_two_worlds_that_differ_only_in_the_other_hands(
    kind: str, seed: int, players: int, steps: int
) -> None:
    state = random_state(seed, players, steps)
    if state.is_over:
        return
    other = other_hands_dealt_anew(state, random.Random(seed))
    assert other.hands[state.to_move or 0] == state.hand
    assert make_bot(kind).choose(other) == make_bot(kind).choose(state)

"""Quando game states: dealing, the steps of a turn, turning the discards over, rounds, and the JSON form.

:func:`table` sets up a position by hand: the hands, the top of the draw
pile and the discard pile as given, every other card at the bottom of the
draw pile.  The rulebook examples use it too.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Literal

import pytest

from solver.errors import GameError, IllegalMoveError
from solver.quando import DECK, Action, Card, Game, State, Step, replay
from solver.quando.cards import DECK_SIZE


def cards(text: str) -> list[Card]:
    """Cards written ``front/back`` separated by spaces."""
    return [Card.parse(card) for card in text.split()]


def table(
    players: Sequence[str],
    hands: Sequence[str],
    *,
    draw_top: str = "",
    discard: str = "",
    turn: int = 0,
    plays_made: Sequence[int] | None = None,
    knocker: int | None = None,
    target: int = 50,
    rest: Literal["draw", "discard", "nowhere"] = "draw",
) -> State:
    """A state at the start of ``turn``'s turn.  The cards not named lie, lower number up, under
    ``draw_top`` or under ``discard`` as ``rest`` says, or nowhere when the hands hold them all."""
    game = Game(tuple(players), target=target)
    held = [cards(hand) for hand in hands]
    top, discarded = cards(draw_top), cards(discard)
    named = {card.pair for pile in (*held, top, discarded) for card in pile}
    unnamed = [card for card in DECK if card.pair not in named]
    if rest == "draw":
        top = unnamed + top
    elif rest == "discard":
        discarded = unnamed + discarded
    seats = len(players)
    state = State(
        game,
        round_number=1,
        dealer=(turn - 1) % seats,
        hands=held,
        draw_pile=top,
        discard_pile=discarded,
        turn_player=turn,
        acting=turn,
        plays_made=list(plays_made or [0] * seats),
        knocker=knocker,
    )
    assert Counter(card.pair for pile in (*held, state.draw_pile, discarded) for card in pile).total() == DECK_SIZE
    return state


def act(state: State, *actions: str) -> None:
    """Apply actions in order, each by the player to move."""
    for action in actions:
        state.apply(Action.parse(action))


def round_trip(state: State) -> State:
    return State.from_dict(json.loads(json.dumps(state.to_dict())))


# ----------------------------------------------------------------- dealing


@pytest.mark.parametrize(("players", "size"), [(2, 8), (3, 8), (4, 7), (5, 7), (6, 7)])
def test_two_or_three_players_are_dealt_eight_cards_and_more_players_seven(players: int, size: int) -> None:
    state = Game(tuple(f"P{seat}" for seat in range(players))).new_state()
    assert [len(hand) for hand in state.hands] == [size] * players
    assert len(state.draw_pile) == DECK_SIZE - size * players
    assert state.discard_pile == []


def test_the_first_seat_starts_the_first_round_dealt_by_the_last_seat() -> None:
    state = Game(("Ann", "Bob", "Cid")).new_state()
    assert (state.dealer, state.to_move, state.step) == (2, 0, Step.TURN)


def test_a_dealt_card_faces_its_holder_with_the_side_that_lay_face_down_on_the_pile() -> None:
    game = Game(("Ann", "Bob"), seed=11)
    rng = random.Random(game.seed)
    pile = list(DECK)
    rng.shuffle(pile)
    pile = [card.flipped() if rng.random() < 0.5 else card for card in pile]
    state = game.new_state()
    first_dealt = pile[-1]  # the top card goes to the player left of the dealer: Ann
    assert state.hands[0][0] == first_dealt.flipped()
    assert state.hands[1][0] == pile[-2].flipped()
    assert state.draw_pile == pile[: len(state.draw_pile)]


def test_the_same_seed_deals_the_same_cards_and_another_seed_others() -> None:
    assert Game(("A", "B"), seed=4).new_state().to_dict() == Game(("A", "B"), seed=4).new_state().to_dict()
    assert Game(("A", "B"), seed=4).new_state().hands != Game(("A", "B"), seed=5).new_state().hands


@pytest.mark.parametrize(
    ("players", "target", "message"),
    [
        (("Ann",), 50, "2 to 6 players, not 1"),
        (tuple("ABCDEFG"), 50, "2 to 6 players, not 7"),
        (("Ann", "Ann"), 50, "a name of their own"),
        (("Ann", " "), 50, "non-empty text"),
        (("Ann", "Bob"), 0, "target must be a whole number of points from 1, not 0"),
    ],
)
def test_settings_that_make_no_game_are_refused(players: tuple[str, ...], target: int, message: str) -> None:
    with pytest.raises(GameError, match=message):
        Game(players, target=target)


# ----------------------------------------------------------------- the steps of a turn


def test_a_play_is_followed_by_exactly_one_draw_by_the_same_player() -> None:
    state = table(["Ann", "Bob"], ["5/1 6/2 7/3", "9/4"], draw_top="2/8")
    act(state, "play 5 6 7")
    assert (state.to_move, state.step) == (0, Step.DRAW)
    assert [str(action) for action in state.legal_actions()] == ["take visible", "take hidden"]
    assert state.discard_pile == cards("5/1 6/2 7/3")
    act(state, "take hidden")
    assert state.hands[0] == cards("8/2")
    assert (state.to_move, state.step) == (1, Step.TURN)


def test_an_action_out_of_its_step_is_refused_and_changes_nothing() -> None:
    state = table(["Ann", "Bob"], ["5/1 6/2 7/3", "9/4"])
    before = state.to_dict()
    with pytest.raises(IllegalMoveError) as refusal:
        state.apply(Action.parse("take visible"))
    assert [violation.code.value for violation in refusal.value.verdict.violations] == ["wrong-step"]
    assert state.to_dict() == before
    act(state, "play 5")
    with pytest.raises(IllegalMoveError, match="Ann may not play 6"):
        state.apply(Action.parse("play 6"))


def test_cards_showing_the_same_number_leave_the_hand_held_longest_first() -> None:
    state = table(["Ann", "Bob"], ["4/1 9/2 4/3 4/5", "9/6"])
    act(state, "play 4 4")
    assert state.hands[0] == cards("9/2 4/5")
    assert state.discard_pile == cards("4/1 4/3")


def test_the_cards_of_a_straight_go_onto_the_discard_pile_in_ascending_order() -> None:
    state = table(["Ann", "Bob"], ["9/1 8/2 10/3", "0/6"])
    act(state, "play 10 8 9")
    assert [card.front for card in state.discard_pile] == [8, 9, 10]


def test_a_player_with_no_cards_passes_or_knocks() -> None:
    state = table(["Ann", "Bob"], ["", "9/6"], plays_made=[2, 0])
    assert [str(action) for action in state.legal_actions()] == ["knock", "pass"]
    act(state, "pass")
    assert state.to_move == 1
    with pytest.raises(IllegalMoveError) as refusal:
        state.apply(Action.parse("pass"))
    assert [violation.code.value for violation in refusal.value.verdict.violations] == ["pass-with-cards"]


def test_a_draw_owed_with_both_piles_empty_is_skipped() -> None:
    triple = cards("8/1 8/2 8/3")
    taken = {card.pair for card in triple}
    others = [Card(high, low) for low, high in (card.pair for card in DECK) if (low, high) not in taken]
    hands = [triple + others[:1], others[1:18], others[18:35], others[35:]]
    state = table(["Ann", "Bob", "Cid", "Dan"], [" ".join(map(str, hand)) for hand in hands], rest="nowhere")
    assert state.draw_pile == [] and not any(0 in state.fronts(seat) for seat in range(4))
    act(state, "play 8 8 8")  # the only discards, turned over at once: the new draw pile
    assert state.draw_pile == cards("3/8 2/8 1/8") and state.discard_pile == []
    act(state, "take visible", "take visible", "take hidden")
    assert state.hands[1][-1] == Card(2, 8) and state.hands[2][-1] == Card(8, 3)
    assert (state.to_move, state.step) == (1, Step.TURN), "Dan had no zero and nothing to draw: skipped"
    assert [len(hand) for hand in state.hands] == [2, 18, 18, 17]


# ----------------------------------------------------------------- serialisation and replay


def test_a_state_survives_a_json_round_trip_in_every_step() -> None:
    state = table(["Ann", "Bob", "Cid"], ["8/1 8/2 8/3 5/4", "0/6 7/6", "9/6"], draw_top="3/2")
    documents = []
    for action in ("play 8 8 8", "take visible", "flip 1"):
        act(state, action)
        documents.append(state.to_dict())
        assert round_trip(state).to_dict() == state.to_dict()
    assert [document["step"] for document in documents] == ["draw", "triple-effect", "triple-effect"]


def test_a_transcript_replays_to_the_same_state() -> None:
    game = Game(("Ann", "Bob", "Cid"), seed=8)
    state = game.new_state()
    rng = random.Random(1)
    played = []
    for _ in range(60):
        seat, action = state.to_move, rng.choice(state.legal_actions())
        state.apply(action)
        played.append((seat, str(action)))
    assert replay(game, played).to_dict() == state.to_dict()


def test_a_replay_with_an_action_by_the_wrong_seat_is_refused() -> None:
    with pytest.raises(GameError, match="action 1 \\(play 9\\) is by seat 1, but seat 0 is to move"):
        replay(Game(("Ann", "Bob")), [(1, "play 9")])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda document: document.pop("hands"), "KeyError 'hands'"),
        (lambda document: document["draw_pile"].pop(), "not the 55 cards of the game"),
        (lambda document: document["draw_pile"].append("x"), "'x' is not a card"),
        (lambda document: document.update(acting=7), "a seat is outside 0 to 1"),
        (lambda document: document["plays_made"].pop(), "2 players need 2 hands and 2 play counts"),
    ],
)
def test_a_document_that_is_not_a_state_is_refused(change: object, message: str) -> None:
    document = Game(("Ann", "Bob")).new_state().to_dict()
    change(document)  # type: ignore[operator]
    with pytest.raises(GameError, match=message):
        State.from_dict(document)


def test_no_action_is_taken_once_the_game_is_over() -> None:
    state = table(["Ann", "Bob"], ["9/1 9/2", "5/6"], plays_made=[2, 0], knocker=1, target=1)
    act(state, "play 9 9", "take visible")
    assert state.is_over and state.to_move is None and state.legal_actions() == []
    with pytest.raises(GameError, match="the game is over"):
        state.apply(Action.parse("knock"))

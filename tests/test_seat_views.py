"""Each seat's view of a game: exactly what that player may see, as JSON.

Over seeded random playouts of every game, for every seat:

* hidden information never reaches the view: a second state that differs
  only in what the seat may not see (the other hands and the draw pile
  dealt anew from their own cards, the counts kept; for Quando also every
  hidden side changed where a card with the same visible number allows it)
  gives the seat the very same view, while changing the seat's own hand
  changes it;
* the view survives a JSON round trip unchanged, and holds the seat's own
  hand, each seat's hand size, the draw pile's size and the returns.

The Game's view also carries the pile requests the players made at the
table (``ask dont asc1``), as they made them: they name piles and wishes,
never numbers, and a new deal of the other hands changes none of them.  The
Game's playouts here make a request now and then besides the legal actions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.contract import GameState
from solver.errors import GameError
from solver.games import GAMES, GameEntry, find_game
from solver.nambarz.state import State as NambarzState
from solver.nmbrs.state import State as NmbrsState
from solver.quando.state import State as QuandoState
from solver.thegame.rules import PILES, Wish
from solver.thegame.state import Action as TheGameAction
from solver.thegame.state import State as TheGameState
from tests.hidden_cards import exchange, hidden_places

MAX_STEPS = 150
"""The longest playout before the views are looked at: past the first draws, a turned-over pile, often a round end."""

EXAMPLES = 15
"""Playouts per game and property: a few seconds each."""

SHUFFLE_ATTEMPTS = 10
"""Attempts at a new deal that differs from the old one, when the hidden cards are not all alike."""

QUANDO_SWAPS = 400
"""Random swaps of Quando cards among the places whose visible number allows them."""

REQUEST_SHARE = 0.2
"""How often a random playout of The Game makes a request (``ask …``) rather than a legal action."""

Perturb = Callable[[Any, int, random.Random], Any]


def random_playout(game: GameEntry, players: int, variant: str, seed: int, steps: int) -> Any:
    """The state after up to ``steps`` uniformly random legal actions from the seeded deal."""
    state = game.new_game(players=players, variant=variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        if isinstance(state, TheGameState) and state.hand and rng.random() < REQUEST_SHARE:
            state.apply(TheGameAction.ask(rng.choice(PILES), rng.choice(list(Wish))))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def copied(game: GameEntry, state: GameState[Any]) -> Any:
    return game.load_state(json.loads(json.dumps(state.to_dict())))


def redeal(piles: list[list[Any]], rng: random.Random) -> None:
    """Deal the cards of ``piles`` anew among them, each keeping its size; differently when the cards allow it."""
    pool = [card for pile in piles for card in pile]
    shuffled = list(pool)
    for _ in range(SHUFFLE_ATTEMPTS):
        rng.shuffle(shuffled)
        if shuffled != pool:
            break
    start = 0
    for pile in piles:
        pile[:] = shuffled[start : start + len(pile)]
        start += len(pile)


# ----------------------------------------------------------------- what each seat may not see, changed


def hide_nambarz(state: NambarzState, seat: int, rng: random.Random) -> NambarzState:
    me = state.game.players[seat]
    redeal([hand for player, hand in state.hands.items() if player != me] + [state.draw_pile], rng)
    return state


def hide_thegame(state: TheGameState, seat: int, rng: random.Random) -> TheGameState:
    redeal([hand for other, hand in enumerate(state.hands) if other != seat] + [state.draw_pile], rng)
    for hand in state.hands:
        hand.sort()
    return state


def hide_thegame_draw_pile(state: TheGameState, seat: int, rng: random.Random) -> TheGameState:
    redeal([state.draw_pile], rng)
    return state


def hide_nmbrs(state: NmbrsState, seat: int, rng: random.Random) -> NmbrsState:
    below_top = state.discard_pile[:-1]
    redeal([hand for other, hand in enumerate(state.hands) if other != seat] + [state.draw_pile, below_top], rng)
    state.discard_pile[:-1] = below_top
    state._legal = None  # the cached legal actions belong to the old deal
    return state


def hide_quando(state: QuandoState, seat: int, rng: random.Random) -> QuandoState:
    """Exchange cards among places whose visible number allows it, turning hidden sides at random.

    The seat sees the fronts of its own hand, the draw pile's top and the
    discard pile; of the other hands and the rest of the draw pile nothing.
    A card may go to a place showing a number only if it has that number on
    one side (it then shows it), so the backs of the seat's own cards and of
    the draw pile's top change whenever another hidden card shares the number
    (:mod:`tests.hidden_cards`).
    """
    places = hidden_places("quando", state, seat)
    for _ in range(QUANDO_SWAPS):
        first, second = rng.sample(places, 2)
        exchange(first, second, rng)
    return state


HIDE: dict[str, Perturb] = {
    "nambarz": hide_nambarz,
    "thegame": hide_thegame,
    "quando": hide_quando,
    "nmbrs": hide_nmbrs,
}


# ----------------------------------------------------------------- the seat's own hand, changed


def own_hand(game: GameEntry, state: Any, seat: int) -> list[Any]:
    """The seat's hand as its view writes it, read from the state itself."""
    if game.name == "nambarz":
        return [str(card) for card in state.hands.get(state.game.players[seat], [])]
    if game.name == "quando":
        return [card.front for card in state.hands[seat]]
    return [str(card) for card in state.hands[seat]]


def change_own_hand(game: GameEntry, state: Any, seat: int) -> bool:
    """Put a different card into the seat's hand (Quando: turn one over); False when the game gives no way to."""
    if game.name == "quando":
        hand = state.hands[seat]
        if not hand:
            return False
        hand[0] = hand[0].flipped()
        return True
    hand = state.hands.get(state.game.players[seat], []) if game.name == "nambarz" else state.hands[seat]
    for index, card in enumerate(hand):
        for position, other in enumerate(state.draw_pile):
            if other != card:
                hand[index], state.draw_pile[position] = other, card
                if game.name == "thegame":
                    hand.sort()
                elif game.name == "nmbrs":
                    state._legal = None
                return True
    return False


# ----------------------------------------------------------------- the properties


SETTINGS = st.integers(0, 2**20), st.integers(0, MAX_STEPS), st.data()


def check_hidden_information(game: GameEntry, seed: int, steps: int, data: st.DataObject) -> None:
    players = data.draw(st.sampled_from(list(game.players)), label="players")
    variant = data.draw(
        st.sampled_from([name for name, allowed in game.variants_players.items() if players in allowed]),
        label="variant",
    )
    state = random_playout(game, players, variant, seed, steps)
    rng = random.Random(seed)
    for seat in range(players):
        view = game.seat_view(state, seat)
        hidden_changed = HIDE[game.name](copied(game, state), seat, rng)
        assert game.seat_view(hidden_changed, seat) == view
        if game.name == "thegame":
            draw_pile_changed = hide_thegame_draw_pile(copied(game, state), seat, rng)
            assert game.seat_view(draw_pile_changed, seat) == view
        hand_changed = copied(game, state)
        if change_own_hand(game, hand_changed, seat):
            assert game.seat_view(hand_changed, seat)["hand"] != view["hand"]


@pytest.mark.parametrize("name", [game.name for game in GAMES])
@settings(max_examples=EXAMPLES, deadline=None)
@given(*SETTINGS)
def test_what_a_seat_may_not_see_never_changes_its_view_and_its_own_hand_does(
    name: str, seed: int, steps: int, data: st.DataObject
) -> None:
    check_hidden_information(find_game(name), seed, steps, data)


@pytest.mark.parametrize("name", [game.name for game in GAMES])
@settings(max_examples=EXAMPLES, deadline=None)
@given(*SETTINGS)
def test_a_view_is_json_and_shows_the_seats_own_hand_and_the_public_counts(
    name: str, seed: int, steps: int, data: st.DataObject
) -> None:
    game = find_game(name)
    players = data.draw(st.sampled_from(list(game.players)), label="players")
    variant = data.draw(
        st.sampled_from([name for name, allowed in game.variants_players.items() if players in allowed]),
        label="variant",
    )
    state = random_playout(game, players, variant, seed, steps)
    for seat in range(players):
        view = game.seat_view(state, seat)
        assert json.loads(json.dumps(view)) == view
        assert set(view) == {"seat", "to_move", "is_over", "hand", "hand_sizes", "draw_pile", "returns", "table"}
        assert view["seat"] == seat
        assert (view["to_move"], view["is_over"], view["returns"]) == (state.to_move, state.is_over, state.returns())
        assert view["hand"] == own_hand(game, state, seat)
        assert view["hand_sizes"] == [len(own_hand(game, state, other)) for other in range(players)]
        assert view["draw_pile"] == len(state.draw_pile)


@pytest.mark.parametrize("name", [game.name for game in GAMES])
def test_a_finished_game_shows_every_seat_its_end(name: str) -> None:
    game = find_game(name)
    options = {"target": 10} if name == "quando" else None
    state = game.new_game(players=2, seed=3, options=options)
    bot = game.make_bot(game.bot_kinds[0], seed=3)
    while not state.is_over:
        state.apply(bot.choose(state))
    for seat in range(2):
        view = game.seat_view(state, seat)
        assert view["is_over"] and view["to_move"] is None
        assert json.loads(json.dumps(view)) == view
        assert view["returns"] == state.returns()


def test_the_requests_are_shown_as_made_naming_piles_and_wishes_never_numbers() -> None:
    game = find_game("thegame")
    seen = 0
    for seed in range(20):
        state = random_playout(game, 4, "standard", seed, seed)
        for seat in range(4):
            table = game.seat_view(state, seat)["table"]
            teammates = [(seat + step) % 4 for step in range(1, 4)]
            made = [] if state.is_over else [other for other in teammates if state.requests[other]]
            assert [request["seat"] for request in table["requests"]] == made
            for request in table["requests"]:
                assert set(request) == {"seat", "piles"}
                assert request["piles"] == {
                    pile.value: wish.value for pile, wish in state.requests[request["seat"]].items()
                }
                assert set(request["piles"].values()) <= {"dont", "good"}
                seen += len(request["piles"])
            own = {} if state.is_over else {pile.value: wish.value for pile, wish in state.requests[seat].items()}
            assert table["your_requests"] == own
    assert seen


def test_quando_never_shows_a_hidden_side_even_of_the_seats_own_cards() -> None:
    game = find_game("quando")
    state = game.new_game(players=2, seed=5)
    assert isinstance(state, QuandoState)
    view = game.seat_view(state, 0)
    top = state.draw_pile[-1]
    assert view["table"]["draw_visible"] == top.front
    # Another card showing the same number on one side takes the top's place: only the hidden side differs.
    twin = next(index for index, card in enumerate(state.draw_pile[:-1]) if top.front in card.pair)
    changed = copied(game, state)
    other = changed.draw_pile[twin]
    changed.draw_pile[twin] = top
    changed.draw_pile[-1] = other if other.front == top.front else other.flipped()
    assert changed.draw_pile[-1].back != top.back
    assert game.seat_view(changed, 0) == view
    assert "/" not in json.dumps(view)


@pytest.mark.parametrize("name", [game.name for game in GAMES])
def test_a_seat_the_game_does_not_have_is_refused(name: str) -> None:
    game = find_game(name)
    state = game.new_game(players=game.players.start, seed=0)
    for seat in (-1, game.players.start, True):
        with pytest.raises(GameError, match="seat"):
            game.seat_view(state, seat)

"""The places of a game's cards that one seat cannot see, and how to exchange two of them unseen.

A place is a slot in a list of the state (a hand, the draw pile, the
discard pile) and the number it shows the seat: ``None`` where the seat sees
nothing of the card there.  Every game hides the other hands and the draw
pile.  A Quando card has two sides: the seat sees the fronts of its own
hand, the draw pile's top and the discard pile, never a back, so those
places count too, each showing its number, and a card may go there only
turned to show the same number (:func:`placed`).

Used by ``tests/test_seat_views.py`` (many exchanges at once, in any
position) and ``tests/services/play/test_secrecy.py`` (a few exchanges at the deal,
kept only when the game goes on alike).
"""

from __future__ import annotations

import random
from typing import Any

from solver.quando.cards import Card as QuandoCard

Place = tuple[list[Any], int, int | None]
"""A list of the state, an index in it, and the number the seat sees there (``None``: nothing)."""


def hidden_places(game: str, state: Any, seat: int) -> list[Place]:
    """Every place of ``state`` whose card ``seat`` cannot see whole, in a fixed order for states alike."""
    if game == "quando":
        return _quando_places(state, seat)
    if game == "nambarz":
        me = state.game.players[seat]
        hands = [hand for player, hand in state.hands.items() if player != me]
    else:
        hands = [hand for other, hand in enumerate(state.hands) if other != seat]
    places: list[Place] = [(pile, index, None) for pile in (*hands, state.draw_pile) for index in range(len(pile))]
    if game == "nmbrs":  # the discards under the top one
        places += [(state.discard_pile, index, None) for index in range(len(state.discard_pile) - 1)]
    return places


def _quando_places(state: Any, seat: int) -> list[Place]:
    places: list[Place] = []
    for other, hand in enumerate(state.hands):
        places += [(hand, index, card.front if other == seat else None) for index, card in enumerate(hand)]
    pile = state.draw_pile
    places += [(pile, index, pile[index].front if index == len(pile) - 1 else None) for index in range(len(pile))]
    places += [(state.discard_pile, index, card.front) for index, card in enumerate(state.discard_pile)]
    return places


def exchange(first: Place, second: Place, rng: random.Random) -> bool:
    """Exchange the cards of two places where what each shows allows it; whether anything changed.

    A card going to a Quando place that shows nothing lies either way up, at random.
    """
    (one, i, shows_i), (other, j, shows_j) = first, second
    to_i, to_j = placed(other[j], shows_i, rng), placed(one[i], shows_j, rng)
    if to_i is None or to_j is None or (to_i, to_j) == (one[i], other[j]):
        return False
    one[i], other[j] = to_i, to_j
    return True


def placed(card: Any, shows: int | None, rng: random.Random) -> Any:
    """``card`` as it lies in a place showing ``shows``: ``None`` when it cannot; a Quando card turned to fit."""
    if not isinstance(card, QuandoCard):
        return card if shows is None else None
    if shows is None:
        return card.flipped() if rng.random() < 0.5 else card
    if shows not in card.pair:
        return None
    return card if card.front == shows else card.flipped()


def tidy(game: str, state: Any) -> Any:
    """``state`` after its cards were moved by hand: The Game's hands sorted again, Nmbrs! legal actions forgotten."""
    if game == "thegame":
        for hand in state.hands:
            hand.sort()
    if game == "nmbrs":
        state._legal = None  # the cached legal actions belong to the old deal
    return state

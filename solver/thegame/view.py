"""What one seat of The Game may see: its own hand, the piles, and what the players ask, as JSON-ready data.

:func:`seat_view` is what a person or a bot playing one seat over HTTP is
shown.  It never holds a teammate's cards, the draw pile's cards or order,
or the state's random generator.  The players' pile requests are shown as
they made them (``ask dont asc1``): a request names a pile and a wish, never
a number, which the rules allow players to say aloud.

The keys every game's view shares:

* ``seat``: the seat the view is for;
* ``to_move``: the seat that acts next, ``null`` once the game is over;
* ``is_over``: whether the game has ended;
* ``hand``: the seat's cards, in ascending order as held, each written as
  its number (``"37"``);
* ``hand_sizes``: how many cards each seat holds;
* ``draw_pile``: how many cards are left to draw;
* ``returns``: the team's result so far, the same for every seat: minus
  the cards left (:meth:`~solver.thegame.state.State.returns`).

``table``, what the whole team sees:

* ``variant``: ``standard`` or ``pro``; ``on_fire``: whether the On Fire
  expansion is played;
* ``piles``: the number on top of each pile, by pile (``asc1``, ``asc2``,
  ``desc1``, ``desc2``); an untouched pile shows its start, 1 or 100;
* ``turn``: the number of the turn being played, from 0;
* ``minimum``: the cards this turn must lay; ``laid_this_turn``: the cards
  laid in it so far;
* ``fire``: by pile, the turn by whose end its fire card must be covered
  (only piles with a fire card still uncovered); ``must_cover``: the piles
  whose fire card must be covered in this turn;
* ``ending``: why the game ended (``all-cards-laid``,
  ``minimum-out-of-reach``, ``stuck-below-minimum`` or
  ``fire-uncovered``), ``null`` while it goes on; ``won``: whether every
  card was laid; ``cards_left``: the cards in the hands and the draw pile;
* ``requests``: what the teammates ask of the others, as they asked it,
  nearest seat after this one first, each teammate with a standing request
  as ``seat`` and ``piles``: by pile, ``dont`` ("please don't play here")
  or ``good`` ("I can play well here"), piles without a request left out;
  none once the game is over;
* ``your_requests``: by pile, what this seat asks of the others, in the
  same words.

>>> from solver.thegame.state import Action, Game
>>> state = Game(players=3, seed=2).new_state()
>>> view = seat_view(state, 0)
>>> view["hand"], view["hand_sizes"], view["draw_pile"], view["returns"]
(['9', '12', '13', '23', '48', '87'], [6, 6, 6], 80, [-98, -98, -98])
>>> view["table"]["piles"], view["table"]["minimum"]
({'asc1': 1, 'asc2': 1, 'desc1': 100, 'desc2': 100}, 2)
>>> _ = state.apply(Action.parse("9>asc1"))
>>> _ = state.apply(Action.parse("ask dont desc1"))
>>> table = seat_view(state, 1)["table"]
>>> table["piles"]["asc1"], table["laid_this_turn"], table["requests"], table["your_requests"]
(9, 1, [{'seat': 0, 'piles': {'desc1': 'dont'}}], {})
>>> seat_view(state, 0)["table"]["your_requests"]
{'desc1': 'dont'}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solver.errors import GameError
from solver.thegame.rules import PILES, Pile, Wish
from solver.thegame.state import State


def seat_view(state: State, seat: int) -> dict[str, Any]:
    """What the player at ``seat`` may see of ``state`` (see the module's documentation for each key).

    Raises :class:`~solver.errors.GameError` for a seat the game does not have.

    >>> from solver.thegame.state import Game
    >>> seat_view(Game(players=1).new_state(), 1)
    Traceback (most recent call last):
    ...
    solver.errors.GameError: seat 1: the game has seats 0 to 0
    """
    players = state.game.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise GameError(f"seat {seat!r}: the game has seats 0 to {players - 1}")
    return {
        "seat": seat,
        "to_move": state.to_move,
        "is_over": state.is_over,
        "hand": [str(card) for card in state.hands[seat]],
        "hand_sizes": [len(hand) for hand in state.hands],
        "draw_pile": len(state.draw_pile),
        "returns": state.returns(),
        "table": {
            "variant": state.game.variant.value,
            "on_fire": state.game.on_fire,
            "piles": {pile.value: top for pile, top in state.tops.items()},
            "turn": state.turns,
            "minimum": state.minimum_this_turn,
            "laid_this_turn": state.played_this_turn,
            "fire": {pile.value: deadline for pile, deadline in state.fire.items()},
            "must_cover": [pile.value for pile, deadline in state.fire.items() if deadline <= state.turns],
            "ending": None if state.ending is None else state.ending.value,
            "won": state.won,
            "cards_left": state.cards_left,
            "requests": [] if state.is_over else _requests(state, seat),
            "your_requests": {} if state.is_over else _wishes(state.requests[seat]),
        },
    }


def _requests(state: State, seat: int) -> list[dict[str, Any]]:
    """The teammates' standing pile requests, as they made them, nearest seat after ``seat`` first."""
    players = state.game.players
    following = ((seat + step) % players for step in range(1, players))
    return [{"seat": other, "piles": _wishes(state.requests[other])} for other in following if state.requests[other]]


def _wishes(asked: Mapping[Pile, Wish]) -> dict[str, str]:
    """A seat's requests by pile name, in the piles' order."""
    return {pile.value: asked[pile].value for pile in PILES if pile in asked}

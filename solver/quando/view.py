"""What one seat of a Quando game may see: the fronts of its own hand and everything public, as JSON-ready data.

:func:`seat_view` is what a person or a bot playing one seat over HTTP is
shown.  A Quando card has two sides and a player sees only one: the view
holds the fronts of the seat's own hand and never their backs, the number
on show on the draw pile and never its hidden side, the numbers the
discarded cards were played as and never their other sides.  Nor does it
hold another player's cards, the draw pile's cards or order, or the
state's random generator.  Players are given as seats, never by name.

The keys every game's view shares:

* ``seat``: the seat the view is for;
* ``to_move``: the seat that acts next, ``null`` once the game is over;
* ``is_over``: whether the game has ended;
* ``hand``: the fronts of the seat's cards (whole numbers), in the order
  held, the card held longest first (``flip P`` counts positions in it
  from 1);
* ``hand_sizes``: how many cards each seat holds;
* ``draw_pile``: how many cards are left to draw;
* ``returns``: each seat's total so far, negated
  (:meth:`~solver.quando.state.State.returns`).

``table``, what everybody sees on the table and the score sheet:

* ``target``: the total that ends the game;
* ``round``: the number of the round being played, from 1; ``dealer``:
  the seat that dealt it;
* ``step``: what the player to move is asked to do: ``turn`` (play, knock,
  or pass with no cards), ``draw`` (take the visible or the hidden side
  after a play) or ``triple-effect`` (answer a triple: flip a zero, or draw
  holding none);
* ``turn_player``: the seat whose turn it is; ``acting``: the seat acting
  in it, another one while a triple is answered;
* ``draw_visible``: the number on show on top of the draw pile, ``null``
  when it is empty;
* ``discard_pile``: the numbers the discarded cards were played as,
  bottom to top (the last play's cards last, in ascending order); the pile
  is turned over into the draw pile when that runs out;
* ``pending_triple``: whether the last play was a triple whose answers
  follow the draw;
* ``knocker``: the seat that knocked this round, ``null`` if nobody has;
  ``plays_made``: per seat, the plays made this round (knocking needs two);
* ``results``: the latest finished rounds (up to ten), oldest first, each with ``number``,
  ``dealer``, ``knocker`` (seat or ``null``), ``only_zeros`` (the seat that
  ended the round holding only zeros, or ``null``), ``knocker_penalized``,
  and per seat ``sums`` (the fronts in hand at the end) and ``points``;
* ``totals``: each seat's points over the finished rounds (lowest wins);
* ``winners``: the seats sharing the lowest total once the game is over,
  empty before.

:func:`seat_verdict` is what a seat may see of the verdict on an action (a
line of the game's log): all of it but the hand another player kept after
a play or a knock.

>>> from solver.quando.state import Action, Game
>>> state = Game(("P1", "P2", "P3"), seed=1).new_state()
>>> view = seat_view(state, 0)
>>> view["hand"], view["hand_sizes"], view["draw_pile"], view["table"]["draw_visible"]
([9, 10, 8, 3, 5, 2, 1, 6], [8, 8, 8], 31, 10)
>>> _ = state.apply(Action.parse("play 8 9 10"))
>>> table = seat_view(state, 1)["table"]
>>> table["discard_pile"], table["step"], table["acting"], table["plays_made"]
([8, 9, 10], 'draw', 0, [1, 0, 0])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from solver.errors import GameError
from solver.quando.state import RoundResult, State


def seat_view(state: State, seat: int) -> dict[str, Any]:
    """What the player at ``seat`` may see of ``state`` (see the module's documentation for each key).

    Raises :class:`~solver.errors.GameError` for a seat the game does not have.

    >>> from solver.quando.state import Game
    >>> seat_view(Game(("P1", "P2")).new_state(), -1)
    Traceback (most recent call last):
    ...
    solver.errors.GameError: seat -1: the game has seats 0 to 1
    """
    players = state.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(players):
        raise GameError(f"seat {seat!r}: the game has seats 0 to {len(players) - 1}")
    seats = {player: index for index, player in enumerate(players)}
    totals = state.totals
    return {
        "seat": seat,
        "to_move": state.to_move,
        "is_over": state.is_over,
        "hand": state.fronts(seat),
        "hand_sizes": [len(hand) for hand in state.hands],
        "draw_pile": len(state.draw_pile),
        "returns": state.returns(),
        "table": {
            "target": state.game.target,
            "round": state.round_number,
            "dealer": state.dealer,
            "step": state.step.value,
            "turn_player": state.turn_player,
            "acting": state.acting,
            "draw_visible": state.draw_visible,
            "discard_pile": [card.front for card in state.discard_pile],
            "pending_triple": state.pending_triple,
            "knocker": state.knocker,
            "plays_made": list(state.plays_made),
            "results": [_result(result, players, seats) for result in state.results],
            "totals": [totals[player] for player in players],
            "winners": [seats[player] for player in state.winners],
        },
    }


def _result(result: RoundResult, players: Sequence[str], seats: Mapping[str, int]) -> dict[str, Any]:
    score = result.score
    return {
        "number": result.number,
        "dealer": result.dealer,
        "knocker": None if score.knocker is None else seats[score.knocker],
        "only_zeros": None if result.only_zeros is None else seats[result.only_zeros],
        "knocker_penalized": score.knocker_penalized,
        "sums": [score.sums[player] for player in players],
        "points": [score.points[player] for player in players],
    }


def seat_verdict(verdict: Mapping[str, Any], mover: int, seat: int) -> dict[str, Any]:
    """What ``seat`` may see of the verdict on an action of ``mover``: all of it, but not another's ``hand_after``.

    >>> verdict = {"action": "play 6 6", "legal": True, "hand_after": [1, 4, 7]}
    >>> seat_verdict(verdict, 1, 0), seat_verdict(verdict, 1, 1)["hand_after"]
    ({'action': 'play 6 6', 'legal': True, 'hand_after': None}, [1, 4, 7])
    """
    if mover == seat:
        return dict(verdict)
    return {**verdict, "hand_after": None} if "hand_after" in verdict else dict(verdict)

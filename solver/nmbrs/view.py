"""What one seat of an Nmbrs! game may see: its own hand, the table of sequences and the scores, as JSON-ready data.

:func:`seat_view` is what a person or a bot playing one seat over HTTP is
shown.  It never holds another player's cards, the draw pile's cards or
order, or the discards under the top one.

The keys every game's view shares:

* ``seat``: the seat the view is for;
* ``to_move``: the seat that acts next, ``null`` once the game is over;
* ``is_over``: whether the game has ended;
* ``hand``: the seat's cards in the order held, in card notation (``"17"``,
  ``"J"``);
* ``hand_sizes``: how many cards each seat holds;
* ``draw_pile``: how many hidden cards are left to draw;
* ``returns``: each seat's score so far
  (:meth:`~solver.nmbrs.state.State.returns`).

``table``, what everybody sees on the table and the score sheet:

* ``rules``: ``basic``, ``advanced`` or ``simplified``;
* ``round``: the number of the round being played, from 1; ``starter``:
  the seat that opened it;
* ``active``: the seat whose turn it is;
* ``phase``: where the turn stands: ``draw`` (take or decline the top
  discard, or draw with none), ``claim`` (the declined discard is offered
  to ``claimant``), ``redraw`` (take the claimed card's successor or draw a
  hidden card), ``lay`` (lay, insert or swap, then discard) or ``over``;
* ``claimant``: the seat offered the declined discard in the ``claim``
  phase, else ``null``; ``claimed``: whether someone claimed it this turn;
* ``laid``: whether the player whose turn it is has laid a card this turn;
  ``idle_turns``: the turns in a row without a card laid (the round ends
  blocked after five for each player);
* ``discard_top``: the top discard, ``null`` when the pile is empty;
  ``discard_pile``: how many cards the discard pile holds;
* ``sequences``: every card on the table, in cell order, each with ``row``
  (growing downwards), ``column`` (growing to the right), ``card`` and,
  for a joker, the ``value`` it stands for;
* ``lines``: the sequences on the table, rows from top to bottom then
  columns from left to right, each with ``axis`` (``row`` or ``column``)
  and ``cells`` (``[row, column]`` pairs in reading order);
* ``bounds``: the first and last ``rows`` and ``columns`` holding a card,
  ``null`` for an empty table;
* ``faces``: the colour and points printed on each number card in the
  view (the hand, the table and the top discard), by card;
  ``placeholder_deck``: whether those come from the placeholder deck;
* ``opened``: per seat, whether it has laid a sequence this round;
* ``scores``: each seat's score;
* ``results``: the finished rounds, oldest first, each with ``number``,
  ``winner`` (the seat that went out, ``null`` for a blocked round), and
  per seat ``subtracted`` and ``scores`` after it;
* ``winners``: the seats that won once the game is over, empty before.

>>> from solver.nmbrs.state import Action, Game
>>> state = Game(players=2, seed=1).new_state()
>>> view = seat_view(state, 0)
>>> view["hand"], view["hand_sizes"], view["table"]["discard_top"], view["table"]["phase"]
(['J', '95', '89', '24', '73', '78', '28', '47', '39'], [9, 9], '86', 'draw')
>>> _ = state.apply(Action.parse("take"))
>>> _ = state.apply(Action.parse("lay 47@0,0 J=60@0,1 73@0,2 86@0,3"))
>>> table = seat_view(state, 1)["table"]
>>> [(card["column"], card["card"], card.get("value")) for card in table["sequences"]]
[(0, '47', None), (1, 'J', 60), (2, '73', None), (3, '86', None)]
>>> table["lines"]
[{'axis': 'row', 'cells': [[0, 0], [0, 1], [0, 2], [0, 3]]}]
>>> table["bounds"], table["opened"], table["faces"]["47"]
({'rows': [0, 0], 'columns': [0, 3]}, [True, False], {'colour': 'blue', 'points': 3})
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from solver.errors import GameError
from solver.nmbrs.cards import Card
from solver.nmbrs.deck import NmbrsDeck
from solver.nmbrs.state import State


def seat_view(state: State, seat: int) -> dict[str, Any]:
    """What the player at ``seat`` may see of ``state`` (see the module's documentation for each key).

    Raises :class:`~solver.errors.GameError` for a seat the game does not have.

    >>> from solver.nmbrs.state import Game
    >>> seat_view(Game(players=2).new_state(), 5)
    Traceback (most recent call last):
    ...
    solver.errors.GameError: seat 5: the game has seats 0 to 1
    """
    players = state.game.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise GameError(f"seat {seat!r}: the game has seats 0 to {players - 1}")
    hand = state.hands[seat]
    top = state.discard_pile[-1] if state.discard_pile else None
    table = state.table
    first_row, last_row, first_column, last_column = table.bounds()
    bounds = {"rows": [first_row, last_row], "columns": [first_column, last_column]} if len(table) else None
    shown = [*hand, *table.cards(), *([] if top is None else [top])]
    return {
        "seat": seat,
        "to_move": state.to_move,
        "is_over": state.is_over,
        "hand": [str(card) for card in hand],
        "hand_sizes": [len(held) for held in state.hands],
        "draw_pile": len(state.draw_pile),
        "returns": state.returns(),
        "table": {
            "rules": state.game.rules.value,
            "round": state.round_number,
            "starter": state.starter,
            "active": state.active,
            "phase": state.phase.value,
            "claimant": state.claimant,
            "claimed": state.claimed,
            "laid": state.laid,
            "idle_turns": state.idle_turns,
            "discard_top": None if top is None else str(top),
            "discard_pile": len(state.discard_pile),
            "sequences": table.to_list(),
            "lines": [
                {"axis": line.axis.value, "cells": [[cell.row, cell.column] for cell in line.cells]}
                for line in table.lines()
            ],
            "bounds": bounds,
            "faces": _faces(shown, state.game.deck),
            "placeholder_deck": state.game.deck.placeholder,
            "opened": list(state.opened),
            "scores": list(state.scores),
            "results": [result.to_dict() for result in state.results],
            "winners": list(state.winners),
        },
    }


def _faces(cards: Iterable[Card], deck: NmbrsDeck) -> dict[str, dict[str, Any]]:
    """The colour and points of each number card among ``cards``, by card, in number order."""
    faces = {}
    for card in sorted({card for card in cards if card.number is not None}, key=Card.sort_key):
        face = deck.face(card)
        assert face is not None
        faces[str(card)] = {"colour": face.colour.value, "points": face.points}
    return faces

"""What one seat of a Nambarz game may see: its own hand and everything public, as JSON-ready data.

:func:`seat_view` is what a person or a bot playing one seat over HTTP is
shown.  It never holds another player's cards, the draw pile's cards or
order, or the state's random generator.  Players are given as seats (0, 1,
… in the order of :attr:`~solver.nambarz.state.Game.players`), never by
name.

The keys every game's view shares:

* ``seat``: the seat the view is for;
* ``to_move``: the seat that acts next, ``null`` once the game is over;
* ``is_over``: whether the game, tie-break rounds included, has ended;
* ``hand``: the seat's cards in the order held, in card notation (empty
  when the seat sits out a tie-break round);
* ``hand_sizes``: how many cards each seat holds (0 for a seat sitting out);
* ``draw_pile``: how many cards are left to draw;
* ``returns``: each seat's total points so far
  (:meth:`~solver.nambarz.state.State.returns`).

``table``, what everybody sees on the table and the score sheet:

* ``variant``: ``beginners``, ``intermediate`` or ``expert``;
* ``rules``: the arithmetic ``domain`` and the operators ``ops`` allowed;
* ``round``: the number of the round being played (tie-break rounds
  included, from 1); ``rounds``: the regular rounds of the game (1, 3 or 5);
  ``tie_break``: whether this round is a tie-break round; ``contested_place``: the
  place its players, level on points, play it for (1 for first place), ``null``
  in a regular round;
* ``seated``: the seats playing this round (all of them, but in a
  tie-break round only the tied players);
* ``teams``: the teams as lists of seats, ``null`` without teams;
* ``top``: the card on top of the table, the one the next play covers;
* ``awaits_card``: whether ``top`` is a change joker still waiting for its
  card; ``under``: the card beneath a change joker laid this turn, which the
  card after it must not match (``null`` otherwise);
* ``table_cards``: how many cards lie on the table;
* ``phase``: where the player to move stands in their turn: ``start``,
  ``played`` (only a ``Jreplay`` or ``pass`` may follow), ``replayed``
  (after a ``Jreplay``: play again or draw), ``drawn`` (play the drawn card
  or pass) or ``game-over``;
* ``turns``: the turns completed this round;
* ``finished``: the seats that went out this round, in the order they did;
* ``master_points``, ``master_strokes``, ``penalties``: per seat, the
  master-stroke points and strokes earned and the penalties taken this
  round (0 for a seat sitting out);
* ``results``: the finished rounds, oldest first, each with ``number``,
  ``tie_break``, ``blocked`` (ended because nobody could play),
  ``turns``, ``seated`` and ``ranking`` (seats, first place first), and
  per seat ``points``, ``master_points``, ``master_strokes`` and
  ``penalties`` (``null`` for a seat that sat the round out);
* ``standings``: the seats by total points, best first (equal totals
  ordered by their tie-break round), final once the game is over;
* ``tie_breaks``: the groups of tied seats whose tie-break rounds are
  still to be played, the one being played first.

>>> from solver.nambarz.state import Action, Game
>>> state = Game(("P1", "P2")).new_state()
>>> view = seat_view(state, 1)
>>> view["seat"], view["to_move"], view["hand_sizes"], view["draw_pile"]
(1, 0, [7, 7], 77)
>>> view["hand"]
['10', '6dragonfly', '2fish', '9duck', '7', '7fish', '5']
>>> table = view["table"]
>>> table["top"], table["phase"], table["round"], table["rounds"], table["seated"]
('10', 'start', 1, 1, [0, 1])
>>> _ = state.apply(Action.parse("7fish + 3bee"))
>>> view = seat_view(state, 1)
>>> view["table"]["phase"], view["table"]["top"], view["table"]["table_cards"], view["hand_sizes"]
('played', '3bee', 3, [5, 7])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from solver.errors import GameError
from solver.nambarz.results import contested_place
from solver.nambarz.state import RoundResult, State


def seat_view(state: State, seat: int) -> dict[str, Any]:
    """What the player at ``seat`` may see of ``state`` (see the module's documentation for each key).

    Raises :class:`~solver.errors.GameError` for a seat the game does not have.

    >>> from solver.nambarz.state import Game
    >>> seat_view(Game(("P1", "P2")).new_state(), 2)
    Traceback (most recent call last):
    ...
    solver.errors.GameError: seat 2: the game has seats 0 to 1
    """
    players = state.game.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(players):
        raise GameError(f"seat {seat!r}: the game has seats 0 to {len(players) - 1}")
    seats = {player: index for index, player in enumerate(players)}
    cover = state.cover
    return {
        "seat": seat,
        "to_move": state.to_move,
        "is_over": state.is_over,
        "hand": [str(card) for card in state.hands.get(players[seat], [])],
        "hand_sizes": [len(state.hands.get(player, [])) for player in players],
        "draw_pile": len(state.draw_pile),
        "returns": state.returns(),
        "table": {
            "variant": state.game.variant.value,
            "rules": state.game.rules.to_dict(),
            "round": state.round_number,
            "rounds": state.game.rounds,
            "tie_break": state.tie_break_round,
            "contested_place": contested_place(state, state.seated) if state.tie_break_round else None,
            "seated": _seats(state.seated, seats),
            "teams": None if state.game.teams is None else [_seats(team, seats) for team in state.game.teams],
            "top": str(cover.card),
            "awaits_card": cover.awaits_card,
            "under": None if cover.under is None else str(cover.under),
            "table_cards": len(state.table),
            "phase": state.phase.value,
            "turns": state.turns,
            "finished": _seats(state.finished, seats),
            "master_points": _per_seat(state.master, players, 0),
            "master_strokes": _per_seat(state.strokes, players, 0),
            "penalties": _per_seat(state.penalties, players, 0),
            "results": [_result(result, players, seats) for result in state.results],
            "standings": _seats(state.standings(), seats),
            "tie_breaks": [_seats(group, seats) for group in state.tie_breaks],
        },
    }


def _seats(names: Sequence[str], seats: Mapping[str, int]) -> list[int]:
    return [seats[name] for name in names]


def _per_seat(values: Mapping[str, int], players: Sequence[str], missing: int | None) -> list[int | None]:
    return [values.get(player, missing) for player in players]


def _result(result: RoundResult, players: Sequence[str], seats: Mapping[str, int]) -> dict[str, Any]:
    return {
        "number": result.number,
        "tie_break": result.tie_break,
        "blocked": result.blocked,
        "turns": result.turns,
        "seated": _seats(result.players, seats),
        "ranking": _seats(result.ranking, seats),
        "points": _per_seat(result.points, players, None),
        "master_points": _per_seat(result.master_points, players, None),
        "master_strokes": _per_seat(result.master_strokes, players, None),
        "penalties": _per_seat(result.penalties, players, None),
    }

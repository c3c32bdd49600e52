"""The review of a game of The Game: each turn of one seat next to the strong bot's turn from the same view.

The actions are replayed from the start; a turn runs from its first
placement to its ``end`` (or to the end of the game).  For each completed
turn of the reviewed seat, :func:`~solver.thegame.strategy.choose_turn`
plans a turn from the seat's view when the turn began
(:func:`~solver.thegame.bots.player_view`): the seat's hand, the pile tops,
the cards laid so far, the size of the draw pile, the turn's minimum, the
fire cards to cover, and the requests the teammates had made at the table;
nothing else is seen.  A turn's requests (``ask dont asc1``) lay no card and
are left out of its measures.

Both turns are measured the same way:

* ``cards``: the cards laid;
* ``gap``: the cards still to play that the turn shut out of the piles,
  counted once for each pile that can no longer take them (a card below an
  ascending pile's top, above a descending one's), less those the turn let
  back in; a ten-back move makes it negative.  The cards still to play are
  those not yet laid (in any hand or the draw pile), which every player
  knows, less the turn's own cards.

The mark (:class:`~solver.review.Mark`) is ``lost-cards`` when the turn lost
the game (stuck below the minimum, or a fire card left uncovered) or, once
the draw pile is empty and every card left counts, laid fewer cards than
the strong bot's turn; ``wider-gap`` when its gap is at least
:data:`WIDER_GAP_AT` cards wider than the strong bot's; ``good`` when it is
wider by less; ``best`` otherwise.

>>> from solver.thegame.state import Game
>>> state = Game(players=2, seed=4).new_state()
>>> state.hands[0]
[15, 21, 32, 40, 52, 63, 94]
>>> for turn in (["15>asc1", "21>asc1"], ["52>asc1", "94>desc1"]):
...     review = review_turns(state, [(0, action) for action in (*turn, "end")], seat=0)[0]
...     print(review.mark.value, dict(review.measures), review.best)
best {'cards': 2, 'gap': 18} ('15>asc1', '21>asc1', 'end')
wider-gap {'cards': 2, 'gap': 55} ('15>asc1', '21>asc1', 'end')
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.review import Mark, TurnAction, TurnReview, TurnRules, review_actions, shortfall
from solver.thegame.bots import player_view
from solver.thegame.cards import CARDS
from solver.thegame.rules import Pile
from solver.thegame.state import END_TURN, Action, Ending, State
from solver.thegame.strategy import PlayerView, choose_turn

WIDER_GAP_AT = 5
"""A turn whose gap is this many cards wider than the strong bot's, or more, is marked ``wider-gap``."""

GAME_LOSING = (Ending.STUCK_BELOW_MINIMUM, Ending.FIRE_UNCOVERED)
"""The endings a turn brings about itself."""


@dataclass
class _Turn:
    """A turn of the reviewed seat as it is replayed: the view it began with and the placements made."""

    number: int
    view: PlayerView
    actions: list[int] = field(default_factory=list)
    played: list[str] = field(default_factory=list)
    placements: list[Action] = field(default_factory=list)


def turn_begins(state: State) -> bool:
    """True when the next action opens a turn: nothing is laid or asked in the turn yet."""
    return not state.this_turn and state.played_this_turn == 0


def judge_turn(start: State, actions: Sequence[TurnAction], seat: int, number: int) -> TurnReview | None:
    """The finished turn ``number`` played from ``start`` by ``actions``, judged for ``seat``.

    ``None`` when it is another seat's turn.  ``start`` is not changed.
    """
    if start.to_move != seat:
        return None
    state = start.copy()
    turn = _Turn(number, player_view(state))
    for action_number, _mover, text in actions:
        action = Action.parse(text)
        state.apply(action)
        turn.actions.append(action_number)
        turn.played.append(text)
        if action.card is not None:
            turn.placements.append(action)
    return _review(turn, state.ending)


TURNS = TurnRules(turn_begins, judge_turn, Action.parse)
"""How a review of The Game reads turns (:class:`~solver.review.TurnRules`)."""


def review_turns(initial_state: State, actions: Sequence[tuple[int, str]], seat: int) -> list[TurnReview]:
    """Each completed turn of ``seat`` in ``actions`` (seat, action), played from ``initial_state``, reviewed.

    :func:`~solver.review.review_actions` with this game's :data:`TURNS`: a
    turn still going on at the end of ``actions`` is left out, and a seat
    outside the game or an action the game refuses is a ``GameError``.
    """
    return review_actions(TURNS, initial_state, actions, seat)


def cards_shut_out(tops: Mapping[Pile, int], still_to_play: Collection[int]) -> int:
    """How many of ``still_to_play`` the piles can no longer take, a card counted once for each such pile.

    >>> from solver.thegame.strategy import START_TOPS
    >>> cards_shut_out(START_TOPS, range(2, 100)), cards_shut_out({**START_TOPS, Pile.ASC1: 10}, [5, 12, 50])
    (0, 1)
    """
    return sum(
        sum(1 for card in still_to_play if (card < top if pile.ascending else card > top)) for pile, top in tops.items()
    )


def turn_gap(view: PlayerView, placements: Iterable[Action]) -> int:
    """The cards still to play that ``placements``, laid from ``view``, shut out of the piles (see the module).

    >>> from solver.thegame.strategy import START_TOPS
    >>> view = PlayerView(hand=(5, 14), tops=START_TOPS, played=frozenset(), draw_pile=94, minimum=2)
    >>> turn_gap(view, [Action.parse("5>asc1"), Action.parse("14>asc1")])
    11
    """
    laid = list(placements)
    tops = dict(view.tops)
    for action in laid:
        assert action.card is not None and action.pile is not None
        tops[action.pile] = action.card
    still_to_play = frozenset(CARDS) - view.played - {action.card for action in laid}
    return cards_shut_out(tops, still_to_play) - cards_shut_out(view.tops, still_to_play)


def _review(turn: _Turn, ending: Ending | None) -> TurnReview:
    view = turn.view
    best = choose_turn(view)
    measures = {"cards": len(turn.placements), "gap": turn_gap(view, turn.placements)}
    best_measures = {"cards": len(best), "gap": turn_gap(view, best)}
    lost_game = ending in GAME_LOSING
    if lost_game or (view.draw_pile == 0 and measures["cards"] < best_measures["cards"]):
        mark = Mark.LOST_CARDS
    elif measures["gap"] >= best_measures["gap"] + WIDER_GAP_AT:
        mark = Mark.WIDER_GAP
    elif measures["gap"] > best_measures["gap"]:
        mark = Mark.GOOD
    else:
        mark = Mark.BEST
    lost = {
        "cards": shortfall(measures["cards"], best_measures["cards"]) if mark is Mark.LOST_CARDS else 0,
        "gap": shortfall(measures["gap"], best_measures["gap"], higher_is_better=False),
    }
    details: dict[str, Any] = {
        "hand": list(view.hand),
        "tops": {pile.value: top for pile, top in view.tops.items()},
        "draw_pile": view.draw_pile,
        "minimum": view.minimum,
        "lost_game": lost_game,
        "ending": None if ending is None else ending.value,
    }
    best_actions = (*(str(action) for action in best), str(END_TURN))
    return TurnReview(
        turn.number,
        tuple(turn.actions),
        tuple(turn.played),
        best_actions,
        measures,
        best_measures,
        mark,
        lost,
        details,
    )

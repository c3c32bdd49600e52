"""The review of a Quando game: each turn of one seat next to the hint's best choice.

The actions are replayed from the start; a turn is the opening action
(a play or a knock) and, after a play, the draw that follows it.  Answers
to another player's triple are not turns and are not reviewed, nor is a
turn passed with no cards (there is nothing to choose) or played with no
card left to draw (every card in a hand: the hint has nothing to weigh).  For each completed
turn of the reviewed seat the hint (:func:`~solver.quando.hint.hint`) is
asked from what the seat could see when the turn began
(:func:`~solver.quando.hint.seat_hint`): the fronts in hand, the number on
show on the draw pile, the numbers on the discard pile, the plays made this
round and whether someone has knocked.

Both choices are measured by the hint's ``expected_sum``: the hand's sum
after the turn, with the hidden side of the card drawn counted at its
expected value, so a choice is judged by what could be known, not by the
luck of the draw.  The mark (:class:`~solver.review.Mark`) is ``best``
when the turn's expected sum is no higher than the hint's choice, ``good``
when it is higher by less than :data:`HIGHER_SUM_AT`, and ``higher-sum``
otherwise.

>>> from solver.quando.state import Game
>>> state = Game(("P1", "P2"), seed=2).new_state()
>>> state.fronts(0), state.draw_visible
([10, 0, 7, 9, 2, 4, 10, 4], 3)
>>> for turn in (["play 10 10", "take visible"], ["play 10 10", "take hidden"], ["play 4 4", "take visible"]):
...     review = review_turns(state, [(0, action) for action in turn], seat=0)[0]
...     print(review.mark.value, review.measures["expected_sum"], review.best)
best 29.0 ('play 10 10', 'take visible')
higher-sum 31.2 ('play 10 10', 'take visible')
higher-sum 41.0 ('play 10 10', 'take visible')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from solver.quando.hint import Candidate, Hint, seat_hint
from solver.quando.state import Action, State, Step
from solver.review import (
    DECIMALS,
    Mark,
    TurnAction,
    TurnReview,
    TurnRules,
    review_actions,
    shortfall,
)

HIGHER_SUM_AT = 2
"""A turn whose expected hand sum is this much higher than the hint's choice, or more, is marked ``higher-sum``."""


@dataclass
class _Turn:
    """A turn of the reviewed seat as it is replayed: the hint from its start and the actions taken."""

    number: int
    round: int
    advice: Hint
    actions: list[int] = field(default_factory=list)
    played: list[Action] = field(default_factory=list)


def turn_begins(state: State) -> bool:
    """True when the next action opens a turn: a play, a knock or a pass, not a draw or an answer to a triple."""
    return state.step is Step.TURN


def judge_turn(start: State, actions: Sequence[TurnAction], seat: int, number: int) -> TurnReview | None:
    """The finished turn ``number`` played from ``start`` by ``actions``, judged for ``seat``.

    ``None`` when it is another seat's turn, or one with nothing to choose.
    ``start`` is not changed.
    """
    if start.to_move != seat:
        return None
    advice = seat_hint(start, seat)
    if advice is None:
        return None
    turn = _Turn(number, start.round_number, advice)
    for action_number, mover, text in actions:
        if mover == seat:
            turn.actions.append(action_number)
            turn.played.append(Action.parse(text))
    return _review(turn)


TURNS = TurnRules(turn_begins, judge_turn, Action.parse)
"""How a Quando review reads turns (:class:`~solver.review.TurnRules`)."""


def review_turns(initial_state: State, actions: Sequence[tuple[int, str]], seat: int) -> list[TurnReview]:
    """Each completed turn of ``seat`` in ``actions`` (seat, action), played from ``initial_state``, reviewed.

    :func:`~solver.review.review_actions` with this game's :data:`TURNS`: a
    turn still going on at the end of ``actions`` is left out, and a seat
    outside the game or an action the game refuses is a ``GameError``.
    """
    return review_actions(TURNS, initial_state, actions, seat)


def _review(turn: _Turn) -> TurnReview:
    advice = turn.advice
    opening, *draw = turn.played
    side = draw[0].side if draw else None
    played = next(
        candidate for candidate in advice.candidates if candidate.action == opening and candidate.side == side
    )
    best = advice.suggestion
    measures = {"expected_sum": _decimal(played.expected_sum)}
    best_measures = {"expected_sum": _decimal(best.expected_sum)}
    excess = played.expected_sum - best.expected_sum
    if excess <= 0:
        mark = Mark.BEST
    elif excess < HIGHER_SUM_AT:
        mark = Mark.GOOD
    else:
        mark = Mark.HIGHER_SUM
    details: dict[str, Any] = {
        "round": turn.round,
        "hand": list(advice.hand),
        "hand_sum": advice.hand_sum,
        "draw_visible": advice.hidden.visible,
        "hidden_expected": _decimal(advice.hidden.expected),
        "kind": played.kind.value,
        "best_kind": best.kind.value,
        "knock_allowed": advice.knock_allowed,
    }
    return TurnReview(
        turn.number,
        tuple(turn.actions),
        tuple(str(action) for action in turn.played),
        _notation(best),
        measures,
        best_measures,
        mark,
        {"expected_sum": shortfall(measures["expected_sum"], best_measures["expected_sum"], higher_is_better=False)},
        details,
    )


def _notation(candidate: Candidate) -> tuple[str, ...]:
    """The hint's choice as the actions that play it: the play and its draw, or the knock."""
    if candidate.side is None:
        return (str(candidate.action),)
    return (str(candidate.action), f"take {candidate.side.value}")


def _decimal(value: Fraction) -> float:
    return round(float(value), DECIMALS)

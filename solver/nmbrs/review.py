"""The review of an Nmbrs! game: each turn of one seat next to the greedy bot's lay from the same hand.

The actions are replayed from the start; a turn runs from its draw (take,
decline or draw, with the others' claims in between) to its discard (or
``end``, or the card that empties the hand).  Claims made in another
player's turn are not reviewed.  For each completed turn of the reviewed
seat, the greedy bot (:mod:`solver.nmbrs.bots`) lays from where the seat
stood once it had drawn: its hand, the table and whether it has laid a
sequence, nothing else.  It lays the best-scoring play while one scores,
then discards its least useful card.  The details keep the hand with each
number card's printed colour and points (``faces``), so a page draws the
cards as they were dealt.

Both are measured by the game's own scoring: ``points``, what the turn's
plays scored, and ``cards``, the cards laid.  The mark
(:class:`~solver.review.Mark`) is ``best`` when the turn scored at least
as many points as the greedy bot's lay, else ``lost-points``.

>>> from solver.nmbrs.state import Game
>>> state = Game(players=2, seed=1).new_state()
>>> " ".join(str(card) for card in state.hands[0]), str(state.discard_pile[-1])
('J 95 89 24 73 78 28 47 39', '86')
>>> turn = ["take", "lay 73@0,0 78@0,1 J=83@0,2", "discard 86"]
>>> review = review_turns(state, [(0, action) for action in turn], seat=0)[0]
>>> review.mark.value, dict(review.measures), dict(review.best_measures)
('lost-points', {'points': 10, 'cards': 3}, {'points': 16, 'cards': 4})
>>> review.best
('take', 'lay 47@0,0 J=60@0,1 73@0,2 86@0,3', 'discard 95')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.nmbrs.bots import least_useful
from solver.nmbrs.hint import hint
from solver.nmbrs.state import Action, ActionKind, Phase, State
from solver.review import Mark, TurnAction, TurnReview, TurnRules, review_actions, shortfall


@dataclass
class _Turn:
    """A turn of the reviewed seat as it is replayed: its actions, what they scored, and the greedy lay."""

    number: int
    round: int
    actions: list[int] = field(default_factory=list)
    played: list[str] = field(default_factory=list)
    drawing: list[str] = field(default_factory=list)
    points: int = 0
    cards: int = 0
    best: tuple[str, ...] | None = None
    best_points: int = 0
    best_cards: int = 0
    details: dict[str, Any] = field(default_factory=dict)


def turn_begins(state: State) -> bool:
    """True when the next action opens a turn: the player to move draws, taking or declining the discard."""
    return state.phase is Phase.DRAW


def judge_turn(start: State, actions: Sequence[TurnAction], seat: int, number: int) -> TurnReview | None:
    """The finished turn ``number`` played from ``start`` by ``actions``, judged for ``seat``.

    ``None`` when it is another seat's turn.  The others' claims in it are
    played but not judged.  ``start`` is not changed.
    """
    if start.to_move != seat:
        return None
    state = State.from_dict(start.to_dict())
    turn = _Turn(number, state.round_number)
    for action_number, mover, text in actions:
        action = Action.parse(text)
        if mover != seat:
            state.apply(action)
            continue
        laying = state.phase is Phase.LAY
        if laying and turn.best is None:
            _greedy_lay(turn, state)
        verdict = state.apply(action)
        turn.actions.append(action_number)
        turn.played.append(text)
        if not laying:
            turn.drawing.append(text)
        elif verdict.play is not None:
            turn.points += verdict.play.points
            turn.cards += len(verdict.play.play.cards)
    return None if turn.best is None else _review(turn)


TURNS = TurnRules(turn_begins, judge_turn, Action.parse)
"""How an Nmbrs! review reads turns (:class:`~solver.review.TurnRules`)."""


def review_turns(initial_state: State, actions: Sequence[tuple[int, str]], seat: int) -> list[TurnReview]:
    """Each completed turn of ``seat`` in ``actions`` (seat, action), played from ``initial_state``, reviewed.

    :func:`~solver.review.review_actions` with this game's :data:`TURNS`: a
    turn still going on at the end of ``actions`` is left out, and a seat
    outside the game or an action the game refuses is a ``GameError``.
    """
    return review_actions(TURNS, initial_state, actions, seat)


def _greedy_lay(turn: _Turn, state: State) -> None:
    """What the greedy bot lays and discards from ``state``, the seat's lay phase; ``state`` is not changed."""
    seat = state.active
    deck = state.game.deck
    turn.details = {
        "round": turn.round,
        "hand": [str(card) for card in state.hands[seat]],
        "faces": {
            str(card): {"colour": face.colour.value, "points": face.points}
            for card in state.hands[seat]
            if (face := deck.face(card)) is not None
        },
        "opened": state.opened[seat],
        "score_before": state.scores[seat],
    }
    greedy = State.from_dict(state.to_dict())
    laid: list[str] = []
    while greedy.phase is Phase.LAY and greedy.active == seat:
        lay = hint(greedy)
        if lay is None:
            break
        verdict = greedy.apply(lay)
        assert verdict.play is not None
        laid.append(str(lay))
        turn.best_points += verdict.play.points
        turn.best_cards += len(verdict.play.play.cards)
    if greedy.phase is Phase.LAY and greedy.active == seat:
        ends = Action(ActionKind.END) in greedy.legal_actions()
        laid.append(ActionKind.END.value if ends else f"discard {least_useful(greedy, seat)}")
    turn.best = tuple(laid)


def _review(turn: _Turn) -> TurnReview:
    assert turn.best is not None, "a turn is reviewed once its lay phase began"
    measures = {"points": turn.points, "cards": turn.cards}
    best_measures = {"points": turn.best_points, "cards": turn.best_cards}
    mark = Mark.BEST if turn.points >= turn.best_points else Mark.LOST_POINTS
    return TurnReview(
        turn.number,
        tuple(turn.actions),
        tuple(turn.played),
        (*turn.drawing, *turn.best),
        measures,
        best_measures,
        mark,
        {"points": shortfall(turn.points, turn.best_points)},
        turn.details,
    )

"""The review of a Nambarz game: each turn of one seat next to the turn planner's best turn.

The actions are replayed from the start; a turn begins when a player opens
one and ends when the play passes to the next player (or the round or the
game ends).  For each completed turn of the reviewed seat, the planner
(:func:`~solver.nambarz.planner.plan_turn`) plans the best turn from what
the seat knew when the turn began: the card to cover, the seat's own hand,
the rules and the deck, nothing else.  A turn opened with a draw (nothing
was playable) is judged from after the draw, with the card drawn in hand,
as the player then chose.

Both turns are measured as the planner ranks turns:

* ``cards``: cards shed, that is cards that left the hand less cards that
  came back into it (cards returned by a penalty, the penalty's draw of
  three, a draw after a ``Jreplay``);
* ``master_points``: master-stroke points earned;
* ``answers``: the ways the deck offers to cover the card left on top
  (fewer is harder for the next player).

The mark (:class:`~solver.review.Mark`) is ``penalised`` for a turn with a
play penalised under rule V (its codes are in the details), else
``lost-cards`` when it shed fewer cards than the best turn, ``lost-points``
when it shed as many but earned fewer master points, ``good`` when only the
card left on top is easier, and ``best`` otherwise (a draw after a
``Jreplay`` may even do better than the plan).  ``lost`` counts the cards
a turn fell behind by, and the master points only when it shed as many
cards as the best.

>>> from solver.nambarz.state import Game
>>> state = Game(("P1", "P2"), seed=3).new_state()
>>> str(state.cover), " ".join(str(card) for card in state.hands["P1"])
('8hippo', '8 9duck 8bee 5 2owl 10cat 6dragonfly')
>>> for played in ("8", "6dragonfly + 2owl", "2owl + 6dragonfly"):
...     review = review_turns(state, [(0, played), (0, "pass")], seat=0)[0]
...     print(review.mark.value, review.measures["cards"], review.measures["answers"], review.best)
lost-cards 1 10 ('2owl + 6dragonfly', 'pass')
good 2 15 ('2owl + 6dragonfly', 'pass')
best 2 12 ('2owl + 6dragonfly', 'pass')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.budget import BudgetExceededError
from solver.errors import SearchLimitError
from solver.nambarz.cards import Card
from solver.nambarz.jokers import Cover
from solver.nambarz.notation import is_replay
from solver.nambarz.planner import Ending, PlannedTurn, answers, plan_turn
from solver.nambarz.state import Action, ActionKind, Phase, State
from solver.nambarz.turn import judge_play
from solver.review import Mark, TurnAction, TurnReview, TurnRules, review_actions, shortfall

PENALTY = "penalty"
"""How a turn ended when a penalty ended it; otherwise as the planner's endings: ``pass`` or ``out``."""


@dataclass
class _Turn:
    """A turn of the reviewed seat as it is replayed: where it was judged from, what was played, what it shed."""

    number: int
    round: int
    start_cover: Cover
    hand: tuple[Card, ...]
    after_draw: bool = False
    cover: Cover | None = None
    actions: list[int] = field(default_factory=list)
    played: list[str] = field(default_factory=list)
    shed: int = 0
    master_points: int = 0
    codes: list[str] = field(default_factory=list)
    ending: str = Ending.PASS.value


def turn_begins(state: State) -> bool:
    """True when the next action opens a turn: the player to move stands at the start of one."""
    return state.phase is Phase.START


def judge_turn(start: State, actions: Sequence[TurnAction], seat: int, number: int) -> TurnReview | None:
    """The finished turn ``number`` played from ``start`` by ``actions``, judged for ``seat``.

    ``None`` when it is another seat's turn.  ``start`` is not changed.
    """
    state = State.from_dict(start.to_dict())
    players = state.game.players
    if state.to_move != seat:
        return None
    turn = _Turn(number, state.round_number, state.cover, tuple(state.hands[players[seat]]))
    for action_number, _mover, text in actions:
        action = Action.parse(text)
        opening_draw = action.kind is ActionKind.DRAW and state.phase is Phase.START
        _record(turn, state, action, action_number, text)
        state.apply(action)
        if opening_draw:
            turn.hand, turn.after_draw = tuple(state.hands[players[seat]]), True
    return _review(turn, state)


TURNS = TurnRules(turn_begins, judge_turn, Action.parse)
"""How a Nambarz review reads turns (:class:`~solver.review.TurnRules`)."""


def review_turns(initial_state: State, actions: Sequence[tuple[int, str]], seat: int) -> list[TurnReview]:
    """Each completed turn of ``seat`` in ``actions`` (seat, action), played from ``initial_state``, reviewed.

    :func:`~solver.review.review_actions` with this game's :data:`TURNS`: a
    turn still going on at the end of ``actions`` is left out, and a seat
    outside the game or an action the game refuses is a ``GameError``.
    """
    return review_actions(TURNS, initial_state, actions, seat)


def _record(turn: _Turn, state: State, action: Action, number: int, text: str) -> None:
    """Add one action of the reviewed seat to ``turn``, judged as the engine is about to judge it."""
    turn.actions.append(number)
    turn.played.append(text)
    if action.kind is ActionKind.DRAW:
        # The draw that opens a turn is where the turn is judged from; a draw after a Jreplay costs a card.
        turn.shed -= 0 if state.phase is Phase.START else 1
        return
    if action.kind is ActionKind.PASS:
        return
    assert action.play is not None
    game = state.game
    after_a_play = state.phase is Phase.PLAYED
    verdict, cover = judge_play(state.cover, action.play, game.rules, after_a_play=after_a_play, deck=game.deck)
    turn.shed += len(action.play.cards) - len(verdict.returned) - verdict.penalty_draw
    turn.cover = cover
    if not verdict.legal:
        turn.codes += verdict.codes
        turn.ending = PENALTY
    else:
        turn.master_points += verdict.master_points
        if len(state.hands[state.turn_player]) == len(action.play.cards) and not is_replay(action.play):
            turn.ending = Ending.OUT.value


def _review(turn: _Turn, state: State) -> TurnReview:
    """The finished ``turn`` next to the planner's best turn from where it was judged."""
    game = state.game
    cover = turn.cover or turn.start_cover
    measures = {
        "cards": turn.shed,
        "master_points": turn.master_points,
        "answers": answers(cover, game.rules, game.deck),
    }
    details: dict[str, Any] = {
        "round": turn.round,
        "top": str(turn.start_cover.card),
        "hand": [str(card) for card in turn.hand],
        "after_draw": turn.after_draw,
        "ending": turn.ending,
        "violations": list(dict.fromkeys(turn.codes)),
        "top_after": str(cover.card),
    }
    played = (turn.number, tuple(turn.actions), tuple(turn.played))
    try:
        plans = plan_turn(turn.start_cover, turn.hand, game.rules, after_draw=turn.after_draw, count=1, deck=game.deck)
    except BudgetExceededError:
        raise
    except SearchLimitError:
        return TurnReview(*played, (), measures, {}, Mark.UNREVIEWED, {}, details)
    if plans:
        best = plans[0]
        notation = _notation(best, turn.after_draw)
        best_measures = {"cards": best.shed, "master_points": best.master_points, "answers": best.answers}
        details["best_ending"] = best.ending.value
        details["best_top_after"] = str(best.cover_after.card)
    else:
        # Nothing was playable, yet the seat played (and was penalised): the best was to draw, or after a draw to pass.
        notation = ("draw", "pass") if turn.after_draw else ("draw",)
        best_measures = {"cards": 0, "master_points": 0, "answers": answers(turn.start_cover, game.rules, game.deck)}
        details["best_ending"] = Ending.PASS.value if turn.after_draw else Ending.DRAW.value
        details["best_top_after"] = str(turn.start_cover.card)
    best_shed, best_points = best_measures["cards"], best_measures["master_points"]
    lost = {
        "cards": shortfall(turn.shed, best_shed),
        "master_points": shortfall(turn.master_points, best_points) if turn.shed == best_shed else 0,
    }
    mark = _mark(turn, measures["answers"], best_measures)
    return TurnReview(*played, notation, measures, best_measures, mark, lost, details)


def _mark(turn: _Turn, answers_left: int, best: dict[str, int]) -> Mark:
    """The mark of ``turn`` against the ``best`` turn's measures, compared as the planner ranks turns."""
    if turn.codes:
        return Mark.PENALISED
    played = (turn.shed, turn.master_points)
    planned = (best["cards"], best["master_points"])
    if played < planned:
        return Mark.LOST_CARDS if turn.shed < best["cards"] else Mark.LOST_POINTS
    if played == planned and answers_left > best["answers"]:
        return Mark.GOOD
    return Mark.BEST


def _notation(best: PlannedTurn, after_draw: bool) -> tuple[str, ...]:
    """The planner's turn as the actions that play it: its plays, then ``pass`` or ``draw`` as it ends."""
    opening = ("draw",) if after_draw else ()
    ending = {Ending.PASS: ("pass",), Ending.DRAW: ("draw",), Ending.OUT: ()}[best.ending]
    return (*opening, *(str(play) for play in best.plays), *ending)

"""A hint for the seat to move: the lay the greedy bot would make, the legal play worth most points.

The hint knows what the seat may see (its hand, the table, the rules) and
scores each legal play by the game's own scoring, as
:meth:`~solver.nmbrs.state.State.check` judges it; the greedy bot
(:mod:`solver.nmbrs.bots`) lays it, and the review (:mod:`solver.nmbrs.review`)
compares a seat's lays with it.

>>> from solver.nmbrs.state import Action, Game
>>> state = Game(players=2, seed=1).new_state()
>>> hint(state) is None  # the seat first draws: nothing to lay yet
True
>>> _ = state.apply(Action.parse("take"))
>>> str(hint(state))
'lay 47@0,0 J=60@0,1 73@0,2 86@0,3'
"""

from __future__ import annotations

from solver.nmbrs.state import Action, ActionKind, State


def hint(state: State) -> Action | None:
    """The legal play of the seat to move worth most points (then laying most cards), ``None`` if none scores.

    The plays scored are those :meth:`State.legal_actions` lists; the
    earliest listed wins a tie.  Outside the laying phase there is no play
    to lay, so the hint is ``None``.
    """
    best: tuple[int, int] = (0, 0)
    chosen = None
    for action in state.legal_actions():
        if action.kind is not ActionKind.PLAY:
            continue
        verdict = state.check(action)
        assert verdict.play is not None
        measure = (verdict.play.points, len(verdict.play.play.cards))
        if verdict.play.points > 0 and measure > best:
            best, chosen = measure, action
    return chosen

"""Nambarz's answers: a verdict on a play or a turn, a hand's solution, the best turns, a round's score, the deck.

Each answer is the engine's result as JSON with its ``explanation`` in words,
in ``lang``.  The deck and a search's time limit are arguments: the HTTP API
passes its configured ones, the command line those of ``--deck`` and
``--time-limit``.

>>> from solver.nambarz import Card, Chain, Deck, Rules
>>> answer = check_answer(Card.parse("3bee"), Chain.parse("9 / 3"), Rules(), deck=Deck.default(), time_limit=1,
...                       lang="en")
>>> answer["legal"], answer["explanation"].splitlines()[0]
(False, 'Not legal: 9 ÷ 3 on 3bee.')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from api.answers.common import reference_document
from solver.nambarz.cards import Card
from solver.nambarz.deck import Deck
from solver.nambarz.hand_solver import solve
from solver.nambarz.jokers import Cover
from solver.nambarz.notation import Chain, Turn
from solver.nambarz.planner import plan_turn
from solver.nambarz.position import Position
from solver.nambarz.referee import check
from solver.nambarz.rules import Rules
from solver.nambarz.rulings import RULINGS
from solver.nambarz.scoring import score_round
from solver.nambarz.turn import check_turn
from solver.nambarz.violations import ViolationCode
from tutor.nambarz import explain_plans, explain_round_score, explain_solution, explain_turn, explain_verdict

PLAN_RANKING = "cards shed, then master-stroke points, then fewest answers to the top card left"
"""How :func:`plan_answer` ranks turns, as its answer says."""


def check_answer(
    top: Card, play: Chain | Turn, rules: Rules, *, deck: Deck, time_limit: float, lang: str
) -> dict[str, Any]:
    """The verdict on one play (a :class:`Chain`) or a whole turn, with its explanation in ``lang``."""
    if isinstance(play, Turn):
        turn_verdict = check_turn(top, play, rules, deck=deck, time_limit=time_limit)
        return {**turn_verdict.to_dict(), "explanation": explain_turn(turn_verdict, lang)}
    verdict = check(top, play, rules, deck=deck, time_limit=time_limit)
    return {**verdict.to_dict(), "explanation": explain_verdict(verdict, lang)}


def solve_answer(
    top: Card, hand: Sequence[Card], rules: Rules, *, deck: Deck, time_limit: float, lang: str
) -> dict[str, Any]:
    """The cards playable alone and every legal calculation, with the explanation in ``lang``."""
    solution = solve(top, hand, rules, deck=deck, time_limit=time_limit)
    return {**solution.to_dict(), "explanation": explain_solution(solution, lang)}


def plan_answer(
    top: Card, hand: Sequence[Card], rules: Rules, *, count: int, deck: Deck, time_limit: float, lang: str
) -> dict[str, Any]:
    """The ``count`` best whole turns from ``top`` and ``hand``, with the explanation in ``lang``."""
    plans = plan_turn(Cover(top), hand, rules, count=count, deck=deck, time_limit=time_limit)
    return {
        "position": str(Position(top, tuple(hand), rules)),
        "rules": rules.to_dict(),
        "ranking": PLAN_RANKING,
        "turns": [plan.to_dict() for plan in plans],
        "explanation": explain_plans(top, hand, plans, lang),
    }


def score_answer(
    players: Sequence[str],
    finished: Sequence[str],
    *,
    master: Mapping[str, int],
    teams: Sequence[Sequence[str]] | None,
    cards_left: Mapping[str, int] | None,
    lang: str,
) -> dict[str, Any]:
    """A finished round's ranking and points, with the score table in ``lang``."""
    score = score_round(players, finished, master=master, teams=teams, cards_left=cards_left)
    return {**score.to_dict(), "explanation": explain_round_score(score, lang)}


def deck_answer(deck: Deck) -> dict[str, Any]:
    """The deck: every card face with its number of copies, the placeholder figures, and its size.

    >>> deck_answer(Deck.default())["size"]
    92
    """
    return {**deck.to_dict(), "size": deck.size}


def reference_answer(lang: str) -> dict[str, Any]:
    """Every violation code with its rulebook section and penalty, and every ruling, summarised in ``lang``."""
    return reference_document(ViolationCode, RULINGS, domain="tutor", lang=lang)

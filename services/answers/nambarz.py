"""Nambarz's answers: a verdict on a play or a turn, a hint, a hand's solution, the best turns, a score, the deck.

Each answer is the engine's result as JSON with its ``explanation`` in words,
in ``lang``.  The deck and a search's time limit are arguments: the HTTP API
passes its configured ones, the command line those of ``--deck`` and
``--time-limit``.

>>> from solver.nambarz import Card, Chain, Deck, Rules
>>> answer = check_answer(Card.parse("3bee"), Chain.parse("9 / 3"), Rules(), deck=Deck.default(), time_limit=1,
...                       lang="en")
>>> answer["legal"]
False
>>> print(answer["explanation"].splitlines()[0])
3 matches 3 bee, so it is played alone, not in a calculation. 3 stays on the table; you take back 9 and draw 3 cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from services.answers.common import reference_document
from solver.nambarz.cards import Card
from solver.nambarz.deck import Deck
from solver.nambarz.hand_solver import solve
from solver.nambarz.hint import hint
from solver.nambarz.jokers import Cover
from solver.nambarz.notation import Chain, Turn
from solver.nambarz.planner import plan_turn
from solver.nambarz.position import Position
from solver.nambarz.referee import Verdict, check
from solver.nambarz.rules import Rules
from solver.nambarz.rulings import RULINGS
from solver.nambarz.scoring import score_round
from solver.nambarz.turn import TurnVerdict, check_turn
from solver.nambarz.violations import ViolationCode
from tutor.nambarz import (
    explain_hint,
    explain_plans,
    explain_play_verdict,
    explain_round_score,
    explain_solution,
    explain_turn,
    violation_reasons,
)
from tutor.text import told_violations

PLAN_RANKING = "cards shed, then master-stroke points, then fewest answers to the top card left"
"""How :func:`plan_answer` ranks turns, as its answer says."""


def check_answer(
    top: Card, play: Chain | Turn, rules: Rules, *, deck: Deck, time_limit: float, lang: str
) -> dict[str, Any]:
    """The verdict on one play (a :class:`Chain`) or a whole turn, with its explanation in ``lang``.

    Each violation's ``message`` is in ``lang`` too, and ``message_en`` keeps the referee's English.
    """
    if isinstance(play, Turn):
        turn_verdict = check_turn(top, play, rules, deck=deck, time_limit=time_limit)
        return {**turn_document(turn_verdict, lang), "explanation": explain_turn(turn_verdict, lang)}
    verdict = check(top, play, rules, deck=deck, time_limit=time_limit)
    return {**verdict_document(verdict, lang), "explanation": explain_play_verdict(verdict, lang)}


def verdict_document(verdict: Verdict, lang: str) -> dict[str, Any]:
    """A play's verdict as JSON, each violation's ``message`` in ``lang`` and ``message_en`` in English.

    >>> from solver.nambarz import Card, Chain, check
    >>> document = verdict_document(check(Card.parse("3bee"), Chain.parse("5")), "de")
    >>> document["violations"][0]["message"], document["violations"][0]["message_en"]
    ('5 passt nicht zur obersten Karte 3 Biene', '5 does not match the top card 3bee: a matching card shows 3 or a bee')
    """
    document = verdict.to_dict()
    reasons = violation_reasons(verdict, lang)
    document["violations"] = told_violations(document["violations"], reasons)
    return document


def turn_document(turn_verdict: TurnVerdict, lang: str) -> dict[str, Any]:
    """A turn's verdict as JSON, its violations and each play's told in ``lang`` (``message_en`` in English)."""
    document = turn_verdict.to_dict()
    reasons = []
    for entry, play in zip(document["plays"], turn_verdict.plays, strict=True):
        if isinstance(play, Verdict):
            play_reasons = violation_reasons(play, lang)
            entry["violations"] = told_violations(entry["violations"], play_reasons)
            reasons += play_reasons
    document["violations"] = told_violations(document["violations"], reasons)
    return document


def hint_answer(
    top: Card, hand: Sequence[Card], rules: Rules, level: int, *, deck: Deck, time_limit: float, lang: str
) -> dict[str, Any]:
    """The hint of ``level`` (1: what exists, 2: a first step, 3: the best turn), its ``text`` in ``lang``.

    >>> answer = hint_answer(Card.parse("3"), [Card.parse("8")], Rules(), 1, deck=Deck.default(), time_limit=1,
    ...                      lang="en")
    >>> answer["text"]
    'Nothing in your hand covers 3: draw a card.'
    """
    revealed = hint(top, hand, rules, level, deck=deck, time_limit=time_limit)
    facts = revealed.to_dict()
    position = {key: facts.pop(key) for key in ("level", "top", "hand", "rules")}
    return {**position, "text": explain_hint(revealed, lang), **facts}


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

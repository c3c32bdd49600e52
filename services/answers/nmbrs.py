"""Nmbrs!'s answers: the verdict on a sequence, the verdict and score of a lay, a hint, the deck, the reference tables.

The deck (each number's colour and points) is an argument: the HTTP API
passes the one its configuration names, the command line the one of
``--deck``.

>>> from solver.nmbrs.rules import RuleSet
>>> from solver.nmbrs.sequences import Term
>>> answer = check_answer([Term.read(10), Term.read("J"), Term.read(30)], RuleSet.BASIC, lang="en")
>>> answer["values"], answer["explanation"].splitlines()[0]
([10, 20, 30], 'A sequence under the basic rules: 10 joker 30.')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from services.answers.common import reference_document
from solver.nmbrs.cards import Card
from solver.nmbrs.deck import NmbrsDeck
from solver.nmbrs.hint import hint
from solver.nmbrs.plays import Play
from solver.nmbrs.referee import LayVerdict, PlayVerdict, Position, judge_lay
from solver.nmbrs.rules import RuleSet
from solver.nmbrs.rulings import RULINGS
from solver.nmbrs.sequences import Term, judge_sequence
from solver.nmbrs.state import Game, Phase, State
from solver.nmbrs.table import Table
from solver.nmbrs.violations import ViolationCode
from tutor.nmbrs import (
    explain_deck,
    explain_hint,
    explain_lay,
    explain_sequence,
    play_violation_reasons,
    sequence_violation_reasons,
)
from tutor.text import told_violations


def check_answer(sequence: Sequence[Term], rules: RuleSet, *, lang: str) -> dict[str, Any]:
    """The verdict on ``sequence`` read in the order given, under ``rules``, with its explanation in ``lang``.

    Each violation's ``message`` is in ``lang`` too, and ``message_en`` keeps the referee's English.
    """
    verdict = judge_sequence(sequence, rules)
    document = verdict.to_dict()
    document["violations"] = told_violations(document["violations"], sequence_violation_reasons(verdict, lang))
    return {**document, "explanation": explain_sequence(verdict, lang)}


def lay_answer(
    table: Table,
    hand: Sequence[Card],
    plays: Sequence[Play],
    *,
    opened: bool,
    rules: RuleSet,
    deck: NmbrsDeck,
    lang: str,
) -> dict[str, Any]:
    """The verdict on the ``plays`` of a lay on ``table``, scored with ``deck``, with its explanation in ``lang``.

    Each violation's ``message``, in the lay's list and in each play's, is in
    ``lang`` too, and ``message_en`` keeps the referee's English.
    """
    return lay_document(judge_lay(Position(table, tuple(hand), opened, rules, deck), plays), lang)


def lay_document(verdict: LayVerdict, lang: str) -> dict[str, Any]:
    """A lay's verdict as JSON with its explanation in ``lang``, each violation told in ``lang`` too."""
    document = verdict.to_dict()
    told: dict[int, list[str]] = {}
    for number, play in enumerate(verdict.plays, start=1):
        if isinstance(play, PlayVerdict):
            told[number] = play_violation_reasons(play, lang)
            entry = document["plays"][number - 1]
            entry["violations"] = told_violations(entry["violations"], told[number])
    reasons = [reason for number in sorted(told) for reason in told[number]]
    document["violations"] = told_violations(document["violations"], reasons)
    return {**document, "explanation": explain_lay(verdict, lang)}


def hint_answer(
    table: Table, hand: Sequence[Card], *, opened: bool, rules: RuleSet, deck: NmbrsDeck, lang: str
) -> dict[str, Any]:
    """The play the greedy bot would lay from ``hand`` on ``table``: the legal play worth most points.

    The answer holds the ``play`` (as a lay request writes it) and the
    referee's ``verdict`` on laying it, with the hint in words in ``lang``;
    when no play scores, both are ``None`` and the words say to end the turn.

    >>> from solver.nmbrs.cards import parse_cards
    >>> answer = hint_answer(Table.parse("10@0,0 J=20@0,1 30@0,2"), parse_cards("40 5"), opened=True,
    ...                      rules=RuleSet.BASIC, deck=NmbrsDeck.default(), lang="en")
    >>> answer["play"], answer["verdict"]["score"]
    ({'kind': 'lay', 'cards': [{'row': 0, 'column': 3, 'card': '40'}]}, 2)
    >>> print(answer["explanation"].splitlines()[0])
    Suggestion: place 40 at row 1, column 4, for 2 points.
    """
    position = Position(table, tuple(hand), opened, rules, deck)
    suggestion = hint(_laying(position))
    if suggestion is None or suggestion.play is None:
        return {"game": "nmbrs", "play": None, "verdict": None, "explanation": explain_hint(None, lang)}
    verdict = judge_lay(position, [suggestion.play])
    return {
        "game": "nmbrs",
        "play": suggestion.play.to_dict(),
        "verdict": lay_document(verdict, lang),
        "explanation": explain_hint(verdict, lang),
    }


def _laying(position: Position) -> State:
    """A game at ``position``: the first of two seats lays, with its hand on the table given (the other's is empty)."""
    game = Game(players=2, rules=position.rules, deck=position.deck)
    return State(
        game,
        scores=[0, 0],
        phase=Phase.LAY,
        hands=[list(position.hand), []],
        table=position.table,
        opened=[position.opened, False],
    )


def deck_answer(deck: NmbrsDeck, *, lang: str) -> dict[str, Any]:
    """The deck's colours and points, its size, and its explanation in ``lang``."""
    return {**deck.to_dict(), "size": deck.size, "explanation": explain_deck(deck, lang)}


def reference_answer(lang: str) -> dict[str, Any]:
    """Every violation code with its numbered rule, and every ruling a verdict may name, summarised in ``lang``."""
    return reference_document(ViolationCode, RULINGS, domain="nmbrs", lang=lang)

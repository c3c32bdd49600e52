"""Nmbrs!'s answers: the verdict on a sequence, the verdict and score of a lay, the deck, the reference tables.

The deck (each number's colour and points) is an argument: the HTTP API
passes the one its configuration names, the command line the one of
``--deck``.

>>> from solver.nmbrs.rules import RuleSet
>>> from solver.nmbrs.sequences import Term
>>> answer = check_answer([Term.read(10), Term.read("J"), Term.read(30)], RuleSet.BASIC, lang="en")
>>> answer["values"], answer["explanation"].splitlines()[0]
([10, 20, 30], 'A sequence under the basic rules: 10 J 30.')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from services.answers.common import reference_document, told_violations
from solver.nmbrs.cards import Card
from solver.nmbrs.deck import NmbrsDeck
from solver.nmbrs.plays import Play
from solver.nmbrs.referee import PlayVerdict, Position, judge_lay
from solver.nmbrs.rules import RuleSet
from solver.nmbrs.rulings import RULINGS
from solver.nmbrs.sequences import Term, judge_sequence
from solver.nmbrs.table import Table
from solver.nmbrs.violations import ViolationCode
from tutor.nmbrs import explain_deck, explain_lay, explain_sequence, play_violation_reasons, sequence_violation_reasons


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
    verdict = judge_lay(Position(table, tuple(hand), opened, rules, deck), plays)
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


def deck_answer(deck: NmbrsDeck, *, lang: str) -> dict[str, Any]:
    """The deck's colours and points, its size, and its explanation in ``lang``."""
    return {**deck.to_dict(), "size": deck.size, "explanation": explain_deck(deck, lang)}


def reference_answer(lang: str) -> dict[str, Any]:
    """Every violation code with its numbered rule, and every ruling a verdict may name, summarised in ``lang``."""
    return reference_document(ViolationCode, RULINGS, domain="nmbrs", lang=lang)

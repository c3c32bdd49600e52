"""The Game's answers: the verdict on a whole play, the suggested turn, the deck, and the reference tables.

>>> from solver.thegame.referee import Placement, Position
>>> from solver.thegame.rules import Pile
>>> position = Position({Pile.ASC1: 47, Pile.ASC2: 1, Pile.DESC1: 65, Pile.DESC2: 100}, (37, 75, 12), 50)
>>> answer = check_answer(position, [Placement(37, "asc1"), Placement(75, "desc1")], lang="en")
>>> answer["legal"], answer["explanation"].splitlines()[0]
(True, 'Allowed: you laid 2 cards, and this turn needs at least 2.')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from services.answers.common import reference_document
from solver.thegame.cards import CARDS, FIRE_CARDS
from solver.thegame.hint import hint
from solver.thegame.referee import Placement, PlayVerdict, Position, check_play
from solver.thegame.rules import Pile
from solver.thegame.rulings import RULINGS
from solver.thegame.strategy import Request
from solver.thegame.violations import ViolationCode
from tutor.text import told_violations
from tutor.thegame import explain_hint, explain_play_verdict, play_violation_reasons


def check_answer(position: Position, play: Sequence[Placement], *, lang: str) -> dict[str, Any]:
    """The verdict on ``play`` from ``position``, placement by placement, with its explanation in ``lang``.

    Each violation's ``message`` is in ``lang`` too, and ``message_en`` keeps the referee's English.
    """
    verdict = check_play(position, play)
    return {**verdict_document(verdict, lang), "explanation": explain_play_verdict(verdict, lang)}


def verdict_document(verdict: PlayVerdict, lang: str) -> dict[str, Any]:
    """A play's verdict as JSON, each violation's ``message`` in ``lang`` and ``message_en`` in English."""
    document = verdict.to_dict()
    document["violations"] = told_violations(document["violations"], play_violation_reasons(verdict, lang))
    return document


def hint_answer(
    position: Position,
    *,
    played: Iterable[int] | None,
    requests: Sequence[Mapping[Pile, Request]],
    alone: bool,
    lang: str,
) -> dict[str, Any]:
    """The turn the strong bot suggests, judged by the referee, with its explanation in ``lang``.

    The suggestion uses only what the player may know: the position, the
    cards ``played`` so far and the teammates' pile ``requests``.  Raises
    :class:`~solver.errors.GameError` when ``played`` contradicts the position.
    """
    suggestion = hint(position, played=played, requests=requests, alone=alone)
    document = suggestion.to_dict()
    document["verdict"] = verdict_document(suggestion.verdict, lang)
    return {**document, "explanation": explain_hint(suggestion, lang)}


def deck_answer() -> dict[str, Any]:
    """The deck: every card with its number of copies (one of each number 2 to 99), the fire cards, and its size.

    >>> answer = deck_answer()
    >>> answer["size"], list(answer["cards"].items())[:2], answer["fire_cards"][:2]
    (98, [('2', 1), ('3', 1)], [22, 33])
    """
    return {
        "name": "The Game",
        "cards": {str(card): 1 for card in CARDS},
        "fire_cards": sorted(FIRE_CARDS),
        "size": len(CARDS),
    }


def reference_answer(lang: str) -> dict[str, Any]:
    """Every violation code with its rulebook section, and every ruling a verdict may name, summarised in ``lang``."""
    return reference_document(ViolationCode, RULINGS, domain="thegame", lang=lang)

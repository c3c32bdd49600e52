"""Quando's table of violation codes, each citing the rulebook section (its Italian heading) it enforces.

The tutor renders this table into words.

>>> VIOLATIONS[ViolationCode.KNOCK_TOO_EARLY].rule
'Fine del turno'
>>> ViolationCode.NOT_A_SET.reference.summary
'a play is a straight of exactly 3 consecutive numbers or any number of cards showing one number'
"""

from __future__ import annotations

from enum import Enum

from solver.verdicts import RuleReference

TURN = "Svolgimento del gioco"
STRAIGHT = "Possibilità A: Giocare una scala"
EQUAL_NUMBERS = "Possibilità B: Giocare numeri uguali"
TRIPLE = "Azione speciale: terna di numeri"
ROUND_END = "Fine del turno"


class ViolationCode(Enum):
    """Every way an action can break the rules of Quando."""

    WRONG_STEP = "wrong-step"
    EMPTY_PLAY = "empty-play"
    NOT_IN_HAND = "not-in-hand"
    NOT_A_SET = "not-a-set"
    KNOCK_TOO_EARLY = "knock-too-early"
    ALREADY_KNOCKED = "already-knocked"
    PASS_WITH_CARDS = "pass-with-cards"
    NOT_A_ZERO = "not-a-zero"
    MUST_FLIP_ZERO = "must-flip-zero"

    @property
    def reference(self) -> RuleReference:
        """The table entry for this code: the section it enforces and a summary."""
        return VIOLATIONS[self]


VIOLATIONS: dict[ViolationCode, RuleReference] = {
    ViolationCode.WRONG_STEP: RuleReference(
        TURN,
        summary="a turn is a play followed by exactly one draw, or a knock; after a triple the others act in turn",
    ),
    ViolationCode.EMPTY_PLAY: RuleReference(EQUAL_NUMBERS, summary="a play lays at least one card"),
    ViolationCode.NOT_IN_HAND: RuleReference(
        TURN, summary="the cards played must be in the player's hand, showing those numbers on their fronts"
    ),
    ViolationCode.NOT_A_SET: RuleReference(
        TURN,
        summary="a play is a straight of exactly 3 consecutive numbers or any number of cards showing one number",
    ),
    ViolationCode.KNOCK_TOO_EARLY: RuleReference(
        ROUND_END, summary="a player knocks only after playing cards at least twice in this round"
    ),
    ViolationCode.ALREADY_KNOCKED: RuleReference(
        ROUND_END, summary="after a knock the others play one last turn each; nobody knocks again"
    ),
    ViolationCode.PASS_WITH_CARDS: RuleReference(ROUND_END, summary="only a player with no cards left to play passes"),
    ViolationCode.NOT_A_ZERO: RuleReference(
        TRIPLE, summary="after a triple a player flips one of the zeros in their hand, never another card"
    ),
    ViolationCode.MUST_FLIP_ZERO: RuleReference(
        TRIPLE, summary="after a triple a player holding a zero flips it; only a player without zeros draws"
    ),
}


__all__ = ["VIOLATIONS", "ViolationCode"]

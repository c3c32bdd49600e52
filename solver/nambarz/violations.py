"""The one table of violation codes, each with the rulebook section it enforces.

``rule`` is the section that states the rule and ``penalty`` the section
of rule V that punishes it.  The tutor renders this table into words.

>>> VIOLATIONS[ViolationCode.NOT_MINIMAL].rule, VIOLATIONS[ViolationCode.NOT_MINIMAL].penalty
('III.2', 'V.1')
"""

from __future__ import annotations

from enum import Enum

from solver.verdicts import RuleReference, Violation


class ViolationCode(Enum):
    """Every way a play, or a turn's order of plays, can break the rules."""

    NO_MATCH = "no-match"
    MIXED_KINDS = "mixed-kinds"
    MATCHING_CARD_IN_CALCULATION = "matching-card-in-calculation"
    NOT_MINIMAL = "not-minimal"
    WRONG_RESULT = "wrong-result"
    OPERATION_NOT_ALLOWED = "operation-not-allowed"
    WRONG_JOKER = "wrong-joker"
    MATCHING_CARD_AFTER_JOKER = "matching-card-after-joker"
    JOKER_AFTER_JOKER = "joker-after-joker"
    JOKER_IN_CALCULATION = "joker-in-calculation"
    PLAY_WITHOUT_REPLAY = "play-without-replay"

    @property
    def reference(self) -> RuleReference:
        """The table entry for this code: its rule, its penalty and a summary."""
        return VIOLATIONS[self]


VIOLATIONS: dict[ViolationCode, RuleReference] = {
    ViolationCode.NO_MATCH: RuleReference(
        "III.1",
        penalty="V.4",
        summary="a single card must show the top card's number, or its figure if both are figure cards",
    ),
    ViolationCode.MIXED_KINDS: RuleReference(
        "III.2", penalty="V.3", summary="a calculation uses symbol cards only or figure cards only"
    ),
    ViolationCode.MATCHING_CARD_IN_CALCULATION: RuleReference(
        "III.2", penalty="V.2", summary="a card that matches the top card is played alone, never inside a calculation"
    ),
    ViolationCode.NOT_MINIMAL: RuleReference(
        "III.2",
        penalty="V.1",
        summary="a calculation uses the fewest cards: no part of it may reach the target by itself",
    ),
    ViolationCode.WRONG_RESULT: RuleReference(
        "III.2",
        penalty="V.4",
        summary="read left to right, every step stays in the arithmetic domain and the result is the top number",
    ),
    ViolationCode.OPERATION_NOT_ALLOWED: RuleReference(
        "VII", penalty="V.4", summary="only the operations agreed for the game may be used"
    ),
    ViolationCode.WRONG_JOKER: RuleReference(
        "IV",
        penalty="V.5",
        summary=(
            "a change joker covers only the kind of card it names and is followed by one card of the kind it allows"
        ),
    ),
    ViolationCode.MATCHING_CARD_AFTER_JOKER: RuleReference(
        "IV",
        penalty="V.1",
        summary="a card that matches the card under a change joker must be played alone, without the joker",
    ),
    ViolationCode.JOKER_AFTER_JOKER: RuleReference(
        "IV", penalty="V.5", summary="a change joker is never played directly on another change joker"
    ),
    ViolationCode.JOKER_IN_CALCULATION: RuleReference(
        "III.2",
        penalty="V.5",
        summary="a calculation is made of number cards of one kind; a joker is never part of it",
    ),
    ViolationCode.PLAY_WITHOUT_REPLAY: RuleReference(
        "IV",
        penalty="V",
        summary="a turn is one play; only a replay joker laid after a play lets the player play again",
    ),
}


__all__ = ["VIOLATIONS", "RuleReference", "Violation", "ViolationCode"]

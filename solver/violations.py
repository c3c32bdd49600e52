"""The one table of violation codes, each with the rulebook section it enforces.

``rule`` is the section that states the rule and ``penalty`` the section
of rule V that punishes it.  The tutor renders this table into words.

>>> VIOLATIONS[ViolationCode.NOT_MINIMAL].rule, VIOLATIONS[ViolationCode.NOT_MINIMAL].penalty
('III.2', 'V.1')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class ViolationCode(Enum):
    """Every way a matching play or a calculation can break the rules."""

    NO_MATCH = "no-match"
    MIXED_KINDS = "mixed-kinds"
    MATCHING_CARD_IN_CALCULATION = "matching-card-in-calculation"
    NOT_MINIMAL = "not-minimal"
    WRONG_RESULT = "wrong-result"
    OPERATION_NOT_ALLOWED = "operation-not-allowed"
    WRONG_JOKER = "wrong-joker"
    MATCHING_CARD_AFTER_JOKER = "matching-card-after-joker"
    JOKER_AFTER_JOKER = "joker-after-joker"


@dataclass(frozen=True)
class RuleReference:
    """Where a rule is stated, where its penalty is, and what it says in one line."""

    rule: str
    penalty: str
    summary: str


VIOLATIONS: dict[ViolationCode, RuleReference] = {
    ViolationCode.NO_MATCH: RuleReference(
        "III.1", "V.4", "a single card must show the top card's number, or its figure if both are figure cards"
    ),
    ViolationCode.MIXED_KINDS: RuleReference(
        "III.2", "V.3", "a calculation uses symbol cards only or figure cards only"
    ),
    ViolationCode.MATCHING_CARD_IN_CALCULATION: RuleReference(
        "III.2", "V.2", "a card that matches the top card is played alone, never inside a calculation"
    ),
    ViolationCode.NOT_MINIMAL: RuleReference(
        "III.2", "V.1", "a calculation uses the fewest cards: no part of it may reach the target by itself"
    ),
    ViolationCode.WRONG_RESULT: RuleReference(
        "III.2", "V.4", "read left to right, every step stays in the arithmetic domain and the result is the top number"
    ),
    ViolationCode.OPERATION_NOT_ALLOWED: RuleReference(
        "VII", "V.4", "only the operations agreed for the game may be used"
    ),
    ViolationCode.WRONG_JOKER: RuleReference(
        "IV",
        "V.5",
        "a change joker covers only the kind of card it names and is followed by one card of the kind it allows",
    ),
    ViolationCode.MATCHING_CARD_AFTER_JOKER: RuleReference(
        "IV", "V.1", "a card that matches the card under a change joker must be played alone, without the joker"
    ),
    ViolationCode.JOKER_AFTER_JOKER: RuleReference(
        "IV", "V.5", "a change joker is never played directly on another change joker"
    ),
}


@dataclass(frozen=True)
class Violation:
    """One broken rule in one play, with an English message about this play."""

    code: ViolationCode
    message: str

    @property
    def reference(self) -> RuleReference:
        """The table entry for this code."""
        return VIOLATIONS[self.code]

    def to_dict(self) -> dict[str, str]:
        """JSON form: ``code``, ``rule``, ``penalty`` and ``message``."""
        return {
            "code": self.code.value,
            "rule": self.reference.rule,
            "penalty": self.reference.penalty,
            "message": self.message,
        }

"""The table of The Game's violation codes, each citing the rulebook section that states the rule.

The Game's rulebook has no numbered sections, so ``rule`` is the Italian
section heading as printed.  The tutor renders this table into words.

>>> ViolationCode.WRONG_DIRECTION.reference.rule
'I mucchietti: regole per calare carte'
"""

from __future__ import annotations

from enum import Enum

from solver.verdicts import RuleReference, Violation

PILES_SECTION = "I mucchietti: regole per calare carte"
TURN_SECTION = "Svolgimento della partita"
END_SECTION = "Fine della partita"
ON_FIRE_SECTION = 'Espansione "On Fire"'


class ViolationCode(Enum):
    """Every way an action or a whole play can break the rules of The Game."""

    UNKNOWN_PILE = "unknown-pile"
    CARD_LAID_TWICE = "card-laid-twice"
    NOT_IN_HAND = "not-in-hand"
    WRONG_DIRECTION = "wrong-direction"
    TOO_FEW_CARDS = "too-few-cards"
    FIRE_UNCOVERED = "fire-uncovered"
    GAME_OVER = "game-over"
    REQUEST_WITHOUT_CARDS = "request-without-cards"

    @property
    def reference(self) -> RuleReference:
        """The table entry for this code: its rulebook section and a summary."""
        return VIOLATIONS[self]


VIOLATIONS: dict[ViolationCode, RuleReference] = {
    ViolationCode.UNKNOWN_PILE: RuleReference(
        PILES_SECTION, summary="there are four piles: two rising piles go up from 1, two falling piles go down from 100"
    ),
    ViolationCode.CARD_LAID_TWICE: RuleReference(
        TURN_SECTION, summary="each card is laid once; a card already on a pile cannot be laid again"
    ),
    ViolationCode.NOT_IN_HAND: RuleReference(TURN_SECTION, summary="a player lays only cards from their own hand"),
    ViolationCode.WRONG_DIRECTION: RuleReference(
        PILES_SECTION,
        summary="going up a card must be higher than the top, going down lower; or exactly ten back against the pile",
    ),
    ViolationCode.TOO_FEW_CARDS: RuleReference(
        TURN_SECTION,
        summary="a turn lays at least two cards (three in the pro version), one once the draw pile is empty",
    ),
    ViolationCode.FIRE_UNCOVERED: RuleReference(
        ON_FIRE_SECTION, summary="a fire card must be covered by the end of the next player's turn, or the game is lost"
    ),
    ViolationCode.GAME_OVER: RuleReference(END_SECTION, summary="no action is taken once the game has ended"),
    ViolationCode.REQUEST_WITHOUT_CARDS: RuleReference(
        TURN_SECTION, summary="a player with no cards left is out of the game and asks nothing of the others"
    ),
}


__all__ = ["VIOLATIONS", "Violation", "ViolationCode"]

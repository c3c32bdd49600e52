"""The one table of Nmbrs! violation codes, each with the numbered rule it enforces.

Rules are cited by their own numbers: ``"8"`` for rule 8, ``"Regolamento
avanzato 1–2"`` for the advanced rules, ``"Versione semplificata 5"`` for the
simplified version.  The tutor renders this table into words.

>>> ViolationCode.BAD_START.reference.rule
'Regolamento avanzato 1–2'
>>> [code.value for code in ViolationCode][:3]
['too-short', 'zero-step', 'not-arithmetic']
"""

from __future__ import annotations

from enum import Enum

from solver.verdicts import RuleReference


class ViolationCode(Enum):
    """Every way a sequence, a play or a turn action can break the rules of Nmbrs!."""

    TOO_SHORT = "too-short"
    ZERO_STEP = "zero-step"
    NOT_ARITHMETIC = "not-arithmetic"
    OUT_OF_RANGE = "out-of-range"
    BAD_START = "bad-start"
    JOKER_UNDETERMINED = "joker-undetermined"
    NOT_IN_HAND = "not-in-hand"
    NO_SEQUENCE_YET = "no-sequence-yet"
    CELL_TAKEN = "cell-taken"
    CANNOT_INSERT = "cannot-insert"
    NOT_ONE_LINE = "not-one-line"
    BAD_REPLACEMENT = "bad-replacement"
    NO_DISCARD = "no-discard"
    KEEP_LAST_CARD = "keep-last-card"
    WRONG_PHASE = "wrong-phase"
    DECLINED_CARD = "declined-card"
    EMPTY_DRAW_PILE = "empty-draw-pile"

    @property
    def reference(self) -> RuleReference:
        """The table entry for this code: its rule and a summary."""
        return VIOLATIONS[self]


VIOLATIONS: dict[ViolationCode, RuleReference] = {
    ViolationCode.TOO_SHORT: RuleReference(
        "9", summary="every line of cards, across and down, holds at least 3 cards; no card stands alone"
    ),
    ViolationCode.ZERO_STEP: RuleReference(
        "8", summary="a sequence goes up or down by a step that is not zero, so no number repeats"
    ),
    ViolationCode.NOT_ARITHMETIC: RuleReference(
        "8", summary="a sequence goes up or down by the same whole step from each card to the next"
    ),
    ViolationCode.OUT_OF_RANGE: RuleReference(
        "1", summary="a joker stands for a number of the cards in play: 1 to 100, or 1 to 50 in the simplified version"
    ),
    ViolationCode.BAD_START: RuleReference(
        "Regolamento avanzato 1–2",
        summary="advanced rules: counting a sequence back from its smallest number by its step ends exactly on 0 or 1",
    ),
    ViolationCode.JOKER_UNDETERMINED: RuleReference(
        "1", summary="a joker on the table stands for one number: its lines fix it, or the player names it when laying"
    ),
    ViolationCode.NOT_IN_HAND: RuleReference("8", summary="cards are laid and discarded from the player's own hand"),
    ViolationCode.NO_SEQUENCE_YET: RuleReference(
        "9",
        summary="until a player has laid a sequence of their own, they may only lay a new one clear of the table",
    ),
    ViolationCode.CELL_TAKEN: RuleReference("9", summary="a card is laid on an empty place of the table"),
    ViolationCode.CANNOT_INSERT: RuleReference(
        "9",
        summary="cards are inserted by sliding the cards beyond the gap along; they must not be tied back to the gap",
    ),
    ViolationCode.NOT_ONE_LINE: RuleReference(
        "10", summary="one play lays its cards in a single line, which is scored as one play"
    ),
    ViolationCode.BAD_REPLACEMENT: RuleReference(
        "12", summary="only a joker on the table is replaced, and only by the number card it stands for"
    ),
    ViolationCode.NO_DISCARD: RuleReference(
        "13", summary="every turn ends with a discard, so a player keeps a card to discard, even the last one"
    ),
    ViolationCode.KEEP_LAST_CARD: RuleReference(
        "Versione semplificata 5",
        summary="simplified version: the last card is not discarded; a player holding one card ends the turn",
    ),
    ViolationCode.WRONG_PHASE: RuleReference(
        "7", summary="a turn is draw, lay, discard, in that order; a declined discard is offered clockwise"
    ),
    ViolationCode.DECLINED_CARD: RuleReference(
        "7", summary="a player who declined the top discard draws a hidden card unless someone claimed it"
    ),
    ViolationCode.EMPTY_DRAW_PILE: RuleReference(
        "7", summary="claiming the discard, or declining it, needs a hidden card to draw"
    ),
}


__all__ = ["VIOLATIONS", "ViolationCode"]

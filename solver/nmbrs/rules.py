"""The three rule sets of Nmbrs!: basic (rules 1–15), advanced and simplified.

The advanced rules add one test to sequences; the simplified version changes
the cards, the starting points, the deal, the scoring and the last discard.
The two variations are never combined (ruling ``rule-sets-exclusive``).

>>> RuleSet.parse("Advanced").requires_start, RuleSet.SIMPLIFIED.highest_number
(True, 50)
>>> RuleSet.BASIC.hand_size(2), RuleSet.BASIC.hand_size(5), RuleSet.SIMPLIFIED.hand_size(2)
(9, 7, 7)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from enum import Enum

from solver.errors import RulesError, UnknownCardError, quoted
from solver.nmbrs.cards import HIGHEST_NUMBER, JOKER, JOKER_COUNT, Card

MIN_PLAYERS = 2
MAX_PLAYERS = 8
WINNING_SCORE = 100
SIMPLIFIED_HIGHEST_NUMBER = 50


class RuleSet(Enum):
    """Which rules apply: ``basic``, ``advanced`` or ``simplified``."""

    BASIC = "basic"
    ADVANCED = "advanced"
    SIMPLIFIED = "simplified"

    @classmethod
    def parse(cls, text: str) -> RuleSet:
        """Read a rule set's name, ignoring case.

        >>> RuleSet.parse("expert")
        Traceback (most recent call last):
        ...
        solver.errors.RulesError: 'expert' is not an Nmbrs! rule set: expected basic, advanced or simplified
        """
        try:
            return cls(text.strip().casefold())
        except ValueError:
            raise RulesError(
                f"{quoted(text)} is not an Nmbrs! rule set: expected basic, advanced or simplified"
            ) from None

    @property
    def highest_number(self) -> int:
        """The highest card, and the highest number a joker may stand for (rule 1; simplified 1)."""
        return SIMPLIFIED_HIGHEST_NUMBER if self is RuleSet.SIMPLIFIED else HIGHEST_NUMBER

    @property
    def requires_start(self) -> bool:
        """True when counting a sequence back by its step must reach 0 or 1 (advanced rules 1–2)."""
        return self is RuleSet.ADVANCED

    @property
    def starting_score(self) -> int:
        """Points each player starts with (rule 3; simplified 2)."""
        return 20 if self is RuleSet.SIMPLIFIED else 50

    @property
    def scores_by_count(self) -> bool:
        """True when a play scores one point per card instead of the printed values (simplified 4)."""
        return self is RuleSet.SIMPLIFIED

    @property
    def discards_last_card(self) -> bool:
        """True when the turn ends with a discard even of the last card (rule 13); false in simplified (5)."""
        return self is not RuleSet.SIMPLIFIED

    def require_cards(self, cards: Iterable[Card], *, what: str) -> None:
        """Check that ``cards`` (counted together) can all be in play at once under these rules.

        Each number exists once and only up to the highest number in play;
        there are four jokers.

        >>> RuleSet.SIMPLIFIED.require_cards([Card(75)], what="hand")
        Traceback (most recent call last):
        ...
        solver.errors.UnknownCardError: hand: 75 is not in play in the simplified version, which uses 1 to 50
        >>> RuleSet.BASIC.require_cards([Card(10), Card(10)], what="sequence")
        Traceback (most recent call last):
        ...
        solver.errors.UnknownCardError: sequence: 10 appears 2 times, but every number is a single card
        """
        counts = Counter(cards)
        for card, copies in sorted(counts.items(), key=lambda item: item[0].sort_key()):
            if card.number is not None and card.number > self.highest_number:
                raise UnknownCardError(
                    f"{what}: {card} is not in play in the {self.value} version, which uses 1 to {self.highest_number}"
                )
            if card.number is not None and copies > 1:
                raise UnknownCardError(f"{what}: {card} appears {copies} times, but every number is a single card")
        if counts[JOKER] > JOKER_COUNT:
            raise UnknownCardError(f"{what}: {counts[JOKER]} jokers, but the deck has {JOKER_COUNT}")

    def hand_size(self, players: int) -> int:
        """Cards dealt to each player (rule 4; simplified 3)."""
        if self is RuleSet.SIMPLIFIED:
            return 7 if players == 2 else 5
        return 9 if players == 2 else 7

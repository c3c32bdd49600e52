"""Progressive hints for a Nambarz position: what exists, a first step, then a full best turn.

Level 1 tells what the hand allows without naming a card: how many cards
match the top card, the sizes of the legal calculations, and whether one of
them is a master stroke.  Level 2 names the first card (and the operator
after it) of the best turn.  Level 3 gives that whole turn with its points.
The words of a hint, in the reader's language, are the tutor's
(:func:`tutor.nambarz.explain_hint`).

Decisions where the rules say nothing (they concern the tutor, not the game):

* ``hint-best-turn``: "best" is the planner's ranking
  (:func:`solver.nambarz.planner.plan_turn`: cards shed, then master-stroke
  points, then the hardest card left on top); levels 2 and 3 both describe
  its first turn, so the first step of level 2 is always the start of the
  turn level 3 shows.
* ``hint-cumulative``: a hint holds everything revealed up to its level
  (level 3 also carries the level 1 counts and the level 2 first card); its
  words say only what is new at its level.
* ``hint-draw``: when nothing in the hand can be played (no matching card, no
  calculation, no playable joker) every level says so: the player draws.
* ``hint-number-top``: hints need a number card on top, as the solver does; a
  joker on top is refused with :class:`~solver.errors.PlayError`.
* ``hint-limits``: the solver and the planner each search for at most
  ``time_limit`` seconds (the planner also stops at
  :data:`solver.nambarz.planner.MAX_STATES` states) and raise
  :class:`~solver.errors.SearchLimitError` past it.

>>> from solver.nambarz.cards import parse_cards
>>> first = hint(Card.parse("3bee"), parse_cards("10 4 2 7"), Rules(), 1)
>>> first.matching_cards, first.calculation_sizes, first.first_card
(0, (3, 2), None)
>>> str(hint(Card.parse("3bee"), parse_cards("10 4 2 7"), Rules(), 2).first_card)
'10'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from solver.errors import NambarzError, PlayError
from solver.nambarz.cards import Card
from solver.nambarz.deck import Deck
from solver.nambarz.hand_solver import solve
from solver.nambarz.jokers import Cover
from solver.nambarz.minimal_calculations import DEFAULT_TIME_LIMIT
from solver.nambarz.notation import Chain
from solver.nambarz.planner import PlannedTurn, plan_turn
from solver.nambarz.rules import Operator, Rules
from solver.nambarz.scoring import MASTER_STROKE_MIN_CARDS

HINT_LEVELS = (1, 2, 3)
"""The hint levels, from the vaguest to a full turn."""


@dataclass(frozen=True)
class Hint:
    """A hint at one level, with every fact revealed up to that level.

    ``first_card``/``first_operator`` are set from level 2 (the operator only
    when the first play is a calculation), ``turn`` at level 3; all three stay
    ``None`` when the player must draw.
    """

    level: int
    top: Card
    hand: tuple[Card, ...]
    rules: Rules
    matching_cards: int
    calculation_sizes: tuple[int, ...]
    master_stroke: bool
    must_draw: bool
    first_card: Card | None = None
    first_operator: Operator | None = None
    turn: PlannedTurn | None = None

    def at_level(self, level: int) -> Hint:
        """This hint as ``level`` reveals it: the facts of the levels above it left out.

        A page computes the highest level once and shows the lower ones from it.

        >>> best = hint(Card.parse("3bee"), [Card.parse("10"), Card.parse("4"), Card.parse("2")], Rules(), 3)
        >>> first = best.at_level(1)
        >>> first.level, first.first_card, first.turn, str(best.at_level(2).first_card)
        (1, None, None, '10')
        """
        if level not in HINT_LEVELS:
            raise NambarzError(f"expected a hint level from {min(HINT_LEVELS)} to {max(HINT_LEVELS)}, not {level!r}")
        return replace(
            self,
            level=level,
            first_card=self.first_card if level >= 2 else None,
            first_operator=self.first_operator if level >= 2 else None,
            turn=self.turn if level >= 3 else None,
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of the facts; the HTTP API and the command line add the hint's words as ``text``.

        >>> hint(Card.parse("4"), [Card.parse("4hen")], Rules(), 2).to_dict()["first_card"]
        '4hen'
        """
        return {
            "level": self.level,
            "top": str(self.top),
            "hand": [str(card) for card in self.hand],
            "rules": self.rules.to_dict(),
            "matching_cards": self.matching_cards,
            "calculation_sizes": list(self.calculation_sizes),
            "master_stroke": self.master_stroke,
            "must_draw": self.must_draw,
            "first_card": None if self.first_card is None else str(self.first_card),
            "first_operator": None if self.first_operator is None else self.first_operator.value,
            "turn": None if self.turn is None else self.turn.to_dict(),
        }


def hint(
    top: Card,
    hand: Sequence[Card],
    rules: Rules,
    level: int,
    *,
    deck: Deck | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Hint:
    """The hint of ``level`` (1, 2 or 3) for playing ``hand`` onto ``top``.

    Raises :class:`~solver.errors.NambarzError` for a level outside 1-3, a
    joker on top or cards the deck lacks, and
    :class:`~solver.errors.SearchLimitError` past ``time_limit``.

    >>> hint(Card.parse("3"), [Card.parse("8")], Rules(), 1).must_draw
    True
    >>> hint(Card.parse("3"), [Card.parse("8")], Rules(), 4)
    Traceback (most recent call last):
    ...
    solver.errors.NambarzError: hint level must be 1, 2 or 3, not 4
    """
    if isinstance(level, bool) or level not in HINT_LEVELS:
        raise NambarzError(f"hint level must be 1, 2 or 3, not {level!r}")
    if top.is_joker:
        raise PlayError(f"top card {top} is a joker; hints need the number card to cover")
    deck = deck or Deck.default()
    solution = solve(top, hand, rules, deck=deck, time_limit=time_limit)
    sizes = tuple(sorted({len(calculation.cards) for calculation in solution.calculations}, reverse=True))
    master_stroke = bool(sizes) and sizes[0] >= MASTER_STROKE_MIN_CARDS
    plans = plan_turn(Cover(top), hand, rules, count=1, deck=deck, time_limit=time_limit)
    facts = Hint(level, top, tuple(hand), rules, len(solution.matches), sizes, master_stroke, must_draw=not plans)
    if not plans or level == 1:
        return facts
    best = plans[0]
    first_play = best.plays[0]
    first_operator = first_play.operators[0] if isinstance(first_play, Chain) and first_play.is_calculation else None
    revealed = replace(facts, first_card=first_play.cards[0], first_operator=first_operator)
    return revealed if level == 2 else replace(revealed, turn=best)

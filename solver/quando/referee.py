"""The referee: judge one action of the player to move from their hand's fronts.

Legality is checked in layers: the input is read (errors for what cannot
be judged at all, such as a number outside 0–10 or a hand no deck can
show), then every rule of the step the player is at is checked and every
violation that applies is listed.

>>> verdict = check([3, 4, 5, 9, 0, 0, 7], Action.parse("play 3 4 5"), plays_made=1)
>>> verdict.legal, verdict.kind.value, verdict.hand_after
(True, 'straight', (9, 0, 0, 7))
>>> check([3, 4, 5, 9, 0, 0, 7], KNOCK, plays_made=1).codes
['knock-too-early']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from solver.errors import GameError
from solver.quando.cards import DECK_SIZE, can_show, require_numbers
from solver.quando.rules import KNOCK_AFTER_PLAYS, TRIPLE_SIZE, TurnKind, classify, remove_played
from solver.quando.state import KNOCK, Action, ActionKind, Step
from solver.quando.violations import ViolationCode
from solver.verdicts import BaseVerdict, Violation


@dataclass(frozen=True)
class Verdict(BaseVerdict):
    """The referee's answer on one action.

    ``kind`` is the kind of turn a legal play or knock makes; ``hand_after``
    the fronts left in hand after it, before any draw (``None`` when the
    action is illegal or, as a draw or flip, brings a number only the cards
    know).

    >>> check([8, 8, 8, 1], Action.parse("play 8 8 8"), plays_made=0).to_dict()["kind"]
    'triple'
    """

    game: ClassVar[str] = "quando"

    action: Action
    violations: tuple[Violation, ...]
    kind: TurnKind | None
    hand_after: tuple[int, ...] | None
    rulings: tuple[str, ...]

    @property
    def triple(self) -> bool:
        """True when the action is a triple, whose effect follows the player's draw."""
        return self.kind is TurnKind.TRIPLE

    def _detail_fields(self) -> dict[str, Any]:
        return {
            "action": str(self.action),
            "kind": None if self.kind is None else self.kind.value,
            "triple": self.triple,
            "hand_after": None if self.hand_after is None else list(self.hand_after),
        }


def check(
    hand: Sequence[int],
    action: Action,
    *,
    plays_made: int,
    last_round: bool = False,
    step: Step = Step.TURN,
) -> Verdict:
    """Judge ``action`` by a player whose hand shows ``hand`` (fronts, in the order held).

    ``plays_made`` counts the player's plays earlier in this round and
    ``last_round`` says whether someone has already knocked.  ``step`` is
    where the player stands: opening a turn (the default), drawing after a
    play, or answering another player's triple.

    Raises :class:`~solver.errors.GameError` for a hand that is not numbers
    from 0 to 10 that different cards can show, or a negative ``plays_made``.

    >>> check([0, 5], Action.parse("take visible"), plays_made=0, step=Step.TRIPLE_EFFECT).codes
    ['must-flip-zero']
    """
    fronts = require_numbers(hand, "hand")
    if not can_show(fronts):
        raise GameError(f"hand {list(fronts)}: no {DECK_SIZE}-card deck has different cards showing these numbers")
    if isinstance(plays_made, bool) or not isinstance(plays_made, int) or plays_made < 0:
        raise GameError(f"plays_made must be a whole number from 0, not {plays_made!r}")
    if step is Step.DRAW:
        return _judge_draw(action)
    if step is Step.TRIPLE_EFFECT:
        return _judge_triple_effect(fronts, action)
    if action.kind is ActionKind.PLAY:
        return _judge_play(fronts, action)
    if action.kind is ActionKind.KNOCK:
        return _judge_knock(fronts, plays_made, last_round)
    if action.kind is ActionKind.PASS:
        if fronts:
            message = f"the player holds {_cards(len(fronts))}, so plays or knocks instead"
            return _illegal(action, ViolationCode.PASS_WITH_CARDS, message)
        return Verdict(action, (), None, (), ("empty-hand-passes",))
    return _illegal(action, ViolationCode.WRONG_STEP, "nothing is played yet: a turn opens with a play or a knock")


def _judge_play(fronts: tuple[int, ...], action: Action) -> Verdict:
    numbers = action.numbers
    if not numbers:
        return _illegal(action, ViolationCode.EMPTY_PLAY, "the play names no card; lay at least one")
    violations = []
    missing = Counter(numbers) - Counter(fronts)
    if missing:
        held = Counter(fronts)
        needed = " and ".join(f"{number} {_times(Counter(numbers)[number])}" for number in sorted(missing))
        shown = " and ".join(
            f"{number} {_times(held[number])}" if held[number] else f"no {number}" for number in sorted(missing)
        )
        message = f"the play needs {needed}, but the hand {list(fronts)} shows {shown}"
        violations.append(Violation(ViolationCode.NOT_IN_HAND, message))
    kind = classify(numbers)
    if kind is None:
        violations.append(Violation(ViolationCode.NOT_A_SET, _why_not_a_set(numbers)))
    rulings = ("triple-exactly-three",) if len(numbers) >= TRIPLE_SIZE and len(set(numbers)) == 1 else ()
    if violations:
        return Verdict(action, tuple(violations), None, None, rulings)
    return Verdict(action, (), kind, remove_played(fronts, numbers), rulings)


def _why_not_a_set(numbers: tuple[int, ...]) -> str:
    written = " ".join(map(str, numbers))
    distinct = sorted(set(numbers))
    if len(distinct) == len(numbers) and distinct == list(range(distinct[0], distinct[0] + len(distinct))):
        return f"{written} are {len(numbers)} consecutive numbers, but a straight is exactly 3 cards"
    return f"{written} is neither a straight of exactly 3 consecutive numbers nor cards of one number"


def _judge_knock(fronts: tuple[int, ...], plays_made: int, last_round: bool) -> Verdict:
    violations = []
    rulings = ["knock-after-two-plays"]
    if plays_made < KNOCK_AFTER_PLAYS:
        played = f"played {_times(plays_made)}" if plays_made else "not played yet"
        message = f"the player has {played} this round; knocking needs {KNOCK_AFTER_PLAYS} plays"
        violations.append(Violation(ViolationCode.KNOCK_TOO_EARLY, message))
    if last_round:
        rulings.append("one-knock-per-round")
        message = "someone has already knocked: this is the last round, played without another knock"
        violations.append(Violation(ViolationCode.ALREADY_KNOCKED, message))
    if violations:
        return Verdict(KNOCK, tuple(violations), None, None, tuple(rulings))
    return Verdict(KNOCK, (), TurnKind.KNOCK, fronts, tuple(rulings))


def _judge_draw(action: Action) -> Verdict:
    if action.kind is ActionKind.TAKE:
        return Verdict(action, (), None, None, ())
    message = "after a play the player draws one card: take visible or take hidden"
    return _illegal(action, ViolationCode.WRONG_STEP, message)


def _judge_triple_effect(fronts: tuple[int, ...], action: Action) -> Verdict:
    zeros = [position for position, front in enumerate(fronts, start=1) if front == 0]
    if action.kind is ActionKind.FLIP:
        if action.position in zeros:
            return Verdict(action, (), None, None, ("flip-by-position",))
        if action.position is not None and action.position > len(fronts):
            where = f"the hand holds only {_cards(len(fronts))}"
        else:
            where = f"the card at position {action.position} shows {fronts[(action.position or 1) - 1]}"
        return _illegal(action, ViolationCode.NOT_A_ZERO, f"{where}; {_zeros_at(zeros)}")
    if action.kind is ActionKind.TAKE:
        if zeros:
            message = f"{_zeros_at(zeros)}: flip one instead of drawing"
            return _illegal(action, ViolationCode.MUST_FLIP_ZERO, message)
        return Verdict(action, (), None, None, ())
    message = "the player answers another player's triple: flip a zero, or draw when holding none"
    return _illegal(action, ViolationCode.WRONG_STEP, message)


def _illegal(action: Action, code: ViolationCode, message: str) -> Verdict:
    return Verdict(action, (Violation(code, message),), None, None, ())


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _zeros_at(positions: Sequence[int]) -> str:
    if not positions:
        return "the hand holds no zero"
    if len(positions) == 1:
        return f"the hand's zero is at position {positions[0]}"
    return f"the hand's zeros are at positions {', '.join(map(str, positions))}"

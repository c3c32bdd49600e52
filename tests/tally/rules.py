"""Tally, a game that exists only in the tests: its rules, state, verdicts, bots and review.

Two to four players add 1, 2 or 3 in turn to a running total that starts
at 0; whoever brings it to exactly :data:`TARGET` wins, and no one may go
past it.  It has no cards and no chance, so it is small enough to read in
one sitting; it is here to prove that a game registered in every layer's
registry gets its endpoints, its command, its check page and a playable
table, with no edit to a shared module.

>>> state = Game(players=2).new_state()
>>> state.apply(Action.parse("3")).legal, state.total, state.to_move
(True, 3, 1)
>>> [violation.code.value for violation in state.check(Action.parse("5")).violations]
['too-many']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, Self

from solver.errors import GameError, IllegalMoveError, NotationError, quoted
from solver.review import Mark, TurnAction, TurnReview, TurnRules
from solver.rulings import PROJECT, Ruling
from solver.verdicts import BaseVerdict, RuleReference, Violation

NAME = "tally"
"""The game's name in the API's paths, the command line and the pages."""

TARGET = 10
"""The total that wins."""

STEPS = (1, 2, 3)
"""What a player may add in one turn."""


class ViolationCode(Enum):
    """Every way a move of Tally can break its rules."""

    TOO_MANY = "too-many"
    PAST_TARGET = "past-target"

    @property
    def reference(self) -> RuleReference:
        """The rule the code enforces."""
        return VIOLATIONS[self]


VIOLATIONS = {
    ViolationCode.TOO_MANY: RuleReference("1", summary="a turn adds 1, 2 or 3 to the total"),
    ViolationCode.PAST_TARGET: RuleReference("2", summary=f"the total may not go past {TARGET}"),
}

RULINGS = {"exact-target": Ruling(f"only a total of exactly {TARGET} wins", PROJECT)}


@dataclass(frozen=True)
class Action:
    """What a player adds to the total."""

    step: int

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action written as a whole number.

        >>> Action.parse(" 2 "), str(Action(3))
        (Action(step=2), '3')
        """
        written = text.strip()
        if not written.isdigit() or len(written) > 3:
            raise NotationError(f"expected a whole number such as '2', not {quoted(text)}")
        return cls(int(written))

    def __str__(self) -> str:
        return str(self.step)


@dataclass(frozen=True)
class Verdict(BaseVerdict):
    """The referee's answer on one move: the move, the total before it, and what it breaks."""

    game: ClassVar[str] = NAME
    action: Action
    total: int
    violations: tuple[Violation, ...]
    rulings: tuple[str, ...] = ("exact-target",)

    def _subject_fields(self) -> dict[str, Any]:
        return {"action": str(self.action), "total": self.total}


def judge(total: int, action: Action) -> Verdict:
    """The verdict on adding ``action`` to ``total``.

    >>> judge(9, Action(2)).codes
    ['past-target']
    """
    violations = []
    if action.step not in STEPS:
        violations.append(Violation(ViolationCode.TOO_MANY, f"{action.step} is not 1, 2 or 3"))
    elif total + action.step > TARGET:
        violations.append(
            Violation(ViolationCode.PAST_TARGET, f"{total} + {action.step} = {total + action.step} goes past {TARGET}")
        )
    return Verdict(action, total, tuple(violations))


@dataclass(frozen=True)
class Game:
    """The settings: how many play."""

    players: int

    def new_state(self) -> State:
        """The game before the first move."""
        return State(self.players)


@dataclass
class State:
    """The total, who moves next and who won."""

    players: int
    total: int = 0
    turn: int = 0
    winner: int | None = None

    @property
    def is_over(self) -> bool:
        """True once someone reached the target."""
        return self.winner is not None

    @property
    def to_move(self) -> int | None:
        """The seat that moves next."""
        return None if self.is_over else self.turn % self.players

    def legal_actions(self) -> Sequence[Action]:
        """Every step that does not pass the target."""
        return [] if self.is_over else [Action(step) for step in STEPS if self.total + step <= TARGET]

    def check(self, action: Action) -> Verdict:
        """The verdict on ``action``; nothing changes."""
        if self.is_over:
            raise GameError("the game is over")
        return judge(self.total, action)

    def apply(self, action: Action) -> Verdict:
        """Add ``action`` to the total; an illegal one is refused."""
        verdict = self.check(action)
        if not verdict.legal:
            raise IllegalMoveError(verdict.violations[0].message, verdict)
        mover = self.to_move
        self.total += action.step
        self.turn += 1
        if self.total == TARGET:
            self.winner = mover
        return verdict

    def returns(self) -> list[int]:
        """1 for the winner, 0 for everyone else."""
        return [int(seat == self.winner) for seat in range(self.players)]

    def to_dict(self) -> dict[str, Any]:
        """Everything the game needs to go on."""
        return {"players": self.players, "total": self.total, "turn": self.turn, "winner": self.winner}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """The state written by :meth:`to_dict`."""
        return cls(int(data["players"]), int(data["total"]), int(data["turn"]), data["winner"])


def seat_view(state: State, seat: int) -> dict[str, Any]:
    """What a seat sees: everything, as nothing is hidden."""
    return {
        "seat": seat,
        "to_move": state.to_move,
        "is_over": state.is_over,
        "hand": [],
        "hand_sizes": [0] * state.players,
        "draw_pile": 0,
        "returns": state.returns(),
        "table": {"total": state.total, "target": TARGET, "winners": [] if state.winner is None else [state.winner]},
    }


def best_step(total: int) -> int:
    """The step that leaves the others a multiple of four to go, else 1.

    >>> best_step(0), best_step(5)
    (2, 1)
    """
    step = (TARGET - total) % 4
    return step if step in STEPS else 1


@dataclass
class Bot:
    """``perfect`` leaves a multiple of four to go; ``random`` adds any legal step."""

    kind: str
    seed: int = 0
    _random: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)

    def choose(self, state: State) -> Action:
        """The bot's move on ``state``."""
        if self.kind == "perfect":
            return Action(best_step(state.total))
        return self._random.choice(list(state.legal_actions()))


def make_bot(kind: str, *, seed: int = 0) -> Bot:
    """A bot of ``kind`` (``perfect`` or ``random``)."""
    return Bot(kind, seed)


def _judge_turn(start: State, actions: Sequence[TurnAction], seat: int, turn: int) -> TurnReview | None:
    number, mover, text = actions[0]
    if mover != seat:
        return None
    step, best = Action.parse(text).step, best_step(start.total)
    mark = Mark.BEST if step == best or (TARGET - start.total) % 4 == 0 else Mark.LOST_POINTS
    return TurnReview(turn, (number,), (text,), (str(best),), {"step": step}, {"step": best}, mark, {}, {})


TURNS = TurnRules(begins=lambda state: True, judge=_judge_turn, parse=Action.parse)
"""Every turn is one move, judged against the perfect bot's."""


def replay(game: Game, actions: Sequence[Action]) -> State:
    """The state after ``actions`` from the start."""
    state = game.new_state()
    for action in actions:
        state.apply(action)
    return state

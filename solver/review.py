"""What every game's review shares: turns, one judged turn, its marks, and the totals of a review.

A review compares each completed turn of one seat with the best turn the
engine finds from what that seat knew when the turn began (each game's
``review.py`` says what that is).  Each game tells where a turn begins and
judges one finished turn from the state it began in (:class:`TurnRules`);
:func:`review_actions` replays a list of actions and judges each finished
turn of a seat, and a server may judge each turn as it ends instead, so that
a review never has to replay a long game.  A :class:`TurnReview` holds the
turn's actions, the engine's best turn, both measured the same way, the
:class:`Mark` that sums the comparison up, and how much the turn fell short
on each measure.

The marks, few on purpose:

=============== ==================================================================
``best``        as good as the engine's best turn by the game's measures
``good``        behind only a little: Nambarz, the same cards and points but an
                easier card left on top; The Game and Quando, within a small
                margin of the best
``lost-cards``  fewer cards shed (Nambarz) or laid (The Game, where every card
                counts: once the draw pile is empty, or when the turn lost the game)
``lost-points`` Nambarz, as many cards but fewer master-stroke points;
                Nmbrs!, fewer points scored
``penalised``   Nambarz, a play penalised under rule V
``wider-gap``   The Game, clearly more cards shut out of the piles
``higher-sum``  Quando, a clearly higher expected hand sum
``unreviewed``  the engine's search ran past its time limit on this turn
=============== ==================================================================

>>> review = TurnReview(3, (5, 6), ("7fish + 3bee", "pass"), ("7fish + 3bee", "pass"),
...                     {"cards": 2}, {"cards": 2}, Mark.BEST, {"cards": 0}, {})
>>> review.to_dict()["mark"], review.is_best
('best', True)
>>> totals([review]).to_dict()
{'turns': 1, 'best': 1, 'marks': {'best': 1}, 'lost': {'cards': 0}}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from solver.contract import GameState
from solver.errors import GameError

Measure = int | float
"""A turn's measure: a count of cards or points, or an expected sum."""

TurnAction = tuple[int, int, str]
"""One action of a turn: its number in the game's actions (from 1), the seat that took it, its text."""


class Mark(Enum):
    """How a turn compares with the engine's best (see the table in the module's documentation)."""

    BEST = "best"
    GOOD = "good"
    LOST_CARDS = "lost-cards"
    LOST_POINTS = "lost-points"
    PENALISED = "penalised"
    WIDER_GAP = "wider-gap"
    HIGHER_SUM = "higher-sum"
    UNREVIEWED = "unreviewed"


@dataclass(frozen=True)
class TurnReview:
    """One completed turn of the reviewed seat, next to the engine's best turn from what the seat knew.

    ``turn`` counts every seat's turns in the game from 1; ``actions`` are
    the 1-based numbers, in the reviewed list of actions, of the seat's
    actions in the turn, and ``played`` their text.  ``best`` is the
    engine's best turn in the game's notation (empty when it was not
    found: ``unreviewed``).  ``measures`` and ``best_measures`` measure
    both the same way; ``lost`` says by how much the turn fell short on each
    measure (0 when it did not).  ``details`` holds what the words need.
    """

    turn: int
    actions: tuple[int, ...]
    played: tuple[str, ...]
    best: tuple[str, ...]
    measures: Mapping[str, Measure]
    best_measures: Mapping[str, Measure]
    mark: Mark
    lost: Mapping[str, Measure]
    details: Mapping[str, Any]

    @property
    def is_best(self) -> bool:
        """True when the turn matched the engine's best."""
        return self.mark is Mark.BEST

    @classmethod
    def unreviewed(cls, turn: int, actions: Sequence[TurnAction]) -> TurnReview:
        """A turn the engine could not judge (its search ran out of time): what was played, and nothing else.

        >>> TurnReview.unreviewed(2, [(4, 1, "pass")]).to_dict()["mark"]
        'unreviewed'
        """
        return cls(
            turn,
            tuple(number for number, _, _ in actions),
            tuple(text for _, _, text in actions),
            (),
            {},
            {},
            Mark.UNREVIEWED,
            {},
            {},
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TurnReview:
        """Read the JSON form of :meth:`to_dict` back.

        >>> review = TurnReview(1, (1,), ("8",), ("8",), {"cards": 1}, {"cards": 1}, Mark.BEST, {"cards": 0}, {})
        >>> TurnReview.from_dict(review.to_dict()) == review
        True
        """
        return cls(
            int(data["turn"]),
            tuple(int(number) for number in data["actions"]),
            tuple(str(text) for text in data["played"]),
            tuple(str(text) for text in data["best"]),
            dict(data["measures"]),
            dict(data["best_measures"]),
            Mark(data["mark"]),
            dict(data["lost"]),
            dict(data["details"]),
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON form, the fields by name, the mark as its code."""
        return {
            "turn": self.turn,
            "actions": list(self.actions),
            "played": list(self.played),
            "best": list(self.best),
            "measures": dict(self.measures),
            "best_measures": dict(self.best_measures),
            "mark": self.mark.value,
            "lost": dict(self.lost),
            "details": dict(self.details),
        }


@dataclass(frozen=True)
class ReviewTotals:
    """A review in numbers: turns reviewed, how many matched the best, each mark's count, what was lost in all."""

    turns: int
    best: int
    marks: Mapping[Mark, int]
    lost: Mapping[str, Measure]

    def to_dict(self) -> dict[str, Any]:
        """JSON form; ``marks`` lists only the marks given, in the order of :class:`Mark`."""
        return {
            "turns": self.turns,
            "best": self.best,
            "marks": {mark.value: self.marks[mark] for mark in Mark if self.marks.get(mark)},
            "lost": dict(self.lost),
        }


def totals(reviews: Sequence[TurnReview]) -> ReviewTotals:
    """The totals of ``reviews``: each mark counted, each measure's shortfall added up.

    >>> totals([]).to_dict()
    {'turns': 0, 'best': 0, 'marks': {}, 'lost': {}}
    """
    marks = Counter(review.mark for review in reviews)
    lost: dict[str, Measure] = {}
    for review in reviews:
        for measure, amount in review.lost.items():
            lost[measure] = _tidy(lost.get(measure, 0) + amount)
    return ReviewTotals(len(reviews), marks[Mark.BEST], dict(marks), lost)


def shortfall(played: Measure, best: Measure, *, higher_is_better: bool = True) -> Measure:
    """How far ``played`` falls short of ``best``: 0 when it does not.

    >>> shortfall(2, 5), shortfall(6, 5), shortfall(7.5, 5.25, higher_is_better=False)
    (3, 0, 2.25)
    """
    gap = best - played if higher_is_better else played - best
    return _tidy(max(gap, 0))


DECIMALS = 4
"""Expected sums are written rounded to this many decimals, as the hints write them."""


def _tidy(value: Measure) -> Measure:
    return round(value, DECIMALS) if isinstance(value, float) else value


def require_seat(seat: object, seats: int) -> int:
    """``seat`` as a seat of a game of ``seats`` players, else a :class:`~solver.errors.GameError` naming it.

    >>> require_seat(3, 2)
    Traceback (most recent call last):
    ...
    solver.errors.GameError: seat 3: the game's seats are 0 to 1
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise GameError(f"seat {seat!r}: the game's seats are 0 to {seats - 1}")
    return seat


def require_mover(number: int, seat: int, action: str, to_move: int | None) -> None:
    """Refuse action ``number`` (1-based) by ``seat`` unless that seat is the one to move.

    >>> require_mover(4, 1, "pass", 0)
    Traceback (most recent call last):
    ...
    solver.errors.GameError: action 4 (pass) is by seat 1, but seat 0 is to move
    """
    if to_move is None:
        raise GameError(f"action {number} ({action}) comes after the end of the game")
    if seat != to_move:
        raise GameError(f"action {number} ({action}) is by seat {seat}, but seat {to_move} is to move")


@dataclass(frozen=True)
class TurnRules:
    """How a game's review reads its turns: where one begins, and how a finished turn is judged."""

    begins: Callable[[Any], bool]
    """True when the state's next action opens a turn."""
    judge: Callable[[Any, Sequence[TurnAction], int, int], TurnReview | None]
    """The review of the finished turn numbered as given, played from the state it began in by the actions,
    for the seat given; ``None`` when it is not that seat's turn or there was nothing to choose.  The state is
    not changed."""
    parse: Callable[[str], Any]
    """Reads an action in the game's notation."""

    def is_over(self, state: GameState[Any]) -> bool:
        """True when the turn being played has ended: the next action opens a turn, or the game is over."""
        return state.is_over or self.begins(state)


def review_actions(
    rules: TurnRules, initial_state: GameState[Any], actions: Sequence[tuple[int, str]], seat: int
) -> list[TurnReview]:
    """Each finished turn of ``seat`` in ``actions`` (seat, action), played from ``initial_state``, judged.

    Turns are numbered from 1, counting every seat's turns; a turn still
    going on at the end of ``actions`` is left out.  ``initial_state`` is not
    changed.  Raises :class:`~solver.errors.GameError` for a seat outside
    the game, an action by a seat not to move, or an action the game refuses.
    """
    require_seat(seat, len(initial_state.returns()))  # one return per seat, in every game
    state = copy_state(initial_state)
    reviews: list[TurnReview] = []
    turns = 0
    start: GameState[Any] | None = None
    turn: list[TurnAction] = []
    for number, (mover, text) in enumerate(actions, start=1):
        require_mover(number, mover, text, state.to_move)
        if rules.begins(state):
            turns += 1
            start, turn = (copy_state(state) if mover == seat else None), []
        state.apply(rules.parse(text))
        if start is None:
            continue
        turn.append((number, mover, text))
        if rules.is_over(state):
            review = rules.judge(start, turn, seat, turns)
            if review is not None:
                reviews.append(review)
            start = None
    return reviews


def copy_state(state: GameState[Any]) -> Any:
    """An independent copy of ``state``, through its JSON form."""
    return type(state).from_dict(state.to_dict())

"""The referee for plays on the table: legality, the lines formed or changed, and the score (rules 8–13).

A play is judged against a :class:`Position`: the table, the player's hand,
whether they have already laid a sequence (this turn or earlier), the rules
and the deck.  The checks come in layers, every fault found is listed:

1. the cards come from the hand (``not-in-hand``; nothing else is judged
   without them) and, unless the simplified version applies, one card is
   kept for the discard (``no-discard``);
2. the play fits the table: empty cells (``cell-taken``), room to slide the
   cards beyond a gap (``cannot-insert``), a single line (``not-one-line``),
   clear of the table before a first sequence (``no-sequence-yet``); a swap
   names a joker and the number it stands for (``bad-replacement``);
3. every line the play forms or changes is a sequence of at least three
   cards under the rules (``too-short``, ``zero-step``, ``not-arithmetic``,
   ``out-of-range``, ``bad-start``), and every joker laid stands for a known
   number (``joker-undetermined``).

>>> from solver.nmbrs.cards import parse_cards
>>> position = Position(Table.parse("10@0,0 20@0,1 30@0,2"), tuple(parse_cards("40 15 25 J")), opened=True)
>>> verdict = judge_play(position, Play.parse("lay 40@0,3"))
>>> verdict.legal, verdict.score.total, str(verdict.after.table)
(True, 2, '10@0,0 20@0,1 30@0,2 40@0,3')
>>> inserted = judge_play(position, Play.parse("insert row 15@0,1 25@0,3"))
>>> str(inserted.after.table), [str(line.line) for line in inserted.lines]
('10@0,0 15@0,1 20@0,2 25@0,3 30@0,4', ['row from 0,0: 10 15 20 25 30'])
>>> judge_play(position, Play.parse("lay 15@0,3")).codes
['not-arithmetic']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from solver.nmbrs.cards import HIGHEST_NUMBER, JOKER, LOWEST_NUMBER, Card
from solver.nmbrs.deck import NmbrsDeck
from solver.nmbrs.plays import Play, PlayKind
from solver.nmbrs.rules import RuleSet
from solver.nmbrs.scoring import PlayScore, replacement_score, score_play
from solver.nmbrs.sequences import Fit, Term, fit_values
from solver.nmbrs.table import Axis, Cell, Line, Table, run_through
from solver.nmbrs.violations import ViolationCode
from solver.verdicts import BaseVerdict, Violation

__all__ = ["JudgedLine", "LayVerdict", "PlayVerdict", "Position", "SkippedPlay", "judge_lay", "judge_play"]


@dataclass(frozen=True)
class Position:
    """What a play is judged against: table, hand, whether the player has laid a sequence, rules and deck."""

    table: Table
    hand: tuple[Card, ...]
    opened: bool = False
    rules: RuleSet = RuleSet.BASIC
    deck: NmbrsDeck = field(default_factory=NmbrsDeck.default)

    def require_valid(self) -> None:
        """Raise a :class:`~solver.errors.NambarzError` naming the fault of a position given as input.

        The table must be valid, and the table and hand together must be
        cards that can be in play at once.

        >>> from solver.nmbrs.cards import parse_cards
        >>> Position(Table.parse("10@0,0 20@0,1 30@0,2"), tuple(parse_cards("20 J"))).require_valid()
        Traceback (most recent call last):
        ...
        solver.errors.UnknownCardError: table and hand: 20 appears 2 times, but every number is a single card
        """
        self.table.require_valid(self.rules)
        self.rules.require_cards([*self.table.cards(), *self.hand], what="table and hand")

    def to_dict(self) -> dict[str, Any]:
        """JSON form: rules, table, hand and ``opened``."""
        return {
            "rules": self.rules.value,
            "table": self.table.to_list(),
            "hand": [str(card) for card in self.hand],
            "opened": self.opened,
        }


@dataclass(frozen=True)
class JudgedLine:
    """A line the play formed or changed, with the numbers its jokers stand for, and how it fits."""

    line: Line
    fit: Fit

    @property
    def legal(self) -> bool:
        """True when the line is a sequence under the rules."""
        return not self.fit.violations

    def to_dict(self) -> dict[str, Any]:
        """JSON form: axis, first cell, cards, step, direction and legality."""
        step = self.fit.step
        return {
            "axis": self.line.axis.value,
            "start": str(self.line.cells[0]),
            "sequence": [str(term) for term in self.line.terms],
            "step": step,
            "direction": None if step is None else ("ascending" if step > 0 else "descending"),
            "legal": self.legal,
        }


@dataclass(frozen=True)
class PlayVerdict(BaseVerdict):
    """The referee's answer about one play: violations, lines, score and the position after it."""

    game: ClassVar[str] = "nmbrs"

    play: Play
    before: Position
    violations: tuple[Violation, ...]
    lines: tuple[JudgedLine, ...] = ()
    score: PlayScore | None = None
    after_legal: Position | None = None
    extra_rulings: tuple[str, ...] = ()

    @property
    def after(self) -> Position:
        """The position after the play; an illegal play changes nothing."""
        return self.after_legal if self.after_legal is not None else self.before

    @property
    def points(self) -> int:
        """What the play adds to the player's score (an illegal play has no score)."""
        return 0 if self.score is None else self.score.total

    @property
    def rulings(self) -> tuple[str, ...]:
        """The rulings this verdict relied on."""
        found = list(self.extra_rulings)
        if self.score is not None:
            found += self.score.rulings
        return tuple(dict.fromkeys(found))

    def entry(self) -> dict[str, Any]:
        """The play's part of a lay's JSON form."""
        return {
            "play": str(self.play),
            "legal": self.legal,
            "violations": [violation.to_dict() for violation in self.violations],
            "lines": [line.to_dict() for line in self.lines],
            "score": None if self.score is None else self.score.to_dict(),
        }

    def _detail_fields(self) -> dict[str, Any]:
        return {
            "play": str(self.play),
            "lines": [line.to_dict() for line in self.lines],
            "score": None if self.score is None else self.score.to_dict(),
            "table_after": self.after.table.to_list(),
            "hand_after": [str(card) for card in self.after.hand],
        }


@dataclass(frozen=True)
class SkippedPlay:
    """A play written after an illegal one: it is not judged."""

    play: Play

    def entry(self) -> dict[str, Any]:
        """JSON form: the play, ``skipped`` and why."""
        return {"play": str(self.play), "skipped": True, "reason": "an earlier play of the lay is illegal"}


@dataclass(frozen=True)
class LayVerdict(BaseVerdict):
    """The referee's answer about a whole lay: every play in order, the total score and the position after."""

    game: ClassVar[str] = "nmbrs"

    before: Position
    plays: tuple[PlayVerdict | SkippedPlay, ...]

    @property
    def judged(self) -> list[PlayVerdict]:
        """The plays that were judged, in order."""
        return [play for play in self.plays if isinstance(play, PlayVerdict)]

    @property
    def violations(self) -> tuple[Violation, ...]:
        """Every violation of every play, in order; plays after an illegal one are skipped, so have none."""
        return tuple(violation for play in self.judged for violation in play.violations)

    @property
    def numbered_violations(self) -> list[tuple[int, Violation]]:
        """Every violation with the 1-based number of its play."""
        return [
            (number, violation)
            for number, play in enumerate(self.plays, start=1)
            if isinstance(play, PlayVerdict)
            for violation in play.violations
        ]

    @property
    def score(self) -> int:
        """The points of the legal plays."""
        return sum(play.points for play in self.judged)

    @property
    def after(self) -> Position:
        """The position after the last legal play."""
        legal = [play for play in self.judged if play.legal]
        return legal[-1].after if legal else self.before

    @property
    def rulings(self) -> tuple[str, ...]:
        """The rulings the plays' verdicts relied on, without repeats."""
        return tuple(dict.fromkeys(ruling for play in self.judged for ruling in play.rulings))

    def _violation_entries(self) -> list[dict[str, Any]]:
        return [{"play": number, **violation.to_dict()} for number, violation in self.numbered_violations]

    def _detail_fields(self) -> dict[str, Any]:
        after = self.after
        return {
            **self.before.to_dict(),
            "plays": [play.entry() for play in self.plays],
            "score": self.score,
            "table_after": after.table.to_list(),
            "hand_after": [str(card) for card in after.hand],
            "opened_after": after.opened,
            "placeholders": self.before.deck.placeholder,
        }


def judge_lay(position: Position, plays: Sequence[Play]) -> LayVerdict:
    """Judge the plays of one turn in order, each on the position the legal ones before it left.

    Plays written after an illegal play are skipped.

    >>> from solver.nmbrs.cards import parse_cards
    >>> position = Position(Table.parse("10@0,0 J=20@0,1 30@0,2"), tuple(parse_cards("20 40 50")), opened=True)
    >>> verdict = judge_lay(position, [Play.parse("swap 20@0,1"), Play.parse("lay 40@0,3 J@0,4")])
    >>> verdict.legal, verdict.score, [str(card) for card in verdict.after.hand]
    (True, 2, ['50'])
    """
    judged: list[PlayVerdict | SkippedPlay] = []
    current = position
    for play in plays:
        if judged and not (isinstance(judged[-1], PlayVerdict) and judged[-1].legal):
            judged.append(SkippedPlay(play))
            continue
        verdict = judge_play(current, play)
        judged.append(verdict)
        current = verdict.after
    return LayVerdict(position, tuple(judged))


def judge_play(position: Position, play: Play) -> PlayVerdict:
    """Judge one play on ``position``; see the module documentation for the checks."""
    missing = Counter(play.cards) - Counter(position.hand)
    if missing:
        cards = " ".join(str(card) for card in sorted(missing.elements(), key=Card.sort_key))
        violation = Violation(ViolationCode.NOT_IN_HAND, f"{cards} {_is_or_are(missing)} not in the hand")
        return PlayVerdict(play, position, (violation,))
    if play.kind is PlayKind.SWAP:
        return _judge_swap(position, play)
    return _Layout(position, play).verdict()


def _is_or_are(cards: Counter[Card]) -> str:
    return "is" if cards.total() == 1 else "are"


def _hand_after(position: Position, play: Play, returned: Sequence[Card] = ()) -> tuple[Card, ...]:
    remaining = Counter(position.hand) - Counter(play.cards)
    kept = []
    for card in position.hand:
        if remaining[card]:
            kept.append(card)
            remaining[card] -= 1
    return (*kept, *returned)


def _no_discard(position: Position, hand_after: Sequence[Card]) -> list[Violation]:
    if hand_after or not position.rules.discards_last_card:
        return []
    return [Violation(ViolationCode.NO_DISCARD, "the play uses the last card, which must be kept to discard")]


def _judge_swap(position: Position, play: Play) -> PlayVerdict:
    (placement,) = play.placements
    cell, card = placement.cell, placement.term.card
    term = position.table.term(cell)
    violations = []
    rulings = ["joker-value-fixed"]
    if term is None:
        violations.append(Violation(ViolationCode.BAD_REPLACEMENT, f"there is no card at {cell}"))
    elif not term.card.is_joker:
        violations.append(Violation(ViolationCode.BAD_REPLACEMENT, f"{cell} holds {term}, not a joker"))
    elif term.value != card.number:
        message = f"the joker at {cell} stands for {term.value}, not {card}"
        violations.append(Violation(ViolationCode.BAD_REPLACEMENT, message))
    if not position.opened:
        rulings.append("replacement-needs-first-sequence")
        message = f"replacing the joker at {cell} plays on a sequence, which needs a sequence of your own first"
        violations.append(Violation(ViolationCode.NO_SEQUENCE_YET, message))
    if violations:
        return PlayVerdict(play, position, tuple(violations), extra_rulings=tuple(rulings))
    terms = dict(position.table.terms)
    terms[cell] = Term(card)
    table = Table.of(terms)
    lines = tuple(JudgedLine(line, line.fit(position.rules)) for line in table.lines_through(cell))
    after = replace(position, table=table, hand=_hand_after(position, play, returned=(JOKER,)))
    return PlayVerdict(play, position, (), lines, replacement_score(card), after, tuple(rulings))


class _Layout:
    """The table while a lay or insert play is carried out on it, then judged."""

    def __init__(self, position: Position, play: Play) -> None:
        self.position = position
        self.play = play
        self.terms: dict[Cell, Term] = dict(position.table.terms)
        self.placed: list[Cell] = []
        self.moved: set[Cell] = set()
        self.violations: list[Violation] = []
        self.rulings: list[str] = ["grid-table"]
        self.fixed: dict[Cell, int] = {}

    def verdict(self) -> PlayVerdict:
        position, play = self.position, self.play
        hand_after = _hand_after(position, play)
        self.violations += _no_discard(position, hand_after)
        if self.violations:
            self.rulings.append("last-card-is-discarded")
        if play.kind is PlayKind.INSERT:
            self._insert()
        else:
            self._lay()
        self._require_one_line()
        if not position.opened:
            self._require_clear_of_table()
        if any(card.is_joker for card in play.cards):
            self.rulings.append("joker-value-fixed")
        if any(v.code in (ViolationCode.CELL_TAKEN, ViolationCode.CANNOT_INSERT) for v in self.violations):
            return PlayVerdict(play, position, tuple(self.violations), extra_rulings=tuple(self.rulings))
        self._fix_jokers()
        lines = self._judge_lines()
        for cell in self.placed:
            if self._value(cell) is None:
                message = f"no line fixes the number of the joker at {cell}; name it, as in J=<number>@{cell}"
                self.violations.append(Violation(ViolationCode.JOKER_UNDETERMINED, message))
        if self.violations:
            return PlayVerdict(play, position, tuple(self.violations), lines, extra_rulings=tuple(self.rulings))
        score = score_play(play.cards, position.rules, position.deck)
        terms = dict(self.terms)
        terms.update({cell: Term(terms[cell].card, value) for cell, value in self.fixed.items()})
        table = Table.of(terms)
        after = replace(position, table=table, hand=hand_after, opened=True)
        return PlayVerdict(play, position, (), lines, score, after, tuple(self.rulings))

    # ----------------------------------------------------------------- carrying out the play

    def _lay(self) -> None:
        for placement in self.play.placements:
            if placement.cell in self.terms:
                message = f"{placement.cell} already holds {self.terms[placement.cell]}"
                self.violations.append(Violation(ViolationCode.CELL_TAKEN, message))
                continue
            self.terms[placement.cell] = placement.term
            self.placed.append(placement.cell)

    def _insert(self) -> None:
        axis = self.play.axis
        assert axis is not None
        self.rulings.append("insert-slides")
        for placement in sorted(self.play.placements, key=lambda placement: placement.cell.along(axis)):
            cell = placement.cell
            if cell in self.terms and not self._slide(cell, axis):
                return
            self.terms[cell] = placement.term
            self.placed.append(cell)

    def _slide(self, cell: Cell, axis: Axis) -> bool:
        """Slide the card on ``cell`` and every card joined to it one place along ``axis``; False if impossible."""
        before = cell.step(axis, -1)
        if before not in self.terms:
            message = f"{cell} already holds {self.terms[cell]}, and there is no card before it to insert after"
            self.violations.append(Violation(ViolationCode.CELL_TAKEN, message))
            return False
        group = self._group_beyond(before, cell)
        if before in group:
            message = (
                f"{self.terms[cell]} at {cell} cannot slide along: the cards joined to it "
                f"are also joined to {self.terms[before]} at {before}"
            )
            self.violations.append(Violation(ViolationCode.CANNOT_INSERT, message))
            return False
        # Every card one place beyond a card of the group touches it, so it is in the group too:
        # sliding never lands on another card, only possibly off the table.
        for old in sorted(group):
            if not old.step(axis).on_table:
                message = f"sliding {self.terms[old]} from {old} would push it off the table"
                self.violations.append(Violation(ViolationCode.CANNOT_INSERT, message))
                return False
        moving = {old: self.terms.pop(old) for old in group}
        self.terms.update({old.step(axis): term for old, term in moving.items()})
        self.placed = [placed.step(axis) if placed in group else placed for placed in self.placed]
        self.moved = {moved for moved in self.moved if moved not in group} | {old.step(axis) for old in group}
        return True

    def _group_beyond(self, before: Cell, cell: Cell) -> set[Cell]:
        """The cards joined to ``cell`` through touching cards, not through the gap from ``before``."""
        group = {cell}
        frontier = [cell]
        while frontier:
            current = frontier.pop()
            for neighbour in current.neighbours():
                if neighbour in self.terms and neighbour not in group and {current, neighbour} != {before, cell}:
                    group.add(neighbour)
                    frontier.append(neighbour)
        return group

    # ----------------------------------------------------------------- placement checks

    def _require_one_line(self) -> None:
        cells = self.placed
        if len(cells) > 1:
            self.rulings.append("one-line-per-play")
        axes = [self.play.axis] if self.play.axis is not None else [Axis.ROW, Axis.COLUMN]
        straight = [axis for axis in axes if len({cell.along(axis.across) for cell in cells}) <= 1]
        listed = ", ".join(str(cell) for cell in sorted(cells))
        if not straight:
            where = " or ".join(axis.value for axis in axes)
            message = f"the cards on {listed} do not lie in one {where}"
            self.violations.append(Violation(ViolationCode.NOT_ONE_LINE, message))
        elif cells and not all(cell in run_through(self.terms, cells[0], straight[0]) for cell in cells):
            message = f"the cards on {listed} leave a gap in their {straight[0].value}"
            self.violations.append(Violation(ViolationCode.NOT_ONE_LINE, message))

    def _require_clear_of_table(self) -> None:
        if self.moved:
            message = "inserting into a line plays on a sequence, which needs a sequence of your own first"
            self.violations.append(Violation(ViolationCode.NO_SEQUENCE_YET, message))
            return
        placed = set(self.placed)
        touched = sorted(
            {neighbour for cell in placed for neighbour in cell.neighbours() if neighbour in self.terms} - placed
        )
        if touched:
            cards = ", ".join(f"{self.terms[cell]} at {cell}" for cell in touched)
            message = f"before a sequence of your own, a new sequence may not touch the table ({cards})"
            self.violations.append(Violation(ViolationCode.NO_SEQUENCE_YET, message))

    # ----------------------------------------------------------------- jokers and lines

    def _value(self, cell: Cell) -> int | None:
        """The number the card on ``cell`` stands for, as far as it is known."""
        return self.fixed.get(cell, self.terms[cell].value)

    def _fix_jokers(self) -> None:
        """Give each joker laid without a number the number its lines fix, where they do."""
        open_jokers = [cell for cell in self.placed if self._value(cell) is None]
        progress = True
        while open_jokers and progress:
            progress = False
            for cell in list(open_jokers):
                fixed = self._fixed_by_lines(cell)
                if fixed is not None:
                    self.fixed[cell] = fixed
                    open_jokers.remove(cell)
                    progress = True

    def _fixed_by_lines(self, cell: Cell) -> int | None:
        for axis in (Axis.ROW, Axis.COLUMN):
            run = run_through(self.terms, cell, axis)
            known = [(place.along(axis), value) for place in run if (value := self._value(place)) is not None]
            if len(known) < 2:
                continue
            (first_place, first), (second_place, second) = known[:2]
            distance = second_place - first_place
            if (second - first) % distance == 0:
                return first + (second - first) // distance * (cell.along(axis) - first_place)
        return None

    def _judge_lines(self) -> tuple[JudgedLine, ...]:
        before = {(line.axis, line.terms) for line in self.position.table.lines()} if self.moved else set()
        judged: dict[tuple[Axis, Cell], JudgedLine] = {}
        rules = self.position.rules
        for cell in [*self.placed, *sorted(self.moved)]:
            runs = [(axis, run_through(self.terms, cell, axis)) for axis in (Axis.ROW, Axis.COLUMN)]
            if all(len(run) == 1 for _, run in runs) and cell in self.placed:
                message = f"{self.terms[cell]} at {cell} stands alone; it must be in a sequence of 3 or more"
                self.violations.append(Violation(ViolationCode.TOO_SHORT, message))
            for axis, run in runs:
                if len(run) < 2 or (axis, run[0]) in judged:
                    continue
                terms = tuple(self.terms[cell_] for cell_ in run)
                if cell not in self.placed and (axis, terms) in before:
                    continue
                values = [self._value(place) for place in run]
                shown = tuple(_with_value(self.terms[place], value) for place, value in zip(run, values, strict=True))
                line = Line(axis, run, shown)
                fit = fit_values(values, rules)
                judged[(axis, run[0])] = JudgedLine(line, fit)
                self.violations += [Violation(v.code, f"{line}: {v.message}") for v in fit.violations]
        return tuple(judged.values())


def _with_value(term: Term, value: int | None) -> Term:
    """``term`` showing the number it stands for, when that number can be a joker's."""
    if term.card.is_joker and term.declared is None and value is not None and LOWEST_NUMBER <= value <= HIGHEST_NUMBER:
        return Term(term.card, value)
    return term

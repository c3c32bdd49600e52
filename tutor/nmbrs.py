"""Plain-English explanations of Nmbrs! verdicts and of the deck, for people reading a terminal.

>>> from solver.nmbrs import RuleSet, judge_sequence, parse_sequence
>>> print(explain_sequence(judge_sequence(parse_sequence("10 J 30 40"), RuleSet.ADVANCED)))
A sequence under the advanced rules: 10 J 30 40.
  Step +10, ascending: 10, 20, 30, 40.
  The joker at place 2 stands for 20.
  Counting back from 10 by 10 ends on 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from solver.nmbrs.cards import Colour
from solver.nmbrs.deck import NmbrsDeck
from solver.nmbrs.lays import JudgedLine, LayVerdict, PlayVerdict, SkippedPlay
from solver.nmbrs.plays import PlayKind
from solver.nmbrs.rulings import NMBRS_RULINGS
from solver.nmbrs.sequences import SequenceVerdict
from solver.nmbrs.table import Table
from solver.verdicts import Violation


def explain_sequence(verdict: SequenceVerdict) -> str:
    """The verdict on one sequence: the step and the numbers, the jokers, each fault with its rule.

    >>> from solver.nmbrs import RuleSet, judge_sequence, parse_sequence
    >>> print(explain_sequence(judge_sequence(parse_sequence("14 20 26"), RuleSet.ADVANCED)))
    Not a sequence under the advanced rules: 14 20 26.
      bad-start (rule Regolamento avanzato 1–2): counting back from 14 by 6 ends on 2, not on 0 or 1.
    """
    written = " ".join(str(term) for term in verdict.terms)
    verdict_word = "A sequence" if verdict.legal else "Not a sequence"
    lines = [f"{verdict_word} under the {verdict.rules.value} rules: {written}."]
    lines += _violation_lines(verdict.violations)
    step = verdict.step
    if verdict.legal and step is not None:
        numbers = ", ".join(str(value) for value in verdict.values)
        lines.append(f"  Step {step:+d}, {verdict.direction}: {numbers}.")
        lines += [f"  The joker at place {place} stands for {value}." for place, value in verdict.jokers]
        if verdict.rules.requires_start:
            smallest = min(value for value in verdict.values if value is not None)
            lines.append(f"  Counting back from {smallest} by {abs(step)} ends on {smallest % abs(step)}.")
    elif verdict.legal and verdict.jokers:
        lines.append("  The step is open: no two numbers fix what the jokers stand for.")
    lines += _ruling_lines(verdict.rulings)
    return "\n".join(lines)


def explain_lay(verdict: LayVerdict) -> str:
    """A lay play by play: its verdict, the lines it formed or changed, its score; then the position after.

    >>> from solver.nmbrs import Play, Position, Table, judge_lay, parse_cards
    >>> position = Position(Table.parse("10@0,0 J=20@0,1 30@0,2"), tuple(parse_cards("20 40 5")), opened=True)
    >>> print(explain_lay(judge_lay(position, [Play.parse("swap 20@0,1"), Play.parse("lay 40@0,3")])))
    ... # doctest: +ELLIPSIS
    Legal lay under the basic rules: 2 plays, 2 points.
    Play 1. swap 20@0,1: legal. The joker goes back to the hand; a replacement scores nothing.
      row from 0,0: 10 20 30 (step +10).
    Play 2. lay 40@0,3: legal. 2 points: 1 doubled (one colour).
      row from 0,0: 10 20 30 40 (step +10).
    Table after: 10@0,0 20@0,1 30@0,2 40@0,3.
    Hand after: 5 J.
      The deck's colours and points are placeholders (see the deck file).
      Ruling joker-value-fixed (project decision): ...
    """
    count = len(verdict.plays)
    legal_word = "Legal lay" if verdict.legal else "Not a legal lay"
    plays_word = f"{count} play{'s' * (count != 1)}"
    lines = [f"{legal_word} under the {verdict.before.rules.value} rules: {plays_word}, {verdict.score} points."]
    for number, play in enumerate(verdict.plays, start=1):
        lines += _play_lines(number, play)
    after = verdict.after
    lines.append(f"Table after: {_table_text(after.table)}.")
    lines.append(f"Hand after: {' '.join(str(card) for card in after.hand) or 'no cards'}.")
    if verdict.before.deck.placeholder:
        lines.append("  The deck's colours and points are placeholders (see the deck file).")
    lines += _ruling_lines([ruling for ruling in verdict.rulings if ruling != "placeholder-deck"])
    return "\n".join(lines)


def explain_deck(deck: NmbrsDeck) -> str:
    """The deck in use: each colour's numbers and how many cards are worth 1, 2 and 3 points.

    >>> print(explain_deck(NmbrsDeck.default()).splitlines()[0])
    Nmbrs! placeholder deck: 104 cards (1 to 100 and 4 jokers worth 0). PLACEHOLDER values.
    """
    marked = " PLACEHOLDER values." if deck.placeholder else ""
    lines = [f"{deck.name}: {deck.size} cards (1 to 100 and 4 jokers worth 0).{marked}"]
    for points in (1, 2, 3):
        numbers = [number for number, face in enumerate(deck.faces, start=1) if face.points == points]
        lines.append(f"  {points} point{'s' * (points != 1)} ({len(numbers)} cards): {_ranges(numbers)}.")
    for colour in Colour:
        numbers = [number for number, face in enumerate(deck.faces, start=1) if face.colour is colour]
        lines.append(f"  {colour.value} ({len(numbers)} cards): {_ranges(numbers)}.")
    if deck.note:
        lines.append(f"  Note: {deck.note}")
    return "\n".join(lines)


def _play_lines(number: int, play: PlayVerdict | SkippedPlay) -> list[str]:
    if isinstance(play, SkippedPlay):
        return [f"Play {number}. {play.play}: skipped, since an earlier play is illegal."]
    if not play.legal:
        lines = [f"Play {number}. {play.play}: not legal."]
        lines += _violation_lines(play.violations)
    elif play.play.kind is PlayKind.SWAP:
        summary = "The joker goes back to the hand; a replacement scores nothing."
        lines = [f"Play {number}. {play.play}: legal. {summary}"]
    else:
        assert play.score is not None
        score = play.score
        doubled = f" doubled ({score.doubling.value})" if score.doubling is not None else ""
        lines = [f"Play {number}. {play.play}: legal. {score.total} points: {score.base}{doubled}."]
    return lines + [_line_text(line) for line in play.lines]


def _line_text(judged: JudgedLine) -> str:
    step = "" if judged.fit.step is None else f" (step {judged.fit.step:+d})"
    fault = "" if judged.legal else ", not a sequence"
    return f"  {judged.line}{step}{fault}."


def _table_text(table: Table) -> str:
    return str(table) or "empty"


def _violation_lines(violations: Sequence[Violation]) -> list[str]:
    return [f"  {v.code.value} (rule {v.reference.rule}): {v.message}." for v in violations]


def _ruling_lines(rulings: Sequence[str]) -> list[str]:
    return [
        f"  Ruling {ruling} ({NMBRS_RULINGS[ruling].source}): {NMBRS_RULINGS[ruling].summary}." for ruling in rulings
    ]


def _ranges(numbers: Sequence[int]) -> str:
    """Numbers as runs, e.g. ``1-10, 15, 20``; a run of step 4 (a colour's cycle) as ``1, 5, … 97``."""
    if not numbers:
        return "none"
    if len(numbers) > 3 and len({b - a for a, b in pairwise(numbers)}) == 1:
        return f"{numbers[0]}, {numbers[1]}, … {numbers[-1]}"
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{run[0]}-{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs)


__all__ = ["explain_deck", "explain_lay", "explain_sequence"]

"""Plain-English explanations of verdicts and solutions, for people reading a terminal.

Calculations are shown the way a reader expects mathematics, with brackets
where the left-to-right reading differs from the usual precedence, and with
their left-to-right trace.

>>> from solver import Card, Chain, check
>>> print(explain_verdict(check(Card.parse("3bee"), Chain.parse("10 - 4 / 2"))))
Legal: (10 − 4) ÷ 2 on 3bee.
  Steps: 10 − 4 = 6, 6 ÷ 2 = 3.
  The next play covers 2.
  Rules: natural numbers, operations + − × ÷.
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.hand_solver import Calculation, Solution
from solver.notation import Chain, JokerPlay
from solver.referee import Verdict
from solver.rules import Domain, Operator, Rules
from solver.rulings import RULINGS
from solver.turn import SkippedPlay, TurnVerdict

_DOMAIN_WORDS = {
    Domain.NATURAL: "natural numbers",
    Domain.INTEGER: "whole numbers with negatives",
    Domain.RATIONAL: "fractions allowed",
}


def describe_rules(rules: Rules) -> str:
    """The rules setting in words.

    >>> describe_rules(Rules.parse("integer", "+-"))
    'whole numbers with negatives, operations + −'
    """
    signs = " ".join(Operator(sign).sign for sign in rules.operators)
    return f"{_DOMAIN_WORDS[rules.domain]}, operations {signs}"


def mathematical(chain: Chain) -> str:
    """A chain in usual mathematical notation, bracketed where left-to-right reading needs it.

    >>> mathematical(Chain.parse("9hen - 6dragonfly / 3hippo"))
    '(9hen − 6dragonfly) ÷ 3hippo'
    >>> mathematical(Chain.parse("6 * 5 / 10 + 1 * 2"))
    '(6 × 5 ÷ 10 + 1) × 2'
    """
    text = str(chain.cards[0])
    sum_on_top = False
    for operator, card in zip(chain.operators, chain.cards[1:], strict=True):
        if operator in (Operator.MULTIPLY, Operator.DIVIDE) and sum_on_top:
            text = f"({text})"
        text = f"{text} {operator.sign} {card}"
        sum_on_top = operator in (Operator.ADD, Operator.SUBTRACT)
    return text


def _card_list(cards: tuple[object, ...]) -> str:
    names = [str(card) for card in cards]
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def explain_verdict(verdict: Verdict) -> str:
    """Several lines: the ruling, each violation with its rule, the resolution, the trace."""
    lines = _verdict_lines(verdict)
    lines.append(f"  Rules: {describe_rules(verdict.rules)}.")
    lines += _ruling_lines(verdict.rulings)
    return "\n".join(lines)


def explain_turn(verdict: TurnVerdict) -> str:
    """A turn play by play, then the top card it leaves and its points and penalties.

    >>> from solver import Card
    >>> from solver.notation import Turn
    >>> from solver.turn import check_turn
    >>> print(explain_turn(check_turn(Card.parse("3"), Turn.parse("Jboth 8 ; Jreplay ; 10 - 2"))))
    Legal turn on 3: 3 plays.
    Play 1. Legal: Jboth 8 on 3.
      The next play covers 8.
    Play 2. Legal: Jreplay on 8.
      The player plays again on 8.
    Play 3. Legal: 10 − 2 on 8.
      Steps: 10 − 2 = 8.
      The next play covers 2.
    Top card after the turn: 2.
      Rules: natural numbers, operations + − × ÷.
    """
    count = len(verdict.plays)
    status = "Legal turn" if verdict.legal else "Turn with faults"
    lines = [f"{status} on {verdict.top}: {count} play{'s' if count != 1 else ''}."]
    for number, play in enumerate(verdict.plays, start=1):
        if isinstance(play, SkippedPlay):
            lines.append(f"Play {number}. Skipped: {play.play} ({play.reason}).")
            continue
        play_lines = _verdict_lines(play)
        lines.append(f"Play {number}. {play_lines[0]}")
        lines += play_lines[1:]
    if verdict.top_after is None:
        lines.append("A change joker is on top: the next player lays one card of the kind it allows.")
    else:
        lines.append(f"Top card after the turn: {verdict.top_after}.")
    if verdict.master_points:
        lines.append(f"  Master-stroke points: {verdict.master_points}.")
    if verdict.penalty_draw:
        lines.append(f"  Cards to draw: {verdict.penalty_draw}.")
    lines.append(f"  Rules: {describe_rules(verdict.rules)}.")
    lines += _ruling_lines(verdict.rulings)
    return "\n".join(lines)


def _verdict_lines(verdict: Verdict) -> list[str]:
    chain = verdict.play if isinstance(verdict.play, Chain) and verdict.play.is_calculation else None
    play = mathematical(chain) if chain is not None else str(verdict.play)
    lines = [f"{'Legal' if verdict.legal else 'Not legal'}: {play} on {verdict.top}."]
    for violation in verdict.violations:
        reference = violation.reference
        lines.append(
            f"  {violation.code.value} (rule {reference.rule}, penalty {reference.penalty}): {violation.message}."
        )
    if chain is not None:
        steps = ", ".join(str(step) for step in chain.trace(verdict.rules.domain))
        lines.append(f"  Steps: {steps}.")
    if not verdict.legal:
        lines.append(f"  Resolution: {_resolution(verdict)}")
    elif isinstance(verdict.play, JokerPlay) and verdict.play.is_replay:
        lines.append(f"  The player plays again on {verdict.top}.")
    elif isinstance(verdict.play, JokerPlay) and verdict.play.follow is None:
        lines.append(f"  {verdict.play.joker} waits for one card of the kind it allows.")
    else:
        lines.append(f"  The next play covers {verdict.stays[-1]}.")
        if verdict.master_points:
            lines.append(f"  Master stroke: {verdict.master_points} points.")
    return lines


def _ruling_lines(rulings: Sequence[str]) -> list[str]:
    shown = [ruling for ruling in rulings if ruling not in ("arithmetic-domain", "minimality-on-played-cards")]
    return [f"  Ruling {ruling} ({RULINGS[ruling].source}): {RULINGS[ruling].summary}." for ruling in shown]


def _resolution(verdict: Verdict) -> str:
    parts = []
    if verdict.recombination is not None:
        parts.append(f"the same cards re-laid as {verdict.recombination} stay on the table")
    elif verdict.stays:
        kept_smaller = verdict.smaller is not None and verdict.smaller.cards == verdict.stays
        laid = mathematical(verdict.smaller) if kept_smaller and verdict.smaller else _card_list(verdict.stays)
        parts.append(f"{laid} stays on the table")
    if verdict.returned:
        parts.append(f"take back {_card_list(verdict.returned)}")
    parts.append(f"draw {verdict.penalty_draw} cards")
    if not verdict.stays:
        parts.append("the turn passes")
    return "; ".join(parts) + "."


def explain_solution(solution: Solution) -> str:
    """The matches and a table of the legal calculations, most cards first."""
    lines = [f"Top card {solution.top}, hand {' '.join(str(card) for card in solution.hand)}."]
    lines.append(f"Rules: {describe_rules(solution.rules)}.")
    if solution.matches:
        lines.append(f"Play alone: {' '.join(str(card) for card in solution.matches)}.")
    else:
        lines.append("No card can be played alone.")
    if not solution.calculations:
        lines.append("No legal calculation.")
        return "\n".join(lines)
    count = len(solution.calculations)
    lines.append(f"{count} legal calculation{'s' if count != 1 else ''}:")
    rows = [("cards", "calculation", "as laid", "chains", "last card", "master")]
    rows += [_calculation_row(calculation) for calculation in solution.calculations]
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    for row in rows:
        lines.append("  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())
    return "\n".join(lines)


def _calculation_row(calculation: Calculation) -> tuple[str, str, str, str, str, str]:
    return (
        str(len(calculation.cards)),
        mathematical(calculation.example),
        calculation.expression,
        str(calculation.chains),
        " ".join(str(card) for card in calculation.last_cards),
        str(calculation.master_points) if calculation.master_points else "",
    )

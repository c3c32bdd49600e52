"""Plain-English explanations of verdicts and solutions, for people reading a terminal.

Calculations are shown the way a reader expects mathematics, with brackets
where the left-to-right reading differs from the usual precedence, and with
their left-to-right trace.

>>> from solver import Card, Chain, check
>>> print(explain_verdict(check(Card.parse("3bee"), Chain.parse("10 - 4 / 2"))))
Legal: (10 − 4) ÷ 2 on 3bee.
  Steps: 10 − 4 = 6, 6 ÷ 2 = 3.
  The next player covers 2.
  Rules: natural numbers, operations + − × ÷.
"""

from __future__ import annotations

from solver.hand_solver import Calculation, Solution
from solver.notation import Chain
from solver.referee import Verdict
from solver.rules import Domain, Operator, Rules
from solver.rulings import RULINGS

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
    play = mathematical(verdict.play) if verdict.play.is_calculation else str(verdict.play)
    lines = []
    if verdict.legal:
        lines.append(f"Legal: {play} on {verdict.top}.")
    else:
        lines.append(f"Not legal: {play} on {verdict.top}.")
        for violation in verdict.violations:
            reference = violation.reference
            lines.append(
                f"  {violation.code.value} (rule {reference.rule}, penalty {reference.penalty}): {violation.message}."
            )
    if verdict.play.is_calculation:
        steps = ", ".join(str(step) for step in verdict.play.trace(verdict.rules.domain))
        lines.append(f"  Steps: {steps}.")
    if verdict.legal:
        lines.append(f"  The next player covers {verdict.stays[-1]}.")
        if verdict.master_points:
            lines.append(f"  Master stroke: {verdict.master_points} points.")
    else:
        lines.append(f"  Resolution: {_resolution(verdict)}")
    lines.append(f"  Rules: {describe_rules(verdict.rules)}.")
    applied = [rid for rid in verdict.rulings if rid not in ("arithmetic-domain", "minimality-on-played-cards")]
    for ruling_id in applied:
        ruling = RULINGS[ruling_id]
        lines.append(f"  Ruling {ruling_id} ({ruling.source}): {ruling.summary}.")
    return "\n".join(lines)


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

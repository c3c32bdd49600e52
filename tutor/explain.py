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

from solver.cards import Card
from solver.hand_solver import Calculation, Solution
from solver.notation import Chain, JokerPlay
from solver.planner import Ending, PlannedTurn
from solver.referee import Verdict
from solver.rules import Domain, Operator, Rules
from solver.rulings import RULINGS
from solver.simulate import SimulationReport
from solver.turn import SkippedPlay, TurnVerdict
from tutor.rendering import render_plain

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

    This is :func:`tutor.rendering.render_plain`: sympy's printer with the signs ``+ − × ÷``.

    >>> mathematical(Chain.parse("9hen - 6dragonfly / 3hippo"))
    '(9hen − 6dragonfly) ÷ 3hippo'
    >>> mathematical(Chain.parse("6 * 5 / 10 + 1 * 2"))
    '(6 × 5 ÷ 10 + 1) × 2'
    """
    return render_plain(chain)


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


def explain_plans(top: Card, hand: Sequence[Card], plans: Sequence[PlannedTurn]) -> str:
    """The planner's best turns, each with the reason it ranks where it does.

    >>> from solver.cards import parse_cards
    >>> from solver.jokers import Cover
    >>> from solver.planner import plan_turn
    >>> from solver.rules import Rules
    >>> hand = parse_cards("1 2 6 9 4 Jreplay")
    >>> print(explain_plans(Card.parse("3"), hand, plan_turn(Cover(Card.parse("3")), hand, Rules(), count=2)))
    Best turns on 3 with 1 2 6 9 4 Jreplay (ranked by cards shed, then master points, then fewest answers):
      1. 2 + 1 ; Jreplay ; 6 + 4 - 9
         sheds 6 cards and goes out; leaves 9 on top (9 ways to cover it)
      2. 4 - 1 ; Jreplay ; 9 - 2 - 6
         sheds 6 cards and goes out; leaves 6 on top (11 ways to cover it); below 1: easier top card
    """
    header = (
        f"Best turns on {top} with {' '.join(str(card) for card in hand)} "
        "(ranked by cards shed, then master points, then fewest answers):"
    )
    if not plans:
        return f"{header}\n  nothing is playable: draw a card."
    lines = [header]
    for number, plan in enumerate(plans, start=1):
        lines.append(f"  {number}. {plan.turn if plan.turn is not None else 'pass'}")
        reason = f"; below {number - 1}: {_plan_reason(plans[number - 2], plan)}" if number > 1 else ""
        lines.append(f"     {_plan_facts(plan)}{reason}")
    return "\n".join(lines)


def _plan_facts(plan: PlannedTurn) -> str:
    facts = [f"sheds {plan.shed} card{'s' if plan.shed != 1 else ''}"]
    if plan.ending is Ending.OUT:
        facts[0] += " and goes out"
    if plan.ending is Ending.DRAW:
        facts.append("ends on Jreplay with nothing to play, so draws a card")
    if plan.master_points:
        facts.append(f"{plan.master_points} master-stroke points")
    if plan.cover_after.awaits_card:
        facts.append(f"leaves {plan.cover_after} waiting for any card it allows ({plan.answers} faces)")
    else:
        facts.append(f"leaves {plan.cover_after} on top ({plan.answers} ways to cover it)")
    return "; ".join(facts)


def _plan_reason(better: PlannedTurn, plan: PlannedTurn) -> str:
    if plan.shed < better.shed:
        return "fewer cards shed"
    if plan.master_points < better.master_points:
        return "fewer master points"
    if plan.answers > better.answers:
        return "easier top card"
    return "equally good"


def explain_simulation(report: SimulationReport) -> str:
    """A table of per-bot statistics from a self-play run."""
    document = report.to_dict()
    lines = [
        f"{document['games']} games of {document['rounds_per_game']} round(s), {document['players']} players, "
        f"seed {document['seed']}: {document['rounds']} rounds in {document['seconds']} s "
        f"({document['rounds_per_second']} rounds per second), {document['turns_per_round']:.1f} turns per round."
    ]
    rows = [("bot", "seats", "win share", "rank points", "master strokes", "penalties")]
    for name, bot in document["bots"].items():
        rows.append(
            (
                name,
                str(bot["seats"]),
                f"{bot['win_share']:.1%}",
                f"{bot['mean_rank_points']:.1f}",
                f"{bot['master_strokes_per_round']:.2f}",
                f"{bot['penalties_per_round']:.2f}",
            )
        )
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines += [
        "  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows
    ]
    lines.append("Rank points, master strokes and penalties are per round played.")
    if document["aborted_games"]:
        lines.append(f"{document['aborted_games']} games stopped at a search time limit and are left out.")
    return "\n".join(lines)

"""Plain-English explanations of The Game's verdicts, for people reading a terminal.

All the English wording of The Game lives here, one function per kind of
verdict, so that a translation replaces this module's sentences only.

>>> from solver.thegame.referee import Placement, Position, check_play
>>> from solver.thegame.rules import Pile
>>> position = Position({Pile.ASC1: 47, Pile.ASC2: 1, Pile.DESC1: 65, Pile.DESC2: 100}, (37, 75, 12), draw_pile=50)
>>> print(explain_play_verdict(check_play(position, [Placement.parse("37>asc1"), Placement.parse("75>desc1")])))
Legal play: 37>asc1, 75>desc1 (2 cards laid; this turn needs at least 2).
  1. 37 on asc1 showing 47: ten back.
  2. 75 on desc1 showing 65: ten back.
  Piles after: asc1 37, asc2 1, desc1 75, desc2 100.
  Draw 2 cards; the hand keeps 12.
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.thegame.hint import TurnHint
from solver.thegame.referee import JudgedPlacement, PlayVerdict
from solver.thegame.rules import PILES
from solver.thegame.rulings import RULINGS
from solver.thegame.state import ActionVerdict
from solver.thegame.strategy import Request
from solver.verdicts import Violation


def explain_play_verdict(verdict: PlayVerdict) -> str:
    """A whole play: the ruling, each placement with its faults, the faults of the play, then what it leaves."""
    written = ", ".join(str(judged.placement) for judged in verdict.placements) or "no placement"
    kind = "Legal play" if verdict.legal else "Illegal play"
    laid = f"{verdict.laid} {_cards(verdict.laid)} laid"
    lines = [f"{kind}: {written} ({laid}; this turn needs at least {verdict.position.minimum})."]
    numbered: dict[int | None, list[Violation]] = {}
    for fault in verdict.faults:
        numbered.setdefault(fault.placement, []).append(fault.violation)
    for number, judged in enumerate(verdict.placements, start=1):
        lines.append(f"  {number}. {_placement_words(judged)}")
        lines += [f"     {_violation_words(violation)}" for violation in numbered.get(number, [])]
    lines += [f"  The play: {_violation_words(violation)}" for violation in numbered.get(None, [])]
    tops = ", ".join(f"{pile.value} {verdict.piles_after[pile]}" for pile in PILES)
    lines.append(f"  Piles after: {tops}.")
    kept = " ".join(map(str, verdict.hand_after)) or "no card"
    lines.append(f"  Draw {verdict.draw} {_cards(verdict.draw)}; the hand keeps {kept}.")
    for pile in verdict.fire_pending:
        lines.append(
            f"  The fire card {verdict.piles_after[pile]} on {pile.value} must be covered by the end of the next turn."
        )
    lines += _ruling_lines(verdict.rulings)
    return "\n".join(lines)


def explain_action_verdict(verdict: ActionVerdict) -> str:
    """One action of a game: legal or not, what a placement covers, and each violation with its rule.

    >>> from solver.thegame.state import Action, Game, State
    >>> from solver.thegame.rules import Pile
    >>> state = State.from_position(Game(), [[37, 60]], tops={Pile.ASC1: 47}, draw_pile=[2, 3])
    >>> print(explain_action_verdict(state.check(Action.parse("37>asc1"))))
    Legal: 37>asc1 (seat 0), on asc1 showing 47, ten back.
    >>> print(explain_action_verdict(state.check(Action.parse("end"))))
    Illegal: end of the turn (seat 0).
      too-few-cards (Svolgimento della partita): seat 0 has laid 0 of the 2 cards this turn needs
    """
    kind = "Legal" if verdict.legal else "Illegal"
    who = "the game is over" if verdict.seat is None else f"seat {verdict.seat}"
    action = verdict.action
    if action.is_end or action.pile is None:
        line = f"{kind}: end of the turn ({who})."
    else:
        back = ", ten back" if verdict.backwards else ""
        line = f"{kind}: {action} ({who}), on {action.pile.value} showing {verdict.covers}{back}."
    lines = [line]
    lines += [f"  {_violation_words(violation)}" for violation in verdict.violations]
    lines += _ruling_lines(verdict.rulings)
    return "\n".join(lines)


def _placement_words(judged: JudgedPlacement) -> str:
    placement = judged.placement
    if judged.covers is None:
        return f"{placement.card} on {placement.pile!r}: skipped."
    shown = f"{placement.card} on {placement.pile} showing {judged.covers}"
    if not judged.legal:
        return f"{shown}: skipped, the card stays in hand."
    return f"{shown}: ten back." if judged.backwards else f"{shown}."


def _violation_words(violation: Violation) -> str:
    return f"{violation.code.value} ({violation.reference.rule}): {violation.message}"


def _ruling_lines(rulings: Sequence[str]) -> list[str]:
    return [f"  Ruling {ruling}: {RULINGS[ruling].summary}." for ruling in rulings]


def _cards(count: int) -> str:
    return "card" if count == 1 else "cards"


def explain_turn_hint(hint: TurnHint) -> str:
    """The suggested turn in words, with the referee's verdict on it and what to ask of the others.

    >>> from solver.thegame.hint import suggest_turn
    >>> from solver.thegame.referee import Position
    >>> from solver.thegame.rules import Pile
    >>> tops = {Pile.ASC1: 47, Pile.ASC2: 60, Pile.DESC1: 30, Pile.DESC2: 52}
    >>> print(explain_turn_hint(suggest_turn(Position(tops, (37, 61, 64, 95), draw_pile=40))))
    Suggestion: 37>asc1, 61>asc2.
      1. 37 on asc1 showing 47: ten back.
      2. 61 on asc2 showing 60.
      Piles after: asc1 37, asc2 61, desc1 30, desc2 52.
      Draw 2 cards; the hand keeps 64 95.
      Then tell the others: "please don't play on asc2".
    """
    if not hint.play:
        return "No order of this hand lays the minimum: the game ends here."
    verdict_lines = explain_play_verdict(hint.verdict).splitlines()
    lines = [f"Suggestion: {', '.join(str(placement) for placement in hint.play)}.", *verdict_lines[1:]]
    if hint.requests_after:
        asks = [f'"{_REQUEST_WORDS[request]} {pile.value}"' for pile, request in hint.requests_after.items()]
        lines.append(f"  Then tell the others: {', '.join(asks)}.")
    return "\n".join(lines)


_REQUEST_WORDS = {Request.PLEASE_DONT: "please don't play on", Request.REALLY_NEED: "I really need"}

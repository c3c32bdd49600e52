"""Tally in the tutor's registry: its verdicts and reviewed turns in words (English only: a game of the tests)."""

from __future__ import annotations

from solver.review import Mark, ReviewTotals, TurnReview
from tests.tally import rules
from tutor.words import GameWords


def explain_verdict(verdict: rules.Verdict, lang: str) -> str:
    """The verdict in words: legal or not, and the total it makes or why not."""
    if verdict.legal:
        return f"Legal: add {verdict.action} to {verdict.total}, which makes {verdict.total + verdict.action.step}."
    reasons = "\n".join(f"  {violation.message}" for violation in verdict.violations)
    return f"Not legal: add {verdict.action} to {verdict.total}.\n{reasons}"


def violation_reasons(verdict: rules.Verdict, lang: str) -> list[str]:
    """Why the move breaks each rule: the referee's own messages."""
    return [violation.message for violation in verdict.violations]


def explain_hint(total: int, lang: str) -> str:
    """What to add to ``total``, and why."""
    step = rules.best_step(total)
    return f"Add {step}: it leaves {rules.TARGET - total - step} to go."


def explain_turn_review(turn: TurnReview, lang: str) -> str:
    """The step taken next to the perfect bot's."""
    if turn.mark is Mark.BEST:
        return f"You added {turn.played[0]}, as the perfect bot would."
    return f"You added {turn.played[0]}; the perfect bot adds {turn.best[0]}."


def totals_sentences(totals: ReviewTotals, lang: str) -> list[str]:
    """Nothing to add: every turn is one step."""
    return []


WORDS = GameWords(
    name=rules.NAME,
    explain_verdict=explain_verdict,
    violation_reasons=violation_reasons,
    explain_turn_review=explain_turn_review,
    totals_sentences=totals_sentences,
    verdicts=(rules.Verdict,),
    state=rules.State,
)
"""Tally's words, as the tutor's registry holds them."""

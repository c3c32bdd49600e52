"""Plain-English explanations for Quando: verdicts, hints, round scores and the reference table, for a terminal.

>>> from solver.quando import Action, check
>>> print(explain_verdict(check([3, 4, 5, 9, 0, 0, 7], Action.parse("play 3 4 5"), plays_made=1)))
Legal: play 3 4 5 is a straight of three consecutive numbers.
  The player now draws one card, choosing the visible or the hidden side before looking.
  Left in hand before the draw: 9 0 0 7 (sum 16).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from solver.quando.hint import Candidate, Hint
from solver.quando.plays import TurnKind
from solver.quando.referee import Verdict
from solver.quando.rulings import RULINGS
from solver.quando.scoring import KNOCK_PENALTY, RoundScore
from solver.quando.violations import VIOLATIONS
from solver.verdicts import Violation
from tutor.text import aligned_table

CANDIDATES_SHOWN = 6
"""How many of a hint's candidates the explanation lists, best first."""

WIDTH = 100
"""Explanations wrap their sentences at this many characters."""

_KIND_WORDS = {
    TurnKind.STRAIGHT: "a straight of three consecutive numbers",
    TurnKind.EQUAL_NUMBERS: "a play of equal numbers",
    TurnKind.TRIPLE: "a triple: exactly three cards of one number",
}


def explain_violation(violation: Violation) -> str:
    """One line: the code, the rulebook section it enforces, what the rule says and what this action did.

    >>> from solver.quando import Action, check
    >>> print(explain_violation(check([4, 5], Action.parse("play 4 6"), plays_made=0).violations[0]))
    ... # doctest: +NORMALIZE_WHITESPACE
    not-in-hand (Svolgimento del gioco): the cards played must be in the player's hand, showing those
    numbers on their fronts. Here the play needs 6 once, but the hand [4, 5] shows no 6.
    """
    reference = violation.reference
    return f"{violation.code.value} ({reference.rule}): {reference.summary}. Here {violation.message}."


def explain_reference() -> str:
    """Quando's violation codes, each with the rulebook section it enforces and what it says, then the rulings.

    >>> reference = explain_reference().splitlines()
    >>> reference[0], reference[3]
    ('Violation codes:', '  empty-play — Possibilità B: Giocare numeri uguali: a play lays at least one card.')
    """
    lines = ["Violation codes:"]
    lines += [_wrapped(f"{code.value} — {entry.rule}: {entry.summary}.", "  ") for code, entry in VIOLATIONS.items()]
    lines.append("Rulings (see docs/quando.md for the reasons):")
    lines += [_wrapped(f"{ruling} ({entry.source}): {entry.summary}.", "  ") for ruling, entry in RULINGS.items()]
    return "\n".join(lines)


def explain_verdict(verdict: Verdict) -> str:
    """Several lines: legal or not, each violation with its rule, what happens next, and the rulings applied.

    >>> from solver.quando import KNOCK, check
    >>> print(explain_verdict(check([1, 2, 0], KNOCK, plays_made=1, last_round=True)))
    Illegal: knock.
      knock-too-early (Fine del turno): a player knocks only after playing cards at least twice in this
          round. Here the player has played once this round; knocking needs 2 plays.
      already-knocked (Fine del turno): after a knock the others play one last turn each; nobody knocks
          again. Here someone has already knocked: this is the last round, played without another knock.
    Ruling knock-after-two-plays (rules digest): knocking needs two plays of one's own (straights or
        equal numbers) earlier in the same round.
    Ruling one-knock-per-round (project decision): once someone has knocked, nobody else may knock in
        that round.
    """
    action = str(verdict.action)
    if not verdict.legal:
        lines = [f"Illegal: {action}."]
        lines += [_wrapped(explain_violation(violation), "  ") for violation in verdict.violations]
    elif verdict.kind is None:
        lines = [f"Legal: {action}."]
    elif verdict.kind is TurnKind.KNOCK:
        lines = ["Legal: knock.", *_what_follows(verdict)]
    else:
        lines = [f"Legal: {action} is {_KIND_WORDS[verdict.kind]}.", *_what_follows(verdict)]
    lines += _ruling_lines(verdict.rulings)
    return "\n".join(lines)


def _what_follows(verdict: Verdict) -> list[str]:
    hand = verdict.hand_after or ()
    if verdict.kind is TurnKind.KNOCK:
        return [
            f"  The hand keeps its sum of {sum(hand)}; every other player has one last turn, then the round is scored.",
            f"  Unless the knocker alone has the lowest sum, they score it plus {KNOCK_PENALTY}.",
        ]
    lines = ["  The player now draws one card, choosing the visible or the hidden side before looking."]
    if verdict.triple:
        lines.append("  Then every other player in turn flips one of their zeros or, holding none, draws a card.")
    lines.append(f"  Left in hand before the draw: {_numbers(hand)} (sum {sum(hand)}).")
    return lines


def explain_hint(hint: Hint) -> str:
    """The suggestion, the reasons for it, and the best candidates with their expected sums.

    >>> from solver.quando import hint as make_hint
    >>> print(explain_hint(make_hint([9, 9, 9, 0], plays_made=1, draw_visible=0)))
    Suggestion: play 9 9 9, then take the visible side (sum 0 for sure).
      The hand [9, 9, 9, 0] sums to 27.
      The draw pile shows 0; its hidden side is one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, each as likely,
          5.50 on average.
      Best play: play 9 9 9, then take the visible side: a sum of 0 for sure.
      It is a triple: after the draw every other player flips a zero or draws a card.
      The hand then holds only zeros for sure, which ends the round at once.
      Knocking is not allowed yet: 1 play made this round, 2 needed.
    Candidates, best first (8 in all):
      action      draw     expected sum  only zeros
      play 9 9 9  visible             0        100%
      play 9 9 9  hidden            5.5          0%
      play 9 9    visible             9          0%
      play 9 9    hidden           14.5          0%
      play 9      visible            18          0%
      play 9      hidden           23.5          0%
    """
    lines = [f"Suggestion: {_choice(hint.suggestion)}."]
    lines += [_wrapped(reason, "  ") for reason in hint.reasons]
    shown = hint.candidates[:CANDIDATES_SHOWN]
    lines.append(f"Candidates, best first ({len(hint.candidates)} in all):")
    rows = [("action", "draw", "expected sum", "only zeros")]
    rows += [
        (
            str(candidate.action),
            "-" if candidate.side is None else candidate.side.value,
            _amount(float(candidate.expected_sum)),
            f"{float(candidate.only_zeros_chance):.0%}",
        )
        for candidate in shown
    ]
    lines += aligned_table(rows, numeric=(2, 3))
    return "\n".join(lines)


def _choice(candidate: Candidate) -> str:
    if candidate.side is None:
        return f"knock (the sum stays {_amount(float(candidate.expected_sum))})"
    certainty = "for sure" if candidate.sure else "expected"
    return (
        f"{candidate.action}, then take the {candidate.side.value} side "
        f"(sum {_amount(float(candidate.expected_sum))} {certainty})"
    )


def explain_round_score(score: RoundScore) -> str:
    """The round's sums and points per player, the knocker's penalty if any, and the rulings applied.

    >>> from solver.quando import score_round
    >>> print(explain_round_score(score_round({"Sarah": 4, "Maria": 12, "Linus": 7, "Tim": 4}, knocker="Sarah")))
    Round score, 4 players (lowest sum 4: Sarah, Tim):
      player  sum  points
      Sarah     4       9  knocked, not alone with the lowest sum: 4 + 5
      Maria    12      12
      Linus     7       7
      Tim       4       0  lowest sum
    Ruling knocker-alone-lowest (rules digest): every player with the lowest sum scores 0, except a
        knocker who is not alone there: the knocker scores their sum plus 5.
    """
    lowest = ", ".join(score.lowest)
    lines = [f"Round score, {len(score.sums)} players (lowest sum {score.lowest_sum}: {lowest}):"]
    rows = [("player", "sum", "points", "")]
    for player, total in score.sums.items():
        if player == score.knocker and score.knocker_penalized:
            note = f"knocked, not alone with the lowest sum: {total} + {KNOCK_PENALTY}"
        elif player == score.knocker:
            note = "knocked, alone with the lowest sum"
        elif player in score.lowest:
            note = "lowest sum"
        else:
            note = ""
        rows.append((player, str(total), str(score.points[player]), note))
    lines += aligned_table(rows, numeric=(1, 2))
    lines += _ruling_lines(score.rulings)
    return "\n".join(lines)


def _ruling_lines(rulings: Sequence[str]) -> list[str]:
    return [
        _wrapped(f"Ruling {ruling} ({RULINGS[ruling].source}): {RULINGS[ruling].summary}.", "") for ruling in rulings
    ]


def _wrapped(sentence: str, indent: str) -> str:
    """``sentence`` wrapped at :data:`WIDTH`, its continuation lines indented four more spaces."""
    return "\n".join(textwrap.wrap(sentence, WIDTH, initial_indent=indent, subsequent_indent=indent + "    "))


def _numbers(numbers: Sequence[int]) -> str:
    return " ".join(map(str, numbers)) if numbers else "nothing"


def _amount(value: float) -> str:
    """A sum for a table: whole numbers without decimals, others with up to two."""
    return f"{value:.2f}".rstrip("0").rstrip(".")

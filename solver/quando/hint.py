"""A hint for the start of a turn: the play and the side to draw that leave the lowest expected hand sum.

Every legal play is tried with both draws.  Taking the visible side adds
the number on show; taking the hidden side adds a number the player cannot
see.  The hint models that number (see ``docs/quando.md``): the top card
shows ``v``, so it is the card pairing ``v`` with one of the other ten
numbers; every partner is taken as equally likely, except partners ruled
out because the cards seen elsewhere (the hand's fronts and the numbers
known to be out of the game) could not all be shown without that card.

Knocking keeps the current sum.  When knocking is allowed the hint
suggests it if the sum is already at most :data:`KNOCK_AT_OR_BELOW`, or if
no play lowers the expected sum, unless a play ends the round at once for
sure (only zeros in hand after a visible 0 is drawn).

The search is bounded: a hand has at most 55 cards, so there are at most
64 plays, each judged with two draws.

:func:`hint` is the hint for a seat's position (its fronts, the plays it has
made, the number on show); :func:`seat_hint` reads that position from a game
in progress, as the strong bot, the review and the tables do.

>>> advice = hint([9, 9, 9, 0], plays_made=1, draw_visible=0)
>>> str(advice.suggestion.action), advice.suggestion.side.value, advice.suggestion.expected_sum
('play 9 9 9', 'visible', Fraction(0, 1))
>>> advice.hidden.backs, advice.hidden.expected
((1, 2, 3, 4, 5, 6, 7, 8, 9, 10), Fraction(11, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from solver.errors import GameError
from solver.quando.cards import DECK_SIZE, NUMBERS, can_show, possible_backs, require_numbers
from solver.quando.rules import KNOCK_AFTER_PLAYS, TurnKind, classify, legal_plays, remove_played
from solver.quando.state import KNOCK, Action, Side, State

KNOCK_AT_OR_BELOW = 3
"""A hand summing to this or less is low enough to knock with, whatever the plays offer."""

DECIMALS = 4
"""Expected sums and chances are written in JSON rounded to this many decimals."""


@dataclass(frozen=True)
class HiddenSide:
    """What the hidden side of the draw pile's top card may be: each of ``backs`` equally likely."""

    visible: int
    backs: tuple[int, ...]

    @property
    def expected(self) -> Fraction:
        """The average of the possible hidden numbers."""
        return Fraction(sum(self.backs), len(self.backs))

    def chance(self, number: int) -> Fraction:
        """The chance that the hidden side shows ``number``.

        >>> hidden_side(4, []).chance(0), hidden_side(4, []).chance(4)
        (Fraction(1, 10), Fraction(0, 1))
        """
        return Fraction(self.backs.count(number), len(self.backs))

    @property
    def ruled_out(self) -> tuple[int, ...]:
        """Partners of the visible number that the cards seen elsewhere rule out."""
        return tuple(number for number in NUMBERS if number != self.visible and number not in self.backs)

    def to_dict(self) -> dict[str, Any]:
        """JSON form: the visible number, the possible hidden numbers, the ruled-out ones and the average."""
        return {
            "visible": self.visible,
            "possible": list(self.backs),
            "ruled_out": list(self.ruled_out),
            "expected": _decimal(self.expected),
        }


def hidden_side(visible: int, elsewhere: Sequence[int]) -> HiddenSide:
    """The model of the hidden side of a card showing ``visible``, given the numbers seen on other cards.

    Raises :class:`~solver.errors.GameError` when no card can show
    ``visible`` beside the cards seen elsewhere.

    >>> hidden_side(10, [9] * 10).backs  # all ten cards with a 9 show it elsewhere, 9/10 among them
    (0, 1, 2, 3, 4, 5, 6, 7, 8)
    """
    backs = possible_backs(visible, elsewhere)
    if not backs:
        raise GameError(f"no card left can show {visible} beside the {len(elsewhere)} numbers seen elsewhere")
    return HiddenSide(visible, backs)


@dataclass(frozen=True)
class Candidate:
    """One choice for the turn: a play with the side it draws, or a knock; and where it leaves the hand."""

    action: Action
    side: Side | None
    kind: TurnKind
    expected_sum: Fraction
    only_zeros_chance: Fraction
    """The chance that the hand then holds only zeros, which ends the round at once."""

    @property
    def sure(self) -> bool:
        """True when the sum it leaves is known for certain (a knock, or the visible side)."""
        return self.side is not Side.HIDDEN

    def to_dict(self) -> dict[str, Any]:
        """JSON form: the action, the side drawn (``null`` for a knock), its kind, expected sum and chance."""
        return {
            "action": str(self.action),
            "draw": None if self.side is None else self.side.value,
            "kind": self.kind.value,
            "expected_sum": _decimal(self.expected_sum),
            "only_zeros_chance": _decimal(self.only_zeros_chance),
        }


@dataclass(frozen=True)
class Hint:
    """The suggested turn, every candidate best first, and the reasons in English."""

    hand: tuple[int, ...]
    plays_made: int
    out_of_game: tuple[int, ...]
    last_round: bool
    hidden: HiddenSide
    knock_allowed: bool
    candidates: tuple[Candidate, ...]
    suggestion: Candidate
    reasons: tuple[str, ...]

    @property
    def hand_sum(self) -> int:
        """The sum of the hand now, which a knock keeps."""
        return sum(self.hand)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form shared by the CLI and the HTTP API."""
        return {
            "game": "quando",
            "hand": list(self.hand),
            "hand_sum": self.hand_sum,
            "plays_made": self.plays_made,
            "draw_visible": self.hidden.visible,
            "out_of_game": list(self.out_of_game),
            "last_round": self.last_round,
            "hidden_side": self.hidden.to_dict(),
            "knock": {"allowed": self.knock_allowed, "expected_sum": self.hand_sum},
            "suggestion": self.suggestion.to_dict(),
            "candidates": [candidate.to_dict() for candidate in self.candidates],
            "reasoning": list(self.reasons),
        }


def hint(
    hand: Sequence[int],
    *,
    plays_made: int,
    draw_visible: int,
    out_of_game: Sequence[int] = (),
    last_round: bool = False,
) -> Hint:
    """The best turn for a player holding ``hand`` (fronts) who has played ``plays_made`` times this round.

    ``draw_visible`` is the number on top of the draw pile, ``out_of_game``
    numbers seen on cards out of every hand (the discard pile), and
    ``last_round`` says whether someone has already knocked.

    Raises :class:`~solver.errors.GameError`, naming the input, for an empty
    hand, numbers outside 0–10, numbers no deck can show together, or a
    negative ``plays_made``.

    >>> advice = hint([1, 2, 0], plays_made=2, draw_visible=8)
    >>> str(advice.suggestion.action), advice.reasons[-1]
    ('knock', 'Knocking keeps the sum at 3, which is at most 3: knock.')
    """
    fronts = require_numbers(hand, "hand")
    shown = require_numbers([draw_visible], "draw_visible")
    out = require_numbers(out_of_game, "out_of_game")
    if not fronts:
        raise GameError("hand []: a hint needs a hand of at least one card")
    if isinstance(plays_made, bool) or not isinstance(plays_made, int) or plays_made < 0:
        raise GameError(f"plays_made must be a whole number from 0, not {plays_made!r}")
    for what, numbers in (("hand", fronts), ("draw_visible", fronts + shown), ("out_of_game", fronts + shown + out)):
        if not can_show(numbers):
            raise GameError(f"{what}: no {DECK_SIZE}-card deck has different cards showing {sorted(numbers)}")
    hidden = hidden_side(draw_visible, fronts + out)
    knock_allowed = plays_made >= KNOCK_AFTER_PLAYS and not last_round
    plays = [
        _candidate(fronts, Action.play(numbers), side, hidden)
        for numbers in legal_plays(fronts)
        for side in (Side.VISIBLE, Side.HIDDEN)
    ]
    knock = Candidate(KNOCK, None, TurnKind.KNOCK, Fraction(sum(fronts)), Fraction(0))
    listed = [*plays, knock] if knock_allowed else plays
    ranked = [candidate for _, candidate in sorted(enumerate(listed), key=_rank)]
    best_play = next(candidate for candidate in ranked if candidate.kind.is_play)
    suggestion, knock_reason = _knock_or_play(sum(fronts), best_play, knock, plays_made, last_round)
    reasons = _reasons(fronts, hidden, best_play, knock_reason)
    return Hint(fronts, plays_made, out, last_round, hidden, knock_allowed, tuple(ranked), suggestion, reasons)


def _rank(listed: tuple[int, Candidate]) -> tuple[Fraction, bool, bool, int]:
    """Lowest expected sum first; on a tie a sure sum, then a triple (it hurts the others), then listing order."""
    order, candidate = listed
    return candidate.expected_sum, not candidate.sure, candidate.kind is not TurnKind.TRIPLE, order


def _candidate(fronts: tuple[int, ...], action: Action, side: Side, hidden: HiddenSide) -> Candidate:
    kind = classify(action.numbers)
    assert kind is not None, "legal_plays lists only straights and equal numbers"
    left = remove_played(fronts, action.numbers)
    if side is Side.VISIBLE:
        drawn = Fraction(hidden.visible)
        zero_chance = Fraction(hidden.visible == 0)
    else:
        drawn = hidden.expected
        zero_chance = hidden.chance(0)
    only_zeros = zero_chance if not any(left) else Fraction(0)
    return Candidate(action, side, kind, sum(left) + drawn, only_zeros)


def _knock_or_play(
    hand_sum: int, best_play: Candidate, knock: Candidate, plays_made: int, last_round: bool
) -> tuple[Candidate, str]:
    """The suggestion and the sentence saying why it knocks or plays."""
    if last_round:
        return best_play, "Knocking is not allowed: someone has already knocked, so this is the last round."
    if plays_made < KNOCK_AFTER_PLAYS:
        made = f"{plays_made} play{'s' if plays_made != 1 else ''}"
        return best_play, f"Knocking is not allowed yet: {made} made this round, {KNOCK_AFTER_PLAYS} needed."
    if best_play.only_zeros_chance == 1:
        return best_play, "The play ends the round at once with a sum of 0, which is better than knocking."
    if hand_sum <= KNOCK_AT_OR_BELOW:
        return knock, f"Knocking keeps the sum at {hand_sum}, which is at most {KNOCK_AT_OR_BELOW}: knock."
    if best_play.expected_sum >= hand_sum:
        return knock, f"No play lowers the expected sum below {hand_sum}: knock and keep it."
    return best_play, (
        f"The best play lowers the expected sum from {hand_sum} to {_words(best_play.expected_sum)}: "
        "play rather than knock."
    )


def _reasons(fronts: tuple[int, ...], hidden: HiddenSide, best: Candidate, knock_reason: str) -> tuple[str, ...]:
    backs = ", ".join(map(str, hidden.backs))
    reasons = [
        f"The hand {list(fronts)} sums to {sum(fronts)}.",
        f"The draw pile shows {hidden.visible}; its hidden side is one of {backs}, each as likely, "
        f"{_words(hidden.expected)} on average.",
    ]
    if hidden.ruled_out:
        reasons.append(f"The cards seen elsewhere rule out {', '.join(map(str, hidden.ruled_out))} as its hidden side.")
    assert best.side is not None, "the best play draws a side"
    certainty = "for sure" if best.sure else "on average"
    reasons.append(
        f"Best play: {best.action}, then take the {best.side.value} side: "
        f"a sum of {_words(best.expected_sum)} {certainty}."
    )
    if best.kind is TurnKind.TRIPLE:
        reasons.append("It is a triple: after the draw every other player flips a zero or draws a card.")
    if best.only_zeros_chance:
        chance = "for sure" if best.only_zeros_chance == 1 else f"with a chance of {float(best.only_zeros_chance):.0%}"
        reasons.append(f"The hand then holds only zeros {chance}, which ends the round at once.")
    reasons.append(knock_reason)
    return tuple(reasons)


def _words(value: Fraction) -> str:
    """A fraction for a sentence: whole numbers as they are, others to two decimals."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def _decimal(value: Fraction) -> float:
    return round(float(value), DECIMALS)


def seat_hint(state: State, seat: int) -> Hint | None:
    """The hint for ``seat`` opening a turn, from what that seat may see; ``None`` with no hand or no draw pile.

    The hint is given the seat's fronts, the number on show on the draw
    pile, the numbers on the discard pile, the plays the seat has made this
    round, and whether someone has knocked: nothing else.

    >>> from solver.quando.state import Game
    >>> advice = seat_hint(Game(("P1", "P2"), seed=2).new_state(), 0)
    >>> advice.hand, str(advice.suggestion.action)
    ((10, 0, 7, 9, 2, 4, 10, 4), 'play 10 10')
    """
    fronts = state.fronts(seat)
    if not fronts or state.draw_visible is None:
        return None
    return hint(
        fronts,
        plays_made=state.plays_made[seat],
        draw_visible=state.draw_visible,
        out_of_game=[card.front for card in state.discard_pile],
        last_round=state.knocker is not None,
    )

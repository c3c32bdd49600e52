"""The referee of a whole play: every placement of one player's turn, judged on the piles it meets.

A :class:`Position` is what the player sees at the start of the turn (the
four piles, their hand, the size of the draw pile, the variant and, with
On Fire, the fire cards due this turn); a play is a list of
:class:`Placement`.  :func:`check_play` judges each placement in order.  An
illegal placement is skipped (ruling ``skip-illegal-placement``): its card
stays in the hand, it does not count towards the minimum, and the next
placements are judged on the piles the legal ones left.  Then the play as a
whole is judged: enough cards laid, and every fire card due covered.

>>> from solver.thegame.rules import Pile
>>> position = Position({Pile.ASC1: 47, Pile.ASC2: 1, Pile.DESC1: 65, Pile.DESC2: 100}, (37, 75, 12), draw_pile=50)
>>> verdict = check_play(position, [Placement.parse("37>asc1"), Placement.parse("75>desc1")])
>>> verdict.legal, verdict.backwards, verdict.draw, verdict.hand_after
(True, (1, 2), 2, (12,))
>>> verdict = check_play(position, [Placement.parse("12>asc1"), Placement.parse("75>desc1")])
>>> [(fault.placement, fault.violation.code.value) for fault in verdict.faults]
[(1, 'wrong-direction'), (None, 'too-few-cards')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from solver.errors import GameError, Worded
from solver.thegame.cards import CARDS, FIRE_CARDS, is_card
from solver.thegame.rules import (
    PILES,
    Pile,
    Variant,
    hand_size,
    is_backwards,
    minimum_cards,
    possible_tops,
)
from solver.thegame.state import can_lay, goes_back_by_other_than_ten, judge_placement, parse_placement
from solver.thegame.violations import ViolationCode
from solver.verdicts import BaseVerdict, Violation

MAX_PLACEMENTS = len(CARDS)
"""The longest play the referee judges: one placement per card of the game."""

LARGEST_HAND = {variant: hand_size(1, variant) for variant in Variant}
"""The largest hand of each variant: the solo hand."""

PILE_NAMES = "asc1, asc2, desc1 and desc2"


@dataclass(frozen=True)
class Placement:
    """One card laid on a pile, written ``37>asc1``; the pile's name is kept as given, to be judged.

    >>> Placement.parse("37>ASC1"), Placement.parse("37>asc1").known_pile
    (Placement.parse('37>ASC1'), <Pile.ASC1: 'asc1'>)
    >>> Placement.parse("37>up").known_pile is None
    True
    """

    card: int
    pile: str

    def __post_init__(self) -> None:
        if not is_card(self.card):
            raise GameError(f"card {self.card!r} does not exist: the cards are {CARDS[0]} to {CARDS[-1]}")
        if not isinstance(self.pile, str) or not self.pile.strip():
            raise GameError(f"a placement names its pile ({PILE_NAMES}), not {self.pile!r}")

    @classmethod
    def parse(cls, text: str) -> Placement:
        """Read ``CARD>PILE``; the card must exist, the pile is judged later."""
        card, pile = parse_placement(text)
        return cls(card, pile)

    @property
    def known_pile(self) -> Pile | None:
        """The pile named, or ``None`` when no pile has that name."""
        name = self.pile.strip().casefold()
        return next((pile for pile in PILES if pile.value == name), None)

    def __str__(self) -> str:
        return f"{self.card}>{self.pile}"

    def __repr__(self) -> str:
        return f"Placement.parse({str(self)!r})"


# ----------------------------------------------------------------- the position


def position_error(
    piles: Mapping[Pile, int],
    hand: Sequence[int],
    draw_pile: int,
    variant: Variant = Variant.STANDARD,
    *,
    on_fire: bool = False,
    fire_due: Sequence[Pile] = (),
) -> tuple[str, str] | None:
    """The first reason these inputs cannot be a position of the game, as ``(field, message)``; ``None`` if none.

    The fields are ``piles``, ``hand``, ``draw_pile`` and ``fire_due``, as
    in the HTTP API, so that every interface names the input at fault.

    >>> position_error({Pile.ASC1: 47, Pile.ASC2: 1, Pile.DESC1: 65, Pile.DESC2: 100}, [47, 12], 50)
    ('hand', 'the hand holds 47, which a pile already shows: every card exists once')
    """
    # Each check relies on the ones before it (the hand is compared with valid piles), so they run in order.
    checks: tuple[tuple[str, Callable[[], str | None]], ...] = (
        ("piles", lambda: _piles_error(piles)),
        ("hand", lambda: _hand_error(hand, piles, variant)),
        ("draw_pile", lambda: _draw_pile_error(draw_pile, hand, piles)),
        ("fire_due", lambda: _fire_due_error(fire_due, piles, on_fire=on_fire)),
    )
    for field, check in checks:
        error = check()
        if error is not None:
            return field, error
    return None


def _piles_error(piles: Mapping[Pile, int]) -> str | None:
    missing = [pile.value for pile in PILES if pile not in piles]
    if missing or len(piles) != len(PILES):
        return Worded(
            "give the top of each of the four piles (%(piles)s); missing: %(missing)s",
            piles=PILE_NAMES,
            missing=", ".join(missing) or "none",
        )
    for pile in PILES:
        top = piles[pile]
        tops = possible_tops(pile)
        if isinstance(top, bool) or not isinstance(top, int) or top not in tops:
            return Worded(
                "%(pile)s cannot show %(top)s: expected %(lowest)d to %(highest)d",
                pile=pile.value,
                top=repr(top),
                lowest=tops.start,
                highest=tops.stop - 1,
            )
    laid = [piles[pile] for pile in PILES if piles[pile] != pile.start]
    for card in laid:
        if laid.count(card) > 1:
            return Worded("two piles show %(card)d, but every card exists once", card=card)
    return None


def _hand_error(hand: Sequence[int], piles: Mapping[Pile, int], variant: Variant) -> str | None:
    largest = LARGEST_HAND[variant]
    if not 1 <= len(hand) <= largest:
        return Worded(
            "a hand holds 1 to %(largest)d cards in the %(variant)s game, not %(count)d",
            largest=largest,
            variant=variant.value,
            count=len(hand),
        )
    for card in hand:
        if not is_card(card):
            return Worded(
                "%(card)s is not a card: the cards are %(lowest)d to %(highest)d",
                card=repr(card),
                lowest=CARDS[0],
                highest=CARDS[-1],
            )
        if hand.count(card) > 1:
            return Worded("the hand holds %(card)d twice, but every card exists once", card=card)
        shown = next((pile for pile in PILES if piles[pile] == card), None)
        if shown is not None:
            return Worded("the hand holds %(card)d, which a pile already shows: every card exists once", card=card)
    return None


def _draw_pile_error(draw_pile: int, hand: Sequence[int], piles: Mapping[Pile, int]) -> str | None:
    laid = sum(piles[pile] != pile.start for pile in PILES)
    most = len(CARDS) - len(hand) - laid
    if isinstance(draw_pile, bool) or not isinstance(draw_pile, int) or not 0 <= draw_pile <= most:
        return Worded(
            "the draw pile holds 0 to %(most)d cards (98 less the hand and the cards on the piles), not %(given)s",
            most=most,
            given=repr(draw_pile),
        )
    return None


@dataclass(frozen=True)
class FireDueProblem:
    """Why the piles named as ``fire_due`` cannot be the fire cards due: what is wrong, and with which pile.

    ``kind`` is ``"on-fire-off"`` (fire cards named without On Fire),
    ``"named-twice"`` or ``"not-a-fire-card"`` (the pile's ``top`` is no fire
    card).  Its text is the engine's message, which names the pile and the
    field as the API does; a page says the problem in words from its parts.

    >>> str(FireDueProblem("named-twice", Pile.ASC1))
    'asc1 is named twice'
    """

    kind: str
    pile: Pile | None = None
    top: int | None = None

    def __str__(self) -> str:
        if self.kind == "on-fire-off":
            return "fire cards are due only with the On Fire expansion: turn on on_fire"
        assert self.pile is not None, "a problem with a pile names it"
        if self.kind == "named-twice":
            return f"{self.pile.value} is named twice"
        fire_cards = ", ".join(map(str, sorted(FIRE_CARDS)))
        return f"{self.pile.value} shows {self.top}, not a fire card ({fire_cards})"


def fire_due_problem(fire_due: Sequence[Pile], piles: Mapping[Pile, int], *, on_fire: bool) -> FireDueProblem | None:
    """The first reason the piles ``fire_due`` cannot be the fire cards due on ``piles``; ``None`` if none.

    >>> tops = {Pile.ASC1: 44, Pile.ASC2: 1, Pile.DESC1: 65, Pile.DESC2: 100}
    >>> fire_due_problem([Pile.ASC1, Pile.ASC1], tops, on_fire=True)
    FireDueProblem(kind='named-twice', pile=<Pile.ASC1: 'asc1'>, top=None)
    >>> str(fire_due_problem([Pile.DESC1], tops, on_fire=True))
    'desc1 shows 65, not a fire card (22, 33, 44, 55, 66, 77)'
    >>> fire_due_problem([Pile.ASC1], tops, on_fire=True) is None
    True
    """
    if fire_due and not on_fire:
        return FireDueProblem("on-fire-off")
    for pile in fire_due:
        if fire_due.count(pile) > 1:
            return FireDueProblem("named-twice", pile)
        if piles[pile] not in FIRE_CARDS:
            return FireDueProblem("not-a-fire-card", pile, piles[pile])
    return None


def _fire_due_error(fire_due: Sequence[Pile], piles: Mapping[Pile, int], *, on_fire: bool) -> str | None:
    problem = fire_due_problem(fire_due, piles, on_fire=on_fire)
    return None if problem is None else str(problem)


@dataclass(frozen=True)
class Position:
    """What the player to move sees: the four piles, the hand, the draw pile's size, the rules in play.

    ``fire_due`` names the piles whose fire card this play must cover (with
    On Fire): the referee does not know past turns, so the request says
    which fire cards were laid in the previous turn.
    """

    piles: Mapping[Pile, int]
    hand: tuple[int, ...]
    draw_pile: int
    variant: Variant = Variant.STANDARD
    on_fire: bool = False
    fire_due: tuple[Pile, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.variant, Variant):
            raise GameError(f"variant must be Variant.STANDARD or Variant.PRO, not {self.variant!r}")
        if not isinstance(self.on_fire, bool):
            raise GameError(f"on_fire must be True or False, not {self.on_fire!r}")
        problem = position_error(
            self.piles, self.hand, self.draw_pile, self.variant, on_fire=self.on_fire, fire_due=self.fire_due
        )
        if problem is not None:
            field, message = problem
            raise GameError(f"{field}: {message}")

    @property
    def minimum(self) -> int:
        """Cards this turn must lay: fixed by the draw pile at its start."""
        return minimum_cards(self.variant, draw_pile=self.draw_pile)


# ----------------------------------------------------------------- the verdict


@dataclass(frozen=True)
class Fault:
    """One violation, with the 1-based number of the placement it concerns (``None`` for the play as a whole)."""

    placement: int | None
    violation: Violation

    def to_dict(self) -> dict[str, Any]:
        """The violation's JSON form, preceded by ``placement`` when it concerns one."""
        number = {} if self.placement is None else {"placement": self.placement}
        return {**number, **self.violation.to_dict()}


@dataclass(frozen=True)
class JudgedPlacement:
    """One placement with the number it was laid on (``None`` on an unknown pile) and whether it stays."""

    placement: Placement
    covers: int | None
    legal: bool
    backwards: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON form: card, pile, covers, legal, backwards."""
        return {
            "card": self.placement.card,
            "pile": self.placement.pile,
            "covers": self.covers,
            "legal": self.legal,
            "backwards": self.backwards,
        }


@dataclass(frozen=True)
class PlayVerdict(BaseVerdict):
    """The referee's answer for a whole play: each placement, the faults, and what the play leaves."""

    game: ClassVar[str] = "thegame"

    position: Position
    placements: tuple[JudgedPlacement, ...]
    faults: tuple[Fault, ...]
    piles_after: Mapping[Pile, int]
    hand_after: tuple[int, ...]
    minimum_reachable: bool
    fire_pending: tuple[Pile, ...]
    rulings: tuple[str, ...]

    @property
    def violations(self) -> tuple[Violation, ...]:
        """Every violation, in the order found: placement by placement, then the play as a whole."""
        return tuple(fault.violation for fault in self.faults)

    @property
    def laid(self) -> int:
        """Cards legally laid."""
        return sum(judged.legal for judged in self.placements)

    @property
    def backwards(self) -> tuple[int, ...]:
        """The numbers of the legal placements that were ten-back moves."""
        return tuple(number for number, judged in enumerate(self.placements, start=1) if judged.backwards)

    @property
    def draw(self) -> int:
        """Cards to draw after the play: one per card legally laid, while the draw pile lasts."""
        return min(self.laid, self.position.draw_pile)

    def _violation_entries(self) -> list[dict[str, Any]]:
        return [fault.to_dict() for fault in self.faults]

    def _detail_fields(self) -> dict[str, Any]:
        position = self.position
        return {
            "variant": position.variant.value,
            "on_fire": position.on_fire,
            "piles": _piles_dict(position.piles),
            "hand": list(position.hand),
            "draw_pile": position.draw_pile,
            "fire_due": [pile.value for pile in position.fire_due],
            "placements": [judged.to_dict() for judged in self.placements],
            "minimum": position.minimum,
            "minimum_reachable": self.minimum_reachable,
            "laid": self.laid,
            "backwards": list(self.backwards),
            "piles_after": _piles_dict(self.piles_after),
            "hand_after": list(self.hand_after),
            "draw": self.draw,
            "fire_pending": [pile.value for pile in self.fire_pending],
        }


def _piles_dict(piles: Mapping[Pile, int]) -> dict[str, int]:
    return {pile.value: piles[pile] for pile in PILES}


# ----------------------------------------------------------------- judging


def check_play(position: Position, play: Sequence[Placement]) -> PlayVerdict:
    """Judge ``play``, placement by placement, from ``position``; see the module's docstring for the rules.

    >>> from solver.thegame.rules import Pile
    >>> start = {Pile.ASC1: 1, Pile.ASC2: 1, Pile.DESC1: 44, Pile.DESC2: 100}
    >>> position = Position(start, (20, 30, 50), draw_pile=10, on_fire=True, fire_due=(Pile.DESC1,))
    >>> verdict = check_play(position, [Placement.parse("20>asc1"), Placement.parse("30>asc1")])
    >>> verdict.legal, [fault.violation.code.value for fault in verdict.faults]
    (False, ['fire-uncovered'])
    """
    if len(play) > MAX_PLACEMENTS:
        raise GameError(f"a play has at most {MAX_PLACEMENTS} placements, not {len(play)}")
    tops = dict(position.piles)
    hand = list(position.hand)
    laid_at: dict[int, int] = {}
    placements: list[JudgedPlacement] = []
    faults: list[Fault] = []
    rulings: dict[str, None] = {}
    for number, placement in enumerate(play, start=1):
        found = _placement_violations(placement, tops, hand, laid_at)
        pile = placement.known_pile
        if pile is not None and goes_back_by_other_than_ten(placement.card, pile, tops[pile]):
            rulings["back-exactly-ten"] = None
        if found or pile is None:
            covers = None if pile is None else tops[pile]
            faults += [Fault(number, violation) for violation in found]
            placements.append(JudgedPlacement(placement, covers, legal=False, backwards=False))
            rulings["skip-illegal-placement"] = None
            continue
        covers = tops[pile]
        placements.append(JudgedPlacement(placement, covers, True, is_backwards(placement.card, pile, covers)))
        tops[pile] = placement.card
        hand.remove(placement.card)
        laid_at[placement.card] = number
    laid = len(laid_at)
    minimum = position.minimum
    reachable = can_lay(position.hand, position.piles, minimum)
    if laid < minimum:
        faults.append(Fault(None, _too_few(laid, minimum, reachable=reachable, hand=hand, tops=tops, rulings=rulings)))
    faults += _fire_faults(position, tops, placements, rulings)
    pending = tuple(
        pile for pile in PILES if tops[pile] != position.piles[pile] and tops[pile] in FIRE_CARDS and position.on_fire
    )
    if pending:
        rulings["fire-due-next-turn"] = None
    return PlayVerdict(
        position, tuple(placements), tuple(faults), tops, tuple(hand), reachable, pending, tuple(rulings)
    )


def _placement_violations(
    placement: Placement, tops: Mapping[Pile, int], hand: Sequence[int], laid_at: Mapping[int, int]
) -> list[Violation]:
    card, pile = placement.card, placement.known_pile
    found = []
    if pile is None:
        found.append(
            Violation(ViolationCode.UNKNOWN_PILE, f"there is no pile {placement.pile!r}: the piles are {PILE_NAMES}")
        )
    if card in laid_at:
        found.append(Violation(ViolationCode.CARD_LAID_TWICE, f"{card} was already laid by placement {laid_at[card]}"))
    elif card not in hand:
        found.append(Violation(ViolationCode.NOT_IN_HAND, f"{card} is not in the hand"))
    if pile is not None:
        misfit = judge_placement(card, pile, tops[pile])
        if misfit is not None:
            found.append(misfit)
    return found


def _too_few(
    laid: int, minimum: int, *, reachable: bool, hand: list[int], tops: Mapping[Pile, int], rulings: dict[str, None]
) -> Violation:
    said = f"{laid} {'card' if laid == 1 else 'cards'} laid legally; this turn needs {minimum}"
    if not reachable:
        rulings["minimum-out-of-reach-ends-game"] = None
        reason = f"no order of this hand lays {minimum} on these piles, so the game ends"
    elif not can_lay(hand, tops, minimum - laid):
        rulings["stuck-below-minimum-ends-game"] = None
        reason = "another order would have reached it, but from the piles this play leaves the game ends"
    else:
        reason = "more cards can still be laid"
    return Violation(ViolationCode.TOO_FEW_CARDS, f"{said}: {reason}")


def _fire_faults(
    position: Position, tops: Mapping[Pile, int], placements: Iterable[JudgedPlacement], rulings: dict[str, None]
) -> list[Fault]:
    if not position.fire_due:
        return []
    rulings["fire-due-named-in-request"] = None
    faults = []
    for pile in position.fire_due:
        fire_card = position.piles[pile]
        if tops[pile] == fire_card:
            message = (
                f"the fire card {fire_card} on {pile.value} is still uncovered at the end of the play: the game is lost"
            )
            faults.append(Fault(None, Violation(ViolationCode.FIRE_UNCOVERED, message)))
            continue
        cover = next(judged for judged in placements if judged.legal and judged.placement.known_pile is pile)
        if cover.backwards or cover.placement.card in FIRE_CARDS:
            rulings["fire-covered-by-any-card"] = None
    return faults

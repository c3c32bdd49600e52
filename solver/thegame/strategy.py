"""How one player of The Game chooses a turn from what that player may know.

The team plays together but each player sees only their own hand, so a
decision here may use nothing else: the hand, the four pile tops, the
cards already laid (every laid card is public, so every player knows
which cards are still unseen), the size of the draw pile, the minimum the
turn must lay, fire obligations with On Fire, and the teammates' pile
requests.  A request names a pile and a strength, never a number, as the
rules allow ("please don't play on this pile").

The search scores whole turns.  Every card not yet laid still has to go
somewhere, so a pile's cost is how many such cards lie behind its top
(where it can no longer take them); a card behind several piles weighs
more, and a card behind all four is lost.  A turn costs the growth of
that total, so a ten-back move, which frees cards, earns a gain; playing a
card also ends that card's own danger.  Every ordering of the placements
of a turn is searched exhaustively up to the minimum (placements on
different piles commute, so each set is tried once), and beyond it only
cheap placements and the setups of a ten-back move are tried.  Alone
(solo, or the last player holding cards) with the draw pile empty, the
rest of the game is a puzzle with nothing hidden, and an exact search
plays it out.

>>> from solver.thegame.rules import Pile
>>> view = PlayerView(hand=(5, 14, 30, 57, 62, 80, 88, 96), tops=START_TOPS, played=frozenset(), draw_pile=90,
...                   minimum=2)
>>> [str(action) for action in choose_turn(view)]
['5>asc1', '96>desc1']
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from itertools import accumulate, pairwise

from solver.errors import GameError
from solver.thegame.cards import CARDS, FIRE_CARDS, HIGHEST_CARD, LOWEST_CARD
from solver.thegame.rules import BACKWARDS_STEP, PILES, Pile, Wish
from solver.thegame.state import Action

START_TOPS: Mapping[Pile, int] = {pile: pile.start for pile in PILES}
"""The tops of four empty piles: 1, 1, 100, 100."""

MAX_SEARCH_NODES = 40_000
"""Placements a turn search tries at most; past it the best turn found so far is played.  The placements it
leaves out, knowing no turn through them beats the best found (see ``_TurnSearch``), are not counted."""

BOUND_SLACK = 1e-6
"""How far a lower bound must pass the best score for the turn search to skip a position: past any rounding."""

MAX_ENDGAME_NODES = 200_000
"""Positions the exact endgame search (alone, draw pile empty) visits at most before the turn search takes over."""


class Request(IntEnum):
    """What a player may say about a pile: how much they want the others to leave it alone."""

    NONE = 0
    PLEASE_DONT = 1
    """ "Please don't play on this pile": I have a good card for it."""
    REALLY_NEED = 2
    """ "I can play well here" (once "I really need this pile"): I can turn it back ten, or fit a card right on it."""


WISH_REQUESTS: Mapping[Wish, Request] = {
    Wish.NONE: Request.NONE,
    Wish.DONT: Request.PLEASE_DONT,
    Wish.GOOD: Request.REALLY_NEED,
}
"""How strongly a wish said at the table asks the others to leave a pile alone: "I can play well here" the most."""

REQUEST_WISHES: Mapping[Request, Wish] = {request: wish for wish, request in WISH_REQUESTS.items()}
"""The wish a player says for each strength of request (:func:`pile_requests`)."""


@dataclass(frozen=True)
class Tuning:
    """The weights of the turn search, tuned by self-play (see ``benchmarks/thegame_benchmark.py``)."""

    danger: tuple[float, float, float, float, float] = (0.0, 1.0, 3.0, 10.0, 60.0)
    """Weight of a card not yet laid that is behind 0, 1, 2, 3 or all 4 piles."""
    extra_card_value: float = 0.5
    """Gain for each card laid beyond the minimum while the draw pile lasts."""
    endgame_card_value: float = 2.5
    """Gain for each card laid beyond the minimum once the draw pile is empty."""
    request_cost: tuple[float, float, float] = (0.0, 3.0, 7.0)
    """Cost of moving a pile on, by the strongest request on it (none, please don't, really need)."""
    request_decay: float = 0.7
    """How much less a request weighs for each further seat between its player and the one to move."""
    fire_left_uncovered: float = 25.0
    """Cost of ending a turn with one's own fire card on top, for the next player to cover."""
    fire_missed: float = 1000.0
    """Cost of ending a turn with a fire card uncovered that had to be covered in it: the game is lost."""
    please_dont_gap: int = 2
    """A player asks the others to spare a pile when a card of theirs fits it within this many cards."""
    really_need_gap: int = 0
    """... and says they really need it within this many (or with a ten-back move)."""
    opening_breadth: int = 10
    """Placements followed at each step still short of the minimum's last card, cheapest first."""

    def __post_init__(self) -> None:
        if any(later <= earlier for earlier, later in pairwise(self.danger)):
            raise GameError(f"danger {self.danger}: expected weights growing with each pile a card is behind")
        if self.opening_breadth < 1:
            raise GameError(f"opening breadth {self.opening_breadth}: expected at least 1")


DEFAULT_TUNING = Tuning()


@dataclass(frozen=True)
class PlayerView:
    """Everything one player knows when their turn comes.

    ``requests`` holds the teammates' requests, nearest seat after the
    player first.  ``must_cover`` names piles whose fire card must be
    covered in this turn; ``fire_cards`` says whether On Fire is played.

    >>> PlayerView(hand=(5,), tops=START_TOPS, played=frozenset({5}), draw_pile=0, minimum=1)
    Traceback (most recent call last):
    ...
    solver.errors.GameError: hand: card 5 is already on a pile
    """

    hand: tuple[int, ...]
    tops: Mapping[Pile, int]
    played: frozenset[int]
    draw_pile: int
    minimum: int
    requests: tuple[Mapping[Pile, Request], ...] = ()
    fire_cards: bool = False
    must_cover: frozenset[Pile] = frozenset()
    alone: bool = False
    """True when no teammate holds cards (always in the solo game): nothing is hidden once the draw pile is empty."""

    def __post_init__(self) -> None:
        for card in (*self.hand, *self.played):
            if not LOWEST_CARD <= card <= HIGHEST_CARD:
                raise GameError(f"card {card}: expected a number from {LOWEST_CARD} to {HIGHEST_CARD}")
        if len(set(self.hand)) != len(self.hand):
            raise GameError(f"hand {list(self.hand)}: a card appears twice")
        for card in self.hand:
            if card in self.played:
                raise GameError(f"hand: card {card} is already on a pile")
        if set(self.tops) != set(PILES):
            raise GameError(f"tops: expected a top for each of {', '.join(pile.value for pile in PILES)}")
        for pile, top in self.tops.items():
            if top != pile.start and top not in self.played:
                raise GameError(f"tops: {pile.value} shows {top}, which is neither its start nor a laid card")
        if self.draw_pile < 0:
            raise GameError(f"draw pile {self.draw_pile}: expected 0 or more cards")
        if self.minimum < 1:
            raise GameError(f"minimum {self.minimum}: expected a turn to lay at least 1 card")

    @property
    def unseen(self) -> frozenset[int]:
        """The cards this player cannot see: in the teammates' hands or still in the draw pile.

        >>> len(PlayerView(hand=(5, 6), tops=START_TOPS, played=frozenset(), draw_pile=96, minimum=2).unseen)
        96
        """
        return frozenset(CARDS) - self.played - set(self.hand)


def choose_turn(view: PlayerView, tuning: Tuning = DEFAULT_TUNING) -> tuple[Action, ...]:
    """The placements of the turn in the order to lay them, without ``end``; empty when the minimum is out of reach.

    >>> tops = {Pile.ASC1: 47, Pile.ASC2: 60, Pile.DESC1: 30, Pile.DESC2: 52}
    >>> view = PlayerView(hand=(37, 61, 95, 98, 99), tops=tops, played=frozenset(tops.values()),
    ...                   draw_pile=40, minimum=2)
    >>> choose_turn(view)
    (Action.parse('37>asc1'), Action.parse('61>asc2'))
    """
    if view.alone and view.draw_pile == 0:
        solved = _solve_endgame_alone(view)
        if solved is not None:
            return solved
    return _TurnSearch(view, tuning).best()


def pile_requests(
    hand: Iterable[int], tops: Mapping[Pile, int], played: Iterable[int], tuning: Tuning = DEFAULT_TUNING
) -> dict[Pile, Request]:
    """What a player holding ``hand`` asks of the others for each pile: the rules let them say no numbers.

    A ten-back card or a card right on the top is "I can play well here"
    (:data:`Request.REALLY_NEED`); a card within a couple of unseen cards of
    the top is "please don't play here".  Piles without a request are left out.

    >>> tops = {Pile.ASC1: 47, Pile.ASC2: 60, Pile.DESC1: 30, Pile.DESC2: 52}
    >>> pile_requests([37, 63, 90], tops, played=[47, 60, 30, 52, 61, 62])
    {<Pile.ASC1: 'asc1'>: <Request.REALLY_NEED: 2>, <Pile.ASC2: 'asc2'>: <Request.REALLY_NEED: 2>}
    """
    # Index a number → how many cards not yet laid lie below it.
    alive_below = list(accumulate(_alive_flags(played), initial=0))
    requests: dict[Pile, Request] = {}
    for index, pile in enumerate(PILES):
        top = tops[pile]
        ascending = index < 2
        back = top - BACKWARDS_STEP if ascending else top + BACKWARDS_STEP
        best = Request.NONE
        for card in hand:
            if card == back:
                best = Request.REALLY_NEED
                break
            if ascending:
                if card <= top:
                    continue
                skipped = alive_below[card] - alive_below[top + 1]
            else:
                if card >= top:
                    continue
                skipped = alive_below[top] - alive_below[card + 1]
            if skipped <= tuning.really_need_gap:
                best = Request.REALLY_NEED
                break
            if skipped <= tuning.please_dont_gap:
                best = Request.PLEASE_DONT
        if best is not Request.NONE:
            requests[pile] = best
    return requests


def _alive_flags(played: Iterable[int]) -> bytearray:
    """Index ``card`` → 1 while the card is not on a pile, else 0 (index 0, 1 and 100 are never cards)."""
    alive = bytearray(_NONE_LAID)
    for card in played:
        alive[card] = 0
    return alive


_NONE_LAID = bytes(LOWEST_CARD <= number <= HIGHEST_CARD for number in range(HIGHEST_CARD + 2))
"""What :func:`_alive_flags` starts from: 1 for every card."""


LAID = 255
"""What the turn search keeps for a number on a pile (and for 0, 1 and 100, no cards): it is in no danger."""

_LAID_BYTE = bytes([LAID])

_IN_DANGER = bytes(level != LAID for level in range(256))
"""A ``bytes.translate`` table: 1 for a card not yet laid, 0 for a number laid."""

_ONE_MORE_PILE = bytes(level + 1 if level < len(PILES) else level for level in range(256))
"""A ``bytes.translate`` table: every card not yet laid goes behind one more pile; laid numbers stay :data:`LAID`."""

_ONE_PILE_FEWER = bytes(level - 1 if 0 < level <= len(PILES) else level for level in range(256))
"""A ``bytes.translate`` table: every card not yet laid comes out from behind one pile; laid numbers stay laid."""


def piles_behind(tops: Sequence[int], played: Iterable[int]) -> bytearray:
    """Index a number → how many piles showing ``tops`` (asc1, asc2, desc1, desc2) it lies behind, or :data:`LAID`.

    A number lies behind a pile going up when it is below its top, behind
    a pile going down when above it.  Numbers laid (``played``), and 0, 1
    and 100, which are no cards, hold :data:`LAID`.

    >>> levels = piles_behind([20, 1, 100, 90], played=[20, 90])
    >>> list(levels[18:23]), list(levels[88:93])
    ([1, 1, 255, 0, 0], [0, 0, 255, 1, 1])
    """
    levels = bytearray(HIGHEST_CARD + 2)
    for index, top in enumerate(tops):
        low, high = (LOWEST_CARD, top) if index < 2 else (top + 1, HIGHEST_CARD + 1)
        levels[low:high] = levels[low:high].translate(_ONE_MORE_PILE)
    for number in (*range(LOWEST_CARD), HIGHEST_CARD + 1, *played):
        levels[number] = LAID
    return levels


_Placement = tuple[float, int, int, float]
"""A placement the turn search may try: (the danger it adds, pile, card, the part of that danger no later move can
take back, on the cards no ten-back move can free)."""


@dataclass(frozen=True, slots=True)
class _PilePlan:
    """What one pile showing one top may offer the hand beyond the minimum, worked out once a turn search, and the
    cheap placements found on it.

    The cheap placements a position offers on the pile depend on the
    numbers of a window alone (which of them lie behind how many piles,
    which are laid), so they are kept by those bytes of the position's
    levels: another position alike there is offered the same placements
    without counting them again.
    """

    back: int | None
    """The card of the hand exactly ten back, if any."""
    setups: tuple[tuple[int, int], ...]
    """The setups of a ten-back move that go forward on the pile, with their partners ten away."""
    near: tuple[tuple[int, int], ...]
    """The cards going forward on the pile, nearest first, with how many unseen cards each skips, up to the first
    that skips too many to be cheap even with every other card of the hand laid."""
    cheap_window: slice
    """The numbers the cheap placements depend on."""
    cheap_found: dict[bytes, tuple[_Placement, ...]] = field(default_factory=dict)
    """The cheap placements (:meth:`_TurnSearch._cheap_candidates`), by the bytes of ``cheap_window``."""


class _TurnSearch:
    """Depth-first search over the placements of one turn, scored by the danger they add.

    A position of the search is the four tops and its levels: one byte a
    number (:func:`piles_behind`), in which the cards laid in the search
    are marked :data:`LAID` too.  Both are immutable, so that a placement
    builds the next position (the numbers it passes shifted one pile up or
    down with ``bytes.translate``) and leaves the one it came from as it
    was, and so that the cheap placements a pile offers can be kept by the bytes
    they depend on (:class:`_PilePlan`).  A placement's cost counts the
    numbers it passes level by level (``bytes.count``); the default weights
    are whole numbers, so that adds up to exactly what adding them number by
    number would.

    A position is left out, with all that would follow it, when no turn
    through it can score less than the best turn found so far: the same
    turn is chosen, ties included, as by looking at everything.  Only a
    ten-back move takes a card out from behind a pile, and it frees the
    numbers between two numbers ten apart, a pile's start or a card of the
    hand and a card of the hand.  The danger of every other card can only
    grow, so a position's ``floor``, its cost less the danger of the hand
    and of the numbers a ten-back move might free, is a cost no turn
    through it goes below; each placement raises it by the danger it adds
    to the other cards (``kept``).
    """

    def __init__(self, view: PlayerView, tuning: Tuning) -> None:
        self.view = view
        self.tuning = tuning
        self.minimum = view.minimum
        self.hand = sorted(view.hand)
        self.start = tuple(view.tops[pile] for pile in PILES)
        self.levels = bytes(piles_behind(self.start, view.played))
        self.danger = tuning.danger
        # What one more pile behind a card costs, by how many it was behind; one pile fewer gains it back.
        self.rise = tuple(later - earlier for earlier, later in pairwise(tuning.danger))
        self.least_increase = min(self.rise)
        in_hand = self.in_hand = frozenset(self.hand)
        # Cards whose partner ten away is in hand too: laid on a pile going up (index 0) or down (index 1),
        # they let the partner turn that pile back at once.
        self.setups = (
            frozenset(card for card in self.hand if card - BACKWARDS_STEP in in_hand),
            frozenset(card for card in self.hand if card + BACKWARDS_STEP in in_hand),
        )
        self.card_value = tuning.endgame_card_value if view.draw_pile == 0 else tuning.extra_card_value
        self.pile_cost = [self._request_cost(pile) for pile in PILES]
        self.fire_penalty = [self._fire_cost(pile) for pile in PILES]
        # Piles 1 and 3 repeat piles 0 and 2 while both stand at their start and no request sets them apart.
        self.twins = [
            index in (1, 3)
            and self.start[index] == self.start[index - 1]
            and self.pile_cost[index] == self.pile_cost[index - 1]
            for index in range(len(PILES))
        ]
        # Index a number → how many numbers below it are neither laid nor in hand (and stay in danger all turn).
        unseen = bytearray(self.levels.translate(_IN_DANGER))
        for card in self.hand:
            unseen[card] = 0
        self.unseen_below = list(accumulate(unseen, initial=0))
        self.fitting: list[dict[int, tuple[int, ...]]] = [{} for _ in PILES]
        self.plans: list[dict[int, _PilePlan | None]] = [{} for _ in PILES]
        self.leaf_costs: dict[tuple[int, ...], float] = {}
        self.sequence: list[tuple[int, int]] = []
        self.best_score = float("inf")
        self.best_sequence: tuple[tuple[int, int], ...] = ()
        self.nodes = 0
        self.breadth = tuning.opening_breadth
        self._prepare_bound(in_hand)

    def _prepare_bound(self, in_hand: frozenset[int]) -> None:
        """Work out what the bound on the rest of a turn needs (see the class's description)."""
        rising_tops = in_hand | set(self.start[:2])
        falling_tops = in_hand | set(self.start[2:])
        # The numbers whose danger may fall, as laid: levels OR this read the others alone.
        mask = bytearray(len(self.levels))
        for card in self.hand:
            mask[card] = LAID
            if card + BACKWARDS_STEP in rising_tops:
                mask[card + 1 : card + BACKWARDS_STEP] = _LAID_BYTE * (BACKWARDS_STEP - 1)
            if card - BACKWARDS_STEP in falling_tops:
                mask[card - BACKWARDS_STEP + 1 : card] = _LAID_BYTE * (BACKWARDS_STEP - 1)
        self.fall_mask = int.from_bytes(mask)
        lasting = self._lasting(self.levels)
        # Index a number → how many numbers below it are in danger, and will be whatever the rest of the turn lays.
        self.lasting_below = list(accumulate(lasting.translate(_IN_DANGER), initial=0))
        # No card's danger ends below the least weight, nor above 0 for a card laid.
        self.least_danger = min(0.0, self.danger[0])
        at_stake = sum(
            (weight - self.least_danger) * (self.levels.count(level) - lasting.count(level))
            for level, weight in enumerate(self.danger)
        )
        self.floor = -at_stake
        value = self.card_value
        left_out = sum(
            min(0.0, cost, cost + self.tuning.fire_left_uncovered, penalty)
            for cost, penalty in zip(self.pile_cost, self.fire_penalty, strict=True)
        )
        # By depth: how far below its floor a turn through a position may still score; -inf when the hand is too
        # short for the minimum, so that no turn goes through any position.
        most = len(self.hand)
        self.below_floor = [
            value * (most - self.minimum if value >= 0 else max(depth, self.minimum) - self.minimum) - left_out
            if most >= self.minimum
            else -float("inf")
            for depth in range(most + 2)
        ]

    def best(self) -> tuple[Action, ...]:
        self._search(0, 0.0, self.start, self.levels, self.floor)
        if not self.best_sequence and self.breadth < len(self.hand) * len(PILES):
            # Every cheap opening ran into a dead end: look at all of them before giving up.
            self.breadth = len(self.hand) * len(PILES)
            self._search(0, 0.0, self.start, self.levels, self.floor)
        return tuple(Action.place(card, PILES[index]) for card, index in self.best_sequence)

    def _request_cost(self, pile: Pile) -> float:
        cost = 0.0
        weight = 1.0
        for requests in self.view.requests:
            cost = max(cost, weight * self.tuning.request_cost[requests.get(pile, Request.NONE)])
            weight *= self.tuning.request_decay
        return cost

    def _fire_cost(self, pile: Pile) -> float:
        return self.tuning.fire_missed if pile in self.view.must_cover else 0.0

    def _search(self, first_pile: int, cost: float, tops: tuple[int, ...], levels: bytes, floor: float) -> None:
        self.nodes += 1
        sequence = self.sequence
        depth = len(sequence)
        minimum = self.minimum
        if depth >= minimum:
            leaf_cost = self.leaf_costs.get(tops)
            if leaf_cost is None:
                leaf_cost = self.leaf_costs[tops] = self._pile_costs(tops)
            score = cost - self.card_value * (depth - minimum) + leaf_cost
            if score < self.best_score:
                self.best_score = score
                self.best_sequence = tuple(sequence)
            if self.nodes >= MAX_SEARCH_NODES and self.best_sequence:
                return
            candidates: Iterable[_Placement] = self._cheap_candidates(first_pile, tops, levels)
        elif self.nodes >= MAX_SEARCH_NODES and self.best_sequence:
            return
        elif depth == minimum - 1:
            # The placements are tried in the order they fit: each is looked at only when its turn comes.
            candidates = self._last_before_minimum(first_pile, tops, levels, floor)
        else:
            openings = [
                (self._step(levels, index, card, top), index, card)
                for index, top, card in self._fitting(first_pile, tops, levels)
            ]
            if len(openings) > self.breadth:
                # Far from the minimum only the cheapest openings are worth following, and the setups of a ten-back.
                openings.sort()
                setups = self.setups
                openings = [
                    opening
                    for rank, opening in enumerate(openings)
                    if rank < self.breadth or opening[2] in setups[opening[1] >= 2]
                ]
            lasting = self._lasting(levels)
            candidates = [
                (step, index, card, self._kept(lasting, index, card, tops[index])) for step, index, card in openings
            ]
        below_floor = self.below_floor[depth + 1]
        for step, index, card, kept in candidates:
            if floor + kept - below_floor > self.best_score + BOUND_SLACK:
                continue  # no turn going on with this placement can beat the best found so far
            sequence.append((card, index))
            after = (*tops[:index], card, *tops[index + 1 :])
            self._search(index, cost + step, after, _lay(levels, index, tops[index], card), floor + kept)
            sequence.pop()

    def _fitting(self, first_pile: int, tops: tuple[int, ...], levels: bytes) -> Iterator[tuple[int, int, int]]:
        """Every placement that fits, as (pile, its top, card): by pile, then card."""
        for index in range(first_pile, len(PILES)):
            if self.twins[index] and _mirrors_previous_pile(index, first_pile, tops, self.start):
                continue
            top = tops[index]
            cards = self.fitting[index].get(top)
            if cards is None:
                cards = self.fitting[index][top] = self._cards_fitting(index, top)
            for card in cards:
                if levels[card] != LAID:
                    yield index, top, card

    def _cards_fitting(self, index: int, top: int) -> tuple[int, ...]:
        """The cards of the hand that fit on pile ``index`` showing ``top``, lowest first."""
        hand = self.hand
        if index < 2:
            back = top - BACKWARDS_STEP
            above = hand[bisect_right(hand, top) :]
            return (back, *above) if back in self.in_hand else tuple(above)
        back = top + BACKWARDS_STEP
        below = hand[: bisect_left(hand, top)]
        return (*below, back) if back in self.in_hand else tuple(below)

    def _last_before_minimum(
        self, first_pile: int, tops: tuple[int, ...], levels: bytes, floor: float
    ) -> Iterator[_Placement]:
        """Every placement that fits, as :meth:`_fitting` has them, but those that surely add too much danger for a
        turn through them to beat the best found so far: each card passed that no ten-back move can free adds at
        least the least step of danger."""
        below_floor = self.below_floor[len(self.sequence) + 1]
        lasting_below = self.lasting_below
        lasting = self._lasting(levels)
        for index, top, card in self._fitting(first_pile, tops, levels):
            low, high = (top + 1, card) if top < card else (card + 1, top)
            kept = (lasting_below[high] - lasting_below[low]) * self.least_increase - self.least_danger
            if floor + kept - below_floor <= self.best_score + BOUND_SLACK:
                yield self._placement(levels, lasting, index, card, top)

    def _cheap_candidates(self, first_pile: int, tops: tuple[int, ...], levels: bytes) -> list[_Placement]:
        """The placements worth adding beyond the minimum: those costing less than a card is worth, ten-back
        moves, and the setups of a ten-back move (a card whose partner ten away is in hand)."""
        candidates: list[_Placement] = []
        for index in range(first_pile, len(PILES)):
            top = tops[index]
            plans = self.plans[index]
            if top in plans:
                plan = plans[top]
            else:
                plan = plans[top] = self._make_plan(index, top)
            if plan is None or (self.twins[index] and _mirrors_previous_pile(index, first_pile, tops, self.start)):
                continue
            window = levels[plan.cheap_window]
            found = plan.cheap_found.get(window)
            if found is None:
                found = plan.cheap_found[window] = self._cheap_on(levels, index, top, plan)
            candidates += found
        return candidates

    def _cheap_on(self, levels: bytes, index: int, top: int, plan: _PilePlan) -> tuple[_Placement, ...]:
        """The cheap placements on pile ``index``, showing ``top``: the ten-back, the setups, the cards near."""
        danger = self.danger
        value = self.card_value
        candidates = []
        lasting = self._lasting(levels)
        back = plan.back
        if back is not None and levels[back] != LAID:
            candidates.append(self._placement(levels, lasting, index, back, top))
        tried = []
        for card, partner in plan.setups:
            if levels[card] != LAID and levels[partner] != LAID:
                tried.append(card)
                candidates.append(self._placement(levels, lasting, index, card, top))
        passed = 0  # cards of the hand still to lay between the top and the card looked at
        for card, unseen in plan.near:
            if levels[card] == LAID:
                continue
            passed += 1
            if card in tried:
                continue
            skipped = (unseen + passed - 1) * self.least_increase
            if skipped - danger[3] > value:
                break  # the cards further on skip at least as many, so none is cheap enough
            if skipped - danger[levels[card]] > value:
                continue
            placement = self._placement(levels, lasting, index, card, top)
            if placement[0] <= value:
                candidates.append(placement)
        return tuple(candidates)

    def _make_plan(self, index: int, top: int) -> _PilePlan | None:
        """What pile ``index`` showing ``top`` may offer the hand beyond the minimum; ``None`` when nothing."""
        hand = self.hand
        if index < 2:
            back = top - BACKWARDS_STEP
            forward = hand[bisect_right(hand, top) :]
        else:
            back = top + BACKWARDS_STEP
            forward = hand[: bisect_left(hand, top)][::-1]
        unseen_below = self.unseen_below
        near = []
        for card in forward:
            if index < 2:
                unseen = unseen_below[card] - unseen_below[top + 1]
            else:
                unseen = unseen_below[top] - unseen_below[card + 1]
            if unseen * self.least_increase - self.danger[3] > self.card_value:
                break  # this card and the ones further on skip too many cards to be cheap, whatever is laid
            near.append((card, unseen))
        ten_back = back if back in self.in_hand else None
        partner_step = BACKWARDS_STEP if index < 2 else -BACKWARDS_STEP
        setups = tuple((card, card - partner_step) for card in self.setups[index >= 2] if card in forward)
        if ten_back is None and not setups and not near:
            return None
        numbers = [top, *(card for card, _ in near), *(number for pair in setups for number in pair)]
        if ten_back is not None:
            numbers.append(ten_back)
        return _PilePlan(ten_back, setups, tuple(near), slice(min(numbers), max(numbers) + 1))

    def _lasting(self, levels: bytes) -> bytes:
        """``levels`` with the numbers whose danger the rest of the turn may lower read as laid."""
        return (int.from_bytes(levels) | self.fall_mask).to_bytes(len(levels))

    def _placement(self, levels: bytes, lasting: bytes, index: int, card: int, top: int) -> _Placement:
        """Laying ``card`` on pile ``index``, showing ``top``: what :meth:`_step` and :meth:`_kept` say of it."""
        return (self._step(levels, index, card, top), index, card, self._kept(lasting, index, card, top))

    def _step(self, levels: bytes, index: int, card: int, top: int) -> float:
        """The danger laying ``card`` on pile ``index`` adds (negative when it frees cards)."""
        return self._passing(levels, index, card, top) - self.danger[levels[card]]

    def _kept(self, lasting: bytes, index: int, card: int, top: int) -> float:
        """The part of :meth:`_step` that no later move can take back: on the numbers ``lasting`` shows."""
        return self._passing(lasting, index, card, top) - self.least_danger

    def _passing(self, levels: bytes, index: int, card: int, top: int) -> float:
        """The danger the cards not yet laid between ``top`` and ``card`` add as ``card`` goes on pile ``index``:
        going forward they go behind one more pile, turning back ten they come out from behind one."""
        count = levels.count
        rise = self.rise
        if top < card:
            low, high = top + 1, card
        else:
            low, high = card + 1, top
        if (card > top) == (index < 2):
            # None of the cards passed was behind this pile yet.
            return (
                rise[0] * count(0, low, high)
                + rise[1] * count(1, low, high)
                + rise[2] * count(2, low, high)
                + rise[3] * count(3, low, high)
            )
        return -(
            rise[0] * count(1, low, high)
            + rise[1] * count(2, low, high)
            + rise[2] * count(3, low, high)
            + rise[3] * count(4, low, high)
        )

    def _pile_costs(self, tops: tuple[int, ...]) -> float:
        """What ending the turn with ``tops`` costs: piles moved on against a request, fire cards left uncovered."""
        cost = 0.0
        for index, top in enumerate(tops):
            start = self.start[index]
            moved_on = top > start if index < 2 else top < start
            if moved_on:
                cost += self.pile_cost[index]
            if top == start:
                cost += self.fire_penalty[index]
            elif self.view.fire_cards and top in FIRE_CARDS:
                cost += self.tuning.fire_left_uncovered
        return cost


def _lay(levels: bytes, index: int, top: int, card: int) -> bytes:
    """The levels once ``card`` is laid on pile ``index`` showing ``top``: the numbers it passes shift, it is laid.

    >>> levels = bytes(piles_behind([1, 1, 100, 100], played=()))
    >>> after = _lay(levels, 0, 1, 5)
    >>> list(after[2:7]), list(_lay(after, 2, 100, 95)[93:99])
    ([1, 1, 1, 255, 0], [0, 0, 255, 1, 1, 1])
    """
    shift = _ONE_MORE_PILE if (card > top) == (index < 2) else _ONE_PILE_FEWER
    if top < card:
        return levels[: top + 1] + levels[top + 1 : card].translate(shift) + _LAID_BYTE + levels[card + 1 :]
    return levels[:card] + _LAID_BYTE + levels[card + 1 : top].translate(shift) + levels[top:]


def _mirrors_previous_pile(index: int, first_pile: int, tops: Sequence[int], start: Sequence[int]) -> bool:
    """Both piles of a direction alike and the first still untouched: the second repeats its turns."""
    twin = index - 1
    return first_pile <= twin and tops[twin] == tops[index] == start[index]


def _solve_endgame_alone(view: PlayerView) -> tuple[Action, ...] | None:
    """Alone with an empty draw pile: the order laying the most cards, or ``None`` past the search limit."""
    hand = tuple(sorted(view.hand))
    start = tuple(view.tops[pile] for pile in PILES)
    best: dict[tuple[tuple[int, ...], int], tuple[int, tuple[tuple[int, int], ...]]] = {}
    visited = 0

    def longest(tops: tuple[int, ...], left: int) -> tuple[int, tuple[tuple[int, int], ...]]:
        nonlocal visited
        key = (tops, left)
        if key in best:
            return best[key]
        visited += 1
        if visited > MAX_ENDGAME_NODES:
            raise _EndgameLimitError
        answer: tuple[int, tuple[tuple[int, int], ...]] = (0, ())
        for position, card in enumerate(hand):
            if not left >> position & 1:
                continue
            for index, top in enumerate(tops):
                ascending = index < 2
                if ascending:
                    legal = card > top or card == top - BACKWARDS_STEP
                else:
                    legal = card < top or card == top + BACKWARDS_STEP
                if not legal:
                    continue
                after = (*tops[:index], card, *tops[index + 1 :])
                count, order = longest(after, left & ~(1 << position))
                if count + 1 > answer[0]:
                    answer = (count + 1, ((card, index), *order))
                    if answer[0] == left.bit_count():
                        best[key] = answer
                        return answer
        best[key] = answer
        return answer

    try:
        count, order = longest(start, (1 << len(hand)) - 1)
    except _EndgameLimitError:
        return None
    if count < view.minimum:
        return ()
    return tuple(Action.place(card, PILES[index]) for card, index in order)


class _EndgameLimitError(Exception):
    """The exact endgame search reached its limit."""

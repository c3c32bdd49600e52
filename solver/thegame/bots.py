"""Computer teams for The Game: one bot plays every seat, each seat deciding from what it may know.

A seat decides from its own hand, the public table (the piles, the cards
laid, the draw pile's size, fire cards due) and the pile requests the
players made at the table (``ask dont asc1``), never from another hand.

* ``strong`` plans each turn with :func:`~solver.thegame.strategy.choose_turn`:
  it counts the cards already laid, turns piles back ten whenever it can,
  lays more than the minimum only when it costs almost nothing, and
  respects the teammates' requests.  At the end of its turn, before
  ``end``, it says its own requests about the piles (what
  :func:`~solver.thegame.strategy.pile_requests` finds in its hand), as
  actions: "please don't play here", "I can play well here", or taking back
  what no longer holds.
* ``silent`` plays like ``strong`` and respects requests, but asks nothing
  of the others: a team of silent bots shows what the requests add.
* ``naive`` lays exactly the minimum, each card where it leaves the
  smallest gap (a ten-back move counts as the smallest of all), steering
  clear of a pile someone asked about unless the gap elsewhere is much
  wider; it neither counts cards nor asks anything.

A bot drives the game through the engine, one action at a time: it plans
the turn when the turn starts, then lays the planned cards, says its
requests and ends it.

>>> from solver.thegame.state import Game
>>> state = Game(players=2, seed=1).new_state()
>>> bot, taken = make_bot("strong"), []
>>> while state.turns == 0:
...     action = bot.choose(state)
...     verdict = state.apply(action)
...     taken.append(str(action))
>>> taken
['10>asc1', '17>asc1', 'ask dont asc1', 'end']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Protocol

from solver.errors import GameError
from solver.thegame.cards import CARDS
from solver.thegame.rules import PILES, Pile, Wish, can_play
from solver.thegame.state import END_TURN, PLACEMENT_SIGN, Action, State
from solver.thegame.strategy import (
    DEFAULT_TUNING,
    REQUEST_WISHES,
    WISH_REQUESTS,
    PlayerView,
    Request,
    Tuning,
    choose_turn,
    pile_requests,
)


class TeamBot(Protocol):
    """Plays every seat of a game: picks the next action of whoever is to move."""

    name: str

    def choose(self, state: State) -> Action:
        """The action to apply for ``state.to_move``."""
        ...


def player_view(state: State, tuning: Tuning = DEFAULT_TUNING, *, hearing: bool = True) -> PlayerView:
    """What the player to move knows: their hand, the public table, and the teammates' standing pile requests.

    The requests are those the teammates still holding cards made at the
    table, nearest seat after the player first; the player to move never
    sees another hand.  Without ``hearing`` the view holds no request.
    ``tuning`` is taken for the bots' sake and changes nothing here.

    >>> from solver.thegame.state import Action, Game
    >>> state = Game(players=3, seed=2).new_state()
    >>> for action in ("9>asc1", "12>asc1", "ask good desc1", "end"):
    ...     _ = state.apply(Action.parse(action))
    >>> view = player_view(state)
    >>> view.draw_pile, view.minimum, view.requests
    (78, 2, ({}, {<Pile.DESC1: 'desc1'>: <Request.REALLY_NEED: 2>}))
    """
    del tuning  # what a player knows does not depend on how they weigh it
    seat = state.to_move
    if seat is None:
        raise GameError("the game is over: no player is to move")
    # Every card in no hand and not in the draw pile lies on a pile, in sight of everyone.
    played = frozenset(CARDS).difference(state.draw_pile, *state.hands)
    players = state.game.players
    holding = [other for other in ((seat + step) % players for step in range(1, players)) if state.hands[other]]
    requests = tuple(
        {pile: WISH_REQUESTS[wish] for pile, wish in state.requests[other].items()} for other in holding if hearing
    )
    return PlayerView(
        hand=tuple(state.hands[seat]),
        tops=dict(state.tops),
        played=played,
        draw_pile=len(state.draw_pile),
        minimum=state.minimum_this_turn,
        requests=requests,
        fire_cards=state.game.on_fire,
        must_cover=frozenset(pile for pile, deadline in state.fire.items() if deadline <= state.turns),
        alone=not holding,
    )


def request_due(state: State, tuning: Tuning = DEFAULT_TUNING) -> Action | None:
    """The next request the player to move should say, or ``None`` when its standing requests say it all.

    The requests come from the player's own hand as it is now
    (:func:`~solver.thegame.strategy.pile_requests`), pile by pile in order;
    a request that no longer holds is taken back (``ask none …``).  A
    player alone at the table (no teammate holding cards) asks nothing.

    >>> from solver.thegame.state import Action, Game
    >>> state = Game(players=2, seed=1).new_state()
    >>> for action in ("10>asc1", "17>asc1"):
    ...     _ = state.apply(Action.parse(action))
    >>> request_due(state)
    Action.parse('ask dont asc1')
    """
    seat = state.to_move
    if (
        seat is None
        or not state.hands[seat]
        or not any(state.hands[other] for other in range(state.game.players) if other != seat)
    ):
        return None  # nobody would hear it
    played = frozenset(CARDS).difference(state.draw_pile, *state.hands)
    wanted = pile_requests(state.hands[seat], state.tops, played, tuning)
    standing = state.requests[seat]
    for pile in PILES:
        wish = REQUEST_WISHES[wanted.get(pile, Request.NONE)]
        if standing.get(pile, Wish.NONE) is not wish:
            return Action.ask(pile, wish)
    return None


class StrongBot:
    """Plans each turn with the turn search, plays it out, then says its requests.

    The turn is planned when it starts.  Asked about a position its plan
    was not made for (a bot made in the middle of a turn, a game saved and
    loaded, a move undone), the bot plans the turn again from where it
    started, so that it plays the same turn however often it is made
    afresh; should the cards laid so far differ from that plan, it plans
    what is still due from where the turn stands.
    """

    name = "strong"
    talking = True

    def __init__(self, tuning: Tuning = DEFAULT_TUNING) -> None:
        self.tuning = tuning
        self.planned: list[Action] = []
        """The whole turn planned, from its first placement."""
        self.planned_as_written: list[str] = []
        """The plan's placements as the state writes them in :attr:`State.this_turn`."""
        self.planned_for: tuple[int, int | None] | None = None
        """The turn and the seat the plan is for."""

    def choose(self, state: State) -> Action:
        # The placements of the turn as written, compared with the plan's without reading them back into actions.
        laid = [text for text in state.this_turn if PLACEMENT_SIGN in text]
        if (state.turns, state.to_move) != self.planned_for or self.planned_as_written[: len(laid)] != laid:
            self.planned = self._plan(state, _laid_this_turn(state))
            self.planned_as_written = [str(action) for action in self.planned]
            self.planned_for = (state.turns, state.to_move)
        if len(self.planned) > len(laid) and _fits(state, self.planned[len(laid)]):
            return self.planned[len(laid)]
        if self.talking and state.played_this_turn >= state.minimum_this_turn:
            request = request_due(state, self.tuning)
            if request is not None:
                return request
        return _fallback(state)

    def _plan(self, state: State, laid: list[Action]) -> list[Action]:
        """The whole turn: planned from its start, or, when the cards laid left that plan, what is still due."""
        if not laid:
            return self._turn(state)
        turn = self._turn(_turn_start(state))
        if turn[: len(laid)] == laid:
            return turn
        still_due = state.minimum_this_turn - len(laid)
        if still_due < 1:
            return laid
        view = player_view(state, self.tuning)
        return laid + list(choose_turn(replace(view, minimum=still_due), self.tuning))

    def _turn(self, state: State) -> list[Action]:
        return list(choose_turn(player_view(state, self.tuning), self.tuning))


def _fits(state: State, placement: Action) -> bool:
    """True when the player to move may lay ``placement``: one of :meth:`State.legal_actions`."""
    card, pile, seat = placement.card, placement.pile, state.to_move
    return (
        card is not None
        and pile is not None
        and seat is not None
        and card in state.hands[seat]
        and can_play(card, pile, state.tops[pile])
    )


def _laid_this_turn(state: State) -> list[Action]:
    """The placements of the turn being played, in order (its requests left out)."""
    actions = (Action.parse(text) for text in state.this_turn)
    return [action for action in actions if action.card is not None]


def _turn_start(state: State) -> State:
    """Where the turn being played began: its cards back in hand, the piles and fire deadlines as they were then."""
    start = state.copy()
    seat = state.to_move
    assert seat is not None, "a turn is being played"
    laid = [action.card for action in _laid_this_turn(state) if action.card is not None]
    start.hands[seat] = sorted([*start.hands[seat], *laid])
    start.tops, start.fire = dict(state.turn_tops), dict(state.turn_fire)
    start.played_this_turn, start.this_turn = 0, []
    return start


class SilentBot(StrongBot):
    """The strong bot that asks nothing of the others (it still respects what they ask)."""

    name = "silent"
    talking = False


class NaiveBot:
    """Lays the minimum, each card where it leaves the smallest gap, steering clear of the piles others asked about."""

    name = "naive"

    def choose(self, state: State) -> Action:
        return _fallback(state, respecting=player_view(state).requests)


REQUEST_GAPS = {Request.NONE: 0, Request.PLEASE_DONT: 8, Request.REALLY_NEED: 15}
"""How much wider a gap the naive bot accepts elsewhere rather than play on a pile someone asked about."""


def _fallback(state: State, respecting: Sequence[Mapping[Pile, Request]] = ()) -> Action:
    """``end`` once the minimum is laid, else the placement leaving the smallest gap, the requests ``respecting``
    counted as so much more gap on their piles.

    While the minimum is not laid some placement always fits: the engine
    ends the game as soon as none does.
    """
    if state.played_this_turn >= state.minimum_this_turn:
        return END_TURN
    asked = {
        pile: max((requests.get(pile, Request.NONE) for requests in respecting), default=Request.NONE) for pile in PILES
    }
    placements = [action for action in state.legal_actions() if not action.is_end]
    return min(placements, key=lambda action: _gap(action, state.tops) + REQUEST_GAPS[asked[action.pile or Pile.ASC1]])


def _gap(action: Action, tops: Mapping[Pile, int]) -> int:
    assert action.card is not None and action.pile is not None
    top = tops[action.pile]
    # A ten-back move comes out as -10, below every gap going on.
    return action.card - top if action.pile.ascending else top - action.card


BOTS: dict[str, type[StrongBot] | type[NaiveBot]] = {bot.name: bot for bot in (StrongBot, SilentBot, NaiveBot)}


def make_bot(kind: str, *, seed: int = 0) -> TeamBot:
    """A fresh bot of ``kind``: ``strong``, ``silent`` or ``naive``.

    ``seed`` is taken so that every game's bots are made alike, and changes
    nothing: The Game's bots search without chance, so each plays a given
    position the same way every time.

    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    solver.errors.GameError: unknown bot 'clever'; bots are strong, silent, naive
    """
    del seed  # the bots decide without chance
    try:
        return BOTS[kind]()
    except KeyError:
        raise GameError(f"unknown bot {kind!r}; bots are {', '.join(BOTS)}") from None

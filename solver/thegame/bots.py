"""Computer teams for The Game: one bot plays every seat, each seat deciding from what it may know.

* ``strong`` plans each turn with :func:`~solver.thegame.strategy.choose_turn`:
  it counts the cards already laid, turns piles back ten whenever it can,
  lays more than the minimum only when it costs almost nothing, and
  listens to the teammates' pile requests ("please don't play on this
  pile"), which carry no number.
* ``silent`` plays like ``strong`` but nobody says a word: it shows what
  the pile requests add.
* ``naive`` lays exactly the minimum, each card where it leaves the
  smallest gap (a ten-back move counts as the smallest of all), and
  neither counts cards nor talks.

A bot drives the game through the engine, one action at a time: it plans
the turn when the turn starts, then lays the planned cards and ends it.

>>> from solver.thegame.state import Game
>>> state = Game(players=2, seed=4).new_state()
>>> bot, laid = make_bot("strong"), []
>>> while state.turns == 0:
...     action = bot.choose(state)
...     verdict = state.apply(action)
...     laid.append(str(action))
>>> laid
['15>asc1', '21>asc1', 'end']
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from solver.errors import GameError
from solver.thegame.cards import CARDS
from solver.thegame.rules import Pile
from solver.thegame.state import END_TURN, Action, State
from solver.thegame.strategy import DEFAULT_TUNING, PlayerView, Request, Tuning, choose_turn, pile_requests


class TeamBot(Protocol):
    """Plays every seat of a game: picks the next action of whoever is to move."""

    name: str

    def choose(self, state: State) -> Action:
        """The action to apply for ``state.to_move``."""
        ...


def player_view(state: State, tuning: Tuning = DEFAULT_TUNING, *, talking: bool = True) -> PlayerView:
    """What the player to move knows: their hand, the public table, and the teammates' pile requests.

    Each teammate's request is worked out from that teammate's own hand,
    as the teammate would say it aloud; the player to move never sees
    another hand.  Without ``talking`` nobody makes a request.

    >>> from solver.thegame.state import Game
    >>> view = player_view(Game(players=3, seed=2).new_state())
    >>> view.hand, view.draw_pile, view.minimum, len(view.requests)
    ((9, 12, 13, 23, 48, 87), 80, 2, 2)
    """
    seat = state.to_move
    if seat is None:
        raise GameError("the game is over: no player is to move")
    # Every card in no hand and not in the draw pile lies on a pile, in sight of everyone.
    played = frozenset(CARDS).difference(state.draw_pile, *state.hands)
    players = state.game.players
    holding = [other for other in ((seat + step) % players for step in range(1, players)) if state.hands[other]]
    requests: list[dict[Pile, Request]] = [
        pile_requests(state.hands[other], state.tops, played, tuning) for other in holding if talking
    ]
    return PlayerView(
        hand=tuple(state.hands[seat]),
        tops=dict(state.tops),
        played=played,
        draw_pile=len(state.draw_pile),
        minimum=state.minimum_this_turn,
        requests=tuple(requests),
        fire_cards=state.game.on_fire,
        must_cover=frozenset(pile for pile, deadline in state.fire.items() if deadline <= state.turns),
        alone=not holding,
    )


class StrongBot:
    """Plans each turn with the turn search and plays it out.

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
        self.planned_for: tuple[int, int | None, int] | None = None
        """The position the next planned action is for: the turn, the seat to move and the actions so far."""

    def choose(self, state: State) -> Action:
        if state.played_this_turn == 0 or _position(state) != self.planned_for:
            self.planned = self._plan(state)
        self.planned_for = (state.turns, state.to_move, state.played_this_turn + 1)
        while self.planned:
            action = self.planned.pop(0)
            if action in state.legal_actions():
                return action
        return _fallback(state)

    def _plan(self, state: State) -> list[Action]:
        """The rest of the turn: the whole turn planned from its start, less what has been laid in it."""
        laid = state.played_this_turn
        if laid == 0:
            return self._turn(state)
        turn = self._turn(_turn_start(state))
        if [str(action) for action in turn[:laid]] == state.this_turn:
            return turn[laid:]
        still_due = state.minimum_this_turn - laid
        if still_due < 1:
            return []
        view = player_view(state, self.tuning, talking=self.talking)
        return list(choose_turn(replace(view, minimum=still_due), self.tuning))

    def _turn(self, state: State) -> list[Action]:
        return list(choose_turn(player_view(state, self.tuning, talking=self.talking), self.tuning))


def _position(state: State) -> tuple[int, int | None, int]:
    return (state.turns, state.to_move, state.played_this_turn)


def _turn_start(state: State) -> State:
    """Where the turn being played began: its cards back in hand, the piles and fire deadlines as they were then."""
    start = state.copy()
    seat = state.to_move
    assert seat is not None, "a turn is being played"
    laid = [Action.parse(text).card for text in state.this_turn]
    start.hands[seat] = sorted([*start.hands[seat], *(card for card in laid if card is not None)])
    start.tops, start.fire = dict(state.turn_tops), dict(state.turn_fire)
    start.played_this_turn, start.this_turn = 0, []
    return start


class SilentBot(StrongBot):
    """The strong bot at a table where nobody makes a pile request."""

    name = "silent"
    talking = False


class NaiveBot:
    """Lays the minimum, each card where it leaves the smallest gap; ten-back moves first."""

    name = "naive"

    def choose(self, state: State) -> Action:
        return _fallback(state)


def _fallback(state: State) -> Action:
    """``end`` once the minimum is laid, else the placement leaving the smallest gap.

    While the minimum is not laid some placement always fits: the engine
    ends the game as soon as none does.
    """
    if state.played_this_turn >= state.minimum_this_turn:
        return END_TURN
    placements = [action for action in state.legal_actions() if not action.is_end]
    return min(placements, key=lambda action: _gap(action, state.tops))


def _gap(action: Action, tops: dict[Pile, int]) -> int:
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

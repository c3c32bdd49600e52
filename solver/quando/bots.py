"""Computer players for Quando, one decision at a time for whoever is to move.

* ``strong`` follows the hint (:mod:`solver.quando.hint`), which knows only
  what the player may see: the fronts in hand, the number on show on the
  draw pile and the numbers on the discard pile.  It opens a turn with the
  hint's suggestion (a play or a knock) and, when it draws, takes the
  visible side unless the hint's model of the hidden side promises a lower
  number on average; answering a triple it flips a zero if it holds one.
* ``easy`` plays like a beginner (:class:`EasyBot`): the biggest group it
  sees, the side on show unless its number is high, a knock only with a
  very low sum.
* ``random`` picks uniformly among the legal actions.

A bot keeps nothing between its decisions, so one bot may play every seat,
and a game saved and loaded between two actions goes on the same way.
Every bot is seeded, so self-play is reproducible.

>>> from solver.quando.state import Game
>>> state = Game(("P1", "P2", "P3"), seed=1).new_state()
>>> state.fronts(0), state.draw_visible
([9, 10, 8, 3, 5, 2, 1, 6], 10)
>>> bot = make_bot("strong")
>>> str(bot.choose(state))
'play 8 9 10'
>>> _ = state.apply(bot.choose(state))
>>> state.step.value, str(bot.choose(state))
('draw', 'take hidden')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from solver.bots import RandomBot, seat_to_move
from solver.errors import GameError
from solver.quando.hint import hidden_side, seat_hint
from solver.quando.state import KNOCK, PASS, TAKE_HIDDEN, TAKE_VISIBLE, Action, State, Step

BOT_KINDS = ("strong", "easy", "random")
"""The kinds of bot, the strongest first."""

HIGH_NUMBER = 7
"""The easy bot draws the hidden side when the side on show is this number or higher."""

EASY_KNOCK_AT_OR_BELOW = 2
"""The easy bot knocks only with a hand summing to this or less."""


class Bot(Protocol):
    """Anything that picks the next action of the player to move."""

    name: str

    def choose(self, state: State) -> Action:
        """The action to apply for ``state.to_move``."""
        ...


def _side_to_take(state: State, seat: int) -> Action:
    """The visible side unless the hidden side, as the hint models it, is lower on average."""
    visible = state.draw_visible
    if visible is None:
        return TAKE_VISIBLE
    elsewhere = state.fronts(seat) + [card.front for card in state.discard_pile]
    return TAKE_VISIBLE if visible <= hidden_side(visible, elsewhere).expected else TAKE_HIDDEN


class StrongBot:
    """Plays the hint's suggestion, then draws the side the hint would draw."""

    name = "strong"

    def __init__(self, seed: int = 0) -> None:
        # It plays the same in every game: the seed is taken only so that every kind is made alike.
        del seed

    def choose(self, state: State) -> Action:
        seat = seat_to_move(state)
        if state.step is Step.TURN:
            advice = seat_hint(state, seat)
            if advice is not None:
                return advice.suggestion.action
            return _without_hint(state)
        fronts = state.fronts(seat)
        if state.step is Step.TRIPLE_EFFECT and 0 in fronts:
            return Action.flip(fronts.index(0) + 1)
        return _side_to_take(state, seat)


def _without_hint(state: State) -> Action:
    """With no cards, pass; with an empty draw pile (every card in a hand), lay the most points or knock."""
    actions = state.legal_actions()
    if PASS in actions:
        return PASS
    if KNOCK in actions:
        return KNOCK
    return max(actions, key=lambda action: sum(action.numbers))


class EasyBot:
    """Plays like a beginner: what it sees at a glance, with no sums of chances.

    It opens a turn with the play of most cards (a run of three or a group
    of equal numbers; the higher numbers among plays as big), knocking
    instead only when its hand sums to :data:`EASY_KNOCK_AT_OR_BELOW` or
    less; it draws the side on show unless that number is
    :data:`HIGH_NUMBER` or higher; answering a triple it flips its first
    zero.  It looks only at its own fronts and the number on show.

    >>> from solver.quando.state import Game
    >>> state = Game(("P1", "P2", "P3"), seed=1).new_state()
    >>> state.fronts(0), state.draw_visible
    ([9, 10, 8, 3, 5, 2, 1, 6], 10)
    >>> bot = EasyBot()
    >>> str(bot.choose(state))
    'play 8 9 10'
    >>> _ = state.apply(bot.choose(state))
    >>> str(bot.choose(state))
    'take hidden'
    """

    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        # It plays the same in every game: the seed is taken only so that every kind is made alike.
        del seed

    def choose(self, state: State) -> Action:
        seat = seat_to_move(state)
        actions = state.legal_actions()
        if state.step is Step.TURN:
            if KNOCK in actions and sum(state.fronts(seat)) <= EASY_KNOCK_AT_OR_BELOW:
                return KNOCK
            plays = [action for action in actions if action.numbers]
            if not plays:
                return PASS  # no cards left
            return max(plays, key=lambda action: (len(action.numbers), sum(action.numbers)))
        if TAKE_VISIBLE not in actions:
            return actions[0]  # a triple's answer with a zero in hand: flip the first
        visible = state.draw_visible
        return TAKE_HIDDEN if visible is not None and visible >= HIGH_NUMBER else TAKE_VISIBLE


BOTS: dict[str, Callable[[int], Bot]] = {bot.name: bot for bot in (StrongBot, EasyBot, RandomBot)}


def make_bot(kind: str, *, seed: int = 0) -> Bot:
    """A fresh bot of ``kind``, one of :data:`BOT_KINDS`, seeded with ``seed``.

    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    solver.errors.GameError: unknown Quando bot 'clever'; the kinds are strong, easy, random
    """
    try:
        return BOTS[kind](seed)
    except KeyError:
        raise GameError(f"unknown Quando bot {kind!r}; the kinds are {', '.join(BOT_KINDS)}") from None

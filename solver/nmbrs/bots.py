"""Computer players for Nmbrs!, one decision at a time for whoever is to move.

* ``greedy`` goes for the points at hand, by the game's own scoring and
  from what the player may see (their hand, the table, the discard pile;
  never the draw pile or another hand):

  - it takes or claims the top discard when that card lets it lay a play
    worth more points than its hand alone can, and otherwise declines,
    passes or draws a hidden card;
  - it lays the play worth most points among the legal plays (then the one
    laying most cards), one after another while a play scores: the hint
    (:func:`solver.nmbrs.hint.hint`);
  - it discards the card least useful: the number card with the fewest
    ways to make a sequence with another card of the hand and one number
    not yet seen on the table or the discard pile, the card worth most
    points among equals; a joker last.
* ``easy`` plays like a beginner (:class:`EasyBot`): it takes the discard
  only when it can lay it at once, lays the first play it finds while it
  finds one, and discards its highest card.
* ``random`` picks uniformly among the legal actions.

A bot keeps nothing between its decisions, so one bot may play every seat.
Every bot is seeded, so self-play is reproducible; every game ends, since
the engine bounds rounds and games (rulings ``blocked-round``, ``round-limit``).

>>> from solver.nmbrs.state import Game
>>> state = Game(players=2, seed=1).new_state()
>>> bot = make_bot("greedy")
>>> " ".join(str(card) for card in state.hands[0]), str(state.discard_pile[-1]), str(bot.choose(state))
('J 95 89 24 73 78 28 47 39', '86', 'take')
>>> _ = state.apply(bot.choose(state))
>>> str(bot.choose(state))
'lay 47@0,0 J=60@0,1 73@0,2 86@0,3'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from solver.bots import RandomBot, seat_to_move
from solver.errors import GameError
from solver.nmbrs.candidates import legal_plays
from solver.nmbrs.cards import LOWEST_NUMBER, Card
from solver.nmbrs.hint import hint
from solver.nmbrs.plays import PlayKind
from solver.nmbrs.referee import Position, judge_play
from solver.nmbrs.sequences import fit_values
from solver.nmbrs.state import Action, ActionKind, Phase, State

BOT_KINDS = ("greedy", "easy", "random")
"""The kinds of bot, the strongest first."""

TAKE = Action(ActionKind.TAKE)
DECLINE = Action(ActionKind.DECLINE)
CLAIM = Action(ActionKind.CLAIM)
PASS = Action(ActionKind.PASS)
DRAW = Action(ActionKind.DRAW)
END = Action(ActionKind.END)


class Bot(Protocol):
    """Anything that picks the next action of the player to move."""

    name: str

    def choose(self, state: State) -> Action:
        """The action to apply for ``state.to_move``."""
        ...


def seat_position(state: State, seat: int, extra: Sequence[Card] = ()) -> Position:
    """What ``seat`` may lay on: the table, their hand (and ``extra`` cards it would take), whether they opened."""
    rules, deck = state.game.rules, state.game.deck
    return Position(state.table, (*state.hands[seat], *extra), state.opened[seat], rules, deck)


def best_play_points(position: Position) -> int:
    """The points of the best play of ``position`` among the legal plays the game lists, 0 with none.

    >>> from solver.nmbrs.cards import parse_cards
    >>> from solver.nmbrs.table import Table
    >>> best_play_points(Position(Table(), tuple(parse_cards("5 9 13 40"))))
    8
    """
    return max((judge_play(position, play).points for play in legal_plays(position)), default=0)


def usefulness(card: Card, hand: Sequence[Card], seen: Sequence[Card], state: State) -> int:
    """How many sequences of three ``card`` could make with another card of ``hand`` and one number not in ``seen``.

    A joker is the most useful card of all.
    """
    if card.number is None:
        return len(hand) * state.game.rules.highest_number
    gone = {other.number for other in seen}
    held = {other.number for other in hand if other.number is not None and other.number != card.number}
    rules = state.game.rules
    ways = 0
    for partner in held:
        for third in {2 * card.number - partner, 2 * partner - card.number, (card.number + partner) / 2}:
            if (
                third == int(third)
                and LOWEST_NUMBER <= third <= rules.highest_number
                and int(third) not in gone
                and not fit_values(sorted((card.number, partner, int(third))), rules).violations
            ):
                ways += 1
    return ways


def least_useful(state: State, seat: int) -> Card:
    """The card ``seat`` discards: the least useful number card, worth most points among equals; a joker last."""
    hand = state.hands[seat]
    seen = [*state.table.cards(), *state.discard_pile]
    deck = state.game.deck
    return min(
        hand, key=lambda card: (card.is_joker, usefulness(card, hand, seen, state), -deck.points(card), card.sort_key())
    )


def _pays(state: State, seat: int) -> bool:
    """True when the top discard lets ``seat`` lay a play worth more than their hand alone allows."""
    top = state.discard_pile[-1]
    return best_play_points(seat_position(state, seat, (top,))) > best_play_points(seat_position(state, seat))


class GreedyBot:
    """Takes the discard when it pays, lays the best-scoring play while one scores, discards the least useful card."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        # It plays the same in every game: the seed is taken only so that every kind is made alike.
        del seed

    def choose(self, state: State) -> Action:
        seat = seat_to_move(state)
        actions = state.legal_actions()
        if state.phase is Phase.LAY:
            return self._lay_or_discard(state, seat, actions)
        wanted = {Phase.DRAW: TAKE, Phase.CLAIM: CLAIM, Phase.REDRAW: TAKE}[state.phase]
        if wanted in actions and (len(actions) == 1 or _pays(state, seat)):
            return wanted
        return next(action for action in actions if action != wanted)

    @staticmethod
    def _lay_or_discard(state: State, seat: int, actions: list[Action]) -> Action:
        lay = hint(state)
        if lay is not None:
            return lay
        if END in actions:
            return END
        discard = least_useful(state, seat)
        return Action(ActionKind.DISCARD, card=discard)


class EasyBot:
    """Plays like a beginner: the first play it finds, and its highest card away.

    * It takes the top discard when it sees a play laying that card at once,
      and otherwise declines it or draws a hidden card; it never claims
      another player's discard.
    * It lays the first play the game lists that puts cards on the table
      (never a swap of a joker), again while it finds one: it does not
      compare plays by their points.
    * It discards its highest number card, keeping its jokers while it has
      another card.

    It looks only at its hand, the table and the top discard.

    >>> from solver.nmbrs.state import Game
    >>> state = Game(players=2, seed=1).new_state()
    >>> bot = EasyBot()
    >>> str(state.discard_pile[-1]), str(bot.choose(state))
    ('86', 'take')
    >>> _ = state.apply(bot.choose(state))
    >>> str(bot.choose(state))
    'lay 24@0,0 28@0,1 J=32@0,2'
    """

    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        # It plays the same in every game: the seed is taken only so that every kind is made alike.
        del seed

    def choose(self, state: State) -> Action:
        seat = seat_to_move(state)
        actions = state.legal_actions()
        if state.phase is Phase.LAY:
            return _first_lay_or_highest_discard(state, seat, actions)
        if state.phase is Phase.DRAW and TAKE in actions and _lays_at_once(state, seat):
            return TAKE
        unwanted = {Phase.DRAW: TAKE, Phase.CLAIM: CLAIM, Phase.REDRAW: TAKE}[state.phase]
        return next((action for action in actions if action != unwanted), actions[0])


def _lays_at_once(state: State, seat: int) -> bool:
    """True when some play ``seat`` could lay after taking the top discard lays that very card."""
    top = state.discard_pile[-1]
    return any(top in play.cards for play in legal_plays(seat_position(state, seat, (top,))))


def _first_lay_or_highest_discard(state: State, seat: int, actions: list[Action]) -> Action:
    """The first play that lays cards; else the end of the turn, or the highest number card discarded."""
    for action in actions:
        if action.play is not None and action.play.kind is not PlayKind.SWAP:
            return action
    if END in actions:
        return END
    hand = state.hands[seat]
    return Action(ActionKind.DISCARD, card=max(hand, key=lambda card: (not card.is_joker, card.number or 0)))


BOTS: dict[str, Callable[[int], Bot]] = {bot.name: bot for bot in (GreedyBot, EasyBot, RandomBot)}


def make_bot(kind: str, *, seed: int = 0) -> Bot:
    """A fresh bot of ``kind``, one of :data:`BOT_KINDS`, seeded with ``seed``.

    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    solver.errors.GameError: unknown Nmbrs! bot 'clever'; the kinds are greedy, easy, random
    """
    try:
        return BOTS[kind](seed)
    except KeyError:
        raise GameError(f"unknown Nmbrs! bot {kind!r}; the kinds are {', '.join(BOT_KINDS)}") from None

"""Computer players, for the tables and for self-play.

* ``beginner`` plays like a learner (:class:`BeginnerBot`): a matching card
  first, else a short calculation, else a joker, and now and then it misses
  a play it has.
* ``planner`` plays the best turn of the turn planner (most cards shed,
  then master-stroke points, then the hardest card for the next player),
  drawing only when nothing is playable.
* ``random`` picks uniformly among the legal actions.
* ``careless`` plays like ``random`` but now and then lays a card or a
  calculation without checking it, so that the referee's penalties show up
  in self-play statistics.

Every bot is seeded, so self-play is reproducible.  A bot decides from what
the player to move may see: their own hand, the card to cover, the rules and
the deck's make-up; never another hand or the order of the deck.

>>> from solver.nambarz.state import Game
>>> state = Game(("Ann", "Bob"), seed=3).new_state()
>>> str(state.cover), str(make_bot("planner", seed=1).choose(state))
('8hippo', '2owl + 6dragonfly')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from solver.errors import NambarzError
from solver.nambarz.cards import JokerType
from solver.nambarz.jokers import is_change_joker
from solver.nambarz.notation import Chain, JokerPlay, Play
from solver.nambarz.planner import plan_turn
from solver.nambarz.rules import Operator
from solver.nambarz.state import DRAW, PASS, Action, ActionKind, Phase, State, legal_plays

CARELESS_MISTAKE_RATE = 0.2

BEGINNER_SLIP_RATE = 0.25
"""How often the beginner misses a play it has: one decision in four."""

SHORT_CALCULATION = 3
"""The most cards the beginner puts in a calculation when it has a choice."""

EASY_OPERATORS = frozenset({Operator.ADD, Operator.SUBTRACT})
"""The operators the beginner tries first."""


class Bot(Protocol):
    """Anything that picks an action for the player to move."""

    name: str

    def choose(self, state: State) -> Action:
        """The action to apply for ``state.turn_player``."""
        ...


class RandomBot:
    """Uniform among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())


class PlannerBot:
    """Follows the turn planner's best turn.

    The turn is planned when it starts and after a draw, and planned afresh
    whenever the bot is asked about a position its plan was not made for: a
    bot made in the middle of a turn (a game saved and loaded), or a game
    that moved on without it.  After a play, a fresh plan lays a
    ``Jreplay`` only when something can be laid after it.
    """

    name = "planner"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.intended: list[Play] = []
        self.planned_for: tuple[int, str, int] | None = None
        """The position the next intended play is for: round, player to move and actions played so far."""

    def choose(self, state: State) -> Action:
        if state.phase in (Phase.START, Phase.DRAWN) or _position(state) != self.planned_for:
            self.intended = self._best_turn(state)
        self.planned_for = (state.round_number, state.turn_player, state.moves + 1)
        if self.intended:
            return Action(ActionKind.PLAY, self.intended.pop(0))
        return PASS if state.phase in (Phase.PLAYED, Phase.DRAWN) else DRAW

    @staticmethod
    def _best_turn(state: State) -> list[Play]:
        hand = list(state.hands[state.turn_player])
        opening: list[Play] = []
        if state.phase is Phase.PLAYED:
            # After the turn's play only a Jreplay may follow, and it is worth laying only to lay more after it.
            replay = next((card for card in hand if card.joker is JokerType.REPLAY), None)
            if replay is None:
                return []
            hand.remove(replay)
            opening = [JokerPlay(replay)]
        rules, deck = state.game.rules, state.game.deck
        if not legal_plays(state.cover, hand, rules, deck=deck):
            return []  # nothing to lay, now or after a Jreplay: the turn the planner would find is a draw or a pass
        plans = plan_turn(state.cover, hand, rules, after_draw=state.phase is Phase.DRAWN, count=1, deck=deck)
        if not plans or (opening and not plans[0].plays):
            return []
        return [*opening, *plans[0].plays]


def _position(state: State) -> tuple[int, str, int]:
    return (state.round_number, state.turn_player, state.moves)


class CarelessBot:
    """Like :class:`RandomBot`, but sometimes lays cards without checking them."""

    name = "careless"

    def __init__(self, seed: int = 0, mistake_rate: float = CARELESS_MISTAKE_RATE) -> None:
        self.rng = random.Random(seed)
        self.mistake_rate = mistake_rate

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        hand = [card for card in state.hands[state.turn_player] if not card.is_joker]
        may_lay = state.phase in (Phase.START, Phase.REPLAYED, Phase.DRAWN)
        if may_lay and hand and self.rng.random() < self.mistake_rate:
            size = self.rng.randint(1, min(4, len(hand)))
            cards = tuple(self.rng.sample(hand, size))
            operators = tuple(self.rng.choice(list(Operator)) for _ in range(size - 1))
            return Action(ActionKind.PLAY, Chain(cards, operators))
        return self.rng.choice(actions)


class BeginnerBot:
    """Plays like a learner: the first thing it sees, never the whole turn, and now and then it misses a play.

    It looks, in this order, for a card that matches the top card; for a
    short calculation (two or three cards, with + and − before × and ÷,
    three cards before two); for a change joker, followed by a card when it
    has one; for a ``Jreplay``; and only when nothing else is legal, for the
    calculation with the fewest cards.  It plays a match even when a long
    calculation would shed more cards, and it never plans a master stroke.

    The rules never let a player who can play draw instead (a draw is legal
    only with nothing playable), so its misses are the ones a learner makes
    within the rules, each one decision in four (:data:`BEGINNER_SLIP_RATE`):

    * at the start of a turn with no match, it finds only a calculation of
      two cards, when it has one, and misses the longer ones;
    * after drawing a card it could play, it keeps the card and passes;
    * after a play, it keeps its ``Jreplay`` instead of playing on.

    Without a slip it lays a ``Jreplay`` after a play only when it then sees
    a match or a short calculation to lay after it.  Where two plays are
    equally simple it picks one with its seeded generator.

    >>> from solver.nambarz.state import Game
    >>> state = Game(("Ann", "Bob"), seed=3).new_state()
    >>> str(state.cover), " ".join(str(card) for card in state.hands["Ann"])
    ('8hippo', '8 9duck 8bee 5 2owl 10cat 6dragonfly')
    >>> str(BeginnerBot(seed=1).choose(state)), str(PlannerBot().choose(state))
    ('8', '2owl + 6dragonfly')
    """

    name = "beginner"

    def __init__(self, seed: int = 0, slip_rate: float = BEGINNER_SLIP_RATE) -> None:
        self.rng = random.Random(seed)
        self.slip_rate = slip_rate

    def choose(self, state: State) -> Action:
        hand = state.hands[state.turn_player]
        rules, deck = state.game.rules, state.game.deck
        slips = self.rng.random() < self.slip_rate
        if state.phase is Phase.PLAYED:
            replay = next((card for card in hand if card.joker is JokerType.REPLAY), None)
            if replay is None or slips:
                return PASS
            rest = list(hand)
            rest.remove(replay)
            sees_more = self._simple_play(legal_plays(state.cover, rest, rules, deck=deck), slips=False)
            return PASS if sees_more is None else Action(ActionKind.PLAY, JokerPlay(replay))
        plays = legal_plays(state.cover, hand, rules, deck=deck)
        if state.phase is Phase.DRAWN:
            chosen = None if slips else self._simple_play(plays, slips=False)
            return PASS if chosen is None else Action(ActionKind.PLAY, chosen)
        if not plays:
            return DRAW
        chosen = self._simple_play(plays, slips=slips) or self._joker_play(plays) or _fewest_cards(plays)
        return Action(ActionKind.PLAY, chosen)

    def _simple_play(self, plays: Sequence[Play], *, slips: bool) -> Play | None:
        """A single card (a match, or the card a change joker waits for), else a short calculation; ``None``."""
        singles = [play for play in plays if isinstance(play, Chain) and not play.is_calculation]
        if singles:
            return self.rng.choice(singles)
        longest = 2 if slips else SHORT_CALCULATION
        short = [play for play in plays if isinstance(play, Chain) and len(play) <= longest]
        if not short:
            return None
        simplest = min(_effort(play) for play in short)
        return self.rng.choice([play for play in short if _effort(play) == simplest])

    def _joker_play(self, plays: Sequence[Play]) -> Play | None:
        """A change joker with a card after it, else a change joker alone, else a ``Jreplay``; ``None``."""
        jokers = [play for play in plays if isinstance(play, JokerPlay)]
        for wanted in (
            lambda play: is_change_joker(play.joker) and play.follow is not None,
            lambda play: is_change_joker(play.joker),
            lambda play: play.is_replay,
        ):
            found = [play for play in jokers if wanted(play)]
            if found:
                return self.rng.choice(found)
        return None


def _effort(calculation: Chain) -> tuple[bool, int]:
    """How hard a learner finds a calculation: × or ÷ after + and −, and among those, three cards before two."""
    return (not EASY_OPERATORS.issuperset(calculation.operators), -len(calculation))


def _fewest_cards(plays: Sequence[Play]) -> Play:
    """The first legal play with the fewest cards: what a learner lays when nothing simple fits."""
    return min(plays, key=lambda play: len(play.cards))


BOTS: dict[str, Callable[[int], Bot]] = {bot.name: bot for bot in (RandomBot, PlannerBot, CarelessBot, BeginnerBot)}


def make_bot(kind: str, *, seed: int = 0) -> Bot:
    """A fresh bot of ``kind`` (``random``, ``planner``, ``careless`` or ``beginner``), seeded with ``seed``."""
    try:
        return BOTS[kind](seed)
    except KeyError:
        raise NambarzError(f"unknown bot {kind!r}; bots are {', '.join(BOTS)}") from None

"""Computer players for self-play.

* ``random`` picks uniformly among the legal actions.
* ``planner`` plays the best turn of the turn planner (most cards shed,
  then master-stroke points, then the hardest card for the next player),
  drawing only when nothing is playable.
* ``careless`` plays like ``random`` but now and then lays a card or a
  calculation without checking it, so that the referee's penalties show up
  in self-play statistics.

Every bot is seeded, so self-play is reproducible.

>>> from solver.nambarz.state import Game
>>> state = Game(("Ann", "Bob"), seed=3).new_state()
>>> str(state.cover), str(make_bot("planner", seed=1).choose(state))
('8hippo', '2owl + 6dragonfly')
"""

from __future__ import annotations

import random
from typing import Protocol

from solver.errors import NambarzError
from solver.nambarz.cards import JokerType
from solver.nambarz.notation import Chain, JokerPlay, Play
from solver.nambarz.planner import plan_turn
from solver.nambarz.rules import Operator
from solver.nambarz.state import DRAW, PASS, Action, ActionKind, Phase, State

CARELESS_MISTAKE_RATE = 0.2


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
        plans = plan_turn(
            state.cover,
            hand,
            state.game.rules,
            after_draw=state.phase is Phase.DRAWN,
            count=1,
            deck=state.game.deck,
        )
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


BOTS: dict[str, type[RandomBot] | type[PlannerBot] | type[CarelessBot]] = {
    bot.name: bot for bot in (RandomBot, PlannerBot, CarelessBot)
}


def make_bot(kind: str, *, seed: int = 0) -> Bot:
    """A fresh bot of ``kind``: ``random``, ``planner`` or ``careless``, seeded with ``seed``."""
    try:
        return BOTS[kind](seed)
    except KeyError:
        raise NambarzError(f"unknown bot {kind!r}; bots are {', '.join(BOTS)}") from None

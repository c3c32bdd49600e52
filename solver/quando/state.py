"""Whole games of Quando: dealing, turns, draws, triples, knocking, rounds and the end of the game.

A :class:`Game` holds what is fixed (players, target, seed); a
:class:`State` holds what changes.  Each round's shuffle draws on a
generator derived from the seed (:mod:`solver.chance`: the first round's on
the seed itself, each later one on the seed and the round), so a game is
reproducible from its settings and the actions taken (:func:`replay`), and
:meth:`State.to_dict` / :meth:`State.from_dict` round-trip without loss.  The engine knows both sides of every card; the
players only ever act on what they may see.

The player to move opens a turn with a play, a knock, or (with no cards) a
pass; after a play the same player draws (``take visible`` / ``take
hidden``); after a triple each other player in turn flips a zero or draws.
An illegal action is refused with :class:`~solver.errors.IllegalMoveError`
and changes nothing.

>>> state = Game(("Ann", "Bob", "Cid")).new_state()
>>> state.to_move, [len(hand) for hand in state.hands], len(state.draw_pile)
(0, [8, 8, 8], 31)
>>> state.fronts(0), state.draw_visible
([9, 10, 3, 3, 8, 9, 0, 0], 7)
>>> [str(action) for action in state.legal_actions()][:3]
['play 8 9 10', 'play 0', 'play 0 0']
>>> state.apply(Action.parse("play 9 9")).kind.value, state.step.value, state.to_move
('equal-numbers', 'draw', 0)
>>> _ = state.apply(Action.parse("take visible"))
>>> state.fronts(0), state.to_move, state.step.value
([10, 3, 3, 8, 0, 0, 7], 1, 'turn')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from solver.chance import event_generator
from solver.errors import GameError, IllegalMoveError, NambarzError
from solver.quando.actions import KNOCK, PASS, TAKE_HIDDEN, TAKE_VISIBLE, Action, ActionKind, Side
from solver.quando.cards import DECK, Card
from solver.quando.referee import Step, Verdict, check
from solver.quando.rules import KNOCK_AFTER_PLAYS, TurnKind, legal_plays
from solver.quando.scoring import DEFAULT_TARGET, MAX_PLAYERS, MIN_PLAYERS, RoundScore, game_over, score_round, winners

HAND_SIZE = 7
SMALL_TABLE_HAND_SIZE = 8
"""Two or three players are dealt one card more."""
SMALL_TABLE_PLAYERS = 3

ROUNDS_KEPT = 10
"""The finished rounds a state keeps in ``results``; a game's totals count every round.

A long game (a high target, or players who keep knocking) would otherwise
keep a score sheet growing with every round; the state stays bounded."""


@dataclass(frozen=True)
class Game:
    """The fixed settings of a game: the players in clockwise seat order, the target total, the seed."""

    players: tuple[str, ...]
    target: int = DEFAULT_TARGET
    seed: int = 0

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= len(self.players) <= MAX_PLAYERS:
            raise GameError(f"Quando is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(self.players)}")
        if not all(isinstance(player, str) and player.strip() for player in self.players):
            raise GameError(f"players are named by non-empty text, not {list(self.players)!r}")
        if len(set(self.players)) != len(self.players):
            raise GameError(f"every player needs a name of their own: {list(self.players)!r}")
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target < 1:
            raise GameError(f"the target must be a whole number of points from 1, not {self.target!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise GameError(f"the seed must be a whole number, not {self.seed!r}")

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 8 with two or three players, else 7."""
        return SMALL_TABLE_HAND_SIZE if len(self.players) <= SMALL_TABLE_PLAYERS else HAND_SIZE

    def new_state(self) -> State:
        """A new game: the last seat deals the first round, so the first seat starts (ruling ``first-dealer``)."""
        state = State(self)
        state.start_round(dealer=len(self.players) - 1)
        return state

    def to_dict(self) -> dict[str, Any]:
        """JSON form of the settings."""
        return {"players": list(self.players), "target": self.target, "seed": self.seed}


@dataclass(frozen=True)
class RoundResult:
    """How a round ended: who dealt, who knocked, who ended it holding only zeros, and its score."""

    number: int
    dealer: int
    score: RoundScore
    only_zeros: str | None

    def to_dict(self) -> dict[str, Any]:
        """JSON form: the round's number, dealer seat, the player holding only zeros, and the score."""
        return {"number": self.number, "dealer": self.dealer, "only_zeros": self.only_zeros, **self.score.to_dict()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RoundResult:
        """Read the JSON form back (the points are scored again from the sums and the knocker)."""
        return cls(data["number"], data["dealer"], score_round(data["sums"], data["knocker"]), data["only_zeros"])


@dataclass
class State:
    """Everything that changes during a game.

    ``hands`` are by seat, each in the order its cards were received.  The
    draw and discard piles list their cards bottom to top; a pile card's
    front is the side facing up.
    """

    game: Game
    round_number: int = 0
    dealer: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    draw_pile: list[Card] = field(default_factory=list)
    discard_pile: list[Card] = field(default_factory=list)
    step: Step = Step.TURN
    turn_player: int = 0
    acting: int = 0
    pending_triple: bool = False
    plays_made: list[int] = field(default_factory=list)
    knocker: int | None = None
    over: bool = False
    results: list[RoundResult] = field(default_factory=list)
    """The latest finished rounds, oldest first: at most :data:`ROUNDS_KEPT` (the earlier ones are in ``earlier``)."""
    earlier: dict[str, int] = field(default_factory=dict)
    """Each player's points over the finished rounds no longer in ``results``."""

    # ----------------------------------------------------------------- what players see

    @property
    def is_over(self) -> bool:
        """True once a total has reached the target at the end of a round."""
        return self.over

    @property
    def to_move(self) -> int | None:
        """The seat that acts next: the turn's player, or during a triple's effect the player answering it."""
        return None if self.over else self.acting

    @property
    def players(self) -> tuple[str, ...]:
        """The players in seat order."""
        return self.game.players

    def fronts(self, seat: int) -> list[int]:
        """The numbers the player at ``seat`` sees in hand, in the order held."""
        return [card.front for card in self.hands[seat]]

    @property
    def draw_visible(self) -> int | None:
        """The number showing on top of the draw pile, ``None`` when it is empty."""
        return self.draw_pile[-1].front if self.draw_pile else None

    @property
    def totals(self) -> dict[str, int]:
        """Each player's points over the rounds played so far."""
        totals = {player: self.earlier.get(player, 0) for player in self.players}
        for result in self.results:
            for player, points in result.score.points.items():
                totals[player] += points
        return totals

    @property
    def winners(self) -> tuple[str, ...]:
        """The players sharing the lowest total once the game is over, else none."""
        return winners(self.totals) if self.over else ()

    def returns(self) -> list[int]:
        """Each seat's total so far, negated: the lowest total wins, and a higher return is better in every game.

        >>> Game(("Ann", "Bob")).new_state().returns()
        [0, 0]
        """
        totals = self.totals
        return [-totals[player] for player in self.players]

    # ----------------------------------------------------------------- rounds

    def start_round(self, *, dealer: int) -> None:
        """Shuffle all 55 cards onto random sides and deal them one at a time from the player left of ``dealer``."""
        seats = len(self.players)
        self.round_number += 1
        self.dealer = dealer
        pile = list(DECK)
        chance = (
            random.Random(self.game.seed)
            if self.round_number == 1
            else event_generator(self.game.seed, "quando", self.round_number)
        )
        chance.shuffle(pile)
        pile = [card.flipped() if chance.random() < 0.5 else card for card in pile]
        starter = (dealer + 1) % seats
        self.hands = [[] for _ in range(seats)]
        for _ in range(self.game.hand_size):
            for offset in range(seats):
                # the side that lay face down on the pile faces the player (ruling dealt-front-face-down)
                self.hands[(starter + offset) % seats].append(pile.pop().flipped())
        self.draw_pile = pile
        self.discard_pile = []
        self.step = Step.TURN
        self.turn_player = self.acting = starter
        self.pending_triple = False
        self.plays_made = [0] * seats
        self.knocker = None

    # ----------------------------------------------------------------- legal actions

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to move, in a fixed order; none once the game is over.

        Opening a turn: the plays (straights, then one number at a time), then
        ``knock``, then ``pass``; drawing: ``take visible``, ``take hidden``;
        after a triple: a flip for each zero, or else the two draws.
        """
        if self.over:
            return []
        fronts = self.fronts(self.acting)
        if self.step is Step.DRAW:
            return [TAKE_VISIBLE, TAKE_HIDDEN]
        if self.step is Step.TRIPLE_EFFECT:
            zeros = [Action.flip(position) for position, front in enumerate(fronts, start=1) if front == 0]
            return zeros or [TAKE_VISIBLE, TAKE_HIDDEN]
        actions = [Action.play(numbers) for numbers in legal_plays(fronts)]
        if self.plays_made[self.acting] >= KNOCK_AFTER_PLAYS and self.knocker is None:
            actions.append(KNOCK)
        if not fronts:
            actions.append(PASS)
        return actions

    # ----------------------------------------------------------------- applying actions

    def check(self, action: Action) -> Verdict:
        """The referee's verdict on ``action`` by the player to move; the state does not change.

        Raises :class:`~solver.errors.GameError` once the game is over.
        """
        if self.over:
            raise GameError("the game is over: no action can be taken")
        return check(
            self.fronts(self.acting),
            action,
            plays_made=self.plays_made[self.acting],
            last_round=self.knocker is not None,
            step=self.step,
        )

    def apply(self, action: Action) -> Verdict:
        """Carry out a legal ``action`` of the player to move and return its verdict.

        Raises :class:`~solver.errors.IllegalMoveError` (with the verdict) for
        an illegal action, leaving the state unchanged.
        """
        verdict = self.check(action)
        player = self.players[self.acting]
        if not verdict.legal:
            reasons = "; ".join(violation.message for violation in verdict.violations)
            raise IllegalMoveError(f"{player} may not {action}: {reasons}", verdict)
        if action.kind is ActionKind.PLAY:
            self._play(action.numbers, triple=verdict.kind is TurnKind.TRIPLE)
        elif action.kind is ActionKind.TAKE:
            assert action.side is not None
            self._take(action.side)
        elif action.kind is ActionKind.FLIP:
            assert action.position is not None
            hand = self.hands[self.acting]
            hand[action.position - 1] = hand[action.position - 1].flipped()
            self._continue_triple_effect(after=self.acting)
        elif action.kind is ActionKind.KNOCK:
            self.knocker = self.acting
            self._end_turn()
        else:
            self._end_turn()
        return verdict

    def _play(self, numbers: Sequence[int], *, triple: bool) -> None:
        hand = self.hands[self.acting]
        for number in numbers:  # the cards held longest go first (ruling played-cards-held-longest)
            card = next(card for card in hand if card.front == number)
            hand.remove(card)
            self.discard_pile.append(card)
        self.plays_made[self.acting] += 1
        self.pending_triple = triple
        self._turn_over_if_empty()
        self.step = Step.DRAW

    def _take(self, side: Side) -> None:
        card = self.draw_pile.pop()
        self.hands[self.acting].append(card if side is Side.VISIBLE else card.flipped())
        self._turn_over_if_empty()
        if self.step is Step.TRIPLE_EFFECT:
            self._continue_triple_effect(after=self.acting)
            return
        hand = self.fronts(self.acting)
        if hand and not any(hand):
            self._finish_round(only_zeros=self.acting)
        elif self.pending_triple:
            self.pending_triple = False
            self._continue_triple_effect(after=self.acting)
        else:
            self._end_turn()

    def _turn_over_if_empty(self) -> None:
        """Turn the discard pile over, unshuffled, as soon as the draw pile is empty (ruling turn-over-when-empty)."""
        if not self.draw_pile and self.discard_pile:
            self.draw_pile = [card.flipped() for card in reversed(self.discard_pile)]
            self.discard_pile = []

    def _continue_triple_effect(self, *, after: int) -> None:
        """Hand the move to the next player clockwise who answers the triple; end the turn after the last."""
        seats = len(self.players)
        seat = (after + 1) % seats
        while seat != self.turn_player:
            if 0 in self.fronts(seat) or self.draw_pile:  # with nothing to draw, nothing happens (nothing-to-draw)
                self.acting = seat
                self.step = Step.TRIPLE_EFFECT
                return
            seat = (seat + 1) % seats
        self._end_turn()

    def _end_turn(self) -> None:
        following = (self.turn_player + 1) % len(self.players)
        if following == self.knocker:
            self._finish_round(only_zeros=None)
            return
        self.turn_player = self.acting = following
        self.step = Step.TURN

    def _finish_round(self, *, only_zeros: int | None) -> None:
        sums = {player: sum(self.fronts(seat)) for seat, player in enumerate(self.players)}
        knocker = None if self.knocker is None else self.players[self.knocker]
        closer = None if only_zeros is None else self.players[only_zeros]
        self.results.append(RoundResult(self.round_number, self.dealer, score_round(sums, knocker), closer))
        if len(self.results) > ROUNDS_KEPT:  # a long game keeps its totals, not every round's sheet
            for player, points in self.results.pop(0).score.points.items():
                self.earlier[player] = self.earlier.get(player, 0) + points
        if game_over(self.totals, self.game.target):
            self.over = True
            return
        self.start_round(dealer=(self.dealer + 1) % len(self.players))

    # ----------------------------------------------------------------- serialisation

    def to_dict(self) -> dict[str, Any]:
        """Everything needed to continue the game exactly, as JSON-ready data."""
        return {
            "game": self.game.to_dict(),
            "round_number": self.round_number,
            "dealer": self.dealer,
            "hands": [[str(card) for card in hand] for hand in self.hands],
            "draw_pile": [str(card) for card in self.draw_pile],
            "discard_pile": [str(card) for card in self.discard_pile],
            "step": self.step.value,
            "turn_player": self.turn_player,
            "acting": self.acting,
            "pending_triple": self.pending_triple,
            "plays_made": list(self.plays_made),
            "knocker": self.knocker,
            "over": self.over,
            "results": [result.to_dict() for result in self.results],
            "earlier": dict(self.earlier),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        """Rebuild a state from :meth:`to_dict` output.

        Raises :class:`~solver.errors.GameError` when ``data`` is not such a
        document or its cards are not the 55 cards of the game, each once.
        """
        try:
            state = cls._read(data)
        except NambarzError as error:
            raise GameError(f"not a Quando state: {error}") from None
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise GameError(f"not a Quando state: {type(error).__name__} {error}") from None
        seats = len(state.players)
        if len(state.hands) != seats or len(state.plays_made) != seats:
            raise GameError(f"not a Quando state: {seats} players need {seats} hands and {seats} play counts")
        named = [state.dealer, state.turn_player, state.acting, *([] if state.knocker is None else [state.knocker])]
        if not all(isinstance(seat, int) and 0 <= seat < seats for seat in named):
            raise GameError(f"not a Quando state: a seat is outside 0 to {seats - 1}: {named}")
        held = [card.pair for pile in (*state.hands, state.draw_pile, state.discard_pile) for card in pile]
        if Counter(held) != Counter(card.pair for card in DECK):
            raise GameError("not a Quando state: its cards are not the 55 cards of the game, each once")
        return state

    @classmethod
    def _read(cls, data: dict[str, Any]) -> State:
        settings = data["game"]
        game = Game(tuple(settings["players"]), settings["target"], settings["seed"])
        knocker = data["knocker"]
        return cls(
            game=game,
            round_number=data["round_number"],
            dealer=data["dealer"],
            hands=[[Card.parse(card) for card in hand] for hand in data["hands"]],
            draw_pile=[Card.parse(card) for card in data["draw_pile"]],
            discard_pile=[Card.parse(card) for card in data["discard_pile"]],
            step=Step(data["step"]),
            turn_player=data["turn_player"],
            acting=data["acting"],
            pending_triple=data["pending_triple"],
            plays_made=list(data["plays_made"]),
            knocker=None if knocker is None else int(knocker),
            over=data["over"],
            results=[RoundResult.from_dict(result) for result in data["results"]],
            earlier={str(player): int(points) for player, points in data["earlier"].items()},
        )


def replay(game: Game, transcript: Sequence[tuple[int, str]]) -> State:
    """The state reached by playing ``transcript`` (seat, action) from the start of ``game``.

    >>> game = Game(("Ann", "Bob"), seed=3)
    >>> state = game.new_state()
    >>> first = state.legal_actions()[0]
    >>> _ = state.apply(first)
    >>> replay(game, [(0, str(first))]).to_dict() == state.to_dict()
    True
    """
    state = game.new_state()
    for number, (seat, action) in enumerate(transcript, start=1):
        if seat != state.to_move:
            raise GameError(f"action {number} ({action}) is by seat {seat}, but seat {state.to_move} is to move")
        state.apply(Action.parse(action))
    return state

"""Whole games of Quando: the actions and their notation, dealing, turns, draws, triples, knocking, rounds, the end.

An :class:`Action` opens a turn with ``play`` and the numbers laid (``play 3 4 5``,
``play 8 8 8``), ``knock``, or ``pass`` (only with no cards).  After a play the
same player draws: ``take visible`` or ``take hidden``, chosen before looking.
After a triple every other player in turn either flips a zero (``flip 2``: the
card at hand position 2, counting from 1 for the card held longest) or, holding
no zero, draws with ``take visible`` or ``take hidden``.  :class:`Step` says
which of these the player to move is asked for.

>>> Action.parse("Play 5, 3, 4"), Action.parse("take hidden"), Action.parse("flip 2")
(Action.parse('play 3 4 5'), Action.parse('take hidden'), Action.parse('flip 2'))
>>> str(Action.play([8, 8, 8])), Action.parse("knock") == KNOCK
('play 8 8 8', True)

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
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from solver.chance import event_generator
from solver.errors import GameError, IllegalMoveError, NambarzError, NotationError, quoted
from solver.quando.cards import DECK, DECK_SIZE, HIGHEST, LOWEST, Card, is_number
from solver.quando.rules import KNOCK_AFTER_PLAYS, TurnKind, legal_plays
from solver.quando.scoring import DEFAULT_TARGET, MAX_PLAYERS, MIN_PLAYERS, RoundScore, game_over, score_round, winners

if TYPE_CHECKING:
    from solver.quando.referee import Verdict

_TOKEN = re.compile(r"[^\s,]+")
EXPECTED = "expected 'play' and numbers, 'knock', 'take visible', 'take hidden', 'flip' and a position, or 'pass'"


class ActionKind(Enum):
    """What an action does."""

    PLAY = "play"
    KNOCK = "knock"
    TAKE = "take"
    FLIP = "flip"
    PASS = "pass"


class Side(Enum):
    """Which side of the draw pile's top card goes into the hand facing its holder."""

    VISIBLE = "visible"
    HIDDEN = "hidden"


@dataclass(frozen=True)
class Action:
    """One action: its kind and, as the kind needs, the numbers played, the side taken or the hand position.

    The numbers of a play are kept in ascending order, so two ways of writing
    the same play are the same action.
    """

    kind: ActionKind
    numbers: tuple[int, ...] = ()
    side: Side | None = None
    position: int | None = None

    def __post_init__(self) -> None:
        if self.numbers and self.kind is not ActionKind.PLAY:
            raise GameError(f"only a play lays numbers, not {self.kind.value}")
        if (self.side is not None) != (self.kind is ActionKind.TAKE):
            raise GameError("a take names the side taken (visible or hidden), and only a take does")
        if (self.position is not None) != (self.kind is ActionKind.FLIP):
            raise GameError("a flip names a hand position, and only a flip does")
        for number in self.numbers:
            if not is_number(number):
                raise GameError(f"{number!r} is not a number of the game ({LOWEST} to {HIGHEST})")
        if len(self.numbers) > DECK_SIZE:
            raise GameError(f"a play lays at most {DECK_SIZE} cards, not {len(self.numbers)}")
        if self.position is not None and (isinstance(self.position, bool) or self.position < 1):
            raise GameError(f"hand positions count from 1, not {self.position!r}")
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))

    @classmethod
    def play(cls, numbers: Iterable[int]) -> Action:
        """Lay cards showing ``numbers`` (possibility A or B)."""
        return cls(ActionKind.PLAY, tuple(numbers))

    @classmethod
    def take(cls, side: Side) -> Action:
        """Draw the top card of the draw pile, keeping ``side`` towards oneself."""
        return cls(ActionKind.TAKE, side=side)

    @classmethod
    def flip(cls, position: int) -> Action:
        """Flip the zero at hand ``position`` (from 1), after another player's triple."""
        return cls(ActionKind.FLIP, position=position)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action; words may be in any case and numbers separated by spaces or commas.

        >>> Action.parse("play 3 x")
        Traceback (most recent call last):
        ...
        solver.errors.NotationError: 'x' at position 8 of 'play 3 x' is not a number from 0 to 10
        """
        tokens = [(found.group(), found.start() + 1) for found in _TOKEN.finditer(text)]
        if not tokens:
            raise NotationError(f"empty action: {EXPECTED}", text=text, token="", position=1)
        word, _ = tokens[0]
        try:
            kind = ActionKind(word.casefold())
        except ValueError:
            raise NotationError(
                f"{quoted(word)} at position 1 of {quoted(text)} is not an action: {EXPECTED}",
                text=text,
                token=word,
                position=1,
            ) from None
        arguments = tokens[1:]
        if kind is ActionKind.PLAY:
            if len(arguments) > DECK_SIZE:
                token, position = arguments[DECK_SIZE]
                raise NotationError(
                    f"a play lays at most {DECK_SIZE} cards; {quoted(token)} at position {position} is one too many",
                    text=text,
                    token=token,
                    position=position,
                )
            return cls.play(_number(text, token, position) for token, position in arguments)
        if kind is ActionKind.TAKE:
            _expect_count(text, arguments, 1, "'take' is followed by 'visible' or 'hidden'")
            token, position = arguments[0]
            try:
                return cls.take(Side(token.casefold()))
            except ValueError:
                raise NotationError(
                    f"{quoted(token)} at position {position} of {quoted(text)} is not a side: "
                    "expected 'visible' or 'hidden'",
                    text=text,
                    token=token,
                    position=position,
                ) from None
        if kind is ActionKind.FLIP:
            _expect_count(text, arguments, 1, "'flip' is followed by the hand position of a zero, e.g. 'flip 2'")
            token, position = arguments[0]
            if not token.isascii() or not token.isdecimal() or int(token) < 1:
                raise NotationError(
                    f"{quoted(token)} at position {position} of {quoted(text)} is not a hand position: "
                    "expected a whole number from 1",
                    text=text,
                    token=token,
                    position=position,
                )
            return cls.flip(int(token))
        _expect_count(text, arguments, 0, f"'{kind.value}' stands alone")
        return KNOCK if kind is ActionKind.KNOCK else PASS

    def __str__(self) -> str:
        if self.kind is ActionKind.PLAY:
            return " ".join(["play", *map(str, self.numbers)])
        if self.side is not None:
            return f"take {self.side.value}"
        if self.position is not None:
            return f"flip {self.position}"
        return str(self.kind.value)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


def _number(text: str, token: str, position: int) -> int:
    if token.isascii() and token.isdecimal() and LOWEST <= int(token) <= HIGHEST:
        return int(token)
    raise NotationError(
        f"{quoted(token)} at position {position} of {quoted(text)} is not a number from {LOWEST} to {HIGHEST}",
        text=text,
        token=token,
        position=position,
    )


def _expect_count(text: str, arguments: list[tuple[str, int]], count: int, expected: str) -> None:
    if len(arguments) == count:
        return
    if len(arguments) > count:
        token, position = arguments[count]
        message = f"unexpected {quoted(token)} at position {position} of {quoted(text)}: {expected}"
    else:
        token, position = "", len(text) + 1
        message = f"{quoted(text)} is incomplete: {expected}"
    raise NotationError(message, text=text, token=token, position=position)


KNOCK = Action(ActionKind.KNOCK)
PASS = Action(ActionKind.PASS)
TAKE_VISIBLE = Action.take(Side.VISIBLE)
TAKE_HIDDEN = Action.take(Side.HIDDEN)


class Step(Enum):
    """What the player to move is asked to do."""

    TURN = "turn"
    """Open a turn: play cards, knock, or pass with no cards."""
    DRAW = "draw"
    """Draw one card after a play: take its visible or its hidden side."""
    TRIPLE_EFFECT = "triple-effect"
    """Answer another player's triple: flip a zero, or draw when holding none."""


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
        # The referee judges this module's actions, so it is imported here, once this module is loaded.
        from solver.quando.referee import check  # noqa: PLC0415

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

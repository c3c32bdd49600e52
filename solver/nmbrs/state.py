"""Whole games of Nmbrs!: dealing, the draw with its claims, the lay, the discard, rounds and the winners.

A :class:`Game` holds what is fixed (number of players, rule set, deck,
seed); a :class:`State` holds what changes, and keeps the shared contract of
:mod:`solver.contract`.  Players are seats 0, 1, … in clockwise order.
Every shuffle draws on a generator seeded with the game's seed, the round
and the number of shuffles already made in it (both kept in the state:
:func:`solver.chance.event_generator`), so a game is reproducible from its
settings and the actions taken (:func:`replay`).

A turn (rules 6–7, 13) is a sequence of actions:

* ``draw`` phase: the player to move takes the top discard (``take``) or
  declines it (``decline``); with an empty discard pile they ``draw`` a
  hidden card;
* ``claim`` phase: a declined discard is offered clockwise, and each other
  player may ``claim`` it (drawing a hidden card too) or ``pass``;
* ``redraw`` phase: the player to move takes the new top discard (``take``)
  if someone claimed the old one, or draws a hidden card (``draw``);
* ``lay`` phase: any number of plays (``lay …``, ``insert …``,
  ``swap …``), then ``discard CARD``; in the simplified version a player
  left with one card ends the turn with ``end`` instead.

The round ends when a player runs out of cards; the others subtract their
hands (rule 14).  A round in which nobody lays a card for ``IDLE_CIRCUITS``
turns of every player in a row ends blocked: everybody subtracts their hand
(ruling ``blocked-round``), so every round ends.  The game ends when a round
leaves someone on 100 points or more (rule 15), or after ``MAX_ROUNDS``
rounds (ruling ``round-limit``), so every game ends.

>>> state = Game(players=2, seed=1).new_state()
>>> state.to_move, len(state.hands[0]), state.scores, state.phase.value
(0, 9, [50, 50], 'draw')
>>> [str(action) for action in state.legal_actions()]
['take', 'decline']
>>> state.apply(Action.parse("decline")).legal, state.to_move, state.phase.value
(True, 1, 'claim')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar

from solver.chance import event_generator
from solver.errors import GameError, IllegalMoveError, NotationError, quoted
from solver.nmbrs.candidates import legal_plays
from solver.nmbrs.cards import Card
from solver.nmbrs.deck import NmbrsDeck
from solver.nmbrs.plays import Play, PlayKind
from solver.nmbrs.referee import PlayVerdict, Position, judge_play
from solver.nmbrs.rules import MAX_PLAYERS, MIN_PLAYERS, RuleSet
from solver.nmbrs.scoring import hand_penalty, winners
from solver.nmbrs.table import Placement, Table
from solver.nmbrs.violations import ViolationCode
from solver.verdicts import BaseVerdict, Violation

IDLE_CIRCUITS = 5
"""A round ends blocked once this many turns per player pass in a row without a card laid (``blocked-round``)."""

MAX_ROUNDS = 20
"""A game with no one on 100 points after this many rounds ends; the highest score wins (``round-limit``)."""


class Phase(Enum):
    """Where the turn stands."""

    DRAW = "draw"
    CLAIM = "claim"
    REDRAW = "redraw"
    LAY = "lay"
    OVER = "over"


class ActionKind(Enum):
    """The kinds of action; ``play`` covers ``lay``, ``insert`` and ``swap``."""

    TAKE = "take"
    DECLINE = "decline"
    CLAIM = "claim"
    PASS = "pass"
    DRAW = "draw"
    PLAY = "play"
    DISCARD = "discard"
    END = "end"


_WORDS = {kind.value: kind for kind in ActionKind if kind not in (ActionKind.PLAY, ActionKind.DISCARD)}


@dataclass(frozen=True)
class Action:
    """One action of the player to move, written as a word, ``discard CARD`` or a play.

    >>> Action.parse("discard 17"), Action.parse("claim"), Action.parse("lay 5@0,0 10@0,1 15@0,2").kind
    (Action.parse('discard 17'), Action.parse('claim'), <ActionKind.PLAY: 'play'>)
    """

    kind: ActionKind
    play: Play | None = None
    card: Card | None = None

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action.

        >>> Action.parse("discard")
        Traceback (most recent call last):
        ...
        solver.errors.NotationError: 'discard' names no card: expected discard CARD, such as 'discard 17'
        """
        words = text.split()
        first = words[0].casefold() if words else ""
        if first in _WORDS and len(words) == 1:
            return cls(_WORDS[first])
        if first == ActionKind.DISCARD.value:
            if len(words) != 2:
                raise NotationError(
                    f"{quoted(text)} names no card: expected discard CARD, such as 'discard 17'"
                    if len(words) < 2
                    else f"{quoted(text)}: one card is discarded, such as 'discard 17'",
                    text=text,
                    token=text,
                    position=1,
                )
            return cls(ActionKind.DISCARD, card=Card.parse(words[1]))
        if first in {kind.value for kind in PlayKind}:
            return cls(ActionKind.PLAY, play=Play.parse(text))
        expected = "take, decline, claim, pass, draw, lay …, insert …, swap …, discard CARD or end"
        raise NotationError(
            f"{quoted(text)} is not an Nmbrs! action: expected {expected}", text=text, token=first, position=1
        )

    def __str__(self) -> str:
        if self.play is not None:
            return str(self.play)
        if self.card is not None:
            return f"{self.kind.value} {self.card}"
        return self.kind.value

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


@dataclass(frozen=True)
class Game:
    """The fixed settings of a game: players (2–8, rule 3), rule set, deck and seed."""

    players: int = 2
    rules: RuleSet = RuleSet.BASIC
    deck: NmbrsDeck = field(default_factory=NmbrsDeck.default)
    seed: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise GameError(f"Nmbrs! is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.players}")

    def cards(self) -> list[Card]:
        """Every card in play, in a fixed order."""
        return self.deck.cards(self.rules)

    def new_state(self) -> State:
        """A new game: the first round dealt, seat 0 to move."""
        state = State(self, scores=[self.rules.starting_score] * self.players)
        state.start_round(starter=0)
        return state

    def to_dict(self) -> dict[str, Any]:
        """JSON form; ``deck`` is ``null`` for the shipped deck, else the deck file's form."""
        deck = None if self.deck == NmbrsDeck.default() else self.deck.to_dict()
        return {"players": self.players, "rules": self.rules.value, "deck": deck, "seed": self.seed}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """Read the JSON form back."""
        deck = NmbrsDeck.default() if data["deck"] is None else NmbrsDeck.from_mapping(data["deck"])
        return cls(data["players"], RuleSet(data["rules"]), deck, data["seed"])


@dataclass(frozen=True)
class RoundResult:
    """How a round ended: who went out (``None`` when it ended blocked), what each subtracted, the scores after."""

    number: int
    winner: int | None
    subtracted: tuple[int, ...]
    scores: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "number": self.number,
            "winner": self.winner,
            "subtracted": list(self.subtracted),
            "scores": list(self.scores),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RoundResult:
        """Read the JSON form back."""
        return cls(data["number"], data["winner"], tuple(data["subtracted"]), tuple(data["scores"]))


@dataclass(frozen=True)
class ActionVerdict(BaseVerdict):
    """The referee's answer about one action: its violations, and for a play the play's verdict."""

    game: ClassVar[str] = "nmbrs"

    action: Action
    seat: int | None
    violations: tuple[Violation, ...]
    play: PlayVerdict | None = None
    action_rulings: tuple[str, ...] = ()

    @property
    def rulings(self) -> tuple[str, ...]:
        """The rulings this verdict relied on."""
        play_rulings = self.play.rulings if self.play is not None else ()
        return tuple(dict.fromkeys((*self.action_rulings, *play_rulings)))

    def _detail_fields(self) -> dict[str, Any]:
        return {
            "action": str(self.action),
            "seat": self.seat,
            "play": None if self.play is None else self.play.entry(),
        }


@dataclass
class State:
    """Everything that changes during a game."""

    game: Game
    scores: list[int] = field(default_factory=list)
    round_number: int = 0
    shuffles: int = 0
    starter: int = 0
    active: int = 0
    phase: Phase = Phase.DRAW
    claimant: int | None = None
    claimed: bool = False
    laid: bool = False
    idle_turns: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    draw_pile: list[Card] = field(default_factory=list)
    discard_pile: list[Card] = field(default_factory=list)
    table: Table = field(default_factory=Table)
    opened: list[bool] = field(default_factory=list)
    results: list[RoundResult] = field(default_factory=list)
    _legal: list[Action] | None = field(default=None, repr=False, compare=False)

    # ----------------------------------------------------------------- rounds

    def start_round(self, *, starter: int) -> None:
        """Shuffle every card, deal, turn up the first discard; ``starter`` moves first (rules 4–5)."""
        self.round_number += 1
        self.shuffles = 0
        self.starter = starter
        pile = self.game.cards()
        self._shuffle(pile)
        size = self.game.rules.hand_size(self.game.players)
        self.hands = [[pile.pop() for _ in range(size)] for _ in range(self.game.players)]
        self.discard_pile = [pile.pop()]
        self.draw_pile = pile
        self.table = Table()
        self.opened = [False] * self.game.players
        self.active = starter
        self.phase = Phase.DRAW
        self.claimant = None
        self.claimed = False
        self.laid = False
        self.idle_turns = 0
        self._legal = None

    @property
    def is_over(self) -> bool:
        """True once a round has left someone on 100 points or more."""
        return self.phase is Phase.OVER

    @property
    def to_move(self) -> int | None:
        """The seat that acts next: the player offered a declined discard, else the player whose turn it is."""
        if self.phase is Phase.OVER:
            return None
        return self.claimant if self.phase is Phase.CLAIM else self.active

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won, once the game is over: the highest score, several when tied."""
        if not self.is_over:
            return ()
        best = max(self.scores)
        return winners(self.scores) or tuple(seat for seat, score in enumerate(self.scores) if score == best)

    def returns(self) -> list[int]:
        """Each seat's score so far (rules 14–15): the outcome once the game is over.

        >>> Game(players=3).new_state().returns()
        [50, 50, 50]
        """
        return list(self.scores)

    def position(self) -> Position:
        """What the player whose turn it is plays on: the table, their hand, whether they have laid a sequence."""
        return Position(
            self.table, tuple(self.hands[self.active]), self.opened[self.active], self.game.rules, self.game.deck
        )

    # ----------------------------------------------------------------- legal actions

    def legal_actions(self) -> list[Action]:
        """The legal actions of the player to move, in a fixed order; none once the game is over.

        Every draw, claim, discard and ending is listed; plays are the
        selection described in :mod:`solver.nmbrs.candidates`.
        """
        if self._legal is None:
            self._legal = self._list_actions()
        return list(self._legal)

    def _list_actions(self) -> list[Action]:
        if self.phase is Phase.OVER:
            return []
        if self.phase is Phase.DRAW:
            if not self.discard_pile:
                return [Action(ActionKind.DRAW)]
            return [Action(kind) for kind in (ActionKind.TAKE, ActionKind.DECLINE) if self._allowed(kind) is None]
        if self.phase is Phase.CLAIM:
            return [Action(kind) for kind in (ActionKind.CLAIM, ActionKind.PASS) if self._allowed(kind) is None]
        if self.phase is Phase.REDRAW:
            return [Action(kind) for kind in (ActionKind.TAKE, ActionKind.DRAW) if self._allowed(kind) is None]
        hand = self.hands[self.active]
        plays = [Action(ActionKind.PLAY, play=play) for play in legal_plays(self.position())]
        if self._allowed(ActionKind.END) is None:
            return [*plays, Action(ActionKind.END)]
        discards = sorted(set(hand), key=Card.sort_key)
        return [*plays, *(Action(ActionKind.DISCARD, card=card) for card in discards)]

    # ----------------------------------------------------------------- judging

    def check(self, action: Action) -> ActionVerdict:
        """The referee's verdict on ``action`` by the player to move; the state does not change."""
        seat = self.to_move
        if action.kind is ActionKind.PLAY and self.phase is Phase.LAY:
            assert action.play is not None
            verdict = judge_play(self.position(), action.play)
            rulings = () if self.opened[self.active] else ("first-sequence-each-round",)
            return ActionVerdict(action, seat, verdict.violations, verdict, rulings)
        problem = self._allowed(action.kind, action.card)
        violations = () if problem is None else (problem,)
        return ActionVerdict(action, seat, violations, action_rulings=self._rulings_for(action))

    def _allowed(self, kind: ActionKind, card: Card | None = None) -> Violation | None:
        """Why an action other than a play cannot be taken now, or ``None`` when it can."""
        phase = self.phase
        if phase is Phase.OVER:
            return Violation(ViolationCode.WRONG_PHASE, "the game is over")
        expected = {
            Phase.DRAW: {ActionKind.TAKE, ActionKind.DECLINE, ActionKind.DRAW},
            Phase.CLAIM: {ActionKind.CLAIM, ActionKind.PASS},
            Phase.REDRAW: {ActionKind.TAKE, ActionKind.DRAW},
            Phase.LAY: {ActionKind.PLAY, ActionKind.DISCARD, ActionKind.END},
        }[phase]
        if kind not in expected:
            words = ", ".join(sorted(kind.value for kind in expected))
            return Violation(ViolationCode.WRONG_PHASE, f"in the {phase.value} phase the actions are {words}")
        if phase is Phase.LAY:
            return self._allowed_ending(kind, card)
        return self._allowed_draw(kind)

    def _allowed_draw(self, kind: ActionKind) -> Violation | None:
        hidden = bool(self.draw_pile) or len(self.discard_pile) >= 2
        if kind is ActionKind.TAKE:
            if not self.discard_pile:
                return Violation(ViolationCode.WRONG_PHASE, "the discard pile is empty: draw a hidden card")
            if self.phase is Phase.REDRAW and not self.claimed:
                return Violation(
                    ViolationCode.DECLINED_CARD,
                    f"nobody claimed the declined {self.discard_pile[-1]}: draw a hidden card",
                )
            return None
        if kind is ActionKind.DECLINE:
            if not self.discard_pile:
                return Violation(ViolationCode.WRONG_PHASE, "the discard pile is empty: draw a hidden card")
            if not hidden:
                return Violation(ViolationCode.EMPTY_DRAW_PILE, "no hidden card is left to draw: take the top discard")
            return None
        if kind is ActionKind.CLAIM:
            if not (self.draw_pile or len(self.discard_pile) >= 3):
                return Violation(ViolationCode.EMPTY_DRAW_PILE, "no hidden card is left to draw with the claimed card")
            return None
        if kind is ActionKind.DRAW:
            if self.phase is Phase.DRAW and self.discard_pile:
                return Violation(ViolationCode.WRONG_PHASE, "take the top discard or decline it first")
            if self.phase is Phase.REDRAW and not hidden and self.claimed and self.discard_pile:
                return Violation(ViolationCode.EMPTY_DRAW_PILE, "no hidden card is left: take the top discard")
        return None

    def _allowed_ending(self, kind: ActionKind, card: Card | None) -> Violation | None:
        hand = self.hands[self.active]
        keeps_last = not self.game.rules.discards_last_card
        if kind is ActionKind.PLAY:
            return None
        if kind is ActionKind.END:
            if keeps_last and len(hand) == 1:
                return None
            if keeps_last:
                return Violation(ViolationCode.NO_DISCARD, "holding two cards or more, the turn ends with a discard")
            return Violation(ViolationCode.NO_DISCARD, "every turn ends with a discard, even of the last card")
        assert card is not None
        if card not in hand:
            return Violation(ViolationCode.NOT_IN_HAND, f"{card} is not in the hand")
        if keeps_last and len(hand) == 1:
            return Violation(
                ViolationCode.KEEP_LAST_CARD, f"{card} is the last card: it is kept, and the turn ends with end"
            )
        return None

    def _rulings_for(self, action: Action) -> tuple[str, ...]:
        if action.kind in (ActionKind.CLAIM, ActionKind.DECLINE):
            return ("first-claim-only", "claim-needs-hidden-card")
        if action.kind is ActionKind.TAKE and self.phase is Phase.REDRAW:
            return ("declined-card-stays-declined",)
        if action.kind is ActionKind.DRAW and not self.draw_pile:
            return ("discards-reshuffled",)
        if action.kind in (ActionKind.DISCARD, ActionKind.END):
            last = len(self.hands[self.active]) == 1
            if not self.game.rules.discards_last_card:
                return ("simplified-last-card-kept",)
            return ("last-card-is-discarded",) if last else ()
        return ()

    # ----------------------------------------------------------------- applying actions

    def apply(self, action: Action) -> ActionVerdict:
        """Carry out a legal ``action``; raise :class:`~solver.errors.IllegalMoveError` (state unchanged) otherwise."""
        verdict = self.check(action)
        if not verdict.legal:
            raise IllegalMoveError(f"{action}: {verdict.violations[0].message}", verdict)
        seat = self.to_move
        assert seat is not None
        self._legal = None
        if action.kind is ActionKind.TAKE:
            self.hands[self.active].append(self.discard_pile.pop())
            self.phase = Phase.LAY
        elif action.kind is ActionKind.DECLINE:
            self.phase = Phase.CLAIM
            self.claimant = (self.active + 1) % self.game.players
        elif action.kind is ActionKind.CLAIM:
            self.hands[seat].append(self.discard_pile.pop())
            self._draw_hidden(seat)
            self.phase, self.claimant, self.claimed = Phase.REDRAW, None, True
        elif action.kind is ActionKind.PASS:
            following = (seat + 1) % self.game.players
            if following == self.active:
                self.phase, self.claimant = Phase.REDRAW, None
            else:
                self.claimant = following
        elif action.kind is ActionKind.DRAW:
            self._draw_hidden(self.active)
            self.phase = Phase.LAY
        elif action.kind is ActionKind.PLAY:
            assert verdict.play is not None
            self._lay(verdict.play)
        elif action.kind is ActionKind.DISCARD:
            assert action.card is not None
            self.hands[self.active].remove(action.card)
            self.discard_pile.append(action.card)
            self._end_turn()
        else:
            self._end_turn()
        return verdict

    def _draw_hidden(self, seat: int) -> None:
        """Draw a hidden card, first shuffling the discards but the top one into an empty draw pile."""
        if not self.draw_pile and len(self.discard_pile) >= 2:
            self.draw_pile = self.discard_pile[:-1]
            self.discard_pile = self.discard_pile[-1:]
            self._shuffle(self.draw_pile)
        if self.draw_pile:
            self.hands[seat].append(self.draw_pile.pop())

    def _shuffle(self, cards: list[Card]) -> None:
        """Shuffle ``cards`` with the generator of this game, round and shuffle (``discards-reshuffled``)."""
        event_generator(self.game.seed, "nmbrs", self.round_number, self.shuffles).shuffle(cards)
        self.shuffles += 1

    def _lay(self, verdict: PlayVerdict) -> None:
        after = verdict.after
        self.table = after.table
        self.hands[self.active] = list(after.hand)
        self.opened[self.active] = after.opened
        self.scores[self.active] += verdict.points
        self.laid = True
        if not self.hands[self.active]:
            self._finish_round(winner=self.active)

    def _end_turn(self) -> None:
        if not self.hands[self.active]:
            self._finish_round(winner=self.active)
            return
        self.idle_turns = 0 if self.laid else self.idle_turns + 1
        if self.idle_turns >= IDLE_CIRCUITS * self.game.players:
            self._finish_round(winner=None)
            return
        self.active = (self.active + 1) % self.game.players
        self.phase = Phase.DRAW
        self.claimed = False
        self.laid = False

    def _finish_round(self, *, winner: int | None) -> None:
        """The round ends: the players holding cards subtract their hands; the game ends at 100 points."""
        subtracted = tuple(hand_penalty(hand, self.game.rules, self.game.deck) for hand in self.hands)
        self.scores = [score - penalty for score, penalty in zip(self.scores, subtracted, strict=True)]
        self.results.append(RoundResult(self.round_number, winner, subtracted, tuple(self.scores)))
        if winners(self.scores) or self.round_number >= MAX_ROUNDS:
            self.phase = Phase.OVER
            return
        self.start_round(starter=(self.starter + 1) % self.game.players)

    # ----------------------------------------------------------------- serialisation

    def to_dict(self) -> dict[str, Any]:
        """Everything needed to continue the game exactly, as JSON-ready data."""
        return {
            "game": self.game.to_dict(),
            "scores": list(self.scores),
            "round_number": self.round_number,
            "shuffles": self.shuffles,
            "starter": self.starter,
            "active": self.active,
            "phase": self.phase.value,
            "claimant": self.claimant,
            "claimed": self.claimed,
            "laid": self.laid,
            "idle_turns": self.idle_turns,
            "hands": [[str(card) for card in hand] for hand in self.hands],
            "draw_pile": [str(card) for card in self.draw_pile],
            "discard_pile": [str(card) for card in self.discard_pile],
            "table": [str(placement) for placement in self.table],
            "opened": list(self.opened),
            "results": [result.to_dict() for result in self.results],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        """Rebuild a state from :meth:`to_dict` output."""
        return cls(
            game=Game.from_dict(data["game"]),
            scores=list(data["scores"]),
            round_number=data["round_number"],
            shuffles=data["shuffles"],
            starter=data["starter"],
            active=data["active"],
            phase=Phase(data["phase"]),
            claimant=data["claimant"],
            claimed=data["claimed"],
            laid=data["laid"],
            idle_turns=data["idle_turns"],
            hands=[[Card.parse(card) for card in hand] for hand in data["hands"]],
            draw_pile=[Card.parse(card) for card in data["draw_pile"]],
            discard_pile=[Card.parse(card) for card in data["discard_pile"]],
            table=Table.from_placements(Placement.parse(text) for text in data["table"]),
            opened=list(data["opened"]),
            results=[RoundResult.from_dict(result) for result in data["results"]],
        )


def replay(game: Game, transcript: Sequence[tuple[int, str]]) -> State:
    """The state reached by playing ``transcript`` (seat, action) from the start of ``game``.

    >>> game = Game(players=3, seed=2)
    >>> replay(game, [(0, "decline"), (1, "pass"), (2, "claim")]).to_move
    0
    """
    state = game.new_state()
    for number, (seat, action) in enumerate(transcript, start=1):
        if seat != state.to_move:
            raise GameError(f"action {number} ({action}) is by seat {seat}, but seat {state.to_move} is to move")
        state.apply(Action.parse(action))
    return state

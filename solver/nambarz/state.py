"""Whole games of Nambarz: dealing, turns, jokers, draws, penalties, rounds, scoring and tie-breaks.

A :class:`Game` holds what is fixed (players, teams, variant, rules,
number of rounds, deck, seed); a :class:`State` holds what changes.  Every
random event (shuffling, the first top card) draws on a generator derived
from the seed (:mod:`solver.chance`: the first deal on the seed itself, each
later shuffle on the seed, the round and the shuffles already made in it),
so a game is reproducible from its settings and the actions taken, and
:meth:`State.to_dict` / :meth:`State.from_dict` round-trip without loss.
The state keeps no transcript: :func:`replay` plays a list of actions from
the deal.

A turn is made of actions by the player to move: ``play`` (a matching card,
a calculation, a change joker with or without its card, or ``Jreplay``),
``draw`` (only when nothing is playable) and ``pass`` (end the turn after a
play or a draw).  Illegal plays are refereed and penalised, not refused, so
a transcript with mistakes replays faithfully: the engine judges every play
as the turn referee does (:func:`~solver.nambarz.turn.judge_play`), a play
made after the turn's play without a ``Jreplay`` included
(``play-without-replay``).

The state keeps the contract of :mod:`solver.contract`: players are seats
0, 1, … in the order of :attr:`Game.players` (``to_move`` is a seat; the
player's name is ``turn_player``), :meth:`State.check` judges an action
without changing anything, and :meth:`State.returns` gives each seat's
total points.  Its one documented difference is rule V: an illegal play is
applied and penalised.

>>> state = Game(("Ann", "Bob")).new_state()
>>> state.to_move, state.turn_player, len(state.hands["Ann"]), str(state.cover)
(0, 'Ann', 7, '10')
>>> [str(action) for action in state.legal_actions()][:3]
['4hen + 3hippo + 3bee', '4hen + 3bee + 3hippo', '3bee + 3hippo + 4hen']
>>> state.apply(Action.parse("7fish + 3bee")).legal
True
>>> state.phase.value, str(state.cover), [str(action) for action in state.legal_actions()]
('played', '3bee', ['pass'])
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar

from solver.chance import event_generator
from solver.errors import GameError, ScoringError
from solver.nambarz.cards import Card, JokerType, card_order
from solver.nambarz.deck import Deck
from solver.nambarz.hand_solver import legal_calculations
from solver.nambarz.jokers import Cover, is_change_joker, may_cover, may_follow
from solver.nambarz.matching import matches
from solver.nambarz.minimal_calculations import DEFAULT_TIME_LIMIT
from solver.nambarz.notation import Chain, JokerPlay, Play, is_replay, parse_play
from solver.nambarz.referee import Verdict, legal_chain_verdict
from solver.nambarz.rules import Rules
from solver.nambarz.scoring import (
    RANK_POINTS,
    SMALL_GAME_MAX_PLAYERS,
    next_round_starter,
    round_is_over,
    score_round,
    tied_groups,
)
from solver.nambarz.turn import judge_play
from solver.nambarz.violations import Violation
from solver.verdicts import BaseVerdict

HAND_SIZE = 7
PENALTY_CARDS = 3
GAME_LENGTHS = (1, 3, 5)

MAX_REMEMBERED_POSITIONS = 4096
"""How many positions' legal plays :func:`legal_plays` remembers; past that it forgets them all and starts again."""


class Variant(Enum):
    """How many jokers are in play (rule XI)."""

    BEGINNERS = "beginners"
    INTERMEDIATE = "intermediate"
    EXPERT = "expert"

    @property
    def copies_of_each_joker(self) -> int:
        """3, 2 or 1 of each of the four jokers."""
        return {Variant.BEGINNERS: 3, Variant.INTERMEDIATE: 2, Variant.EXPERT: 1}[self]


class Phase(Enum):
    """Where the player to move stands in their turn."""

    START = "start"
    PLAYED = "played"
    REPLAYED = "replayed"
    DRAWN = "drawn"
    GAME_OVER = "game-over"


class ActionKind(Enum):
    """The three kinds of action."""

    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"


@dataclass(frozen=True)
class Action:
    """One action of the player to move, written as a play, ``draw`` or ``pass``.

    >>> Action.parse("10 - 4 / 2"), Action.parse("draw")
    (Action.parse('10 - 4 / 2'), Action.parse('draw'))
    """

    kind: ActionKind
    play: Play | None = None

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read ``draw``, ``pass`` or a play in turn notation."""
        word = text.strip().casefold()
        if word == ActionKind.DRAW.value:
            return DRAW
        if word == ActionKind.PASS.value:
            return PASS
        return cls(ActionKind.PLAY, parse_play(text))

    def __str__(self) -> str:
        return str(self.play) if self.play is not None else self.kind.value

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


DRAW = Action(ActionKind.DRAW)
PASS = Action(ActionKind.PASS)


@dataclass(frozen=True)
class ActionVerdict(BaseVerdict):
    """The answer to a ``draw`` or a ``pass``; a play gets the referee's :class:`~solver.nambarz.referee.Verdict`.

    Drawing and passing break no rule of the game when the turn allows
    them, and are refused with :class:`~solver.errors.GameError` when it
    does not (drawing while holding a playable card, passing before playing
    or drawing): they are not lays, so rule V has no penalty for them.

    >>> state = Game(("Ann", "Bob")).new_state()
    >>> state.apply(Action.parse("7fish + 3bee")).legal
    True
    >>> state.check(PASS).to_dict()
    {'game': 'nambarz', 'legal': True, 'violations': [], 'action': 'pass', 'seat': 0, 'player': 'Ann', 'rulings': []}
    >>> state.check(DRAW)
    Traceback (most recent call last):
    ...
    solver.errors.GameError: Ann may draw only at the start of a turn or after a Jreplay
    """

    game: ClassVar[str] = "nambarz"

    action: Action
    seat: int
    player: str

    @property
    def violations(self) -> tuple[Violation, ...]:
        """None: a draw or pass the turn does not allow is refused, never judged."""
        return ()

    @property
    def rulings(self) -> tuple[str, ...]:
        """None: drawing and passing follow the rules digest (II) directly."""
        return ()

    def _detail_fields(self) -> dict[str, Any]:
        return {"action": str(self.action), "seat": self.seat, "player": self.player}


@dataclass(frozen=True)
class Game:
    """The fixed settings of a game (rules VI, VII, IX, XI)."""

    players: tuple[str, ...]
    teams: tuple[tuple[str, ...], ...] | None = None
    variant: Variant = Variant.BEGINNERS
    rules: Rules = field(default_factory=Rules)
    rounds: int = 1
    deck: Deck = field(default_factory=Deck.default)
    seed: int = 0

    def __post_init__(self) -> None:
        if not 2 <= len(self.players) <= 12:
            raise GameError(f"Nambarz is played by 2 to 12 players, not {len(self.players)}")
        if self.rounds not in GAME_LENGTHS:
            raise GameError(f"a game has 1, 3 or 5 rounds, not {self.rounds}")
        needed = HAND_SIZE * len(self.players) + 1
        available = len(self.cards())
        if available < needed:
            variant = self.variant.value
            raise GameError(f"{len(self.players)} players need {needed} cards; the {variant} deck has {available}")
        try:
            round_is_over(self.players, [], self.teams)  # validates names and teams
        except ScoringError as error:
            raise GameError(str(error)) from None

    def cards(self) -> list[Card]:
        """The cards in play: the deck with the variant's number of jokers."""
        copies = self.variant.copies_of_each_joker
        jokers_kept: Counter[Card] = Counter()
        kept = []
        for card in self.deck.cards():
            if card.is_joker:
                if jokers_kept[card] == copies:
                    continue
                jokers_kept[card] += 1
            kept.append(card)
        return kept

    def team_of(self, player: str) -> tuple[str, ...] | None:
        """The team ``player`` belongs to, if any."""
        return next((team for team in self.teams or () if player in team), None)

    def new_state(self) -> State:
        """A new game: the first round dealt, the player left of the dealer to move."""
        state = State(self)
        state.start_round(self.players, starter=self.players[0])
        return state


@dataclass(frozen=True)
class RoundResult:
    """How a round ended: ranking, points, master points and penalties per player, and the cards each held.

    ``cards_left`` is empty for a round kept before it was recorded.
    """

    number: int
    players: tuple[str, ...]
    ranking: tuple[str, ...]
    points: dict[str, int]
    master_points: dict[str, int]
    master_strokes: dict[str, int]
    penalties: dict[str, int]
    turns: int
    tie_break: bool
    blocked: bool
    cards_left: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "number": self.number,
            "players": list(self.players),
            "ranking": list(self.ranking),
            "points": dict(self.points),
            "master_points": dict(self.master_points),
            "master_strokes": dict(self.master_strokes),
            "penalties": dict(self.penalties),
            "turns": self.turns,
            "tie_break": self.tie_break,
            "blocked": self.blocked,
            "cards_left": dict(self.cards_left),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RoundResult:
        """Read the JSON form back."""
        return cls(
            data["number"],
            tuple(data["players"]),
            tuple(data["ranking"]),
            dict(data["points"]),
            dict(data["master_points"]),
            dict(data["master_strokes"]),
            dict(data["penalties"]),
            data["turns"],
            data["tie_break"],
            data["blocked"],
            dict(data.get("cards_left", {})),
        )


@dataclass
class State:
    """Everything that changes during a game."""

    game: Game
    round_number: int = 0
    seated: tuple[str, ...] = ()
    hands: dict[str, list[Card]] = field(default_factory=dict)
    draw_pile: list[Card] = field(default_factory=list)
    table: list[Card] = field(default_factory=list)
    cover: Cover = field(default_factory=lambda: Cover(Card.symbol(1)))
    turn_player: str = ""
    phase: Phase = Phase.START
    finished: list[str] = field(default_factory=list)
    master: dict[str, int] = field(default_factory=dict)
    strokes: dict[str, int] = field(default_factory=dict)
    penalties: dict[str, int] = field(default_factory=dict)
    turns: int = 0
    tie_break_round: bool = False
    results: list[RoundResult] = field(default_factory=list)
    tie_breaks: list[tuple[str, ...]] = field(default_factory=list)
    shuffles: int = 0
    """The shuffles made this round, its deal included: where the next one's generator comes from."""
    moves: int = 0
    """The actions applied in the whole game."""

    # ----------------------------------------------------------------- rounds

    def start_round(self, players: Sequence[str], *, starter: str, tie_break: bool = False) -> None:
        """Shuffle, deal seven cards each and turn up the first number card (rule II)."""
        self.round_number += 1
        self.seated = tuple(players)
        self.tie_break_round = tie_break
        self.shuffles = 0
        pile = self.game.cards()
        chance = self._chance()
        chance.shuffle(pile)
        self.hands = {player: [pile.pop() for _ in range(HAND_SIZE)] for player in self.seated}
        while pile[-1].is_joker:  # a joker turned up goes back into the deck (ruling)
            joker = pile.pop()
            pile.insert(chance.randrange(len(pile)), joker)
        first = pile.pop()
        self.draw_pile = pile
        self.table = [first]
        self.cover = Cover(first)
        self.turn_player = starter
        self.phase = Phase.START
        self.finished = []
        self.master = dict.fromkeys(self.seated, 0)
        self.strokes = dict.fromkeys(self.seated, 0)
        self.penalties = dict.fromkeys(self.seated, 0)
        self.turns = 0

    @property
    def is_over(self) -> bool:
        """True once the game, tie-break rounds included, has ended."""
        return self.phase is Phase.GAME_OVER

    @property
    def to_move(self) -> int | None:
        """The seat (in :attr:`Game.players`) of ``turn_player``, who acts next; ``None`` once the game is over."""
        if self.is_over:
            return None
        return self.game.players.index(self.turn_player)

    def returns(self) -> list[int]:
        """Each seat's total points so far (tie-break rounds score nothing): the outcome once the game is over.

        >>> Game(("Ann", "Bob")).new_state().returns()
        [0, 0]
        """
        totals = self.totals
        return [totals[player] for player in self.game.players]

    @property
    def active(self) -> list[str]:
        """Players of this round still holding cards, in seat order."""
        return [player for player in self.seated if player not in self.finished]

    @property
    def totals(self) -> dict[str, int]:
        """Points per player over the regular rounds (tie-break rounds score nothing)."""
        totals = dict.fromkeys(self.game.players, 0)
        for result in self.results:
            if not result.tie_break:
                for player, points in result.points.items():
                    totals[player] += points
        return totals

    def standings(self) -> list[str]:
        """Players by total points; equal totals ordered by their tie-break round."""
        order = {player: index for index, player in enumerate(self.game.players)}
        tie_rank: dict[str, int] = {}
        for result in self.results:
            if result.tie_break:
                for place, player in enumerate(result.ranking):
                    tie_rank[player] = place
        totals = self.totals
        return sorted(self.game.players, key=lambda p: (-totals[p], tie_rank.get(p, 0), order[p]))

    def team_standings(self) -> list[tuple[str, ...]]:
        """Teams by the sum of their members' totals; equal sums ordered by their tie-break round's points."""
        if self.game.teams is None:
            return []
        totals = self.totals
        tie_points: dict[str, int] = {}
        for result in self.results:
            if result.tie_break:
                tie_points.update(result.points)
        order = {team: index for index, team in enumerate(self.game.teams)}
        return sorted(
            self.game.teams,
            key=lambda team: (
                -sum(totals[p] for p in team),
                -sum(tie_points.get(p, 0) for p in team),
                order[team],
            ),
        )

    # ----------------------------------------------------------------- legal actions

    def legal_actions(self) -> list[Action]:
        """Every legal action for the player to move, in a fixed order; none once the game is over."""
        if self.phase is Phase.GAME_OVER:
            return []
        hand = self.hands[self.turn_player]
        if self.phase is Phase.PLAYED:
            replay = [Action(ActionKind.PLAY, JokerPlay(card)) for card in _distinct(hand) if _is_replay(card)]
            return [*replay, PASS]
        plays = [Action(ActionKind.PLAY, play) for play in self._legal_plays(hand)]
        if self.phase is Phase.DRAWN:
            return [*plays, PASS]
        return plays or [DRAW]

    # ----------------------------------------------------------------- judging actions

    def check(self, action: Action) -> Verdict | ActionVerdict:
        """The verdict ``apply`` would give ``action`` by the player to move; the state does not change.

        A play gets the referee's verdict, penalty resolved (rule V); a draw
        or a pass an :class:`ActionVerdict`.  Raises :class:`GameError` for
        what ``apply`` refuses (drawing while holding a playable card,
        playing cards not held, any action once the game is over, …).

        >>> state = Game(("Ann", "Bob")).new_state()
        >>> state.check(Action.parse("7fish + 3bee")).legal, state.phase.value
        (True, 'start')
        """
        if self.phase is Phase.GAME_OVER:
            raise GameError("the game is over")
        player = self.turn_player
        if action.kind is ActionKind.DRAW:
            self._require_draw(player)
        elif action.kind is ActionKind.PASS:
            self._require_pass(player)
        else:
            assert action.play is not None
            return self._referee(player, action.play)[0]
        return ActionVerdict(action, self.game.players.index(player), player)

    def _require_draw(self, player: str) -> None:
        if self.phase not in (Phase.START, Phase.REPLAYED):
            raise GameError(f"{player} may draw only at the start of a turn or after a Jreplay")
        playable = self._legal_plays(self.hands[player])
        if playable:
            raise GameError(f"{player} holds a playable card ({playable[0]}) and may not draw")

    def _require_pass(self, player: str) -> None:
        if self.phase not in (Phase.PLAYED, Phase.DRAWN):
            raise GameError(f"{player} cannot pass before playing or drawing; draw if nothing is playable")

    # ----------------------------------------------------------------- applying actions

    def apply(self, action: Action) -> Verdict | ActionVerdict:
        """Carry out ``action`` for the player to move and return its verdict, as :meth:`check` gives it.

        Every play of cards the player holds is refereed, and penalised when
        the rules forbid it (rule V), with the codes and resolution of the
        turn referee: also a play made after the turn's play without a
        ``Jreplay``, a change joker laid on another, a joker in a
        calculation.  Raises :class:`GameError` for what is not a lay:
        playing cards not held, drawing while a play is possible, passing
        before playing or drawing.

        >>> state = Game(("Ann", "Bob")).new_state()
        >>> state.apply(Action.parse("7fish + 3bee")).legal
        True
        >>> verdict = state.apply(Action.parse("9 - 2"))
        >>> verdict.codes, state.turn_player, state.penalties["Ann"]
        (['play-without-replay'], 'Bob', 1)
        """
        if self.phase is Phase.GAME_OVER:
            raise GameError("the game is over")
        player = self.turn_player
        if action.kind is not ActionKind.PLAY:
            turn_verdict = self.check(action)
            self.moves += 1
            if action.kind is ActionKind.DRAW:
                self._draw(player, 1)
                self.phase = Phase.DRAWN
            else:
                self._end_turn(player)
            return turn_verdict
        assert action.play is not None
        verdict, cover = self._referee(player, action.play)
        self.moves += 1
        self._play(player, action.play, verdict, cover)
        return verdict

    def _referee(self, player: str, play: Play) -> tuple[Verdict, Cover]:
        """Check that ``player`` holds the cards; return the verdict and the cover the play leaves (state unchanged).

        A matching card or a calculation that the legal plays of this very
        position listed (the bots lay those) is held and legal: its verdict
        is built without judging it again.
        """
        cover, rules = self.cover, self.game.rules
        if (
            isinstance(play, Chain)
            and self.phase is not Phase.PLAYED
            and not cover.awaits_card
            and _listed_as_legal(play, cover, self.hands[player], rules, self.game.deck)
        ):
            return legal_chain_verdict(cover.card, play, rules), Cover(play.cards[-1])
        missing = Counter(play.cards) - Counter(self.hands[player])
        if missing:
            raise GameError(f"{player} does not hold {' '.join(str(card) for card in sorted(missing.elements()))}")
        after_a_play = self.phase is Phase.PLAYED
        return judge_play(self.cover, play, self.game.rules, after_a_play=after_a_play, deck=self.game.deck)

    def _play(self, player: str, play: Play, verdict: Verdict, cover: Cover) -> None:
        hand = self.hands[player]
        for card in play.cards:
            hand.remove(card)
        self.cover = cover
        self.table += verdict.stays
        hand += verdict.returned
        if not verdict.legal:
            self.penalties[player] += 1
            self._draw(player, PENALTY_CARDS)
            self._end_turn(player)
        elif is_replay(play):
            self.phase = Phase.REPLAYED
        else:
            self.master[player] += verdict.master_points
            self.strokes[player] += verdict.master_points > 0
            if hand:
                self.phase = Phase.PLAYED
            else:
                self._end_turn(player)

    def _legal_plays(self, hand: Sequence[Card]) -> list[Play]:
        return legal_plays(self.cover, hand, self.game.rules, deck=self.game.deck)

    def _draw(self, player: str, count: int) -> None:
        """Draw up to ``count`` cards, turning the table into a new deck when the deck runs out (rule II)."""
        for _ in range(count):
            if not self.draw_pile:
                self._reshuffle_table()
            if not self.draw_pile:
                return
            self.hands[player].append(self.draw_pile.pop())

    def _reshuffle_table(self) -> None:
        """Shuffle the table into a new deck, keeping the cards that still matter on top."""
        pile, self.table = self.table[: self._kept_from()], self.table[self._kept_from() :]
        self._chance().shuffle(pile)
        self.draw_pile = pile

    def _chance(self) -> random.Random:
        """The generator of the next shuffle: the seed's own for the game's first deal, else one of its own."""
        first_deal = self.round_number == 1 and self.shuffles == 0
        generator = (
            random.Random(self.game.seed)
            if first_deal
            else event_generator(self.game.seed, "nambarz", self.round_number, self.shuffles)
        )
        self.shuffles += 1
        return generator

    def _kept_from(self) -> int:
        """Index of the lowest table card that stays: the card to cover (or the card under a fresh joker)."""
        anchor = self.cover.under or self.cover.card
        return max(index for index, card in enumerate(self.table) if card == anchor)

    def _round_over(self) -> bool:
        teams = self._teams_in_round()
        return round_is_over(self.seated, self.finished, teams) or len(self.active) <= 1

    def _teams_in_round(self) -> list[tuple[str, ...]] | None:
        if self.game.teams is None:
            return None
        teams = [tuple(p for p in team if p in self.seated) for team in self.game.teams]
        teams = [team for team in teams if team]
        return teams if len(teams) >= 2 else None

    def _end_turn(self, player: str) -> None:
        """Close ``player``'s turn: they go out if their hand is empty; the round may end; else the next moves."""
        self.turns += 1
        if self.cover.awaits_card:
            self.cover = Cover(self.cover.card)
        if not self.hands[player]:
            self.finished.append(player)
            # Only a player going out ends a round (VIII, IX): its end is looked for then, not after every turn.
            if self._round_over():
                self._finish_round(blocked=False)
                return
        if self._blocked():
            self._finish_round(blocked=True)
            return
        seats = self.seated
        index = seats.index(self.turn_player)
        for step in range(1, len(seats) + 1):
            candidate = seats[(index + step) % len(seats)]
            if candidate not in self.finished:
                self.turn_player = candidate
                break
        self.phase = Phase.START

    def _blocked(self) -> bool:
        """True when no card can be drawn and no player still in the round has a legal play."""
        if self.draw_pile or self._kept_from() > 0:
            return False
        return not any(self._legal_plays(self.hands[player]) for player in self.active)

    # ----------------------------------------------------------------- scoring

    def _finish_round(self, *, blocked: bool) -> None:
        tie_break = self.tie_break_round
        cards_left = {player: len(self.hands[player]) for player in self.active}
        remaining = sorted(self.active, key=lambda p: (cards_left[p], self.seated.index(p)))
        ranking = tuple(self.finished) + tuple(remaining)
        if blocked:
            # With 6 or more players only those who went out take places (X); a blocked round may end early.
            scored = len(ranking) if len(self.seated) <= SMALL_GAME_MAX_PLAYERS else len(self.finished)
            points = {
                player: (RANK_POINTS[place] if place < min(scored, len(RANK_POINTS)) else 0) + self.master[player]
                for place, player in enumerate(ranking)
            }
        else:
            score = score_round(
                self.seated,
                self.finished,
                master={p: m for p, m in self.master.items() if m},
                teams=self._teams_in_round(),
                cards_left=cards_left if all(cards_left.values()) else None,
            )
            ranking = score.ranking
            points = dict(score.points)
        self.results.append(
            RoundResult(
                self.round_number,
                self.seated,
                ranking,
                points,
                dict(self.master),
                dict(self.strokes),
                dict(self.penalties),
                self.turns,
                tie_break,
                blocked,
                {player: cards_left.get(player, 0) for player in self.seated},
            )
        )
        if tie_break:
            self.tie_breaks.pop(0)
        self._next_round(ranking)

    def _next_round(self, last_ranking: Sequence[str]) -> None:
        regular = sum(not result.tie_break for result in self.results)
        if regular < self.game.rounds:
            starter = next_round_starter(self.totals, self.game.players, last_ranking)
            self.start_round(self.game.players, starter=starter)
            return
        if regular == self.game.rounds and not any(result.tie_break for result in self.results):
            self.tie_breaks = tied_groups(self.totals, self.game.players, self.game.teams)
        if self.tie_breaks:
            group = self.tie_breaks[0]
            # Started, like every round, by the tied player ranked better in the last regular round.
            last_regular = next(result.ranking for result in reversed(self.results) if not result.tie_break)
            starter = min(group, key=list(last_regular).index)
            self.start_round(group, starter=starter, tie_break=True)
            return
        self.phase = Phase.GAME_OVER

    # ----------------------------------------------------------------- serialisation

    def to_dict(self) -> dict[str, Any]:
        """Everything needed to continue the game exactly, as JSON-ready data.

        ``deck`` is ``null`` for the default deck, to keep a saved game short.
        """
        return {
            "game": {
                "players": list(self.game.players),
                "teams": None if self.game.teams is None else [list(team) for team in self.game.teams],
                "variant": self.game.variant.value,
                "rules": self.game.rules.to_dict(),
                "rounds": self.game.rounds,
                "deck": None if self.game.deck == Deck.default() else self.game.deck.to_dict(),
                "seed": self.game.seed,
            },
            "round_number": self.round_number,
            "seated": list(self.seated),
            "hands": {player: [str(card) for card in cards] for player, cards in self.hands.items()},
            "draw_pile": [str(card) for card in self.draw_pile],
            "table": [str(card) for card in self.table],
            "cover": {
                "card": str(self.cover.card),
                "under": None if self.cover.under is None else str(self.cover.under),
            },
            "turn_player": self.turn_player,
            "phase": self.phase.value,
            "finished": list(self.finished),
            "master": dict(self.master),
            "strokes": dict(self.strokes),
            "penalties": dict(self.penalties),
            "turns": self.turns,
            "tie_break_round": self.tie_break_round,
            "results": [result.to_dict() for result in self.results],
            "tie_breaks": [list(group) for group in self.tie_breaks],
            "shuffles": self.shuffles,
            "moves": self.moves,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        """Rebuild a state from :meth:`to_dict` output."""
        settings = data["game"]
        game = Game(
            tuple(settings["players"]),
            None if settings["teams"] is None else tuple(tuple(team) for team in settings["teams"]),
            Variant(settings["variant"]),
            Rules.parse(settings["rules"]["domain"], settings["rules"]["ops"]),
            settings["rounds"],
            Deck.default() if settings["deck"] is None else Deck.from_mapping(settings["deck"]),
            settings["seed"],
        )
        cover = data["cover"]
        return cls(
            game=game,
            round_number=data["round_number"],
            seated=tuple(data["seated"]),
            hands={player: [_read_card(card) for card in cards] for player, cards in data["hands"].items()},
            draw_pile=[_read_card(card) for card in data["draw_pile"]],
            table=[_read_card(card) for card in data["table"]],
            cover=Cover(_read_card(cover["card"]), None if cover["under"] is None else _read_card(cover["under"])),
            turn_player=data["turn_player"],
            phase=Phase(data["phase"]),
            finished=list(data["finished"]),
            master=dict(data["master"]),
            strokes=dict(data["strokes"]),
            penalties=dict(data["penalties"]),
            turns=data["turns"],
            tie_break_round=data["tie_break_round"],
            results=[RoundResult.from_dict(result) for result in data["results"]],
            tie_breaks=[tuple(group) for group in data["tie_breaks"]],
            shuffles=data["shuffles"],
            moves=data["moves"],
        )


def replay(game: Game, transcript: Sequence[tuple[str, str]]) -> State:
    """The state reached by playing ``transcript`` (player, action) from the start of ``game``."""
    state = game.new_state()
    for number, (player, action) in enumerate(transcript, start=1):
        if player != state.turn_player:
            raise GameError(f"action {number} ({action}) is by {player}, but {state.turn_player} is to move")
        state.apply(Action.parse(action))
    return state


def legal_plays(
    cover: Cover,
    hand: Sequence[Card],
    rules: Rules,
    *,
    deck: Deck | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> list[Play]:
    """Every legal play from ``hand`` on ``cover``: matches, calculations, change jokers, then ``Jreplay``.

    A calculation appears once for each card that can end it, since that
    card becomes the next top card.  The plays of a position (the cover,
    the cards in hand in any order, the rules and the deck) are worked out
    once and remembered: the planner, the engine checking a draw and the
    bots ask about the same positions again and again.

    >>> from solver.nambarz.cards import parse_cards
    >>> [str(play) for play in legal_plays(Cover(Card.parse("3")), parse_cards("3bee 1 2 Jreplay"), Rules())]
    ['3bee', '2 + 1', '1 + 2', 'Jreplay']
    """
    deck = deck or Deck.default()
    key = (cover, tuple(sorted(hand, key=card_order)), rules, deck)
    remembered = _remembered_plays.get(key)
    if remembered is None:
        remembered = tuple(_work_out_legal_plays(cover, hand, rules, deck, time_limit))
        if len(_remembered_plays) >= MAX_REMEMBERED_POSITIONS:
            _remembered_plays.clear()
        _remembered_plays[key] = remembered
    return list(remembered)


_remembered_plays: dict[tuple[Cover, tuple[Card, ...], Rules, Deck], tuple[Play, ...]] = {}
"""The legal plays of each position :func:`legal_plays` was asked about (a search out of time is not remembered)."""


def _listed_as_legal(play: Play, cover: Cover, hand: Sequence[Card], rules: Rules, deck: Deck) -> bool:
    """True when ``play`` is one of the plays :func:`legal_plays` listed for this position and still remembers.

    The very object is looked for, not an equal one: a play the engine
    handed out, laid on the position it was listed for.
    """
    remembered = _remembered_plays.get((cover, tuple(sorted(hand, key=card_order)), rules, deck))
    return remembered is not None and any(listed is play for listed in remembered)


def _work_out_legal_plays(
    cover: Cover, hand: Sequence[Card], rules: Rules, deck: Deck, time_limit: float
) -> list[Play]:
    # Plain loops, and each single card and joker play built once (they are immutable): this runs for every
    # new position the planner and the bots reach.
    plays: list[Play] = []
    faces = _distinct(hand)
    if cover.awaits_card:
        joker = cover.card
        for card in faces:
            if may_follow(joker, card) and (cover.under is None or not matches(card, cover.under)):
                plays.append(_single_card(card))
    else:
        top = cover.card
        number_cards: list[Card] = []
        for card in hand:
            if card.joker is None:
                number_cards.append(card)
        for card in faces:
            if matches(card, top):
                plays.append(_single_card(card))
        for calculation in legal_calculations(top, number_cards, rules, deck=deck, endings=True, time_limit=time_limit):
            plays += calculation.endings
        for joker in faces:
            if joker.joker is not None and is_change_joker(joker) and may_cover(joker, top):
                plays.append(_joker_play(joker, None))
                for card in faces:
                    if may_follow(joker, card) and not matches(card, top):
                        plays.append(_joker_play(joker, card))
    for card in faces:
        if card.joker is not None and _is_replay(card):
            plays.append(_joker_play(card, None))
    return plays


@functools.lru_cache(maxsize=1024)
def _single_card(card: Card) -> Chain:
    """The play of ``card`` alone, built once per card."""
    return Chain((card,))


@functools.lru_cache(maxsize=1024)
def _joker_play(joker: Card, follow: Card | None) -> JokerPlay:
    """The play of ``joker``, followed by ``follow`` if given, built once per pair of cards."""
    return JokerPlay(joker, follow)


@functools.lru_cache(maxsize=256)
def _read_card(text: str) -> Card:
    """:meth:`Card.parse`, remembered: a saved game names the same few dozen faces again and again."""
    return Card.parse(text)


def _distinct(cards: Sequence[Card]) -> list[Card]:
    return sorted(set(cards), key=card_order)


def _is_replay(card: Card) -> bool:
    return card.joker is JokerType.REPLAY

"""Whole games of The Game: dealing, placements, ends of turns, drawing, dropping out, On Fire and the result.

A :class:`Game` holds what is fixed (players, variant, On Fire, seed); a
:class:`State` holds what changes.  The deal is the only chance event: it
draws on a generator seeded with the game's seed, so a game is reproducible
from its settings and the actions taken (:func:`replay`).  The state keeps
no transcript, only the current turn's placements, and where the piles stood
when it began.

A turn is a series of actions by the player to move: placements (a card
from the hand on a pile it fits, written ``37>asc1``) and then ``end``,
allowed once the turn's minimum is laid.  ``end`` draws as many cards as
were laid while the draw pile lasts and passes the turn to the next seat
still holding cards.  The game ends when the player to move cannot lay the
minimum in any order, when a player gets stuck below the minimum in the
middle of a turn, when a fire card is left uncovered past its deadline, or
when the last card is laid (won).

>>> state = Game(players=1, seed=7).new_state()
>>> state.hands[0], state.tops[Pile.ASC1], len(state.draw_pile), state.minimum_this_turn
([8, 11, 14, 21, 43, 52, 70, 85], 1, 90, 2)
>>> [str(action) for action in state.legal_actions()][:5]
['8>asc1', '8>asc2', '8>desc1', '8>desc2', '11>asc1']
>>> state.apply(Action.parse("8>asc1")).legal, state.apply(Action.parse("85>desc1")).legal
(True, True)
>>> state.legal_actions()[-1], state.check(Action.parse("75>desc1")).codes
(Action.parse('end'), ['not-in-hand'])
>>> state.apply(END_TURN).legal, state.hands[0], state.turns
(True, [11, 14, 21, 43, 48, 52, 70, 76], 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar

from solver.errors import GameError, IllegalMoveError, NambarzError, NotationError, SearchLimitError
from solver.thegame.cards import CARDS, FIRE_CARDS, HIGHEST_CARD, LOWEST_CARD, is_card, parse_card
from solver.thegame.rules import (
    EXCELLENT_BELOW,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PILES,
    Pile,
    Variant,
    Wish,
    can_play,
    hand_size,
    is_backwards,
    minimum_cards,
    possible_tops,
)
from solver.thegame.violations import ViolationCode
from solver.verdicts import BaseVerdict, Violation

PLACEMENT_SIGN = ">"
END_WORD = "end"
REQUEST_WORD = "ask"

MAX_SEARCH_CARDS = 8
"""The largest hand :func:`can_lay` searches: the solo hand of the standard game."""

MAX_SEARCH_DEPTH = 3
"""The most cards :func:`can_lay` looks for: the pro version's minimum."""


# ----------------------------------------------------------------- actions


@dataclass(frozen=True)
class Action:
    """A placement of a card on a pile (``37>asc1``), a request about a pile (``ask dont asc1``), or ``end``.

    A request says what the player asks of the others about one pile: ``dont``
    ("please don't play here"), ``good`` ("I can play well here") or ``none``
    (taking back what they asked).  It names no number, as the rules allow.

    >>> Action.parse("37>asc1"), Action.place(37, Pile.ASC1).card, str(END_TURN), END_TURN.is_end
    (Action.parse('37>asc1'), 37, 'end', True)
    >>> Action.parse("ASK Dont desc2"), Action.ask(Pile.ASC1, Wish.GOOD).is_request
    (Action.parse('ask dont desc2'), True)
    """

    card: int | None = None
    pile: Pile | None = None
    wish: Wish | None = None

    def __post_init__(self) -> None:
        if self.card is None and self.pile is None and self.wish is None:
            return
        if not isinstance(self.pile, Pile):
            raise GameError(f"a placement or a request needs one of the four piles, not {self.pile!r}")
        if self.wish is not None:
            if not isinstance(self.wish, Wish) or self.card is not None:
                raise GameError(f"a request names a pile and a wish (dont, good, none), not {self.wish!r}")
            return
        if not is_card(self.card):
            raise GameError(f"a placement needs a card from {LOWEST_CARD} to {HIGHEST_CARD}, not {self.card!r}")

    @classmethod
    def place(cls, card: int, pile: Pile) -> Action:
        """The placement of ``card`` on ``pile`` (the same object every time, to keep games fast)."""
        known = _PLACEMENTS.get((card, pile)) if is_card(card) else None
        return known if known is not None else cls(card, pile)

    @classmethod
    def ask(cls, pile: Pile, wish: Wish) -> Action:
        """The request ``wish`` about ``pile``: ``ask dont asc1``."""
        return cls(pile=pile, wish=wish)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read ``CARD>PILE`` (e.g. ``37>asc1``), ``ask WISH PILE`` or ``end``, in any case, spaces around the parts.

        >>> Action.parse(" 75 > DESC1 ").pile
        <Pile.DESC1: 'desc1'>
        >>> Action.parse("ask maybe asc1")
        Traceback (most recent call last):
        ...
        solver.errors.NotationError: unknown wish 'maybe'; expected dont, good or none
        """
        if text.strip().casefold() == END_WORD:
            return END_TURN
        words = text.split()
        if words and words[0].casefold() == REQUEST_WORD:
            if len(words) != 3:  # the word, the wish and the pile
                raise NotationError(
                    f"expected ask WISH PILE such as 'ask dont asc1', not {text!r}", text=text, token=text, position=1
                )
            return cls.ask(Pile.parse(words[2]), Wish.parse(words[1]))
        card, pile = parse_placement(text)
        return cls.place(card, Pile.parse(pile))

    @property
    def is_end(self) -> bool:
        """True for ``end``, the action that closes the turn."""
        return self.pile is None

    @property
    def is_request(self) -> bool:
        """True for a request about a pile (``ask dont asc1``), which lays no card."""
        return self.wish is not None

    def __str__(self) -> str:
        if self.pile is None:
            return END_WORD
        if self.wish is not None:
            return f"{REQUEST_WORD} {self.wish.value} {self.pile.value}"
        return f"{self.card}{PLACEMENT_SIGN}{self.pile.value}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


END_TURN = Action()
"""The action that ends the turn: draw, then the next player moves."""

_PLACEMENTS: dict[tuple[int, Pile], Action] = {(card, pile): Action(card, pile) for card in CARDS for pile in PILES}


def parse_placement(text: str) -> tuple[int, str]:
    """Split ``CARD>PILE`` into the card and the pile's name, leaving the name unchecked.

    The card must be a number card from 2 to 99; the pile's name is only
    stripped, so that a referee can judge a pile that does not exist.

    >>> parse_placement("37>asc1"), parse_placement(" 75 >desc9")
    ((37, 'asc1'), (75, 'desc9'))
    >>> parse_placement("1>asc1")
    Traceback (most recent call last):
    ...
    solver.errors.NotationError: card 1 in '1>asc1' does not exist: the cards are 2 to 99
    """
    card_text, sign, pile = text.partition(PLACEMENT_SIGN)
    if not sign or not pile.strip():
        raise NotationError(
            f"expected CARD>PILE such as '37>asc1', or 'end', not {text!r}", text=text, token=text, position=1
        )
    return parse_card(card_text, opening=text), pile.strip()


# ----------------------------------------------------------------- verdicts


@dataclass(frozen=True)
class ActionVerdict(BaseVerdict):
    """The referee's answer for one action of the player to move.

    ``covers`` is the number the placement was laid on (``None`` for
    ``end``) and ``backwards`` says whether it was the ten-back move.
    """

    game: ClassVar[str] = "thegame"

    action: Action
    seat: int | None
    violations: tuple[Violation, ...] = ()
    covers: int | None = None
    backwards: bool = False
    rulings: tuple[str, ...] = ()

    def _detail_fields(self) -> dict[str, Any]:
        return {"action": str(self.action), "seat": self.seat, "covers": self.covers, "backwards": self.backwards}


def judge_placement(card: int, pile: Pile, top: int) -> Violation | None:
    """The ``wrong-direction`` violation of laying ``card`` on ``pile`` showing ``top``, if it does not fit.

    >>> judge_placement(85, Pile.DESC1, 83).message
    '85 does not fit on desc1 showing 83: going down it must be lower than 83, or exactly 93'
    >>> judge_placement(37, Pile.ASC1, 47) is None
    True
    """
    if can_play(card, pile, top):
        return None
    if pile.ascending:
        need = f"going up it must be higher than {top}"
        back = top - 10
    else:
        need = f"going down it must be lower than {top}"
        back = top + 10
    alternative = f", or exactly {back}" if LOWEST_CARD <= back <= HIGHEST_CARD else ""
    return Violation(
        ViolationCode.WRONG_DIRECTION, f"{card} does not fit on {pile.value} showing {top}: {need}{alternative}"
    )


def goes_back_by_other_than_ten(card: int, pile: Pile, top: int) -> bool:
    """True when ``card`` goes against ``pile`` by a step other than ten (the ``back-exactly-ten`` ruling).

    >>> goes_back_by_other_than_ten(85, Pile.DESC1, 83), goes_back_by_other_than_ten(93, Pile.DESC1, 83)
    (True, False)
    """
    against = card < top if pile.ascending else card > top
    return against and not is_backwards(card, pile, top)


# ----------------------------------------------------------------- the game


@dataclass(frozen=True)
class Game:
    """The fixed settings of a game: 1 to 5 players, the variant, the On Fire expansion, the seed of the deal.

    >>> Game(players=3, variant=Variant.PRO).hand_size
    5
    >>> Game(players=6)
    Traceback (most recent call last):
    ...
    solver.errors.GameError: The Game is played by 1 to 5 players, not 6
    """

    players: int = 1
    variant: Variant = Variant.STANDARD
    on_fire: bool = False
    seed: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise GameError(f"players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, not {self.players!r}")
        hand_size(self.players, Variant.STANDARD)  # refuses a number of players out of range
        if not isinstance(self.variant, Variant):
            raise GameError(f"variant must be Variant.STANDARD or Variant.PRO, not {self.variant!r}")
        if not isinstance(self.on_fire, bool):
            raise GameError(f"on_fire must be True or False, not {self.on_fire!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise GameError(f"seed must be a whole number, not {self.seed!r}")

    @property
    def hand_size(self) -> int:
        """Cards in each hand after the deal and after every draw while the draw pile lasts."""
        return hand_size(self.players, self.variant)

    def new_state(self) -> State:
        """Shuffle the 98 cards with the seed, deal every hand, and let seat 0 start."""
        deck = list(CARDS)
        random.Random(self.seed).shuffle(deck)
        size = self.hand_size
        hands = [sorted(deck[-size * (seat + 1) : len(deck) - size * seat]) for seat in range(self.players)]
        del deck[len(deck) - size * self.players :]
        state = State(self, {pile: pile.start for pile in PILES}, hands, deck)
        state._start_turn(0)
        return state

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"players": self.players, "variant": self.variant.value, "on_fire": self.on_fire, "seed": self.seed}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """Read the JSON form back."""
        return cls(data["players"], Variant(data["variant"]), data["on_fire"], data["seed"])


class Ending(Enum):
    """Why a game ended."""

    ALL_CARDS_LAID = "all-cards-laid"
    MINIMUM_OUT_OF_REACH = "minimum-out-of-reach"
    STUCK_BELOW_MINIMUM = "stuck-below-minimum"
    FIRE_UNCOVERED = "fire-uncovered"


# ----------------------------------------------------------------- the state


@dataclass(eq=False)
class State:
    """Everything that changes during a game; plain lists and ints so that bots can read it cheaply.

    ``tops`` maps each pile (in the order asc1, asc2, desc1, desc2) to the
    number it shows; ``hands`` holds each seat's cards in ascending order;
    the last card of ``draw_pile`` is drawn next.  ``fire`` maps each pile
    whose top is a fire card still to cover to the number of the turn by
    whose end it must be covered (turns are numbered from 0; the turn being
    played is number ``turns``).
    """

    game: Game
    tops: dict[Pile, int]
    hands: list[list[int]]
    draw_pile: list[int]
    to_move: int | None = None
    played_this_turn: int = 0
    minimum_this_turn: int = 0
    fire: dict[Pile, int] = field(default_factory=dict)
    ending: Ending | None = None
    turns: int = 0
    this_turn: list[str] = field(default_factory=list)
    """The placements and requests of the turn being played, as written."""
    turn_tops: dict[Pile, int] = field(default_factory=dict)
    """The piles' tops when the turn being played began."""
    turn_fire: dict[Pile, int] = field(default_factory=dict)
    """The fire deadlines when the turn being played began."""
    requests: list[dict[Pile, Wish]] = field(default_factory=list)
    """Each seat's standing requests, by pile (piles it asked nothing about left out); everyone hears them."""

    def __post_init__(self) -> None:
        if not self.requests:
            self.requests = [{} for _ in self.hands]

    # ----------------------------------------------------------------- building

    @classmethod
    def from_position(
        cls,
        game: Game,
        hands: Sequence[Iterable[int]],
        *,
        tops: Mapping[Pile, int] | None = None,
        draw_pile: Sequence[int] = (),
        to_move: int = 0,
    ) -> State:
        """A game set up by hand, at the start of ``to_move``'s turn (for examples, tests and exercises).

        Piles not in ``tops`` show their start; ``draw_pile`` lists the cards
        to draw, the next one last.  Every card may appear once at most, and
        no hand may be larger than the game's hand size.

        >>> state = State.from_position(Game(), [[37, 75, 12]], tops={Pile.ASC1: 47, Pile.DESC1: 65})
        >>> [str(action) for action in state.legal_actions()][:4], state.minimum_this_turn
        (['12>asc2', '12>desc1', '12>desc2', '37>asc1'], 1)
        """
        piles = {pile: pile.start for pile in PILES}
        for pile, top in (tops or {}).items():
            if not isinstance(pile, Pile) or top not in possible_tops(pile):
                raise GameError(f"pile {pile} cannot show {top!r}")
            piles[pile] = top
        seats = [sorted(hand) for hand in hands]
        if len(seats) != game.players:
            raise GameError(f"expected {game.players} hands, one per player, not {len(seats)}")
        seen = [top for pile, top in piles.items() if top != pile.start] + list(draw_pile)
        for seat, hand in enumerate(seats):
            if len(hand) > game.hand_size:
                raise GameError(f"seat {seat} holds {len(hand)} cards; a hand holds at most {game.hand_size}")
            seen += hand
        for card in seen:
            if not is_card(card):
                raise GameError(f"{card!r} is not a card: the cards are {LOWEST_CARD} to {HIGHEST_CARD}")
        repeated = sorted({card for card in seen if seen.count(card) > 1})
        if repeated:
            raise GameError(
                f"every card exists once, but {repeated[0]} appears twice among the piles, hands and draw pile"
            )
        if not 0 <= to_move < game.players or not seats[to_move]:
            raise GameError(f"seat {to_move} cannot move: it must be a seat from 0 to {game.players - 1} holding cards")
        state = cls(game, piles, seats, list(draw_pile))
        state._start_turn(to_move)
        return state

    def copy(self) -> State:
        """An independent copy, for looking ahead without touching this state."""
        return State(
            self.game,
            dict(self.tops),
            [list(hand) for hand in self.hands],
            list(self.draw_pile),
            self.to_move,
            self.played_this_turn,
            self.minimum_this_turn,
            dict(self.fire),
            self.ending,
            self.turns,
            list(self.this_turn),
            dict(self.turn_tops),
            dict(self.turn_fire),
            [dict(asked) for asked in self.requests],
        )

    # ----------------------------------------------------------------- what the state says

    @property
    def is_over(self) -> bool:
        """True once the game has ended; then there are no legal actions."""
        return self.ending is not None

    @property
    def won(self) -> bool:
        """True when every card has been laid."""
        return self.ending is Ending.ALL_CARDS_LAID

    @property
    def lost_to_fire(self) -> bool:
        """True when a fire card was left uncovered past its deadline."""
        return self.ending is Ending.FIRE_UNCOVERED

    @property
    def cards_left(self) -> int:
        """The result: cards in the hands and the draw pile (0 beats the game)."""
        return len(self.draw_pile) + sum(len(hand) for hand in self.hands)

    @property
    def excellent(self) -> bool:
        """True when the game ended with fewer than 10 cards left, and was not lost to a fire card."""
        return self.is_over and not self.lost_to_fire and self.cards_left < EXCELLENT_BELOW

    @property
    def hand(self) -> list[int]:
        """The hand of the player to move (empty once the game is over)."""
        return [] if self.to_move is None else self.hands[self.to_move]

    def returns(self) -> list[int]:
        """The team's result for every seat alike: minus the cards left, so 0 beats the game.

        A game lost to an uncovered fire card is lost whatever is left: it
        counts every card, the worst result.

        >>> Game(players=2).new_state().returns()
        [-98, -98]
        """
        result = len(CARDS) if self.lost_to_fire else self.cards_left
        return [-result] * self.game.players

    # ----------------------------------------------------------------- legal actions

    def legal_actions(self) -> list[Action]:
        """Every placement that fits (by card, then pile asc1, asc2, desc1, desc2), then ``end`` if allowed.

        Requests (``ask dont asc1``) are not listed: they lay no card and
        change no card's legality, and the player to move may make any of
        them, as often as they like, while holding cards (:meth:`check`).
        """
        if self.to_move is None:
            return []
        tops = self.tops
        actions = [
            _PLACEMENTS[card, pile]
            for card in self.hands[self.to_move]
            for pile in PILES
            if can_play(card, pile, tops[pile])
        ]
        if self.played_this_turn >= self.minimum_this_turn:
            actions.append(END_TURN)
        return actions

    def check(self, action: Action) -> ActionVerdict:
        """The referee's verdict on ``action`` for the player to move; the state does not change."""
        if self.to_move is None:
            violation = Violation(
                ViolationCode.GAME_OVER, f"the game is over ({self._ending_words()}); {action} comes too late"
            )
            return ActionVerdict(action, None, (violation,))
        seat = self.to_move
        if action.wish is not None:
            return self._check_request(action, seat)
        if action.card is None or action.pile is None:
            if self.played_this_turn >= self.minimum_this_turn:
                return ActionVerdict(action, seat)
            violation = Violation(
                ViolationCode.TOO_FEW_CARDS,
                f"the player has laid {self.played_this_turn} of the {self.minimum_this_turn} cards this turn needs",
            )
            return ActionVerdict(action, seat, (violation,))
        card, pile = action.card, action.pile
        top = self.tops[pile]
        violations = []
        if card not in self.hands[seat]:
            violations.append(Violation(ViolationCode.NOT_IN_HAND, f"the player does not hold {card}"))
        misfit = judge_placement(card, pile, top)
        if misfit is not None:
            violations.append(misfit)
        rulings = ("back-exactly-ten",) if goes_back_by_other_than_ten(card, pile, top) else ()
        return ActionVerdict(action, seat, tuple(violations), top, is_backwards(card, pile, top), rulings)

    def _check_request(self, action: Action, seat: int) -> ActionVerdict:
        """A request is legal whenever the player to move holds cards: it is said on their own turn."""
        if not self.hands[seat]:
            violation = Violation(
                ViolationCode.REQUEST_WITHOUT_CARDS,
                f"the player holds no cards, so asks nothing of the others; {action} is not needed",
            )
            return ActionVerdict(action, seat, (violation,))
        return ActionVerdict(action, seat, rulings=("requests-on-own-turn",))

    def apply(self, action: Action) -> ActionVerdict:
        """Carry out a legal ``action`` and return its verdict; raise :class:`IllegalMoveError` otherwise."""
        verdict = self.check(action)
        if not verdict.legal:
            reasons = "; ".join(violation.message for violation in verdict.violations)
            raise IllegalMoveError(f"{action} is illegal: {reasons}", verdict)
        if action.wish is not None and action.pile is not None:
            assert self.to_move is not None
            self.this_turn.append(str(action))
            self._set_request(self.to_move, action.pile, action.wish)
        elif action.card is None or action.pile is None:
            self._end_turn()
        else:
            self.this_turn.append(str(action))
            self._place(action.card, action.pile)
        return verdict

    def _set_request(self, seat: int, pile: Pile, wish: Wish) -> None:
        if wish is Wish.NONE:
            self.requests[seat].pop(pile, None)
        else:
            self.requests[seat][pile] = wish

    # ----------------------------------------------------------------- turns

    def _start_turn(self, seat: int) -> None:
        """Give the turn to ``seat``: fix its minimum, and end the game if no order of its hand lays it."""
        self.to_move = seat
        self.played_this_turn = 0
        self.this_turn = []
        self.turn_tops = dict(self.tops)
        self.turn_fire = dict(self.fire)
        self.minimum_this_turn = minimum_cards(self.game.variant, draw_pile=len(self.draw_pile))
        if not can_lay(self.hands[seat], self.tops, self.minimum_this_turn):
            self._finish(Ending.MINIMUM_OUT_OF_REACH)

    def _place(self, card: int, pile: Pile) -> None:
        assert self.to_move is not None
        hand = self.hands[self.to_move]
        hand.remove(card)
        self.tops[pile] = card
        self.played_this_turn += 1
        self.fire.pop(pile, None)
        if not hand:
            self.requests[self.to_move] = {}  # a player with no cards left has nothing more to ask
        if self.game.on_fire and card in FIRE_CARDS:
            self.fire[pile] = self.turns + 1
        if not self.draw_pile and not any(self.hands):
            self._finish(Ending.ALL_CARDS_LAID)
        elif self.played_this_turn < self.minimum_this_turn and not can_lay(hand, self.tops, 1):
            self._finish(Ending.STUCK_BELOW_MINIMUM)

    def _end_turn(self) -> None:
        assert self.to_move is not None
        seat = self.to_move
        ending_turn = self.turns
        self.turns += 1
        if any(deadline <= ending_turn for deadline in self.fire.values()):
            self._finish(Ending.FIRE_UNCOVERED)
            return
        drawn = min(self.played_this_turn, len(self.draw_pile))
        if drawn:
            hand = self.hands[seat]
            hand += self.draw_pile[-drawn:][::-1]
            del self.draw_pile[-drawn:]
            hand.sort()
        players = self.game.players
        following = ((seat + step) % players for step in range(1, players + 1))
        self._start_turn(next(other for other in following if self.hands[other]))

    def _finish(self, ending: Ending) -> None:
        self.ending = ending
        self.to_move = None

    def _ending_words(self) -> str:
        return "still going" if self.ending is None else self.ending.value

    # ----------------------------------------------------------------- serialisation

    def to_dict(self) -> dict[str, Any]:
        """Everything needed to continue the game exactly, as JSON-ready data."""
        return {
            "game": self.game.to_dict(),
            "tops": {pile.value: top for pile, top in self.tops.items()},
            "hands": [list(hand) for hand in self.hands],
            "draw_pile": list(self.draw_pile),
            "to_move": self.to_move,
            "played_this_turn": self.played_this_turn,
            "minimum_this_turn": self.minimum_this_turn,
            "fire": {pile.value: deadline for pile, deadline in self.fire.items()},
            "ending": None if self.ending is None else self.ending.value,
            "turns": self.turns,
            "this_turn": list(self.this_turn),
            "turn_tops": {pile.value: top for pile, top in self.turn_tops.items()},
            "turn_fire": {pile.value: deadline for pile, deadline in self.turn_fire.items()},
            "requests": [{pile.value: wish.value for pile, wish in asked.items()} for asked in self.requests],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> State:
        """Rebuild a state from :meth:`to_dict` output; raise :class:`GameError` for anything else.

        A state saved before requests were kept (no ``requests``) loads with none.
        """
        try:
            state = cls(
                game=Game.from_dict(data["game"]),
                tops={Pile(name): int(top) for name, top in data["tops"].items()},
                hands=[[int(card) for card in hand] for hand in data["hands"]],
                draw_pile=[int(card) for card in data["draw_pile"]],
                to_move=data["to_move"],
                played_this_turn=data["played_this_turn"],
                minimum_this_turn=data["minimum_this_turn"],
                fire={Pile(name): int(deadline) for name, deadline in data["fire"].items()},
                ending=None if data["ending"] is None else Ending(data["ending"]),
                turns=data["turns"],
                this_turn=[str(action) for action in data["this_turn"]],
                turn_tops={Pile(name): int(top) for name, top in data["turn_tops"].items()},
                turn_fire={Pile(name): int(deadline) for name, deadline in data["turn_fire"].items()},
                requests=[
                    {Pile(name): Wish(wish) for name, wish in asked.items() if wish != Wish.NONE.value}
                    for asked in data.get("requests") or ()
                ],
            )
        except NambarzError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise GameError(f"not a saved state of The Game: {type(error).__name__} {error}") from None
        if len(state.requests) != len(state.hands):
            raise GameError(
                f"not a saved state of The Game: {len(state.requests)} seats' requests for {len(state.hands)} seats"
            )
        return state


def replay(game: Game, transcript: Iterable[str]) -> State:
    """The state reached by playing ``transcript`` (actions as written) from the deal of ``game``.

    >>> replay(Game(seed=7), ["8>asc1", "85>desc1", "end"]).hands[0]
    [11, 14, 21, 43, 48, 52, 70, 76]
    """
    state = game.new_state()
    for number, text in enumerate(transcript, start=1):
        try:
            state.apply(Action.parse(text))
        except NambarzError as error:
            raise GameError(f"action {number} ({text!r}) cannot be replayed: {error}") from None
    return state


def can_lay(hand: Sequence[int], tops: Mapping[Pile, int], count: int) -> bool:
    """True when some order of ``count`` cards of ``hand`` can be laid on the piles showing ``tops``.

    An exhaustive search, limited to hands of at most 8 cards and at most 3
    cards to lay (the largest hand and the largest minimum of the game), so
    at most 8·4 × 7·4 × 6·4 placements are tried.

    >>> can_lay([50, 60], {Pile.ASC1: 55, Pile.ASC2: 65, Pile.DESC1: 45, Pile.DESC2: 45}, 2)
    True
    >>> can_lay([50, 60], {Pile.ASC1: 75, Pile.ASC2: 75, Pile.DESC1: 45, Pile.DESC2: 45}, 2)
    False
    """
    if len(hand) > MAX_SEARCH_CARDS or not 0 <= count <= MAX_SEARCH_DEPTH:
        raise SearchLimitError(
            f"the search for {count} cards to lay from {len(hand)} is refused: "
            f"at most {MAX_SEARCH_DEPTH} cards from a hand of at most {MAX_SEARCH_CARDS}"
        )
    return _can_lay(list(hand), [tops[pile] for pile in PILES], count)


def _can_lay(hand: list[int], tops: list[int], count: int) -> bool:
    if count == 0:
        return True
    for index, card in enumerate(hand):
        for slot, pile in enumerate(PILES):
            top = tops[slot]
            if can_play(card, pile, top):
                if count == 1:
                    return True
                tops[slot] = card
                found = _can_lay(hand[:index] + hand[index + 1 :], tops, count - 1)
                tops[slot] = top
                if found:
                    return True
    return False

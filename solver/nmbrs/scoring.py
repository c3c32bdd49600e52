"""Scoring: points for each play, doubling by colour, the end-of-round subtraction and the winners (rules 10–15).

A play scores the printed points of the cards it lays (simplified: one per
card).  The score is doubled when the laid cards are all one colour or all
different colours (rule 11); jokers have no colour and are left out
(ruling ``jokers-colourless``), and a single card counts as one colour
(ruling ``single-card-doubles``).  Replacing a joker scores nothing (rule 12).

>>> from solver.nmbrs.cards import parse_cards
>>> deck = NmbrsDeck.default()
>>> score = score_play(parse_cards("5 9 13"), RuleSet.BASIC, deck)
>>> score.base, score.doubling, score.total
(4, <Doubling.ONE_COLOUR: 'one colour'>, 8)
>>> score_play(parse_cards("1 2 3 4"), RuleSet.SIMPLIFIED, deck).to_dict()
{'cards': ['1', '2', '3', '4'], 'base': 4, 'doubling': 'all different colours', 'score': 8}
>>> hand = parse_cards("97 10 J")
>>> hand_penalty(hand, RuleSet.BASIC, deck), hand_penalty(hand, RuleSet.SIMPLIFIED, deck)
(4, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from solver.nmbrs.cards import Card
from solver.nmbrs.deck import NmbrsDeck
from solver.nmbrs.rules import WINNING_SCORE, RuleSet


class Doubling(Enum):
    """Why a play's score is doubled (rule 11)."""

    ONE_COLOUR = "one colour"
    ALL_DIFFERENT = "all different colours"


@dataclass(frozen=True)
class PlayScore:
    """What one play scores: the cards counted, their base points and the doubling, if any."""

    cards: tuple[Card, ...]
    base: int
    doubling: Doubling | None
    rulings: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        """The points the play adds to the player's score."""
        return self.base * 2 if self.doubling is not None else self.base

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``cards``, ``base``, ``doubling`` (``null`` when not doubled) and ``score``."""
        return {
            "cards": [str(card) for card in self.cards],
            "base": self.base,
            "doubling": None if self.doubling is None else self.doubling.value,
            "score": self.total,
        }


def doubling_of(cards: Sequence[Card], deck: NmbrsDeck) -> Doubling | None:
    """Whether ``cards`` are all one colour or all of different colours; jokers are left out.

    >>> from solver.nmbrs.cards import parse_cards
    >>> deck = NmbrsDeck.default()
    >>> doubling_of(parse_cards("1 J"), deck), doubling_of(parse_cards("1 2 5"), deck), doubling_of([], deck)
    (<Doubling.ONE_COLOUR: 'one colour'>, None, None)
    """
    colours = [colour for colour in (deck.colour(card) for card in cards) if colour is not None]
    if not colours:
        return None
    if len(set(colours)) == 1:
        return Doubling.ONE_COLOUR
    if len(set(colours)) == len(colours):
        return Doubling.ALL_DIFFERENT
    return None


def score_play(cards: Sequence[Card], rules: RuleSet, deck: NmbrsDeck) -> PlayScore:
    """The score of a play laying ``cards`` (rules 10–11; simplified 4)."""
    base = len(cards) if rules.scores_by_count else sum(deck.points(card) for card in cards)
    doubling = doubling_of(cards, deck)
    coloured = [card for card in cards if not card.is_joker]
    rulings = []
    if coloured and deck.placeholder:
        rulings.append("placeholder-deck")
    if len(coloured) < len(cards):
        rulings.append("jokers-colourless")
        if rules.scores_by_count:
            rulings.append("simplified-counts-jokers")
    if len(coloured) == 1 and doubling is not None:
        rulings.append("single-card-doubles")
    return PlayScore(tuple(cards), base, doubling, tuple(rulings))


def replacement_score(card: Card) -> PlayScore:
    """Replacing a joker by ``card`` scores nothing (rule 12)."""
    return PlayScore((card,), 0, None)


def hand_penalty(hand: Sequence[Card], rules: RuleSet, deck: NmbrsDeck) -> int:
    """What a player still holding ``hand`` subtracts when the round ends (rule 14; simplified 4)."""
    return len(hand) if rules.scores_by_count else sum(deck.points(card) for card in hand)


def winners(scores: Sequence[int]) -> tuple[int, ...]:
    """The seats that win the game: the highest score, if it is 100 or more (rule 15, ``tied-winners-share``).

    >>> winners([104, 98, 104]), winners([99, 60])
    ((0, 2), ())
    """
    best = max(scores)
    if best < WINNING_SCORE:
        return ()
    return tuple(seat for seat, score in enumerate(scores) if score == best)

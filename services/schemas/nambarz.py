"""Nambarz's requests and answers: requests are read into engine values, the deck and the largest hand as limits.

Request fields are read with the engine's own parsers, so every error names
the field and says what was expected (a card, a calculation with the
position of its first fault, a domain, an operator subset).  Which deck the
cards must come from, and how many a hand may hold, is not the schema's to
know: a request schema is built with ``limits``, a callable giving the
:class:`CardLimits` in force when a request is loaded.  The HTTP API passes
one reading the app's configuration; the command line passes its ``--deck``.

>>> from solver.nambarz.deck import Deck
>>> schema = SolveRequestSchema(limits=lambda: CardLimits(Deck.default(), max_cards=2))
>>> sorted(schema.load({"top": "3bee", "hand": ["1", "2"]}))
['hand', 'ops', 'rules', 'top']
>>> schema.load({"top": "3bee", "hand": ["1", "2", "4"]})
Traceback (most recent call last):
...
marshmallow.exceptions.ValidationError: {'hand': ['at most 2 cards, not 3']}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from services.schemas.common import EngineMessage, ViolationSchema, explanation_field, language_field
from solver.errors import NambarzError
from solver.nambarz.cards import Card
from solver.nambarz.deck import Deck
from solver.nambarz.hint import HINT_LEVELS
from solver.nambarz.notation import Chain, Turn
from solver.nambarz.rules import Domain, parse_domain, parse_operators
from tutor.i18n import SUPPORTED_LANGUAGES


@dataclass(frozen=True)
class CardLimits:
    """What the cards of a Nambarz request must respect: the deck in use, and at most ``max_cards`` of them.

    ``max_cards`` bounds a hand, and the cards of a play or turn; ``None``
    leaves only the deck's own bound.
    """

    deck: Deck
    max_cards: int | None = None

    def require(self, top: Card, cards: Sequence[Card], *, field: str, what: str) -> None:
        """Refuse, as a field error, more than ``max_cards`` cards, or a top card and cards the deck cannot hold."""
        if self.max_cards is not None and len(cards) > self.max_cards:
            raise ValidationError(f"at most {self.max_cards} cards, not {len(cards)}", field)
        try:
            self.deck.require([top], what="top card")
        except NambarzError as error:
            raise ValidationError(EngineMessage(error), "top") from None
        try:
            self.deck.require([top, *cards], what=what)
        except NambarzError as error:
            raise ValidationError(EngineMessage(error), field) from None


def default_limits() -> CardLimits:
    """The default deck, and no bound on the cards besides the deck's."""
    return CardLimits(Deck.default())


class _Parsed(fields.String):
    """A string field read with one of the engine's parsers; its errors become field errors."""

    parser: Any = staticmethod(str)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return self.parser(text)
        except NambarzError as error:
            raise ValidationError(EngineMessage(error)) from None

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else str(value)


class CardField(_Parsed):
    """A card in notation: ``3``, ``3bee``, ``Jboth`` (Italian, German and French figure names too)."""

    parser = staticmethod(Card.parse)


class ChainField(_Parsed):
    """A matching card or a calculation, read strictly left to right."""

    parser = staticmethod(Chain.parse)


class TurnField(_Parsed):
    """Plays separated by ``;``."""

    parser = staticmethod(Turn.parse)


class DomainField(_Parsed):
    """``natural``, ``integer`` or ``rational``."""

    parser = staticmethod(parse_domain)


class OperatorsField(_Parsed):
    """An operator subset such as ``+-``."""

    parser = staticmethod(parse_operators)


class _RulesRequest(Schema):
    """A request judged under rules settings, whose cards respect the :class:`CardLimits` of ``limits``."""

    def __init__(self, *, limits: Callable[[], CardLimits] = default_limits, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.limits = limits

    rules = DomainField(
        load_default=lambda: Domain.NATURAL,
        metadata={"description": "arithmetic domain", "default": "natural", "example": "natural"},
    )
    ops = OperatorsField(load_default="+-*/", metadata={"description": "allowed operators", "example": "+-*/"})


class _HandRequest(_RulesRequest):
    top = CardField(required=True, metadata={"description": "the card to cover", "example": "3bee"})
    hand = fields.List(
        CardField(), required=True, metadata={"description": "cards in hand", "example": ["1", "2", "4", "7fish"]}
    )
    lang = language_field("the explanation")

    @validates_schema
    def _hand_from_deck(self, data: dict[str, Any], **_: Any) -> None:
        self.limits().require(data["top"], data["hand"], field="hand", what="top card and hand")


class SolveRequestSchema(_HandRequest):
    """A top card and a hand to solve."""


class PlanRequestSchema(_HandRequest):
    """A top card (a number card or a change joker left without its card) and a hand to plan."""

    count = fields.Integer(
        strict=True, load_default=5, validate=validate.Range(1, 20), metadata={"description": "turns to list"}
    )


class HintRequestSchema(SolveRequestSchema):
    """A top card, a hand and how much the hint may reveal."""

    level = fields.Integer(
        strict=True,
        load_default=1,
        validate=validate.Range(min(HINT_LEVELS), max(HINT_LEVELS), error="expected a level from {min} to {max}"),
        metadata={
            "description": "1: what exists, 2: the first card of the best turn, 3: the whole best turn",
            "example": 1,
        },
    )
    lang = fields.String(
        validate=validate.OneOf(SUPPORTED_LANGUAGES, error="expected one of {choices}"),
        metadata={
            "description": "the language of the hint's text; without it, the Accept-Language header's, else English",
            "example": "it",
        },
    )


class CheckRequestSchema(_RulesRequest):
    """A top card with either one play or a whole turn."""

    top = CardField(required=True, metadata={"example": "3bee"})
    play = ChainField(metadata={"description": "a matching card or a calculation", "example": "10 - 4 / 2"})
    turn = TurnField(
        metadata={
            "description": "plays separated by ';'",
            "example": "9hen - 6dragonfly / 3hippo ; Jreplay ; 10 - 6 - 1",
        }
    )
    lang = language_field("the explanation")

    @validates_schema
    def _one_play_or_turn(self, data: dict[str, Any], **_: Any) -> None:
        if ("play" in data) == ("turn" in data):
            raise ValidationError("give exactly one of 'play' and 'turn'", "play")
        cards = data["play"].cards if "play" in data else [card for play in data["turn"].plays for card in play.cards]
        field = "play" if "play" in data else "turn"
        self.limits().require(data["top"], cards, field=field, what=f"top card and {field}")


class ScoreRequestSchema(Schema):
    """A finished round: seats, who went out in order, master points, teams, cards left."""

    players = fields.List(
        fields.String(), required=True, validate=validate.Length(2, 12), metadata={"example": ["A", "B", "C", "D"]}
    )
    finished = fields.List(fields.String(), required=True, metadata={"example": ["C", "A", "D"]})
    master = fields.Dict(
        keys=fields.String(), values=fields.Integer(strict=True), load_default=dict, metadata={"example": {"A": 7}}
    )
    teams = fields.List(fields.List(fields.String()), load_default=None, allow_none=True)
    left = fields.Dict(keys=fields.String(), values=fields.Integer(strict=True), load_default=None, allow_none=True)
    lang = language_field("the explanation")


# ----------------------------------------------------------------- responses


class RulesSchema(Schema):
    domain = fields.String(required=True)
    ops = fields.String(required=True)


class _VerdictFields(Schema):
    legal = fields.Boolean()
    violations = fields.List(fields.Nested(ViolationSchema))
    value = fields.String(allow_none=True, metadata={"description": "exact value as written, e.g. '3' or '-7/2'"})
    master_points = fields.Integer()
    penalty_draw = fields.Integer()
    stays = fields.List(fields.String())
    returned = fields.List(fields.String())
    recombination = fields.String(allow_none=True)
    smaller = fields.String(allow_none=True)
    rulings = fields.List(fields.String())


class PlayVerdictSchema(_VerdictFields):
    """One play of a turn: its verdict, or ``skipped`` with the reason."""

    play = fields.String(required=True)
    covers = fields.String(allow_none=True)
    skipped = fields.Boolean()
    reason = fields.String()


class CheckResponseSchema(_VerdictFields):
    """A verdict for ``play``, or for ``turn`` with ``plays`` and ``top_after``."""

    game = fields.String(metadata={"description": "for a single play: always 'nambarz'"})
    top = fields.String(required=True)
    rules = fields.Nested(RulesSchema, required=True)
    play = fields.String()
    turn = fields.String()
    plays = fields.List(fields.Nested(PlayVerdictSchema))
    top_after = fields.String(allow_none=True)
    explanation = explanation_field("the verdict, each violation with its rule, the resolution and the trace,")


class CalculationSchema(Schema):
    cards = fields.List(fields.String(), required=True)
    expression = fields.String(required=True)
    value = fields.String(required=True)
    master_points = fields.Integer(required=True)
    chains = fields.Integer(required=True)
    last_cards = fields.List(fields.String(), required=True)


class SolutionSchema(Schema):
    top = fields.String(required=True)
    hand = fields.List(fields.String(), required=True)
    rules = fields.Nested(RulesSchema, required=True)
    matches = fields.List(fields.String(), required=True)
    calculations = fields.List(fields.Nested(CalculationSchema), required=True)
    explanation = explanation_field("the cards playable alone and the table of calculations")


class PlannedTurnSchema(Schema):
    turn = fields.String(allow_none=True)
    ending = fields.String(required=True, validate=validate.OneOf(["pass", "draw", "out"]))
    shed = fields.Integer(required=True)
    master_points = fields.Integer(required=True)
    top_after = fields.String(allow_none=True)
    answers = fields.Integer(required=True, metadata={"description": "ways the deck offers to cover the top card"})


class PlanSchema(Schema):
    position = fields.String(required=True)
    rules = fields.Nested(RulesSchema, required=True)
    ranking = fields.String(required=True)
    turns = fields.List(fields.Nested(PlannedTurnSchema), required=True)
    explanation = explanation_field("the ranked turns, each with why it ranks there,")


class HintSchema(Schema):
    level = fields.Integer(required=True)
    top = fields.String(required=True)
    hand = fields.List(fields.String(), required=True)
    rules = fields.Nested(RulesSchema, required=True)
    text = fields.String(required=True, metadata={"description": "the hint in the language asked for"})
    matching_cards = fields.Integer(required=True, metadata={"description": "cards that match the top card"})
    calculation_sizes = fields.List(
        fields.Integer(),
        required=True,
        metadata={"description": "card counts of the legal calculations, largest first"},
    )
    master_stroke = fields.Boolean(required=True, metadata={"description": "a calculation of 4 cards or more exists"})
    must_draw = fields.Boolean(required=True, metadata={"description": "nothing in the hand can be played"})
    first_card = fields.String(allow_none=True, metadata={"description": "from level 2: the best turn's first card"})
    first_operator = fields.String(
        allow_none=True, metadata={"description": "from level 2: the operator after the first card, if any"}
    )
    turn = fields.Nested(PlannedTurnSchema, allow_none=True, metadata={"description": "level 3: the best turn"})


class ScoreSchema(Schema):
    players = fields.List(fields.String(), required=True)
    finished = fields.List(fields.String(), required=True)
    ranking = fields.List(fields.String(), required=True)
    rank_points = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    master_points = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    points = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    teams = fields.Dict(keys=fields.String(), values=fields.Integer())
    rulings = fields.List(fields.String(), required=True)
    explanation = explanation_field("the score table")


class DeckSchema(Schema):
    name = fields.String(required=True)
    size = fields.Integer(required=True)
    placeholders = fields.List(fields.String(), required=True)
    cards = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)

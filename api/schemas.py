"""Marshmallow schemas of the HTTP API: requests are read into engine values, responses documented.

Request fields are read with the engine's own parsers, so every error names
the field and says what was expected (a card, a calculation with the
position of its first fault, a domain, an operator subset).  Responses carry
the same fields as the command line's ``--json`` output.
"""

from __future__ import annotations

from typing import Any

from flask import current_app
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from solver.errors import NambarzError
from solver.nambarz.cards import Card
from solver.nambarz.deck import Deck
from solver.nambarz.notation import Chain, Turn
from solver.nambarz.rules import Domain, parse_domain, parse_operators
from solver.verdicts import GameName
from tutor.i18n import SUPPORTED_LANGUAGES


def deck_in_use() -> Deck:
    """The deck configured for the app (``NAMBARZ_DECK``), else the default deck."""
    deck: Deck = current_app.extensions["nambarz_deck"]
    return deck


def max_hand() -> int:
    """The largest hand a request may send (``NAMBARZ_MAX_HAND``)."""
    return int(current_app.config["NAMBARZ_MAX_HAND"])


class _Parsed(fields.String):
    """A string field read with one of the engine's parsers; its errors become field errors."""

    parser: Any = staticmethod(str)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return self.parser(text)
        except NambarzError as error:
            raise ValidationError(str(error)) from None

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


def language_field(text: str) -> fields.String:
    """The optional ``lang`` of a request: the language of ``text`` in the answer.

    Without it the ``Accept-Language`` header decides, else English (see
    :func:`api.blueprints.common.answer_language`).
    """
    return fields.String(
        validate=validate.OneOf(SUPPORTED_LANGUAGES, error="expected one of {choices}"),
        metadata={
            "description": f"the language of {text}: one of {', '.join(SUPPORTED_LANGUAGES)}; "
            "without it, the Accept-Language header's, else English",
            "example": "it",
        },
    )


class LanguageQuerySchema(Schema):
    """The query string of a ``GET`` whose answer has text: an optional ``lang``."""

    lang = language_field("the summaries")


def explanation_field(what: str) -> fields.String:
    """The ``explanation`` of an answer: ``what`` in words, in the language the request asked for."""
    return fields.String(
        required=True, metadata={"description": f"{what} in words, in the language of the request's lang"}
    )


def _require_top_in_deck(top: Card) -> None:
    try:
        deck_in_use().require([top], what="top card")
    except NambarzError as error:
        raise ValidationError(str(error), "top") from None


class _RulesRequest(Schema):
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
        if len(data["hand"]) > max_hand():
            raise ValidationError(f"at most {max_hand()} cards, not {len(data['hand'])}", "hand")
        _require_top_in_deck(data["top"])
        try:
            deck_in_use().require([data["top"], *data["hand"]], what="top card and hand")
        except NambarzError as error:
            raise ValidationError(str(error), "hand") from None


class SolveRequestSchema(_HandRequest):
    """A top card and a hand to solve."""


class PlanRequestSchema(_HandRequest):
    """A top card (a number card or a change joker left without its card) and a hand to plan."""

    count = fields.Integer(load_default=5, validate=validate.Range(1, 20), metadata={"description": "turns to list"})


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
        if len(cards) > max_hand():
            raise ValidationError(f"at most {max_hand()} cards, not {len(cards)}", field)
        _require_top_in_deck(data["top"])
        try:
            deck_in_use().require([data["top"], *cards], what=f"top card and {field}")
        except NambarzError as error:
            raise ValidationError(str(error), field) from None


class ScoreRequestSchema(Schema):
    """A finished round: seats, who went out in order, master points, teams, cards left."""

    players = fields.List(
        fields.String(), required=True, validate=validate.Length(2, 12), metadata={"example": ["A", "B", "C", "D"]}
    )
    finished = fields.List(fields.String(), required=True, metadata={"example": ["C", "A", "D"]})
    master = fields.Dict(
        keys=fields.String(), values=fields.Integer(), load_default=dict, metadata={"example": {"A": 7}}
    )
    teams = fields.List(fields.List(fields.String()), load_default=None, allow_none=True)
    left = fields.Dict(keys=fields.String(), values=fields.Integer(), load_default=None, allow_none=True)
    lang = language_field("the explanation")


# ----------------------------------------------------------------- responses


class RulesSchema(Schema):
    domain = fields.String(required=True)
    ops = fields.String(required=True)


class ViolationSchema(Schema):
    code = fields.String(required=True, metadata={"example": "not-minimal"})
    rule = fields.String(required=True, metadata={"description": "rulebook section", "example": "III.2"})
    penalty = fields.String(metadata={"description": "Nambarz only: the section of rule V", "example": "V.1"})
    message = fields.String(required=True)
    play = fields.Integer(metadata={"description": "in a turn: the number of the play"})


class GameVerdictSchema(Schema):
    """The fields every game's verdict shares."""

    game = fields.String(
        required=True, validate=validate.OneOf([name.value for name in GameName]), metadata={"example": "nambarz"}
    )
    legal = fields.Boolean(required=True)
    violations = fields.List(fields.Nested(ViolationSchema), required=True)
    rulings = fields.List(fields.String(), required=True)


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


class HealthSchema(Schema):
    status = fields.String(required=True, metadata={"example": "ok"})
    version = fields.String(required=True)


class ViolationEntrySchema(Schema):
    code = fields.String(required=True)
    rule = fields.String(required=True)
    penalty = fields.String(metadata={"description": "Nambarz only: the section of rule V"})
    summary = fields.String(required=True)


class RulingEntrySchema(Schema):
    id = fields.String(required=True)
    summary = fields.String(required=True)
    source = fields.String(required=True, validate=validate.OneOf(["rules digest", "project decision"]))


class ReferenceSchema(Schema):
    violations = fields.List(fields.Nested(ViolationEntrySchema), required=True)
    rulings = fields.List(fields.Nested(RulingEntrySchema), required=True)

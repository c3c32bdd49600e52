"""Nmbrs!'s requests and answers: a sequence, or a table, a hand and the plays of a lay, read into engine values.

A malformed request is refused naming the field: a card that does not
exist, a cell off the table, a table that is not valid, a card both on the
table and in the hand.  The deck's colours and points are not part of a
request: the answer takes the deck in use as an argument.

>>> request = NmbrsCheckRequestSchema().load({"sequence": [10, "J", 30]})
>>> [str(term) for term in request["sequence"]], request["rules"].value
(['10', 'J', '30'], 'basic')
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from services.schemas.common import (
    EngineMessage,
    GameVerdictSchema,
    StrictBoolean,
    ViolationSchema,
    explanation_field,
    language_field,
)
from solver.errors import NambarzError
from solver.nmbrs.cards import HIGHEST_NUMBER, JOKER_COUNT, LOWEST_NUMBER, Card, Colour
from solver.nmbrs.plays import Play, PlayKind
from solver.nmbrs.rules import RuleSet
from solver.nmbrs.sequences import Term
from solver.nmbrs.table import MAX_COORDINATE, Axis, Cell, Placement, Table

MAX_CARDS = 104
"""The most cards a sequence, a hand, a table or a play may list: the whole deck."""

MAX_PLAYS = 20
"""The most plays a lay may list."""


# ----------------------------------------------------------------- request fields


class _EngineValue(fields.Raw):
    """A value read with one of the engine's readers; its errors become field errors."""

    reader: Any = staticmethod(str)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        try:
            return self.reader(value)
        except NambarzError as error:
            raise ValidationError(EngineMessage(error)) from None

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else str(value)


_NUMBER_OR_TEXT = {"oneOf": [{"type": "integer"}, {"type": "string"}]}


def _read_rules(value: Any) -> RuleSet:
    if not isinstance(value, str):
        raise ValidationError("expected basic, advanced or simplified")
    return RuleSet.parse(value)


class CardField(_EngineValue):
    """A card: a number from 1 to 100 (as a number or text) or ``"J"``."""

    reader = staticmethod(Card.read)


class TermField(_EngineValue):
    """A card in a sequence: ``10``, ``"10"``, ``"J"``, or a joker with its number, ``"J=20"``."""

    reader = staticmethod(Term.read)


class RuleSetField(_EngineValue):
    """``basic``, ``advanced`` or ``simplified``."""

    reader = staticmethod(_read_rules)


def _rules_field() -> RuleSetField:
    return RuleSetField(
        load_default=RuleSet.BASIC,
        metadata={
            "type": "string",
            "enum": [rules.value for rules in RuleSet],
            "description": "the rule set",
            "default": "basic",
        },
    )


def _coordinate(what: str) -> fields.Integer:
    return fields.Integer(
        required=True,
        strict=True,
        validate=validate.Range(-MAX_COORDINATE, MAX_COORDINATE),
        metadata={"description": what},
    )


class NmbrsPlacementSchema(Schema):
    """A card on a cell; a joker may carry the number it stands for (``value``)."""

    row = _coordinate("row, growing downwards")
    column = _coordinate("column, growing to the right")
    card = CardField(required=True, metadata={**_NUMBER_OR_TEXT, "example": 40})
    value = fields.Integer(
        strict=True,
        load_default=None,
        validate=validate.Range(LOWEST_NUMBER, HIGHEST_NUMBER),
        metadata={"description": "jokers only: the number the joker stands for"},
    )

    @post_load
    def _placement(self, data: dict[str, Any], **_: Any) -> Placement:
        try:
            return Placement(Term(data["card"], data["value"]), Cell(data["row"], data["column"]))
        except NambarzError as error:
            raise ValidationError(EngineMessage(error), "value") from None


class NmbrsPlaySchema(Schema):
    """One play: ``lay`` cards on empty cells, ``insert`` them into a line (``axis``), or ``swap`` a joker."""

    kind = fields.String(required=True, validate=validate.OneOf([kind.value for kind in PlayKind]))
    axis = fields.String(
        load_default=None,
        validate=validate.OneOf([axis.value for axis in Axis]),
        metadata={"description": "insert only: the line's axis, row or column"},
    )
    cards = fields.List(
        fields.Nested(NmbrsPlacementSchema),
        required=True,
        validate=validate.Length(1, MAX_CARDS),
        metadata={"description": "the cards with the cells they have after the play"},
    )

    @validates_schema
    def _axis_for_insertions_only(self, data: dict[str, Any], **_: Any) -> None:
        if (data.get("axis") is not None) != (data.get("kind") == PlayKind.INSERT.value):
            raise ValidationError("an insert play names its line's axis (row or column); other plays do not", "axis")

    @post_load
    def _play(self, data: dict[str, Any], **_: Any) -> Play:
        axis = None if data["axis"] is None else Axis(data["axis"])
        try:
            return Play(PlayKind(data["kind"]), tuple(data["cards"]), axis)
        except NambarzError as error:
            raise ValidationError(EngineMessage(error), "cards") from None


class NmbrsCheckRequestSchema(Schema):
    """A sequence of cards, read in the order given, and the rule set."""

    sequence = fields.List(
        TermField(metadata=_NUMBER_OR_TEXT),
        required=True,
        validate=validate.Length(1, MAX_CARDS),
        metadata={"example": [10, "J", 30, 40]},
    )
    rules = _rules_field()
    lang = language_field("the explanation")

    @post_load
    def _cards_in_play(self, data: dict[str, Any], **_: Any) -> dict[str, Any]:
        try:
            data["rules"].require_cards((term.card for term in data["sequence"]), what="sequence")
        except NambarzError as error:
            raise ValidationError(EngineMessage(error), "sequence") from None
        return data


class _NmbrsPositionSchema(Schema):
    """A position: the table, the hand, whether the player has laid a sequence this round, and the rules."""

    rules = _rules_field()
    table = fields.List(
        fields.Nested(NmbrsPlacementSchema),
        load_default=list,
        validate=validate.Length(0, MAX_CARDS),
        metadata={"description": "the cards on the table; jokers carry their number"},
    )
    hand = fields.List(
        CardField(metadata=_NUMBER_OR_TEXT),
        required=True,
        validate=validate.Length(0, MAX_CARDS),
        metadata={"example": [40, 15, 25, "J"]},
    )
    opened = StrictBoolean(
        load_default=False, metadata={"description": "whether the player has laid a sequence this round"}
    )
    lang = language_field("the explanation")

    @post_load
    def _position(self, data: dict[str, Any], **_: Any) -> dict[str, Any]:
        rules: RuleSet = data["rules"]
        try:
            table = Table.from_placements(data["table"])
            table.require_valid(rules)
        except NambarzError as error:
            raise ValidationError(EngineMessage(error), "table") from None
        try:
            rules.require_cards([*table.cards(), *data["hand"]], what="table and hand")
        except NambarzError as error:
            raise ValidationError(EngineMessage(error), "hand") from None
        return {**data, "table": table}


class NmbrsLayRequestSchema(_NmbrsPositionSchema):
    """A position (table, hand, whether the player has laid a sequence, rules) and the plays of a lay."""

    plays = fields.List(fields.Nested(NmbrsPlaySchema), required=True, validate=validate.Length(1, MAX_PLAYS))


class NmbrsHintRequestSchema(_NmbrsPositionSchema):
    """A position (table, hand, whether the player has laid a sequence, rules) to hint a play from."""


# ----------------------------------------------------------------- responses


class NmbrsJokerValueSchema(Schema):
    place = fields.Integer(required=True, metadata={"description": "1-based place in the sequence"})
    value = fields.Integer(required=True, allow_none=True, metadata={"description": "null while open"})


class NmbrsSequenceVerdictSchema(GameVerdictSchema):
    """The verdict on one sequence: step, direction, the number at each place and each joker's number."""

    class Meta:
        fields = (
            "game",
            "legal",
            "violations",
            "sequence",
            "rules",
            "step",
            "direction",
            "values",
            "jokers",
            "rulings",
            "explanation",
        )

    sequence = fields.List(fields.String(), required=True)
    rules = fields.String(required=True)
    step = fields.Integer(required=True, allow_none=True, metadata={"description": "difference in reading order"})
    direction = fields.String(required=True, allow_none=True, validate=validate.OneOf(["ascending", "descending"]))
    values = fields.List(fields.Integer(allow_none=True), required=True)
    jokers = fields.List(fields.Nested(NmbrsJokerValueSchema), required=True)
    explanation = explanation_field("the verdict: the step, the jokers, each fault with its rule and the resolution")


class NmbrsTableCellSchema(Schema):
    row = fields.Integer(required=True)
    column = fields.Integer(required=True)
    card = fields.String(required=True)
    value = fields.Integer(metadata={"description": "jokers only"})


class NmbrsLineSchema(Schema):
    axis = fields.String(required=True, validate=validate.OneOf([axis.value for axis in Axis]))
    start = fields.String(required=True, metadata={"description": "first cell, row,column"})
    sequence = fields.List(fields.String(), required=True)
    step = fields.Integer(required=True, allow_none=True)
    direction = fields.String(required=True, allow_none=True)
    legal = fields.Boolean(required=True)


class NmbrsPlayScoreSchema(Schema):
    cards = fields.List(fields.String(), required=True)
    base = fields.Integer(required=True)
    doubling = fields.String(required=True, allow_none=True)
    score = fields.Integer(required=True)


class NmbrsPlayEntrySchema(Schema):
    """A judged play, or a play skipped after an illegal one (``skipped``, ``reason``)."""

    play = fields.String(required=True)
    legal = fields.Boolean()
    violations = fields.List(fields.Nested(ViolationSchema))
    lines = fields.List(fields.Nested(NmbrsLineSchema), metadata={"description": "the lines formed or changed"})
    score = fields.Nested(NmbrsPlayScoreSchema, allow_none=True)
    skipped = fields.Boolean()
    reason = fields.String()


class NmbrsLayVerdictSchema(GameVerdictSchema):
    """The verdict on a lay: every play, the score, and the table and hand after it."""

    class Meta:
        fields = (
            "game",
            "legal",
            "violations",
            "rules",
            "table",
            "hand",
            "opened",
            "plays",
            "score",
            "table_after",
            "hand_after",
            "opened_after",
            "placeholders",
            "rulings",
            "explanation",
        )

    rules = fields.String(required=True)
    table = fields.List(fields.Nested(NmbrsTableCellSchema), required=True)
    hand = fields.List(fields.String(), required=True)
    opened = fields.Boolean(required=True)
    plays = fields.List(fields.Nested(NmbrsPlayEntrySchema), required=True)
    score = fields.Integer(required=True)
    table_after = fields.List(fields.Nested(NmbrsTableCellSchema), required=True)
    hand_after = fields.List(fields.String(), required=True)
    opened_after = fields.Boolean(required=True)
    placeholders = fields.Boolean(
        required=True, metadata={"description": "true when the score rests on the placeholder deck"}
    )
    explanation = explanation_field(
        "the lay play by play: each play's verdict, faults and resolution, its lines and score, the position after"
    )


class NmbrsFaceSchema(Schema):
    colour = fields.String(required=True, validate=validate.OneOf([colour.value for colour in Colour]))
    points = fields.Integer(required=True)


class NmbrsDeckQuerySchema(Schema):
    """The deck's query string: the language of its explanation."""

    lang = language_field("the explanation")


class NmbrsDeckSchema(Schema):
    class Meta:
        fields = ("name", "placeholder", "note", "jokers", "cards", "size", "explanation")

    name = fields.String(required=True)
    placeholder = fields.Boolean(required=True)
    note = fields.String(required=True)
    jokers = fields.Integer(required=True, validate=validate.Equal(JOKER_COUNT))
    cards = fields.Dict(keys=fields.String(), values=fields.Nested(NmbrsFaceSchema), required=True)
    size = fields.Integer(required=True)
    explanation = explanation_field("each colour's numbers and how many cards are worth 1, 2 and 3 points")


class NmbrsSuggestedPlaySchema(Schema):
    """A play as a lay request writes it: ``kind``, ``axis`` for an insertion, and the cards with their cells."""

    kind = fields.String(required=True, validate=validate.OneOf([kind.value for kind in PlayKind]))
    axis = fields.String(validate=validate.OneOf([axis.value for axis in Axis]))
    cards = fields.List(fields.Nested(NmbrsTableCellSchema), required=True)


class NmbrsHintSchema(Schema):
    """The play worth most points, the referee's verdict on laying it, and the hint in words."""

    game = fields.String(required=True, metadata={"example": "nmbrs"})
    play = fields.Nested(
        NmbrsSuggestedPlaySchema,
        required=True,
        allow_none=True,
        metadata={"description": "the play, to send as it is to /lay; null when no play scores"},
    )
    verdict = fields.Nested(
        NmbrsLayVerdictSchema,
        required=True,
        allow_none=True,
        metadata={"description": "the verdict on laying the play alone, as /lay answers it; null when no play scores"},
    )
    explanation = explanation_field("the suggested play, its points and the lay it makes, or that no play scores")

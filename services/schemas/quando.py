"""Quando's requests and answers: hands of fronts, a play or a knock, the draw pile's number, a round's sums.

Malformed input (numbers outside 0–10, a hand no deck can show, both or
neither of ``play`` and ``knock``, unknown fields, a ``lang`` the tutor does
not speak) is refused naming the field.  A loaded check request carries its
``action``: the play or the knock, as the referee takes it.

>>> request = QuandoCheckRequestSchema().load({"hand": [3, 4, 5, 9], "plays_made": 1, "play": [3, 4, 5]})
>>> str(request["action"])
'play 3 4 5'
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from services.schemas.common import GameVerdictSchema, StrictBoolean, explanation_field, language_field
from solver.errors import Worded
from solver.quando.cards import DECK_SIZE, HIGHEST, LOWEST, MAX_HAND_SUM, can_show
from solver.quando.rules import TurnKind
from solver.quando.scoring import MAX_PLAYERS, MIN_PLAYERS
from solver.quando.state import KNOCK, Action

# ----------------------------------------------------------------- requests


def _number(**kwargs: Any) -> fields.Integer:
    return fields.Integer(
        strict=True,
        validate=validate.Range(LOWEST, HIGHEST, error=f"expected a number from {LOWEST} to {HIGHEST}, not {{input}}"),
        **kwargs,
    )


def _numbers(smallest: int = 0, largest: int = DECK_SIZE, **kwargs: Any) -> fields.List[int]:
    expected = f"{smallest} to {largest}" if smallest else f"at most {largest}"
    return fields.List(
        _number(), validate=validate.Length(smallest, largest, error=f"expected {expected} numbers"), **kwargs
    )


def _plays_made() -> fields.Integer:
    return fields.Integer(
        strict=True,
        required=True,
        validate=validate.Range(min=0, error="expected a whole number from 0, not {input}"),
        metadata={"description": "the player's plays (straights or equal numbers) earlier in this round"},
    )


def _require_showable(numbers: list[int], field: str) -> None:
    if not can_show(numbers):
        message = Worded(
            "no %(size)d-card deck has different cards showing %(numbers)s", size=DECK_SIZE, numbers=sorted(numbers)
        )
        raise ValidationError(message, field)


class QuandoCheckRequestSchema(Schema):
    """A hand (fronts), the plays made this round, and either the numbers played or a knock."""

    hand = _numbers(required=True, metadata={"description": "the fronts in hand", "example": [3, 4, 5, 9, 0, 0, 7]})
    plays_made = _plays_made()
    play = _numbers(metadata={"description": "the numbers laid", "example": [3, 4, 5]})
    knock = StrictBoolean(metadata={"description": "true to knock instead of playing"})
    last_round = StrictBoolean(
        load_default=False, metadata={"description": "true once someone has knocked", "default": False}
    )
    lang = language_field("the explanation")

    @validates_schema
    def _play_or_knock(self, data: dict[str, Any], **_: Any) -> None:
        if "play" in data and data.get("knock"):
            raise ValidationError("give either play or knock: true, not both", "knock")
        if "play" not in data and not data.get("knock"):
            raise ValidationError("give play (the numbers laid) or knock: true", "play")
        _require_showable(data["hand"], "hand")

    @post_load
    def _action(self, data: dict[str, Any], **_: Any) -> dict[str, Any]:
        return {**data, "action": Action.play(data["play"]) if "play" in data else KNOCK}


class QuandoHintRequestSchema(Schema):
    """A hand (fronts), the plays made this round, the draw pile's visible number and what is known to be out."""

    hand = _numbers(1, required=True, metadata={"description": "the fronts in hand", "example": [3, 4, 5, 9, 0, 0, 7]})
    plays_made = _plays_made()
    draw_visible = _number(required=True, metadata={"description": "the number on top of the draw pile"})
    out_of_game = _numbers(
        largest=DECK_SIZE - 1,
        load_default=list,
        metadata={"description": "numbers seen on the discard pile", "example": [8, 8, 8]},
    )
    last_round = StrictBoolean(
        load_default=False, metadata={"description": "true once someone has knocked", "default": False}
    )
    lang = language_field("the explanation")

    @validates_schema
    def _showable(self, data: dict[str, Any], **_: Any) -> None:
        _require_showable(data["hand"], "hand")
        _require_showable([*data["hand"], data["draw_visible"]], "draw_visible")
        _require_showable([*data["hand"], data["draw_visible"], *data["out_of_game"]], "out_of_game")


class QuandoScoreRequestSchema(Schema):
    """Each player's sum in hand at the end of the round, in seat order, and who knocked."""

    sums = fields.Dict(
        keys=fields.String(validate=validate.Length(min=1, error="a player's name is not empty")),
        values=fields.Integer(
            strict=True,
            validate=validate.Range(0, MAX_HAND_SUM, error=f"expected a sum from 0 to {MAX_HAND_SUM}, not {{input}}"),
        ),
        required=True,
        validate=validate.Length(
            MIN_PLAYERS, MAX_PLAYERS, error=f"expected {MIN_PLAYERS} to {MAX_PLAYERS} players, not {{input}}"
        ),
        metadata={"example": {"Linus": 2, "Tim": 11, "Sarah": 6, "Maria": 4}},
    )
    knocker = fields.String(load_default=None, allow_none=True, metadata={"example": "Linus"})
    lang = language_field("the explanation")

    @validates_schema
    def _knocker_plays(self, data: dict[str, Any], **_: Any) -> None:
        if data["knocker"] is not None and data["knocker"] not in data["sums"]:
            raise ValidationError(f"{data['knocker']!r} is not one of the players in sums", "knocker")


# ----------------------------------------------------------------- responses


class QuandoVerdictSchema(GameVerdictSchema):
    """The referee's verdict: the shared fields, the action, its kind, the triple flag, the hand after it, in words."""

    class Meta:
        fields = ("game", "legal", "violations", "action", "kind", "triple", "hand_after", "rulings", "explanation")

    action = fields.String(required=True, metadata={"example": "play 3 4 5"})
    kind = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf([kind.value for kind in TurnKind]),
        metadata={"description": "the kind of a legal play or knock, else null"},
    )
    triple = fields.Boolean(required=True, metadata={"description": "three equal numbers: the others are hit"})
    hand_after = fields.List(
        fields.Integer(),
        required=True,
        allow_none=True,
        metadata={"description": "fronts left in hand before the draw; null when illegal"},
    )
    explanation = explanation_field("the verdict: why the action is legal, or each rule it breaks and what happens")


class QuandoHiddenSideSchema(Schema):
    visible = fields.Integer(required=True)
    possible = fields.List(fields.Integer(), required=True, metadata={"description": "each equally likely"})
    ruled_out = fields.List(fields.Integer(), required=True)
    expected = fields.Float(required=True)


class QuandoKnockSchema(Schema):
    allowed = fields.Boolean(required=True)
    expected_sum = fields.Integer(required=True, metadata={"description": "a knock keeps the sum in hand"})


class QuandoCandidateSchema(Schema):
    action = fields.String(required=True)
    draw = fields.String(required=True, allow_none=True, validate=validate.OneOf(["visible", "hidden"]))
    kind = fields.String(required=True, validate=validate.OneOf([kind.value for kind in TurnKind]))
    expected_sum = fields.Float(required=True)
    only_zeros_chance = fields.Float(required=True)


class QuandoHintSchema(Schema):
    game = fields.String(required=True, metadata={"example": "quando"})
    hand = fields.List(fields.Integer(), required=True)
    hand_sum = fields.Integer(required=True)
    plays_made = fields.Integer(required=True)
    draw_visible = fields.Integer(required=True)
    out_of_game = fields.List(fields.Integer(), required=True)
    last_round = fields.Boolean(required=True)
    hidden_side = fields.Nested(QuandoHiddenSideSchema, required=True)
    knock = fields.Nested(QuandoKnockSchema, required=True)
    suggestion = fields.Nested(QuandoCandidateSchema, required=True)
    candidates = fields.List(fields.Nested(QuandoCandidateSchema), required=True)
    reasoning = fields.List(fields.String(), required=True)
    explanation = explanation_field("the suggestion, its reasons and the best candidates")


class QuandoRoundScoreSchema(Schema):
    game = fields.String(required=True, metadata={"example": "quando"})
    sums = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    knocker = fields.String(required=True, allow_none=True)
    lowest_sum = fields.Integer(required=True)
    lowest = fields.List(fields.String(), required=True)
    knocker_penalized = fields.Boolean(required=True)
    points = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    rulings = fields.List(fields.String(), required=True)
    explanation = explanation_field("the round's sums, points and penalty")


class QuandoDeckSchema(Schema):
    """The cards of Quando: one two-sided card for every pair of different numbers."""

    name = fields.String(required=True, metadata={"example": "Quando"})
    cards = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        required=True,
        metadata={"description": "each card, written low/high, with its copies", "example": {"0/1": 1, "0/2": 1}},
    )
    numbers = fields.List(fields.Integer(), required=True, metadata={"description": "the numbers on the cards"})
    size = fields.Integer(required=True, metadata={"example": 55})

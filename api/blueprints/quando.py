"""``/api/v1/quando``: the Quando referee, the turn hint, round scoring and the reference table.

An illegal play or knock is not an HTTP error: the referee answered, so it
is a 200 with the verdict.  Malformed input (numbers outside 0–10, a hand
no deck can show, both or neither of ``play`` and ``knock``, unknown
fields, a ``lang`` the tutor does not speak) is a 422 naming the field.
Every answer carries an ``explanation`` in words, in the request's ``lang``
(else the ``Accept-Language`` header's, else English).  The command line
reads the same requests with the same schemas and answers them with the same
functions (:func:`check_answer`, :func:`hint_answer`, :func:`score_answer`).
"""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.blueprints.common import JsonBlueprint, StrictBoolean, answer_language, reference_document, refuse
from api.schemas import (
    GameVerdictSchema,
    LanguageQuerySchema,
    ReferenceSchema,
    explanation_field,
    language_field,
)
from solver.errors import NambarzError
from solver.quando.actions import KNOCK, Action
from solver.quando.cards import DECK_SIZE, HIGHEST, LOWEST, MAX_HAND_SUM, can_show
from solver.quando.hint import Hint, hint
from solver.quando.referee import Verdict, check
from solver.quando.rules import TurnKind
from solver.quando.rulings import RULINGS
from solver.quando.scoring import MAX_PLAYERS, MIN_PLAYERS, RoundScore, score_round
from solver.quando.violations import ViolationCode
from tutor.quando import explain_hint, explain_round_score, explain_verdict

blueprint = JsonBlueprint(
    "quando", __name__, url_prefix="/api/v1/quando", description="Quando: referee, turn hint and round scoring"
)


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
        message = f"no {DECK_SIZE}-card deck has different cards showing {sorted(numbers)}"
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


# ----------------------------------------------------------------- answers shared with the command line


def judge_request(request: dict[str, Any]) -> Verdict:
    """The referee's verdict on a loaded :class:`QuandoCheckRequestSchema` request."""
    action = Action.play(request["play"]) if "play" in request else KNOCK
    return check(request["hand"], action, plays_made=request["plays_made"], last_round=request["last_round"])


def hint_request(request: dict[str, Any]) -> Hint:
    """The hint for a loaded :class:`QuandoHintRequestSchema` request."""
    return hint(
        request["hand"],
        plays_made=request["plays_made"],
        draw_visible=request["draw_visible"],
        out_of_game=request["out_of_game"],
        last_round=request["last_round"],
    )


def score_request(request: dict[str, Any]) -> RoundScore:
    """The round score for a loaded :class:`QuandoScoreRequestSchema` request."""
    return score_round(request["sums"], request["knocker"])


def check_answer(request: dict[str, Any]) -> dict[str, Any]:
    """The answer to a loaded :class:`QuandoCheckRequestSchema` request: the verdict and its explanation."""
    verdict = judge_request(request)
    return {**verdict.to_dict(), "explanation": explain_verdict(verdict, answer_language(request))}


def hint_answer(request: dict[str, Any]) -> dict[str, Any]:
    """The answer to a loaded :class:`QuandoHintRequestSchema` request: the hint and its explanation."""
    advice = hint_request(request)
    return {**advice.to_dict(), "explanation": explain_hint(advice, answer_language(request))}


def score_answer(request: dict[str, Any]) -> dict[str, Any]:
    """The answer to a loaded :class:`QuandoScoreRequestSchema` request: the round's score and its explanation."""
    score = score_request(request)
    return {**score.to_dict(), "explanation": explain_round_score(score, answer_language(request))}


def quando_reference(lang: str) -> dict[str, Any]:
    """Every violation code with its rulebook section, and every ruling a verdict may name, summarised in ``lang``."""
    return reference_document(ViolationCode, RULINGS, domain="quando", lang=lang)


# ----------------------------------------------------------------- views


@blueprint.route("/check")
class Check(MethodView):
    @blueprint.json_errors
    @blueprint.arguments(QuandoCheckRequestSchema)
    @blueprint.response(200, QuandoVerdictSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """Judge a play (``play``: the numbers laid) or a knock (``knock: true``) from a hand.

        The verdict says whether the play is a straight, equal numbers or a
        triple and what is left in hand; an illegal one is still a 200.
        ``explanation`` says it in words, in the language of ``lang``.
        """
        try:
            return check_answer(request)
        except NambarzError as error:
            refuse(error, "hand")


@blueprint.route("/hint")
class TurnHint(MethodView):
    @blueprint.json_errors
    @blueprint.arguments(QuandoHintRequestSchema)
    @blueprint.response(200, QuandoHintSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """The play and the side to draw that leave the lowest expected sum, and whether to knock instead.

        Every candidate is listed with its expected sum; ``reasoning`` says why (in English), and
        ``explanation`` gives the whole hint in words, in the language of ``lang``.
        """
        try:
            return hint_answer(request)
        except NambarzError as error:
            refuse(error, "hand")


@blueprint.route("/score")
class RoundScoring(MethodView):
    @blueprint.json_errors
    @blueprint.arguments(QuandoScoreRequestSchema)
    @blueprint.response(200, QuandoRoundScoreSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """Score a finished round: the lowest sums score 0, a knocker not alone there adds 5.

        ``explanation`` gives the score as a table, in the language of ``lang``.
        """
        try:
            return score_answer(request)
        except NambarzError as error:
            refuse(error, "sums")


@blueprint.route("/reference")
class Reference(MethodView):
    @blueprint.arguments(LanguageQuerySchema, location="query")
    @blueprint.response(200, ReferenceSchema)
    def get(self, query: dict[str, Any]) -> dict[str, Any]:
        """Every Quando violation code with its rulebook section, and every ruling a verdict may name."""
        return quando_reference(answer_language(query))

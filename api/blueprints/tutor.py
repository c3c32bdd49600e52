"""``/api/v1/tutor``: progressive hints for a Nambarz position.

A position where nothing can be played is not an error: the hint says the
player must draw (200).  Malformed input is a 422 naming the field, as in
``/api/v1/nambarz``.
"""

from __future__ import annotations

from typing import Any

from flask import current_app
from flask import request as http_request
from flask.views import MethodView
from marshmallow import Schema, fields, validate

from api.blueprints.common import JsonBlueprint, refuse
from api.schemas import PlannedTurnSchema, RulesSchema, SolveRequestSchema, deck_in_use
from solver.errors import NambarzError
from solver.rules import Rules
from tutor.hints import HINT_LEVELS, hint
from tutor.i18n import SUPPORTED_LANGUAGES, negotiate

blueprint = JsonBlueprint(
    "tutor", __name__, url_prefix="/api/v1/tutor", description="Nambarz tutor: progressive hints for a position"
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


@blueprint.route("/hint")
class HintView(MethodView):
    @blueprint.json_errors
    @blueprint.arguments(HintRequestSchema)
    @blueprint.response(200, HintSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """A hint at ``level`` 1 (what exists), 2 (a first step) or 3 (the best whole turn)."""
        rules = Rules(request["rules"], request["ops"])
        top = request["top"]
        lang = request.get("lang") or negotiate(http_request.headers.get("Accept-Language"))
        try:
            answer = hint(
                top,
                request["hand"],
                rules,
                request["level"],
                deck=deck_in_use(),
                time_limit=float(current_app.config["NAMBARZ_TIME_LIMIT"]),
                lang=lang,
            )
        except NambarzError as error:
            refuse(error, "top" if top.is_joker else "hand")
        return answer.to_dict()

"""``/api/v1/tally``: Tally's JSON endpoints, with the verbs every game has."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from api.endpoints import GameEndpoints
from api.endpoints.common import JsonBlueprint
from services.answers import ANSWERS
from tests.tally import rules

blueprint = JsonBlueprint("tally", __name__, url_prefix="/api/v1/tally", description="Tally, a game of the tests")


class TallyCheckRequestSchema(Schema):
    total = fields.Integer(required=True, strict=True, validate=validate.Range(0, rules.TARGET))
    action = fields.String(required=True)


class TallyHintRequestSchema(Schema):
    total = fields.Integer(required=True, strict=True, validate=validate.Range(0, rules.TARGET - 1))


@blueprint.route("/check")
class Check(MethodView):
    @blueprint.arguments(TallyCheckRequestSchema)
    @blueprint.response(200)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """Judge one move."""
        answer: dict[str, Any] = ANSWERS.find(rules.NAME).answer("check")(request["total"], request["action"])
        return answer


@blueprint.route("/hint")
class Hint(MethodView):
    @blueprint.arguments(TallyHintRequestSchema)
    @blueprint.response(200)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """What to add."""
        answer: dict[str, Any] = ANSWERS.find(rules.NAME).answer("hint")(request["total"])
        return answer


@blueprint.route("/reference")
class Reference(MethodView):
    @blueprint.response(200)
    def get(self) -> dict[str, Any]:
        """The violation codes and rulings."""
        answer: dict[str, Any] = ANSWERS.find(rules.NAME).answer("reference")()
        return answer


@blueprint.route("/deck")
class Deck(MethodView):
    @blueprint.response(200)
    def get(self) -> dict[str, Any]:
        """The steps and the target."""
        answer: dict[str, Any] = ANSWERS.find(rules.NAME).answer("deck")()
        return answer


ENDPOINTS = GameEndpoints(name=rules.NAME, module=__name__)
"""Where Tally's blueprint is, as the endpoints' registry holds it."""

"""``/api/v1/tutor``: exercises and printable worksheets for teachers, and the old address of Nambarz's hints.

Malformed input is a 422 naming the field, as in ``/api/v1/nambarz``.
Without a ``lang`` in the body, the text is in the ``Accept-Language``
header's language, else English.  ``/api/v1/tutor/hint`` is the old address
of ``/api/v1/nambarz/hint``: it still answers the same, and the OpenAPI
document marks it deprecated.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from api.endpoints.common import JsonBlueprint, refuse
from api.endpoints.nambarz import hint
from services.answers.tutor import draw_exercises, exercises_answer, worksheet_answer
from services.configuration import answer_language, card_limits
from services.schemas.nambarz import HintRequestSchema, HintSchema
from services.schemas.tutor import ExercisesRequestSchema, ExercisesSchema, WorksheetRequestSchema
from solver.errors import NambarzError
from solver.nambarz.rules import Rules
from tutor.exercises import Exercise

blueprint = JsonBlueprint(
    "tutor",
    __name__,
    url_prefix="/api/v1/tutor",
    description="Nambarz tutor: exercises and worksheets for teachers (and the old address of the hints)",
)


@blueprint.route("/hint")
class HintView(MethodView):
    @blueprint.doc(deprecated=True)
    @blueprint.rate_limited
    @blueprint.json_errors
    @blueprint.arguments(HintRequestSchema(limits=card_limits))
    @blueprint.response(200, HintSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """The old address of ``/api/v1/nambarz/hint``: the same request, the same answer.

        It keeps answering for the clients that use it; new clients use
        ``/api/v1/nambarz/hint``.
        """
        return hint(request)


def _exercises(request: dict[str, Any]) -> list[Exercise]:
    """The exercises an ``/exercises`` or ``/worksheet`` request asks for; 422 on ``seed`` if none can be drawn."""
    try:
        return draw_exercises(
            request["level"],
            request["count"],
            request["seed"],
            request["kinds"],
            Rules(request["rules"]),
            lang=answer_language(request),
        )
    except NambarzError as error:
        refuse(error, "seed")


@blueprint.route("/exercises")
class ExercisesView(MethodView):
    @blueprint.rate_limited
    @blueprint.json_errors
    @blueprint.arguments(ExercisesRequestSchema)
    @blueprint.response(200, ExercisesSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """Exercises for teachers, verified by the solver and reproducible from ``seed``."""
        return exercises_answer(_exercises(request), lang=answer_language(request))


@blueprint.route("/worksheet")
class WorksheetView(MethodView):
    @blueprint.rate_limited
    @blueprint.json_errors
    @blueprint.arguments(WorksheetRequestSchema)
    @blueprint.response(
        200,
        {"type": "string", "description": "a complete HTML5 document"},
        content_type="text/html",
        description="an HTML5 page to print: the exercises, then the answer key on a page of its own",
    )
    def post(self, request: dict[str, Any]) -> Response:
        """A printable worksheet of the exercises ``/exercises`` gives for the same request, with its answer key."""
        page = worksheet_answer(
            _exercises(request),
            title=request.get("title"),
            level=request["level"],
            seed=request["seed"],
            lang=answer_language(request),
            key=request["key"],
        )
        return Response(page, mimetype="text/html")

"""``/api/v1/quando``: the Quando referee, the turn hint, round scoring, the deck and the reference table.

An illegal play or knock is not an HTTP error: the referee answered, so it
is a 200 with the verdict.  Malformed input (numbers outside 0–10, a hand
no deck can show, both or neither of ``play`` and ``knock``, unknown
fields, a ``lang`` the tutor does not speak) is a 422 naming the field.
Every answer carries an ``explanation`` in words, in the request's ``lang``
(else the ``Accept-Language`` header's, else English).  The command line
reads the same requests with the same schemas (:mod:`services.schemas.quando`) and
answers them with the same functions (:mod:`services.answers.quando`).
"""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api.endpoints.common import JsonBlueprint, refuse
from services.answers.quando import check_answer, deck_answer, hint_answer, reference_answer, score_answer
from services.configuration import answer_language
from services.schemas.common import LanguageQuerySchema, ReferenceSchema
from services.schemas.quando import (
    QuandoCheckRequestSchema,
    QuandoDeckSchema,
    QuandoHintRequestSchema,
    QuandoHintSchema,
    QuandoRoundScoreSchema,
    QuandoScoreRequestSchema,
    QuandoVerdictSchema,
)
from solver.errors import NambarzError

blueprint = JsonBlueprint(
    "quando",
    __name__,
    url_prefix="/api/v1/quando",
    description="Quando: referee, turn hint, round scoring and the deck",
)


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
            return check_answer(
                request["hand"],
                request["action"],
                plays_made=request["plays_made"],
                last_round=request["last_round"],
                lang=answer_language(request),
            )
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
            return hint_answer(
                request["hand"],
                plays_made=request["plays_made"],
                draw_visible=request["draw_visible"],
                out_of_game=request["out_of_game"],
                last_round=request["last_round"],
                lang=answer_language(request),
            )
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
            return score_answer(request["sums"], request["knocker"], lang=answer_language(request))
        except NambarzError as error:
            refuse(error, "sums")


@blueprint.route("/deck")
class Deck(MethodView):
    @blueprint.response(200, QuandoDeckSchema)
    def get(self) -> dict[str, Any]:
        """The deck: one two-sided card for every pair of different numbers from 0 to 10."""
        return deck_answer()


@blueprint.route("/reference")
class Reference(MethodView):
    @blueprint.arguments(LanguageQuerySchema, location="query")
    @blueprint.response(200, ReferenceSchema)
    def get(self, query: dict[str, Any]) -> dict[str, Any]:
        """Every Quando violation code with its rulebook section, and every ruling a verdict may name."""
        return reference_answer(answer_language(query))

"""``/api/v1/thegame``: the referee of a whole play of The Game, a turn hint, the deck and the reference tables.

A play that breaks the rules is not an HTTP error: the referee answered, so
it is a 200 with the verdict.  Input that cannot be a position of the game
(an unknown field, a card outside 2–99, a pile top it cannot show, a card
twice, a hand larger than the variant deals, a draw pile out of range) is a
422 naming the field.  The request schemas (:mod:`services.schemas.thegame`) are
also what ``nambarz thegame check --request`` reads, and the answers come
from :mod:`services.answers.thegame` for both, so both answer the same JSON.

Every answer carries an ``explanation``: the verdict or the hint in words,
in the request's ``lang`` (else the ``Accept-Language`` header's, else
English).
"""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api.endpoints.common import JsonBlueprint, refuse
from services.answers.thegame import check_answer, deck_answer, hint_answer, reference_answer
from services.configuration import answer_language
from services.schemas.common import LanguageQuerySchema, ReferenceSchema
from services.schemas.thegame import (
    TheGameCheckRequestSchema,
    TheGameCheckResponseSchema,
    TheGameDeckSchema,
    TheGameHintRequestSchema,
    TheGameHintSchema,
)
from solver.errors import NambarzError

blueprint = JsonBlueprint(
    "thegame",
    __name__,
    url_prefix="/api/v1/thegame",
    description="The Game: the referee of a whole play, a turn hint and the deck",
)


@blueprint.route("/check")
class Check(MethodView):
    @blueprint.json_errors
    @blueprint.arguments(TheGameCheckRequestSchema)
    @blueprint.response(200, TheGameCheckResponseSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """Judge a whole play: each placement in order, the minimum, and the fire cards due.

        An illegal placement is skipped and the rest is judged on the piles
        the legal placements left; an illegal play is still a 200.
        """
        return check_answer(request["position"], request["play"], lang=answer_language(request))


@blueprint.route("/hint")
class Hint(MethodView):
    @blueprint.json_errors
    @blueprint.arguments(TheGameHintRequestSchema)
    @blueprint.response(200, TheGameHintSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """Suggest the turn the strong bot would lay, judged by the referee.

        The suggestion uses only what the player may know: the position, the
        cards laid, and the teammates' pile requests (never numbers).
        """
        try:
            return hint_answer(
                request["position"],
                played=request["played"],
                requests=request["requests"],
                alone=request["alone"],
                lang=answer_language(request),
            )
        except NambarzError as error:
            refuse(error, "played")


@blueprint.route("/deck")
class Deck(MethodView):
    @blueprint.response(200, TheGameDeckSchema)
    def get(self) -> dict[str, Any]:
        """The deck: one card of each number from 2 to 99, and the fire cards of the On Fire expansion."""
        return deck_answer()


@blueprint.route("/reference")
class Reference(MethodView):
    @blueprint.arguments(LanguageQuerySchema, location="query")
    @blueprint.response(200, ReferenceSchema)
    def get(self, query: dict[str, Any]) -> dict[str, Any]:
        """Every violation code with its rulebook section, and every ruling a verdict may name."""
        return reference_answer(answer_language(query))

"""``/api/v1/nmbrs``: judge a sequence, judge and score a lay on a table, hint a play, the deck and the reference.

Requests are read into engine values by :mod:`services.schemas.nmbrs`, so a malformed
request is a 422 naming the field (a card that does not exist, a cell off
the table, a table that is not valid, a card both on the table and in the
hand).  An illegal sequence or lay is not an error: the referee answered, so
it is a 200 with the verdict.  The deck's colours and points come from the
file named by the ``NMBRS_DECK`` setting, else the shipped placeholder deck.
Every answer carries an ``explanation`` in words, in the request's ``lang``,
else the ``Accept-Language`` header's language, else English.
"""

from __future__ import annotations

from typing import Any

from flask import current_app
from flask.blueprints import BlueprintSetupState
from flask.views import MethodView

from api.endpoints.common import JsonBlueprint
from services.answers.nmbrs import check_answer, deck_answer, hint_answer, lay_answer, reference_answer
from services.configuration import answer_language
from services.schemas.common import LanguageQuerySchema, ReferenceSchema
from services.schemas.nmbrs import (
    NmbrsCheckRequestSchema,
    NmbrsDeckQuerySchema,
    NmbrsDeckSchema,
    NmbrsHintRequestSchema,
    NmbrsHintSchema,
    NmbrsLayRequestSchema,
    NmbrsLayVerdictSchema,
    NmbrsSequenceVerdictSchema,
)
from solver.nmbrs.deck import NmbrsDeck

blueprint = JsonBlueprint(
    "nmbrs",
    __name__,
    url_prefix="/api/v1/nmbrs",
    description="Nmbrs!: sequences, lays on the table with their score, a hint, the deck",
)


@blueprint.record_once
def _load_deck(state: BlueprintSetupState) -> None:
    """Load the deck once, when the app is built, so that a bad deck file stops the app from starting."""
    path = state.app.config.get("NMBRS_DECK")
    state.app.extensions["nmbrs_deck"] = NmbrsDeck.load(path) if path else NmbrsDeck.default()


def deck_in_use() -> NmbrsDeck:
    """The deck configured for the app (``NMBRS_DECK``), else the placeholder deck."""
    deck: NmbrsDeck = current_app.extensions["nmbrs_deck"]
    return deck


@blueprint.route("/check")
class Check(MethodView):
    @blueprint.json_errors
    @blueprint.arguments(NmbrsCheckRequestSchema)
    @blueprint.response(200, NmbrsSequenceVerdictSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """Judge a sequence: its step and direction, the numbers its jokers stand for, every fault.

        An illegal sequence is still a 200.
        """
        return check_answer(request["sequence"], request["rules"], lang=answer_language(request))


@blueprint.route("/lay")
class Lay(MethodView):
    @blueprint.json_errors
    @blueprint.arguments(NmbrsLayRequestSchema)
    @blueprint.response(200, NmbrsLayVerdictSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """Judge and score the plays of a lay on a table, in order; a play after an illegal one is skipped.

        Each play lists the lines it formed or changed and its score with
        the reason for any doubling; the answer ends with the table and the
        hand after the legal plays.  An illegal lay is still a 200.
        """
        return lay_answer(
            request["table"],
            request["hand"],
            request["plays"],
            opened=request["opened"],
            rules=request["rules"],
            deck=deck_in_use(),
            lang=answer_language(request),
        )


@blueprint.route("/hint")
class Hint(MethodView):
    @blueprint.rate_limited
    @blueprint.json_errors
    @blueprint.arguments(NmbrsHintRequestSchema)
    @blueprint.response(200, NmbrsHintSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """The play the greedy bot would lay from the hand on the table: the legal play worth most points.

        The answer gives the play as ``/lay`` reads it and the verdict on
        laying it; when no play scores, both are null and the explanation
        says to end the turn.
        """
        return hint_answer(
            request["table"],
            request["hand"],
            opened=request["opened"],
            rules=request["rules"],
            deck=deck_in_use(),
            lang=answer_language(request),
        )


@blueprint.route("/deck")
class DeckFaces(MethodView):
    @blueprint.arguments(NmbrsDeckQuerySchema, location="query")
    @blueprint.response(200, NmbrsDeckSchema)
    def get(self, query: dict[str, Any]) -> dict[str, Any]:
        """The deck in use: each number's colour and points, and whether they are placeholders."""
        return deck_answer(deck_in_use(), lang=answer_language(query))


@blueprint.route("/reference")
class Reference(MethodView):
    @blueprint.arguments(LanguageQuerySchema, location="query")
    @blueprint.response(200, ReferenceSchema)
    def get(self, query: dict[str, Any]) -> dict[str, Any]:
        """Every violation code with its numbered rule, and every ruling a verdict may name."""
        return reference_answer(answer_language(query))

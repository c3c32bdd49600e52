"""``/api/v1/nambarz``: the referee, hints, the solver, the planner, round scoring, the deck and the reference.

An illegal play is not an HTTP error: the referee answered, so it is a 200
with the verdict.  Malformed input is a 422 naming the field; a search past
the service's time limit is a 422 too, within a second.  Every answer has an
``explanation`` in words, in the request's ``lang`` (else ``Accept-Language``'s,
else English); the command line gives the same answers, from the same
functions in :mod:`services.answers.nambarz`, so its ``--json`` output is the API's
answer.
"""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api.endpoints.common import JsonBlueprint, refuse
from services.answers.nambarz import (
    check_answer,
    deck_answer,
    hint_answer,
    plan_answer,
    reference_answer,
    score_answer,
    solve_answer,
)
from services.configuration import answer_language, card_limits, nambarz_deck, search_time_limit
from services.schemas.common import LanguageQuerySchema, ReferenceSchema
from services.schemas.nambarz import (
    CheckRequestSchema,
    CheckResponseSchema,
    DeckSchema,
    HintRequestSchema,
    HintSchema,
    PlanRequestSchema,
    PlanSchema,
    ScoreRequestSchema,
    ScoreSchema,
    SolutionSchema,
    SolveRequestSchema,
)
from solver.errors import NambarzError
from solver.nambarz.rules import Rules

blueprint = JsonBlueprint(
    "nambarz",
    __name__,
    url_prefix="/api/v1/nambarz",
    description="Nambarz: referee, hints, solver, planner and scoring",
)


# ----------------------------------------------------------------- views


@blueprint.route("/check")
class Check(MethodView):
    @blueprint.json_errors
    @blueprint.arguments(CheckRequestSchema(limits=card_limits))
    @blueprint.response(200, CheckResponseSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """Judge one play (``play``) or a whole turn (``turn``) on the top card.

        The verdict lists every violation with its rule and penalty and
        resolves the penalty; an illegal play is still a 200.  The
        ``explanation`` says it in words, in ``lang``.
        """
        field = "turn" if "turn" in request else "play"
        rules = Rules(request["rules"], request["ops"])
        try:
            return check_answer(
                request["top"],
                request[field],
                rules,
                deck=nambarz_deck(),
                time_limit=search_time_limit(),
                lang=answer_language(request),
            )
        except NambarzError as error:
            refuse(error, field)


@blueprint.route("/hint")
class Hint(MethodView):
    @blueprint.rate_limited
    @blueprint.json_errors
    @blueprint.arguments(HintRequestSchema(limits=card_limits))
    @blueprint.response(200, HintSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """A hint at ``level`` 1 (what exists), 2 (a first step) or 3 (the best whole turn).

        ``text`` says it in words, in ``lang``; a position where nothing can
        be played is not an error: the hint says to draw.
        """
        return hint(request)


def hint(request: dict[str, Any]) -> dict[str, Any]:
    """The answer of ``/hint`` (and of its old address ``/api/v1/tutor/hint``) to a loaded request."""
    top = request["top"]
    try:
        return hint_answer(
            top,
            request["hand"],
            Rules(request["rules"], request["ops"]),
            request["level"],
            deck=nambarz_deck(),
            time_limit=search_time_limit(),
            lang=answer_language(request),
        )
    except NambarzError as error:
        refuse(error, "top" if top.is_joker else "hand")


@blueprint.route("/solve")
class Solve(MethodView):
    @blueprint.rate_limited
    @blueprint.json_errors
    @blueprint.arguments(SolveRequestSchema(limits=card_limits))
    @blueprint.response(200, SolutionSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """List the cards playable alone and every legal calculation, most cards first."""
        rules = Rules(request["rules"], request["ops"])
        try:
            return solve_answer(
                request["top"],
                request["hand"],
                rules,
                deck=nambarz_deck(),
                time_limit=search_time_limit(),
                lang=answer_language(request),
            )
        except NambarzError as error:
            refuse(error, "hand")


@blueprint.route("/plan")
class Plan(MethodView):
    @blueprint.rate_limited
    @blueprint.json_errors
    @blueprint.arguments(PlanRequestSchema(limits=card_limits))
    @blueprint.response(200, PlanSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """The best whole turns, jokers included, ranked by cards shed, master points, then the hardest top card."""
        rules = Rules(request["rules"], request["ops"])
        try:
            return plan_answer(
                request["top"],
                request["hand"],
                rules,
                count=request["count"],
                deck=nambarz_deck(),
                time_limit=search_time_limit(),
                lang=answer_language(request),
            )
        except NambarzError as error:
            refuse(error, "hand")


@blueprint.route("/score")
class Score(MethodView):
    @blueprint.json_errors
    @blueprint.arguments(ScoreRequestSchema)
    @blueprint.response(200, ScoreSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """Rank the players of a finished round and add up rank and master-stroke points."""
        try:
            return score_answer(
                request["players"],
                request["finished"],
                master=request["master"],
                teams=request["teams"],
                cards_left=request["left"],
                lang=answer_language(request),
            )
        except NambarzError as error:
            refuse(error, "_schema")


@blueprint.route("/deck")
class DeckComposition(MethodView):
    @blueprint.response(200, DeckSchema)
    def get(self) -> dict[str, Any]:
        """The deck in use: every card face with its number of copies, and the placeholder figures."""
        return deck_answer(nambarz_deck())


@blueprint.route("/reference")
class Reference(MethodView):
    @blueprint.arguments(LanguageQuerySchema, location="query")
    @blueprint.response(200, ReferenceSchema)
    def get(self, query: dict[str, Any]) -> dict[str, Any]:
        """Every violation code with its rulebook section and penalty, and every ruling a verdict may name."""
        return reference_answer(answer_language(query))

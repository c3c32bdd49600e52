"""``/api/v1/nambarz``: the referee, the solver, the planner, round scoring and the deck.

An illegal play is not an HTTP error: the referee answered, so it is a 200
with the verdict.  Malformed input is a 422 naming the field; a search past
the service's time limit is a 422 too, within a second.
"""

from __future__ import annotations

from typing import Any

from flask import current_app
from flask.views import MethodView

from api.blueprints.common import JsonBlueprint, reference_document, refuse
from api.schemas import (
    CheckRequestSchema,
    CheckResponseSchema,
    DeckSchema,
    PlanRequestSchema,
    PlanSchema,
    ReferenceSchema,
    ScoreRequestSchema,
    ScoreSchema,
    SolutionSchema,
    SolveRequestSchema,
    deck_in_use,
)
from solver.errors import NambarzError
from solver.hand_solver import solve
from solver.jokers import Cover
from solver.planner import plan_turn
from solver.position import Position
from solver.referee import check
from solver.rules import Rules
from solver.rulings import RULINGS
from solver.scoring import score_round
from solver.turn import check_turn
from solver.violations import ViolationCode

blueprint = JsonBlueprint(
    "nambarz", __name__, url_prefix="/api/v1/nambarz", description="Nambarz: referee, solver, planner and scoring"
)


def _time_limit() -> float:
    return float(current_app.config["NAMBARZ_TIME_LIMIT"])


@blueprint.route("/check")
class Check(MethodView):
    @blueprint.json_errors
    @blueprint.arguments(CheckRequestSchema)
    @blueprint.response(200, CheckResponseSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """Judge one play (``play``) or a whole turn (``turn``) on the top card.

        The verdict lists every violation with its rule and penalty and
        resolves the penalty; an illegal play is still a 200.
        """
        rules = Rules(request["rules"], request["ops"])
        try:
            if "turn" in request:
                return check_turn(
                    request["top"], request["turn"], rules, deck=deck_in_use(), time_limit=_time_limit()
                ).to_dict()
            return check(request["top"], request["play"], rules, deck=deck_in_use(), time_limit=_time_limit()).to_dict()
        except NambarzError as error:
            refuse(error, "turn" if "turn" in request else "play")


@blueprint.route("/solve")
class Solve(MethodView):
    @blueprint.json_errors
    @blueprint.arguments(SolveRequestSchema)
    @blueprint.response(200, SolutionSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """List the cards playable alone and every legal calculation, most cards first."""
        rules = Rules(request["rules"], request["ops"])
        try:
            solution = solve(request["top"], request["hand"], rules, deck=deck_in_use(), time_limit=_time_limit())
        except NambarzError as error:
            refuse(error, "hand")
        return solution.to_dict()


@blueprint.route("/plan")
class Plan(MethodView):
    @blueprint.json_errors
    @blueprint.arguments(PlanRequestSchema)
    @blueprint.response(200, PlanSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """The best whole turns, jokers included, ranked by cards shed, master points, then the hardest top card."""
        rules = Rules(request["rules"], request["ops"])
        top, hand = request["top"], request["hand"]
        try:
            plans = plan_turn(
                Cover(top), hand, rules, count=request["count"], deck=deck_in_use(), time_limit=_time_limit()
            )
        except NambarzError as error:
            refuse(error, "hand")
        return {
            "position": str(Position(top, tuple(hand), rules)),
            "rules": rules.to_dict(),
            "ranking": "cards shed, then master-stroke points, then fewest answers to the top card left",
            "turns": [plan.to_dict() for plan in plans],
        }


@blueprint.route("/score")
class Score(MethodView):
    @blueprint.json_errors
    @blueprint.arguments(ScoreRequestSchema)
    @blueprint.response(200, ScoreSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """Rank the players of a finished round and add up rank and master-stroke points."""
        try:
            score = score_round(
                request["players"],
                request["finished"],
                master=request["master"],
                teams=request["teams"],
                cards_left=request["left"],
            )
        except NambarzError as error:
            refuse(error, "_schema")
        return score.to_dict()


@blueprint.route("/deck")
class DeckComposition(MethodView):
    @blueprint.response(200, DeckSchema)
    def get(self) -> dict[str, Any]:
        """The deck in use: every card face with its number of copies, and the placeholder figures."""
        deck = deck_in_use()
        return {**deck.to_dict(), "size": deck.size}


@blueprint.route("/reference")
class Reference(MethodView):
    @blueprint.response(200, ReferenceSchema)
    def get(self) -> dict[str, Any]:
        """Every violation code with its rulebook section and penalty, and every ruling a verdict may name."""
        return reference_document(ViolationCode, RULINGS)

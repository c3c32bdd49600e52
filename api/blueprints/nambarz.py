"""``/api/v1/nambarz``: the referee, the solver, the planner, round scoring and the deck.

An illegal play is not an HTTP error: the referee answered, so it is a 200
with the verdict.  Malformed input is a 422 naming the field; a search past
the service's time limit is a 422 too, within a second.  Every answer has an
``explanation`` in words, in the request's ``lang`` (else ``Accept-Language``'s,
else English); the command line builds its answers with the same functions,
so its ``--json`` output is the API's answer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import current_app
from flask.views import MethodView

from api.blueprints.common import JsonBlueprint, answer_language, reference_document, refuse
from api.schemas import (
    CheckRequestSchema,
    CheckResponseSchema,
    DeckSchema,
    LanguageQuerySchema,
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
from solver.nambarz.cards import Card
from solver.nambarz.deck import Deck
from solver.nambarz.hand_solver import solve
from solver.nambarz.jokers import Cover
from solver.nambarz.notation import Chain, Turn
from solver.nambarz.planner import plan_turn
from solver.nambarz.position import Position
from solver.nambarz.referee import check
from solver.nambarz.rules import Rules
from solver.nambarz.rulings import RULINGS
from solver.nambarz.scoring import score_round
from solver.nambarz.turn import check_turn
from solver.nambarz.violations import ViolationCode
from tutor.nambarz import explain_plans, explain_round_score, explain_solution, explain_turn, explain_verdict

blueprint = JsonBlueprint(
    "nambarz", __name__, url_prefix="/api/v1/nambarz", description="Nambarz: referee, solver, planner and scoring"
)


def _time_limit() -> float:
    return float(current_app.config["NAMBARZ_TIME_LIMIT"])


# ----------------------------------------------------------------- answers shared with the command line


def check_answer(
    top: Card, play: Chain | Turn, rules: Rules, *, deck: Deck, time_limit: float, lang: str
) -> dict[str, Any]:
    """The verdict on one play (a :class:`Chain`) or a whole turn, with its explanation in ``lang``."""
    if isinstance(play, Turn):
        turn_verdict = check_turn(top, play, rules, deck=deck, time_limit=time_limit)
        return {**turn_verdict.to_dict(), "explanation": explain_turn(turn_verdict, lang)}
    verdict = check(top, play, rules, deck=deck, time_limit=time_limit)
    return {**verdict.to_dict(), "explanation": explain_verdict(verdict, lang)}


def solve_answer(
    top: Card, hand: Sequence[Card], rules: Rules, *, deck: Deck, time_limit: float, lang: str
) -> dict[str, Any]:
    """The cards playable alone and every legal calculation, with the explanation in ``lang``."""
    solution = solve(top, hand, rules, deck=deck, time_limit=time_limit)
    return {**solution.to_dict(), "explanation": explain_solution(solution, lang)}


def plan_answer(
    top: Card, hand: Sequence[Card], rules: Rules, *, count: int, deck: Deck, time_limit: float, lang: str
) -> dict[str, Any]:
    """The ``count`` best whole turns from ``top`` and ``hand``, with the explanation in ``lang``."""
    plans = plan_turn(Cover(top), hand, rules, count=count, deck=deck, time_limit=time_limit)
    return {
        "position": str(Position(top, tuple(hand), rules)),
        "rules": rules.to_dict(),
        "ranking": "cards shed, then master-stroke points, then fewest answers to the top card left",
        "turns": [plan.to_dict() for plan in plans],
        "explanation": explain_plans(top, hand, plans, lang),
    }


def score_answer(
    players: Sequence[str],
    finished: Sequence[str],
    *,
    master: Mapping[str, int],
    teams: Sequence[Sequence[str]] | None,
    cards_left: Mapping[str, int] | None,
    lang: str,
) -> dict[str, Any]:
    """A finished round's ranking and points, with the score table in ``lang``."""
    score = score_round(players, finished, master=master, teams=teams, cards_left=cards_left)
    return {**score.to_dict(), "explanation": explain_round_score(score, lang)}


# ----------------------------------------------------------------- views


@blueprint.route("/check")
class Check(MethodView):
    @blueprint.json_errors
    @blueprint.arguments(CheckRequestSchema)
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
                deck=deck_in_use(),
                time_limit=_time_limit(),
                lang=answer_language(request),
            )
        except NambarzError as error:
            refuse(error, field)


@blueprint.route("/solve")
class Solve(MethodView):
    @blueprint.json_errors
    @blueprint.arguments(SolveRequestSchema)
    @blueprint.response(200, SolutionSchema)
    def post(self, request: dict[str, Any]) -> dict[str, Any]:
        """List the cards playable alone and every legal calculation, most cards first."""
        rules = Rules(request["rules"], request["ops"])
        try:
            return solve_answer(
                request["top"],
                request["hand"],
                rules,
                deck=deck_in_use(),
                time_limit=_time_limit(),
                lang=answer_language(request),
            )
        except NambarzError as error:
            refuse(error, "hand")


@blueprint.route("/plan")
class Plan(MethodView):
    @blueprint.json_errors
    @blueprint.arguments(PlanRequestSchema)
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
                deck=deck_in_use(),
                time_limit=_time_limit(),
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
        deck = deck_in_use()
        return {**deck.to_dict(), "size": deck.size}


@blueprint.route("/reference")
class Reference(MethodView):
    @blueprint.arguments(LanguageQuerySchema, location="query")
    @blueprint.response(200, ReferenceSchema)
    def get(self, query: dict[str, Any]) -> dict[str, Any]:
        """Every violation code with its rulebook section and penalty, and every ruling a verdict may name."""
        return reference_document(ViolationCode, RULINGS, domain="tutor", lang=answer_language(query))

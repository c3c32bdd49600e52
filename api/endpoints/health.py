"""``/api/v1/health`` and ``/api/v1/ready``: is the process up (liveness), and can it answer requests (readiness).

A process supervisor restarts a server whose ``/health`` does not answer; a
load balancer sends requests only to servers whose ``/ready`` answers 200.
Readiness checks what every answer needs, and nothing that costs more than
about a millisecond once the process is warm: the deck is loaded, every
translation catalog is compiled and loads, the referee judges a legal and an
illegal play as the rulebook does, and the games database answers a query.  A server that is not ready
answers 503 in the API's error shape, with what is not ready by part.

>>> from api.app import create_app
>>> create_app({"TESTING": True}).test_client().get("/api/v1/ready").get_json()
{'status': 'ready', 'checks': {'deck': 'ok', 'translations': 'ok', 'referee': 'ok', 'database': 'ok'}}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint, abort
from marshmallow import Schema, fields

from services.configuration import game_tables, nambarz_deck, search_time_limit
from services.schemas.common import HealthSchema
from services.version import version
from solver.nambarz.cards import Card
from solver.nambarz.deck import Deck
from solver.nambarz.notation import Chain
from solver.nambarz.referee import check
from solver.nambarz.rules import Rules
from tutor.i18n import DOMAINS, SUPPORTED_LANGUAGES, translator

blueprint = Blueprint("health", __name__, url_prefix="/api/v1", description="Service health")

REFEREE_CASES = (("3bee", "6 / 2", True), ("3bee", "9 / 3", False))
"""Plays the referee must judge as the rulebook does: top card, play, legal (9 ÷ 3 uses a 3, playable alone)."""


class ReadinessSchema(Schema):
    status = fields.String(required=True, metadata={"example": "ready"})
    checks = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        required=True,
        metadata={"description": "each part checked, with ok", "example": {"deck": "ok"}},
    )


def _check_deck() -> None:
    if not nambarz_deck().counts:
        raise RuntimeError("the Nambarz deck has no cards")


def _check_translations() -> None:
    for language in SUPPORTED_LANGUAGES:
        for domain in DOMAINS:
            translator(language, domain)


def _check_referee() -> None:
    deck = Deck.default()  # the plays are the standard deck's, whatever deck the app is configured with
    for top, play, legal in REFEREE_CASES:
        verdict = check(Card.parse(top), Chain.parse(play), Rules(), deck=deck, time_limit=search_time_limit())
        if verdict.legal is not legal:
            raise RuntimeError(f"the referee judged {play} on {top} {'' if verdict.legal else 'not '}legal")


def _check_database() -> None:
    game_tables().store.get("readiness")  # a query that finds nothing, answered by the database


READINESS_CHECKS: dict[str, Callable[[], None]] = {
    "deck": _check_deck,
    "translations": _check_translations,
    "referee": _check_referee,
    "database": _check_database,
}
"""What readiness checks, by the name its answer gives each part; each raises when its part is not ready."""


def readiness_problems() -> dict[str, list[str]]:
    """What keeps the app from answering, by part of :data:`READINESS_CHECKS`: nothing when it is ready."""
    problems = {}
    for name, check_part in READINESS_CHECKS.items():
        try:
            check_part()
        except Exception as error:  # any failure means not ready; the answer says which
            problems[name] = [str(error)]
    return problems


@blueprint.route("/health")
class Health(MethodView):
    @blueprint.response(200, HealthSchema)
    def get(self) -> dict[str, Any]:
        """Liveness: report that the process answers, with its version."""
        return {"status": "ok", "version": version()}


@blueprint.route("/ready")
class Ready(MethodView):
    @blueprint.response(200, ReadinessSchema)
    @blueprint.alt_response(503, response="SERVICE_UNAVAILABLE")
    def get(self) -> dict[str, Any]:
        """Readiness: 200 when the server can answer requests, else 503 saying which part is not ready."""
        problems = readiness_problems()
        if problems:
            abort(503, message=f"not ready: {', '.join(problems)}", errors=problems)
        return {"status": "ready", "checks": dict.fromkeys(READINESS_CHECKS, "ok")}

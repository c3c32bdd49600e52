"""``/api/v1/companions``: scoresheets of Nambarz games played with the real cards, round after round.

``POST /api/v1/companions`` opens a scoresheet (the players or teams, the
number of rounds, the variant) and answers it with its ``id`` and ``link``:
a random id of 128 bits, which is all it takes to read the scoresheet and
to change it (it is one table's scoresheet, shared among the table's
phones; no other secret protects it).  Each round is entered with who went
out in which order and the master strokes; the answer is the whole
scoresheet, worked out by the rules (VIII–X): each round's points, the
totals, the places, who starts next, the tie-break rounds at the end.

Statuses: 201 for a new scoresheet; 200 for a scoresheet, a round entered
and an undo; 404 for an unknown id; 409 for a change sent for a version
that is not the scoresheet's (another phone came first: read it again), a
round after the game's end, or an undo with no round; 422 for input the
rules refuse, naming the field (``order``, ``strokes``, ``players``,
``teams``).

>>> from api.app import create_app
>>> client = create_app({"TESTING": True}).test_client()
>>> sheet = client.post("/api/v1/companions", json={"players": ["Anna", "Ben"], "rounds": 1}).get_json()
>>> answer = client.post(f"/api/v1/companions/{sheet['id']}/rounds", json={"version": 0, "order": ["Ben"]})
>>> answer.get_json()["totals"], answer.get_json()["is_over"]
({'Anna': 32, 'Ben': 40}, True)
>>> client.post(f"/api/v1/companions/{sheet['id']}/undo", json={"version": 0}).status_code
409
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any, NoReturn

from flask import Response, url_for
from flask.views import MethodView
from flask_smorest import abort

from api.endpoints.common import JsonBlueprint
from services.configuration import game_tables
from services.play.companions import (
    RoundEntry,
    SheetError,
    StoredSheet,
    add_round,
    find_sheet,
    open_sheet,
    sheet_document,
    undo_round,
)
from services.schemas.companions import (
    CreateSheetRequestSchema,
    RoundRequestSchema,
    SheetSchema,
    VersionRequestSchema,
)

blueprint = JsonBlueprint(
    "companions",
    __name__,
    url_prefix="/api/v1/companions",
    description="Scoresheets of Nambarz games played with the real cards: open one, enter rounds, undo the last",
)


@blueprint.after_request
def _not_stored(response: Response) -> Response:
    """A scoresheet changes with every round entered: no cache keeps an answer."""
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.route("")
class Companions(MethodView):
    @blueprint.json_errors
    @blueprint.rate_limited
    @blueprint.arguments(CreateSheetRequestSchema)
    @blueprint.response(201, SheetSchema)
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Open a scoresheet: the players in seat order (or teams), the number of rounds, the variant.

        The answer's ``link`` opens the scoresheet's page: share it with the
        table (whoever has it may enter rounds).
        """
        try:
            stored = open_sheet(
                game_tables().store,
                body["players"],
                teams=body["teams"],
                rounds=body["rounds"],
                variant=body["variant"],
            )
        except SheetError as error:
            _refuse(error)
        return _answer(stored)


@blueprint.route("/<sheet_id>")
class Companion(MethodView):
    @blueprint.errors(HTTPStatus.NOT_FOUND)
    @blueprint.response(200, SheetSchema)
    def get(self, sheet_id: str) -> dict[str, Any]:
        """The scoresheet: every round scored, the totals and places, the next round and who starts it.

        Poll it with the ``version`` you have: when it changes, a round was entered or undone.
        """
        try:
            return _answer(find_sheet(game_tables().store, sheet_id))
        except SheetError as error:
            _refuse(error)


@blueprint.route("/<sheet_id>/rounds")
class Rounds(MethodView):
    @blueprint.json_errors
    @blueprint.errors(HTTPStatus.NOT_FOUND, HTTPStatus.CONFLICT)
    @blueprint.rate_limited
    @blueprint.arguments(RoundRequestSchema)
    @blueprint.response(200, SheetSchema)
    def post(self, body: dict[str, Any], sheet_id: str) -> dict[str, Any]:
        """Enter the next round: who went out in which order, and the master strokes; the scoresheet after it.

        After the last regular round, players (or teams) tied on points
        play a tie-break round among themselves: ``next_round`` says who
        and for which places.  A version that is not the scoresheet's is a
        409: read it again.
        """
        strokes = {player: tuple(sizes) for player, sizes in body["strokes"].items()}
        entry = RoundEntry(tuple(body["order"]), strokes)
        try:
            return _answer(add_round(game_tables().store, sheet_id, version=body["version"], entry=entry))
        except SheetError as error:
            _refuse(error)


@blueprint.route("/<sheet_id>/undo")
class Undo(MethodView):
    @blueprint.json_errors
    @blueprint.errors(HTTPStatus.NOT_FOUND, HTTPStatus.CONFLICT)
    @blueprint.rate_limited
    @blueprint.arguments(VersionRequestSchema)
    @blueprint.response(200, SheetSchema)
    def post(self, body: dict[str, Any], sheet_id: str) -> dict[str, Any]:
        """Take back the last round entered (a tie-break round too); the scoresheet after it."""
        try:
            return _answer(undo_round(game_tables().store, sheet_id, version=body["version"]))
        except SheetError as error:
            _refuse(error)


def _answer(stored: StoredSheet) -> dict[str, Any]:
    return {**sheet_document(stored), "link": url_for("web.companion_sheet", sheet_id=stored.id, _external=True)}


def _refuse(error: SheetError) -> NoReturn:
    if error.field is not None and error.status == HTTPStatus.UNPROCESSABLE_ENTITY:
        abort(error.status, message=str(error), errors={"json": {error.field: [str(error)]}})
    abort(error.status, message=str(error))
    raise AssertionError("abort raises")

"""``/api/v1/games``: games between people and bots, kept in the database, one seat per token.

``POST /api/v1/games`` opens a game and answers each human seat's secret
token; every other request names its seat with ``Authorization: Bearer
<token>`` and sees only what that seat may see: its view, its log and its
review hold nothing of another's hand or of the cards to come, and the seed
of the deal is given only once the game is over (every seat sees its
commitment from the start: :mod:`services.play.fairness`).  Answers for a seat
are never stored by a cache (``Cache-Control: no-store``).  The engine
decides every move (:mod:`services.play.tables`); bots move as soon as it is
their turn, within the request that made it their turn (or, if its time ran
short, the next request about the game).

``POST /api/v1/games/<id>/rematch`` starts the next game with the same
seats and settings once the game is over (or gives the one started
already), each person keeping their token.

Statuses: 201 for a new game; 200 for a view, a log, a review, a rematch
and every judged action, legal or not (an illegal Nambarz play is carried
out with its penalty, an illegal move of another game is refused:
``accepted`` says which); 401 without a token; 403 for a token that holds
no seat at the game, or an action out of turn; 404 for an unknown game; 409
for an action sent for a version that is not the game's (another action
came first) or after the end, and for a rematch before the end; 422 for
input the engine cannot judge, naming the field.

>>> from api.app import create_app
>>> client = create_app({"TESTING": True}).test_client()
>>> seats = [{"name": "Ann"}, {"name": "Bot", "kind": "strong"}]
>>> created = client.post("/api/v1/games", json={"game": "quando", "seats": seats, "seed": 3}).get_json()
>>> token = created["seats"][0]["token"]
>>> answer = client.get(f"/api/v1/games/{created['id']}", headers={"Authorization": f"Bearer {token}"})
>>> view = answer.get_json()
>>> view["seat"], view["your_turn"], view["legal_actions"][:2], answer.headers["Cache-Control"]
(0, True, ['play 5 6 7', 'play 6 7 8'], 'no-store')
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any, NoReturn

from flask import Response, url_for
from flask.views import MethodView
from flask_smorest import abort

from api.endpoints.common import JsonBlueprint
from services.configuration import answer_language, game_tables
from services.play.tables import HUMAN, SeatRequest, TableError
from services.rate_limits import bearer_token
from services.schemas.common import LanguageQuerySchema
from services.schemas.games import (
    ActionAnswerSchema,
    ActionRequestSchema,
    CreatedGameSchema,
    CreateGameRequestSchema,
    GameLogSchema,
    GameViewSchema,
    LogQuerySchema,
    NextGameSchema,
    RematchRequestSchema,
    ReviewSchema,
)

blueprint = JsonBlueprint(
    "games",
    __name__,
    url_prefix="/api/v1/games",
    description="Games between people and bots: open one, look at it from a seat, act, read the log, get a review",
)


@blueprint.after_request
def _not_stored(response: Response) -> Response:
    """Every answer here is a seat's own (its token, its hand, its log): no cache keeps it."""
    response.headers["Cache-Control"] = "no-store"
    return response


_SEAT_ERRORS = (HTTPStatus.UNAUTHORIZED, HTTPStatus.FORBIDDEN, HTTPStatus.NOT_FOUND)


def _seat_errors(view: Any) -> Any:
    for status in _SEAT_ERRORS:
        view = blueprint.alt_response(status.value, response=status.name)(view)
    return view


@blueprint.route("")
class Games(MethodView):
    @blueprint.json_errors
    @blueprint.rate_limited
    @blueprint.arguments(CreateGameRequestSchema)
    @blueprint.response(201, CreatedGameSchema)
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Open a game: its seats (people and bots) and the game's options.

        Each human seat gets a secret token, shown only here: the seat sends
        it as ``Authorization: Bearer <token>``, and its ``link`` opens the
        seat's page.  The deal's seed is drawn at random and kept secret
        until the end; ``deal_commitment`` commits to it.  A game with a
        single human seat may be given a ``seed`` (to deal it again); with
        more, a seed is refused (422), since it would show every hand.  The
        bots move at once if the first turns are theirs.
        """
        language = answer_language(body)
        seats = [SeatRequest(seat["name"], seat["kind"], seat.get("lang", language)) for seat in body["seats"]]
        try:
            game, tokens = game_tables().open_game(body["game"], seats, options=body["options"], seed=body.get("seed"))
        except TableError as error:
            _refuse(error)
        return {
            "id": game.id,
            "game": game.game,
            "variant": game.variant,
            "version": game.version,
            "deal_commitment": game.commitment,
            "seats": [
                {
                    "seat": record.seat,
                    "name": record.name,
                    "kind": record.kind,
                    "token": token,
                    "link": url_for("web.play_join", game_id=game.id, token=token, _external=True)
                    if record.kind == HUMAN
                    else None,
                }
                for record, token in zip(game.seats, tokens, strict=True)
            ],
        }


@blueprint.route("/<game_id>")
class Game(MethodView):
    @_seat_errors
    @blueprint.arguments(LanguageQuerySchema, location="query")
    @blueprint.response(200, GameViewSchema)
    def get(self, query: dict[str, Any], game_id: str) -> dict[str, Any]:
        """The game as the token's seat sees it: its hand, the table, whose turn, its legal actions, the latest actions.

        Poll it with the ``version`` you have: when it changes, someone has
        played.
        """
        tables, token = game_tables(), _token()
        try:
            snapshot = tables.snapshot(game_id)
            seat = tables.seat_of(snapshot.game, token)
            snapshot = tables.catch_up(snapshot)
            return tables.view(snapshot, seat, query.get("lang") or snapshot.game.seats[seat].language)
        except TableError as error:
            _refuse(error)


@blueprint.route("/<game_id>/actions")
class Actions(MethodView):
    @blueprint.json_errors
    @_seat_errors
    @blueprint.rate_limited_per_seat
    @blueprint.alt_response(HTTPStatus.CONFLICT.value, response=HTTPStatus.CONFLICT.name)
    @blueprint.arguments(ActionRequestSchema)
    @blueprint.response(200, ActionAnswerSchema)
    def post(self, body: dict[str, Any], game_id: str) -> dict[str, Any]:
        """Act for the token's seat: an action (one of the view's ``legal_actions``, or any) and the view's ``version``.

        The answer is the referee's verdict and the seat's new view, after
        the bots' moves.  A version that is not the game's is a 409: look at
        the game again and decide anew.
        """
        tables = game_tables()
        try:
            outcome = tables.act(game_id, _token(), body["action"], body["version"], body.get("lang"))
            language = body.get("lang") or outcome.game.seats[outcome.seat].language
            return {
                "accepted": outcome.accepted,
                "verdict": outcome.verdict,
                "view": tables.view(tables.snapshot_of(outcome.game), outcome.seat, language),
            }
        except TableError as error:
            _refuse(error)


@blueprint.route("/<game_id>/rematch")
class Rematch(MethodView):
    @blueprint.json_errors
    @_seat_errors
    @blueprint.rate_limited_per_seat
    @blueprint.alt_response(HTTPStatus.CONFLICT.value, response=HTTPStatus.CONFLICT.name)
    @blueprint.arguments(RematchRequestSchema)
    @blueprint.response(200, NextGameSchema)
    def post(self, _body: dict[str, Any], game_id: str) -> dict[str, Any]:
        """Play again: the next game of the same game, options and seats (names, kinds, languages), a new deal.

        The body is an empty object, ``{}``.  Sent by any person's seat once
        the game is over; however often, and
        by however many seats, the game goes on to one next game, whose id
        every seat's view then gives as ``next_game``.  Each person keeps
        their token: the same ``Authorization: Bearer <token>`` names their
        seat at the next game.  Before the end, a 409.
        """
        tables = game_tables()
        try:
            following, seat = tables.rematch(game_id, _token())
        except TableError as error:
            _refuse(error)
        return {
            "id": following.id,
            "seat": seat,
            "link": url_for("web.play_join", game_id=following.id, token=_token(), _external=True),
        }


@blueprint.route("/<game_id>/log")
class Log(MethodView):
    @_seat_errors
    @blueprint.rate_limited_per_seat
    @blueprint.arguments(LogQuerySchema, location="query")
    @blueprint.response(200, GameLogSchema)
    def get(self, query: dict[str, Any], game_id: str) -> dict[str, Any]:
        """The log, a page at a time: each action with its seat and verdict, and the game's settings.

        While the game is on, each verdict is as the token's seat may see it
        (another's hand never), and ``seed`` is null.  Once it is over, the
        log gives every verdict whole and the ``seed``: its SHA-256 is the
        ``deal_commitment`` every seat saw from the start, and replaying the
        actions from it gives every verdict again (``nambarz games verify``).
        Read the next page with ``after`` set to ``next_after``.
        """
        tables = game_tables()
        try:
            game, seat = tables.find_seat(game_id, _token())
            return tables.log(game, seat, after=query["after"], limit=query["limit"])
        except TableError as error:
            _refuse(error)


@blueprint.route("/<game_id>/review")
class Review(MethodView):
    @_seat_errors
    @blueprint.rate_limited_per_seat
    @blueprint.arguments(LanguageQuerySchema, location="query")
    @blueprint.response(200, ReviewSchema)
    def get(self, query: dict[str, Any], game_id: str) -> dict[str, Any]:
        """The token's seat's finished turns, each compared with the engine's best turn from what the seat knew.

        Available at any time: during the game it covers the turns already played.
        """
        tables = game_tables()
        try:
            game, seat = tables.find_seat(game_id, _token())
            return tables.review(game, seat, query.get("lang") or game.seats[seat].language)
        except TableError as error:
            _refuse(error)


def _token() -> str:
    """The bearer token of the request, or a 401 saying how to send one."""
    token = bearer_token()
    if token is None:
        abort(
            HTTPStatus.UNAUTHORIZED.value,
            message="expected the seat's token as 'Authorization: Bearer <token>'",
            headers={"WWW-Authenticate": "Bearer"},
        )
        raise AssertionError("abort raises")
    return token


def _refuse(error: TableError) -> NoReturn:
    if error.field is not None:
        abort(error.status, message=str(error), errors={"json": {error.field: [str(error)]}})
    abort(error.status, message=str(error))
    raise AssertionError("abort raises")

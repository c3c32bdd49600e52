"""The application factory: the HTTP API under ``/api`` and the web tutor's pages (:mod:`web`) at ``/``.

Each game's JSON endpoints are registered from :data:`api.endpoints.ENDPOINTS`,
in its order; the shared ones (health, the tutor's exercises, the games in
play) are registered by name.  The app refuses to start when a game of
:data:`solver.games.GAMES` lacks its words, its answers, its endpoints or its pages, or
when one of them has an entry for a game the solver does not know
(:func:`require_every_game`).

>>> app = create_app({"TESTING": True})
>>> app.test_client().get("/api/v1/health").get_json()["status"]
'ok'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, ClassVar

from flask import Flask, Response, request, send_from_directory
from flask_smorest import Api, abort
from swagger_ui_bundle import swagger_ui_path  # type: ignore[import-untyped]
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from api.endpoints import ENDPOINTS, classes, companions, games, health, practice, tutor
from api.middleware import operations, request_budget
from services import secret_key, sessions
from services.answers import ANSWERS
from services.json_body import BodyError, BodyTimeoutError, read_json_body, receive_body
from services.play.tables import REVIEW_TIME_LIMIT
from services.rate_limits import (
    DEFAULT_ADDRESS_RATE_LIMIT,
    DEFAULT_CLASS_RATE_LIMIT,
    DEFAULT_RATE_LIMIT,
    DEFAULT_STORAGE,
    init_rate_limits,
)
from services.settings import from_environment
from services.version import version
from solver.errors import GameError
from solver.games import GAMES
from solver.nambarz.deck import Deck
from solver.registry import Registry
from tutor.games import TUTORS
from web import csrf
from web.games import PAGES
from web.site import create_blueprint, error_page

MAX_BODY_BYTES = 64 * 1024
"""Requests with a larger body are refused with 413."""

SEARCH_TIME_LIMIT = 0.5
"""Seconds all the work of a request may take (:mod:`api.middleware.request_budget`) before it is refused with 422."""

EXERCISES_TIME_LIMIT = 2.0
"""The same for a request that draws a set of exercises (up to fifty positions, each searched)."""

PLAY_TIME_LIMIT = 3.0
"""The same for a request about a game in play: the bots' turns within it, or a review that plans every turn."""

MAX_HAND_CARDS = 40
"""The largest hand (or play) a request may send."""

SWAGGER_UI_ASSETS = "/api/docs/assets/<path:filename>"
"""Where the Swagger UI files of ``/api/docs`` are served from: the installed swagger-ui-bundle, not a CDN."""


class DefaultConfig:
    """The service's settings: ``NAMBARZ_*`` ones from the environment (:mod:`services.settings`), then ``config``."""

    API_TITLE = "Nambarz API"
    API_VERSION = "v1"
    OPENAPI_VERSION = "3.0.3"
    OPENAPI_URL_PREFIX = "/api"
    OPENAPI_JSON_PATH = "openapi.json"
    OPENAPI_SWAGGER_UI_PATH = "/docs"
    OPENAPI_SWAGGER_UI_URL = "/api/docs/assets/"
    # The validator badge would send the document to swagger.io; the page loads nothing from elsewhere.
    OPENAPI_SWAGGER_UI_CONFIG: ClassVar[dict[str, Any]] = {"validatorUrl": None}
    MAX_CONTENT_LENGTH = MAX_BODY_BYTES
    NAMBARZ_TIME_LIMIT = SEARCH_TIME_LIMIT
    NAMBARZ_EXERCISES_TIME_LIMIT = EXERCISES_TIME_LIMIT
    NAMBARZ_PLAY_TIME_LIMIT = PLAY_TIME_LIMIT
    NAMBARZ_REVIEW_TIME_LIMIT = REVIEW_TIME_LIMIT
    NAMBARZ_MAX_HAND = MAX_HAND_CARDS
    NAMBARZ_DECK: str | None = None
    NAMBARZ_RATE_LIMIT = DEFAULT_RATE_LIMIT
    NAMBARZ_ADDRESS_RATE_LIMIT = DEFAULT_ADDRESS_RATE_LIMIT
    NAMBARZ_CLASS_RATE_LIMIT = DEFAULT_CLASS_RATE_LIMIT
    NAMBARZ_RATE_LIMIT_STORAGE = DEFAULT_STORAGE
    NAMBARZ_TRUSTED_PROXIES = ""
    NAMBARZ_DATABASE_URL = ""  # empty: the SQLite file of services.play.store.default_database_url
    NAMBARZ_SECRET_KEY = ""  # empty: the key kept in the file of services.secret_key.key_file
    JSON_SORT_KEYS = False


class _Api(Api):  # type: ignore[misc]
    """flask-smorest's error handling, with a ``message`` in every error."""

    def handle_http_exception(
        self, error: HTTPException
    ) -> tuple[dict[str, Any], int, dict[str, str]] | tuple[str, int]:
        if request.path != "/api" and not request.path.startswith("/api/"):
            return error_page(error)  # a person's address: an error page, in their language
        payload, status, headers = super().handle_http_exception(error)
        payload.setdefault("message", error.description or error.name)
        if isinstance(error, MethodNotAllowed) and error.valid_methods:
            headers = {**headers, "Allow": ", ".join(error.valid_methods)}
        return payload, status, headers


def require_every_game(*registries: Registry[Any]) -> None:
    """Raise :class:`~solver.errors.GameError` unless each registry has an entry for every game, and no other.

    >>> require_every_game(TUTORS, ANSWERS, ENDPOINTS, PAGES)
    >>> from dataclasses import replace
    >>> with GAMES.registered(replace(GAMES.find("quando"), name="tiny")):
    ...     require_every_game(ANSWERS, ENDPOINTS)
    Traceback (most recent call last):
    ...
    solver.errors.GameError: the answers of tiny are missing; every game needs an entry in each layer
    """
    for registry in registries:
        missing = registry.missing(GAMES.names)
        if missing:
            raise GameError(
                f"the {registry.layer} of {', '.join(missing)} are missing; every game needs an entry in each layer"
            )
        unknown = GAMES.missing(registry.names)
        if unknown:
            raise GameError(f"{registry.layer} are registered for {', '.join(unknown)}, which the solver does not know")


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """A configured app: the default settings, overridden by ``config``."""
    require_every_game(TUTORS, ANSWERS, ENDPOINTS, PAGES)
    app = Flask(__name__, static_folder=None)  # the pages serve their own, at /static
    app.config.from_object(DefaultConfig)
    app.config.update(from_environment(app.config, os.environ))
    app.config.update(config or {})
    app.json.sort_keys = False  # type: ignore[attr-defined]
    secret_key.install(app)
    sessions.install(app)
    deck_file = app.config["NAMBARZ_DECK"]
    app.extensions["nambarz_deck"] = Deck.load(deck_file) if deck_file else Deck.default()
    api = _Api(
        app,
        spec_kwargs={
            "info": {
                "description": "Referee, solver, turn planner and scorer for the Nambarz card game. "
                "Every error has the same shape: code, status, message and, for bad input, errors by field.",
                "x-package-version": version(),
            }
        },
    )
    api.register_blueprint(health.blueprint)
    for endpoints in ENDPOINTS:
        api.register_blueprint(endpoints.blueprint())
    api.register_blueprint(tutor.blueprint)
    api.register_blueprint(games.blueprint)
    api.register_blueprint(companions.blueprint)
    api.register_blueprint(practice.blueprint)
    api.register_blueprint(classes.blueprint)
    api.spec.components.security_scheme(
        "bearer",
        {
            "type": "http",
            "scheme": "bearer",
            "description": "a secret token the API gave: a class's teacher token, or a pupil's token from joining",
        },
    )
    app.register_blueprint(create_blueprint())
    init_rate_limits(app)
    request_budget.install(app)
    operations.install(app)

    @app.get(SWAGGER_UI_ASSETS)
    def _swagger_ui_asset(filename: str) -> Response:
        return send_from_directory(str(swagger_ui_path), filename)

    @app.before_request
    def _require_json_body() -> None:
        unrouted = request.routing_exception is not None  # a 404 or 405 says more than a 415
        form = request.path != "/api" and not request.path.startswith("/api/")  # the pages post HTML forms
        sent = not unrouted and request.method in ("POST", "PUT", "PATCH")
        if sent and not form and request.mimetype != "application/json":
            abort(
                415, message=f"expected a JSON body (Content-Type: application/json), not {request.mimetype or 'none'}"
            )
        if sent:
            try:
                body = receive_body(request)
                if not form:
                    read_json_body(body)
            except BodyTimeoutError as error:
                abort(408, message=str(error))
            except BodyError as error:
                abort(400, message=str(error), errors={"json": [str(error)]})

    csrf.install(app)  # after the body is read, within its time limit: the form's token is in it
    return app

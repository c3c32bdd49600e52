"""One time budget per request: everything a request does, from reading its body to rendering its answer.

:func:`install` opens a :func:`solver.budget.time_budget` before anything
else of the request runs (the body is read after it) and closes it when the
request is torn down: the searches of a turn's every play, a hint's solve
and plan, the explanations and the page or JSON rendering share it.  The
budget is ``NAMBARZ_TIME_LIMIT`` seconds, or ``NAMBARZ_EXERCISES_TIME_LIMIT``
for the requests that draw a set of exercises (:data:`EXERCISE_ENDPOINTS`:
fifty exercises are fifty positions, each searched), or
``NAMBARZ_PLAY_TIME_LIMIT`` for the requests about a game in play (the API's
``/api/v1/games`` and the pages under ``/play``: the bots move within them,
each bot's turn a search, and a review plans every turn of a seat).  When it runs out, the
request is answered 422 saying which limit was reached: by the view, naming
the field whose search ran out (as any refused input), or, when it runs out
elsewhere, by the handler below, in the API's error shape or as a page.

>>> from api.app import create_app
>>> hurried = create_app({"TESTING": True, "NAMBARZ_TIME_LIMIT": 0})
>>> answer = hurried.test_client().post("/api/v1/nambarz/solve", json={"top": "10", "hand": ["1", "2", "3", "4"]})
>>> answer.status_code, answer.get_json()["message"].startswith("the request ran past its time limit of 0 s")
(422, True)
"""

from __future__ import annotations

from contextlib import ExitStack
from http import HTTPStatus
from typing import Any

from flask import Flask, current_app, g, request
from werkzeug.exceptions import UnprocessableEntity

from solver.budget import BudgetExceededError, time_budget
from web.site import error_page

SCOPE = "the request"
"""What the budget covers, as its error names it."""

EXERCISE_ENDPOINTS = frozenset({"tutor.ExercisesView", "tutor.WorksheetView", "web.worksheet"})
"""The requests that draw a whole set of exercises, under ``NAMBARZ_EXERCISES_TIME_LIMIT``."""

PLAY_ENDPOINT_PREFIXES = ("games.", "web.play")
"""The requests about a game in play (their endpoints start so), under ``NAMBARZ_PLAY_TIME_LIMIT``."""

_OPEN_BUDGET = "nambarz_request_budget"
"""Where the request's open budget is kept (in :data:`flask.g`) until the request is torn down."""


def install(app: Flask) -> None:
    """Run every request of ``app`` under its budget; call it before anything else registers ``before_request``."""
    app.before_request(_open_budget)
    app.teardown_request(_close_budget)
    app.register_error_handler(BudgetExceededError, _over_budget)


def time_limit() -> float:
    """The seconds the current request may take: more for a set of exercises, and for a game in play."""
    endpoint = request.endpoint or ""
    if endpoint in EXERCISE_ENDPOINTS:
        return float(current_app.config["NAMBARZ_EXERCISES_TIME_LIMIT"])
    if endpoint.startswith(PLAY_ENDPOINT_PREFIXES):
        return float(current_app.config["NAMBARZ_PLAY_TIME_LIMIT"])
    return float(current_app.config["NAMBARZ_TIME_LIMIT"])


def _open_budget() -> None:
    budget = ExitStack()
    budget.enter_context(time_budget(time_limit(), scope=SCOPE))
    setattr(g, _OPEN_BUDGET, budget)


def _close_budget(_: BaseException | None) -> None:
    budget: ExitStack | None = g.pop(_OPEN_BUDGET, None)
    if budget is not None:
        budget.close()


def _over_budget(error: BudgetExceededError) -> Any:
    """A 422 for a budget that ran out outside a view's own refusals: the API's error shape, or a page."""
    if request.path == "/api" or request.path.startswith("/api/"):
        status = HTTPStatus.UNPROCESSABLE_ENTITY
        return {"code": status.value, "status": status.phrase, "message": str(error)}, status.value
    return error_page(UnprocessableEntity(str(error)))

"""One time budget per request: everything a request does, from reading its body to rendering its answer.

:func:`install` wraps the app so that each request runs under a
:func:`solver.budget.time_budget` of ``NAMBARZ_TIME_LIMIT`` seconds: the
searches of a turn's every play, a hint's solve and plan, the explanations
and the page or JSON rendering share it.  When it runs out, the request is
answered 422 saying which limit was reached: by the view, naming the field
whose search ran out (as any refused input), or, when it runs out elsewhere,
by the handler below, in the API's error shape or as a page.

>>> from api.app import create_app
>>> hurried = create_app({"TESTING": True, "NAMBARZ_TIME_LIMIT": 0})
>>> answer = hurried.test_client().post("/api/v1/nambarz/solve", json={"top": "10", "hand": ["1", "2", "3", "4"]})
>>> answer.status_code, answer.get_json()["message"].startswith("the request ran past its time limit of 0 s")
(422, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from flask import Flask, request
from werkzeug.exceptions import UnprocessableEntity

from solver.budget import BudgetExceededError, time_budget
from web.site import error_page

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIEnvironment

SCOPE = "the request"
"""What the budget covers, as its error names it."""


def install(app: Flask) -> None:
    """Run every request of ``app`` under a budget of its ``NAMBARZ_TIME_LIMIT`` seconds."""
    inner = app.wsgi_app

    def wsgi_app(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        with time_budget(float(app.config["NAMBARZ_TIME_LIMIT"]), scope=SCOPE):
            return inner(environ, start_response)

    app.wsgi_app = wsgi_app  # type: ignore[method-assign]
    app.register_error_handler(BudgetExceededError, _over_budget)


def _over_budget(error: BudgetExceededError) -> Any:
    """A 422 for a budget that ran out outside a view's own refusals: the API's error shape, or a page."""
    if request.path == "/api" or request.path.startswith("/api/"):
        status = HTTPStatus.UNPROCESSABLE_ENTITY
        return {"code": status.value, "status": status.phrase, "message": str(error)}, status.value
    return error_page(UnprocessableEntity(str(error)))

"""What every game's blueprint shares: reading JSON, the errors it documents, refusals.

An illegal move is never an HTTP error (the referee answered: 200 with the
verdict).  Input the engine cannot judge is a 422 naming the field it came
from, in the one error shape of the API.  The views only translate: schema
in, an answer function of :mod:`services.answers` with the app's settings, schema
out.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from http import HTTPStatus
from typing import Any, NoReturn, TypeVar

from flask import Request
from flask_smorest import Blueprint, abort
from flask_smorest.error_handler import ErrorSchema
from webargs.flaskparser import FlaskParser

from services.rate_limits import rate_limited, rate_limited_per_seat
from solver.errors import NambarzError

View = TypeVar("View", bound=Callable[..., Any])

JSON_ERRORS = (HTTPStatus.BAD_REQUEST, HTTPStatus.REQUEST_ENTITY_TOO_LARGE, HTTPStatus.UNSUPPORTED_MEDIA_TYPE)
"""What any JSON request can meet besides 422: unreadable JSON, too large a body, not JSON."""

RATE_LIMITED_HEADERS = {
    "Retry-After": {
        "description": "whole seconds until a request of this client counts again",
        "schema": {"type": "integer", "minimum": 1},
    },
}
"""The header of a 429, as the OpenAPI document shows it."""


class JsonParser(FlaskParser):
    """webargs' parser, also treating JSON too deep or with over-long numbers as unreadable (400)."""

    def _raw_load_json(self, req: Request) -> Any:
        try:
            return super()._raw_load_json(req)
        except (RecursionError, ValueError) as error:
            if isinstance(error, json.JSONDecodeError):
                raise
            raise json.JSONDecodeError(f"unreadable JSON: {error}", "", 0) from None


class JsonBlueprint(Blueprint):  # type: ignore[misc]
    """A blueprint whose views read JSON bodies with :class:`JsonParser`."""

    ARGUMENTS_PARSER = JsonParser()

    def json_errors(self, view: View) -> View:
        """Document on ``view`` the errors of :data:`JSON_ERRORS`."""
        for status in JSON_ERRORS:
            view = self.alt_response(status.value, response=status.name)(view)
        return view

    def errors(self, *statuses: HTTPStatus) -> Callable[[View], View]:
        """A decorator documenting on a view the errors ``statuses``, each answered in the JSON error shape."""

        def document(view: View) -> View:
            for status in statuses:
                view = self.alt_response(status.value, response=status.name)(view)
            return view

        return document

    def rate_limited(self, view: View) -> View:
        """Count ``view``'s requests against the client's rate limit and document its 429."""
        return rate_limited(self._too_many_requests(view, "this client's rate limit of expensive requests"))

    def rate_limited_per_seat(self, view: View) -> View:
        """Count ``view``'s requests against the seat's rate limit and document its 429."""
        limit = "this seat's rate limit of expensive requests, or its address's,"
        return rate_limited_per_seat(self._too_many_requests(view, limit))

    def _too_many_requests(self, view: View, limit: str) -> View:
        """``view`` with its 429 documented: ``limit`` is reached."""
        document = self.alt_response(
            HTTPStatus.TOO_MANY_REQUESTS.value,
            schema=ErrorSchema,
            description=f"Too Many Requests: {limit} is reached",
            headers=RATE_LIMITED_HEADERS,
        )
        documented: View = document(view)
        return documented


def refuse_with(status: int, message: str, field: str | None) -> NoReturn:
    """Answer ``status`` with ``message`` in the API's error shape, naming ``field`` if the error has one."""
    if field is None:
        abort(status, message=message)
    abort(status, message=message, errors={"json": {field: [message]}})
    raise AssertionError("abort raises")


def refuse(error: NambarzError, field: str) -> NoReturn:
    """Answer 422 for an input the engine refused, naming the field it came from."""
    abort(422, message=str(error), errors={"json": {field: [str(error)]}})
    raise AssertionError("abort raises")

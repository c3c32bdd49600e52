"""What every game's blueprint shares: reading JSON, the errors it documents, refusals, strict fields.

An illegal move is never an HTTP error (the referee answered: 200 with the
verdict).  Input the engine cannot judge is a 422 naming the field it came
from, in the one error shape of the API.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from http import HTTPStatus
from typing import Any, NoReturn, TypeVar

from flask import Request, has_request_context
from flask import request as flask_request
from flask_smorest import Blueprint, abort
from marshmallow import ValidationError, fields
from webargs.flaskparser import FlaskParser

from solver.errors import NambarzError
from solver.rulings import Ruling, ruling_table
from solver.verdicts import RuleCode, code_table
from tutor.i18n import DEFAULT_LANGUAGE, negotiate, translator

View = TypeVar("View", bound=Callable[..., Any])

JSON_ERRORS = (HTTPStatus.BAD_REQUEST, HTTPStatus.REQUEST_ENTITY_TOO_LARGE, HTTPStatus.UNSUPPORTED_MEDIA_TYPE)
"""What any JSON request can meet besides 422: unreadable JSON, too large a body, not JSON."""


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


def answer_language(request: Mapping[str, Any]) -> str:
    """The language of an answer's explanation: the request's ``lang``, else ``Accept-Language``'s, else English.

    The command line loads its requests through the same schemas but has no
    HTTP request, so only its ``lang`` (from ``--lang``) can choose.
    """
    lang = request.get("lang")
    if lang:
        return str(lang)
    if has_request_context():
        return negotiate(flask_request.headers.get("Accept-Language"))
    return DEFAULT_LANGUAGE


def refuse(error: NambarzError, field: str) -> NoReturn:
    """Answer 422 for an input the engine refused, naming the field it came from."""
    abort(422, message=str(error), errors={"json": {field: [str(error)]}})
    raise AssertionError("abort raises")


class StrictBoolean(fields.Boolean):
    """``true`` or ``false`` only, not the strings and numbers marshmallow would also take."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError("expected true or false")
        return value


def reference_document(
    codes: Iterable[RuleCode], rulings: Mapping[str, Ruling], *, domain: str, lang: str
) -> dict[str, Any]:
    """A game's reference tables: every violation code with its rule, and every ruling a verdict may name.

    The summaries are in ``lang``, from the game's translation ``domain``;
    codes, sections and sources stay as the verdicts write them.
    """
    translate = translator(lang, domain).gettext
    code_rows = [{**row, "summary": translate(row["summary"])} for row in code_table(codes)]
    ruling_rows = [{**row, "summary": translate(row["summary"])} for row in ruling_table(rulings)]
    return {"violations": code_rows, "rulings": ruling_rows}

"""``/api/v1/classes``: classes a teacher opens for practice, pupils join with a code, and the teacher follows.

``POST /api/v1/classes`` opens a class (a name, its language, the operators
allowed, the chance of success aimed at) and answers its ``id``, its
``code`` for the pupils and the teacher's secret ``teacher_token``, shown
only then.  Pupils join with the code and a nickname (``POST
/api/v1/classes/join``), nothing else, and get a token of their own to
practise with (``/api/v1/practice``).  With ``Authorization: Bearer
<teacher token>``, the teacher reads the class (``GET``: each pupil's level
per skill, this week's answers, the rules they break most, their days), its
CSV export, changes its settings (``PATCH``), removes a pupil with their
answers (``DELETE /api/v1/classes/<id>/pupils/<pupil id>``) and deletes the
class with everything of it (``DELETE``).

A teacher token and a class id that do not go together are a 404, as an
unknown id is: nothing says whether a class exists to someone without its
token.  Statuses: 201 for a new class and a pupil joined; 200 for a class
read or changed; 204 for a class deleted or a pupil removed; 401 without a
token; 404 for a class code that finds no class, a token that is not this
class's, or a pupil the class does not have; 409
for a nickname a classmate has; 422 for input that cannot be used, naming
the field; 429 when an address has tried too many codes or opened too many
classes (``NAMBARZ_CLASS_RATE_LIMIT``), beside the usual limits.

>>> from api.app import create_app
>>> client = create_app({"TESTING": True}).test_client()
>>> made = client.post("/api/v1/classes", json={"name": "4B", "lang": "en", "operators": "+-"}).get_json()
>>> joined = client.post("/api/v1/classes/join", json={"code": made["code"], "nickname": "Sam"}).get_json()
>>> joined["class"]
{'name': '4B', 'language': 'en', 'operators': '+-', 'target': 0.75}
>>> teacher = {"Authorization": f"Bearer {made['teacher_token']}"}
>>> [pupil["nickname"] for pupil in client.get(f"/api/v1/classes/{made['id']}", headers=teacher).get_json()["pupils"]]
['Sam']
>>> client.delete(f"/api/v1/classes/{made['id']}", headers=teacher).status_code
204
"""

from __future__ import annotations

import time
from http import HTTPStatus
from typing import Any, NoReturn

from flask import Response, request
from flask.views import MethodView
from flask_smorest import abort
from flask_smorest.error_handler import ErrorSchema

from api.endpoints.common import RATE_LIMITED_HEADERS, JsonBlueprint, refuse_with
from services.configuration import answer_language, game_tables
from services.practice.documents import class_document, class_summary, overview_document
from services.practice.service import (
    JOIN_PAGE,
    TEACHER_PAGE,
    ClassInfo,
    ClassNotFoundError,
    ClassSettings,
    PracticeError,
    change_class,
    class_csv,
    class_overview,
    create_class,
    delete_class,
    find_class,
    join_class,
    remove_pupil,
)
from services.rate_limits import bearer_token, class_code_refusal, count_class_code
from services.schemas.practice import (
    ChangeClassRequestSchema,
    ClassOverviewQuerySchema,
    ClassOverviewSchema,
    ClassSchema,
    CreateClassRequestSchema,
    CreatedClassSchema,
    JoinClassRequestSchema,
    JoinedClassSchema,
)

blueprint = JsonBlueprint(
    "classes",
    __name__,
    url_prefix="/api/v1/classes",
    description="Classes for practice: a teacher opens one, pupils join with its code, the teacher follows them",
)

UNKNOWN_CLASS = "no class has this id for this teacher token: it was deleted, or the id or the token is wrong"
"""The one answer to a class id and teacher token that do not go together, whichever is wrong."""


@blueprint.after_request
def _not_stored(response: Response) -> Response:
    """A class's answers are its teacher's or its pupils' own (tokens, progress): no cache keeps them."""
    response.headers["Cache-Control"] = "no-store"
    return response


def _teacher(view: Any) -> Any:
    """Document the teacher's token and its errors on ``view``."""
    view = blueprint.errors(HTTPStatus.UNAUTHORIZED, HTTPStatus.NOT_FOUND)(view)
    return blueprint.doc(security=[{"bearer": []}])(view)


def _class_codes_limited(view: Any) -> Any:
    """Document on ``view`` the 429 of an address's budget of class codes."""
    return blueprint.alt_response(
        HTTPStatus.TOO_MANY_REQUESTS.value,
        schema=ErrorSchema,
        description="Too Many Requests: this client's rate limit of expensive requests, or its address's budget "
        "of class codes tried and classes opened, is reached",
        headers=RATE_LIMITED_HEADERS,
    )(view)


@blueprint.route("")
class Classes(MethodView):
    @blueprint.json_errors
    @blueprint.rate_limited
    @_class_codes_limited
    @blueprint.arguments(CreateClassRequestSchema)
    @blueprint.response(201, CreatedClassSchema)
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Open a class: its name, language, operators and the chance of a right answer its exercises aim at.

        The answer's ``teacher_token`` is shown only here (the server keeps
        its SHA-256 only): keep it, or the ``teacher_link`` that holds it.
        Give the pupils the ``code`` or the ``join_link``.
        """
        _refuse_class_codes()
        settings = ClassSettings(body["name"], answer_language(body), body["operators"], body["target"])
        try:
            made = create_class(game_tables().store, settings, now=time.time())
        except PracticeError as error:
            _refuse(error)
        count_class_code()
        return {
            **class_document(made.info, join_link=_link(JOIN_PAGE.format(code=made.info.code))),
            "teacher_token": made.teacher_token,
            "teacher_link": _link(TEACHER_PAGE.format(token=made.teacher_token)),
        }


@blueprint.route("/join")
class Join(MethodView):
    @blueprint.json_errors
    @blueprint.errors(HTTPStatus.NOT_FOUND, HTTPStatus.CONFLICT)
    @blueprint.rate_limited
    @_class_codes_limited
    @blueprint.arguments(JoinClassRequestSchema)
    @blueprint.response(201, JoinedClassSchema)
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Join a class with its code and a nickname: the pupil's token, to send as ``Authorization: Bearer <token>``.

        The nickname is all the class knows of the pupil; the token is shown
        only here (the server keeps its SHA-256 only).  A code that finds no
        class is a 404 and counts against the address's budget of codes.
        """
        _refuse_class_codes()
        try:
            joined = join_class(game_tables().store, body["code"], body["nickname"], now=time.time())
        except ClassNotFoundError as error:
            count_class_code()
            _refuse(error)
        except PracticeError as error:
            _refuse(error)
        return {"pupil_token": joined.token, "nickname": joined.nickname, "class": class_summary(joined.info)}


@blueprint.route("/<class_id>")
class Class(MethodView):
    @_teacher
    @blueprint.rate_limited_per_seat
    @blueprint.arguments(ClassOverviewQuerySchema, location="query")
    @blueprint.response(200, ClassOverviewSchema)
    def get(self, query: dict[str, Any], class_id: str) -> dict[str, Any]:
        """The class as its teacher follows it: each pupil's level per skill, this week's answers, right answers and
        time, the rules they break most (in words), their days; the class's days.

        In the class's language, or ``lang``'s.
        """
        token, info = _teacher_class(class_id)
        overview = class_overview(
            game_tables().store, token, lang=query.get("lang") or info.settings.language, now=time.time()
        )
        return overview_document(overview, join_link=_link(JOIN_PAGE.format(code=info.code)))

    @blueprint.json_errors
    @_teacher
    @blueprint.rate_limited_per_seat
    @blueprint.arguments(ChangeClassRequestSchema)
    @blueprint.response(200, ClassSchema)
    def patch(self, body: dict[str, Any], class_id: str) -> dict[str, Any]:
        """Change the class's settings: any of its name, language, operators and target; the class after it.

        Its pupils practise by the new settings from their next exercise on.
        """
        token, info = _teacher_class(class_id)
        now = info.settings
        settings = ClassSettings(
            body.get("name", now.name),
            body.get("lang", now.language),
            body.get("operators", now.operators),
            body.get("target", now.target),
        )
        try:
            changed = change_class(game_tables().store, token, settings, now=time.time())
        except PracticeError as error:
            _refuse(error)
        return class_document(changed, join_link=_link(JOIN_PAGE.format(code=changed.code)))

    @_teacher
    @blueprint.rate_limited_per_seat
    @blueprint.response(204)
    def delete(self, class_id: str) -> None:
        """Delete the class with its pupils and all their answers: nothing of it is kept, and its tokens and code
        stop working."""
        token, _info = _teacher_class(class_id)
        delete_class(game_tables().store, token)


@blueprint.route("/<class_id>/pupils/<pupil_id>")
class Pupil(MethodView):
    @_teacher
    @blueprint.rate_limited_per_seat
    @blueprint.response(204)
    def delete(self, class_id: str, pupil_id: str) -> None:
        """Remove a pupil (their ``id`` in the class's document) with their progress and all their answers: their
        nickname is free again, and their token stops working."""
        token, _info = _teacher_class(class_id)
        try:
            remove_pupil(game_tables().store, token, pupil_id)
        except PracticeError as error:
            _refuse(error)


@blueprint.route("/<class_id>/export.csv")
class Export(MethodView):
    @_teacher
    @blueprint.rate_limited_per_seat
    @blueprint.arguments(ClassOverviewQuerySchema, location="query")
    @blueprint.response(
        200,
        {"type": "string", "description": "CSV, one row per pupil and skill, headed in the language asked for"},
        content_type="text/csv",
        description="the teacher's page as a spreadsheet (no cell is ever read as a formula)",
    )
    def get(self, query: dict[str, Any], class_id: str) -> Response:
        """The class as CSV, to open in a spreadsheet: one row per pupil and skill, with this week's answers."""
        token, info = _teacher_class(class_id)
        lang = query.get("lang") or info.settings.language
        overview = class_overview(game_tables().store, token, lang=lang, now=time.time())
        answer = Response(class_csv(overview, lang), mimetype="text/csv")
        answer.headers["Content-Disposition"] = f'attachment; filename="class-{info.code}.csv"'
        return answer


def _teacher_class(class_id: str) -> tuple[str, ClassInfo]:
    """The request's teacher token and the class ``class_id`` it opens; a 401 without a token, else a 404 unless
    the token is this class's."""
    token = bearer_token()
    if token is None:
        abort(
            HTTPStatus.UNAUTHORIZED.value,
            message="expected the class's teacher token as 'Authorization: Bearer <token>'",
            headers={"WWW-Authenticate": "Bearer"},
        )
        raise AssertionError("abort raises")
    try:
        info = find_class(game_tables().store, token)
    except ClassNotFoundError:
        info = None
    if info is None or info.id != class_id:
        abort(HTTPStatus.NOT_FOUND.value, message=UNKNOWN_CLASS)
        raise AssertionError("abort raises")
    return token, info


def _refuse_class_codes() -> None:
    """A 429 if the request's address has spent its budget of class codes."""
    breach = class_code_refusal()
    if breach is not None:
        abort(
            HTTPStatus.TOO_MANY_REQUESTS.value,
            message=breach.message,
            headers={"Retry-After": str(breach.retry_after)},
        )


def _link(path: str) -> str:
    """``path`` on this server, as the request reached it."""
    return request.url_root.rstrip("/") + path


def _refuse(error: PracticeError) -> NoReturn:
    """The error in the API's shape, with its status, naming its field if it has one."""
    refuse_with(error.status, str(error), error.field)

"""``/api/v1/practice``: practice that adapts to each pupil, one exercise at a time, on one's own or in a class.

``POST next`` gives the exercise to answer (the same until it is answered),
``POST hint`` one more hint on it (three at most, each lowering the credit
of a right answer), ``POST answer`` judges the answer and, if it is the
first to the exercise, counts it: the pupil's skill and the exercise's
difficulty change, a skill may open, the tenth answer of a run closes it
with a summary (:mod:`services.practice.service`).

**On one's own**, the pupil's progress travels with them: every answer has
a ``progress``, signed with the server's secret key, to send with the next
request unchanged; the first request sends none.  ``operators`` and
``target`` choose what to practise.  **In a class**, the pupil sends the
token they got on joining (``POST /api/v1/classes/join``) as
``Authorization: Bearer <token>`` instead: the progress is kept with the
class, and the class's operators, target and language apply (``lang`` may
ask for another language).

Statuses: 200 for every exercise, hint and judged answer, right or wrong;
404 for a pupil's token that no pupil has (their class was deleted); 409
for a hint or an answer about an exercise that is not the one being
answered; 422 for input that cannot be used, naming the field (a progress
that is not the server's, an answer that is no calculation).

>>> from api.app import create_app
>>> client = create_app({"TESTING": True}).test_client()
>>> served = client.post("/api/v1/practice/next", json={"operators": "+-", "lang": "en"}).get_json()
>>> served["exercise"]["kind"], served["hints"], "answers" in served["exercise"]
('cover', [], False)
>>> card = served["exercise"]["hand"][0]
>>> body = {"progress": served["progress"], "item": served["exercise"]["item"], "answer": card, "seconds": 4}
>>> answered = client.post("/api/v1/practice/answer", json=body).get_json()
>>> answered["counted"], answered["seconds"]
(True, 4.0)
>>> client.post("/api/v1/practice/answer", json=body).get_json()["counted"]
False
"""

from __future__ import annotations

import random
import time
from http import HTTPStatus
from typing import Any, NoReturn

from flask import Response, current_app
from flask.views import MethodView

from api.endpoints.common import JsonBlueprint, refuse_with
from services.configuration import answer_language, game_tables, search_time_limit
from services.practice.documents import answered_document, served_document
from services.practice.judging import NOT_LEGAL, REASONS
from services.practice.service import (
    Answered,
    PracticeError,
    ProgressSeal,
    ServedExercise,
    answer_progress,
    answer_pupil,
    hint_progress,
    hint_pupil,
    serve_progress,
    serve_pupil,
)
from services.rate_limits import bearer_token
from services.schemas.practice import (
    PracticeAnsweredSchema,
    PracticeAnswerRequestSchema,
    PracticeHintRequestSchema,
    PracticeNextRequestSchema,
    PracticeServedSchema,
)
from services.secret_key import ensure_secret_key
from solver.errors import NambarzError
from tutor.adaptive import DEFAULT_TARGET, Progress
from tutor.i18n import DEFAULT_LANGUAGE
from tutor.item_bank import bank

blueprint = JsonBlueprint(
    "practice",
    __name__,
    url_prefix="/api/v1/practice",
    description="Practice that adapts to each pupil: the next exercise, a hint, an answer judged and counted",
)

ALL_OPERATORS = "+-*/"
"""The operators of a pupil on their own who chose none."""

CLASS_SETTINGS = ("progress", "operators", "target")
"""What a pupil of a class does not send: the class keeps their progress and chooses the rest."""


@blueprint.after_request
def _not_stored(response: Response) -> Response:
    """An answer is one pupil's own (their progress, their exercise): no cache keeps it."""
    response.headers["Cache-Control"] = "no-store"
    return response


def _documented(*statuses: HTTPStatus) -> Any:
    """Document on a view the token of a class pupil (or none, on one's own) and the errors ``statuses``."""

    def document(view: Any) -> Any:
        return blueprint.doc(security=[{}, {"bearer": []}])(blueprint.errors(*statuses)(view))

    return document


@blueprint.route("/next")
class Next(MethodView):
    @blueprint.json_errors
    @_documented(HTTPStatus.NOT_FOUND)
    @blueprint.rate_limited_per_seat
    @blueprint.arguments(PracticeNextRequestSchema)
    @blueprint.response(200, PracticeServedSchema)
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """The exercise to answer now: the one being answered until it is answered, else the next, chosen for the pupil.

        On one's own, send the ``progress`` of the last answer (none the
        first time); in a class, the pupil's token instead.  The answer
        never holds the exercise's answer key.
        """
        now, rng = time.time(), random.Random()
        token = _pupil_token(body)
        try:
            if token is not None:
                lang = body.get("lang")
                served = serve_pupil(
                    game_tables().store, token, lang=lang, now=now, rng=rng, time_limit=search_time_limit()
                )
                return _served(served, lang, None)
            lang = answer_language(body)
            seal = _seal()
            served = serve_progress(
                game_tables().store,
                seal.loads(body.get("progress")),
                operators=body.get("operators", ALL_OPERATORS),
                target=body.get("target", DEFAULT_TARGET),
                lang=lang,
                now=now,
                rng=rng,
                time_limit=search_time_limit(),
            )
            return _served(served, lang, seal.dumps(served.progress))
        except PracticeError as error:
            _refuse(error)


@blueprint.route("/hint")
class Hint(MethodView):
    @blueprint.json_errors
    @_documented(HTTPStatus.NOT_FOUND, HTTPStatus.CONFLICT)
    @blueprint.rate_limited_per_seat
    @blueprint.arguments(PracticeHintRequestSchema)
    @blueprint.response(200, PracticeServedSchema)
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """One more hint on the exercise being answered (three at most): the exercise with every hint taken so far.

        Each hint lowers the credit of a right answer; the third gives the
        answer away, and a right answer after it earns nothing.
        """
        token = _pupil_token(body)
        try:
            if token is not None:
                lang = body.get("lang")
                served = hint_pupil(
                    game_tables().store, token, item_id=body["item"], lang=lang, time_limit=search_time_limit()
                )
                return _served(served, lang, None)
            lang = answer_language(body)
            seal = _seal()
            served = hint_progress(
                game_tables().store,
                _sent_progress(seal, body),
                item_id=body["item"],
                operators=body.get("operators", ALL_OPERATORS),
                lang=lang,
                time_limit=search_time_limit(),
            )
            return _served(served, lang, seal.dumps(served.progress))
        except PracticeError as error:
            _refuse(error)
        except NambarzError as error:  # a hint's search ran out of time
            _refuse(PracticeError(str(error), "item"))


@blueprint.route("/answer")
class Answer(MethodView):
    @blueprint.json_errors
    @_documented(HTTPStatus.NOT_FOUND, HTTPStatus.CONFLICT)
    @blueprint.rate_limited_per_seat
    @blueprint.arguments(PracticeAnswerRequestSchema)
    @blueprint.response(200, PracticeAnsweredSchema)
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Judge the answer to the exercise being answered and, if it is the first to it, count it.

        Right or wrong, the answer is a 200 with the judgement in words and
        the rules the play it makes breaks (``codes``).  Only the first
        answer to an exercise counts (``counted``), even sent twice at once;
        a later one is judged all the same.  ``seconds``, as the pupil's
        device measured it, makes a quick right answer earn more and a quick
        wrong one cost more.
        """
        token = _pupil_token(body)
        now = time.time()
        _require_reason_for_referee(body)
        store = game_tables().store
        arguments = {
            "item_id": body["item"],
            "answer": body["answer"],
            "reason": body.get("reason"),
            "seconds": body.get("seconds"),
            "now": now,
            "time_limit": search_time_limit(),
        }
        try:
            if token is not None:
                answered = answer_pupil(store, token, lang=body.get("lang"), **arguments)
                return _answered(answered, body["item"], None)
            lang = answer_language(body)
            seal = _seal()
            answered = answer_progress(
                store,
                _sent_progress(seal, body),
                operators=body.get("operators", ALL_OPERATORS),
                target=body.get("target", DEFAULT_TARGET),
                lang=lang,
                **arguments,
            )
            return _answered(answered, body["item"], seal.dumps(answered.progress))
        except PracticeError as error:
            _refuse(error)
        except NambarzError as error:  # no calculation, a card the hand lacks, a search out of time
            _refuse(PracticeError(str(error), "answer"))


def _pupil_token(body: dict[str, Any]) -> str | None:
    """The pupil's token, if the request sends one; a 422 if it also sends what the class decides."""
    token = bearer_token()
    if token is not None:
        for field in CLASS_SETTINGS:
            if field in body:
                _refuse(
                    PracticeError(
                        f"expected no {field} with a pupil's token: the class keeps the progress and chooses "
                        "the operators and the target",
                        field,
                    )
                )
    return token


def _sent_progress(seal: ProgressSeal, body: dict[str, Any]) -> Progress:
    """The progress a hint or an answer on one's own sends; a 422 if it sends none (nor a pupil's token)."""
    if not body.get("progress"):
        _refuse(
            PracticeError(
                "expected the progress that next gave, or a pupil's token as 'Authorization: Bearer <token>'",
                "progress",
            )
        )
    return seal.loads(body["progress"])


def _require_reason_for_referee(body: dict[str, Any]) -> None:
    """A 422 naming ``reason`` if one is sent for an exercise that is not a referee's, or with ``legal``."""
    if "reason" not in body:
        return
    item = bank().get(body["item"])
    if item is not None and item.kind != "referee":
        _refuse(PracticeError("expected a reason only for a referee exercise", "reason"))
    if body["answer"] != NOT_LEGAL:
        codes = ", ".join(code.value for code in REASONS)
        _refuse(PracticeError(f"expected a reason ({codes}) only with the answer {NOT_LEGAL}", "reason"))


def _seal() -> ProgressSeal:
    """The seal of the app's secret key (read, or made and kept, on first use)."""
    ensure_secret_key(current_app)
    return ProgressSeal(current_app.secret_key or "")


def _served(served: ServedExercise, lang: str | None, sealed: str | None) -> dict[str, Any]:
    language = lang or (served.class_info.settings.language if served.class_info else DEFAULT_LANGUAGE)
    return served_document(served, language, sealed)


def _answered(answered: Answered, item: str, sealed: str | None) -> dict[str, Any]:
    return answered_document(answered, item, answered.language, sealed)


def _refuse(error: PracticeError) -> NoReturn:
    """The error in the API's shape, with its status, naming its field if it has one."""
    refuse_with(error.status, str(error), error.field)

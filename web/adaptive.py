"""Practice that adapts (``/practice`` without a level): one exercise after another, chosen for the pupil.

A pupil **on their own** keeps their progress in this browser: a signed
cookie (:data:`PROGRESS_COOKIE`, for :data:`COOKIE_DAYS` days) holds their
level in each skill and the exercises they did lately, nothing else and no
name; "start again from zero" deletes it.  A pupil **in a class** (who joined
at ``/join``, :mod:`web.classes`) keeps in this browser only the secret
that names them (:data:`PUPIL_COOKIE`); their progress is in the database,
for their teacher's page, and their class's operators and target choose
their exercises.  Its page speaks the class's language unless the address
asks for another.

The page (``GET``) shows the exercise being answered, served by
:mod:`services.practice.service` (the same one until it is answered), the
pupil's skills as bars with their level in words (never a number of the
ratings), and the current run of ten.  Its forms (``POST /practice``, with
the pages' CSRF token) send one ``step``:

* ``answer``: the answer (``answer``, and ``reason`` for a referee
  exercise) to the exercise ``item``, with the ``seconds`` it took as
  ``static/practice.js`` measured it (without it, the server's own count).
  The answer shows its judgement at once; only the first answer to an
  exercise counts for the pupil's progress.  The tenth answer of a run shows
  the run's summary, and a skill opened shows its banner.
* ``hint``: one more hint on ``item`` (three at most), which lowers the
  credit of a right answer; after the answer, hints are shown without
  counting (``hints``: the hints already shown).
* ``restart`` (on one's own): forget the progress kept in this browser.
* ``leave`` (in a class): leave the class on this browser (a shared
  computer's next pupil does not practise as this one).

>>> import re, tempfile
>>> from api.app import create_app
>>> folder = tempfile.TemporaryDirectory()
>>> app = create_app({"TESTING": True, "NAMBARZ_DATABASE_URL": f"sqlite:///{folder.name}/games.sqlite3"})
>>> client = app.test_client()
>>> page = client.get("/practice?lang=en")
>>> page.status_code, "Plus and minus" in page.text, PROGRESS_COOKIE in page.headers["Set-Cookie"]
(200, True, True)
>>> item = re.search(r'name="item" value="([^"]+)"', page.text).group(1)
>>> token = re.search(r'name="csrf_token" value="([^"]+)"', page.text).group(1)
>>> from tutor.item_bank import bank, exercise
>>> key = exercise(bank()[item]).answers[0].expression
>>> form = {"step": "answer", "item": item, "answer": key, "csrf_token": token}
>>> answered = client.post("/practice?lang=en", data=form)
>>> answered.status_code, 'data-correct="true"' in answered.text
(200, True)
>>> app.extensions["nambarz_tables"].store.dispose()
>>> folder.cleanup()
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

from flask import Response, current_app, g, make_response, render_template, request, url_for
from werkzeug.exceptions import ServiceUnavailable

from services.configuration import game_tables, search_time_limit
from services.practice.judging import REASONS, AnswerError, exercise_hints
from services.practice.service import (
    MAX_SECONDS,
    Answered,
    ClassInfo,
    ItemNotServedError,
    PracticeError,
    ProgressSeal,
    PupilNotFoundError,
    ServedExercise,
    answer_progress,
    answer_pupil,
    hint_progress,
    hint_pupil,
    item_ratings,
    pupil_class,
    serve_progress,
    serve_pupil,
)
from services.rate_limits import rate_limited
from solver.errors import NambarzError, SearchLimitError
from solver.nambarz.hint import HINT_LEVELS
from tutor.adaptive import (
    RUN_LENGTH,
    Progress,
    RunSummary,
    SkillView,
    new_skill_sentence,
    skill_views,
    summary_sentences,
)
from tutor.exercises import LEVELS
from tutor.i18n import SUPPORTED_LANGUAGES
from tutor.item_bank import OPERATOR_SETS, bank, exercise
from web.language import current_language, page_translations
from web.practice import EXPECTED, answer_words, exercise_view, practice_page
from web.refusals import expected, refusal

PROGRESS_COOKIE = "nambarz_practice"
"""The cookie that keeps the progress of a pupil on their own, signed by the server."""

PUPIL_COOKIE = "nambarz_pupil"
"""The cookie that keeps the secret of a pupil in a class on this browser."""

COOKIE_DAYS = 365
"""How long a browser keeps either cookie after the last exercise shown."""

ADDRESSED = ("level", "seed", "number", "kinds", "rules", "hints", "answer", "reason")
"""The parameters of an exercise chosen by its address (:mod:`web.practice`), which no adaptive practice has."""


@dataclass(frozen=True)
class Pupil:
    """Who practises: in a class, their secret, nickname and class; on their own, none of these."""

    token: str | None = None
    nickname: str = ""
    info: ClassInfo | None = None


# ----------------------------------------------------------------------------------------------- the page


@rate_limited
def practice_entry() -> tuple[str, int] | Response:
    """``GET /practice``: the exercise its address names (``level``, ``seed``…: :mod:`web.practice`), else practice
    that adapts."""
    if any(name in request.args for name in ADDRESSED):
        return practice_page()
    return adaptive_page()


def adaptive_page() -> Response:
    """``GET /practice`` without a level: the exercise to answer now, the pupil's skills and run."""
    now, rng, notice, limit = time.time(), random.Random(), None, search_time_limit()
    try:
        pupil = _pupil()
        store, lang = game_tables().store, current_language()
        if pupil.token is not None:
            served = serve_pupil(store, pupil.token, lang=lang, now=now, rng=rng, time_limit=limit)
        else:
            progress, notice = _own_progress()
            served = serve_progress(store, progress, lang=lang, now=now, rng=rng, time_limit=limit)
    except PupilNotFoundError:
        return _class_gone()
    except SearchLimitError as error:  # the hints taken could not be worked out in time: nothing changed, try again
        raise ServiceUnavailable() from error
    context = _page_context(pupil, served.progress, served.skills, notice=notice)
    context.update(_exercise_context(served))
    answer = make_response(render_template("practice_adaptive.html", **context))
    if pupil.token is None:
        _keep_progress(answer, served.progress)
    else:
        keep_pupil(answer, pupil.token)  # a year from the last exercise, as for a pupil on their own
    return answer


@rate_limited
def practice_form() -> Response:
    """``POST /practice``: an answer, a hint, starting again from zero or leaving the class (see the module)."""
    step = request.form.get("step", "")
    back = _see_other(url_for("web.practice", lang=current_language()))
    if step in ("restart", "leave"):
        back.delete_cookie(PROGRESS_COOKIE if step == "restart" else PUPIL_COOKIE, path=_cookie_path())
        return back
    try:
        pupil = _pupil()
        if step == "hint":
            return _hint(pupil)
        if step == "answer":
            return _answer(pupil)
    except PupilNotFoundError:
        return _class_gone()
    except PracticeError:  # an exercise another tab has moved on from, or a progress this server did not sign
        return back
    except SearchLimitError as error:  # a hint not worked out in time: refused, not counted; the page says try again
        raise ServiceUnavailable() from error
    return back


def _hint(pupil: Pupil) -> Response:
    """One more hint on the exercise being answered, which lowers its credit; after its first answer, the hints are
    only shown (the form says how many it showed)."""
    item_id, lang = request.form.get("item", ""), current_language()
    store, limit = game_tables().store, search_time_limit()
    if pupil.token is not None:
        served = hint_pupil(store, pupil.token, item_id=item_id, lang=lang, time_limit=limit)
    else:
        progress = ProgressSeal(_secret()).loads(request.cookies.get(PROGRESS_COOKIE))
        served = hint_progress(store, progress, item_id=item_id, lang=lang, time_limit=limit)
    current = served.progress.current
    if current is None or not current.answered:
        answer = _see_other(url_for("web.practice", lang=lang, _anchor="hints"))
        if pupil.token is None:
            _keep_progress(answer, served.progress)
        return answer
    shown = min((_whole(request.form.get("hints", "")) or 0) + 1, len(HINT_LEVELS))
    context = _page_context(pupil, served.progress, served.skills, notice=None)
    context.update(_answered_exercise_context(item_id, hints=shown))
    return make_response(render_template("practice_adaptive.html", **context))


def _answer(pupil: Pupil) -> Response:
    """Judge the answer and show its judgement; a refused answer is shown beside its field (422)."""
    item_id = request.form.get("item", "")
    text = request.form.get("answer", "").strip()
    reason = request.form.get("reason", "").strip() or None
    progress = None if pupil.token else ProgressSeal(_secret()).loads(request.cookies.get(PROGRESS_COOKIE))
    errors: dict[str, str] = {}
    if item_id not in bank():
        raise ItemNotServedError(f"expected the id of the exercise being answered, not {item_id!r}")
    if not text:
        errors["answer"] = refusal(None, "", expected(EXPECTED)["answer"])
    elif reason is not None and reason not in {code.value for code in REASONS}:
        errors["reason"] = refusal(None, reason, expected(EXPECTED)["reason"])
    if not errors:
        try:
            answered = _judged(pupil, progress, item_id, text, reason)
        except AnswerError as error:
            errors["answer"] = str(error)
        except NambarzError as error:
            errors["answer"] = refusal(error, text, expected(EXPECTED)["answer"])
        else:
            before = None if progress is None else [answer.correct for answer in progress.run]
            return _judgement_page(pupil, answered, before, item_id)
    # In a class the page shows the exercise and the refusal only: the service reads a pupil's progress to change it.
    skills = () if progress is None else _own_skills(progress)
    context = _page_context(pupil, progress, skills, notice=None)
    current = progress.current if progress is not None else None
    if current is not None and current.item != item_id:
        current = None  # not the exercise served: its question only, never its hints
    answered_before = current is not None and current.answered
    shown = (_whole(request.form.get("hints", "")) or 0) if answered_before else 0  # shown after the answer, free
    hints = min(max(current.hints if current else 0, shown), len(HINT_LEVELS))
    context.update(_answered_exercise_context(item_id, hints=hints, answered=answered_before))
    context.update(errors=errors, written_answer=answer_words(text, current_language()))
    return make_response(render_template("practice_adaptive.html", **context), HTTPStatus.UNPROCESSABLE_ENTITY)


def _judged(pupil: Pupil, progress: Progress | None, item_id: str, text: str, reason: str | None) -> Answered:
    seconds = _seconds(request.form.get("seconds", ""))
    lang, now, store = current_language(), time.time(), game_tables().store
    limit = search_time_limit()
    if pupil.token is not None:
        return answer_pupil(
            store,
            pupil.token,
            item_id=item_id,
            answer=text,
            reason=reason,
            seconds=seconds,
            lang=lang,
            now=now,
            time_limit=limit,
        )
    assert progress is not None
    return answer_progress(
        store,
        progress,
        item_id=item_id,
        answer=text,
        reason=reason,
        seconds=seconds,
        lang=lang,
        now=now,
        time_limit=limit,
    )


def _judgement_page(pupil: Pupil, answered: Answered, run_before: list[bool] | None, item_id: str) -> Response:
    """The page after an answer to ``item_id``: its judgement, the run's summary and the skills opened, the way to
    the next.

    ``run_before`` is the run's answers before this one, when the page knows them (a pupil on their own), so that
    the summary's dots come in the order of the answers.  The exercise shown is the one answered, even if another
    tab has been served a newer one meanwhile (the answer then did not count)."""
    current = answered.progress.current
    hints = current.hints if current is not None and current.item == item_id else 0
    context = _page_context(pupil, answered.progress, answered.skills, notice=None)
    context.update(_answered_exercise_context(item_id, hints=hints))
    context.update(
        judgement=answered.judgement,
        counted=answered.counted,
        opened=[new_skill_sentence(skill, current_language()) for skill in answered.opened],
        summary=_summary(answered.summary, None if run_before is None else [*run_before, answered.judgement.correct]),
    )
    answer = make_response(render_template("practice_adaptive.html", **context))
    if pupil.token is None:
        _keep_progress(answer, answered.progress)
    return answer


# ----------------------------------------------------------------------------------------------- what the page shows


def _page_context(
    pupil: Pupil, progress: Progress | None, skills: tuple[SkillView, ...], *, notice: str | None
) -> dict[str, Any]:
    """What every state of the page shows: who practises, their skills as bars, the run so far, the levels."""
    return {
        "pupil": pupil,
        "skills": skills,
        "run": None if progress is None else [answer.correct for answer in progress.run],
        "run_length": RUN_LENGTH,
        "levels": LEVELS,
        "notice": notice,
        "errors": {},
        "form": request.form,
        "written_answer": None,
        "most_hints": len(HINT_LEVELS),
    }


def _exercise_context(served: ServedExercise) -> dict[str, Any]:
    """The exercise being answered, its hints so far, and its place in the run."""
    current = served.progress.current
    return {
        "item": served.item.id,
        "view": exercise_view(served.exercise, current_language(), page_translations()),
        "hints": list(served.hints),
        "hints_taken": current.hints if current else 0,
        "answered": False,
        "position": len(served.progress.run) + 1,
    }


def _answered_exercise_context(item_id: str, *, hints: int, answered: bool = True) -> dict[str, Any]:
    """The exercise ``item_id`` again, with its first ``hints`` hints, after (or while) it is answered."""
    lang = current_language()
    shown = exercise(bank()[item_id], lang)
    return {
        "item": item_id,
        "view": exercise_view(shown, lang, page_translations()),
        "hints": exercise_hints(shown, hints, lang, time_limit=search_time_limit()),
        "hints_taken": hints,
        "answered": answered,
        "position": None,
    }


def _summary(summary: RunSummary | None, answers: list[bool] | None) -> dict[str, Any] | None:
    """The run's summary: its sentences, and its ``answers`` as dots in their order (else the right ones first)."""
    if summary is None:
        return None
    in_order = answers is not None and len(answers) == summary.answers and sum(answers) == summary.right
    return {
        "sentences": summary_sentences(summary, current_language()),
        "dots": answers if in_order else [True] * summary.right + [False] * (summary.answers - summary.right),
        "right": summary.right,
        "answers": summary.answers,
    }


def _own_skills(progress: Progress) -> tuple[SkillView, ...]:
    return tuple(skill_views(progress, OPERATOR_SETS[-1], item_ratings(game_tables().store), current_language()))


# ----------------------------------------------------------------------------------------------- who practises


def _pupil() -> Pupil:
    """Who practises on this browser: a pupil of a class (the page then in the class's language unless the address
    names one), else a pupil on their own; :class:`PupilNotFoundError` when the class this browser was in is gone."""
    token = request.cookies.get(PUPIL_COOKIE)
    if not token:
        return Pupil()
    nickname, info = pupil_class(game_tables().store, token)
    if request.args.get("lang") not in SUPPORTED_LANGUAGES:
        g.lang = info.settings.language
    return Pupil(token, nickname, info)


def _own_progress() -> tuple[Progress, str | None]:
    """The progress kept in this browser; a new one, with a notice, if the cookie is not one this server signed."""
    try:
        return ProgressSeal(_secret()).loads(request.cookies.get(PROGRESS_COOKIE)), None
    except PracticeError:
        sentence = page_translations().gettext(
            "The progress kept in this browser could not be read, so you start again from zero."
        )
        return Progress.start(), sentence


def _class_gone() -> Response:
    """The page for a pupil whose class was deleted: the browser forgets it, and the pupil may practise alone."""
    answer = make_response(render_template("practice_class_gone.html"), HTTPStatus.NOT_FOUND)
    answer.delete_cookie(PUPIL_COOKIE, path=_cookie_path())
    return answer


# ----------------------------------------------------------------------------------------------- cookies and input


def keep_pupil(answer: Response, token: str) -> None:
    """Keep a pupil's secret in this browser, so that ``/practice`` is their class's practice."""
    _set_cookie(answer, PUPIL_COOKIE, token)


def _keep_progress(answer: Response, progress: Progress) -> None:
    _set_cookie(answer, PROGRESS_COOKIE, ProgressSeal(_secret()).dumps(progress))


def _set_cookie(answer: Response, name: str, value: str) -> None:
    answer.set_cookie(
        name,
        value,
        max_age=COOKIE_DAYS * 86_400,
        path=_cookie_path(),
        secure=request.is_secure,
        httponly=True,
        samesite="Lax",
    )
    answer.headers["Cache-Control"] = "no-store"


def _cookie_path() -> str:
    return url_for("web.practice")


def _secret() -> str | bytes:
    secret: str | bytes = current_app.secret_key or ""
    return secret


def _seconds(text: str) -> float | None:
    """The seconds the page's script measured, or ``None`` when it sent none that can be right.

    >>> _seconds("12.5"), _seconds(""), _seconds("-3"), _seconds("nan"), _seconds("99999")
    (12.5, None, None, None, None)
    """
    try:
        seconds = float(text)
    except ValueError:
        return None
    return seconds if math.isfinite(seconds) and 0 <= seconds <= MAX_SECONDS else None


def _whole(text: str) -> int | None:
    """``text`` as a small whole number, or ``None``."""
    stripped = text.strip()
    return int(stripped) if stripped.isascii() and stripped.isdigit() and len(stripped) < 4 else None


def _see_other(address: str) -> Response:
    answer = Response(status=HTTPStatus.SEE_OTHER, headers={"Location": address})
    answer.headers["Cache-Control"] = "no-store"
    return answer


__all__ = ["COOKIE_DAYS", "PROGRESS_COOKIE", "PUPIL_COOKIE", "keep_pupil", "practice_entry", "practice_form"]

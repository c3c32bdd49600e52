"""Worksheets for teachers (``/worksheet``): a form to choose the exercises, and the sheet to print with its key.

The page reads the parameters of ``POST /api/v1/tutor/worksheet`` from the
query string (``level``, ``count``, ``seed``, ``kinds``, ``rules``,
``title``, ``key``, ``lang``; ``kinds`` repeated, ``kinds=cover&kinds=referee``,
and/or comma-separated); ``key`` is ``both`` (the default), ``none`` or
``only``.  The sheet is the API's (:func:`tutor.worksheets.worksheet_sheet`,
rendered by the tutor's template, :func:`tutor.worksheets.sheet_html`, and
styled by the tutor's style sheet, which the page loads after its own);
printed, only the sheet shows.

>>> from api.app import create_app
>>> page = create_app({"TESTING": True}).test_client().get("/worksheet?level=2&count=3&seed=7&kinds=cover&lang=it")
>>> page.status_code, page.text.count('class="exercise"'), 'id="answer-key"' in page.text
(200, 3, True)
"""

from __future__ import annotations

import re
from typing import Any

from flask import render_template, request, url_for

from services.answers.tutor import draw_exercises
from services.rate_limits import rate_limited
from services.schemas.tutor import WorksheetRequestSchema
from solver.errors import NambarzError, SearchLimitError
from solver.nambarz.rules import Domain, Rules
from tutor.exercises import KINDS, LEVELS, MAX_COUNT
from tutor.worksheets import KEY_CHOICES, default_title, sheet_html, worksheet_sheet
from web.forms import load_query
from web.language import current_language
from web.refusals import N_, expected

NUMBER_FIELDS = ("level", "count", "seed")
"""The parameters the request schema takes as whole numbers."""

TEXT_FIELDS = ("rules", "title", "key")
"""The parameters the request schema takes as text."""

WHOLE_NUMBER = re.compile(r"-?[0-9]{1,100}")
"""A whole number as the form sends it; anything else goes to the schema as text, which it refuses."""


EXPECTED = {
    "seed": N_("Write a whole number: each one gives other exercises, and the same one the same sheet."),
    "rules": N_("Choose the numbers from the list."),
    "kinds": N_("Choose one or more kinds of exercise from the list."),
    "key": N_("Choose from the list whether the answer key is printed."),
    "title": N_("Write a heading, or leave the field empty for the usual one."),
}
"""What the form's fields expect beyond their ranges and choices, said beside one that is refused."""

NO_EXERCISES = {"seed": N_("Not enough different exercises of these kinds come from this seed: try another seed.")}
"""Why a sheet cannot be made from settings the form accepts, said beside the seed."""

TOO_LONG = {"count": N_("Making this sheet takes longer than the server allows: ask for fewer exercises.")}
"""Why a sheet was not made in the request's time, said beside the count."""


@rate_limited
def worksheet_page() -> tuple[str, int]:
    """``/worksheet``: the form, and once it is sent, the sheet of exercises and its answer key."""
    form = _form_values()
    context = _form_context(form)
    if not any(form.values()):
        return render_template("worksheet.html", errors={}, **context), 200
    data, errors = load_query(WorksheetRequestSchema(), _request_values(form), expected(EXPECTED))
    if data is None:
        return render_template("worksheet.html", errors=errors, **context), 422
    lang = current_language()
    try:
        exercises = draw_exercises(
            data["level"], data["count"], data["seed"], data["kinds"], Rules(data["rules"]), lang=lang
        )
    except SearchLimitError:
        return render_template("worksheet.html", errors=expected(TOO_LONG), **context), 422
    except NambarzError:
        return render_template("worksheet.html", errors=expected(NO_EXERCISES), **context), 422
    sheet = worksheet_sheet(
        exercises,
        title=data.get("title") or default_title(lang),
        level=data["level"],
        seed=data["seed"],
        lang=lang,
        key=data["key"],
    )
    shown = sheet_html(sheet, heading=2, figures=url_for("web.tutor_static", filename="figures.svg"))
    return render_template("worksheet.html", errors={}, sheet=shown, **context), 200


def _form_values() -> dict[str, Any]:
    """The query's choices as sent: one text per field, and the kinds as a list from every ``kinds`` parameter."""
    values: dict[str, Any] = {name: request.args.get(name, "").strip() for name in (*NUMBER_FIELDS, *TEXT_FIELDS)}
    values["kinds"] = [kind.strip() for value in request.args.getlist("kinds") for kind in value.split(",")]
    values["kinds"] = [kind for kind in values["kinds"] if kind]
    return values


def _request_values(form: dict[str, Any]) -> dict[str, Any]:
    """The form's values as the request schema reads them: whole numbers as integers, other text as it came."""
    values = dict(form)
    for name in NUMBER_FIELDS:
        if WHOLE_NUMBER.fullmatch(form[name]):
            values[name] = int(form[name])
    return values


def _form_context(form: dict[str, Any]) -> dict[str, Any]:
    """What the form shows: the values sent, and the choices of each field."""
    return {
        "form": form,
        "levels": LEVELS,
        "max_count": MAX_COUNT,
        "kinds": KINDS,
        "chosen_kinds": form["kinds"] or list(KINDS),
        "domains": [domain.value for domain in Domain],
        "key_choices": KEY_CHOICES,
        "title_example": default_title(current_language()),
    }

"""The tutor's answers: exercises with their answer key, and a printable worksheet.

A hint for a Nambarz position is Nambarz's own answer
(:func:`services.answers.nambarz.hint_answer`).

The exercises of an answer and of a worksheet are drawn by
:func:`draw_exercises`, so the same choice (level, count, seed, kinds,
rules, language) gives the same exercises in both.

>>> from solver.nambarz import Rules
>>> chosen = draw_exercises(1, 2, 0, ["cover"], Rules(), lang="en")
>>> [exercise["kind"] for exercise in exercises_answer(chosen, lang="en")["exercises"]]
['cover', 'cover']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from services.answers.nambarz import verdict_document
from solver.nambarz.rules import Rules
from tutor.exercises import Exercise, generate
from tutor.worksheets import default_title, worksheet_html


def draw_exercises(
    level: int,
    count: int,
    seed: int,
    kinds: Sequence[str],
    rules: Rules,
    *,
    lang: str,
    progress: Callable[[], object] | None = None,
) -> list[Exercise]:
    """``count`` exercises of ``level``, ``kinds`` in rotation, reproducible from ``seed``, prompts in ``lang``.

    ``progress``, if given, is called after each exercise.
    """
    return generate(level, count, seed, kinds, rules, lang=lang, progress=progress)


def exercises_answer(exercises: Sequence[Exercise], *, lang: str) -> dict[str, Any]:
    """The exercises with their prompts, answer keys and difficulty.

    ``lang`` is the language the exercises were drawn in: a referee
    exercise's verdict tells each violation's ``message`` in it, and keeps the
    referee's English in ``message_en``.
    """
    documents = []
    for exercise in exercises:
        document = exercise.to_dict()
        for answer, entry in zip(exercise.answers, document["answers"], strict=True):
            if answer.verdict is not None:
                entry["verdict"] = verdict_document(answer.verdict, lang)
        documents.append(document)
    return {"exercises": documents}


def worksheet_answer(
    exercises: Sequence[Exercise], *, title: str | None, level: int, seed: int, lang: str, key: str = "both"
) -> str:
    """The printable HTML page of ``exercises``; without a ``title``, the default heading in ``lang``.

    ``key`` says what it prints of the answer key: ``both`` (after the
    exercises, on a page of its own), ``none`` or ``only``.
    """
    heading = title if title is not None else default_title(lang)
    return worksheet_html(exercises, title=heading, level=level, seed=seed, lang=lang, key=key)

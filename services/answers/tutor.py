"""The tutor's answers: a hint for a Nambarz position, exercises with their answer key, a printable worksheet.

The exercises of an answer and of a worksheet are drawn by
:func:`draw_exercises`, so the same choice (level, count, seed, kinds,
rules, language) gives the same exercises in both.

>>> from solver.nambarz import Card, Deck, Rules
>>> hint_answer(Card.parse("3"), [Card.parse("8")], Rules(), 1, deck=Deck.default(), time_limit=1, lang="en")["text"]
'Nothing in your hand covers 3: draw a card.'
>>> chosen = draw_exercises(1, 2, 0, ["cover"], Rules(), lang="en")
>>> [exercise["kind"] for exercise in exercises_answer(chosen, lang="en")["exercises"]]
['cover', 'cover']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from services.answers.nambarz import verdict_document
from solver.nambarz.cards import Card
from solver.nambarz.deck import Deck
from solver.nambarz.hint import hint
from solver.nambarz.rules import Rules
from tutor.exercises import Exercise, generate
from tutor.nambarz import explain_hint
from tutor.worksheets import default_title, worksheet_html


def hint_answer(
    top: Card, hand: Sequence[Card], rules: Rules, level: int, *, deck: Deck, time_limit: float, lang: str
) -> dict[str, Any]:
    """The hint of ``level`` (1: what exists, 2: a first step, 3: the best turn), its ``text`` in ``lang``."""
    revealed = hint(top, hand, rules, level, deck=deck, time_limit=time_limit)
    facts = revealed.to_dict()
    position = {key: facts.pop(key) for key in ("level", "top", "hand", "rules")}
    return {**position, "text": explain_hint(revealed, lang), **facts}


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

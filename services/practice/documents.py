"""Practice and classes as JSON documents: what the HTTP API answers (:mod:`services.schemas.practice`).

An exercise's document says what a pupil is shown: its task, its top card,
its hand, puzzle or play, and for a referee exercise the faults to choose
from, the same for every play.  It never holds the exercise's answer key,
nor the verdict on a referee exercise's play: only the answer's judgement
(:func:`answered_document`) says what was right.

>>> import random, tempfile
>>> from services.play.store import GameStore
>>> from services.practice.service import answer_progress, serve_progress
>>> from tutor.adaptive import Progress
>>> from tutor.item_bank import bank
>>> folder = tempfile.TemporaryDirectory()
>>> store = GameStore(f"sqlite:///{folder.name}/games.sqlite3")
>>> served = serve_progress(store, Progress.start(), operators="+-", lang="en", now=0.0, rng=random.Random(3))
>>> document = served_document(served, "en", "the sealed progress")
>>> sorted(document), document["exercise"]["kind"], document["hints"], document["class"]
(['class', 'exercise', 'hints', 'progress', 'skills'], 'cover', [], None)
>>> card = document["exercise"]["hand"][0]
>>> answered = answer_progress(store, served.progress, item_id=served.item.id, answer=card, lang="en", now=4.0)
>>> judged = answered_document(answered, served.item.id, "en", None)
>>> judged["counted"], judged["seconds"], judged["summary"], judged["opened"]
(True, 4.0, None, [])
>>> store.dispose()
>>> folder.cleanup()
>>> shown = exercise_document(bank()["missing-card-1-0"], "en")
>>> shown["kind"], shown["top"], shown["puzzle"], shown["hand"]
('missing-card', '5cat', '3 hippo + ?', None)
>>> sorted(shown)  # doctest: +NORMALIZE_WHITESPACE
['hand', 'item', 'kind', 'level', 'operators', 'play', 'prompt', 'puzzle', 'reasons', 'skill', 'skill_name',
 'time_limit', 'top']
"""

from __future__ import annotations

from typing import Any

from services.practice.judging import REASONS, reason_words
from services.practice.service import (
    Answered,
    ClassInfo,
    ClassOverview,
    Day,
    PupilOverview,
    ServedExercise,
)
from tutor.adaptive import new_skill_sentence, skill_name, summary_sentences
from tutor.item_bank import Item, exercise


def exercise_document(item: Item, lang: str) -> dict[str, Any]:
    """What a pupil is shown of ``item``'s exercise, in ``lang``: never its answer key (see the module)."""
    shown = exercise(item, lang)
    return {
        "item": item.id,
        "skill": item.skill,
        "skill_name": skill_name(item.skill, lang),
        "kind": item.kind,
        "level": item.level,
        "operators": shown.ops,
        "time_limit": item.seconds,
        "prompt": shown.prompt,
        "top": str(shown.top),
        "hand": [str(card) for card in shown.hand] if shown.kind == "cover" else None,
        "puzzle": None if shown.puzzle is None else str(shown.puzzle),
        "play": None if shown.play is None else str(shown.play),
        "reasons": [{"code": code.value, "words": reason_words(code, lang)} for code in REASONS]
        if shown.kind == "referee"
        else None,
    }


def served_document(served: ServedExercise, lang: str, sealed: str | None) -> dict[str, Any]:
    """The exercise to answer, its hints so far, the pupil's skills, and ``sealed``, their progress (``None`` in a
    class)."""
    return {
        "exercise": exercise_document(served.item, lang),
        "hints": list(served.hints),
        "skills": [view.to_dict() for view in served.skills],
        "progress": sealed,
        "class": None if served.class_info is None else class_summary(served.class_info),
    }


def answered_document(answered: Answered, item: str, lang: str, sealed: str | None) -> dict[str, Any]:
    """The judgement of an answer to ``item`` and what it changed, in ``lang``, with ``sealed`` as in
    :func:`served_document`."""
    judgement = answered.judgement
    summary = answered.summary
    return {
        "item": item,
        "answer": judgement.answer,
        "correct": judgement.correct,
        "message": judgement.message,
        "note": judgement.note,
        "codes": list(judgement.codes),
        "counted": answered.counted,
        "seconds": answered.seconds,
        "opened": [
            {"skill": skill, "name": skill_name(skill, lang), "words": new_skill_sentence(skill, lang)}
            for skill in answered.opened
        ],
        "summary": None
        if summary is None
        else {"sentences": summary_sentences(summary, lang), "right": summary.right, "answers": summary.answers},
        "skills": [view.to_dict() for view in answered.skills],
        "progress": sealed,
    }


def class_summary(info: ClassInfo) -> dict[str, Any]:
    """A class's settings, as its pupils see them.

    >>> from datetime import UTC, datetime
    >>> from services.practice.service import ClassSettings
    >>> class_summary(ClassInfo("c", "ABC234", ClassSettings("4B", "de", "+-"), datetime(2026, 1, 1, tzinfo=UTC)))
    {'name': '4B', 'language': 'de', 'operators': '+-', 'target': 0.75}
    """
    settings = info.settings
    return {
        "name": settings.name,
        "language": settings.language,
        "operators": settings.operators,
        "target": settings.target,
    }


def class_document(info: ClassInfo, *, join_link: str) -> dict[str, Any]:
    """A class as its teacher sees its settings: its id, code, settings, when it was opened, where pupils join."""
    return {"id": info.id, "code": info.code, **class_summary(info), "created": info.created, "join_link": join_link}


def overview_document(overview: ClassOverview, *, join_link: str) -> dict[str, Any]:
    """The teacher's page as a document: the class, each pupil, the class's days."""
    return {
        **class_document(overview.info, join_link=join_link),
        "pupils": [_pupil_document(pupil) for pupil in overview.pupils],
        "days": [_day_document(day) for day in overview.days],
    }


def _pupil_document(pupil: PupilOverview) -> dict[str, Any]:
    return {
        "id": pupil.id,
        "nickname": pupil.nickname,
        "skills": [view.to_dict() for view in pupil.skills],
        "answers": pupil.answers,
        "answers_week": pupil.answers_week,
        "right_week": pupil.right_week,
        "seconds_week": round(pupil.seconds_week, 3),
        "broken": [{"code": code, "words": words, "times": times} for code, words, times in pupil.broken],
        "last_answer": pupil.last_answer,
        "days": [_day_document(day) for day in pupil.days],
        "weakest_skills": list(pupil.weakest_skills()),
    }


def _day_document(day: Day) -> dict[str, Any]:
    return {"day": day.day, "answers": day.answers, "right": day.right, "levels": dict(day.levels)}
